//! Turns source text into the AST: the pest grammar, then one function per production.
//!
//! Besides whole files, analysis re-parses spans of braced token groups with other start
//! rules once it knows what governs them ([`reparse_value`], [`reparse_type`],
//! [`reparse_element_set`]).

mod builder;
mod errors;
mod nesting;

pub use nesting::MAX_NESTING;

use crate::ast::{ElementSetSpecs, FileId, SourceFile, Span, Type, Value};
use crate::diagnostics::Diagnostic;
use builder::Builder;
use pest::Parser as _;

#[allow(missing_docs)]
mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "grammar.pest"]
    pub struct Asn1Parser;
}

pub(crate) use grammar::{Asn1Parser, Rule};

/// Parses a whole source file into its modules.
pub fn parse_file(text: &str, file: FileId) -> Result<SourceFile, Diagnostic> {
    nesting::check_nesting(text, file)?;
    let mut pairs = Asn1Parser::parse(Rule::file, text)
        .map_err(|e| errors::to_diagnostic(&e, text, file, 0))?;
    let b = Builder { file, base: 0 };
    let file_pair = pairs.next().ok_or_else(|| {
        Diagnostic::new(
            crate::Code::Syntax,
            Span {
                file,
                start: 0,
                end: 0,
            },
            "empty parse",
        )
    })?;
    Ok(b.source_file(file_pair))
}

fn reparse<T>(
    rule: Rule,
    full_text: &str,
    span: Span,
    build: impl FnOnce(&Builder, pest::iterators::Pair<'_, Rule>) -> T,
) -> Result<T, Diagnostic> {
    let text = full_text.get(span.range()).unwrap_or("");
    let mut pairs = Asn1Parser::parse(rule, text)
        .map_err(|e| errors::to_diagnostic(&e, text, span.file, span.start))?;
    let b = Builder {
        file: span.file,
        base: span.start,
    };
    let top = pairs
        .next()
        .ok_or_else(|| Diagnostic::new(crate::Code::Syntax, span, "empty parse"))?;
    let inner = top.into_inner().find(|p| p.as_rule() != Rule::EOI);
    match inner {
        Some(p) => Ok(build(&b, p)),
        None => Err(Diagnostic::new(
            crate::Code::Syntax,
            span,
            "nothing to parse",
        )),
    }
}

/// Re-parses `span` of `full_text` as a value (a braced value is read as items).
pub fn reparse_value(full_text: &str, span: Span) -> Result<Value, Diagnostic> {
    reparse(Rule::value_only, full_text, span, |b, p| b.any_value(p))
}

/// Re-parses `span` of `full_text` as a type.
pub fn reparse_type(full_text: &str, span: Span) -> Result<Type, Diagnostic> {
    reparse(Rule::type_only, full_text, span, |b, p| b.ty(p))
}

/// Re-parses `span` (which includes the braces) as `{ element set specs }`.
pub fn reparse_braced_set(
    full_text: &str,
    span: Span,
) -> Result<Option<ElementSetSpecs>, Diagnostic> {
    let text = full_text.get(span.range()).unwrap_or("");
    let mut pairs = Asn1Parser::parse(Rule::braced_set_only, text)
        .map_err(|e| errors::to_diagnostic(&e, text, span.file, span.start))?;
    let b = Builder {
        file: span.file,
        base: span.start,
    };
    let top = pairs
        .next()
        .ok_or_else(|| Diagnostic::new(crate::Code::Syntax, span, "empty parse"))?;
    Ok(top
        .into_inner()
        .find(|p| p.as_rule() == Rule::element_set_specs)
        .map(|p| b.element_set_specs(p)))
}

/// Re-parses `span` (without braces) as element set specs.
pub fn reparse_element_set(
    full_text: &str,
    span: Span,
) -> Result<Option<ElementSetSpecs>, Diagnostic> {
    let text = full_text.get(span.range()).unwrap_or("");
    let mut pairs = Asn1Parser::parse(Rule::element_set_only, text)
        .map_err(|e| errors::to_diagnostic(&e, text, span.file, span.start))?;
    let b = Builder {
        file: span.file,
        base: span.start,
    };
    let top = pairs
        .next()
        .ok_or_else(|| Diagnostic::new(crate::Code::Syntax, span, "empty parse"))?;
    Ok(top
        .into_inner()
        .find(|p| p.as_rule() == Rule::element_set_specs)
        .map(|p| b.element_set_specs(p)))
}

/// Tokenizes `span` (a group's inside or a setting) into top-level tokens.
pub fn retokenize(full_text: &str, span: Span) -> Result<Vec<crate::ast::Token>, Diagnostic> {
    let text = full_text.get(span.range()).unwrap_or("");
    let mut pairs = Asn1Parser::parse(Rule::tokens_only, text)
        .map_err(|e| errors::to_diagnostic(&e, text, span.file, span.start))?;
    let b = Builder {
        file: span.file,
        base: span.start,
    };
    let top = pairs
        .next()
        .ok_or_else(|| Diagnostic::new(crate::Code::Syntax, span, "empty parse"))?;
    Ok(top
        .into_inner()
        .filter(|p| p.as_rule() != Rule::EOI)
        .map(|p| b.token(p))
        .collect())
}
