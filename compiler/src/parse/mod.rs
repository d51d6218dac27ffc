//! Turns source text into the AST: the pest grammar, then one function per production.
//!
//! Besides whole files, analysis re-parses spans of braced token groups with other start
//! rules once it knows what governs them ([`reparse_value`], [`reparse_type`],
//! [`reparse_braced_set`]).

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

/// Parses `span` of `full_text` with the start rule `rule` and hands the builder and the
/// start rule's pair to `build`.
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
    Ok(build(&b, top))
}

/// The first child of a start rule's pair that is not end-of-input.
fn content(top: pest::iterators::Pair<'_, Rule>) -> Option<pest::iterators::Pair<'_, Rule>> {
    top.into_inner().find(|p| p.as_rule() != Rule::EOI)
}

/// Re-parses `span` of `full_text` as a value (a braced value is read as items).
pub fn reparse_value(full_text: &str, span: Span) -> Result<Value, Diagnostic> {
    reparse(Rule::value_only, full_text, span, |b, top| {
        content(top).map(|p| b.any_value(p))
    })?
    .ok_or_else(|| Diagnostic::new(crate::Code::Syntax, span, "nothing to parse"))
}

/// Re-parses `span` of `full_text` as a type.
pub fn reparse_type(full_text: &str, span: Span) -> Result<Type, Diagnostic> {
    reparse(Rule::type_only, full_text, span, |b, top| {
        content(top).map(|p| b.ty(p))
    })?
    .ok_or_else(|| Diagnostic::new(crate::Code::Syntax, span, "nothing to parse"))
}

/// Re-parses `span` (which includes the braces) as `{ element set specs }`.
pub fn reparse_braced_set(
    full_text: &str,
    span: Span,
) -> Result<Option<ElementSetSpecs>, Diagnostic> {
    reparse(Rule::braced_set_only, full_text, span, |b, top| {
        content(top).map(|p| b.element_set_specs(p))
    })
}
