//! Which generated types borrow from the input and so take the lifetime `'a`: a
//! fixpoint over the definitions, since types refer to each other in cycles.

use super::Generator;
use crate::ir::{Type, TypeKind};

/// Sets `RustName::lifetime` for every named definition (none in owned mode).
pub(super) fn compute(gen: &mut Generator<'_>) {
    if gen.options.mode.is_owned() {
        return;
    }
    let mut keys: Vec<_> = gen.names.keys().cloned().collect();
    keys.sort();
    loop {
        let mut changed = false;
        for q in &keys {
            let Some(def) = gen.types.get(q) else {
                continue;
            };
            let ty = match &def.kind {
                crate::ir::DefinitionKind::Type { ty, .. }
                | crate::ir::DefinitionKind::ValueSet { ty } => ty,
                _ => continue,
            };
            let needs = type_borrows(gen, ty);
            if let Some(name) = gen.names.get_mut(q) {
                if needs && !name.lifetime {
                    name.lifetime = true;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
}

/// True when the Rust type of `ty` borrows from the input (never in owned mode).
pub(super) fn type_borrows(gen: &Generator<'_>, ty: &Type) -> bool {
    if gen.options.mode.is_owned() {
        return false;
    }
    match &ty.kind {
        TypeKind::Boolean | TypeKind::Null | TypeKind::Real | TypeKind::Enumerated { .. } => false,
        TypeKind::Integer { repr, .. } => *repr == crate::ir::IntegerRepr::Big,
        TypeKind::Time { time } => !matches!(
            time,
            crate::ir::TimeKind::UTCTime | crate::ir::TimeKind::GeneralizedTime
        ),
        // An extensible CHOICE keeps unknown alternatives as borrowed `AnyRef`s.
        TypeKind::Choice(c) if c.extensible => true,
        TypeKind::Sequence(c) | TypeKind::Set(c) | TypeKind::Choice(c) => c
            .components
            .iter()
            .any(|comp| type_borrows(gen, &comp.ty) || gen.component_is_lazy(&comp.ty)),
        TypeKind::SequenceOf(c) | TypeKind::SetOf(c) => type_borrows(gen, &c.element),
        TypeKind::Reference { target } => match gen.names.get(target) {
            Some(n) => n.lifetime,
            None => gen
                .externs
                .get(target)
                .is_some_and(|t| t.to_string().contains("'a")),
        },
        _ => true,
    }
}
