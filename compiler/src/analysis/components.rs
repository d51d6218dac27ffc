//! Pass: components of SEQUENCE, SET and CHOICE: extension markers and addition groups,
//! COMPONENTS OF, AUTOMATIC tagging (X.680 25.3), DEFAULT values, duplicate names and the
//! distinct-tag rules (X.680 25.5, 27.3, 29.3).

use super::context::{Analyzer, Env};
use super::types::{tagged, Constructed};
use crate::ast::{self, ComponentItem, TagClass, TagDefault, TypeKind};
use crate::diagnostics::{Code, Diagnostic};
use crate::ir::{self, Tag, TagMode};

/// A component before lowering, with the scope its notation belongs to.
struct Entry {
    component: ast::NamedComponent,
    module: usize,
    env: Env,
    extension: Option<ir::ExtensionAddition>,
    from_components_of: bool,
}

impl<'a> Analyzer<'a> {
    pub(crate) fn constructed(
        &mut self,
        module: usize,
        env: &Env,
        items: &[ComponentItem],
        what: Constructed,
    ) -> ir::Constructed {
        self.constructed_depth += 1;
        let body = self.constructed_body(module, env, items, what);
        self.constructed_depth -= 1;
        body
    }

    fn constructed_body(
        &mut self,
        module: usize,
        env: &Env,
        items: &[ComponentItem],
        what: Constructed,
    ) -> ir::Constructed {
        let (entries, markers) = self.flatten_components(module, env, items, what);
        let automatic = self.modules[module].tag_default == TagDefault::Automatic
            && !entries.iter().any(|e| {
                !e.from_components_of
                    && e.extension.is_none()
                    && matches!(e.component.ty.kind, TypeKind::Tagged { .. })
            });
        // Automatic tags: root components first, then extension additions (X.680 25.3).
        let mut numbers = vec![0u32; entries.len()];
        if automatic {
            let mut next = 0u32;
            for pass_additions in [false, true] {
                for (i, e) in entries.iter().enumerate() {
                    if e.extension.is_some() == pass_additions {
                        numbers[i] = next;
                        next += 1;
                    }
                }
            }
        }
        let mut components: Vec<ir::Component> = Vec::new();
        let mut name_spans: Vec<ast::Span> = Vec::new();
        for (i, e) in entries.iter().enumerate() {
            let c = &e.component;
            if let Some(prev) = components.iter().position(|x| x.name == c.name.text) {
                self.report(
                    Diagnostic::new(
                        Code::DuplicateComponent,
                        c.name.span,
                        format!("`{}` is used twice in this {}", c.name.text, describe(what)),
                    )
                    .with_secondary(name_spans[prev], "first used here"),
                );
                continue;
            }
            let mut ty = self.lower_type(e.module, &e.env, &c.ty);
            if automatic {
                let mode = if ty.tag.is_none() {
                    TagMode::Explicit
                } else {
                    TagMode::Implicit
                };
                ty = tagged(ty, TagClass::Context, numbers[i], mode);
            }
            let presence = match &c.presence {
                ast::Presence::Required => ir::Presence::Required,
                ast::Presence::Optional => ir::Presence::Optional,
                ast::Presence::Default(v) => {
                    if what == Constructed::Choice {
                        ir::Presence::Required
                    } else {
                        match self.eval_default(e.module, &e.env, v, &ty) {
                            Some(v) => ir::Presence::Default(v),
                            None => ir::Presence::Optional,
                        }
                    }
                }
            };
            name_spans.push(c.name.span);
            components.push(ir::Component {
                name: c.name.text.clone(),
                ty,
                presence,
                extension: e.extension.clone(),
                from_components_of: e.from_components_of,
                location: self.location(c.span),
            });
        }
        self.check_distinct_tags(&components, &name_spans, what);
        self.check_relation_paths(&components, &name_spans);
        ir::Constructed {
            components,
            extensible: markers > 0 || self.modules[module].ast.extensibility_implied,
        }
    }

    /// Evaluates a DEFAULT value; what is wrong with it is reported as a bad DEFAULT.
    /// Evaluates a DEFAULT value; what is wrong with it is reported as a bad DEFAULT.
    fn eval_default(
        &mut self,
        module: usize,
        env: &Env,
        v: &ast::Value,
        ty: &ir::Type,
    ) -> Option<ir::Value> {
        let (value, any) = self.relabel(Code::BadDefault, "invalid DEFAULT", |this| {
            this.eval_value(module, env, v, ty)
        });
        if value.is_none() && !any {
            self.error(
                Code::BadDefault,
                v.span,
                "the DEFAULT value does not fit the component's type",
            );
        }
        value
    }

    /// Runs `f`, reporting the value errors it finds under `code` with `prefix`; returns
    /// its result and whether it reported anything.
    pub fn relabel<T>(
        &mut self,
        code: Code,
        prefix: &str,
        f: impl FnOnce(&mut Self) -> Option<T>,
    ) -> (Option<T>, bool) {
        let saved = std::mem::take(&mut self.diags);
        let value = f(self);
        let produced = std::mem::replace(&mut self.diags, saved);
        let mut any = false;
        for mut d in produced.into_sorted() {
            if matches!(
                d.code,
                Code::BadValue | Code::UnresolvedReference | Code::TypeMismatch
            ) {
                d.code = code;
                d.message = format!("{prefix}: {}", d.message);
            }
            any = true;
            self.diags.push(d);
        }
        (value, any)
    }

    /// Flattens items into entries, expanding COMPONENTS OF and checking extension
    /// markers and group versions. Returns the entries and the number of markers.
    fn flatten_components(
        &mut self,
        module: usize,
        env: &Env,
        items: &[ComponentItem],
        what: Constructed,
    ) -> (Vec<Entry>, usize) {
        let mut entries = Vec::new();
        let mut markers = 0usize;
        let mut group_index = 0u32;
        let mut last_version: Option<u64> = None;
        for item in items {
            match item {
                ComponentItem::Named(c) => {
                    if what == Constructed::Choice && !matches!(c.presence, ast::Presence::Required)
                    {
                        self.error(
                            Code::Syntax,
                            c.span,
                            "CHOICE alternatives cannot be OPTIONAL or DEFAULT",
                        );
                    }
                    entries.push(Entry {
                        component: c.clone(),
                        module,
                        env: env.clone(),
                        extension: (markers == 1).then_some(ir::ExtensionAddition {
                            group: None,
                            version: None,
                        }),
                        from_components_of: false,
                    });
                }
                ComponentItem::ExtensionMarker(_, span) => {
                    markers += 1;
                    if markers > 2 {
                        self.error(
                            Code::BadExtension,
                            *span,
                            "at most two extension markers may appear",
                        );
                    }
                }
                ComponentItem::Group {
                    version,
                    items,
                    span,
                } => {
                    if markers != 1 {
                        self.error(
                            Code::BadExtension,
                            *span,
                            "an extension addition group must come after the extension marker",
                        );
                    }
                    if let Some((v, vspan)) = version {
                        if *v < 2 {
                            self.error(
                                Code::BadExtension,
                                *vspan,
                                "a version number must be 2 or more",
                            );
                        }
                        if let Some(last) = last_version {
                            if *v <= last {
                                self.error(
                                    Code::BadExtension,
                                    *vspan,
                                    format!("version numbers must increase (the previous group has {last})"),
                                );
                            }
                        }
                        last_version = Some(*v);
                    }
                    for inner in items {
                        match inner {
                            ComponentItem::Named(c) => entries.push(Entry {
                                component: c.clone(),
                                module,
                                env: env.clone(),
                                extension: Some(ir::ExtensionAddition {
                                    group: Some(group_index),
                                    version: version.map(|(v, _)| v),
                                }),
                                from_components_of: false,
                            }),
                            ComponentItem::ComponentsOf(t) => {
                                let mut more = self.components_of(module, env, t, what);
                                for e in &mut more {
                                    e.extension = Some(ir::ExtensionAddition {
                                        group: Some(group_index),
                                        version: version.map(|(v, _)| v),
                                    });
                                }
                                entries.extend(more);
                            }
                            ComponentItem::ExtensionMarker(_, s)
                            | ComponentItem::Group { span: s, .. } => {
                                self.error(
                                    Code::BadExtension,
                                    *s,
                                    "not allowed inside an extension addition group",
                                );
                            }
                        }
                    }
                    group_index += 1;
                }
                ComponentItem::ComponentsOf(t) => {
                    if what == Constructed::Choice {
                        self.error(
                            Code::ComponentsOf,
                            t.span,
                            "COMPONENTS OF cannot appear in a CHOICE",
                        );
                        continue;
                    }
                    let mut more = self.components_of(module, env, t, what);
                    if markers == 1 {
                        for e in &mut more {
                            e.extension = Some(ir::ExtensionAddition {
                                group: None,
                                version: None,
                            });
                        }
                    }
                    entries.extend(more);
                }
            }
        }
        (entries, markers)
    }

    /// The root components of the SEQUENCE or SET named by `COMPONENTS OF t`.
    fn components_of(
        &mut self,
        module: usize,
        env: &Env,
        t: &ast::Type,
        what: Constructed,
    ) -> Vec<Entry> {
        let resolved = self.resolve_type_notation(module, env, t, 0);
        let Some((m, e, target)) = resolved else {
            self.error(
                Code::ComponentsOf,
                t.span,
                "COMPONENTS OF needs a SEQUENCE or SET type",
            );
            return Vec::new();
        };
        let items = match (&target.kind, what) {
            (TypeKind::Sequence(items), Constructed::Sequence) => items,
            (TypeKind::Set(items), Constructed::Set) => items,
            _ => {
                let expected = if what == Constructed::Set {
                    "a SET"
                } else {
                    "a SEQUENCE"
                };
                self.error(
                    Code::ComponentsOf,
                    t.span,
                    format!("COMPONENTS OF in {} needs {expected} type", describe(what)),
                );
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        let mut markers = 0;
        for item in items {
            match item {
                ComponentItem::ExtensionMarker(..) => markers += 1,
                ComponentItem::Named(c) if markers != 1 => out.push(Entry {
                    component: c.clone(),
                    module: m,
                    env: e.clone(),
                    extension: None,
                    from_components_of: true,
                }),
                ComponentItem::ComponentsOf(inner) if markers != 1 => {
                    let inner = inner.clone();
                    out.extend(self.components_of(m, &e.clone(), &inner, what));
                }
                _ => {}
            }
        }
        out
    }

    /// Component relation constraints (`@x`, `@.x`) must name a component: `@.x` one of
    /// this type's, `@x` one of the outermost type's (checked when this is it).
    fn check_relation_paths(&mut self, components: &[ir::Component], spans: &[ast::Span]) {
        for (c, span) in components.iter().zip(spans) {
            let mut paths = Vec::new();
            relation_paths(&c.ty, &mut paths);
            for path in paths {
                for one in path.split(", ") {
                    let rest = one.trim_start_matches('@');
                    let level = rest.len() - rest.trim_start_matches('.').len();
                    let first = rest.trim_start_matches('.').split('.').next().unwrap_or("");
                    let applies = level == 1 || (level == 0 && self.constructed_depth == 1);
                    if applies && !components.iter().any(|x| x.name == first) {
                        self.error(
                            Code::UnresolvedReference,
                            *span,
                            format!(
                                "the component relation `{one}` names no component `{first}` here"
                            ),
                        );
                    }
                }
            }
        }
    }

    /// The tags an encoding of `ty` may start with; `None` when any tag is possible
    /// (open types), which the distinct-tag checks cannot judge.
    pub fn tag_set(&mut self, ty: &ir::Type, depth: usize) -> Option<Vec<Tag>> {
        if let Some(t) = ty.tag {
            return Some(vec![t]);
        }
        if depth > 32 {
            return None;
        }
        match &ty.kind {
            ir::TypeKind::Choice(body) => {
                let mut all = Vec::new();
                for c in &body.components {
                    all.extend(self.tag_set(&c.ty, depth + 1)?);
                }
                Some(all)
            }
            ir::TypeKind::Reference { target } => {
                let id = self.def_by_qualified(target)?;
                let lowered = self.lower_def(id)?;
                self.tag_set(&lowered, depth + 1)
            }
            _ => None,
        }
    }

    fn check_distinct_tags(
        &mut self,
        components: &[ir::Component],
        spans: &[ast::Span],
        what: Constructed,
    ) {
        let sets: Vec<Option<Vec<Tag>>> =
            components.iter().map(|c| self.tag_set(&c.ty, 0)).collect();
        let clash = |a: &Option<Vec<Tag>>, b: &Option<Vec<Tag>>| -> Option<Tag> {
            let (a, b) = (a.as_ref()?, b.as_ref()?);
            a.iter()
                .find(|t| b.iter().any(|u| u.class == t.class && u.number == t.number))
                .copied()
        };
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        match what {
            Constructed::Choice | Constructed::Set => {
                for i in 0..components.len() {
                    for j in i + 1..components.len() {
                        pairs.push((i, j));
                    }
                }
            }
            Constructed::Sequence => {
                // Each run of optional components must be distinct among itself and from
                // the component that follows the run.
                let is_optional = |c: &ir::Component| {
                    !matches!(c.presence, ir::Presence::Required) || c.extension.is_some()
                };
                for i in 0..components.len() {
                    if !is_optional(&components[i]) {
                        continue;
                    }
                    for (j, next) in components.iter().enumerate().skip(i + 1) {
                        pairs.push((i, j));
                        if !is_optional(next) {
                            break;
                        }
                    }
                }
            }
        }
        for (i, j) in pairs {
            if let Some(tag) = clash(&sets[i], &sets[j]) {
                self.report(
                    Diagnostic::new(
                        Code::TagClash,
                        spans[j],
                        format!(
                            "`{}` and `{}` have the same tag {} in this {}",
                            components[i].name,
                            components[j].name,
                            show_tag(tag),
                            describe(what)
                        ),
                    )
                    .with_secondary(spans[i], "the other one")
                    .with_note("give one of them a distinct tag, e.g. [0]"),
                );
            }
        }
    }
}

fn describe(what: Constructed) -> &'static str {
    match what {
        Constructed::Sequence => "SEQUENCE",
        Constructed::Set => "SET",
        Constructed::Choice => "CHOICE",
    }
}

/// A tag in ASN.1 notation: `[UNIVERSAL 2]`, `[APPLICATION 1]`, `[0]`.
pub(crate) fn show_tag(t: Tag) -> String {
    match t.class {
        TagClass::Universal => format!("[UNIVERSAL {}]", t.number),
        TagClass::Application => format!("[APPLICATION {}]", t.number),
        TagClass::Private => format!("[PRIVATE {}]", t.number),
        TagClass::Context => format!("[{}]", t.number),
    }
}

/// The @-paths of the component relation constraints in a component's type.
fn relation_paths(ty: &ir::Type, out: &mut Vec<String>) {
    if let ir::TypeKind::OpenType { table: Some(t), .. } = &ty.kind {
        out.push(t.key_component.clone());
    }
    if let Some(c) = ty.constraints.as_deref().and_then(|c| c.contents.as_ref()) {
        if let Some(inner) = &c.containing {
            relation_paths(inner, out);
        }
    }
}
