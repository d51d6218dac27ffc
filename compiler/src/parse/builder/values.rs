use super::{first, Builder, P};
use crate::ast::*;
use crate::parse::Rule;

impl Builder {
    /// `value`, `value_atom`, or `braced_value` (the value rules share alternatives).
    pub(crate) fn value(&self, p: P<'_>) -> Value {
        let span = self.span(&p);
        match p.as_rule() {
            Rule::value | Rule::value_atom | Rule::range_value | Rule::single_value => {
                match first(p) {
                    Some(inner) => self.value(inner),
                    None => null_value(span),
                }
            }
            Rule::braced_tokens => Value {
                kind: ValueKind::Braced(self.braced(p)),
                span,
            },
            Rule::braced_value => Value {
                kind: ValueKind::Items(
                    p.into_inner()
                        .map(|item| item.into_inner().map(|atom| self.value(atom)).collect())
                        .collect(),
                ),
                span,
            },
            Rule::name_and_number => {
                let (name, number) = self.name_and_number(p);
                Value {
                    kind: ValueKind::NameAndNumber(name, number),
                    span,
                }
            }
            Rule::choice_value => {
                let mut inner = p.into_inner();
                let name = inner.next().map(|n| self.name(&n));
                let value = inner.next().map(|v| self.value(v));
                match (name, value) {
                    (Some(name), Some(value)) => Value {
                        kind: ValueKind::Choice(name, Box::new(value)),
                        span,
                    },
                    _ => null_value(span),
                }
            }
            Rule::open_type_value => {
                let mut inner = p.into_inner();
                let ty = inner.next().map(|t| self.ty(t));
                let value = inner.next().map(|v| self.value(v));
                match (ty, value) {
                    (Some(ty), Some(value)) => Value {
                        kind: ValueKind::OpenTypeValue(Box::new(ty), Box::new(value)),
                        span,
                    },
                    _ => null_value(span),
                }
            }
            Rule::special_real => Value {
                kind: match p.as_str() {
                    "PLUS-INFINITY" => ValueKind::PlusInfinity,
                    "MINUS-INFINITY" => ValueKind::MinusInfinity,
                    _ => ValueKind::NotANumber,
                },
                span,
            },
            Rule::boolean_value => Value {
                kind: ValueKind::Boolean(p.as_str() == "TRUE"),
                span,
            },
            Rule::null_value => null_value(span),
            Rule::bstring => Value {
                kind: ValueKind::BString(compact_body(p)),
                span,
            },
            Rule::hstring => Value {
                kind: ValueKind::HString(compact_body(p)),
                span,
            },
            Rule::cstring => Value {
                kind: ValueKind::CString(self.cstring_text(p)),
                span,
            },
            Rule::signed_real => Value {
                kind: ValueKind::Real(p.as_str().to_string()),
                span,
            },
            Rule::signed_number => Value {
                kind: ValueKind::Integer(self.signed_int(p.as_str())),
                span,
            },
            Rule::containing_value => Value {
                kind: ValueKind::Containing(Box::new(
                    first(p).map_or_else(|| null_value(span), |v| self.value(v)),
                )),
                span,
            },
            Rule::value_reference => {
                let (reference, args) = self.instantiated_reference(p);
                Value {
                    kind: ValueKind::Reference(reference, args),
                    span,
                }
            }
            Rule::defined_reference => Value {
                kind: ValueKind::Reference(self.defined_reference(p), Vec::new()),
                span,
            },
            Rule::defined_value => Value {
                kind: ValueKind::Reference(self.defined_value(p), Vec::new()),
                span,
            },
            _ => null_value(span),
        }
    }

    /// The start rule of a value re-parse: a braced value or any value.
    pub(crate) fn any_value(&self, p: P<'_>) -> Value {
        self.value(p)
    }

    /// The text of a cstring: `""` un-doubled; a line break with the white space around
    /// it removed (X.680 12.14).
    pub(crate) fn cstring_text(&self, p: P<'_>) -> String {
        let body = first(p).map(|b| b.as_str()).unwrap_or("");
        let body = body.replace("\"\"", "\"");
        if !body.contains('\n') {
            return body;
        }
        let lines: Vec<&str> = body.split('\n').collect();
        let last = lines.len() - 1;
        lines
            .iter()
            .enumerate()
            .map(|(i, line)| {
                let line = line.trim_end_matches('\r');
                let line = if i > 0 { line.trim_start() } else { line };
                if i < last {
                    line.trim_end()
                } else {
                    line
                }
            })
            .collect()
    }
}

fn null_value(span: Span) -> Value {
    Value {
        kind: ValueKind::Null,
        span,
    }
}

/// The body of a bstring or hstring with white space removed.
fn compact_body(p: P<'_>) -> String {
    first(p)
        .map(|b| b.as_str().chars().filter(|c| !c.is_whitespace()).collect())
        .unwrap_or_default()
}
