//! OCTET STRING (X.690 8.7): borrowed, or owned when BER segments had to be joined.

use alloc::borrow::Cow;
use alloc::vec::Vec;

use crate::error::Result;
use crate::reader::Header;
use crate::types::segmented::{contents, primitive, string_len, write_string};
use crate::{DecodeValue, EncodeValue, FixedTag, Reader, Rules, Tag, Writer};

/// An OCTET STRING. Borrows from the input, except a BER/CER constructed (segmented)
/// encoding, whose segments are joined into an owned buffer.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct OctetStringRef<'a> {
    bytes: Cow<'a, [u8]>,
}

crate::types::owned::owned_newtype!(
    /// An OCTET STRING that owns its bytes, decoded from input of any lifetime (through
    /// [`OctetStringRef`], then copied).
    OctetString => OctetStringRef
);

impl OctetString {
    /// Wraps owned bytes.
    #[must_use]
    pub fn from_vec(bytes: Vec<u8>) -> Self {
        OctetString(OctetStringRef::from_vec(bytes))
    }
}

impl<'a> OctetStringRef<'a> {
    /// Wraps borrowed bytes.
    #[must_use]
    pub const fn new(bytes: &'a [u8]) -> Self {
        OctetStringRef {
            bytes: Cow::Borrowed(bytes),
        }
    }

    /// Wraps owned bytes.
    #[must_use]
    pub fn from_vec(bytes: Vec<u8>) -> OctetStringRef<'static> {
        OctetStringRef {
            bytes: Cow::Owned(bytes),
        }
    }

    /// The octets.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The contents borrowed from the input for the input's whole lifetime; `None` for
    /// a value that owns its bytes (BER segments joined, or built by the caller).
    #[must_use]
    pub fn borrowed(&self) -> Option<&'a [u8]> {
        match &self.bytes {
            Cow::Borrowed(b) => Some(b),
            Cow::Owned(_) => None,
        }
    }

    /// True when the value borrows from the input.
    #[must_use]
    pub fn is_borrowed(&self) -> bool {
        matches!(self.bytes, Cow::Borrowed(_))
    }

    /// A copy that owns its bytes (see [`OctetString`] to decode owned values).
    #[must_use]
    pub fn into_owned(self) -> OctetStringRef<'static> {
        OctetStringRef {
            bytes: Cow::Owned(self.bytes.into_owned()),
        }
    }
}

impl FixedTag for OctetStringRef<'_> {
    const TAG: Tag = Tag::OCTET_STRING;
}

impl<'a> DecodeValue<'a> for OctetStringRef<'a> {
    const SEGMENTABLE: bool = true;

    fn decode_value(r: &mut Reader<'a>, h: &Header) -> Result<Self> {
        // The primitive form builds the borrowed value in place (going through
        // `contents` costs a store-forwarding stall on the returned `Cow`).
        if !h.tag.constructed {
            return match primitive(r, h) {
                Ok(b) => Ok(OctetStringRef::new(b)),
                Err(e) => Err(e),
            };
        }
        Ok(OctetStringRef {
            bytes: contents(r, h, Tag::OCTET_STRING)?,
        })
    }
}

impl EncodeValue for OctetStringRef<'_> {
    fn value_len(&self, _rules: Rules) -> Result<usize> {
        Ok(self.bytes.len())
    }

    fn encode_value(&self, w: &mut Writer) -> Result<()> {
        w.bytes(&self.bytes)
    }

    fn len_with_tag(&self, tag: Tag, rules: Rules) -> Result<usize> {
        Ok(string_len(tag, self.bytes.len(), rules, Tag::OCTET_STRING))
    }

    fn encode_with_tag(&self, tag: Tag, w: &mut Writer) -> Result<()> {
        write_string(tag, &self.bytes, w, Tag::OCTET_STRING)
    }
}
