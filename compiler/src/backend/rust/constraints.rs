//! Constraints as `synta::Constraint` expressions, checked by the derived codecs.
//!
//! Only constraints the runtime can measure are emitted (sizes of strings, octets, bits
//! and collections; INTEGER ranges; permitted alphabets), and never extensible ones,
//! whose values outside the root are valid. A component checks the constraints written
//! on it together with those of the type it refers to.

use num_traits::ToPrimitive;
use proc_macro2::TokenStream;
use quote::quote;

use super::Generator;
use crate::ir::{Constraints, TagClass, TagMode, Type, TypeKind};

/// The measurable parts of one or more constraints, intersected.
#[derive(Default)]
struct Folded {
    size: Option<(u64, Option<u64>)>,
    value: Option<(Option<i128>, Option<i128>)>,
    alphabet: Option<Vec<(char, char)>>,
    text: Vec<String>,
}

impl Folded {
    fn add(&mut self, c: &Constraints, kind: &TypeKind) {
        if c.extensible {
            return;
        }
        let mut used = false;
        let sized = matches!(
            kind,
            TypeKind::OctetString
                | TypeKind::BitString { .. }
                | TypeKind::String { .. }
                | TypeKind::SequenceOf(_)
                | TypeKind::SetOf(_)
        );
        if let (true, Some(r)) = (sized, &c.size) {
            let min = r.min.as_ref().and_then(|v| v.0.to_u64()).unwrap_or(0);
            let max = r.max.as_ref().and_then(|v| v.0.to_u64());
            let (lo, hi) = self.size.unwrap_or((0, None));
            self.size = Some((lo.max(min), min_opt(hi, max)));
            used = true;
        }
        if let (TypeKind::Integer { .. }, Some(r)) = (kind, &c.value_range) {
            let min = r.min.as_ref().and_then(|v| v.0.to_i128());
            let max = r.max.as_ref().and_then(|v| v.0.to_i128());
            let (lo, hi) = self.value.unwrap_or((None, None));
            self.value = Some((max_opt(lo, min), min_opt(hi, max)));
            used = true;
        }
        if let (TypeKind::String { .. }, Some(a)) = (kind, &c.alphabet) {
            self.alphabet = Some(a.iter().map(|r| (r.from, r.to)).collect());
            used = true;
        }
        if used {
            // One line in error messages, however the schema wraps it.
            let words: Vec<&str> = c.text.split_whitespace().collect();
            self.text.push(words.join(" "));
        }
    }

    fn expr(&self) -> Option<TokenStream> {
        if self.size.is_none() && self.value.is_none() && self.alphabet.is_none() {
            return None;
        }
        let text = self.text.join(" ");
        let mut e = quote!(::synta::Constraint::new(#text));
        if let Some((min, max)) = self.size {
            let lit = |v: u64| {
                proc_macro2::Literal::usize_unsuffixed(usize::try_from(v).unwrap_or(usize::MAX))
            };
            let min = lit(min);
            let max = opt(max.map(lit));
            e = quote!(#e.size(#min, #max));
        }
        if let Some((min, max)) = self.value {
            let lit = proc_macro2::Literal::i128_unsuffixed;
            let (min, max) = (opt(min.map(lit)), opt(max.map(lit)));
            e = quote!(#e.value(#min, #max));
        }
        if let Some(a) = &self.alphabet {
            let pairs = a.iter().map(|(f, t)| quote!((#f, #t)));
            e = quote!(#e.alphabet(&[#(#pairs),*]));
        }
        Some(e)
    }
}

/// True when a component of type `ty` has no tag but its tag attribute, so that its
/// Rust type is the collection itself (the first non-universal tag is the component's
/// tag attribute; any other tag would wrap the collection in a tag type).
fn component_is_plain_list(ty: &Type) -> bool {
    let first_is_attr = ty
        .tagging
        .first()
        .is_some_and(|t| t.class != TagClass::Universal);
    ty.tagging.len() <= usize::from(first_is_attr)
}

fn opt<T: quote::ToTokens>(v: Option<T>) -> TokenStream {
    match v {
        Some(v) => quote!(::core::option::Option::Some(#v)),
        None => quote!(::core::option::Option::None),
    }
}

fn min_opt<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

fn max_opt<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    }
}

impl Generator<'_> {
    /// The constraint a component of type `ty` checks: its own and, through references
    /// to untagged definitions, those of the types it names.
    pub(super) fn component_constraint(&self, ty: &Type) -> Option<TokenStream> {
        let mut folded = Folded::default();
        self.fold_component(ty, &mut folded);
        folded.expr()
    }

    /// The constraint every element of a SEQUENCE OF / SET OF component of type `ty`
    /// checks: that of its element type (followed as for [`Self::component_constraint`])
    /// and any `WITH COMPONENT` constraint on the way to the collection. Tags on the
    /// element (`SEQUENCE OF [0] IMPLICIT IA5String (SIZE (1..8))`) become wrapper types
    /// the runtime measures through.
    ///
    /// `None` unless the component's Rust type is the plain `Vec` / `SetOfVec` of the
    /// element (no tag wrapper on the way to the collection), which is what the
    /// runtime's `Elements` measures.
    pub(super) fn element_constraint(&self, ty: &Type) -> Option<TokenStream> {
        if !component_is_plain_list(ty) {
            return None;
        }
        let (element, with_component) = self.list_element(ty)?;
        self.fold_element(element, &with_component)
    }

    /// The constraint every element of every element of a SEQUENCE OF / SET OF of
    /// SEQUENCE OF / SET OF component checks (`SEQUENCE OF SEQUENCE (SIZE (1..3)) OF
    /// INTEGER (0..9)`: the `(0..9)`), found as for [`Self::element_constraint`] one
    /// level down. `None` also when the outer elements carry an EXPLICIT tag (an offset
    /// the runtime's `nested_element_offset` is not told about). Deeper levels are not
    /// followed.
    pub(super) fn nested_element_constraint(&self, ty: &Type) -> Option<TokenStream> {
        if !component_is_plain_list(ty) {
            return None;
        }
        let (element, _) = self.list_element(ty)?;
        if element.tagging.iter().any(|t| t.mode == TagMode::Explicit) {
            return None;
        }
        let (inner, with_component) = self.list_element(element)?;
        self.fold_element(inner, &with_component)
    }

    /// The element type of the SEQUENCE OF / SET OF `ty` is (directly or through
    /// untagged, non-extern definitions), with the `WITH COMPONENT` constraints met on
    /// the way.
    fn list_element<'t>(&'t self, ty: &'t Type) -> Option<(&'t Type, Vec<&'t Constraints>)> {
        let mut with_component = Vec::new();
        let mut current = ty;
        for _ in 0..64 {
            if let Some(c) = current
                .constraints
                .as_ref()
                .and_then(|c| c.element.as_deref())
            {
                with_component.push(c);
            }
            match &current.kind {
                TypeKind::SequenceOf(of) | TypeKind::SetOf(of) => {
                    return Some((&of.element, with_component));
                }
                TypeKind::Reference { target } => {
                    let next = self.definition_type(target)?;
                    if !next.tagging.is_empty() || self.externs.contains_key(target) {
                        return None;
                    }
                    current = next;
                }
                _ => return None,
            }
        }
        None
    }

    /// The constraint of the element type `element` with the `WITH COMPONENT`
    /// constraints `with_component` on it.
    fn fold_element(&self, element: &Type, with_component: &[&Constraints]) -> Option<TokenStream> {
        let kind = self.resolved_kind(element)?;
        let mut folded = Folded::default();
        for c in with_component {
            folded.add(c, kind);
        }
        self.fold_component(element, &mut folded);
        folded.expr()
    }

    /// Folds the constraints of `ty`, and of the untagged definitions it names, into
    /// `folded`.
    fn fold_component(&self, ty: &Type, folded: &mut Folded) -> Option<()> {
        let mut current = ty;
        let mut hops = 0;
        loop {
            let kind = self.resolved_kind(current)?;
            if let Some(c) = &current.constraints {
                folded.add(c, kind);
            }
            let TypeKind::Reference { target } = &current.kind else {
                break;
            };
            let next = self.definition_type(target)?;
            // A tagged definition is a wrapper type the runtime cannot measure.
            if !next.tagging.is_empty() || hops > 64 || self.externs.contains_key(target) {
                break;
            }
            current = next;
            hops += 1;
        }
        Some(())
    }
}
