//! Items for definitions: structs for SEQUENCE / SET, enums for CHOICE and ENUMERATED,
//! aliases for everything else, constants for values, named numbers and named bits.

use proc_macro2::TokenStream;
use quote::quote;

use super::types::tag_attribute;
use super::values::{byte_slice, integer_contents, oid_contents};
use super::{names, Generator, RustName};
use crate::ir::{
    Component, Constructed, Definition, IntegerRepr, NamedNumber, Presence, QualifiedName,
    TagClass, Type, TypeKind, Value,
};

/// The doc comment of a definition: its ASN.1 text and where it is written, one `///`
/// line per line of text.
fn definition_doc(def: &Definition, module: &str) -> TokenStream {
    let mut lines = vec![" ```asn1".to_string()];
    lines.extend(def.own_text().iter().map(|l| format!(" {}", l.trim_end())));
    lines.push(" ```".to_string());
    lines.push(String::new());
    lines.push(format!(
        " Module `{module}`, `{}:{}`.",
        def.location.file, def.location.line
    ));
    for p in &def.placeholders {
        lines.push(String::new());
        lines.push(format!(" {}", p.describe()));
    }
    quote!(#(#[doc = #lines])*)
}

impl<'ir> Generator<'ir> {
    /// A type (or value set) definition.
    pub(super) fn type_definition(
        &mut self,
        q: &QualifiedName,
        def: &'ir Definition,
        ty: &'ir Type,
    ) {
        let Some(name) = self.names.get(q).cloned() else {
            return;
        };
        let doc = definition_doc(def, &q.module);
        let ident = &name.ident;
        let generics = self.options.mode.generics(name.lifetime);
        let constructed = matches!(
            ty.kind,
            TypeKind::Sequence(_)
                | TypeKind::Set(_)
                | TypeKind::Choice(_)
                | TypeKind::Enumerated { .. }
        );
        if constructed && ty.tagging.is_empty() {
            self.constructed_item(&name, ty, &def.name, doc);
        } else if constructed {
            // A tagged SEQUENCE / CHOICE: the untagged type, and the name as its tagged
            // wrapper.
            let inner_name = format!("{}-untagged", def.name);
            let target = self.type_expr(ty, &inner_name, 0);
            self.push_item(quote! {
                #doc
                pub type #ident #generics = #target;
            });
        } else if self.recursive.contains(q)
            && ty.tagging.is_empty()
            && matches!(ty.kind, TypeKind::SequenceOf(_) | TypeKind::SetOf(_))
        {
            // `T ::= SEQUENCE OF T`: an alias cannot name itself, a newtype can.
            let target = self.type_expr(ty, &def.name, 0);
            self.push_item(quote! {
                #doc
                #[derive(Debug, Clone, PartialEq)]
                pub struct #ident #generics(pub #target);

                impl #generics ::synta::FixedTag for #ident #generics {
                    const TAG: ::synta::Tag = <#target as ::synta::FixedTag>::TAG;
                }

                impl<'a> ::synta::DecodeValue<'a> for #ident #generics {
                    fn decode_value(r: &mut ::synta::Reader<'a>, h: &::synta::Header) -> ::synta::Result<Self> {
                        <#target as ::synta::DecodeValue<'a>>::decode_value(r, h).map(Self)
                    }
                }

                impl #generics ::synta::Measure for #ident #generics {
                    fn size(&self) -> ::core::option::Option<usize> {
                        ::synta::Measure::size(&self.0)
                    }
                }

                impl #generics ::synta::EncodeValue for #ident #generics {
                    fn value_len(&self, rules: ::synta::Rules) -> ::synta::Result<usize> {
                        ::synta::EncodeValue::value_len(&self.0, rules)
                    }

                    fn encode_value(&self, w: &mut ::synta::Writer) -> ::synta::Result<()> {
                        ::synta::EncodeValue::encode_value(&self.0, w)
                    }
                }
            });
        } else {
            let target = self.type_expr(ty, &def.name, 0);
            self.push_item(quote! {
                #doc
                pub type #ident #generics = #target;
            });
            if ty.tagging.is_empty() {
                self.alias_constraint(&def.name, ty);
            }
        }
        self.named_constants(&def.name, ty);
    }

    /// Prepends `doc` to the last item pushed (the struct or enum just emitted).
    /// Emits the struct or enum for a SEQUENCE, SET, CHOICE or ENUMERATED (without the
    /// tags written on it, which its users apply), with `doc` (`#[doc]` attributes) on
    /// the struct or enum itself, not on the items that follow it (open-type accessors).
    pub(super) fn constructed_item(
        &mut self,
        name: &RustName,
        ty: &'ir Type,
        asn1_name: &str,
        doc: TokenStream,
    ) {
        let item = match &ty.kind {
            TypeKind::Sequence(c) => self.struct_item(name, c, asn1_name, false),
            TypeKind::Set(c) => self.struct_item(name, c, asn1_name, true),
            TypeKind::Choice(c) => self.choice_item(name, c, asn1_name),
            TypeKind::Enumerated {
                items,
                additions,
                extensible,
            } => enumerated_item(name, items, additions, *extensible, asn1_name),
            _ => return,
        };
        self.push_item(quote!(#doc #item));
        if let TypeKind::Sequence(c) | TypeKind::Set(c) = &ty.kind {
            self.open_type_accessors(name, c, asn1_name);
        }
    }

    fn struct_item(
        &mut self,
        name: &RustName,
        body: &'ir Constructed,
        asn1_name: &str,
        set: bool,
    ) -> TokenStream {
        let ident = &name.ident;
        let generics = self.options.mode.generics(name.lifetime);
        let derive = if set {
            quote!(::synta::Set)
        } else {
            quote!(::synta::Sequence)
        };
        let extensible = body.extensible.then(|| quote!(, extensible));
        let fields: Vec<TokenStream> = body
            .components
            .iter()
            .map(|c| self.field(c, asn1_name, false, set))
            .collect();
        quote! {
            #[derive(Debug, Clone, PartialEq, #derive)]
            #[asn1(name = #asn1_name #extensible)]
            pub struct #ident #generics {
                #(#fields),*
            }
        }
    }

    fn choice_item(
        &mut self,
        name: &RustName,
        body: &'ir Constructed,
        asn1_name: &str,
    ) -> TokenStream {
        let ident = &name.ident;
        let generics = self.options.mode.generics(name.lifetime);
        let mut variants: Vec<TokenStream> = body
            .components
            .iter()
            .map(|c| self.field(c, asn1_name, true, false))
            .collect();
        if body.extensible {
            // X.680 extensibility: an alternative added in a later version is kept raw.
            let mut taken: std::collections::HashSet<String> = body
                .components
                .iter()
                .map(|c| names::type_name(&c.name).to_string())
                .collect();
            let v = super::take(&mut taken, "Unknown");
            let any = self.options.mode.any();
            variants.push(quote! {
                #[doc = " An alternative this version of the type does not define, as read."]
                #[asn1(unknown)]
                #v(#any)
            });
        }
        quote! {
            #[derive(Debug, Clone, PartialEq, ::synta::Choice)]
            #[asn1(name = #asn1_name)]
            pub enum #ident #generics {
                #(#variants),*
            }
        }
    }

    /// A struct field (or, with `variant`, a CHOICE alternative) for a component.
    fn field(
        &mut self,
        c: &'ir Component,
        parent: &str,
        variant: bool,
        in_set: bool,
    ) -> TokenStream {
        let hint = format!("{parent}-{}", c.name);
        let mut attrs: Vec<TokenStream> = Vec::new();
        let asn1_name = &c.name;
        attrs.push(quote!(name = #asn1_name));
        let first_tag =
            c.ty.tagging
                .first()
                .filter(|t| t.class != TagClass::Universal);
        let skip = usize::from(first_tag.is_some());
        if let Some(tag) = first_tag {
            attrs.push(tag_attribute(tag));
        }
        let lazy = !variant && self.component_is_lazy(&c.ty);
        let mut ty = self.type_expr(&c.ty, &hint, skip);
        if lazy {
            ty = quote!(::synta::Lazy<'a, #ty>);
        } else if self.boxes(&c.ty, in_set) {
            ty = quote!(::std::boxed::Box<#ty>);
        }
        // A deferred SEQUENCE OF or SET OF measures its size by framing its elements.
        if let Some(constraint) = self.component_constraint(&c.ty) {
            let s = expr_text(&constraint);
            attrs.push(quote!(constraint = #s));
        }
        // A deferred list's elements are checked when it is decoded on its own.
        if let Some(constraint) = self.element_constraint(&c.ty).filter(|_| !lazy) {
            let s = expr_text(&constraint);
            attrs.push(quote!(element_constraint = #s));
        }
        if let Some(constraint) = self.nested_element_constraint(&c.ty).filter(|_| !lazy) {
            let s = expr_text(&constraint);
            attrs.push(quote!(nested_element_constraint = #s));
        }
        let mut doc = format!(" `{}` ({}:{})", c.name, c.location.file, c.location.line);
        let optional = match &c.presence {
            Presence::Required => c.extension.is_some() && !variant,
            Presence::Optional => true,
            Presence::Default(v) => {
                let constant = self.default_expr(&c.ty, v).filter(|_| !lazy);
                // Without a constant form the runtime keeps the default's encoding.
                let der = match constant {
                    None if !lazy && !variant => self.default_der(&c.ty, v),
                    _ => None,
                };
                if let Some(e) = constant {
                    let s = expr_text(&e);
                    attrs.push(quote!(default = #s));
                    false
                } else if let Some(bytes) = der {
                    // Hex, as DER is read.
                    let hex: Vec<String> = bytes.iter().map(|b| format!("0x{b:02x}")).collect();
                    let s = format!("&[{}]", hex.join(", "));
                    attrs.push(quote!(default_der = #s));
                    doc.push_str(&format!(". DEFAULT {}", value_text(v)));
                    false
                } else {
                    doc.push_str(&format!(
                        ". DEFAULT {}: absent means the default value.",
                        value_text(v)
                    ));
                    true
                }
            }
        };
        if c.extension.is_some() {
            doc.push_str(". An extension addition.");
        }
        if optional {
            ty = quote!(::core::option::Option<#ty>);
        }
        if variant {
            let v = names::type_name(&c.name);
            quote! {
                #[doc = #doc]
                #[asn1(#(#attrs),*)]
                #v(#ty)
            }
        } else {
            let f = names::field_name(&c.name);
            quote! {
                #[doc = #doc]
                #[asn1(#(#attrs),*)]
                pub #f: #ty
            }
        }
    }

    /// True when a component refers to a recursive definition directly (not through a
    /// collection), so it needs a box to have a finite size. (A SET cannot order a boxed
    /// CHOICE, whose tag is only known from its value.)
    fn boxes(&self, ty: &Type, in_set: bool) -> bool {
        let TypeKind::Reference { target } = &ty.kind else {
            return false;
        };
        self.recursive.contains(target)
            && self.definition_type(target).is_some_and(|t| {
                t.tagging.is_empty()
                    && !matches!(t.kind, TypeKind::SequenceOf(_) | TypeKind::SetOf(_))
                    && !(in_set && matches!(t.kind, TypeKind::Choice(_)))
            })
    }

    /// A DEFAULT value as a Rust expression of the component's type, when the runtime
    /// type has a constant form.
    fn default_expr(&self, ty: &Type, v: &Value) -> Option<TokenStream> {
        let kind = self.resolved_kind(ty)?;
        match (kind, v) {
            (TypeKind::Boolean, Value::Boolean(b)) => Some(quote!(#b)),
            (TypeKind::Integer { repr, .. }, Value::Integer(i)) => match repr {
                IntegerRepr::Big if self.options.mode.is_owned() => {
                    let bytes = byte_slice(&integer_contents(&i.0));
                    Some(quote!(::synta::IntRef::from_static(#bytes).to_owned_int()))
                }
                IntegerRepr::Big => {
                    let bytes = byte_slice(&integer_contents(&i.0));
                    Some(quote!(::synta::IntRef::from_static(#bytes)))
                }
                _ => {
                    let lit: proc_macro2::TokenStream = i.0.to_string().parse().ok()?;
                    Some(lit)
                }
            },
            (TypeKind::Enumerated { .. }, Value::Enumerated(item, _)) => {
                let path = self.enum_path(ty)?;
                let variant = names::type_name(item);
                Some(quote!(#path::#variant))
            }
            _ => None,
        }
    }

    /// The DER encoding of a DEFAULT value as the whole component (its own tag
    /// included), for `#[asn1(default_der = ...)]`; `None` when it cannot be encoded at
    /// compile time.
    fn default_der(&self, ty: &'ir Type, v: &'ir Value) -> Option<Vec<u8>> {
        crate::ir::der::encode(ty, v, &|q| self.definition_type(q))
    }

    /// The path of the generated enum a (possibly referenced) ENUMERATED type names.
    fn enum_path(&self, ty: &Type) -> Option<TokenStream> {
        let TypeKind::Reference { target } = &ty.kind else {
            return None;
        };
        let name = self.names.get(target)?;
        let ident = &name.ident;
        if name.module == self.current {
            Some(quote!(#ident))
        } else {
            let m = proc_macro2::Ident::new(&name.module, proc_macro2::Span::call_site());
            Some(quote!(super::#m::#ident))
        }
    }

    /// The constant name of a named number or bit: `KEY_USAGE_DIGITAL_SIGNATURE`.
    fn named_constant(&mut self, type_name: &str, n: &NamedNumber) -> proc_macro2::Ident {
        self.take_value_name(&format!(
            "{}_{}",
            names::const_name(type_name),
            names::const_name(&n.name)
        ))
    }

    /// `<NAME>_CONSTRAINT` for a type alias whose constraints the runtime can measure:
    /// components of the type check them on decode, and a value decoded on its own
    /// (`synta::from_der::<ExtKeyUsageSyntax>`) is checked with it.
    fn alias_constraint(&mut self, type_name: &str, ty: &Type) {
        let Some(constraint) = self.component_constraint(ty) else {
            return;
        };
        let ident = self.take_value_name(&format!("{}_CONSTRAINT", names::const_name(type_name)));
        let doc = format!(
            " The constraints of `{type_name}`, for a value decoded on its own (components \
             of the type check them when decoded)."
        );
        self.push_item(quote! {
            #[doc = #doc]
            pub const #ident: ::synta::Constraint = #constraint;
        });
    }

    /// Constants for an INTEGER's named numbers and a BIT STRING's named bits.
    fn named_constants(&mut self, type_name: &str, ty: &Type) {
        match &ty.kind {
            TypeKind::Integer {
                named_numbers,
                repr,
            } if !named_numbers.is_empty() => {
                for n in named_numbers {
                    let ident = self.named_constant(type_name, n);
                    let doc = format!(" `{type_name}` named number `{}({})`.", n.name, n.value);
                    let (t, v) = match repr {
                        IntegerRepr::Big => {
                            let bytes =
                                byte_slice(&integer_contents(&num_bigint::BigInt::from(n.value)));
                            (
                                quote!(::synta::IntRef<'static>),
                                quote!(::synta::IntRef::from_static(#bytes)),
                            )
                        }
                        _ => {
                            let t = super::types::native_integer(*repr, self.options.mode);
                            let lit: TokenStream = n.value.to_string().parse().unwrap_or_default();
                            (t, lit)
                        }
                    };
                    self.push_item(quote!(#[doc = #doc] pub const #ident: #t = #v;));
                }
            }
            TypeKind::BitString { named_bits } => {
                for n in named_bits {
                    let ident = self.named_constant(type_name, n);
                    let doc = format!(" `{type_name}` named bit `{}({})`.", n.name, n.value);
                    let Ok(bit) = usize::try_from(n.value) else {
                        continue;
                    };
                    self.push_item(quote!(#[doc = #doc] pub const #ident: usize = #bit;));
                }
            }
            _ => {}
        }
    }

    /// A value definition as a constant, for the kinds with a constant Rust form.
    pub(super) fn value_definition(
        &mut self,
        asn1_module: &str,
        def: &Definition,
        ty: &Type,
        value: &Value,
    ) {
        let doc = definition_doc(def, asn1_module);
        let ident_base = names::const_name(&def.name).to_string();
        let kind = self.resolved_kind(ty).cloned();
        let item = match (kind, value) {
            (_, Value::ObjectIdentifier(dotted)) => {
                let Some(bytes) = oid_contents(dotted) else {
                    return;
                };
                let bytes = byte_slice(&bytes);
                let ident = self.take_value_name(&ident_base);
                quote! {
                    #doc
                    pub const #ident: ::synta::ObjectIdentifierRef<'static> =
                        ::synta::ObjectIdentifierRef::from_bytes_const(#bytes);
                }
            }
            (_, Value::Integer(i)) => {
                let Ok(v) = i64::try_from(&i.0) else { return };
                let ident = self.take_value_name(&ident_base);
                quote!(#doc pub const #ident: i64 = #v;)
            }
            (_, Value::Boolean(b)) => {
                let ident = self.take_value_name(&ident_base);
                quote!(#doc pub const #ident: bool = #b;)
            }
            (Some(TypeKind::String { .. }), Value::String(s)) => {
                let ident = self.take_value_name(&ident_base);
                quote!(#doc pub const #ident: &str = #s;)
            }
            _ => return,
        };
        self.push_item(item);
    }
}

fn enumerated_item(
    name: &RustName,
    items: &[NamedNumber],
    additions: &[NamedNumber],
    extensible: bool,
    asn1_name: &str,
) -> TokenStream {
    let ident = &name.ident;
    let mut taken = std::collections::HashSet::new();
    let mut variants: Vec<TokenStream> = items
        .iter()
        .chain(additions)
        .map(|n| {
            let v = super::take(&mut taken, &names::type_name(&n.name).to_string());
            let value = n.value;
            let doc = format!(" `{}({})`", n.name, n.value);
            quote!(#[doc = #doc] #v = #value)
        })
        .collect();
    let container = if extensible {
        // X.680 extensibility: a value from a later version decodes (and re-encodes).
        let v = super::take(&mut taken, "Unknown");
        variants.push(quote! {
            #[doc = " A value this version of the type does not define (the type is extensible)."]
            #v(i64)
        });
        quote!(#[asn1(name = #asn1_name, extensible)])
    } else {
        quote!(#[asn1(name = #asn1_name)])
    };
    quote! {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ::synta::Enumerated)]
        #container
        #[repr(i64)]
        pub enum #ident {
            #(#variants),*
        }
    }
}

/// A value in ASN.1-like notation, for doc comments.
fn value_text(v: &Value) -> String {
    match v {
        Value::Boolean(b) => if *b { "TRUE" } else { "FALSE" }.to_string(),
        Value::Integer(i) => i.0.to_string(),
        Value::Enumerated(name, _) => name.clone(),
        Value::ObjectIdentifier(d) => format!("{{{d}}}"),
        Value::Sequence(parts) => format!(
            "{{ {} }}",
            parts
                .iter()
                .map(|(n, v)| format!("{n} {}", value_text(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Choice(alt, v) => format!("{alt}: {}", value_text(v)),
        Value::BitString(bits) => format!("'{bits}'B"),
        Value::OctetString(hex) => format!("'{hex}'H"),
        // As ASN.1 writes a cstring: quoted, an inner quote doubled.
        Value::String(s) => format!("\"{}\"", s.replace('"', "\"\"")),
        Value::Real(s) => s.clone(),
        // Notation kept as written may span lines; a doc line holds it on one.
        Value::Text(s) | Value::Open { text: s, .. } => {
            s.split_whitespace().collect::<Vec<_>>().join(" ")
        }
        Value::RelativeOid(d) => d.clone(),
        Value::Null => "NULL".to_string(),
        Value::SequenceOf(items) => format!(
            "{{ {} }}",
            items.iter().map(value_text).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// An expression as formatted Rust text, for derive attributes that take a string.
fn expr_text(e: &TokenStream) -> String {
    let item: syn::File = match syn::parse2(quote!(const X: () = #e;)) {
        Ok(f) => f,
        Err(_) => return e.to_string(),
    };
    let text = prettyplease::unparse(&item);
    let one_line: Vec<&str> = text.lines().map(str::trim).collect();
    one_line
        .concat()
        .trim_start_matches("const X: () =")
        .trim_end_matches(';')
        .trim()
        .to_string()
}
