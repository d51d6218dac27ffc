use super::{first, Builder, P};
use crate::ast::*;
use crate::parse::Rule;

impl Builder {
    pub(crate) fn class_def(&self, p: P<'_>) -> ClassDef {
        let span = self.span(&p);
        let mut fields = Vec::new();
        let mut syntax = None;
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::field_spec => fields.push(self.field_spec(c)),
                Rule::with_syntax => {
                    syntax = c
                        .into_inner()
                        .find(|s| s.as_rule() == Rule::syntax_list)
                        .map(|s| s.into_inner().map(|i| self.syntax_item(i)).collect());
                }
                _ => {}
            }
        }
        ClassDef {
            fields,
            syntax,
            span,
        }
    }

    fn field_spec(&self, p: P<'_>) -> FieldSpec {
        let span = self.span(&p);
        let mut spec = FieldSpec {
            name: Name {
                text: String::new(),
                span,
            },
            governor: None,
            unique: false,
            presence: FieldPresence::Required,
            span,
        };
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::field_name => spec.name = self.name(&c),
                Rule::field_governor => {
                    spec.governor = first(c).map(|g| match g.as_rule() {
                        Rule::field_name_path => FieldGovernor::FieldPath(
                            g.into_inner().map(|f| self.name(&f)).collect(),
                        ),
                        _ => FieldGovernor::Type(self.ty(g)),
                    });
                }
                Rule::unique_marker => spec.unique = true,
                Rule::field_presence => {
                    if let Some(pr) = first(c) {
                        spec.presence = match pr.as_rule() {
                            Rule::field_default => pr
                                .into_inner()
                                .find(|t| t.as_rule() == Rule::setting_tokens)
                                .map(|t| FieldPresence::Default(self.raw_tokens(t)))
                                .unwrap_or(FieldPresence::Optional),
                            _ => FieldPresence::Optional,
                        };
                    }
                }
                _ => {}
            }
        }
        spec
    }

    fn syntax_item(&self, p: P<'_>) -> SyntaxItem {
        let span = self.span(&p);
        match first(p) {
            Some(i) if i.as_rule() == Rule::syntax_optional_group => {
                SyntaxItem::Optional(i.into_inner().map(|s| self.syntax_item(s)).collect(), span)
            }
            Some(i) if i.as_rule() == Rule::syntax_field => {
                SyntaxItem::Field(first(i).map_or_else(|| self.name_at(span), |f| self.name(&f)))
            }
            Some(i) => SyntaxItem::Literal(self.name(&i)),
            None => SyntaxItem::Literal(self.name_at(span)),
        }
    }

    fn name_at(&self, span: Span) -> Name {
        Name {
            text: String::new(),
            span,
        }
    }
}
