//! Pass: lowering every definition of every module into the IR.

use super::context::{Analyzer, DefId, Env};
use super::kinds::DefKind;
use crate::ast::{self, Exports};
use crate::diagnostics::Diagnostic;
use crate::ir;
use std::rc::Rc;

impl<'a> Analyzer<'a> {
    /// The lowered type of a type or value set assignment (memoized). Returns `None`
    /// while the definition is being lowered (a recursive reference) or on error.
    pub fn lower_def(&mut self, id: DefId) -> Option<Rc<ir::Type>> {
        let span = self.assignment(id).name.span;
        if !self.enter_chain(span) {
            return None;
        }
        let result = self.lower_def_inner(id);
        self.leave_chain();
        result
    }

    fn lower_def_inner(&mut self, id: DefId) -> Option<Rc<ir::Type>> {
        if let Some(t) = self.lowered.get(&id) {
            return t.clone();
        }
        if !self.lowering_in_progress.insert(id) {
            return None;
        }
        let a = self.assignment(id);
        // A definition lowered while another is being lowered starts its own nesting.
        let outer_depth = std::mem::replace(&mut self.constructed_depth, 0);
        let result = if !a.params.is_empty() {
            None
        } else {
            match (&a.kind, self.def_kind(id)) {
                (ast::AssignmentKind::Type(t), DefKind::Type) => {
                    Some(self.lower_type(id.module, &Env::root(), t))
                }
                (ast::AssignmentKind::Set { governor, body }, DefKind::ValueSet) => {
                    let mut t = self.lower_type(id.module, &Env::root(), governor);
                    if let Some(specs) = body {
                        self.apply_value_set(id.module, &Env::root(), &mut t, specs);
                    }
                    Some(t)
                }
                _ => None,
            }
        };
        self.constructed_depth = outer_depth;
        let result = result.map(Rc::new);
        self.lowering_in_progress.remove(&id);
        self.lowered.insert(id, result.clone());
        result
    }

    /// The definition a qualified name denotes.
    pub fn def_by_qualified(&self, q: &ir::QualifiedName) -> Option<DefId> {
        let module = *self.by_name.get(q.module.as_str())?;
        let index = *self.modules[module].locals.get(q.name.as_str())?;
        Some(DefId { module, index })
    }

    /// Lowers all modules (the built-in module is left out of the IR).
    pub fn lower_all(&mut self) -> ir::Ir {
        let mut modules = Vec::new();
        // (IR module, IR definition, assignment span), to attach placeholder uses.
        let mut spans = Vec::new();
        let mut header_spans = Vec::new();
        for m in 0..self.modules.len() {
            let ast = self.modules[m].ast;
            if ast.name.text == crate::BUILTIN_MODULE {
                continue;
            }
            let mut definitions = Vec::new();
            for (index, a) in ast.assignments.iter().enumerate() {
                if self.modules[m].locals.get(a.name.text.as_str()) != Some(&index) {
                    continue;
                }
                let id = DefId { module: m, index };
                if let Some(kind) = self.lower_definition(id) {
                    definitions.push(ir::Definition {
                        name: a.name.text.clone(),
                        location: self.location(a.name.span),
                        asn1: self.text(a.span).to_string(),
                        kind,
                        // Filled in below, once every value has been evaluated.
                        placeholders: Vec::new(),
                    });
                    spans.push((modules.len(), definitions.len() - 1, a.span));
                }
            }
            let oid = ast
                .oid
                .as_ref()
                .and_then(|components| self.module_oid(m, components));
            if let Some(oid) = &oid {
                let arcs: Vec<u64> = oid.split('.').filter_map(|a| a.parse().ok()).collect();
                let bad = match arcs.as_slice() {
                    [first, ..] if *first > 2 => {
                        Some(format!("the first arc is {first}; it must be 0, 1 or 2"))
                    }
                    [first, second, ..] if *first < 2 && *second > 39 => Some(format!(
                        "under arc {first} the second arc is at most 39, not {second}"
                    )),
                    _ => None,
                };
                if let Some(message) = bad {
                    self.error(
                        crate::Code::BadOid,
                        ast.name_span,
                        format!("the module identifier is not a valid OID: {message}"),
                    );
                }
            }
            header_spans.push(
                ast.assignments
                    .first()
                    .map_or(ast.name_span, |a| ast::Span {
                        file: ast.name_span.file,
                        start: ast.name_span.start,
                        end: a.span.start,
                    }),
            );
            modules.push(ir::Module {
                placeholders: Vec::new(),
                name: ast.name.text.clone(),
                oid,
                iri: ast.iri.clone(),
                tag_default: self.modules[m].tag_default,
                extensibility_implied: ast.extensibility_implied,
                location: self.location(ast.name_span),
                imports: ast
                    .imports
                    .iter()
                    .map(|i| ir::Import {
                        module: i.module.text.clone(),
                        symbols: i.symbols.iter().map(|s| s.text.clone()).collect(),
                    })
                    .collect(),
                exports: match &ast.exports {
                    Exports::All => None,
                    Exports::Symbols(s) => Some(s.iter().map(|n| n.text.clone()).collect()),
                },
                definitions,
            });
        }
        for (m, d, span) in spans {
            modules[m].definitions[d].placeholders = self.placeholders_in(span);
        }
        for (m, span) in header_spans.into_iter().enumerate() {
            modules[m].placeholders = self.placeholders_in(span);
        }
        for (name, cycle) in super::recursion::mark_recursive(&mut modules) {
            if let Some(id) = self.def_by_qualified(&name) {
                let span = self.assignment(id).name.span;
                let path: Vec<String> = cycle.iter().map(|q| q.name.clone()).collect();
                self.report(
                    Diagnostic::new(
                        super::recursion::INFINITE,
                        span,
                        format!(
                            "`{}` contains itself with no way to stop ({})",
                            name.name,
                            path.join(" -> ")
                        ),
                    )
                    .with_note(
                        "make a component on the cycle OPTIONAL, or use SEQUENCE OF or CHOICE",
                    ),
                );
            }
        }
        ir::Ir { modules }
    }

    fn lower_definition(&mut self, id: DefId) -> Option<ir::DefinitionKind> {
        let a = self.assignment(id);
        let kind = self.def_kind(id);
        if !a.params.is_empty() {
            return Some(ir::DefinitionKind::Parameterized {
                of: kind
                    .describe()
                    .trim_start_matches("a ")
                    .trim_start_matches("an ")
                    .to_string(),
                parameters: a.params.iter().map(|p| p.name.text.clone()).collect(),
            });
        }
        Some(match kind {
            DefKind::Type => ir::DefinitionKind::Type {
                ty: (*self.lower_def(id)?).clone(),
                recursive: false,
                instance_of: None,
            },
            DefKind::ValueSet => ir::DefinitionKind::ValueSet {
                ty: (*self.lower_def(id)?).clone(),
            },
            DefKind::Value => {
                let ast::AssignmentKind::Value { governor, .. } = &a.kind else {
                    return None;
                };
                let ty = self.lower_type(id.module, &Env::root(), governor);
                let value = self.value_of_def(id)?;
                ir::DefinitionKind::Value { ty, value }
            }
            DefKind::Class => ir::DefinitionKind::Class((*self.lower_class(id)?).clone()),
            DefKind::Object => {
                let ast::AssignmentKind::Value { governor, .. } = &a.kind else {
                    return None;
                };
                let class = self
                    .class_of_type(id.module, &Env::root(), governor)
                    .and_then(|c| self.class_def(&c))
                    .map(|(cid, _)| self.qualified(cid))?;
                ir::DefinitionKind::Object {
                    class,
                    object: (*self.object_of_def(id)?).clone(),
                }
            }
            DefKind::ObjectSet => {
                let ast::AssignmentKind::Set { governor, .. } = &a.kind else {
                    return None;
                };
                let class = self
                    .class_of_type(id.module, &Env::root(), governor)
                    .and_then(|c| self.class_def(&c))
                    .map(|(cid, _)| self.qualified(cid))?;
                ir::DefinitionKind::ObjectSet {
                    class,
                    set: (*self.object_set_of_def(id)?).clone(),
                }
            }
        })
    }

    /// The module's definitive OID, dotted (when all its arcs are numbers or known names).
    fn module_oid(&mut self, m: usize, components: &[ast::OidComponentAst]) -> Option<String> {
        let mut arcs: Vec<String> = Vec::new();
        for c in components {
            match c {
                ast::OidComponentAst::Number(n, _) => arcs.push(n.to_string()),
                ast::OidComponentAst::NameAndNumber(_, ast::NumberOrRef::Number(n, _)) => {
                    arcs.push(n.to_string())
                }
                ast::OidComponentAst::NameAndNumber(_, ast::NumberOrRef::Ref(r)) => {
                    arcs.push(self.integer_of_reference(m, &Env::root(), r)?.to_string());
                }
                ast::OidComponentAst::Name(r) => match r.as_simple()?.text.as_str() {
                    "itu-t" | "ccitt" => arcs.push("0".into()),
                    "iso" => arcs.push("1".into()),
                    "joint-iso-itu-t" | "joint-iso-ccitt" => arcs.push("2".into()),
                    _ => return None,
                },
            }
        }
        Some(arcs.join("."))
    }
}
