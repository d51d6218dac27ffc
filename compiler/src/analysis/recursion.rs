//! Pass: recursive types. A type that refers back to itself is marked recursive (the
//! backends box it); a cycle through components that are always present and never
//! inside SEQUENCE OF / SET OF / CHOICE would need infinite values and is an error.

use crate::diagnostics::Code;
use crate::ir::{self, QualifiedName, TypeKind};
use std::collections::{BTreeMap, BTreeSet};

/// Edges of the reference graph: (target, mandatory).
fn edges(ty: &ir::Type, mandatory: bool, out: &mut Vec<(QualifiedName, bool)>) {
    match &ty.kind {
        TypeKind::Reference { target } => out.push((target.clone(), mandatory)),
        TypeKind::Sequence(body) | TypeKind::Set(body) => {
            for c in &body.components {
                let required =
                    matches!(c.presence, ir::Presence::Required) && c.extension.is_none();
                edges(&c.ty, mandatory && required, out);
            }
        }
        TypeKind::Choice(body) => {
            let only = body.components.len() == 1;
            for c in &body.components {
                edges(&c.ty, mandatory && only, out);
            }
        }
        TypeKind::SequenceOf(of) | TypeKind::SetOf(of) => edges(&of.element, false, out),
        TypeKind::OpenType { table: Some(t), .. } => {
            for row in &t.rows {
                if let Some(ty) = &row.ty {
                    edges(ty, false, out);
                }
            }
        }
        _ => {}
    }
    if let Some(c) = ty.constraints.as_deref().and_then(|c| c.contents.as_ref()) {
        if let Some(t) = &c.containing {
            edges(t, false, out);
        }
    }
}

/// Marks recursive type definitions; returns the names of definitions on a cycle of
/// mandatory references (each reported once, at the first of its cycle), with the
/// cycle's members.
pub(crate) fn mark_recursive(
    modules: &mut [ir::Module],
) -> Vec<(QualifiedName, Vec<QualifiedName>)> {
    let mut graph: BTreeMap<QualifiedName, Vec<(QualifiedName, bool)>> = BTreeMap::new();
    for m in modules.iter() {
        for d in &m.definitions {
            if let ir::DefinitionKind::Type { ty, .. } | ir::DefinitionKind::ValueSet { ty } =
                &d.kind
            {
                let mut out = Vec::new();
                edges(ty, true, &mut out);
                graph.insert(
                    QualifiedName {
                        module: m.name.clone(),
                        name: d.name.clone(),
                    },
                    out,
                );
            }
        }
    }
    let reaches_self = |start: &QualifiedName,
                        only_mandatory: bool|
     -> Option<Vec<QualifiedName>> {
        // Depth-first search from `start` back to itself, keeping the path.
        let mut stack: Vec<(QualifiedName, usize)> = vec![(start.clone(), 0)];
        let mut seen: BTreeSet<QualifiedName> = BTreeSet::new();
        while let Some((node, i)) = stack.pop() {
            let next = graph
                .get(&node)
                .and_then(|e| e.iter().filter(|(_, m)| !only_mandatory || *m).nth(i))
                .map(|(t, _)| t.clone());
            let Some(next) = next else {
                continue;
            };
            stack.push((node, i + 1));
            if next == *start {
                let mut path: Vec<QualifiedName> = stack.iter().map(|(n, _)| n.clone()).collect();
                path.dedup();
                return Some(path);
            }
            if seen.insert(next.clone()) {
                stack.push((next, 0));
            }
        }
        None
    };
    let mut recursive = BTreeSet::new();
    let mut infinite = Vec::new();
    let mut reported: BTreeSet<QualifiedName> = BTreeSet::new();
    for name in graph.keys() {
        if reaches_self(name, false).is_some() {
            recursive.insert(name.clone());
        }
        if !reported.contains(name) {
            if let Some(cycle) = reaches_self(name, true) {
                reported.extend(cycle.iter().cloned());
                infinite.push((name.clone(), cycle));
            }
        }
    }
    for m in modules.iter_mut() {
        for d in &mut m.definitions {
            if let ir::DefinitionKind::Type { recursive: r, .. } = &mut d.kind {
                *r = recursive.contains(&QualifiedName {
                    module: m.name.clone(),
                    name: d.name.clone(),
                });
            }
        }
    }
    infinite
}

/// The diagnostic code for an infinite type.
pub(crate) const INFINITE: Code = Code::CyclicType;
