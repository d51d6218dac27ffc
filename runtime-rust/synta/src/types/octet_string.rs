//! OCTET STRING (X.690 8.7): borrowed, or owned when BER segments had to be joined.

use alloc::borrow::Cow;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::hash::{Hash, Hasher};

use crate::error::Result;
use crate::reader::Header;
use crate::types::segmented::{join, primitive, segments, string_len, write_string};
use crate::{DecodeValue, EncodeValue, FixedTag, Reader, Rules, Tag, Writer};

/// An OCTET STRING. Borrows from the input, except a BER/CER constructed (segmented)
/// encoding, whose segments are joined into an owned buffer.
///
/// A decoded value also remembers where its contents were in the input
/// ([`OctetStringRef::offset`]), so that a value carried inside it (an extension's
/// `extnValue`) can be decoded with error offsets into the whole input. The offset is
/// provenance, not part of the value: equality, ordering and hashing look at the octets
/// only, so a decoded value equals one built with [`OctetStringRef::new`].
#[derive(Debug, Clone, Default)]
pub struct OctetStringRef<'a> {
    bytes: Cow<'a, [u8]>,
    offset: usize,
}

impl PartialEq for OctetStringRef<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
    }
}

impl Eq for OctetStringRef<'_> {}

impl PartialOrd for OctetStringRef<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for OctetStringRef<'_> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.bytes.cmp(&other.bytes)
    }
}

impl Hash for OctetStringRef<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.bytes.hash(state);
    }
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
    /// Wraps borrowed bytes (offset 0: the value was not read from an input).
    #[must_use]
    pub const fn new(bytes: &'a [u8]) -> Self {
        OctetStringRef {
            bytes: Cow::Borrowed(bytes),
            offset: 0,
        }
    }

    /// Wraps owned bytes (offset 0).
    #[must_use]
    pub fn from_vec(bytes: Vec<u8>) -> OctetStringRef<'static> {
        OctetStringRef {
            bytes: Cow::Owned(bytes),
            offset: 0,
        }
    }

    /// Absolute offset of the contents octets in the input the value was decoded from,
    /// for decoding what they carry with offsets into that input (`crate::decode_at`).
    ///
    /// For a BER/CER constructed (segmented) encoding it is the offset of the first
    /// segment's contents (of the outer contents when there is no segment): exact when
    /// there is one segment, and for the octets of the first one. A value built by the
    /// caller has 0; a copy made by [`OctetStringRef::into_owned`] or an
    /// [`OctetString`] keeps the offset it was read at, as [`crate::Any`] does.
    #[must_use]
    #[inline]
    pub fn offset(&self) -> usize {
        self.offset
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
            offset: self.offset,
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
            let offset = r.offset();
            return match primitive(r, h) {
                Ok(b) => Ok(OctetStringRef {
                    bytes: Cow::Borrowed(b),
                    offset,
                }),
                Err(e) => Err(e),
            };
        }
        constructed(r, h)
    }

    /// Only the primitive form is DER (10.2); the constructed one is left to the
    /// general decoder, which reports it.
    #[inline]
    fn decode_value_fast(r: &mut crate::FastReader<'a>, h: &crate::FastHeader) -> Option<Self> {
        if h.tag.constructed {
            return None;
        }
        Some(OctetStringRef {
            bytes: Cow::Borrowed(r.take_rest()),
            offset: r.offset_of(h.content),
        })
    }
}

/// The constructed (segmented) form, out of line so the primitive path stays small
/// enough to inline. The offset is that of the first segment's contents (see
/// [`OctetStringRef::offset`]).
#[inline(never)]
fn constructed<'a>(r: &mut Reader<'a>, h: &Header) -> Result<OctetStringRef<'a>> {
    let outer = r.offset();
    let segs = segments(r, h, Tag::OCTET_STRING)?;
    Ok(OctetStringRef {
        bytes: join(&segs),
        offset: segs.first().map_or(outer, |&(_, at)| at),
    })
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

#[cfg(test)]
mod tests {
    use alloc::vec;
    use alloc::vec::Vec;
    use core::hash::{Hash, Hasher};

    use super::{OctetString, OctetStringRef};
    use crate::{decode_at, decode_general, from_ber, from_der, Limits, Rules};

    /// The offsets of a list of strings, read by both DER paths: the fast path
    /// (`decode_at`, tried first) and the general decoder alone.
    fn both_paths(bytes: &[u8], base: usize) -> (Vec<usize>, Vec<usize>) {
        let fast = crate::fast::decode_fast::<Vec<OctetStringRef>>(bytes, base)
            .expect("the fast path decodes plain DER");
        let mut r = crate::Reader::sub(bytes, base, Rules::Der, 0, Limits::DEFAULT);
        let general: Vec<OctetStringRef> = crate::Decode::decode(&mut r).unwrap();
        assert_eq!(fast, general);
        let offsets = |v: &[OctetStringRef]| v.iter().map(OctetStringRef::offset).collect();
        (offsets(&fast), offsets(&general))
    }

    #[test]
    fn der_contents_offset() {
        // X.690 8.7.2: primitive; the contents follow the two header octets.
        let s: OctetStringRef = from_der(&[0x04, 0x02, 0xca, 0xfe]).unwrap();
        assert_eq!(s.offset(), 2);
        // A long-form length (8.1.3.5) moves the contents one octet further.
        let mut long = vec![0x04, 0x81, 0x80];
        long.extend([0x11; 0x80]);
        let s: OctetStringRef = from_der(&long).unwrap();
        assert_eq!(s.offset(), 3);
        assert_eq!(
            decode_general::<OctetStringRef>(&long, Rules::Der, Limits::DEFAULT)
                .unwrap()
                .offset(),
            3
        );
    }

    #[test]
    fn fast_and_general_paths_agree() {
        // SEQUENCE { OCTET STRING aa, OCTET STRING '' , OCTET STRING bb cc }
        let seq = [
            0x30, 0x09, 0x04, 0x01, 0xaa, 0x04, 0x00, 0x04, 0x02, 0xbb, 0xcc,
        ];
        let (fast, general) = both_paths(&seq, 0);
        assert_eq!(fast, [4, 7, 9]);
        assert_eq!(fast, general);
        // Inside a larger input, at offset 100.
        let (fast, general) = both_paths(&seq, 100);
        assert_eq!(fast, [104, 107, 109]);
        assert_eq!(fast, general);
        let v: Vec<OctetStringRef> = decode_at(&seq, 100, Rules::Der).unwrap();
        assert_eq!(v[2].offset(), 109);
    }

    #[test]
    fn ber_primitive_and_constructed_offsets() {
        let s: OctetStringRef = from_ber(&[0x04, 0x02, 0xca, 0xfe]).unwrap();
        assert_eq!(s.offset(), 2);
        // 8.7.3: one segment stays borrowed, at the segment's contents.
        let one: OctetStringRef = from_ber(&[0x24, 0x03, 0x04, 0x01, 0xaa]).unwrap();
        assert!(one.is_borrowed());
        assert_eq!((one.as_bytes(), one.offset()), (&[0xaa][..], 4));
        // Several segments are joined; the offset is the first segment's contents.
        let two: OctetStringRef =
            from_ber(&[0x24, 0x06, 0x04, 0x01, 0xaa, 0x04, 0x01, 0xbb]).unwrap();
        assert!(!two.is_borrowed());
        assert_eq!((two.as_bytes(), two.offset()), (&[0xaa, 0xbb][..], 4));
        // Indefinite length (8.1.3.6), nested segments.
        let nested: OctetStringRef =
            from_ber(&[0x24, 0x80, 0x24, 0x03, 0x04, 0x01, 0xaa, 0x00, 0x00]).unwrap();
        assert_eq!((nested.as_bytes(), nested.offset()), (&[0xaa][..], 6));
        // No segment at all: the outer contents.
        let empty: OctetStringRef = from_ber(&[0x24, 0x00]).unwrap();
        assert_eq!((empty.as_bytes(), empty.offset()), (&[][..], 2));
    }

    #[test]
    fn errors_inside_the_contents_count_from_the_whole_input() {
        // SEQUENCE { OCTET STRING { BOOLEAN 0x01 } }: the BOOLEAN is not DER (11.1).
        let seq = [0x30, 0x05, 0x04, 0x03, 0x01, 0x01, 0x01];
        let v: Vec<OctetStringRef> = from_der(&seq).unwrap();
        let e = decode_at::<bool>(v[0].as_bytes(), v[0].offset(), Rules::Der).unwrap_err();
        let relative = from_der::<bool>(v[0].as_bytes()).unwrap_err().offset();
        assert_eq!(e.offset(), 4 + relative);
    }

    fn hash(v: &OctetStringRef<'_>) -> u64 {
        // FNV-1a over what `Hash` feeds in: enough to tell the offset in or out.
        struct Fnv(u64);
        impl Hasher for Fnv {
            fn finish(&self) -> u64 {
                self.0
            }
            fn write(&mut self, bytes: &[u8]) {
                for b in bytes {
                    self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
                }
            }
        }
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        v.hash(&mut h);
        h.finish()
    }

    #[test]
    fn the_offset_is_not_part_of_the_value() {
        let decoded: OctetStringRef = from_der(&[0x04, 0x02, 0xca, 0xfe]).unwrap();
        let built = OctetStringRef::new(&[0xca, 0xfe]);
        assert_eq!(built.offset(), 0);
        assert_eq!(decoded, built);
        assert_eq!(decoded.cmp(&built), core::cmp::Ordering::Equal);
        assert_eq!(hash(&decoded), hash(&built));
        assert_eq!(OctetStringRef::from_vec(vec![0xca, 0xfe]), decoded);
        assert!(OctetStringRef::new(&[0xca]) < decoded);
    }

    #[test]
    fn owned_values_keep_the_offset_they_were_read_at() {
        let input = [0x30, 0x04, 0x04, 0x02, 0xca, 0xfe];
        let owned: Vec<OctetString> = from_der(&input).unwrap();
        assert_eq!(owned[0].offset(), 4);
        assert_eq!(owned[0], OctetStringRef::new(&[0xca, 0xfe]));
        let borrowed: Vec<OctetStringRef> = from_der(&input).unwrap();
        assert_eq!(borrowed[0].clone().into_owned().offset(), 4);
        assert_eq!(OctetString::from_vec(vec![1]).offset(), 0);
    }
}
