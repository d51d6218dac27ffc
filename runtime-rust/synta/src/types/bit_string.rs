//! BIT STRING (X.690 8.6, DER 11.2).

use alloc::borrow::Cow;
use alloc::vec::Vec;

use crate::error::{Error, ErrorKind, NonCanonical, Result};
use crate::reader::Header;
use crate::types::segmented::{contents, segments, CER_SEGMENT};
use crate::{DecodeValue, EncodeValue, FixedTag, Length, Reader, Rules, Tag, Writer};

/// A BIT STRING: data octets and the number of unused bits in the last one.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BitStringRef<'a> {
    unused: u8,
    bytes: Cow<'a, [u8]>,
}

impl<'a> BitStringRef<'a> {
    /// A bit string of `bytes` whose last `unused` bits (0..=7) are not part of it.
    /// Fails when `unused` > 7 or non-zero with no data, as X.690 8.6.2 forbids.
    pub fn new(unused: u8, bytes: &'a [u8]) -> Result<Self> {
        check(unused, bytes).map_err(|k| Error::new(k, 0))?;
        Ok(BitStringRef {
            unused,
            bytes: Cow::Borrowed(bytes),
        })
    }

    /// Owned variant of [`BitStringRef::new`].
    pub fn from_vec(unused: u8, bytes: Vec<u8>) -> Result<BitStringRef<'static>> {
        check(unused, &bytes).map_err(|k| Error::new(k, 0))?;
        Ok(BitStringRef {
            unused,
            bytes: Cow::Owned(bytes),
        })
    }

    /// A copy that owns its bytes (see [`BitString`] to decode owned values).
    #[must_use]
    pub fn into_owned(self) -> BitStringRef<'static> {
        BitStringRef {
            unused: self.unused,
            bytes: Cow::Owned(self.bytes.into_owned()),
        }
    }

    /// Number of unused bits in the last octet.
    #[must_use]
    pub fn unused_bits(&self) -> u8 {
        self.unused
    }

    /// The data octets (unused bits included).
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

    /// Number of bits.
    #[must_use]
    pub fn bit_len(&self) -> usize {
        (self.bytes.len() * 8).saturating_sub(usize::from(self.unused))
    }

    /// Bit `i` (0 is the high bit of the first octet).
    #[must_use]
    pub fn bit(&self, i: usize) -> bool {
        i < self.bit_len()
            && self
                .bytes
                .get(i / 8)
                .is_some_and(|b| b & (0x80 >> (i % 8)) != 0)
    }

    /// True when the padding bits are zero (the DER form).
    #[must_use]
    pub fn padding_is_zero(&self) -> bool {
        let mask = (1u16 << self.unused) - 1;
        self.bytes.last().map_or(0, |b| u16::from(*b)) & mask == 0
    }
}

fn check(unused: u8, bytes: &[u8]) -> Result<(), ErrorKind> {
    if unused > 7 {
        return Err(ErrorKind::InvalidValue("BIT STRING unused bits above 7"));
    }
    if bytes.is_empty() && unused != 0 {
        return Err(ErrorKind::InvalidValue("empty BIT STRING with unused bits"));
    }
    Ok(())
}

crate::types::owned::owned_newtype!(
    /// A BIT STRING that owns its bytes, decoded from input of any lifetime (through
    /// [`BitStringRef`], then copied).
    BitString => BitStringRef
);

impl BitString {
    /// Owned bit string of `bytes` whose last `unused` bits are not part of it; fails as
    /// [`BitStringRef::new`] does.
    pub fn from_vec(unused: u8, bytes: Vec<u8>) -> Result<Self> {
        BitStringRef::from_vec(unused, bytes).map(BitString)
    }
}

impl FixedTag for BitStringRef<'_> {
    const TAG: Tag = Tag::BIT_STRING;
}

impl<'a> DecodeValue<'a> for BitStringRef<'a> {
    const SEGMENTABLE: bool = true;

    #[inline]
    fn decode_value_fast(r: &mut crate::FastReader<'a>, h: &crate::FastHeader) -> Option<Self> {
        if h.tag.constructed {
            return None;
        }
        let (&unused, data) = r.take_rest().split_first()?;
        check(unused, data).ok()?;
        let v = BitStringRef {
            unused,
            bytes: Cow::Borrowed(data),
        };
        v.padding_is_zero().then_some(v)
    }

    fn decode_value(r: &mut Reader<'a>, h: &Header) -> Result<Self> {
        let segs = if h.tag.constructed {
            segments(r, h, Tag::BIT_STRING)?
        } else {
            // Primitive form: no segment list to build.
            let at = r.offset();
            let Cow::Borrowed(c) = contents(r, h, Tag::BIT_STRING)? else {
                return Err(Error::new(
                    ErrorKind::InvalidValue("unexpected segments"),
                    at,
                ));
            };
            let Some((&unused, data)) = c.split_first() else {
                return Err(Error::new(
                    ErrorKind::InvalidValue("BIT STRING without initial octet"),
                    at,
                ));
            };
            check(unused, data).map_err(|k| Error::new(k, at))?;
            let v = BitStringRef {
                unused,
                bytes: Cow::Borrowed(data),
            };
            if r.rules().is_canonical() && !v.padding_is_zero() {
                return Err(Error::new(
                    ErrorKind::NonCanonical(NonCanonical::BitStringPadding),
                    h.offset,
                ));
            }
            return Ok(v);
        };
        let last = segs.len().saturating_sub(1);
        let mut unused = 0;
        let mut parts: Vec<&'a [u8]> = Vec::with_capacity(segs.len());
        for (i, (seg, at)) in segs.iter().enumerate() {
            let Some((&u, data)) = seg.split_first() else {
                return Err(Error::new(
                    ErrorKind::InvalidValue("BIT STRING without initial octet"),
                    *at,
                ));
            };
            // 8.6.4: only the last segment may have unused bits.
            if i != last && u != 0 {
                return Err(Error::new(
                    ErrorKind::InvalidValue("unused bits in a non-final BIT STRING segment"),
                    *at,
                ));
            }
            if i == last {
                check(u, data).map_err(|k| Error::new(k, *at))?;
                unused = u;
            }
            parts.push(data);
        }
        let bytes = match parts.as_slice() {
            [one] => Cow::Borrowed(*one),
            many => Cow::Owned(many.concat()),
        };
        let v = BitStringRef { unused, bytes };
        if r.rules().is_canonical() && !v.padding_is_zero() {
            return Err(Error::new(
                ErrorKind::NonCanonical(NonCanonical::BitStringPadding),
                h.offset,
            ));
        }
        Ok(v)
    }
}

/// Data octets per CER fragment: 1000 contents octets less the unused-bits octet.
const CER_DATA: usize = CER_SEGMENT - 1;

impl EncodeValue for BitStringRef<'_> {
    fn value_len(&self, _rules: Rules) -> Result<usize> {
        Ok(1 + self.bytes.len())
    }

    fn encode_value(&self, w: &mut Writer) -> Result<()> {
        w.byte(self.unused)?;
        w.bytes(&self.bytes)
    }

    fn len_with_tag(&self, tag: Tag, rules: Rules) -> Result<usize> {
        let n = 1 + self.bytes.len();
        if rules == Rules::Cer && n > CER_SEGMENT {
            let seg = |d: usize| 1 + Length::encoded_len(d + 1) + d + 1;
            let full = self.bytes.len() / CER_DATA;
            let rest = self.bytes.len() % CER_DATA;
            let mut total = tag.with_constructed(true).encoded_len() + 3 + full * seg(CER_DATA);
            if rest > 0 {
                total += seg(rest);
            }
            Ok(total)
        } else {
            Ok(tag.encoded_len() + Length::encoded_len(n) + n)
        }
    }

    fn encode_with_tag(&self, tag: Tag, w: &mut Writer) -> Result<()> {
        if w.rules() == Rules::Cer && 1 + self.bytes.len() > CER_SEGMENT {
            w.indefinite_header(tag.with_constructed(true))?;
            let mut chunks = self.bytes.chunks(CER_DATA).peekable();
            while let Some(c) = chunks.next() {
                w.header(Tag::BIT_STRING, c.len() + 1)?;
                w.byte(if chunks.peek().is_none() {
                    self.unused
                } else {
                    0
                })?;
                w.bytes(c)?;
            }
            w.end_of_contents()
        } else {
            w.header(tag.with_constructed(false), 1 + self.bytes.len())?;
            self.encode_value(w)
        }
    }
}
