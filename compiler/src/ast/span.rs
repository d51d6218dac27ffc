use serde::Serialize;

/// Index of a source file in a [`crate::SourceDb`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct FileId(pub u32);

/// A byte range in one source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Span {
    /// The file the range is in.
    pub file: FileId,
    /// Offset of the first byte.
    pub start: u32,
    /// Offset one past the last byte.
    pub end: u32,
}

impl Span {
    /// The span covering both `self` and `other` (which must be in the same file).
    pub fn to(self, other: Span) -> Span {
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// The byte range as `usize` offsets, for slicing the source text.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A name as written (a reference, an identifier or a field name), with its span.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Name {
    /// The name's text, e.g. `Certificate`, `id-pkix` or `&Type`.
    pub text: String,
    /// Where it is written.
    pub span: Span,
}

impl Name {
    /// True when the name starts with an upper-case letter (type, module, class or
    /// object set reference; a field name's case is that of the letter after `&`).
    pub fn is_upper(&self) -> bool {
        self.text
            .trim_start_matches('&')
            .starts_with(|c: char| c.is_ascii_uppercase())
    }
}
