//! ANY / open types: a raw element (tag, contents and the whole encoding).

use alloc::vec::Vec;

use crate::error::Result;
use crate::{Decode, Encode, Reader, Rules, Tag, Writer};

/// One raw element, borrowed from the input.
///
/// Only the encoding, its offset and the rules it was read under are kept; the tag and
/// header length are read back from the (already checked) identifier and length octets
/// when asked for. Open types and lazy values sit inside every decoded certificate,
/// which is moved by value, so each octet of this type counts several times per
/// certificate: the rules share a word with the offset.
///
/// Encoded under the rules it was read with, or under BER, the element is written as it
/// was read. Under DER or CER after other rules, it is rewritten in their canonical
/// form as far as the encoding alone defines it ([`crate::canonical`]).
///
/// Equality and hashing look at the encoding and the offset, not the rules.
#[derive(Clone, Copy)]
pub struct AnyRef<'a> {
    raw: &'a [u8],
    /// The offset in the low bits, the reading rules in the top two ([`pack`]).
    packed: usize,
}

/// Bits of [`AnyRef::packed`] below the reading rules. Offsets at or above this (2^62
/// on 64-bit targets, 1 GiB on 32-bit ones) are reported as this value.
const OFFSET_MASK: usize = usize::MAX >> 2;
const RULES_SHIFT: u32 = usize::BITS - 2;

/// `offset` and `rules` in one word.
#[inline(always)]
const fn pack(offset: usize, rules: Rules) -> usize {
    let code = match rules {
        Rules::Der => 0,
        Rules::Ber => 1,
        Rules::Cer => 2,
    };
    let offset = if offset > OFFSET_MASK {
        OFFSET_MASK
    } else {
        offset
    };
    offset | (code << RULES_SHIFT)
}

impl PartialEq for AnyRef<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.raw == other.raw && self.offset() == other.offset()
    }
}

impl Eq for AnyRef<'_> {}

impl core::fmt::Debug for AnyRef<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("AnyRef")
            .field("raw", &self.raw)
            .field("offset", &self.offset())
            .field("rules", &self.rules())
            .finish()
    }
}

impl core::hash::Hash for AnyRef<'_> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.raw.hash(state);
        self.offset().hash(state);
    }
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
    /// The element `raw`, read under DER at absolute offset `offset` and already
    /// checked.
    #[inline]
    pub(crate) fn checked(raw: &'a [u8], offset: usize) -> Self {
        AnyRef::checked_under(raw, offset, Rules::Der)
    }

    /// The element `raw`, read under `rules` at absolute offset `offset` and already
    /// checked.
    #[inline]
    pub(crate) fn checked_under(raw: &'a [u8], offset: usize, rules: Rules) -> Self {
        AnyRef {
            raw,
            packed: pack(offset, rules),
        }
    }

    /// The rules the element was read under.
    #[must_use]
    #[inline]
    pub fn rules(&self) -> Rules {
        match self.packed >> RULES_SHIFT {
            0 => Rules::Der,
            1 => Rules::Ber,
            _ => Rules::Cer,
        }
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
        self.packed & OFFSET_MASK
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
        crate::decode_at(self.raw, self.offset(), rules)
    }

    /// True when writing under `rules` needs another form than the octets read: DER or
    /// CER after other reading rules (BER accepts every form).
    pub(crate) fn needs_rewrite(&self, rules: Rules) -> bool {
        rules != Rules::Ber && rules != self.rules()
    }
}

impl<'a> Decode<'a> for AnyRef<'a> {
    #[inline]
    fn decode(r: &mut Reader<'a>) -> Result<Self> {
        let rules = r.rules();
        if let Some((_, offset, raw, _)) = r.read_common_element() {
            return Ok(AnyRef::checked_under(raw, offset, rules));
        }
        let (h, raw, _) = r.read_element()?;
        Ok(AnyRef::checked_under(raw, h.offset, rules))
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

/// Writes the element's bytes as they were read (a value read under DER re-encodes to
/// the same DER bytes), or their canonical form (see [`AnyRef`]).
impl Encode for AnyRef<'_> {
    fn encoded_len(&self, rules: Rules) -> Result<usize> {
        if self.needs_rewrite(rules) {
            return Ok(crate::canonical::reencode_any(self, rules)?.len());
        }
        Ok(self.raw.len())
    }

    fn encode(&self, w: &mut Writer) -> Result<()> {
        if self.needs_rewrite(w.rules()) {
            return w.bytes(&crate::canonical::reencode_any(self, w.rules())?);
        }
        w.bytes(self.raw)
    }

    fn encoded_tag(&self) -> Option<Tag> {
        Some(self.tag())
    }
}

/// One raw element that owns its encoding: the owned counterpart of [`AnyRef`], for open
/// types and unknown alternatives of values kept after the input is gone. Decoding reads
/// the element as [`AnyRef`] does (same checks, same offsets), then copies it.
#[derive(Clone)]
pub struct Any {
    raw: Vec<u8>,
    /// As in [`AnyRef`]: offset and reading rules.
    packed: usize,
}

impl Any {
    /// The element as a borrowed [`AnyRef`] (its offset is the one it was read at).
    #[must_use]
    pub fn as_any_ref(&self) -> AnyRef<'_> {
        AnyRef {
            raw: &self.raw,
            packed: self.packed,
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
        self.as_any_ref().offset()
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

impl PartialEq for Any {
    fn eq(&self, other: &Self) -> bool {
        self.as_any_ref() == other.as_any_ref()
    }
}

impl Eq for Any {}

impl core::hash::Hash for Any {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_any_ref().hash(state);
    }
}

impl core::fmt::Debug for Any {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.as_any_ref().fmt(f)
    }
}

impl From<AnyRef<'_>> for Any {
    fn from(a: AnyRef<'_>) -> Self {
        Any {
            raw: a.raw.to_vec(),
            packed: a.packed,
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
