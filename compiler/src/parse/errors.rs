//! pest errors turned into diagnostics that name what was expected in ASN.1 terms.

use super::Rule;
use crate::ast::{FileId, Span};
use crate::diagnostics::{Code, Diagnostic};

/// A readable name for a grammar rule in "expected ..." messages.
fn describe(rule: &Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::type_ref => "a type reference",
        Rule::ident => "an identifier",
        Rule::module_reference => "a module name",
        Rule::module_definition => "a module definition",
        Rule::assignment => "an assignment",
        Rule::K_END => "END",
        Rule::r#type | Rule::untagged_type | Rule::type_core => "a type",
        Rule::value | Rule::value_atom | Rule::braced_item => "a value",
        Rule::constraint => "a constraint",
        Rule::number | Rule::signed_number => "a number",
        Rule::component_list | Rule::component_item | Rule::named_component => "a component",
        Rule::field_spec | Rule::field_name => "a field name (&name)",
        Rule::symbols_from_module | Rule::symbol_list | Rule::symbol => "an imported name",
        Rule::exports | Rule::imports => "EXPORTS or IMPORTS",
        Rule::tag_default => "a tagging default",
        Rule::definitive_identification => "a module identifier",
        Rule::element_set_specs | Rule::elements => "a constraint element",
        Rule::parameter_list | Rule::parameter => "a parameter",
        Rule::actual_parameter => "an actual parameter",
        Rule::named_number => "a named number",
        Rule::enum_item | Rule::enum_list => "an enumeration item",
        Rule::syntax_item => "a WITH SYNTAX item",
        Rule::token => "a token",
        Rule::EOI => "end of input",
        _ => return None,
    })
}

/// Converts a pest error in `text` (starting at `base` in `file`) to a diagnostic.
pub(super) fn to_diagnostic(
    err: &pest::error::Error<Rule>,
    text: &str,
    file: FileId,
    base: u32,
) -> Diagnostic {
    let pos = match err.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let found = found_text(text, pos);
    let start = base + u32::try_from(pos).unwrap_or(u32::MAX - base);
    let width = if found.contains(' ') { 1 } else { found.len() };
    let end = start + u32::try_from(width.min(text.len().saturating_sub(pos))).unwrap_or(0);
    let span = Span { file, start, end };
    let mut expected: Vec<&str> = match &err.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            positives.iter().filter_map(describe).collect()
        }
        pest::error::ErrorVariant::CustomError { .. } => Vec::new(),
    };
    expected.sort_unstable();
    expected.dedup();
    let what = if found.is_empty() {
        "end of input".to_string()
    } else if found == "line break" || found == "white space" {
        found.clone()
    } else {
        format!("`{found}`")
    };
    let message = if expected.is_empty() {
        format!("syntax error: unexpected {what}")
    } else {
        format!(
            "syntax error: expected {}, found {what}",
            join_or(&expected)
        )
    };
    let mut d = Diagnostic::new(Code::Syntax, span, message).with_label("unexpected here");
    if let Some(note) = hint(text, pos, &found) {
        d = d.with_note(note);
    }
    d
}

fn join_or(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

/// The word or character at `pos`, for the message.
fn found_text(text: &str, pos: usize) -> String {
    let rest = text.get(pos..).unwrap_or("");
    let word: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
        .take(40)
        .collect();
    if word.is_empty() {
        match rest.chars().next() {
            Some('\n' | '\r') => "line break".into(),
            Some(c) if c.is_whitespace() => "white space".into(),
            Some(c) => c.to_string(),
            None => String::new(),
        }
    } else {
        word
    }
}

/// Advice for common mistakes.
fn hint(text: &str, pos: usize, found: &str) -> Option<String> {
    let first = found.chars().next()?;
    if found.ends_with('-') && found.len() > 1 {
        return Some("a name may not end with a hyphen (X.680 12.2)".into());
    }
    if found.contains("--") {
        return Some("`--` starts a comment; a name may not contain two hyphens in a row".into());
    }
    let before = text.get(..pos).unwrap_or("").trim_end();
    if before.ends_with("::=") && first.is_ascii_lowercase() {
        return Some(
            "a type is expected after `::=`; type references start with an upper-case letter"
                .into(),
        );
    }
    None
}
