use super::{Name, Span};

/// One lexical item of a token tree: a word, literal or punctuation, or a whole
/// parenthesised, bracketed or braced group (whose inside analysis re-parses by span).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// The item's text (for a group, the text of the whole group).
    pub text: String,
    /// Where it is written.
    pub span: Span,
    /// True for a `(...)`, `[...]` or `{...}` group.
    pub is_group: bool,
}

/// A braced group `{ ... }` kept as tokens because its meaning depends on what governs it
/// (an object in defined syntax, a value, an object set, a parameter list).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Braced {
    /// The top-level items between the braces.
    pub tokens: Vec<Token>,
    /// The span including the braces.
    pub span: Span,
}

/// Tokens without surrounding braces, such as the DEFAULT setting of a class field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawTokens {
    /// The top-level items.
    pub tokens: Vec<Token>,
    /// The span of all of them.
    pub span: Span,
}

/// A reference as written: `Name`, `Module.Name`, `CLASS.&field`, `object.&Field.&f`.
/// Analysis decides what each segment denotes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    /// The dot-separated segments, in order.
    pub segments: Vec<Name>,
    /// The span of the whole reference.
    pub span: Span,
}

impl Reference {
    /// The reference as written, segments joined by dots.
    pub fn text(&self) -> String {
        let parts: Vec<&str> = self.segments.iter().map(|s| s.text.as_str()).collect();
        parts.join(".")
    }

    /// The single name of a one-segment reference.
    pub fn as_simple(&self) -> Option<&Name> {
        match self.segments.as_slice() {
            [only] => Some(only),
            _ => None,
        }
    }
}
