//! DEFAULT components whose default value has no constant Rust form (an OBJECT
//! IDENTIFIER, a string, a SEQUENCE value, ...): `#[asn1(default_der = "...")]`.
//!
//! The derive keeps the DER encoding of the default as the component would be written in
//! its SEQUENCE or SET, its own tag included, and works on encodings rather than values
//! (a decoded value may carry offsets, so `PartialEq` is no test of equal values):
//!
//! * an absent component decodes its default from those octets ([`decode_absent_default`]);
//! * under DER a present component read from exactly those octets is rejected, since DER
//!   omits a component equal to its default (X.690 11.5); under CER its re-encoding is
//!   compared ([`reject_encoded_default`]); BER accepts it;
//! * an encoder omits a component whose DER encoding is those octets
//!   ([`encodes_as_default`]).
//!
//! DER determines the encoding of a value, so equal encodings mean equal values.

use alloc::vec::Vec;

use crate::error::{Error, ErrorKind, NonCanonical, Result};
use crate::{Reader, Rules, Writer};

/// Decodes the value of an absent DEFAULT component from `der`, the DER encoding of the
/// component with its default value; `decode` is the component's decoder. The value
/// does not depend on where the component was missing (offsets inside it count from the
/// start of `der`). An error (the octets do not decode as the component's type, a
/// schema and type mismatch) is reported at `at`, where the component would have been.
pub fn decode_absent_default<'a, T>(
    at: usize,
    der: &'static [u8],
    decode: impl FnOnce(&mut Reader<'a>) -> Result<T>,
) -> Result<T> {
    let mut r = Reader::new(der, Rules::Der);
    decode(&mut r)
        .and_then(|v| r.finish().map(|()| v))
        .map_err(|e| Error::new(*e.kind(), at))
}

/// Checks a present DEFAULT component under `rules`: under DER, `raw` (the octets it was
/// read from) equal to `der` is an error at `at` (X.690 11.5); under CER the value's DER
/// re-encoding is compared instead (`reencoded`, run only then: CER may write the same
/// value with indefinite lengths); BER accepts any value.
pub fn reject_encoded_default(
    at: usize,
    rules: Rules,
    raw: &[u8],
    der: &[u8],
    reencoded: impl FnOnce() -> Result<bool>,
) -> Result<()> {
    let equal = match rules {
        Rules::Ber => false,
        Rules::Der => raw == der,
        Rules::Cer => reencoded()?,
    };
    if equal {
        Err(Error::new(
            ErrorKind::NonCanonical(NonCanonical::DefaultEncoded),
            at,
        ))
    } else {
        Ok(())
    }
}

/// True when a component whose DER length is `len` and whose DER encoding `encode`
/// writes is encoded as `der`, its default. Only a component of the same length is
/// written out (into a buffer of that length) to compare.
pub fn encodes_as_default(
    der: &[u8],
    len: Result<usize>,
    encode: impl FnOnce(&mut Writer) -> Result<()>,
) -> Result<bool> {
    if len? != der.len() {
        return Ok(false);
    }
    let mut w = Writer::with_capacity(Rules::Der, der.len());
    encode(&mut w)?;
    let bytes: Vec<u8> = w.finish();
    Ok(bytes == der)
}

/// The octets a reader consumed between `start` (its remaining input before) and now.
#[must_use]
#[inline]
pub fn consumed_since<'a>(start: &'a [u8], r: &Reader<'a>) -> &'a [u8] {
    let n = start.len().saturating_sub(r.remaining().len());
    start.get(..n).unwrap_or(start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Decode, Encode, ObjectIdentifierRef};
    use alloc::string::ToString;

    const DER: &[u8] = &[0x06, 0x03, 0x55, 0x1d, 0x0f];

    #[test]
    fn absent_and_present() {
        let v: ObjectIdentifierRef<'_> =
            decode_absent_default(7, DER, ObjectIdentifierRef::decode).unwrap();
        assert_eq!(v.to_string(), "2.5.29.15");
        let bad: Result<ObjectIdentifierRef<'_>> =
            decode_absent_default(7, &[0x06, 0x80], ObjectIdentifierRef::decode);
        assert_eq!(bad.unwrap_err().offset(), 7);

        let e = reject_encoded_default(3, Rules::Der, DER, DER, || Ok(false)).unwrap_err();
        assert_eq!(e.offset(), 3);
        assert!(reject_encoded_default(3, Rules::Ber, DER, DER, || Ok(true)).is_ok());
        assert!(reject_encoded_default(3, Rules::Cer, &[], DER, || Ok(true)).is_err());

        assert!(encodes_as_default(DER, v.encoded_len(Rules::Der), |w| v.encode(w)).unwrap());
        let other = ObjectIdentifierRef::from_der(&[0x06, 0x03, 0x55, 0x1d, 0x11]).unwrap();
        assert!(
            !encodes_as_default(DER, other.encoded_len(Rules::Der), |w| other.encode(w)).unwrap()
        );
    }
}
