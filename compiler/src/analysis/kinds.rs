//! Pass: what each assignment defines. The grammar cannot tell a type from a class, a
//! value from an object, or a value set from an object set; the governor decides.

use super::context::{Analyzer, DefId, Env, Resolved};
use crate::ast::{self, AssignmentKind, TypeKind};

/// What an assignment defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DefKind {
    Type,
    Class,
    Value,
    Object,
    ValueSet,
    ObjectSet,
}

impl DefKind {
    pub fn describe(self) -> &'static str {
        match self {
            DefKind::Type => "a type",
            DefKind::Class => "a class",
            DefKind::Value => "a value",
            DefKind::Object => "an object",
            DefKind::ValueSet => "a value set",
            DefKind::ObjectSet => "an object set",
        }
    }
}

/// A reference to an information object class: the class assignment and, for an
/// instance of a parameterized class, the bindings of its parameters.
#[derive(Clone)]
pub(crate) struct ClassRef {
    /// The class assignment (possibly by way of `A ::= B` between classes).
    pub id: DefId,
    /// The parameter bindings the class's fields are analysed under.
    pub env: Env,
}

impl ClassRef {
    /// A class without parameters.
    pub fn plain(id: DefId) -> Self {
        ClassRef {
            id,
            env: Env::root(),
        }
    }
}

impl<'a> Analyzer<'a> {
    /// What the assignment `id` defines (memoized).
    pub fn def_kind(&mut self, id: DefId) -> DefKind {
        if let Some(k) = self.kinds.get(&id) {
            return *k;
        }
        if !self.kinds_in_progress.insert(id) {
            return DefKind::Type;
        }
        let a = self.assignment(id);
        let env = self.template_env(id);
        let kind = match &a.kind {
            AssignmentKind::Class(_) => DefKind::Class,
            AssignmentKind::Type(t) => {
                if self.class_of_type(id.module, &env, t).is_some() {
                    DefKind::Class
                } else {
                    DefKind::Type
                }
            }
            AssignmentKind::Set { governor, .. } => {
                if self.class_of_type(id.module, &env, governor).is_some() {
                    DefKind::ObjectSet
                } else {
                    DefKind::ValueSet
                }
            }
            AssignmentKind::Value { governor, .. } => {
                if self.class_of_type(id.module, &env, governor).is_some() {
                    DefKind::Object
                } else {
                    DefKind::Value
                }
            }
        };
        self.kinds_in_progress.remove(&id);
        self.kinds.insert(id, kind);
        kind
    }

    /// An environment binding a template's dummy parameters to nothing, so that names in
    /// a template resolve to its parameters rather than to module-level names.
    pub fn template_env(&self, id: DefId) -> Env {
        let a = self.assignment(id);
        if a.params.is_empty() {
            return Env::root();
        }
        let bindings = a
            .params
            .iter()
            .map(|p| {
                let governor_is_class_like = p.governor.is_some();
                let _ = governor_is_class_like;
                (
                    p.name.text.clone(),
                    super::context::Binding {
                        actual: ast::ActualParameter::Type(placeholder_type(p)),
                        module: id.module,
                        env: Env::root(),
                    },
                )
            })
            .collect();
        Env::root().extend(bindings)
    }

    /// The class a type notation denotes, if it denotes one.
    pub fn class_of_type(&mut self, module: usize, env: &Env, ty: &ast::Type) -> Option<ClassRef> {
        let TypeKind::Reference(r, args) = &ty.kind else {
            return None;
        };
        if r.segments.iter().any(|s| s.text.starts_with('&')) {
            return None;
        }
        let resolved = self.resolve_reference_quiet(module, env, r)?;
        match resolved {
            Resolved::Def(id) => match self.def_kind(id) {
                DefKind::Class => {
                    if self.assignment(id).params.is_empty() {
                        Some(ClassRef::plain(id))
                    } else {
                        let env = self.bind_parameters(module, env, id, args, r.span)?;
                        Some(ClassRef { id, env })
                    }
                }
                _ => None,
            },
            Resolved::BuiltinClass(name) => self.builtin_class(name).map(ClassRef::plain),
            Resolved::Param(b) => match &b.actual {
                ast::ActualParameter::Type(t) if is_placeholder(t) => {
                    // An unbound dummy: a class only if its name is all upper case.
                    let name = r.segments.first().map(|s| s.text.as_str()).unwrap_or("");
                    let looks_like_class = name
                        .chars()
                        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-');
                    looks_like_class
                        .then(|| self.builtin_class("TYPE-IDENTIFIER"))?
                        .map(ClassRef::plain)
                }
                ast::ActualParameter::Type(t) => {
                    let t = t.clone();
                    self.class_of_type(b.module, &b.env, &t)
                }
                _ => None,
            },
        }
    }

    /// Resolves without reporting unresolved names (used while classifying, where the
    /// same reference is resolved again, with reporting, when it is lowered).
    pub fn resolve_reference_quiet(
        &mut self,
        module: usize,
        env: &Env,
        r: &ast::Reference,
    ) -> Option<Resolved> {
        self.quiet += 1;
        let result = self.resolve_reference(module, env, r).map(|(res, _)| res);
        self.quiet -= 1;
        result
    }

    /// The definition of TYPE-IDENTIFIER or ABSTRACT-SYNTAX in the built-in module.
    pub fn builtin_class(&self, name: &str) -> Option<DefId> {
        let m = *self.by_name.get(crate::BUILTIN_MODULE)?;
        let local = match name {
            "TYPE-IDENTIFIER" => "TYPE-IDENTIFIER-CLASS",
            _ => "ABSTRACT-SYNTAX-CLASS",
        };
        let index = *self.modules[m].locals.get(local)?;
        Some(DefId { module: m, index })
    }
}

/// A placeholder standing for an unbound dummy parameter inside a template.
fn placeholder_type(p: &ast::Parameter) -> ast::Type {
    ast::Type {
        kind: TypeKind::Reference(
            ast::Reference {
                segments: vec![ast::Name {
                    text: format!("\u{0}{}", p.name.text),
                    span: p.name.span,
                }],
                span: p.name.span,
            },
            Vec::new(),
        ),
        constraints: Vec::new(),
        span: p.name.span,
    }
}

/// True for the placeholder of an unbound dummy parameter.
pub(crate) fn is_placeholder(t: &ast::Type) -> bool {
    matches!(&t.kind, TypeKind::Reference(r, _)
        if r.segments.first().is_some_and(|s| s.text.starts_with('\u{0}')))
}
