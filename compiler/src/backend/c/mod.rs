//! The C backend: IR -> view models ([`model`]) -> askama templates (`templates/`).
//!
//! Per ASN.1 module one header and one source file over the C runtime (`runtime-c`,
//! `<synta/synta.h>` and `<synta/gen.h>`). Every type gets `<T>_decode`, `<T>_encode`
//! and `<T>_parse`; values point into the input (no allocation); SEQUENCE OF is kept as
//! a span of elements, checked when decoded and iterated on demand.

mod codecs;
mod model;
mod names;
mod render;

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use crate::backend::rust::BackendError;
use crate::ir::{self, DefinitionKind, QualifiedName, Type};
use model::{ModuleVm, TypeVm};

/// Options of the C backend.
#[derive(Debug, Clone, Default)]
pub struct COptions {
    /// Types (`Module.Type`, `Type` or a template's name) kept as raw TLVs in the
    /// components that use them, decoded on demand with their own `_parse`.
    pub lazy: BTreeSet<String>,
}

/// Generates C for every module of `ir`: file name -> text (`<module>.h`, `<module>.c`).
/// The output depends only on the IR and the options.
pub fn generate(ir: &ir::Ir, options: &COptions) -> Result<BTreeMap<String, String>, BackendError> {
    let mut gen = Generator::new(ir, options);
    for module in &ir.modules {
        gen.module(module);
    }
    let mut files = BTreeMap::new();
    for vm in gen.done {
        files.insert(format!("{}.h", vm.stem), render::header(&vm)?);
        files.insert(format!("{}.c", vm.stem), render::source(&vm)?);
    }
    Ok(files)
}

/// State across modules: C names of definitions, module dependencies, emitted types.
struct Generator<'ir> {
    options: &'ir COptions,
    /// Type definitions by qualified name.
    types: HashMap<QualifiedName, &'ir ir::Definition>,
    /// C names of type definitions.
    names: HashMap<QualifiedName, String>,
    /// Module prefix of each ASN.1 module.
    prefixes: HashMap<String, String>,
    /// Recursive definitions (their references are kept raw and checked).
    recursive: HashSet<QualifiedName>,
    /// C identifiers already taken.
    taken: HashSet<String>,
    /// Named types already emitted (or being emitted).
    emitted: HashSet<QualifiedName>,
    /// Inline types already emitted in the current module: content key -> name.
    inline: HashMap<String, String>,
    /// By-value dependencies between modules (prefix -> prefixes), to avoid include cycles.
    module_deps: BTreeMap<String, BTreeSet<String>>,
    /// The module being generated.
    vm: ModuleVm,
    /// Finished modules.
    done: Vec<ModuleVm>,
}

impl<'ir> Generator<'ir> {
    fn new(ir: &'ir ir::Ir, options: &'ir COptions) -> Self {
        let mut gen = Generator {
            options,
            types: HashMap::new(),
            names: HashMap::new(),
            prefixes: HashMap::new(),
            recursive: HashSet::new(),
            taken: HashSet::new(),
            emitted: HashSet::new(),
            inline: HashMap::new(),
            module_deps: BTreeMap::new(),
            vm: ModuleVm::default(),
            done: Vec::new(),
        };
        for module in &ir.modules {
            let prefix = names::module_prefix(&module.name);
            gen.prefixes.insert(module.name.clone(), prefix.clone());
            for def in &module.definitions {
                let recursive = match &def.kind {
                    DefinitionKind::Type { recursive, .. } => *recursive,
                    DefinitionKind::ValueSet { .. } => false,
                    _ => continue,
                };
                let q = QualifiedName {
                    module: module.name.clone(),
                    name: def.name.clone(),
                };
                if recursive {
                    gen.recursive.insert(q.clone());
                }
                let name = gen.take(&names::type_name(&prefix, &def.name));
                gen.names.insert(q.clone(), name);
                gen.types.insert(q, def);
            }
        }
        gen
    }

    /// Reserves a unique C identifier, numbering a clash.
    fn take(&mut self, base: &str) -> String {
        let mut name = base.to_string();
        let mut n = 2;
        while self.taken.contains(&name) {
            name = format!("{base}{n}");
            n += 1;
        }
        self.taken.insert(name.clone());
        name
    }

    fn module(&mut self, module: &'ir ir::Module) {
        let stem = self.prefixes[&module.name].clone();
        self.vm = ModuleVm {
            asn1_name: module.name.clone(),
            guard: format!("SYNTA_GEN_{}_H", stem.to_ascii_uppercase()),
            notes: module.placeholders.iter().map(|p| p.describe()).collect(),
            stem,
            ..ModuleVm::default()
        };
        self.inline.clear();
        for def in &module.definitions {
            let q = QualifiedName {
                module: module.name.clone(),
                name: def.name.clone(),
            };
            match &def.kind {
                DefinitionKind::Type { .. } | DefinitionKind::ValueSet { .. } => self.ensure(&q),
                DefinitionKind::Value { ty, value } => self.value(&module.name, def, ty, value),
                _ => {}
            }
        }
        let mut vm = std::mem::take(&mut self.vm);
        vm.header_includes.sort();
        vm.header_includes.dedup();
        vm.source_includes.sort();
        vm.source_includes.dedup();
        vm.source_includes
            .retain(|h| !vm.header_includes.contains(h));
        self.done.push(vm);
    }

    /// Emits the named type `q` of the current module (after what it embeds), once.
    fn ensure(&mut self, q: &QualifiedName) {
        if self.emitted.contains(q) || q.module != self.vm.asn1_name {
            return;
        }
        self.emitted.insert(q.clone());
        let Some(def) = self.types.get(q).copied() else {
            return;
        };
        let (DefinitionKind::Type { ty, .. } | DefinitionKind::ValueSet { ty }) = &def.kind else {
            return;
        };
        let name = self.names[q].clone();
        let doc = definition_doc(def, &q.module);
        self.named_type(&name, ty, doc);
    }

    /// Notes that the current module uses `target`'s module; `by_value` when its header
    /// must include it. Returns false when including it would close an include cycle (the
    /// reference is then kept raw).
    fn use_module(&mut self, target_module: &str, by_value: bool) -> bool {
        let Some(prefix) = self.prefixes.get(target_module).cloned() else {
            return false;
        };
        if prefix == self.vm.stem {
            return true;
        }
        let header = format!("{prefix}.h");
        if by_value {
            if self.reaches(&prefix, &self.vm.stem) {
                self.vm.source_includes.push(header);
                return false;
            }
            self.module_deps
                .entry(self.vm.stem.clone())
                .or_default()
                .insert(prefix);
            self.vm.header_includes.push(header);
        } else {
            self.vm.source_includes.push(header);
        }
        true
    }

    fn reaches(&self, from: &str, to: &str) -> bool {
        let mut stack = vec![from.to_string()];
        let mut seen = HashSet::new();
        while let Some(m) = stack.pop() {
            if m == to {
                return true;
            }
            if seen.insert(m.clone()) {
                if let Some(next) = self.module_deps.get(&m) {
                    stack.extend(next.iter().cloned());
                }
            }
        }
        false
    }

    fn is_lazy(&self, name: &str, module: &str) -> bool {
        self.options.lazy.contains(name) || self.options.lazy.contains(&format!("{module}.{name}"))
    }

    /// The type of a named definition.
    fn definition_type(&self, q: &QualifiedName) -> Option<&'ir Type> {
        match &self.types.get(q)?.kind {
            DefinitionKind::Type { ty, .. } | DefinitionKind::ValueSet { ty } => Some(ty),
            _ => None,
        }
    }

    fn push_type(&mut self, vm: TypeVm) {
        self.vm.types.push(vm);
    }
}

/// The doc comment of a definition: its ASN.1 text and where it is written.
fn definition_doc(def: &ir::Definition, module: &str) -> Vec<String> {
    let mut lines: Vec<String> = def
        .own_text()
        .iter()
        .map(|l| comment_safe(l.trim_end()))
        .collect();
    lines.push(String::new());
    lines.push(format!(
        "Module {module}, {}:{}.",
        def.location.file, def.location.line
    ));
    lines
}

/// Text that cannot open or close a C comment.
fn comment_safe(text: &str) -> String {
    text.replace("*/", "* /").replace("/*", "/ *")
}
