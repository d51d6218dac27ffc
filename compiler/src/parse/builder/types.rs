use super::{first, Builder, P};
use crate::ast::*;
use crate::parse::Rule;

impl Builder {
    /// `type`: tagged, with an encoding prefix, or untagged with constraints.
    pub(crate) fn ty(&self, p: P<'_>) -> Type {
        let span = self.span(&p);
        let mut inner = p.into_inner().peekable();
        let Some(head) = inner.next() else {
            return null_type(span);
        };
        match head.as_rule() {
            Rule::tag => {
                let tag = self.tag(head);
                let mut mode = None;
                let mut ty = None;
                for c in inner {
                    match c.as_rule() {
                        Rule::tag_mode => {
                            mode = first(c).map(|m| match m.as_rule() {
                                Rule::K_IMPLICIT => TagMode::Implicit,
                                _ => TagMode::Explicit,
                            });
                        }
                        Rule::r#type => ty = Some(self.ty(c)),
                        _ => {}
                    }
                }
                Type {
                    kind: TypeKind::Tagged {
                        tag,
                        mode,
                        inner: Box::new(ty.unwrap_or_else(|| null_type(span))),
                    },
                    constraints: Vec::new(),
                    span,
                }
            }
            Rule::encoding_prefix => inner
                .find(|c| c.as_rule() == Rule::r#type)
                .map(|c| self.ty(c))
                .unwrap_or_else(|| null_type(span)),
            _ => self.untagged_type(head),
        }
    }

    fn tag(&self, p: P<'_>) -> TagAst {
        let span = self.span(&p);
        let mut class = TagClass::Context;
        let mut number = NumberOrRef::Number(Default::default(), span);
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::tag_class => {
                    class = match first(c).map(|k| k.as_rule()) {
                        Some(Rule::tag_universal) => TagClass::Universal,
                        Some(Rule::tag_application) => TagClass::Application,
                        Some(Rule::tag_private) => TagClass::Private,
                        _ => TagClass::Context,
                    };
                }
                Rule::tag_number => {
                    if let Some(n) = first(c) {
                        number = self.number_or_ref(n);
                    }
                }
                _ => {}
            }
        }
        TagAst {
            class,
            number,
            span,
        }
    }

    fn untagged_type(&self, p: P<'_>) -> Type {
        let span = self.span(&p);
        let mut kind = TypeKind::Simple(SimpleType::Null);
        let mut constraints = Vec::new();
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::type_core => {
                    if let Some(core) = first(c) {
                        kind = self.type_core(core);
                    }
                }
                Rule::constraint => constraints.push(self.constraint(c)),
                _ => {}
            }
        }
        Type {
            kind,
            constraints,
            span,
        }
    }

    fn type_core(&self, p: P<'_>) -> TypeKind {
        match p.as_rule() {
            Rule::sequence_type => TypeKind::Sequence(self.components_in(p)),
            Rule::set_type => TypeKind::Set(self.components_in(p)),
            Rule::choice_type => TypeKind::Choice(self.components_in(p)),
            Rule::sequence_of_type => TypeKind::SequenceOf(self.collection_of(p)),
            Rule::set_of_type => TypeKind::SetOf(self.collection_of(p)),
            Rule::integer_type => TypeKind::Integer(
                p.into_inner()
                    .filter(|c| c.as_rule() == Rule::named_number_list)
                    .flat_map(|l| l.into_inner())
                    .map(|n| self.named_number(n))
                    .collect(),
            ),
            Rule::bit_string_type => TypeKind::BitString(
                p.into_inner()
                    .flat_map(|l| l.into_inner())
                    .map(|n| self.named_number(n))
                    .collect(),
            ),
            Rule::enumerated_type => TypeKind::Enumerated(
                p.into_inner()
                    .flat_map(|l| l.into_inner())
                    .filter_map(|item| self.enum_item(item))
                    .collect(),
            ),
            Rule::octet_string_type => TypeKind::Simple(SimpleType::OctetString),
            Rule::object_identifier_type => TypeKind::Simple(SimpleType::ObjectIdentifier),
            Rule::any_type => TypeKind::Any(
                p.into_inner()
                    .find(|c| c.as_rule() == Rule::ident)
                    .map(|n| self.name(&n)),
            ),
            Rule::instance_of_type => {
                let span = self.span(&p);
                TypeKind::InstanceOf(
                    p.into_inner()
                        .find(|c| c.as_rule() == Rule::defined_reference)
                        .map(|r| self.defined_reference(r))
                        .unwrap_or(Reference {
                            segments: Vec::new(),
                            span,
                        }),
                )
            }
            Rule::builtin_simple => TypeKind::Simple(simple_type(p.as_str())),
            Rule::selection_type => {
                let span = self.span(&p);
                let mut inner = p.into_inner();
                let name = inner.next().map(|n| self.name(&n));
                let ty = inner.next().map(|t| self.ty(t));
                match (name, ty) {
                    (Some(name), Some(ty)) => TypeKind::Selection(name, Box::new(ty)),
                    _ => null_type(span).kind,
                }
            }
            Rule::referenced_type => {
                let (reference, args) = self.instantiated_reference(p);
                TypeKind::Reference(reference, args)
            }
            _ => TypeKind::Simple(SimpleType::Null),
        }
    }

    /// `referenced_type` or `value_reference`: a reference and its actual parameters.
    pub(crate) fn instantiated_reference(&self, p: P<'_>) -> (Reference, Vec<ActualParameter>) {
        let span = self.span(&p);
        let mut reference = Reference {
            segments: Vec::new(),
            span,
        };
        let mut args = Vec::new();
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::defined_reference => reference = self.defined_reference(c),
                Rule::actual_parameter_list => args = self.actual_parameters(c),
                _ => {}
            }
        }
        (reference, args)
    }

    /// `Module.Name`, `CLASS.&field`, `obj.&Field` as a list of segments.
    pub(crate) fn defined_reference(&self, p: P<'_>) -> Reference {
        let span = self.span(&p);
        Reference {
            segments: p.into_inner().map(|s| self.name(&s)).collect(),
            span,
        }
    }

    pub(crate) fn defined_value(&self, p: P<'_>) -> Reference {
        let span = self.span(&p);
        first(p)
            .map(|r| self.defined_reference(r))
            .unwrap_or(Reference {
                segments: Vec::new(),
                span,
            })
    }

    pub(crate) fn actual_parameters(&self, p: P<'_>) -> Vec<ActualParameter> {
        p.into_inner()
            .filter_map(first)
            .map(|a| match a.as_rule() {
                Rule::braced_tokens => ActualParameter::Braced(self.braced(a)),
                Rule::r#type => ActualParameter::Type(self.ty(a)),
                _ => ActualParameter::Value(self.value(a)),
            })
            .collect()
    }

    fn named_number(&self, p: P<'_>) -> NamedNumber {
        let span = self.span(&p);
        let mut inner = p.into_inner();
        let name = inner.next().map(|n| self.name(&n)).unwrap_or(Name {
            text: String::new(),
            span,
        });
        let value = inner.next().map(|v| self.number_or_ref(v));
        NamedNumber { name, value, span }
    }

    fn enum_item(&self, p: P<'_>) -> Option<EnumItem> {
        let item = first(p)?;
        Some(match item.as_rule() {
            Rule::extension_marker => {
                let span = self.span(&item);
                EnumItem::ExtensionMarker(first(item).map(|e| self.exception_spec(e)), span)
            }
            Rule::named_number => EnumItem::Named(self.named_number(item)),
            _ => {
                let name = self.name(&item);
                EnumItem::Named(NamedNumber {
                    span: name.span,
                    name,
                    value: None,
                })
            }
        })
    }

    /// The component list of SEQUENCE, SET or CHOICE (empty when absent).
    fn components_in(&self, p: P<'_>) -> Vec<ComponentItem> {
        p.into_inner()
            .find(|c| c.as_rule() == Rule::component_list)
            .map(|l| self.component_list(l))
            .unwrap_or_default()
    }

    fn component_list(&self, p: P<'_>) -> Vec<ComponentItem> {
        p.into_inner()
            .filter_map(first)
            .map(|item| self.component_item(item))
            .collect()
    }

    fn component_item(&self, p: P<'_>) -> ComponentItem {
        let span = self.span(&p);
        match p.as_rule() {
            Rule::extension_marker => {
                ComponentItem::ExtensionMarker(first(p).map(|e| self.exception_spec(e)), span)
            }
            Rule::extension_group => {
                let mut version = None;
                let mut items = Vec::new();
                for c in p.into_inner() {
                    match c.as_rule() {
                        Rule::group_version => {
                            let v = c.as_str().trim().parse().unwrap_or(u64::MAX);
                            version = Some((v, self.span(&c)));
                        }
                        Rule::component_list => items = self.component_list(c),
                        _ => {}
                    }
                }
                ComponentItem::Group {
                    version,
                    items,
                    span,
                }
            }
            Rule::components_of => ComponentItem::ComponentsOf(
                p.into_inner()
                    .find(|c| c.as_rule() == Rule::r#type)
                    .map(|t| self.ty(t))
                    .unwrap_or_else(|| null_type(span)),
            ),
            _ => {
                let mut name = Name {
                    text: String::new(),
                    span,
                };
                let mut ty = null_type(span);
                let mut presence = Presence::Required;
                for c in p.into_inner() {
                    match c.as_rule() {
                        Rule::ident => name = self.name(&c),
                        Rule::r#type => ty = self.ty(c),
                        Rule::component_presence => {
                            if let Some(pr) = first(c) {
                                presence = match pr.as_rule() {
                                    Rule::default_value => pr
                                        .into_inner()
                                        .find(|v| v.as_rule() == Rule::value)
                                        .map(|v| Presence::Default(self.value(v)))
                                        .unwrap_or(Presence::Optional),
                                    _ => Presence::Optional,
                                };
                            }
                        }
                        _ => {}
                    }
                }
                ComponentItem::Named(NamedComponent {
                    name,
                    ty,
                    presence,
                    span,
                })
            }
        }
    }

    fn collection_of(&self, p: P<'_>) -> CollectionOf {
        let span = self.span(&p);
        let mut constraint = None;
        let mut element_name = None;
        let mut element = None;
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::constraint => constraint = Some(self.constraint(c)),
                Rule::size_constraint => {
                    // `SEQUENCE SIZE (...) OF`: the same as `SEQUENCE (SIZE (...)) OF`.
                    let cspan = self.span(&c);
                    let element = self.size_element(c);
                    constraint = Some(Constraint {
                        kind: ConstraintKind::ElementSet(ElementSetSpecs {
                            root: Some(ElementSet::Union(vec![vec![IntersectionElement {
                                element,
                                except: None,
                            }]])),
                            extensible: false,
                            additional: None,
                            span: cspan,
                        }),
                        exception: None,
                        span: cspan,
                    });
                }
                Rule::ident => element_name = Some(self.name(&c)),
                Rule::r#type => element = Some(self.ty(c)),
                _ => {}
            }
        }
        CollectionOf {
            constraint,
            element_name,
            element: Box::new(element.unwrap_or_else(|| null_type(span))),
        }
    }
}

pub(crate) fn null_type(span: Span) -> Type {
    Type {
        kind: TypeKind::Simple(SimpleType::Null),
        constraints: Vec::new(),
        span,
    }
}

fn simple_type(text: &str) -> SimpleType {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["BOOLEAN"] => SimpleType::Boolean,
        ["REAL"] => SimpleType::Real,
        ["RELATIVE-OID-IRI"] => SimpleType::RelativeOidIri,
        ["RELATIVE-OID"] => SimpleType::RelativeOid,
        ["OID-IRI"] => SimpleType::OidIri,
        ["CHARACTER", "STRING"] => SimpleType::CharacterString,
        ["EMBEDDED", "PDV"] => SimpleType::EmbeddedPdv,
        ["EXTERNAL"] => SimpleType::External,
        ["UTCTime"] => SimpleType::UtcTime,
        ["GeneralizedTime"] => SimpleType::GeneralizedTime,
        ["DATE-TIME"] => SimpleType::DateTime,
        ["DATE"] => SimpleType::Date,
        ["TIME-OF-DAY"] => SimpleType::TimeOfDay,
        ["TIME"] => SimpleType::Time,
        ["DURATION"] => SimpleType::Duration,
        ["BMPString"] => SimpleType::BmpString,
        ["GeneralString"] => SimpleType::GeneralString,
        ["GraphicString"] => SimpleType::GraphicString,
        ["IA5String"] => SimpleType::Ia5String,
        ["ISO646String"] => SimpleType::Iso646String,
        ["NumericString"] => SimpleType::NumericString,
        ["PrintableString"] => SimpleType::PrintableString,
        ["TeletexString"] => SimpleType::TeletexString,
        ["T61String"] => SimpleType::T61String,
        ["UniversalString"] => SimpleType::UniversalString,
        ["UTF8String"] => SimpleType::Utf8String,
        ["VideotexString"] => SimpleType::VideotexString,
        ["VisibleString"] => SimpleType::VisibleString,
        ["ObjectDescriptor"] => SimpleType::ObjectDescriptor,
        _ => SimpleType::Null,
    }
}
