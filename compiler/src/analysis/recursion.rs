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

/// Strongly connected components of a graph over `0..n` (Tarjan's algorithm, iterative
/// so that long chains cannot overflow the stack). Returns each node's component id and
/// whether that component is cyclic (several nodes, or one with a self-loop).
fn components(adjacency: &[Vec<usize>]) -> (Vec<usize>, Vec<bool>) {
    let n = adjacency.len();
    let unvisited = usize::MAX;
    let mut index = vec![unvisited; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut component = vec![unvisited; n];
    let mut cyclic = Vec::new();
    let mut stack = Vec::new();
    let mut next_index = 0usize;
    for root in 0..n {
        if index[root] != unvisited {
            continue;
        }
        // (node, position in its adjacency list)
        let mut work = vec![(root, 0usize)];
        index[root] = next_index;
        low[root] = next_index;
        next_index += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (node, ref mut pos)) = work.last_mut() {
            if let Some(&next) = adjacency[node].get(*pos) {
                *pos += 1;
                if index[next] == unvisited {
                    index[next] = next_index;
                    low[next] = next_index;
                    next_index += 1;
                    stack.push(next);
                    on_stack[next] = true;
                    work.push((next, 0));
                } else if on_stack[next] {
                    low[node] = low[node].min(index[next]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == index[node] {
                let id = cyclic.len();
                let mut size = 0;
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    component[member] = id;
                    size += 1;
                    if member == node {
                        break;
                    }
                }
                cyclic.push(size > 1 || adjacency[node].contains(&node));
            }
        }
    }
    (component, cyclic)
}

/// Marks recursive type definitions; returns the definitions on a cycle of mandatory
/// references (one report per cycle, at its first definition), with the cycle's members.
pub(crate) fn mark_recursive(
    modules: &mut [ir::Module],
) -> Vec<(QualifiedName, Vec<QualifiedName>)> {
    let mut names: Vec<QualifiedName> = Vec::new();
    let mut raw_edges: Vec<Vec<(QualifiedName, bool)>> = Vec::new();
    for m in modules.iter() {
        for d in &m.definitions {
            if let ir::DefinitionKind::Type { ty, .. } | ir::DefinitionKind::ValueSet { ty } =
                &d.kind
            {
                let mut out = Vec::new();
                edges(ty, true, &mut out);
                names.push(QualifiedName {
                    module: m.name.clone(),
                    name: d.name.clone(),
                });
                raw_edges.push(out);
            }
        }
    }
    let position: BTreeMap<&QualifiedName, usize> =
        names.iter().enumerate().map(|(i, q)| (q, i)).collect();
    let mut all = vec![Vec::new(); names.len()];
    let mut mandatory = vec![Vec::new(); names.len()];
    for (i, out) in raw_edges.iter().enumerate() {
        for (target, is_mandatory) in out {
            if let Some(&j) = position.get(target) {
                all[i].push(j);
                if *is_mandatory {
                    mandatory[i].push(j);
                }
            }
        }
    }
    let (all_component, all_cyclic) = components(&all);
    let (m_component, m_cyclic) = components(&mandatory);
    let recursive: BTreeSet<&QualifiedName> = names
        .iter()
        .enumerate()
        .filter(|(i, _)| all_cyclic[all_component[*i]])
        .map(|(_, q)| q)
        .collect();
    let mut infinite = Vec::new();
    let mut reported = BTreeSet::new();
    for (i, name) in names.iter().enumerate() {
        let c = m_component[i];
        if m_cyclic[c] && reported.insert(c) {
            let members = names
                .iter()
                .enumerate()
                .filter(|(j, _)| m_component[*j] == c)
                .map(|(_, q)| q.clone())
                .collect();
            infinite.push((name.clone(), members));
        }
    }
    let recursive: BTreeSet<QualifiedName> = recursive.into_iter().cloned().collect();
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
