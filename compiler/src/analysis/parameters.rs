//! Pass: instantiating parameterized assignments (X.683): dummy references are bound to
//! actual parameters in a lexical environment and the template is analysed under it.

use super::context::{Analyzer, Binding, DefId, Env};
use super::kinds::ClassRef;
use crate::ast;
use crate::diagnostics::{Code, Diagnostic};
use crate::ir;

impl<'a> Analyzer<'a> {
    /// Binds a template's dummy parameters to `args` written in `module` under `env`.
    pub fn bind_parameters(
        &mut self,
        module: usize,
        env: &Env,
        id: DefId,
        args: &[ast::ActualParameter],
        span: ast::Span,
    ) -> Option<Env> {
        let a = self.assignment(id);
        if a.params.len() != args.len() {
            self.report(
                Diagnostic::new(
                    Code::ParameterCount,
                    span,
                    format!(
                        "`{}` takes {} parameter{}, but {} {} given",
                        a.name.text,
                        a.params.len(),
                        if a.params.len() == 1 { "" } else { "s" },
                        args.len(),
                        if args.len() == 1 { "is" } else { "are" }
                    ),
                )
                .with_secondary(a.name.span, "defined here"),
            );
            return None;
        }
        let bindings = a
            .params
            .iter()
            .zip(args)
            .map(|(p, actual)| {
                (
                    p.name.text.clone(),
                    Binding {
                        actual: actual.clone(),
                        module,
                        env: env.clone(),
                    },
                )
            })
            .collect();
        let inner = Env::root_with(bindings, env.depth() + 1);
        // A value parameter's actual must be a value of its governor (X.683 8.3).
        for (p, actual) in a.params.iter().zip(args) {
            let Some(governor) = &p.governor else {
                continue;
            };
            if p.name.is_upper() || self.class_of_type(id.module, &inner, governor).is_some() {
                continue;
            }
            let value = match actual {
                ast::ActualParameter::Value(v) => v.clone(),
                ast::ActualParameter::Braced(b) => ast::Value {
                    kind: ast::ValueKind::Braced(b.clone()),
                    span: b.span,
                },
                ast::ActualParameter::Type(t) => match &t.kind {
                    ast::TypeKind::Reference(r, _) if !r.segments.iter().any(|s| s.is_upper()) => {
                        ast::Value {
                            kind: ast::ValueKind::Reference(r.clone(), Vec::new()),
                            span: t.span,
                        }
                    }
                    _ => {
                        self.error(
                            Code::TypeMismatch,
                            t.span,
                            format!("`{}` expects a value here, not a type", p.name.text),
                        );
                        continue;
                    }
                },
            };
            let governor_type = self.lower_type(id.module, &inner, governor);
            let name = p.name.text.clone();
            self.relabel(
                Code::TypeMismatch,
                &format!("the actual parameter for `{name}`"),
                |this| this.eval_value(module, env, &value, &governor_type),
            );
        }
        Some(inner)
    }

    /// Lowers an instance of a parameterized type.
    pub fn instantiate_type(
        &mut self,
        module: usize,
        env: &Env,
        id: DefId,
        args: &[ast::ActualParameter],
        span: ast::Span,
    ) -> ir::Type {
        let Some(inner) = self.bind_parameters(module, env, id, args, span) else {
            return super::types::null_type();
        };
        let a = self.assignment(id);
        let instance = ir::Instance {
            template: self.qualified(id),
            arguments: args
                .iter()
                .map(|arg| self.argument_text(env, arg))
                .collect(),
        };
        let mut ty = match &a.kind {
            ast::AssignmentKind::Type(t) => self.lower_type(id.module, &inner, t),
            ast::AssignmentKind::Set { governor, body } => {
                let mut t = self.lower_type(id.module, &inner, governor);
                if let Some(specs) = body {
                    self.apply_value_set(id.module, &inner, &mut t, specs);
                }
                t
            }
            _ => return super::types::null_type(),
        };
        ty.instance = Some(Box::new(instance));
        ty
    }

    /// The text of an actual parameter with the dummy references in it replaced by what
    /// they are bound to, so that instances made inside a template name their real
    /// arguments (`Extension{{CertExtensions}}`, not `Extension{{ExtensionSet}}`).
    fn argument_text(&self, env: &Env, arg: &ast::ActualParameter) -> String {
        let text = self.text(arg.span());
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find(|c: char| c.is_ascii_alphabetic()) {
            out.push_str(&rest[..start]);
            let word = &rest[start..];
            let len = word
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .unwrap_or(word.len());
            let (ident, tail) = word.split_at(len);
            match env.lookup(ident) {
                // The binding's own environment is outside this one: no cycle.
                Some(b) => out.push_str(&self.argument_text(&b.env, &b.actual)),
                None => out.push_str(ident),
            }
            rest = tail;
        }
        out.push_str(rest);
        out
    }

    /// Applies a value set's body to its governor's type, as the constraint that defines
    /// the set.
    pub fn apply_value_set(
        &mut self,
        module: usize,
        env: &Env,
        ty: &mut ir::Type,
        specs: &ast::ElementSetSpecs,
    ) {
        let c = ast::Constraint {
            kind: ast::ConstraintKind::ElementSet(specs.clone()),
            exception: None,
            span: specs.span,
        };
        self.apply_constraints(module, env, ty, std::slice::from_ref(&c), None);
        self.finish_integer(ty);
    }

    /// The objects of an instance of a parameterized object set.
    pub fn instantiate_object_set(
        &mut self,
        module: usize,
        env: &Env,
        id: DefId,
        args: &[ast::ActualParameter],
        span: ast::Span,
    ) -> Option<ir::ObjectSet> {
        let inner = self.bind_parameters(module, env, id, args, span)?;
        let a = self.assignment(id);
        let ast::AssignmentKind::Set { governor, body } = &a.kind else {
            return None;
        };
        let class: ClassRef = self.class_of_type(id.module, &inner, governor)?;
        Some(match body {
            Some(specs) => self.object_set(id.module, &inner, &class, specs),
            None => ir::ObjectSet {
                objects: Vec::new(),
                extensible: false,
            },
        })
    }
}
