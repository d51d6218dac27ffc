//! Re-encoding an element of unknown type under other rules than it was read with.
//!
//! An [`AnyRef`] keeps the octets it was read from. Written under the rules it was read
//! with (or under BER, which accepts every form) those octets are right as they are.
//! Written under DER or CER after being read under other rules, they are not: a value
//! read with `from_ber` and written with `to_der` would keep indefinite lengths and
//! segmented strings. [`reencode`] rewrites such an element in the canonical form of
//! the target rules, as far as that form follows from the encoding alone:
//!
//! * every length definite and minimal (DER), or constructed encodings in the
//!   indefinite form (CER, X.690 9.1);
//! * the UNIVERSAL types whose canonical form is defined by X.690 clauses 10 and 11 are
//!   decoded with the runtime's own types and encoded again: BOOLEAN (11.1), BIT STRING
//!   (segments joined, padding bits zero: 10.2, 11.2), OCTET STRING and the character
//!   string types (segments joined, or CER's 1000-octet fragments: 9.2, 10.2),
//!   UTCTime and GeneralizedTime (11.7, 11.8);
//! * the elements of a UNIVERSAL SET sorted by their encodings (11.6; for the
//!   components of a SET, whose order is that of their tags (10.3), this is the same
//!   order as long as they are all primitive or all constructed).
//!
//! What an encoding alone does not say is left as it is: a value under an IMPLICIT
//! context, application or private tag is not known to be a BOOLEAN, a string or a SET
//! OF, so its contents are copied (constructed elements are still walked and their
//! lengths rewritten). For an exact result, decode the element as its type
//! ([`AnyRef::decode_as`]) and encode that. A value that has no form under the target
//! rules (a GeneralizedTime in local time, under DER) is an error.

use alloc::vec::Vec;

use crate::error::Result;
use crate::types::set_of::der_order;
use crate::{
    AnyRef, BitStringRef, Decode, Encode, GeneralizedTime, Header, Limits, OctetStringRef, Reader,
    Rules, Tag, UtcTime, Writer,
};

/// The element `raw` (found at absolute offset `offset`, read under `read`) in the
/// canonical form of `target` (DER or CER; see the module documentation for what that
/// covers). Errors carry offsets into the input `raw` came from.
pub fn reencode(raw: &[u8], offset: usize, read: Rules, target: Rules) -> Result<Vec<u8>> {
    let mut r = Reader::sub(raw, offset, read, 0, Limits::DEFAULT);
    let mut w = Writer::new(target);
    element(&mut r, &mut w)?;
    r.finish()?;
    Ok(w.finish())
}

/// Reads one element from `r` and writes it canonically to `w`. Recursion follows the
/// nesting of the input, which the reader bounds (`Limits::max_depth`).
fn element(r: &mut Reader<'_>, w: &mut Writer) -> Result<()> {
    let Some(header) = r.peek_header()? else {
        // `peek_header` gives `None` only at the end of the input.
        return Err(r.error(crate::ErrorKind::MissingElement { expected: None }));
    };
    if header.tag.class == crate::Class::Universal && universal(&header, r, w)? {
        return Ok(());
    }
    if !header.tag.constructed {
        let (header, _, contents) = r.read_element()?;
        w.header(header.tag, contents.len())?;
        return w.bytes(contents);
    }
    let header = r.read_header()?;
    let mut child = r.child(&header)?;
    let mut parts: Vec<Vec<u8>> = Vec::new();
    while !child.is_finished() {
        let mut part = Writer::new(w.rules());
        element(&mut child, &mut part)?;
        parts.push(part.finish());
    }
    r.close_child(child)?;
    if header.tag == Tag::SET {
        parts.sort_by(|a, b| der_order(a, b));
    }
    if w.rules() == Rules::Cer {
        w.indefinite_header(header.tag)?;
    } else {
        w.header(header.tag, parts.iter().map(Vec::len).sum())?;
    }
    for part in &parts {
        w.bytes(part)?;
    }
    if w.rules() == Rules::Cer {
        w.end_of_contents()?;
    }
    Ok(())
}

/// Re-encodes the UNIVERSAL types with a canonical form of their own through the
/// runtime's types; `false` for the others (left to the structural walk).
fn universal(header: &Header, r: &mut Reader<'_>, w: &mut Writer) -> Result<bool> {
    fn recode<'a, T: Decode<'a> + Encode>(r: &mut Reader<'a>, w: &mut Writer) -> Result<bool> {
        let at = r.offset();
        // An encoder reports errors at offset 0: they belong to the value read at `at`.
        T::decode(r)?.encode(w).map_err(|e| e.shifted(at))?;
        Ok(true)
    }
    match header.tag.number {
        1 => recode::<bool>(r, w),
        3 => {
            let bits = BitStringRef::decode(r)?;
            let mut data = bits.as_bytes().to_vec();
            if let Some(last) = data.last_mut() {
                // X.690 11.2.1: the unused bits of the last octet are zero.
                *last &= 0xffu8 << bits.unused_bits();
            }
            BitStringRef::from_vec(bits.unused_bits(), data)?.encode(w)?;
            Ok(true)
        }
        4 => recode::<OctetStringRef<'_>>(r, w),
        7 => recode::<crate::ObjectDescriptor<'_>>(r, w),
        12 => recode::<crate::Utf8String<'_>>(r, w),
        18 => recode::<crate::NumericString<'_>>(r, w),
        19 => recode::<crate::PrintableString<'_>>(r, w),
        20 => recode::<crate::TeletexString<'_>>(r, w),
        21 => recode::<crate::VideotexString<'_>>(r, w),
        22 => recode::<crate::Ia5String<'_>>(r, w),
        23 => recode::<UtcTime>(r, w),
        24 => recode::<GeneralizedTime>(r, w),
        25 => recode::<crate::GraphicString<'_>>(r, w),
        26 => recode::<crate::VisibleString<'_>>(r, w),
        27 => recode::<crate::GeneralString<'_>>(r, w),
        28 => recode::<crate::UniversalString<'_>>(r, w),
        30 => recode::<crate::BmpString<'_>>(r, w),
        _ => Ok(false),
    }
}

/// [`reencode`] for an [`AnyRef`] (its own offset and reading rules).
pub(crate) fn reencode_any(any: &AnyRef<'_>, target: Rules) -> Result<Vec<u8>> {
    reencode(any.raw(), any.offset(), any.rules(), target)
}

#[cfg(test)]
mod tests {
    use super::reencode;
    use crate::{AnyRef, Decode, Encode, ErrorKind, Lazy, Rules, SequenceOf};
    use alloc::vec;

    fn der_of_ber(ber: &[u8]) -> alloc::vec::Vec<u8> {
        AnyRef::from_ber(ber).unwrap().to_der().unwrap()
    }

    #[test]
    fn universal_values_take_their_der_form() {
        // SEQUENCE (indefinite) {
        //   BOOLEAN 0x01, BIT STRING unused 4 with padding 0x0f,
        //   OCTET STRING in two segments, SET { INTEGER 2, INTEGER 1 } }
        let ber = [
            0x30, 0x80, 0x01, 0x01, 0x01, 0x03, 0x02, 0x04, 0xff, 0x24, 0x80, 0x04, 0x01, 0xaa,
            0x04, 0x01, 0xbb, 0x00, 0x00, 0x31, 0x06, 0x02, 0x01, 0x02, 0x02, 0x01, 0x01, 0x00,
            0x00,
        ];
        let der = [
            0x30, 0x13, 0x01, 0x01, 0xff, 0x03, 0x02, 0x04, 0xf0, 0x04, 0x02, 0xaa, 0xbb, 0x31,
            0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02,
        ];
        assert_eq!(der_of_ber(&ber), der);
        // Read under DER and written under DER: the bytes as they are.
        assert_eq!(AnyRef::from_der(&der).unwrap().to_der().unwrap(), der);
    }

    #[test]
    fn der_is_written_as_cer() {
        // SEQUENCE { OCTET STRING of 1001 octets }: indefinite, and two fragments.
        let mut der = vec![0x30, 0x82, 0x03, 0xed, 0x04, 0x82, 0x03, 0xe9];
        der.extend(core::iter::repeat_n(7u8, 1001));
        let cer = AnyRef::from_der(&der).unwrap().to_cer().unwrap();
        let mut want = vec![0x30, 0x80, 0x24, 0x80, 0x04, 0x82, 0x03, 0xe8];
        want.extend(core::iter::repeat_n(7u8, 1000));
        want.extend([0x04, 0x01, 7, 0x00, 0x00, 0x00, 0x00]);
        assert_eq!(cer, want);
        assert_eq!(AnyRef::from_cer(&cer).unwrap().to_der().unwrap(), der);
    }

    #[test]
    fn implicitly_tagged_contents_are_only_reframed() {
        // [0] IMPLICIT OCTET STRING in two segments: not known to be a string, so it
        // stays constructed, with a definite length.
        let ber = [0xa0, 0x80, 0x04, 0x01, 0xaa, 0x04, 0x01, 0xbb, 0x00, 0x00];
        assert_eq!(
            der_of_ber(&ber),
            [0xa0, 0x06, 0x04, 0x01, 0xaa, 0x04, 0x01, 0xbb]
        );
    }

    #[test]
    fn a_value_with_no_der_form_is_an_error_at_its_offset() {
        // SEQUENCE { NULL, GeneralizedTime "20250102030405" (local time) } at offset 40.
        let ber = [
            0x30, 0x12, 0x05, 0x00, 0x18, 0x0e, b'2', b'0', b'2', b'5', b'0', b'1', b'0', b'2',
            b'0', b'3', b'0', b'4', b'0', b'5',
        ];
        let err = reencode(&ber, 40, Rules::Ber, Rules::Der).unwrap_err();
        assert_eq!(err.offset(), 44, "{err}");
        assert!(!matches!(err.kind(), ErrorKind::Truncated), "{err}");
        // Under BER the value is written as read.
        let any: AnyRef = crate::decode_at(&ber, 40, Rules::Ber).unwrap();
        assert_eq!(any.to_vec(Rules::Ber).unwrap(), ber);
    }

    #[test]
    fn a_lazy_value_is_encoded_again_as_its_type() {
        // SEQUENCE OF { [UNIVERSAL 4] segmented }, indefinite.
        let ber = [
            0x30, 0x80, 0x24, 0x80, 0x04, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00,
        ];
        let lazy: Lazy<'_, SequenceOf<'_, crate::OctetStringRef<'_>>> =
            Lazy::from_ber(&ber).unwrap();
        assert_eq!(lazy.to_der().unwrap(), [0x30, 0x03, 0x04, 0x01, 0x01]);
        assert_eq!(lazy.to_vec(Rules::Ber).unwrap(), ber);
        assert_eq!(lazy.encoded_len(Rules::Der).unwrap(), 5);
    }
}
