//! ANY / open types: a raw element (tag, contents and the whole encoding).

use alloc::vec::Vec;

use crate::error::Result;
use crate::{Decode, Encode, Reader, Rules, Tag, Writer};

/// One raw element, borrowed from the input.
///
/// Only the encoding and its offset are kept; the tag and header length are read back
/// from the (already checked) identifier and length octets when asked for. Open types
/// and lazy values sit inside every decoded certificate, which is moved by value, so
/// each octet of this type counts several times per certificate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AnyRef<'a> {
    raw: &'a [u8],
    offset: usize,
}

/// Number of identifier octets at the start of `raw`.
fn tag_len(raw: &[u8]) -> usize {
    match raw.first() {
        Some(&id) if id & 0x1f == 0x1f => {
            1 + raw
                .iter()
                .skip(1)
                .position(|&b| b & 0x80 == 0)
                .map_or(0, |p| p + 1)
        }
        _ => 1,
    }
}

impl<'a> AnyRef<'a> {
    /// The element `raw`, read at absolute offset `offset` and already checked.
    #[inline]
    pub(crate) fn checked(raw: &'a [u8], offset: usize) -> Self {
        AnyRef { raw, offset }
    }

    /// The tag.
    #[must_use]
    #[inline]
    pub fn tag(&self) -> Tag {
        match self.raw.first() {
            Some(&id) if id & 0x1f != 0x1f => crate::reader::low_tag(id),
            // The identifier was checked when the element was read; BER is the most
            // lenient reading of it.
            _ => Tag::parse(self.raw, Rules::Ber)
                .map(|(t, _)| t)
                .unwrap_or(Tag::new(crate::Class::Universal, 0, false)),
        }
    }

    /// The contents octets (for an indefinite length, without the end-of-contents).
    #[must_use]
    pub fn content(&self) -> &'a [u8] {
        // An indefinite length (a single length octet 0x80) ends with two
        // end-of-contents octets that are not contents. A definite long form may end in
        // 0x80 too (0x81 0x80 is 128): only the first length octet counts.
        let indefinite = self.raw.get(tag_len(self.raw)) == Some(&0x80);
        let end = if indefinite {
            self.raw.len().saturating_sub(2)
        } else {
            self.raw.len()
        };
        self.raw.get(self.header_len()..end).unwrap_or(&[])
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
        let tag_len = tag_len(self.raw);
        match self.raw.get(tag_len) {
            Some(&l0) if l0 > 0x80 => tag_len + 1 + usize::from(l0 & 0x7f),
            _ => tag_len + 1,
        }
    }

    /// Decodes the element as `T` under `rules` (the element alone must be one `T`).
    pub fn decode_as<T: Decode<'a>>(&self, rules: Rules) -> Result<T> {
        crate::decode_at(self.raw, self.offset, rules)
    }
}

impl<'a> Decode<'a> for AnyRef<'a> {
    #[inline]
    fn decode(r: &mut Reader<'a>) -> Result<Self> {
        if let Some((_, offset, raw, _)) = r.read_common_element() {
            return Ok(AnyRef { raw, offset });
        }
        let (h, raw, _) = r.read_element()?;
        Ok(AnyRef {
            raw,
            offset: h.offset,
        })
    }

    fn can_decode(_tag: Tag, _rules: Rules) -> bool {
        true
    }

    #[inline]
    fn decode_fast(r: &mut crate::FastReader<'a>) -> Option<Self> {
        let h = r.element()?;
        Some(AnyRef::checked(
            r.slice(h.start, h.end),
            r.offset_of(h.start),
        ))
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
        Some(self.tag())
    }
}

/// One raw element that owns its encoding: the owned counterpart of [`AnyRef`], for open
/// types and unknown alternatives of values kept after the input is gone. Decoding reads
/// the element as [`AnyRef`] does (same checks, same offsets), then copies it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Any {
    raw: Vec<u8>,
    offset: usize,
}

impl Any {
    /// The element as a borrowed [`AnyRef`] (its offset is the one it was read at).
    #[must_use]
    pub fn as_any_ref(&self) -> AnyRef<'_> {
        AnyRef {
            raw: &self.raw,
            offset: self.offset,
        }
    }

    /// The tag.
    #[must_use]
    pub fn tag(&self) -> Tag {
        self.as_any_ref().tag()
    }

    /// The contents octets (for an indefinite length, without the end-of-contents).
    #[must_use]
    pub fn content(&self) -> &[u8] {
        self.as_any_ref().content()
    }

    /// The whole encoding: identifier, length and contents octets.
    #[must_use]
    pub fn raw(&self) -> &[u8] {
        &self.raw
    }

    /// Absolute offset of the element in the input it came from.
    #[must_use]
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Number of identifier and length octets.
    #[must_use]
    pub fn header_len(&self) -> usize {
        self.as_any_ref().header_len()
    }

    /// Decodes the element as `T` under `rules` (the element alone must be one `T`); `T`
    /// may borrow from `self`. Error offsets are those of the original input.
    pub fn decode_as<'b, T: Decode<'b>>(&'b self, rules: Rules) -> Result<T> {
        self.as_any_ref().decode_as(rules)
    }
}

impl From<AnyRef<'_>> for Any {
    fn from(a: AnyRef<'_>) -> Self {
        Any {
            raw: a.raw.to_vec(),
            offset: a.offset,
        }
    }
}

impl From<&AnyRef<'_>> for Any {
    fn from(a: &AnyRef<'_>) -> Self {
        Any::from(*a)
    }
}

impl PartialEq<AnyRef<'_>> for Any {
    fn eq(&self, other: &AnyRef<'_>) -> bool {
        self.as_any_ref() == *other
    }
}

impl<'a> Decode<'a> for Any {
    fn decode(r: &mut Reader<'a>) -> Result<Self> {
        AnyRef::decode(r).map(Any::from)
    }

    fn can_decode(tag: Tag, rules: Rules) -> bool {
        AnyRef::can_decode(tag, rules)
    }
}

/// Writes the element's bytes as they were read, like [`AnyRef`].
impl Encode for Any {
    fn encoded_len(&self, rules: Rules) -> Result<usize> {
        self.as_any_ref().encoded_len(rules)
    }

    fn encode(&self, w: &mut Writer) -> Result<()> {
        self.as_any_ref().encode(w)
    }

    fn encoded_tag(&self) -> Option<Tag> {
        Some(self.tag())
    }
}
