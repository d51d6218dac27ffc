//! Pass: lowering type notations to IR types.

use super::context::{Analyzer, Env, Resolved};
use super::kinds::DefKind;
use super::tagging::{simple_tag, universal};
use crate::ast::{self, SimpleType, TypeKind};
use crate::diagnostics::Code;
use crate::ir::{self, AppliedTag, StringKind, Tag, TagMode, TimeKind};

/// Nested instantiations deeper than this are reported (a parameterized type that
/// instantiates itself with growing arguments would never finish).
const MAX_INSTANTIATION_DEPTH: usize = 32;

impl<'a> Analyzer<'a> {
    /// Lowers a type notation written in `module` under `env`.
    pub fn lower_type(&mut self, module: usize, env: &Env, ty: &ast::Type) -> ir::Type {
        let mut lowered = self.lower_type_kind(module, env, ty);
        if !ty.constraints.is_empty() {
            let field_class = match &ty.kind {
                TypeKind::Reference(r, _) if r.segments.len() > 1 => {
                    self.quiet += 1;
                    let class = self
                        .class_of_field_reference(module, env, r)
                        .map(|(id, _, _)| id);
                    self.quiet -= 1;
                    class
                }
                _ => None,
            };
            self.apply_constraints(module, env, &mut lowered, &ty.constraints, field_class);
        }
        self.finish_integer(&mut lowered);
        lowered
    }

    fn lower_type_kind(&mut self, module: usize, env: &Env, ty: &ast::Type) -> ir::Type {
        match &ty.kind {
            TypeKind::Tagged { tag, mode, inner } => {
                let number = self.tag_number(module, env, &tag.number);
                let inner_shape = self.shape_of(module, env, inner);
                let mode = self.tag_mode(module, *mode, inner_shape, tag.span);
                let inner = self.lower_type(module, env, inner);
                tagged(inner, tag.class, number, mode)
            }
            TypeKind::Simple(s) => plain(simple_kind(*s), Some(simple_tag(*s))),
            TypeKind::Integer(named) => {
                let named_numbers = self.named_numbers(module, env, named, "named number");
                plain(
                    ir::TypeKind::Integer {
                        named_numbers,
                        repr: ir::IntegerRepr::Big,
                    },
                    Some(universal(2, false)),
                )
            }
            TypeKind::Enumerated(items) => {
                let kind = self.enumerated(module, env, items);
                plain(kind, Some(universal(10, false)))
            }
            TypeKind::BitString(named) => {
                let named_bits = self.named_numbers(module, env, named, "named bit");
                for b in named.iter().zip(&named_bits) {
                    if b.1.value < 0 {
                        self.error(Code::BadValue, b.0.span, "a named bit must be 0 or more");
                    }
                }
                plain(
                    ir::TypeKind::BitString { named_bits },
                    Some(universal(3, false)),
                )
            }
            TypeKind::Sequence(items) => {
                let body = self.constructed(module, env, items, Constructed::Sequence);
                plain(ir::TypeKind::Sequence(body), Some(universal(16, true)))
            }
            TypeKind::Set(items) => {
                let body = self.constructed(module, env, items, Constructed::Set);
                plain(ir::TypeKind::Set(body), Some(universal(17, true)))
            }
            TypeKind::Choice(items) => {
                let body = self.constructed(module, env, items, Constructed::Choice);
                plain(ir::TypeKind::Choice(body), None)
            }
            TypeKind::SequenceOf(of) | TypeKind::SetOf(of) => {
                let element = Box::new(self.lower_type(module, env, &of.element));
                let body = ir::CollectionOf {
                    element_name: of.element_name.as_ref().map(|n| n.text.clone()),
                    element,
                };
                let is_seq = matches!(ty.kind, TypeKind::SequenceOf(_));
                let mut t = if is_seq {
                    plain(ir::TypeKind::SequenceOf(body), Some(universal(16, true)))
                } else {
                    plain(ir::TypeKind::SetOf(body), Some(universal(17, true)))
                };
                if let Some(c) = &of.constraint {
                    self.apply_constraints(module, env, &mut t, std::slice::from_ref(c), None);
                }
                t
            }
            TypeKind::Any(defined_by) => plain(
                ir::TypeKind::OpenType {
                    field: None,
                    defined_by: defined_by.as_ref().map(|n| n.text.clone()),
                    table: None,
                },
                None,
            ),
            TypeKind::InstanceOf(class) => {
                let class_name = self.class_name_of_reference(module, env, class);
                plain(
                    ir::TypeKind::InstanceOf { class: class_name },
                    Some(universal(16, true)),
                )
            }
            TypeKind::Selection(name, choice) => {
                match self.selected_alternative(module, env, name, choice) {
                    Some((m, e, t)) => self.lower_type(m, &e, &t),
                    None => {
                        self.error(
                            Code::UnresolvedReference,
                            name.span,
                            format!("the selected type has no alternative `{}`", name.text),
                        );
                        null_type()
                    }
                }
            }
            TypeKind::Reference(r, args) => self.lower_reference(module, env, r, args, ty.span),
        }
    }

    fn lower_reference(
        &mut self,
        module: usize,
        env: &Env,
        r: &ast::Reference,
        args: &[ast::ActualParameter],
        span: ast::Span,
    ) -> ir::Type {
        let placeholder = ast::Type {
            kind: TypeKind::Reference(r.clone(), Vec::new()),
            constraints: Vec::new(),
            span,
        };
        if super::kinds::is_placeholder(&placeholder) {
            // A dummy parameter inside a template analysed on its own: an open type.
            return plain(
                ir::TypeKind::OpenType {
                    field: None,
                    defined_by: None,
                    table: None,
                },
                None,
            );
        }
        let Some((resolved, rest)) = self.resolve_reference(module, env, r) else {
            return null_type();
        };
        if !rest.is_empty() {
            return self.lower_field_type(module, env, r);
        }
        match resolved {
            Resolved::Param(b) => match &b.actual {
                ast::ActualParameter::Type(t) => {
                    let t = t.clone();
                    self.lower_type(b.module, &b.env, &t)
                }
                _ => {
                    self.error(
                        Code::TypeMismatch,
                        r.span,
                        format!("`{}` is a parameter bound to a value, not a type", r.text()),
                    );
                    null_type()
                }
            },
            Resolved::BuiltinClass(name) => {
                self.error(
                    Code::TypeMismatch,
                    r.span,
                    format!("`{name}` is a class, not a type"),
                );
                null_type()
            }
            Resolved::Def(id) => {
                let kind = self.def_kind(id);
                if !matches!(kind, DefKind::Type | DefKind::ValueSet) {
                    self.error(
                        Code::TypeMismatch,
                        r.span,
                        format!("`{}` is {}, not a type", r.text(), kind.describe()),
                    );
                    return null_type();
                }
                let a = self.assignment(id);
                if !a.params.is_empty() {
                    if env.depth() >= MAX_INSTANTIATION_DEPTH {
                        self.error(
                            Code::ParameterCount,
                            r.span,
                            "parameterized types are instantiated too deeply (recursive instantiation?)",
                        );
                        return null_type();
                    }
                    return self.instantiate_type(module, env, id, args, r.span);
                }
                if !args.is_empty() {
                    self.error(
                        Code::ParameterCount,
                        r.span,
                        format!("`{}` takes no parameters", r.text()),
                    );
                }
                let tag = self.shape_of_def(id).and_then(|s| s.tag);
                plain(
                    ir::TypeKind::Reference {
                        target: self.qualified(id),
                    },
                    tag,
                )
            }
        }
    }

    /// Lowers the named numbers of INTEGER or named bits of BIT STRING, checking for
    /// duplicate names and values.
    pub fn named_numbers(
        &mut self,
        module: usize,
        env: &Env,
        items: &[ast::NamedNumber],
        what: &str,
    ) -> Vec<ir::NamedNumber> {
        let mut out: Vec<ir::NamedNumber> = Vec::new();
        let mut spans: Vec<ast::Span> = Vec::new();
        for item in items {
            let value = item
                .value
                .as_ref()
                .and_then(|v| self.small_integer(module, env, v))
                .unwrap_or(0);
            if let Some(i) = out.iter().position(|n| n.name == item.name.text) {
                self.report(
                    crate::Diagnostic::new(
                        Code::DuplicateNamedNumber,
                        item.name.span,
                        format!("{what} `{}` is defined twice", item.name.text),
                    )
                    .with_secondary(spans[i], "first defined here"),
                );
                continue;
            }
            if let Some(i) = out.iter().position(|n| n.value == value) {
                self.report(
                    crate::Diagnostic::new(
                        Code::DuplicateNamedNumber,
                        item.span,
                        format!(
                            "{what} `{}` has the same value as `{}`",
                            item.name.text, out[i].name
                        ),
                    )
                    .with_secondary(spans[i], "that one is here"),
                );
                continue;
            }
            spans.push(item.span);
            out.push(ir::NamedNumber {
                name: item.name.text.clone(),
                value,
            });
        }
        out
    }

    /// ENUMERATED: numbers assigned per X.680 20.2-20.4.
    fn enumerated(&mut self, module: usize, env: &Env, items: &[ast::EnumItem]) -> ir::TypeKind {
        let mut root: Vec<(&ast::NamedNumber, Option<i64>)> = Vec::new();
        let mut additions: Vec<(&ast::NamedNumber, Option<i64>)> = Vec::new();
        let mut markers = 0;
        for item in items {
            match item {
                ast::EnumItem::ExtensionMarker(_, span) => {
                    markers += 1;
                    if markers > 1 {
                        self.error(
                            Code::BadExtension,
                            *span,
                            "ENUMERATED has one extension marker at most",
                        );
                    }
                }
                ast::EnumItem::Named(n) => {
                    let v = n
                        .value
                        .as_ref()
                        .and_then(|v| self.small_integer(module, env, v));
                    if markers == 0 {
                        root.push((n, v));
                    } else {
                        additions.push((n, v));
                    }
                }
            }
        }
        let mut used: Vec<i64> = root.iter().filter_map(|(_, v)| *v).collect();
        let assign = |v: Option<i64>, used: &mut Vec<i64>| -> i64 {
            match v {
                Some(v) => v,
                None => {
                    let mut n = 0;
                    while used.contains(&n) {
                        n += 1;
                    }
                    used.push(n);
                    n
                }
            }
        };
        let root_items: Vec<(ast::NamedNumber, i64)> = root
            .iter()
            .map(|(n, v)| ((*n).clone(), assign(*v, &mut used)))
            .collect();
        let mut last = root_items.iter().map(|(_, v)| *v).max().unwrap_or(-1);
        let mut addition_items = Vec::new();
        for (n, v) in &additions {
            let value = match v {
                Some(v) => {
                    if *v <= last && !addition_items.is_empty() {
                        self.error(
                            Code::BadExtension,
                            n.span,
                            "extension additions of ENUMERATED must have increasing values",
                        );
                    }
                    *v
                }
                None => {
                    let mut n = last + 1;
                    while used.contains(&n) {
                        n += 1;
                    }
                    n
                }
            };
            used.push(value);
            last = last.max(value);
            addition_items.push(((*n).clone(), value));
        }
        let check: Vec<ast::NamedNumber> = root_items
            .iter()
            .chain(addition_items.iter())
            .map(|(n, v)| ast::NamedNumber {
                name: n.name.clone(),
                value: Some(ast::NumberOrRef::Number((*v).into(), n.span)),
                span: n.span,
            })
            .collect();
        let all = self.named_numbers(module, env, &check, "enumeration item");
        let split = root_items.len().min(all.len());
        let (items, additions) = all.split_at(split);
        ir::TypeKind::Enumerated {
            items: items.to_vec(),
            extensible: markers > 0 || self.modules[module].ast.extensibility_implied,
            additions: additions.to_vec(),
        }
    }

    /// The alternative `name` of the CHOICE `choice`, with the scope it is written in.
    pub fn selected_alternative(
        &mut self,
        module: usize,
        env: &Env,
        name: &ast::Name,
        choice: &ast::Type,
    ) -> Option<(usize, Env, ast::Type)> {
        let (m, e, t) = self.resolve_type_notation(module, env, choice, 0)?;
        let TypeKind::Choice(items) = &t.kind else {
            return None;
        };
        items.iter().find_map(|i| match i {
            ast::ComponentItem::Named(c) if c.name.text == name.text => {
                Some((m, e.clone(), c.ty.clone()))
            }
            _ => None,
        })
    }

    /// Follows references (and tags) until a type notation that is not a reference.
    pub fn resolve_type_notation(
        &mut self,
        module: usize,
        env: &Env,
        ty: &ast::Type,
        depth: usize,
    ) -> Option<(usize, Env, ast::Type)> {
        if depth > 64 {
            return None;
        }
        match &ty.kind {
            TypeKind::Tagged { inner, .. } => {
                self.resolve_type_notation(module, env, inner, depth + 1)
            }
            TypeKind::Reference(r, args) => {
                self.quiet += 1;
                let resolved = self
                    .resolve_reference(module, env, r)
                    .map(|(a, b)| (a, b.len()));
                self.quiet -= 1;
                match resolved? {
                    (_, rest) if rest > 0 => None,
                    (Resolved::Def(id), _) => {
                        let a = self.assignment(id);
                        let inner_env = if a.params.is_empty() {
                            Env::root()
                        } else {
                            self.bind_parameters(module, env, id, args, r.span)?
                        };
                        match &a.kind {
                            ast::AssignmentKind::Type(t) => {
                                self.resolve_type_notation(id.module, &inner_env, t, depth + 1)
                            }
                            ast::AssignmentKind::Set { governor, .. } => self
                                .resolve_type_notation(id.module, &inner_env, governor, depth + 1),
                            _ => None,
                        }
                    }
                    (Resolved::Param(b), _) => match &b.actual {
                        ast::ActualParameter::Type(t) => {
                            let t = t.clone();
                            self.resolve_type_notation(b.module, &b.env, &t, depth + 1)
                        }
                        _ => None,
                    },
                    (Resolved::BuiltinClass(_), _) => None,
                }
            }
            _ => Some((module, env.clone(), ty.clone())),
        }
    }
}

/// Which constructed type a component list belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Constructed {
    Sequence,
    Set,
    Choice,
}

pub(crate) fn plain(kind: ir::TypeKind, tag: Option<Tag>) -> ir::Type {
    ir::Type {
        tag,
        tagging: Vec::new(),
        kind,
        constraints: None,
        instance: None,
    }
}

pub(crate) fn null_type() -> ir::Type {
    plain(ir::TypeKind::Null, Some(universal(5, false)))
}

/// Wraps `inner` in a tag.
pub(crate) fn tagged(
    mut inner: ir::Type,
    class: ast::TagClass,
    number: u32,
    mode: TagMode,
) -> ir::Type {
    let constructed = match mode {
        TagMode::Explicit => true,
        TagMode::Implicit => inner.tag.is_some_and(|t| t.constructed),
    };
    inner.tagging.insert(
        0,
        AppliedTag {
            class,
            number,
            mode,
        },
    );
    inner.tag = Some(Tag {
        class,
        number,
        constructed,
    });
    inner
}

fn simple_kind(s: SimpleType) -> ir::TypeKind {
    use SimpleType::*;
    let string = |string| ir::TypeKind::String { string };
    let time = |time| ir::TypeKind::Time { time };
    match s {
        Boolean => ir::TypeKind::Boolean,
        Null => ir::TypeKind::Null,
        Real => ir::TypeKind::Real,
        OctetString => ir::TypeKind::OctetString,
        ObjectIdentifier => ir::TypeKind::ObjectIdentifier,
        RelativeOid => ir::TypeKind::RelativeOid,
        OidIri => ir::TypeKind::OidIri,
        RelativeOidIri => ir::TypeKind::RelativeOidIri,
        External => ir::TypeKind::External,
        EmbeddedPdv => ir::TypeKind::EmbeddedPdv,
        CharacterString => ir::TypeKind::CharacterString,
        UtcTime => time(TimeKind::UTCTime),
        GeneralizedTime => time(TimeKind::GeneralizedTime),
        Date => time(TimeKind::DATE),
        TimeOfDay => time(TimeKind::TimeOfDay),
        DateTime => time(TimeKind::DateTime),
        Duration => time(TimeKind::DURATION),
        Time => time(TimeKind::TIME),
        BmpString => string(StringKind::BMPString),
        GeneralString => string(StringKind::GeneralString),
        GraphicString => string(StringKind::GraphicString),
        Ia5String => string(StringKind::IA5String),
        Iso646String | VisibleString => string(StringKind::VisibleString),
        NumericString => string(StringKind::NumericString),
        PrintableString => string(StringKind::PrintableString),
        TeletexString | T61String => string(StringKind::TeletexString),
        UniversalString => string(StringKind::UniversalString),
        Utf8String => string(StringKind::UTF8String),
        VideotexString => string(StringKind::VideotexString),
        ObjectDescriptor => string(StringKind::ObjectDescriptor),
    }
}
