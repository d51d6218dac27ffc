//! Pass: information objects (default and defined syntax, X.681 10-11) and object sets.

use super::classes::FieldKind;
use super::context::{Analyzer, DefId, Env, Resolved};
use super::kinds::{ClassRef, DefKind};
use crate::ast::{self, ElementKind, ElementSet, SyntaxItem, Token};
use crate::diagnostics::{Code, Diagnostic};
use crate::ir;
use std::rc::Rc;

/// A field setting found in an object definition: the field and its tokens.
struct RawSetting<'t> {
    field: String,
    tokens: &'t [Token],
}

impl<'a> Analyzer<'a> {
    /// The object defined by an object assignment (memoized).
    pub fn object_of_def(&mut self, id: DefId) -> Option<Rc<ir::Object>> {
        if let Some(o) = self.objects.get(&id) {
            return o.clone();
        }
        if !self.objects_in_progress.insert(id) {
            let a = self.assignment(id);
            self.error(
                Code::CyclicValue,
                a.name.span,
                "this object is defined in terms of itself",
            );
            return None;
        }
        let a = self.assignment(id);
        let result = match &a.kind {
            ast::AssignmentKind::Value { governor, value } if a.params.is_empty() => {
                let class = self.class_of_type(id.module, &Env::root(), governor);
                class.and_then(|c| self.object_from_value(id.module, &Env::root(), &c, value))
            }
            _ => None,
        };
        let result = result.map(Rc::new);
        self.objects_in_progress.remove(&id);
        self.objects.insert(id, result.clone());
        result
    }

    /// An object of `class` written as `value` (braced definition or reference).
    pub fn object_from_value(
        &mut self,
        module: usize,
        env: &Env,
        class: &ClassRef,
        value: &ast::Value,
    ) -> Option<ir::Object> {
        match &value.kind {
            ast::ValueKind::Braced(b) => self.object_from_braced(module, env, class, b),
            ast::ValueKind::Reference(r, _) => match self.resolve_reference(module, env, r)?.0 {
                Resolved::Def(id) if self.def_kind(id) == DefKind::Object => {
                    self.object_of_def(id).map(|o| (*o).clone())
                }
                Resolved::Param(b) => match &b.actual {
                    ast::ActualParameter::Braced(br) => {
                        let br = br.clone();
                        self.object_from_braced(b.module, &b.env, class, &br)
                    }
                    ast::ActualParameter::Value(v) => {
                        let v = v.clone();
                        self.object_from_value(b.module, &b.env, class, &v)
                    }
                    _ => None,
                },
                _ => {
                    self.error(
                        Code::TypeMismatch,
                        r.span,
                        format!("`{}` is not an object", r.text()),
                    );
                    None
                }
            },
            _ => {
                self.error(
                    Code::ObjectSyntax,
                    value.span,
                    "an object is written in braces or named",
                );
                None
            }
        }
    }

    /// Parses `{ ... }` as an object of `class`, in default syntax (`&field setting, ...`)
    /// or the class's defined syntax.
    pub fn object_from_braced(
        &mut self,
        module: usize,
        env: &Env,
        class: &ClassRef,
        b: &ast::Braced,
    ) -> Option<ir::Object> {
        let (class_id, class_env, def) = self.class_def_env(class)?;
        let default_syntax = b.tokens.first().is_none_or(|t| t.text.starts_with('&'));
        let settings = match (&def.syntax, default_syntax) {
            (Some(syntax), false) => self.match_defined_syntax(syntax, &b.tokens, b.span)?,
            _ => self.match_default_syntax(&b.tokens, b.span)?,
        };
        let mut fields = Vec::new();
        for spec in &def.fields {
            let setting = settings.iter().find(|s| s.field == spec.name.text);
            let Some(setting) = setting else {
                if matches!(spec.presence, ast::FieldPresence::Required) {
                    self.report(
                        Diagnostic::new(
                            Code::ObjectSyntax,
                            b.span,
                            format!(
                                "the object does not set `{}`, which its class requires",
                                spec.name.text
                            ),
                        )
                        .with_secondary(spec.span, "field declared here"),
                    );
                }
                continue;
            };
            let value = self.field_setting(
                module,
                env,
                (class_id, &class_env),
                spec,
                setting.tokens,
                &fields,
            );
            fields.push((spec.name.text.clone(), value));
        }
        for s in &settings {
            if !def.fields.iter().any(|f| f.name.text == s.field) {
                if let Some(t) = s.tokens.first() {
                    self.error(
                        Code::UnknownField,
                        t.span,
                        format!("the class has no field `{}`", s.field),
                    );
                }
            }
        }
        Some(ir::Object { fields })
    }

    fn field_setting(
        &mut self,
        module: usize,
        env: &Env,
        (class_id, class_env): (DefId, &Env),
        spec: &ast::FieldSpec,
        tokens: &[Token],
        earlier: &[(String, ir::FieldSetting)],
    ) -> ir::FieldSetting {
        let (Some(first), Some(last)) = (tokens.first(), tokens.last()) else {
            return ir::FieldSetting::Other {
                text: String::new(),
            };
        };
        let span = first.span.to(last.span);
        let text = self.file_text(span.file);
        let other = ir::FieldSetting::Other {
            text: self.text(span).to_string(),
        };
        match self.field_kind(class_id.module, class_env, spec) {
            FieldKind::Type => match crate::parse::reparse_type(text, span) {
                Ok(t) => ir::FieldSetting::Type {
                    ty: self.lower_type(module, env, &t),
                },
                Err(d) => {
                    self.report(Diagnostic {
                        code: Code::ObjectSyntax,
                        message: format!("the setting of `{}` is not a type", spec.name.text),
                        ..d
                    });
                    other
                }
            },
            FieldKind::FixedTypeValue => {
                let Some(ast::FieldGovernor::Type(t)) = &spec.governor else {
                    return other;
                };
                let field_type = self.lower_type(class_id.module, class_env, t);
                self.setting_value(module, env, span, &field_type)
                    .unwrap_or(other)
            }
            FieldKind::VariableTypeValue => {
                let Some(ast::FieldGovernor::FieldPath(p)) = &spec.governor else {
                    return other;
                };
                let type_field = p.first().map(|n| n.text.clone()).unwrap_or_default();
                let ty = earlier.iter().find_map(|(n, s)| match s {
                    ir::FieldSetting::Type { ty } if *n == type_field => Some(ty.clone()),
                    _ => None,
                });
                match ty {
                    Some(ty) => self.setting_value(module, env, span, &ty).unwrap_or(other),
                    None => other,
                }
            }
            _ => other,
        }
    }

    fn setting_value(
        &mut self,
        module: usize,
        env: &Env,
        span: ast::Span,
        ty: &ir::Type,
    ) -> Option<ir::FieldSetting> {
        let text = self.file_text(span.file);
        match crate::parse::reparse_value(text, span) {
            Ok(v) => self
                .eval_value(module, env, &v, ty)
                .map(|value| ir::FieldSetting::Value { value }),
            Err(d) => {
                self.report(Diagnostic {
                    code: Code::ObjectSyntax,
                    ..d
                });
                None
            }
        }
    }

    fn match_default_syntax<'t>(
        &mut self,
        tokens: &'t [Token],
        span: ast::Span,
    ) -> Option<Vec<RawSetting<'t>>> {
        let mut settings = Vec::new();
        for part in tokens.split(|t| t.text == "," && !t.is_group) {
            if part.is_empty() {
                continue;
            }
            let (head, rest) = part.split_first()?;
            if !head.text.starts_with('&') || rest.is_empty() {
                self.error(
                    Code::ObjectSyntax,
                    head.span.to(span),
                    "expected `&field setting` in the object's default syntax",
                );
                return None;
            }
            settings.push(RawSetting {
                field: head.text.clone(),
                tokens: rest,
            });
        }
        Some(settings)
    }

    fn match_defined_syntax<'t>(
        &mut self,
        syntax: &[SyntaxItem],
        tokens: &'t [Token],
        span: ast::Span,
    ) -> Option<Vec<RawSetting<'t>>> {
        let mut pos = 0usize;
        let mut settings = Vec::new();
        if let Err((at, message)) = match_items(syntax, tokens, &mut pos, &mut settings, &[]) {
            let at_span = tokens.get(at).map_or(span, |t| t.span);
            self.error(Code::ObjectSyntax, at_span, message);
            return None;
        }
        if let Some(t) = tokens.get(pos) {
            self.error(
                Code::ObjectSyntax,
                t.span,
                format!("`{}` does not fit the class's WITH SYNTAX", t.text),
            );
            return None;
        }
        Some(settings)
    }

    /// The objects of an object set assignment (memoized).
    pub fn object_set_of_def(&mut self, id: DefId) -> Option<Rc<ir::ObjectSet>> {
        if let Some(s) = self.object_sets.get(&id) {
            return s.clone();
        }
        if !self.object_sets_in_progress.insert(id) {
            return None;
        }
        let a = self.assignment(id);
        let result = match &a.kind {
            ast::AssignmentKind::Set { governor, body } if a.params.is_empty() => {
                let class = self.class_of_type(id.module, &Env::root(), governor);
                class.map(|c| match body {
                    Some(specs) => self.object_set(id.module, &Env::root(), &c, specs),
                    None => ir::ObjectSet {
                        objects: Vec::new(),
                        extensible: false,
                    },
                })
            }
            _ => None,
        };
        let result = result.map(Rc::new);
        self.object_sets_in_progress.remove(&id);
        self.object_sets.insert(id, result.clone());
        result
    }

    /// Flattens element set specs into the objects of `class`.
    pub fn object_set(
        &mut self,
        module: usize,
        env: &Env,
        class: &ClassRef,
        specs: &ast::ElementSetSpecs,
    ) -> ir::ObjectSet {
        let mut set = ir::ObjectSet {
            objects: Vec::new(),
            extensible: specs.extensible,
        };
        for part in [&specs.root, &specs.additional].into_iter().flatten() {
            self.collect_set(module, env, class, part, &mut set);
        }
        set
    }

    fn collect_set(
        &mut self,
        module: usize,
        env: &Env,
        class: &ClassRef,
        es: &ElementSet,
        out: &mut ir::ObjectSet,
    ) {
        let ElementSet::Union(unions) = es else {
            return;
        };
        for intersection in unions {
            // Intersections of object sets are rare; the first operand is taken.
            if let Some(ie) = intersection.first() {
                self.collect_element(module, env, class, &ie.element, out);
            }
        }
    }

    fn collect_element(
        &mut self,
        module: usize,
        env: &Env,
        class: &ClassRef,
        e: &ast::Element,
        out: &mut ir::ObjectSet,
    ) {
        match &e.kind {
            ElementKind::Braced(b) => {
                if let Some(object) = self.object_from_braced(module, env, class, b) {
                    out.objects.push(ir::ObjectSetEntry { name: None, object });
                }
            }
            ElementKind::Nested(set) => self.collect_set(module, env, class, set, out),
            ElementKind::Value(v) => match &v.kind {
                ast::ValueKind::Reference(r, args) => {
                    self.collect_reference(module, env, class, r, args, out)
                }
                _ => self.error(
                    Code::TypeMismatch,
                    v.span,
                    "expected an object or object set",
                ),
            },
            ElementKind::Type(t) => {
                if let ast::TypeKind::Reference(r, args) = &t.kind {
                    self.collect_reference(module, env, class, r, args, out);
                }
            }
            _ => self.error(
                Code::TypeMismatch,
                e.span,
                "expected an object or object set",
            ),
        }
    }

    fn collect_reference(
        &mut self,
        module: usize,
        env: &Env,
        class: &ClassRef,
        r: &ast::Reference,
        args: &[ast::ActualParameter],
        out: &mut ir::ObjectSet,
    ) {
        let Some((resolved, rest)) = self.resolve_reference(module, env, r) else {
            return;
        };
        if !rest.is_empty() {
            // `object.&ObjectSetField`: kept out of the table (its objects are not
            // expanded by this compiler yet).
            out.extensible = true;
            return;
        }
        match resolved {
            Resolved::Def(id) => match self.def_kind(id) {
                DefKind::Object => {
                    if let Some(o) = self.object_of_def(id) {
                        let name = Some(self.qualified(id));
                        if !out.objects.iter().any(|e| e.name == name) {
                            out.objects.push(ir::ObjectSetEntry {
                                name,
                                object: (*o).clone(),
                            });
                        }
                    }
                }
                DefKind::ObjectSet => {
                    let a = self.assignment(id);
                    let set = if a.params.is_empty() {
                        self.object_set_of_def(id).map(|s| (*s).clone())
                    } else {
                        self.instantiate_object_set(module, env, id, args, r.span)
                    };
                    if let Some(set) = set {
                        for entry in set.objects {
                            if entry.name.is_none()
                                || !out.objects.iter().any(|e| e.name == entry.name)
                            {
                                out.objects.push(entry);
                            }
                        }
                        out.extensible |= set.extensible;
                    }
                }
                other => self.error(
                    Code::TypeMismatch,
                    r.span,
                    format!(
                        "`{}` is {}, not an object or object set",
                        r.text(),
                        other.describe()
                    ),
                ),
            },
            Resolved::Param(b) => match &b.actual {
                ast::ActualParameter::Braced(br) => {
                    let text = self.file_text(br.span.file);
                    match crate::parse::reparse_braced_set(text, br.span) {
                        Ok(Some(specs)) => {
                            let set = self.object_set(b.module, &b.env, class, &specs);
                            out.objects.extend(set.objects);
                            out.extensible |= set.extensible;
                        }
                        Ok(None) => {}
                        Err(d) => self.report(d),
                    }
                }
                ast::ActualParameter::Type(t) => {
                    if let ast::TypeKind::Reference(r2, args2) = &t.kind {
                        let (r2, args2) = (r2.clone(), args2.clone());
                        self.collect_reference(b.module, &b.env.clone(), class, &r2, &args2, out);
                    }
                }
                ast::ActualParameter::Value(v) => {
                    if let ast::ValueKind::Reference(r2, args2) = &v.kind {
                        let (r2, args2) = (r2.clone(), args2.clone());
                        self.collect_reference(b.module, &b.env.clone(), class, &r2, &args2, out);
                    }
                }
            },
            Resolved::BuiltinClass(_) => {}
        }
    }

    /// `obj.&id`: a value setting of a named object.
    pub fn value_from_object(
        &mut self,
        module: usize,
        env: &Env,
        r: &ast::Reference,
    ) -> Option<ir::Value> {
        let (resolved, rest) = self.resolve_reference(module, env, r)?;
        let rest = rest.to_vec();
        let Resolved::Def(id) = resolved else {
            return None;
        };
        if self.def_kind(id) != DefKind::Object || rest.len() != 1 {
            self.error(
                Code::TypeMismatch,
                r.span,
                format!("`{}` is not a value", r.text()),
            );
            return None;
        }
        let object = self.object_of_def(id)?;
        match object.fields.iter().find(|(n, _)| *n == rest[0].text) {
            Some((_, ir::FieldSetting::Value { value })) => Some(value.clone()),
            _ => {
                self.error(
                    Code::UnknownField,
                    rest[0].span,
                    format!("the object has no value setting for `{}`", rest[0].text),
                );
                None
            }
        }
    }
}

/// Matches syntax items against tokens from `pos`; `follow` holds the literals that may
/// come after these items (a setting stops before one of them).
fn match_items<'t>(
    items: &[SyntaxItem],
    tokens: &'t [Token],
    pos: &mut usize,
    out: &mut Vec<RawSetting<'t>>,
    follow: &[String],
) -> Result<(), (usize, String)> {
    for (i, item) in items.iter().enumerate() {
        match item {
            SyntaxItem::Literal(word) => match tokens.get(*pos) {
                Some(t) if t.text == word.text => *pos += 1,
                Some(t) => {
                    return Err((
                        *pos,
                        format!("expected `{}`, found `{}`", word.text, t.text),
                    ))
                }
                None => {
                    return Err((
                        *pos,
                        format!("expected `{}` before the end of the object", word.text),
                    ))
                }
            },
            SyntaxItem::Field(field) => {
                let mut stops = first_literals(&items[i + 1..]);
                stops.extend_from_slice(follow);
                let start = *pos;
                while let Some(t) = tokens.get(*pos) {
                    if !t.is_group && stops.contains(&t.text) && *pos > start {
                        break;
                    }
                    *pos += 1;
                }
                if *pos == start {
                    return Err((start, format!("expected a setting for `{}`", field.text)));
                }
                out.push(RawSetting {
                    field: field.text.clone(),
                    tokens: &tokens[start..*pos],
                });
            }
            SyntaxItem::Optional(group, _) => {
                let starts = first_literals(group);
                let present = tokens
                    .get(*pos)
                    .is_some_and(|t| !t.is_group && starts.contains(&t.text));
                if present {
                    let mut inner_follow = first_literals(&items[i + 1..]);
                    inner_follow.extend_from_slice(follow);
                    match_items(group, tokens, pos, out, &inner_follow)?;
                }
            }
        }
    }
    Ok(())
}

/// The literals that can come first in `items` (skipping over optional groups).
fn first_literals(items: &[SyntaxItem]) -> Vec<String> {
    let mut out = Vec::new();
    for item in items {
        match item {
            SyntaxItem::Literal(w) => {
                out.push(w.text.clone());
                return out;
            }
            SyntaxItem::Field(_) => return out,
            SyntaxItem::Optional(group, _) => {
                if let Some(SyntaxItem::Literal(w)) = group.first() {
                    out.push(w.text.clone());
                }
            }
        }
    }
    out
}
