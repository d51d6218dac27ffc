//! One function per grammar production, building AST nodes from pest pairs.
//!
//! Functions trust the grammar: a pair handed to `foo` was produced by rule `foo`, so its
//! children are known. Where a child is unexpectedly missing the builder falls back to an
//! empty node rather than panicking.

mod constraints;
mod module;
mod objects;
mod types;
mod values;

use super::Rule;
use crate::ast::{FileId, Name, Span, Token};
use pest::iterators::Pair;

/// Builds AST nodes for one file, or a span of it (`base` is the span's start).
pub(crate) struct Builder {
    pub(crate) file: FileId,
    pub(crate) base: u32,
}

pub(crate) type P<'i> = Pair<'i, Rule>;

impl Builder {
    pub(crate) fn span(&self, p: &P<'_>) -> Span {
        let s = p.as_span();
        Span {
            file: self.file,
            start: self.base + to_u32(s.start()),
            end: self.base + to_u32(s.end()),
        }
    }

    pub(crate) fn name(&self, p: &P<'_>) -> Name {
        Name {
            text: p.as_str().to_string(),
            span: self.span(p),
        }
    }

    /// A token of a token tree; groups keep their whole text.
    pub(crate) fn token(&self, p: P<'_>) -> Token {
        let is_group = matches!(
            p.as_rule(),
            Rule::braced_tokens | Rule::paren_tokens | Rule::bracket_tokens
        );
        Token {
            text: p.as_str().to_string(),
            span: self.span(&p),
            is_group,
        }
    }

    pub(crate) fn braced(&self, p: P<'_>) -> crate::ast::Braced {
        let span = self.span(&p);
        crate::ast::Braced {
            tokens: p.into_inner().map(|t| self.token(t)).collect(),
            span,
        }
    }

    pub(crate) fn raw_tokens(&self, p: P<'_>) -> crate::ast::RawTokens {
        let span = self.span(&p);
        crate::ast::RawTokens {
            tokens: p.into_inner().map(|t| self.token(t)).collect(),
            span,
        }
    }
}

pub(crate) fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The first child of a pair, if any.
pub(crate) fn first(p: P<'_>) -> Option<P<'_>> {
    p.into_inner().next()
}
