use super::{first, Builder, P};
use crate::ast::*;
use crate::parse::Rule;

impl Builder {
    /// `( constraint_spec [! exception] )`.
    pub(crate) fn constraint(&self, p: P<'_>) -> Constraint {
        let span = self.span(&p);
        let mut kind = None;
        let mut exception = None;
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::constraint_spec => {
                    if let Some(spec) = first(c) {
                        kind = Some(match spec.as_rule() {
                            Rule::general_constraint => match first(spec) {
                                Some(g) => self.general_constraint(g),
                                None => empty_set(span),
                            },
                            _ => ConstraintKind::ElementSet(self.element_set_specs(spec)),
                        });
                    }
                }
                Rule::exception_spec => exception = Some(self.exception_spec(c)),
                _ => {}
            }
        }
        Constraint {
            kind: kind.unwrap_or_else(|| empty_set(span)),
            exception,
            span,
        }
    }

    fn general_constraint(&self, p: P<'_>) -> ConstraintKind {
        match p.as_rule() {
            Rule::user_defined_constraint => {
                let span = self.span(&p);
                ConstraintKind::UserDefined(
                    p.into_inner()
                        .find(|c| c.as_rule() == Rule::braced_tokens)
                        .map(|b| self.braced(b))
                        .unwrap_or(Braced {
                            tokens: Vec::new(),
                            span,
                        }),
                )
            }
            Rule::contents_constraint => {
                let mut containing = None;
                let mut encoded_by = None;
                for c in p.into_inner() {
                    match c.as_rule() {
                        Rule::r#type => containing = Some(Box::new(self.ty(c))),
                        Rule::value => encoded_by = Some(self.value(c)),
                        _ => {}
                    }
                }
                ConstraintKind::Contents {
                    containing,
                    encoded_by,
                }
            }
            _ => {
                let span = self.span(&p);
                let mut set = Braced {
                    tokens: Vec::new(),
                    span,
                };
                let mut relation = Vec::new();
                for c in p.into_inner() {
                    match c.as_rule() {
                        Rule::braced_tokens => set = self.braced(c),
                        Rule::at_notation_list => {
                            relation = c.into_inner().map(|a| self.at_notation(a)).collect();
                        }
                        _ => {}
                    }
                }
                ConstraintKind::Table { set, relation }
            }
        }
    }

    fn at_notation(&self, p: P<'_>) -> AtNotation {
        let span = self.span(&p);
        let mut level = 0;
        let mut path = Vec::new();
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::at_level => level = super::to_u32(c.as_str().len()),
                Rule::component_id_list => {
                    path = c.into_inner().map(|n| self.name(&n)).collect();
                }
                _ => {}
            }
        }
        AtNotation { level, path, span }
    }

    pub(crate) fn exception_spec(&self, p: P<'_>) -> ExceptionSpec {
        let span = self.span(&p);
        let mut inner = p.into_inner();
        match inner.next() {
            Some(n) if n.as_rule() == Rule::signed_number => {
                ExceptionSpec::Number(self.signed_int(n.as_str()), span)
            }
            Some(t) if t.as_rule() == Rule::r#type => {
                let ty = self.ty(t);
                let value = inner.next().map(|v| self.value(v)).unwrap_or(Value {
                    kind: ValueKind::Null,
                    span,
                });
                ExceptionSpec::Typed(Box::new(ty), value)
            }
            Some(v) => ExceptionSpec::Value(self.value(v)),
            None => ExceptionSpec::Number(Default::default(), span),
        }
    }

    pub(crate) fn element_set_specs(&self, p: P<'_>) -> ElementSetSpecs {
        let span = self.span(&p);
        let mut specs = ElementSetSpecs {
            root: None,
            extensible: false,
            additional: None,
            span,
        };
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::root_set => specs.root = first(c).map(|s| self.element_set(s)),
                Rule::extension_marker => specs.extensible = true,
                Rule::additional_set => specs.additional = first(c).map(|s| self.element_set(s)),
                _ => {}
            }
        }
        specs
    }

    fn element_set(&self, p: P<'_>) -> ElementSet {
        let Some(inner) = first(p) else {
            return ElementSet::Union(Vec::new());
        };
        match inner.as_rule() {
            Rule::all_except => {
                let span = self.span(&inner);
                let element = inner
                    .into_inner()
                    .find(|c| c.as_rule() == Rule::elements)
                    .map(|e| self.elements(e))
                    .unwrap_or(Element {
                        kind: ElementKind::Nested(Box::new(ElementSet::Union(Vec::new()))),
                        span,
                    });
                ElementSet::AllExcept(Box::new(element))
            }
            _ => ElementSet::Union(
                inner
                    .into_inner()
                    .filter(|p| p.as_rule() == Rule::intersections)
                    .map(|intersections| {
                        intersections
                            .into_inner()
                            .filter(|p| p.as_rule() == Rule::intersection_element)
                            .map(|ie| {
                                let mut parts =
                                    ie.into_inner().filter(|c| c.as_rule() == Rule::elements);
                                let element = parts.next().map(|e| self.elements(e));
                                let except = parts.next().map(|e| self.elements(e));
                                IntersectionElement {
                                    element: element.unwrap_or(Element {
                                        kind: ElementKind::Nested(Box::new(ElementSet::Union(
                                            Vec::new(),
                                        ))),
                                        span: Span {
                                            file: self.file,
                                            start: 0,
                                            end: 0,
                                        },
                                    }),
                                    except,
                                }
                            })
                            .collect()
                    })
                    .collect(),
            ),
        }
    }

    pub(crate) fn size_element(&self, p: P<'_>) -> Element {
        let span = self.span(&p);
        let constraint = p
            .into_inner()
            .find(|c| c.as_rule() == Rule::constraint)
            .map(|c| self.constraint(c));
        Element {
            kind: match constraint {
                Some(c) => ElementKind::Size(Box::new(c)),
                None => ElementKind::Nested(Box::new(ElementSet::Union(Vec::new()))),
            },
            span,
        }
    }

    fn elements(&self, p: P<'_>) -> Element {
        let span = self.span(&p);
        let Some(inner) = first(p) else {
            return Element {
                kind: ElementKind::Nested(Box::new(ElementSet::Union(Vec::new()))),
                span,
            };
        };
        let kind = match inner.as_rule() {
            Rule::size_constraint => return self.size_element(inner),
            Rule::property_settings => ElementKind::Settings(
                first(inner)
                    .map(|c| self.cstring_text(c))
                    .unwrap_or_default(),
            ),
            Rule::permitted_alphabet => match self.inner_constraint(inner) {
                Some(c) => ElementKind::From(Box::new(c)),
                None => ElementKind::Nested(Box::new(ElementSet::Union(Vec::new()))),
            },
            Rule::pattern_constraint => ElementKind::Pattern(first(inner).map_or_else(
                || Value {
                    kind: ValueKind::CString(String::new()),
                    span,
                },
                |v| self.value(v),
            )),
            Rule::inner_type_constraints => self.inner_type_constraints(inner),
            Rule::contained_subtype => ElementKind::Includes(Box::new(
                first(inner).map_or_else(|| super::types::null_type(span), |t| self.ty(t)),
            )),
            Rule::value_range => self.value_range(inner),
            Rule::element_set_spec => ElementKind::Nested(Box::new(self.element_set(inner))),
            Rule::braced_tokens => ElementKind::Braced(self.braced(inner)),
            Rule::single_value => ElementKind::Value(self.value(inner)),
            Rule::type_element => ElementKind::Type(Box::new(
                first(inner).map_or_else(|| super::types::null_type(span), |t| self.ty(t)),
            )),
            _ => ElementKind::Nested(Box::new(ElementSet::Union(Vec::new()))),
        };
        Element { kind, span }
    }

    fn inner_constraint(&self, p: P<'_>) -> Option<Constraint> {
        p.into_inner()
            .find(|c| c.as_rule() == Rule::constraint)
            .map(|c| self.constraint(c))
    }

    fn inner_type_constraints(&self, p: P<'_>) -> ElementKind {
        let span = self.span(&p);
        let mut partial = false;
        let mut items = Vec::new();
        let mut single = None;
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::partial_marker => partial = true,
                Rule::named_constraint => {
                    let mut name = None;
                    let mut constraint = None;
                    let mut presence = None;
                    for part in c.into_inner() {
                        match part.as_rule() {
                            Rule::ident => name = Some(self.name(&part)),
                            Rule::constraint => constraint = Some(self.constraint(part)),
                            Rule::presence_constraint => {
                                presence = first(part).map(|k| match k.as_rule() {
                                    Rule::K_PRESENT => PresenceConstraint::Present,
                                    Rule::K_ABSENT => PresenceConstraint::Absent,
                                    _ => PresenceConstraint::Optional,
                                });
                            }
                            _ => {}
                        }
                    }
                    if let Some(name) = name {
                        items.push(NamedConstraint {
                            name,
                            constraint,
                            presence,
                        });
                    }
                }
                Rule::constraint => single = Some(self.constraint(c)),
                _ => {}
            }
        }
        match single {
            Some(c) => ElementKind::WithComponent(Box::new(c)),
            None if items.is_empty() && !partial => {
                ElementKind::Nested(Box::new(ElementSet::Union(Vec::new())))
            }
            None => {
                let _ = span;
                ElementKind::WithComponents { partial, items }
            }
        }
    }

    fn value_range(&self, p: P<'_>) -> ElementKind {
        let mut lower = Endpoint::Min;
        let mut upper = Endpoint::Max;
        let mut lower_open = false;
        let mut upper_open = false;
        for c in p.into_inner() {
            let is_lower = c.as_rule() == Rule::lower_endpoint;
            for part in c.into_inner() {
                match part.as_rule() {
                    Rule::open_bound => {
                        if is_lower {
                            lower_open = true;
                        } else {
                            upper_open = true;
                        }
                    }
                    Rule::range_min => lower = Endpoint::Min,
                    Rule::range_max => upper = Endpoint::Max,
                    Rule::range_value => {
                        let v = Endpoint::Value(self.value(part));
                        if is_lower {
                            lower = v;
                        } else {
                            upper = v;
                        }
                    }
                    _ => {}
                }
            }
        }
        ElementKind::Range {
            lower,
            lower_open,
            upper,
            upper_open,
        }
    }
}

fn empty_set(span: Span) -> ConstraintKind {
    ConstraintKind::ElementSet(ElementSetSpecs {
        root: None,
        extensible: false,
        additional: None,
        span,
    })
}
