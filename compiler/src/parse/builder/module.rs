use super::{first, Builder, P};
use crate::ast::*;
use crate::parse::Rule;

impl Builder {
    pub(crate) fn source_file(&self, p: P<'_>) -> SourceFile {
        let modules = p
            .into_inner()
            .filter(|m| m.as_rule() == Rule::module_definition)
            .map(|m| self.module(m))
            .collect();
        SourceFile { modules }
    }

    fn module(&self, p: P<'_>) -> Module {
        let span = self.span(&p);
        let mut module = Module {
            name: Name {
                text: String::new(),
                span,
            },
            oid: None,
            iri: None,
            tag_default: None,
            extensibility_implied: false,
            exports: Exports::All,
            imports: Vec::new(),
            assignments: Vec::new(),
            name_span: span,
            span,
        };
        for child in p.into_inner() {
            match child.as_rule() {
                Rule::module_reference => {
                    module.name = self.name(&child);
                    module.name_span = module.name.span;
                }
                Rule::definitive_identification => {
                    for part in child.into_inner() {
                        match part.as_rule() {
                            Rule::definitive_oid => {
                                module.oid = Some(
                                    part.into_inner()
                                        .filter_map(|c| self.oid_component(c))
                                        .collect(),
                                );
                            }
                            Rule::cstring => module.iri = Some(self.cstring_text(part)),
                            _ => {}
                        }
                    }
                }
                Rule::tag_default => {
                    module.tag_default = first(child).map(|t| match t.as_rule() {
                        Rule::tag_implicit => TagDefault::Implicit,
                        Rule::tag_automatic => TagDefault::Automatic,
                        _ => TagDefault::Explicit,
                    });
                }
                Rule::extension_default => module.extensibility_implied = true,
                Rule::exports => module.exports = self.exports(child),
                Rule::imports => {
                    module.imports = child
                        .into_inner()
                        .filter(|c| c.as_rule() == Rule::symbols_from_module)
                        .map(|c| self.import_from(c))
                        .collect();
                }
                Rule::assignment => {
                    if let Some(a) = first(child).map(|a| self.assignment(a)) {
                        module.assignments.push(a);
                    }
                }
                _ => {}
            }
        }
        module
    }

    /// A component of `{ ... }` in an OID value or definitive identifier.
    pub(crate) fn oid_component(&self, p: P<'_>) -> Option<OidComponentAst> {
        let span = self.span(&p);
        let inner = first(p)?;
        Some(match inner.as_rule() {
            Rule::name_and_number => {
                let (name, number) = self.name_and_number(inner);
                OidComponentAst::NameAndNumber(name, number)
            }
            Rule::number => {
                OidComponentAst::Number(inner.as_str().parse().unwrap_or_default(), span)
            }
            Rule::ident => {
                let name = self.name(&inner);
                OidComponentAst::Name(Reference {
                    span: name.span,
                    segments: vec![name],
                })
            }
            Rule::defined_value => OidComponentAst::Name(self.defined_value(inner)),
            _ => return None,
        })
    }

    pub(crate) fn name_and_number(&self, p: P<'_>) -> (Name, NumberOrRef) {
        let span = self.span(&p);
        let mut inner = p.into_inner();
        let name = inner.next().map(|n| self.name(&n)).unwrap_or(Name {
            text: String::new(),
            span,
        });
        let number = inner
            .next()
            .map(|n| self.number_or_ref(n))
            .unwrap_or(NumberOrRef::Number(Default::default(), span));
        (name, number)
    }

    /// `number`, `signed_number` or `defined_value`.
    pub(crate) fn number_or_ref(&self, p: P<'_>) -> NumberOrRef {
        let span = self.span(&p);
        match p.as_rule() {
            Rule::defined_value => NumberOrRef::Ref(self.defined_value(p)),
            _ => NumberOrRef::Number(self.signed_int(p.as_str()), span),
        }
    }

    pub(crate) fn signed_int(&self, text: &str) -> num_bigint::BigInt {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        compact.parse().unwrap_or_default()
    }

    fn exports(&self, p: P<'_>) -> Exports {
        let mut symbols = Vec::new();
        for child in p.into_inner() {
            match child.as_rule() {
                Rule::exports_all => return Exports::All,
                Rule::symbol_list => symbols = self.symbol_list(child),
                _ => {}
            }
        }
        Exports::Symbols(symbols)
    }

    fn symbol_list(&self, p: P<'_>) -> Vec<Name> {
        p.into_inner()
            .filter_map(|s| first(s).map(|n| self.name(&n)))
            .collect()
    }

    fn import_from(&self, p: P<'_>) -> ImportFrom {
        let span = self.span(&p);
        let mut import = ImportFrom {
            symbols: Vec::new(),
            module: Name {
                text: String::new(),
                span,
            },
            assigned: None,
            selection: None,
            span,
        };
        for child in p.into_inner() {
            match child.as_rule() {
                Rule::symbol_list => import.symbols = self.symbol_list(child),
                Rule::module_reference => import.module = self.name(&child),
                Rule::assigned_identifier => {
                    import.assigned = first(child).map(|a| match a.as_rule() {
                        Rule::object_identifier_value => AssignedIdentifier::Oid(
                            a.into_inner()
                                .filter_map(|c| self.oid_component(c))
                                .collect(),
                        ),
                        _ => AssignedIdentifier::Value(self.defined_value(a)),
                    });
                }
                Rule::selection_option => {
                    import.selection = child
                        .into_inner()
                        .find(|c| c.as_rule() != Rule::K_WITH)
                        .map(|c| c.as_str().to_string());
                }
                _ => {}
            }
        }
        import
    }

    fn assignment(&self, p: P<'_>) -> Assignment {
        let span = self.span(&p);
        let rule = p.as_rule();
        let mut name = Name {
            text: String::new(),
            span,
        };
        let mut params = Vec::new();
        let mut governor = None;
        let mut kind = None;
        for child in p.into_inner() {
            match child.as_rule() {
                Rule::type_ref | Rule::ident | Rule::legacy_type_name => name = self.name(&child),
                Rule::parameter_list => params = self.parameter_list(child),
                Rule::object_class_definition => {
                    kind = Some(AssignmentKind::Class(self.class_def(child)));
                }
                Rule::r#type => {
                    let ty = self.ty(child);
                    if rule == Rule::type_like_assignment {
                        kind = Some(AssignmentKind::Type(ty));
                    } else {
                        governor = Some(ty);
                    }
                }
                Rule::set_body => {
                    let body = child.into_inner().next().map(|e| self.element_set_specs(e));
                    kind = governor
                        .take()
                        .map(|governor| AssignmentKind::Set { governor, body });
                }
                Rule::braced_tokens | Rule::value => {
                    let value = if child.as_rule() == Rule::value {
                        self.value(child)
                    } else {
                        let span = self.span(&child);
                        Value {
                            kind: ValueKind::Braced(self.braced(child)),
                            span,
                        }
                    };
                    kind = governor
                        .take()
                        .map(|governor| AssignmentKind::Value { governor, value });
                }
                _ => {}
            }
        }
        let kind = kind.unwrap_or_else(|| {
            AssignmentKind::Type(Type {
                kind: TypeKind::Simple(SimpleType::Null),
                constraints: Vec::new(),
                span,
            })
        });
        Assignment {
            name,
            params,
            kind,
            span,
        }
    }

    fn parameter_list(&self, p: P<'_>) -> Vec<Parameter> {
        p.into_inner()
            .map(|param| {
                let mut governor = None;
                let mut name = None;
                for c in param.into_inner() {
                    match c.as_rule() {
                        Rule::r#type => governor = Some(self.ty(c)),
                        _ => name = Some(self.name(&c)),
                    }
                }
                let name = name.unwrap_or_else(|| Name {
                    text: String::new(),
                    span: Span {
                        file: self.file,
                        start: 0,
                        end: 0,
                    },
                });
                Parameter { governor, name }
            })
            .collect()
    }
}
