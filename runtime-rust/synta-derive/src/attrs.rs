//! `#[asn1(...)]` attribute parsing.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Attribute, Expr, LitInt, LitStr};

/// Tag class named in an attribute.
#[derive(Clone, Copy)]
pub enum Class {
    Application,
    Context,
    Private,
}

/// Attributes of a container (struct or enum).
#[derive(Default)]
pub struct ContainerAttrs {
    pub extensible: bool,
    pub implicit_tags: bool,
    pub name: Option<String>,
}

/// Attributes of a field or variant.
#[derive(Default)]
pub struct FieldAttrs {
    pub tag: Option<(Class, u32)>,
    pub explicit: bool,
    pub implicit: bool,
    pub default: Option<Expr>,
    /// A `&'static [u8]` expression: the DER encoding of the component with its DEFAULT
    /// value (its own tag included), for defaults without a constant Rust form.
    pub default_der: Option<Expr>,
    pub name: Option<String>,
    /// A `::synta::Constraint` expression checked after decoding and before encoding.
    pub constraint: Option<Expr>,
    /// A `::synta::Constraint` every element of a SEQUENCE OF / SET OF component checks.
    pub element_constraint: Option<Expr>,
    /// A `::synta::Constraint` every element of every element of a SEQUENCE OF / SET OF
    /// of SEQUENCE OF / SET OF component checks (its elements not EXPLICIT-tagged).
    pub nested_element_constraint: Option<Expr>,
    /// The variant of an extensible CHOICE that keeps an unknown alternative raw.
    pub unknown: bool,
}

impl FieldAttrs {
    /// The tag as a `::synta::Tag` expression (primitive form; the runtime fixes the
    /// constructed bit).
    pub fn tag_tokens(&self) -> Option<TokenStream> {
        self.tag.map(|(class, n)| {
            let class = match class {
                Class::Application => quote!(::synta::Class::Application),
                Class::Context => quote!(::synta::Class::ContextSpecific),
                Class::Private => quote!(::synta::Class::Private),
            };
            quote!(::synta::Tag::new(#class, #n, false))
        })
    }

    /// True when this tagged field is IMPLICIT.
    pub fn is_implicit(&self, container: &ContainerAttrs) -> bool {
        self.implicit || (container.implicit_tags && !self.explicit)
    }
}

pub fn container(attrs: &[Attribute]) -> syn::Result<ContainerAttrs> {
    let mut out = ContainerAttrs::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("asn1")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("extensible") {
                out.extensible = true;
            } else if meta.path.is_ident("implicit_tags") {
                out.implicit_tags = true;
            } else if meta.path.is_ident("name") {
                out.name = Some(meta.value()?.parse::<LitStr>()?.value());
            } else {
                return Err(meta.error("unknown asn1 container attribute"));
            }
            Ok(())
        })?;
    }
    Ok(out)
}

pub fn field(attrs: &[Attribute]) -> syn::Result<FieldAttrs> {
    let mut out = FieldAttrs::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("asn1")) {
        attr.parse_nested_meta(|meta| {
            let class = if meta.path.is_ident("context") {
                Some(Class::Context)
            } else if meta.path.is_ident("application") {
                Some(Class::Application)
            } else if meta.path.is_ident("private") {
                Some(Class::Private)
            } else {
                None
            };
            if let Some(class) = class {
                if out.tag.is_some() {
                    return Err(meta.error("more than one tag"));
                }
                let n: LitInt = meta.value()?.parse()?;
                out.tag = Some((class, n.base10_parse()?));
            } else if meta.path.is_ident("explicit") {
                out.explicit = true;
            } else if meta.path.is_ident("implicit") {
                out.implicit = true;
            } else if meta.path.is_ident("optional") {
                // Optional-ness comes from the `Option<T>` type; accepted for clarity.
            } else if meta.path.is_ident("default") {
                let s: LitStr = meta.value()?.parse()?;
                out.default = Some(s.parse()?);
            } else if meta.path.is_ident("default_der") {
                let s: LitStr = meta.value()?.parse()?;
                out.default_der = Some(s.parse()?);
            } else if meta.path.is_ident("name") {
                out.name = Some(meta.value()?.parse::<LitStr>()?.value());
            } else if meta.path.is_ident("unknown") {
                out.unknown = true;
            } else if meta.path.is_ident("constraint") {
                let s: LitStr = meta.value()?.parse()?;
                out.constraint = Some(s.parse()?);
            } else if meta.path.is_ident("element_constraint") {
                let s: LitStr = meta.value()?.parse()?;
                out.element_constraint = Some(s.parse()?);
            } else if meta.path.is_ident("nested_element_constraint") {
                let s: LitStr = meta.value()?.parse()?;
                out.nested_element_constraint = Some(s.parse()?);
            } else {
                return Err(meta.error("unknown asn1 field attribute"));
            }
            Ok(())
        })?;
    }
    if out.default.is_some() && out.default_der.is_some() {
        return Err(syn::Error::new(
            proc_macro2::Span::call_site(),
            "a field has either `default` or `default_der`",
        ));
    }
    if out.explicit && out.implicit {
        return Err(syn::Error::new(
            proc_macro2::Span::call_site(),
            "a field cannot be both explicit and implicit",
        ));
    }
    Ok(out)
}
