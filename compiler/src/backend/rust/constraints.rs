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
use crate::ir::{Constraints, Type, TypeKind};

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
            self.text.push(c.text.trim().to_string());
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
        folded.expr()
    }
}
