//! Rendering view models through the askama templates, and the final layout pass.

use askama::Template;

use super::model::ModuleVm;
use crate::backend::rust::BackendError;

#[derive(Template)]
#[template(path = "module.h", escape = "none")]
struct HeaderTemplate<'a> {
    m: &'a ModuleVm,
}

#[derive(Template)]
#[template(path = "module.c", escape = "none")]
struct SourceTemplate<'a> {
    m: &'a ModuleVm,
}

fn failed(e: askama::Error) -> BackendError {
    BackendError {
        message: format!("rendering C failed: {e}"),
    }
}

/// The header of a module.
pub fn header(m: &ModuleVm) -> Result<String, BackendError> {
    let text = HeaderTemplate { m }.render().map_err(failed)?;
    Ok(tidy(&text, false))
}

/// The source file of a module.
pub fn source(m: &ModuleVm) -> Result<String, BackendError> {
    let text = SourceTemplate { m }.render().map_err(failed)?;
    Ok(tidy(&text, true))
}

/// Strips trailing blanks, keeps at most one empty line in a row and, in function bodies,
/// indents every line by four spaces per open brace. Templates then need not track the
/// nesting depth at which a macro is expanded.
fn tidy(text: &str, reindent: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth: usize = 0;
    let mut blank = false;
    let mut in_comment = false;
    for raw in text.lines() {
        let line = raw.trim_end();
        if line.is_empty() {
            if !blank && !out.is_empty() && depth == 0 {
                out.push('\n');
            }
            blank = true;
            continue;
        }
        blank = false;
        // Preprocessor lines (`extern "C" {` sits between #ifdef lines) do not nest.
        let (closes_first, net) = if line.starts_with('#')
            || line.starts_with("extern \"C\"")
            || line == "}" && depth == 0
        {
            (0, 0)
        } else {
            braces(line, &mut in_comment)
        };
        if reindent && (depth > 0 || closes_first > 0) {
            let level = depth.saturating_sub(closes_first);
            out.push_str(&"    ".repeat(level));
            out.push_str(line.trim_start());
        } else {
            out.push_str(line);
        }
        depth = depth.saturating_add_signed(net);
        out.push('\n');
    }
    out
}

/// Counts braces outside comments and strings: (closing before any opening, net change).
fn braces(line: &str, in_comment: &mut bool) -> (usize, isize) {
    let b = line.as_bytes();
    let (mut leading_closes, mut net) = (0usize, 0isize);
    let mut seen_open = false;
    let mut in_string = false;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if *in_comment {
            if c == b'*' && next == Some(b'/') {
                *in_comment = false;
                i += 1;
            }
        } else if in_string {
            if c == b'\\' {
                i += 1;
            } else if c == b'"' {
                in_string = false;
            }
        } else if c == b'/' && next == Some(b'*') {
            *in_comment = true;
            i += 1;
        } else if c == b'"' {
            in_string = true;
        } else if c == b'{' {
            seen_open = true;
            net += 1;
        } else if c == b'}' {
            if !seen_open {
                leading_closes += 1;
            }
            net -= 1;
        }
        i += 1;
    }
    (leading_closes, net)
}
