//! A linear pre-scan bounding how deeply notation nests, so that the recursive-descent
//! parser and the analysis passes cannot exhaust the stack on hostile input.
//!
//! Nesting comes from brackets and also from prefixes that nest without brackets:
//! `SEQUENCE OF SEQUENCE OF ...`, tags `[0] [1] ...`, `a : b : ...`. The depth counted is
//! the number of open brackets plus, at each open level, the prefixes since the last
//! `,` or `::=`.

use crate::ast::{FileId, Span};
use crate::diagnostics::{Code, Diagnostic};

/// The deepest nesting accepted. Real modules stay far below (the bundled schemas
/// reach about 12).
pub const MAX_NESTING: usize = 256;

/// Reports the first place where brackets nest deeper than [`MAX_NESTING`], skipping
/// comments and strings.
pub fn check_nesting(text: &str, file: FileId) -> Result<(), Diagnostic> {
    let bytes = text.as_bytes();
    // Prefix counts of the open bracket levels (the outermost first).
    let mut levels: Vec<usize> = vec![0];
    let mut total = 0usize;
    let mut i = 0usize;
    let start_of = |i: usize| u32::try_from(i).unwrap_or(u32::MAX);
    let too_deep = |i: usize| {
        Diagnostic::new(
            Code::Syntax,
            Span {
                file,
                start: start_of(i),
                end: start_of(i).saturating_add(1),
            },
            format!("the notation nests more than {MAX_NESTING} levels deep"),
        )
        .with_label("too deep")
    };
    while i < bytes.len() {
        match bytes[i] {
            b'-' if bytes.get(i + 1) == Some(&b'-') => {
                // Line comment: to the next `--` or end of line.
                i += 2;
                while i < bytes.len() && bytes[i] != b'\n' {
                    if bytes[i] == b'-' && bytes.get(i + 1) == Some(&b'-') {
                        i += 1;
                        break;
                    }
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let mut level = 1usize;
                i += 2;
                while i < bytes.len() && level > 0 {
                    if bytes[i] == b'/' && bytes.get(i + 1) == Some(&b'*') {
                        level += 1;
                        i += 1;
                    } else if bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/') {
                        level -= 1;
                        i += 1;
                    }
                    i += 1;
                }
                continue;
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += 1;
                }
            }
            b'{' | b'(' | b'[' => {
                levels.push(0);
                total += 1;
                if total > MAX_NESTING {
                    return Err(too_deep(i));
                }
            }
            b'}' | b')' | b']' => {
                if levels.len() > 1 {
                    total -= 1 + levels.pop().unwrap_or(0);
                }
                if bytes[i] == b']' {
                    // A tag prefixes what follows it.
                    total += bump(&mut levels);
                }
            }
            b',' => reset(&mut levels, &mut total),
            b':' if bytes.get(i + 1) == Some(&b':') && bytes.get(i + 2) == Some(&b'=') => {
                reset(&mut levels, &mut total);
                i += 2;
            }
            b':' | b'<' => total += bump(&mut levels),
            b'O' if bytes.get(i + 1) == Some(&b'F')
                && !bytes
                    .get(i + 2)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'-')
                && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'-')) =>
            {
                total += bump(&mut levels);
                i += 1;
            }
            _ => {}
        }
        if total > MAX_NESTING {
            return Err(too_deep(i));
        }
        i += 1;
    }
    Ok(())
}

/// Counts one prefix at the innermost level; returns the increase of the total.
fn bump(levels: &mut [usize]) -> usize {
    if let Some(top) = levels.last_mut() {
        *top += 1;
    }
    1
}

/// Forgets the prefixes of the innermost level (a `,` or `::=` ends them).
fn reset(levels: &mut [usize], total: &mut usize) {
    if let Some(top) = levels.last_mut() {
        *total -= *top;
        *top = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_nesting_is_rejected_and_comments_are_skipped() {
        let deep = "{".repeat(MAX_NESTING + 1);
        assert!(check_nesting(&deep, FileId(0)).is_err());
        let fine = "{".repeat(MAX_NESTING);
        assert!(check_nesting(&fine, FileId(0)).is_ok());
        let commented = format!("-- {deep}\n/* {deep} */ \"{deep}\"");
        assert!(check_nesting(&commented, FileId(0)).is_ok());
        let chain = format!("A ::= {}INTEGER", "SEQUENCE OF ".repeat(MAX_NESTING + 1));
        assert!(check_nesting(&chain, FileId(0)).is_err());
        let tags = format!("A ::= {}INTEGER", "[0] ".repeat(MAX_NESTING + 1));
        assert!(check_nesting(&tags, FileId(0)).is_err());
        let many = "A ::= SEQUENCE OF INTEGER\n".repeat(10_000);
        assert!(check_nesting(&many, FileId(0)).is_ok());
    }
}
