//! Rust type expressions for IR types, naming the inline SEQUENCE / SET / CHOICE /
//! ENUMERATED types (and parameterized instances) they contain.

use proc_macro2::TokenStream;
use quote::quote;

use super::{names, Generator, Mode, RustName};
use crate::ir::{
    AppliedTag, IntegerRepr, QualifiedName, TagClass, TagMode, TimeKind, Type, TypeKind,
};

impl<'ir> Generator<'ir> {
    /// The type of a named definition.
    pub(super) fn definition_type(&self, q: &QualifiedName) -> Option<&'ir Type> {
        match &self.types.get(q)?.kind {
            crate::ir::DefinitionKind::Type { ty, .. }
            | crate::ir::DefinitionKind::ValueSet { ty } => Some(ty),
            _ => None,
        }
    }

    /// The kind of `ty` after following references.
    pub(super) fn resolved_kind<'t>(&'t self, ty: &'t Type) -> Option<&'t TypeKind> {
        let mut current = ty;
        for _ in 0..64 {
            match &current.kind {
                TypeKind::Reference { target } => current = self.definition_type(target)?,
                kind => return Some(kind),
            }
        }
        None
    }

    /// True when a component of type `ty` is kept as a lazy raw TLV (never in owned
    /// mode, which decodes such components eagerly; see [`super::Mode`]).
    pub(super) fn component_is_lazy(&self, ty: &Type) -> bool {
        if self.options.mode.is_owned() {
            return false;
        }
        if ty
            .tagging
            .first()
            .is_some_and(|t| t.mode == TagMode::Implicit)
        {
            return false;
        }
        match (&ty.kind, &ty.instance) {
            (_, Some(inst)) => self.is_lazy(&inst.template.name, Some(&inst.template.module)),
            (TypeKind::Reference { target }, None) => {
                self.is_lazy(&target.name, Some(&target.module))
            }
            _ => false,
        }
    }

    /// The Rust type of `ty` with its tags from `skip_tags` on applied as wrapper types.
    /// `hint` names inline types (`TbsCertificateValidity`).
    pub(super) fn type_expr(&mut self, ty: &'ir Type, hint: &str, skip_tags: usize) -> TokenStream {
        let mut inner = self.untagged_expr(ty, hint);
        for tag in ty.tagging.iter().skip(skip_tags).rev() {
            inner = wrap_tag(tag, inner);
        }
        inner
    }

    /// The Rust type of `ty` ignoring the tags written on it.
    fn untagged_expr(&mut self, ty: &'ir Type, hint: &str) -> TokenStream {
        let mode = self.options.mode;
        match &ty.kind {
            TypeKind::Boolean => quote!(bool),
            TypeKind::Null => quote!(::synta::Null),
            TypeKind::Integer { repr, .. } => native_integer(*repr, mode),
            TypeKind::Real => quote!(::synta::Real),
            TypeKind::BitString { .. } => mode.bit_string(),
            TypeKind::OctetString => mode.octet_string(),
            TypeKind::ObjectIdentifier => mode.object_identifier(),
            TypeKind::RelativeOid => mode.relative_oid(),
            TypeKind::String { string } => mode.string(*string),
            TypeKind::Time { time } => match time {
                TimeKind::UTCTime => quote!(::synta::UtcTime),
                TimeKind::GeneralizedTime => quote!(::synta::GeneralizedTime),
                _ => opaque(ty, mode),
            },
            TypeKind::Sequence(_)
            | TypeKind::Set(_)
            | TypeKind::Choice(_)
            | TypeKind::Enumerated { .. } => {
                let name = self.inline_item(ty, hint);
                self.path_to(&name)
            }
            TypeKind::SequenceOf(c) => {
                let hint = format!("{hint}-{}", c.element_name.as_deref().unwrap_or("item"));
                let element = self.type_expr(&c.element, &hint, 0);
                quote!(::std::vec::Vec<#element>)
            }
            TypeKind::SetOf(c) => {
                let hint = format!("{hint}-{}", c.element_name.as_deref().unwrap_or("item"));
                let element = self.type_expr(&c.element, &hint, 0);
                quote!(::synta::SetOfVec<#element>)
            }
            TypeKind::Reference { target } => self.reference_expr(target),
            TypeKind::OidIri
            | TypeKind::RelativeOidIri
            | TypeKind::External
            | TypeKind::EmbeddedPdv
            | TypeKind::CharacterString => opaque(ty, mode),
            TypeKind::OpenType { .. } => mode.any(),
            // A SEQUENCE { type-id, [0] value } (X.681 C.7), kept as its elements.
            TypeKind::InstanceOf { .. } => mode.instance_of(),
        }
    }

    fn reference_expr(&self, target: &QualifiedName) -> TokenStream {
        if let Some(path) = self.externs.get(target) {
            return path.clone();
        }
        match self.names.get(target) {
            Some(name) => self.path_to(name),
            // Not generated (a module left out of the IR): keep the element raw.
            None => self.options.mode.any(),
        }
    }

    /// Names (and emits, once) an inline constructed type. Identical expansions are
    /// shared: instances get one type named after the template, other inline types keep
    /// the name of their first use.
    fn inline_item(&mut self, ty: &'ir Type, hint: &str) -> RustName {
        // The key holds every component's source location, so two inline types share a
        // Rust type only when they are the same ASN.1 text expanded the same way (an
        // inline SEQUENCE inside a template instantiated twice with one argument).
        let key = serde_json::to_string(&(&ty.kind, &ty.constraints, &ty.instance)).ok();
        if let Some(found) = key.as_ref().and_then(|k| self.instances.get(k)) {
            return found.clone();
        }
        let base = match &ty.instance {
            Some(inst) => names::instance_name(&inst.template.name, &inst.arguments),
            None => hint.to_string(),
        };
        // An instance lives beside its template, so every module shares it.
        let home = match &ty.instance {
            Some(inst)
                if self
                    .items
                    .contains_key(&names::module_name(&inst.template.module)) =>
            {
                names::module_name(&inst.template.module)
            }
            _ => self.current.clone(),
        };
        let ident = self.take_type_name(&home, &names::type_name(&base).to_string());
        let name = RustName {
            module: home.clone(),
            ident,
            lifetime: super::lifetimes::type_borrows(self, ty),
        };
        if let Some(k) = key {
            self.instances.insert(k, name.clone());
        }
        let doc = match &ty.instance {
            Some(inst) => format!(
                "`{}{{{}}}`: an instance of the parameterized type `{}` (module {}).",
                inst.template.name,
                inst.arguments.join(", "),
                inst.template.name,
                inst.template.module
            ),
            None => format!("An inline type of `{}`.", hint.replace('-', ".")),
        };
        let caller = std::mem::replace(&mut self.current, home);
        let doc = format!(" {doc}");
        self.constructed_item(&name, ty, &base, quote!(#[doc = #doc]));
        self.current = caller;
        name
    }
}

/// A universal type kept as raw contents under its own tag (`synta::Opaque`); the tag is
/// the innermost one, the type's own.
fn opaque(ty: &Type, mode: Mode) -> TokenStream {
    let (number, constructed) = match ty.kind {
        TypeKind::OidIri => (35u32, false),
        TypeKind::RelativeOidIri => (36, false),
        TypeKind::External => (8, true),
        TypeKind::EmbeddedPdv => (11, true),
        TypeKind::CharacterString => (29, true),
        TypeKind::Time { time } => (
            match time {
                TimeKind::DATE => 31,
                TimeKind::TimeOfDay => 32,
                TimeKind::DateTime => 33,
                TimeKind::DURATION => 34,
                _ => 14,
            },
            false,
        ),
        _ => return mode.any(),
    };
    mode.opaque(number, constructed)
}

/// The Rust type chosen for an INTEGER.
pub(super) fn native_integer(repr: IntegerRepr, mode: Mode) -> TokenStream {
    match repr {
        IntegerRepr::U8 => quote!(u8),
        IntegerRepr::U16 => quote!(u16),
        IntegerRepr::U32 => quote!(u32),
        IntegerRepr::U64 => quote!(u64),
        IntegerRepr::I8 => quote!(i8),
        IntegerRepr::I16 => quote!(i16),
        IntegerRepr::I32 => quote!(i32),
        IntegerRepr::I64 => quote!(i64),
        IntegerRepr::Big => mode.big_integer(),
    }
}

/// `[CLASS N] IMPLICIT/EXPLICIT T` as the runtime's wrapper type.
fn wrap_tag(tag: &AppliedTag, inner: TokenStream) -> TokenStream {
    let class = match tag.class {
        TagClass::Application => quote!({ ::synta::tagged::APPLICATION }),
        TagClass::Private => quote!({ ::synta::tagged::PRIVATE }),
        TagClass::Context => quote!({ ::synta::tagged::CONTEXT }),
        TagClass::Universal => quote!(0u8),
    };
    let n = tag.number;
    match tag.mode {
        TagMode::Implicit => quote!(::synta::tagged::Implicit<#inner, #class, #n>),
        TagMode::Explicit => quote!(::synta::tagged::Explicit<#inner, #class, #n>),
    }
}

/// The derive attribute naming a component's (first) tag: `context = 0, explicit`.
pub(super) fn tag_attribute(tag: &AppliedTag) -> TokenStream {
    let n = proc_macro2::Literal::u32_unsuffixed(tag.number);
    let class = match tag.class {
        TagClass::Application => quote!(application = #n),
        TagClass::Private => quote!(private = #n),
        _ => quote!(context = #n),
    };
    match tag.mode {
        TagMode::Implicit => quote!(#class, implicit),
        TagMode::Explicit => quote!(#class, explicit),
    }
}
