//! A generic element tree, built without recursion and re-encoded from its structure.
//!
//! Re-encoding a tree read under DER gives back the input bytes, which makes it the
//! round-trip oracle for arbitrary DER input.

use alloc::vec::Vec;

use crate::error::{Error, ErrorKind, Result};
use crate::walk::{walk, Event};
use crate::writer::tlv_len;
use crate::{Encode, Limits, Rules, Tag, Writer};

/// One element: primitive contents, or constructed children.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tlv<'a> {
    /// A primitive element.
    Primitive {
        /// Its tag.
        tag: Tag,
        /// Its contents octets.
        content: &'a [u8],
    },
    /// A constructed element.
    Constructed {
        /// Its tag.
        tag: Tag,
        /// Its elements.
        children: Vec<Tlv<'a>>,
    },
}

impl<'a> Tlv<'a> {
    /// Reads exactly one element tree under `rules` (structure only: primitive contents
    /// are not interpreted).
    pub fn parse(input: &'a [u8], rules: Rules) -> Result<Tlv<'a>> {
        let mut stack: Vec<(Tag, Vec<Tlv<'a>>)> = Vec::new();
        let mut done: Option<Tlv<'a>> = None;
        walk(input, rules, Limits::DEFAULT, |e| {
            let node = match e {
                Event::Begin { header, .. } => {
                    stack.push((header.tag, Vec::new()));
                    return Ok(());
                }
                Event::Primitive {
                    header, content, ..
                } => Tlv::Primitive {
                    tag: header.tag,
                    content,
                },
                Event::End { .. } => {
                    let (tag, children) = stack
                        .pop()
                        .ok_or(Error::new(ErrorKind::InvalidValue("unbalanced walk"), 0))?;
                    Tlv::Constructed { tag, children }
                }
            };
            match stack.last_mut() {
                Some((_, children)) => children.push(node),
                None => done = Some(node),
            }
            Ok(())
        })?;
        done.ok_or(Error::new(ErrorKind::MissingElement { expected: None }, 0))
    }

    /// The tag.
    #[must_use]
    pub fn tag(&self) -> Tag {
        match self {
            Tlv::Primitive { tag, .. } | Tlv::Constructed { tag, .. } => *tag,
        }
    }

    fn content_len(&self, rules: Rules) -> Result<usize> {
        match self {
            Tlv::Primitive { content, .. } => Ok(content.len()),
            Tlv::Constructed { children, .. } => children
                .iter()
                .try_fold(0usize, |n, c| Ok(n + c.encoded_len(rules)?)),
        }
    }
}

impl Encode for Tlv<'_> {
    fn encoded_tag(&self) -> Option<Tag> {
        Some(self.tag())
    }

    fn encoded_len(&self, rules: Rules) -> Result<usize> {
        Ok(tlv_len(self.tag(), self.content_len(rules)?, rules))
    }

    fn encode(&self, w: &mut Writer) -> Result<()> {
        let tag = self.tag();
        match self {
            Tlv::Primitive { content, .. } => {
                w.header(tag, content.len())?;
                w.bytes(content)
            }
            Tlv::Constructed { children, .. } => {
                let cer = w.rules() == Rules::Cer;
                if cer {
                    w.indefinite_header(tag)?;
                } else {
                    w.header(tag, self.content_len(w.rules())?)?;
                }
                for c in children {
                    c.encode(w)?;
                }
                if cer {
                    w.end_of_contents()?;
                }
                Ok(())
            }
        }
    }
}
