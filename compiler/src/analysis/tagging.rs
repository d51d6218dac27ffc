//! Pass: tags. Universal tags of built-in types, tag numbers, the module's tagging
//! default, IMPLICIT/EXPLICIT resolution (X.680 31.2.7), and the outer "shape" of a type
//! (its wire tag, or none for an untagged CHOICE or open type).

use super::context::{Analyzer, DefId, Env, Resolved};
use super::kinds::DefKind;
use crate::ast::{self, NumberOrRef, SimpleType, TagClass, TagDefault, TypeKind};
use crate::diagnostics::Code;
use crate::ir::{Tag, TagMode};
use num_traits::ToPrimitive;

/// The outer shape of a type: what decides tagging of anything wrapping it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Shape {
    /// The wire tag; `None` for untagged CHOICE, ANY and open types.
    pub tag: Option<Tag>,
}

pub(crate) fn universal(number: u32, constructed: bool) -> Tag {
    Tag {
        class: TagClass::Universal,
        number,
        constructed,
    }
}

/// The universal tag of a built-in type without inner structure.
pub(crate) fn simple_tag(t: SimpleType) -> Tag {
    use SimpleType::*;
    let (n, c) = match t {
        Boolean => (1, false),
        Null => (5, false),
        Real => (9, false),
        OctetString => (4, false),
        ObjectIdentifier => (6, false),
        RelativeOid => (13, false),
        OidIri => (35, false),
        RelativeOidIri => (36, false),
        External => (8, true),
        EmbeddedPdv => (11, true),
        CharacterString => (29, true),
        UtcTime => (23, false),
        GeneralizedTime => (24, false),
        Date => (31, false),
        TimeOfDay => (32, false),
        DateTime => (33, false),
        Duration => (34, false),
        Time => (14, false),
        BmpString => (30, false),
        GeneralString => (27, false),
        GraphicString => (25, false),
        Ia5String => (22, false),
        Iso646String => (26, false),
        NumericString => (18, false),
        PrintableString => (19, false),
        TeletexString | T61String => (20, false),
        UniversalString => (28, false),
        Utf8String => (12, false),
        VideotexString => (21, false),
        VisibleString => (26, false),
        ObjectDescriptor => (7, false),
    };
    universal(n, c)
}

impl<'a> Analyzer<'a> {
    /// The number of a tag, evaluated.
    pub fn tag_number(&mut self, module: usize, env: &Env, n: &NumberOrRef) -> u32 {
        let (value, span) = match n {
            NumberOrRef::Number(v, span) => (Some(v.clone()), *span),
            NumberOrRef::Ref(r) => (self.integer_of_reference(module, env, r), r.span),
        };
        match value.as_ref().and_then(|v| v.to_u32()) {
            Some(v) => v,
            None => {
                if value.is_some() {
                    self.error(
                        Code::BadTag,
                        span,
                        "a tag number must be between 0 and 4294967295",
                    );
                }
                0
            }
        }
    }

    /// The resolved mode of a tag written with `mode` on `inner`.
    pub fn tag_mode(
        &mut self,
        module: usize,
        mode: Option<ast::TagMode>,
        inner_shape: Option<Shape>,
        span: ast::Span,
    ) -> TagMode {
        let inner_untagged = matches!(inner_shape, Some(Shape { tag: None }));
        match mode {
            Some(ast::TagMode::Explicit) => TagMode::Explicit,
            Some(ast::TagMode::Implicit) => {
                if inner_untagged {
                    self.error(
                        Code::BadTag,
                        span,
                        "IMPLICIT cannot apply to an untagged CHOICE or open type (X.680 31.2.9)",
                    );
                    TagMode::Explicit
                } else {
                    TagMode::Implicit
                }
            }
            None => match self.modules[module].tag_default {
                TagDefault::Explicit => TagMode::Explicit,
                TagDefault::Implicit | TagDefault::Automatic => {
                    if inner_untagged {
                        TagMode::Explicit
                    } else {
                        TagMode::Implicit
                    }
                }
            },
        }
    }

    /// The shape of a type notation (`None` when it cannot be determined because of an
    /// error reported elsewhere).
    pub fn shape_of(&mut self, module: usize, env: &Env, ty: &ast::Type) -> Option<Shape> {
        match &ty.kind {
            TypeKind::Tagged { tag, mode, inner } => {
                let number = self.tag_number(module, env, &tag.number);
                let inner_shape = self.shape_of(module, env, inner);
                let mode = self.tag_mode(module, *mode, inner_shape, tag.span);
                let constructed = match mode {
                    TagMode::Explicit => true,
                    TagMode::Implicit => inner_shape
                        .and_then(|s| s.tag)
                        .is_some_and(|t| t.constructed),
                };
                Some(Shape {
                    tag: Some(Tag {
                        class: tag.class,
                        number,
                        constructed,
                    }),
                })
            }
            TypeKind::Simple(s) => Some(Shape {
                tag: Some(simple_tag(*s)),
            }),
            TypeKind::Integer(_) => Some(Shape {
                tag: Some(universal(2, false)),
            }),
            TypeKind::Enumerated(_) => Some(Shape {
                tag: Some(universal(10, false)),
            }),
            TypeKind::BitString(_) => Some(Shape {
                tag: Some(universal(3, false)),
            }),
            TypeKind::Sequence(_) | TypeKind::SequenceOf(_) | TypeKind::InstanceOf(_) => {
                Some(Shape {
                    tag: Some(universal(16, true)),
                })
            }
            TypeKind::Set(_) | TypeKind::SetOf(_) => Some(Shape {
                tag: Some(universal(17, true)),
            }),
            TypeKind::Choice(_) | TypeKind::Any(_) => Some(Shape { tag: None }),
            TypeKind::Selection(name, choice) => {
                let alt = self.selected_alternative(module, env, name, choice)?;
                let (m, e, t) = alt;
                self.shape_of(m, &e, &t)
            }
            TypeKind::Reference(r, _) => self.shape_of_reference(module, env, r),
        }
    }

    fn shape_of_reference(
        &mut self,
        module: usize,
        env: &Env,
        r: &ast::Reference,
    ) -> Option<Shape> {
        if super::kinds::is_placeholder(&ast::Type {
            kind: TypeKind::Reference(r.clone(), Vec::new()),
            constraints: Vec::new(),
            span: r.span,
        }) {
            return Some(Shape { tag: None });
        }
        let (resolved, rest) = {
            self.quiet += 1;
            let r2 = self
                .resolve_reference(module, env, r)
                .map(|(a, b)| (a, b.to_vec()));
            self.quiet -= 1;
            r2?
        };
        if !rest.is_empty() {
            // A class field type: open type (no tag) or the field's fixed type.
            return match self.field_type_of(module, env, r) {
                Some((m, e, t)) => self.shape_of(m, &e, &t),
                None => Some(Shape { tag: None }),
            };
        }
        match resolved {
            Resolved::Def(id) => self.shape_of_def(id),
            Resolved::Param(b) => match b.actual {
                ast::ActualParameter::Type(t) => self.shape_of(b.module, &b.env, &t),
                _ => None,
            },
            Resolved::BuiltinClass(_) => None,
        }
    }

    /// The shape of a type (or value set) assignment, memoized; a cycle of references
    /// with no tag in between is reported as a cyclic type.
    pub fn shape_of_def(&mut self, id: DefId) -> Option<Shape> {
        let span = self.assignment(id).name.span;
        if !self.enter_chain(span) {
            return None;
        }
        let result = self.shape_of_def_inner(id);
        self.leave_chain();
        result
    }

    fn shape_of_def_inner(&mut self, id: DefId) -> Option<Shape> {
        if let Some(s) = self.shapes.get(&id) {
            return *s;
        }
        let a = self.assignment(id);
        if !self.shapes_in_progress.insert(id) {
            self.error(
                Code::CyclicType,
                a.name.span,
                format!("`{}` is defined in terms of itself", a.name.text),
            );
            self.shapes.insert(id, None);
            return None;
        }
        let env = self.template_env(id);
        let shape = match (&a.kind, self.def_kind(id)) {
            (ast::AssignmentKind::Type(t), DefKind::Type) => self.shape_of(id.module, &env, t),
            (ast::AssignmentKind::Set { governor, .. }, DefKind::ValueSet) => {
                self.shape_of(id.module, &env, governor)
            }
            _ => None,
        };
        self.shapes_in_progress.remove(&id);
        self.shapes.insert(id, shape);
        shape
    }
}
