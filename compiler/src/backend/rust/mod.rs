//! The Rust backend: IR -> `quote!` tokens -> prettyplease text.
//!
//! Generated types derive the runtime's codecs (`synta::Sequence`, `Set`, `Choice`,
//! `Enumerated`), so every tagging and canonical-form rule stays in the runtime and the
//! generated code reads like hand-written `synta` code. One file per ASN.1 module plus a
//! `mod.rs` that declares them; modules refer to each other through `super::`.

mod constraints;
mod items;
mod lifetimes;
mod mode;
pub mod names;
mod open_types;
mod types;
pub(crate) mod values;

pub use mode::Mode;

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use crate::ir::{self, DefinitionKind, QualifiedName};

/// Options of the Rust backend (set through [`crate::Config`]).
#[derive(Debug, Clone, Default)]
pub struct RustOptions {
    /// ASN.1 types (`Module.Type` or `Type`) mapped onto existing Rust types. Write the
    /// lifetime as `'a` when the Rust type borrows (`crate::MyName<'a>`); in owned mode
    /// the Rust type must not borrow.
    pub extern_types: BTreeMap<String, String>,
    /// Types (`Module.Type` or `Type`, or a parameterized template's name) kept as raw
    /// TLVs in the components that use them and decoded on demand (`synta::Lazy`).
    pub lazy: BTreeSet<String>,
    /// Borrowed (zero-copy, the default) or owned types.
    pub mode: Mode,
}

/// An error of the Rust backend.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackendError {
    /// What went wrong.
    pub message: String,
}

impl std::fmt::Display for BackendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for BackendError {}

/// Generates Rust for every module of `ir`: file name -> formatted source. The map's
/// order (and every file's text) depends only on the IR and the options.
pub fn generate(
    ir: &ir::Ir,
    options: &RustOptions,
) -> Result<BTreeMap<String, String>, BackendError> {
    let mut gen = Generator::new(ir, options)?;
    for module in &ir.modules {
        gen.module(module);
    }
    gen.finish()
}

/// Where a named Rust type lives.
#[derive(Debug, Clone)]
struct RustName {
    /// The Rust module (file) it is emitted in.
    module: String,
    /// The type's identifier.
    ident: Ident,
    /// Whether it takes the lifetime `'a`.
    lifetime: bool,
}

/// State shared across modules: names of definitions, shared instances, lifetimes.
struct Generator<'ir> {
    options: &'ir RustOptions,
    /// Type definitions by qualified name.
    types: HashMap<QualifiedName, &'ir ir::Definition>,
    /// Rust names of type definitions.
    names: HashMap<QualifiedName, RustName>,
    /// Definitions mapped onto existing Rust types.
    externs: HashMap<QualifiedName, TokenStream>,
    /// Recursive definitions (their references are boxed).
    recursive: HashSet<QualifiedName>,
    /// Shared instances of parameterized types: content key -> name.
    instances: HashMap<String, RustName>,
    /// Open-type enums already emitted: content key (carrier, rows, extensibility, class
    /// field) -> (Rust name, decodes OCTET STRING contents).
    open_type_enums: HashMap<String, (RustName, bool)>,
    /// Identifiers taken in each Rust module (types, then values).
    taken_types: HashMap<String, HashSet<String>>,
    taken_values: HashMap<String, HashSet<String>>,
    /// Items of each Rust module, in emission order.
    items: BTreeMap<String, Vec<TokenStream>>,
    /// Module order as given.
    order: Vec<(String, String)>,
    /// Sentences on each Rust module's draft placeholders (its OID), for its docs.
    module_notes: HashMap<String, Vec<String>>,
    /// The Rust module being generated.
    current: String,
}

impl<'ir> Generator<'ir> {
    fn new(ir: &'ir ir::Ir, options: &'ir RustOptions) -> Result<Self, BackendError> {
        let mut gen = Generator {
            options,
            types: HashMap::new(),
            names: HashMap::new(),
            externs: HashMap::new(),
            recursive: HashSet::new(),
            instances: HashMap::new(),
            open_type_enums: HashMap::new(),
            taken_types: HashMap::new(),
            taken_values: HashMap::new(),
            items: BTreeMap::new(),
            order: Vec::new(),
            module_notes: HashMap::new(),
            current: String::new(),
        };
        for module in &ir.modules {
            let rust_module = names::module_name(&module.name);
            gen.order.push((rust_module.clone(), module.name.clone()));
            gen.module_notes.insert(
                rust_module.clone(),
                module.placeholders.iter().map(|p| p.describe()).collect(),
            );
            gen.items.entry(rust_module.clone()).or_default();
            for def in &module.definitions {
                if !matches!(
                    def.kind,
                    DefinitionKind::Type { .. } | DefinitionKind::ValueSet { .. }
                ) {
                    continue;
                }
                let q = QualifiedName {
                    module: module.name.clone(),
                    name: def.name.clone(),
                };
                if matches!(
                    def.kind,
                    DefinitionKind::Type {
                        recursive: true,
                        ..
                    }
                ) {
                    gen.recursive.insert(q.clone());
                }
                gen.types.insert(q.clone(), def);
                if let Some(path) = gen.extern_path(&q) {
                    let ty: syn::Type = syn::parse_str(path).map_err(|e| BackendError {
                        message: format!("extern_type for `{}`: `{path}`: {e}", q.name),
                    })?;
                    if options.mode.is_owned() && quote!(#ty).to_string().contains("'a") {
                        return Err(BackendError {
                            message: format!(
                                "extern_type for `{}`: `{path}` borrows (`'a`), but owned \
                                 mode generates types without lifetimes",
                                q.name
                            ),
                        });
                    }
                    gen.externs.insert(q, quote!(#ty));
                    continue;
                }
                let ident =
                    gen.take_type_name(&rust_module, &names::type_name(&def.name).to_string());
                gen.names.insert(
                    q,
                    RustName {
                        module: rust_module.clone(),
                        ident,
                        lifetime: false,
                    },
                );
            }
        }
        lifetimes::compute(&mut gen);
        Ok(gen)
    }

    fn extern_path(&self, q: &QualifiedName) -> Option<&'ir String> {
        let opts: &'ir RustOptions = self.options;
        opts.extern_types
            .get(&format!("{}.{}", q.module, q.name))
            .or_else(|| opts.extern_types.get(&q.name))
    }

    fn is_lazy(&self, name: &str, module: Option<&str>) -> bool {
        self.options.lazy.contains(name)
            || module.is_some_and(|m| self.options.lazy.contains(&format!("{m}.{name}")))
    }

    /// Reserves a unique type identifier in `module`, suffixing a number on a clash.
    fn take_type_name(&mut self, module: &str, base: &str) -> Ident {
        take(
            self.taken_types.entry(module.to_string()).or_default(),
            base,
        )
    }

    /// Reserves a unique constant identifier in the current module.
    fn take_value_name(&mut self, base: &str) -> Ident {
        take(
            self.taken_values.entry(self.current.clone()).or_default(),
            base,
        )
    }

    fn module(&mut self, module: &'ir ir::Module) {
        self.current = names::module_name(&module.name);
        for def in &module.definitions {
            let q = QualifiedName {
                module: module.name.clone(),
                name: def.name.clone(),
            };
            match &def.kind {
                DefinitionKind::Type { ty, .. } | DefinitionKind::ValueSet { ty }
                    if !self.externs.contains_key(&q) =>
                {
                    self.type_definition(&q, def, ty);
                }
                DefinitionKind::Value { ty, value } => {
                    self.value_definition(&module.name, def, ty, value)
                }
                _ => {}
            }
        }
    }

    fn push_item(&mut self, item: TokenStream) {
        self.items
            .entry(self.current.clone())
            .or_default()
            .push(item);
    }

    /// The path to a named Rust type from the current module, with `<'a>` when it takes
    /// the lifetime.
    fn path_to(&self, name: &RustName) -> TokenStream {
        let ident = &name.ident;
        let generics = self.options.mode.generics(name.lifetime);
        if name.module == self.current {
            quote!(#ident #generics)
        } else {
            let m = Ident::new(&name.module, proc_macro2::Span::call_site());
            quote!(super::#m::#ident #generics)
        }
    }

    fn finish(self) -> Result<BTreeMap<String, String>, BackendError> {
        let mut files = BTreeMap::new();
        let mut mods = Vec::new();
        for (rust_module, asn1_module) in &self.order {
            let items = self
                .items
                .get(rust_module)
                .map(Vec::as_slice)
                .unwrap_or(&[]);
            let file = quote!(#(#items)*);
            let text = format_file(file, rust_module)?;
            let notes = self
                .module_notes
                .get(rust_module)
                .map(Vec::as_slice)
                .unwrap_or(&[]);
            let mut header = format!(
                "// @generated by synta-codegen from ASN.1 module {asn1_module}. Do not edit.\n"
            );
            for n in notes {
                header.push_str(&format!("// Module identifier: {n}\n"));
            }
            header.push('\n');
            files.insert(format!("{rust_module}.rs"), header + &text);
            let m = Ident::new(rust_module, proc_macro2::Span::call_site());
            let file_name = format!("{rust_module}.rs");
            let mut doc = format!(" ASN.1 module `{asn1_module}`.");
            for n in notes {
                doc.push_str(&format!(" Its module identifier: {n}"));
            }
            mods.push(quote! {
                #[doc = #doc]
                #[forbid(unsafe_code)]
                #[allow(clippy::all, clippy::pedantic, non_camel_case_types)]
                pub mod #m {
                    include!(#file_name);
                }
            });
        }
        let text = format_file(quote!(#(#mods)*), "mod.rs")?;
        files.insert(
            "mod.rs".to_string(),
            "// @generated by synta-codegen. Do not edit.\n\n".to_string() + &text,
        );
        Ok(files)
    }
}

fn take(taken: &mut HashSet<String>, base: &str) -> Ident {
    let mut name = base.to_string();
    let mut n = 2;
    while taken.contains(&name) {
        name = format!("{base}{n}");
        n += 1;
    }
    taken.insert(name.clone());
    Ident::new(&name, proc_macro2::Span::call_site())
}

fn format_file(tokens: TokenStream, what: &str) -> Result<String, BackendError> {
    let file: syn::File = syn::parse2(tokens).map_err(|e| BackendError {
        message: format!("generated Rust for `{what}` does not parse: {e}"),
    })?;
    Ok(prettyplease::unparse(&file))
}
