//! ANY / open types: a raw element (tag, contents and the whole encoding).

use crate::error::Result;
use crate::{Decode, Encode, Reader, Rules, Tag, Writer};

/// One raw element, borrowed from the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AnyRef<'a> {
    tag: Tag,
    offset: usize,
    header_len: usize,
    raw: &'a [u8],
    content: &'a [u8],
}

impl<'a> AnyRef<'a> {
    /// The tag.
    #[must_use]
    pub fn tag(&self) -> Tag {
        self.tag
    }

    /// The contents octets (for an indefinite length, without the end-of-contents).
    #[must_use]
    pub fn content(&self) -> &'a [u8] {
        self.content
    }

    /// The whole encoding: identifier, length and contents octets.
    #[must_use]
    pub fn raw(&self) -> &'a [u8] {
        self.raw
    }

    /// Absolute offset of the element in the input it came from.
    #[must_use]
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Number of identifier and length octets.
    #[must_use]
    pub fn header_len(&self) -> usize {
        self.header_len
    }

    /// Decodes the element as `T` under `rules` (the element alone must be one `T`).
    pub fn decode_as<T: Decode<'a>>(&self, rules: Rules) -> Result<T> {
        let mut r = Reader::sub(self.raw, self.offset, rules, 0, crate::Limits::DEFAULT);
        let v = T::decode(&mut r)?;
        r.finish()?;
        Ok(v)
    }
}

impl<'a> Decode<'a> for AnyRef<'a> {
    fn decode(r: &mut Reader<'a>) -> Result<Self> {
        let (h, raw, content) = r.read_element()?;
        Ok(AnyRef {
            tag: h.tag,
            offset: h.offset,
            header_len: h.header_len,
            raw,
            content,
        })
    }

    fn can_decode(_tag: Tag, _rules: Rules) -> bool {
        true
    }
}

/// Writes the element's bytes as they were read: a value read under DER re-encodes to
/// the same DER bytes.
impl Encode for AnyRef<'_> {
    fn encoded_len(&self, _rules: Rules) -> Result<usize> {
        Ok(self.raw.len())
    }

    fn encode(&self, w: &mut Writer) -> Result<()> {
        w.bytes(self.raw)
    }

    fn encoded_tag(&self) -> Option<Tag> {
        Some(self.tag)
    }
}
