//! Pass: information object classes (X.681 9) and class field types (X.681 14).

use super::context::{Analyzer, DefId, Env, Resolved};
use super::kinds::{ClassRef, DefKind};
use crate::ast::{self, FieldGovernor};
use crate::diagnostics::Code;
use crate::ir;
use std::rc::Rc;

/// The kind of a field, from its name's case and its governor (X.681 9.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FieldKind {
    Type,
    FixedTypeValue,
    VariableTypeValue,
    FixedTypeValueSet,
    VariableTypeValueSet,
    Object,
    ObjectSet,
}

impl<'a> Analyzer<'a> {
    /// The class definition a class reference denotes, with its assignment and the
    /// environment its fields are analysed under.
    pub fn class_def(&mut self, class: &ClassRef) -> Option<(DefId, &'a ast::ClassDef)> {
        self.class_def_env(class).map(|(id, _, def)| (id, def))
    }

    /// Like [`Analyzer::class_def`], with the parameter environment.
    pub fn class_def_env(&mut self, class: &ClassRef) -> Option<(DefId, Env, &'a ast::ClassDef)> {
        let mut current = class.clone();
        for _ in 0..32 {
            let a = self.assignment(current.id);
            match &a.kind {
                ast::AssignmentKind::Class(def) => return Some((current.id, current.env, def)),
                ast::AssignmentKind::Type(t) => {
                    current = self.class_of_type(current.id.module, &current.env.clone(), t)?;
                }
                _ => return None,
            }
        }
        None
    }

    /// The kind of a field specification.
    pub fn field_kind(&mut self, module: usize, env: &Env, spec: &ast::FieldSpec) -> FieldKind {
        let upper = spec.name.is_upper();
        match (&spec.governor, upper) {
            (None, _) => FieldKind::Type,
            (Some(FieldGovernor::FieldPath(_)), false) => FieldKind::VariableTypeValue,
            (Some(FieldGovernor::FieldPath(_)), true) => FieldKind::VariableTypeValueSet,
            (Some(FieldGovernor::Type(t)), false) => {
                if self.class_of_type(module, env, t).is_some() {
                    FieldKind::Object
                } else {
                    FieldKind::FixedTypeValue
                }
            }
            (Some(FieldGovernor::Type(t)), true) => {
                if self.class_of_type(module, env, t).is_some() {
                    FieldKind::ObjectSet
                } else {
                    FieldKind::FixedTypeValueSet
                }
            }
        }
    }

    /// The field `name` of a class, or a reported error.
    pub fn class_field(
        &mut self,
        class: DefId,
        def: &'a ast::ClassDef,
        name: &ast::Name,
    ) -> Option<&'a ast::FieldSpec> {
        let found = def.fields.iter().find(|f| f.name.text == name.text);
        if found.is_none() {
            let class_name = self.assignment(class).name.text.clone();
            self.error(
                Code::UnknownField,
                name.span,
                format!("class `{class_name}` has no field `{}`", name.text),
            );
        }
        found
    }

    /// The qualified name of the class a reference denotes.
    pub fn class_name_of_reference(
        &mut self,
        module: usize,
        env: &Env,
        r: &ast::Reference,
    ) -> ir::QualifiedName {
        let t = ast::Type {
            kind: ast::TypeKind::Reference(r.clone(), Vec::new()),
            constraints: Vec::new(),
            span: r.span,
        };
        match self
            .class_of_type(module, env, &t)
            .and_then(|c| self.class_def(&c))
        {
            Some((id, _)) => self.qualified(id),
            None => {
                self.error(
                    Code::TypeMismatch,
                    r.span,
                    format!("`{}` is not a class", r.text()),
                );
                ir::QualifiedName {
                    module: String::new(),
                    name: r.text(),
                }
            }
        }
    }

    /// The class (and the field path after it) that a field reference starts from:
    /// `CLASS.&f`, or a dummy bound to a class.
    pub fn class_of_field_reference(
        &mut self,
        module: usize,
        env: &Env,
        r: &ast::Reference,
    ) -> Option<(DefId, Env, &'a ast::ClassDef)> {
        let first = r.segments.first()?;
        let head = ast::Reference {
            segments: vec![first.clone()],
            span: first.span,
        };
        let t = ast::Type {
            kind: ast::TypeKind::Reference(head, Vec::new()),
            constraints: Vec::new(),
            span: first.span,
        };
        let class = self.class_of_type(module, env, &t)?;
        self.class_def_env(&class)
    }

    /// Follows `CLASS.&obj.&f` to the last field's specification and its class.
    pub fn field_at_path(
        &mut self,
        class: (DefId, Env, &'a ast::ClassDef),
        path: &[ast::Name],
    ) -> Option<(DefId, Env, &'a ast::FieldSpec)> {
        let (mut id, mut env, mut def) = class;
        let (last, init) = path.split_last()?;
        for seg in init {
            let spec = self.class_field(id, def, seg)?;
            let Some(FieldGovernor::Type(t)) = &spec.governor else {
                self.error(
                    Code::UnknownField,
                    seg.span,
                    format!("`{}` is not an object field", seg.text),
                );
                return None;
            };
            let next = self.class_of_type(id.module, &env, t)?;
            (id, env, def) = self.class_def_env(&next)?;
        }
        let spec = self.class_field(id, def, last)?;
        Some((id, env, spec))
    }

    /// The type notation of a fixed-type value or value set field, in its class's scope.
    pub fn field_type_of(
        &mut self,
        module: usize,
        env: &Env,
        r: &ast::Reference,
    ) -> Option<(usize, Env, ast::Type)> {
        self.quiet += 1;
        let result = (|| {
            let class = self.class_of_field_reference(module, env, r)?;
            let (class_id, class_env, spec) = self.field_at_path(class, r.segments.get(1..)?)?;
            match (
                &spec.governor,
                self.field_kind(class_id.module, &class_env, spec),
            ) {
                (
                    Some(FieldGovernor::Type(t)),
                    FieldKind::FixedTypeValue | FieldKind::FixedTypeValueSet,
                ) => Some((class_id.module, class_env.clone(), t.clone())),
                _ => None,
            }
        })();
        self.quiet -= 1;
        result
    }

    /// Lowers a type written as a field reference: `CLASS.&Type` (an open type),
    /// `CLASS.&id` (the field's type), or `object.&Type` (the object's setting).
    pub fn lower_field_type(&mut self, module: usize, env: &Env, r: &ast::Reference) -> ir::Type {
        let open = |field: String| {
            super::types::plain(
                ir::TypeKind::OpenType {
                    field: Some(field),
                    defined_by: None,
                    table: None,
                },
                None,
            )
        };
        if let Some(class) = self.class_of_field_reference(module, env, r) {
            let path = r.segments.get(1..).unwrap_or(&[]);
            let Some((class_id, class_env, spec)) = self.field_at_path(class, path) else {
                return super::types::null_type();
            };
            let class_name = self.qualified(class_id).name;
            let field_text = format!("{class_name}.{}", spec.name.text);
            return match (
                &spec.governor,
                self.field_kind(class_id.module, &class_env, spec),
            ) {
                (
                    Some(FieldGovernor::Type(t)),
                    FieldKind::FixedTypeValue | FieldKind::FixedTypeValueSet,
                ) => {
                    let t = t.clone();
                    self.lower_type(class_id.module, &class_env, &t)
                }
                (
                    _,
                    FieldKind::Type
                    | FieldKind::VariableTypeValue
                    | FieldKind::VariableTypeValueSet,
                ) => open(field_text),
                _ => {
                    self.error(
                        Code::TypeMismatch,
                        r.span,
                        format!(
                            "`{}` is an object or object set field, not a type",
                            r.text()
                        ),
                    );
                    super::types::null_type()
                }
            };
        }
        // `object.&Type`: the object's setting.
        match self
            .resolve_reference(module, env, r)
            .map(|(res, rest)| (res, rest.to_vec()))
        {
            Some((Resolved::Def(id), rest))
                if self.def_kind(id) == DefKind::Object && rest.len() == 1 =>
            {
                let object = self.object_of_def(id);
                let field = &rest[0];
                match object.and_then(|o| o.fields.iter().find(|(n, _)| *n == field.text).cloned())
                {
                    Some((_, ir::FieldSetting::Type { ty })) => ty,
                    _ => {
                        self.error(
                            Code::UnknownField,
                            field.span,
                            format!("the object has no type setting for `{}`", field.text),
                        );
                        super::types::null_type()
                    }
                }
            }
            Some((Resolved::Def(id), _)) if self.def_kind(id) == DefKind::ObjectSet => {
                open(r.text())
            }
            Some(_) => {
                self.error(
                    Code::TypeMismatch,
                    r.span,
                    format!("`{}` does not denote a type", r.text()),
                );
                super::types::null_type()
            }
            None => super::types::null_type(),
        }
    }

    /// Lowers a class assignment for the IR.
    pub fn lower_class(&mut self, id: DefId) -> Option<Rc<ir::Class>> {
        if let Some(c) = self.classes.get(&id) {
            return c.clone();
        }
        let (class_id, class_env, def) = self.class_def_env(&ClassRef::plain(id))?;
        let mut fields = Vec::new();
        for spec in &def.fields {
            let kind = self.field_kind(class_id.module, &class_env, spec);
            let field_kind = match (kind, &spec.governor) {
                (FieldKind::Type, _) => ir::ClassFieldKind::Type,
                (FieldKind::FixedTypeValue, Some(FieldGovernor::Type(t))) => {
                    ir::ClassFieldKind::FixedTypeValue {
                        ty: self.lower_type(class_id.module, &class_env, t),
                        unique: spec.unique,
                    }
                }
                (FieldKind::FixedTypeValueSet, Some(FieldGovernor::Type(t))) => {
                    ir::ClassFieldKind::FixedTypeValueSet {
                        ty: self.lower_type(class_id.module, &class_env, t),
                    }
                }
                (FieldKind::VariableTypeValue, Some(FieldGovernor::FieldPath(p))) => {
                    ir::ClassFieldKind::VariableTypeValue {
                        type_field: path_text(p),
                    }
                }
                (FieldKind::VariableTypeValueSet, Some(FieldGovernor::FieldPath(p))) => {
                    ir::ClassFieldKind::VariableTypeValueSet {
                        type_field: path_text(p),
                    }
                }
                (FieldKind::Object, Some(FieldGovernor::Type(t))) => ir::ClassFieldKind::Object {
                    class: self.class_name_of_type(class_id.module, t),
                },
                (FieldKind::ObjectSet, Some(FieldGovernor::Type(t))) => {
                    ir::ClassFieldKind::ObjectSet {
                        class: self.class_name_of_type(class_id.module, t),
                    }
                }
                _ => ir::ClassFieldKind::Type,
            };
            let (optional, default) = match &spec.presence {
                ast::FieldPresence::Required => (false, None),
                ast::FieldPresence::Optional => (true, None),
                ast::FieldPresence::Default(t) => (false, Some(self.text(t.span).to_string())),
            };
            fields.push(ir::ClassField {
                name: spec.name.text.clone(),
                kind: field_kind,
                optional,
                default,
                location: self.location(spec.span),
            });
        }
        if let Some(items) = &def.syntax {
            let mut names = Vec::new();
            syntax_fields(items, &mut names);
            for n in names {
                if !def.fields.iter().any(|f| f.name.text == n.text) {
                    self.error(
                        Code::UnknownField,
                        n.span,
                        format!(
                            "WITH SYNTAX names `{}`, which the class does not have",
                            n.text
                        ),
                    );
                }
            }
        }
        let syntax = def.syntax.as_ref().map(|items| syntax_text(items));
        let class = Rc::new(ir::Class { fields, syntax });
        self.classes.insert(id, Some(class.clone()));
        Some(class)
    }

    fn class_name_of_type(&mut self, module: usize, t: &ast::Type) -> ir::QualifiedName {
        match self
            .class_of_type(module, &Env::root(), t)
            .and_then(|c| self.class_def(&c))
        {
            Some((id, _)) => self.qualified(id),
            None => ir::QualifiedName {
                module: String::new(),
                name: self.text(t.span).to_string(),
            },
        }
    }
}

fn path_text(p: &[ast::Name]) -> String {
    p.iter()
        .map(|n| n.text.as_str())
        .collect::<Vec<_>>()
        .join(".")
}

fn syntax_text(items: &[ast::SyntaxItem]) -> String {
    items
        .iter()
        .map(|i| match i {
            ast::SyntaxItem::Literal(n) | ast::SyntaxItem::Field(n) => n.text.clone(),
            ast::SyntaxItem::Optional(inner, _) => format!("[{}]", syntax_text(inner)),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn syntax_fields<'s>(items: &'s [ast::SyntaxItem], out: &mut Vec<&'s ast::Name>) {
    for i in items {
        match i {
            ast::SyntaxItem::Field(n) => out.push(n),
            ast::SyntaxItem::Optional(inner, _) => syntax_fields(inner, out),
            ast::SyntaxItem::Literal(_) => {}
        }
    }
}
