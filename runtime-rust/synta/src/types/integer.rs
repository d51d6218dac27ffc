//! INTEGER (X.690 8.3): borrowed two's-complement contents and native conversions.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::bignum::BigUint;
use crate::error::{Error, ErrorKind, NonCanonical, Result};
use crate::reader::Header;
use crate::{DecodeValue, EncodeValue, FixedTag, Reader, Rules, Tag, Writer};

/// Checks INTEGER/ENUMERATED contents: non-empty and minimal (X.690 8.3.2, every rule).
#[inline]
pub(crate) fn check_int(bytes: &[u8]) -> Result<(), ErrorKind> {
    match bytes {
        [] => Err(ErrorKind::InvalidValue("INTEGER contents are empty")),
        [0, b, ..] if b & 0x80 == 0 => {
            Err(ErrorKind::NonCanonical(NonCanonical::IntegerNotMinimal))
        }
        [0xff, b, ..] if b & 0x80 != 0 => {
            Err(ErrorKind::NonCanonical(NonCanonical::IntegerNotMinimal))
        }
        _ => Ok(()),
    }
}

/// Two's-complement contents to `i128`.
#[inline]
pub(crate) fn to_i128(bytes: &[u8]) -> Result<i128, ErrorKind> {
    if bytes.len() > 16 {
        return Err(ErrorKind::Overflow);
    }
    let negative = bytes.first().is_some_and(|b| b & 0x80 != 0);
    if bytes.len() <= 8 {
        // Common case in 64-bit arithmetic (i128 shifts cost several instructions).
        let mut v: i64 = if negative { -1 } else { 0 };
        for &b in bytes {
            v = (v << 8) | i64::from(b);
        }
        return Ok(i128::from(v));
    }
    let mut v: i128 = if negative { -1 } else { 0 };
    for &b in bytes {
        v = (v << 8) | i128::from(b);
    }
    Ok(v)
}

/// Two's-complement contents to `u128` (negative values overflow).
#[inline]
pub(crate) fn to_u128(bytes: &[u8]) -> Result<u128, ErrorKind> {
    if bytes.first().is_some_and(|b| b & 0x80 != 0) {
        return Err(ErrorKind::Overflow);
    }
    let digits = match bytes {
        [0, rest @ ..] => rest,
        b => b,
    };
    if digits.len() <= 8 {
        return Ok(u128::from(
            digits.iter().fold(0u64, |v, &b| (v << 8) | u64::from(b)),
        ));
    }
    if digits.len() > 16 {
        return Err(ErrorKind::Overflow);
    }
    Ok(digits.iter().fold(0u128, |v, &b| (v << 8) | u128::from(b)))
}

/// Minimal two's-complement encoding of `v` in a stack buffer; returns (buf, start):
/// the encoding is `buf[start..]`. Constant time in the value: the length comes from the
/// count of redundant sign bits.
#[inline]
pub(crate) fn encode_i128(v: i128) -> ([u8; 17], usize) {
    let mut buf = [0u8; 17];
    buf[1..].copy_from_slice(&v.to_be_bytes());
    let redundant = if v < 0 {
        v.leading_ones()
    } else {
        v.leading_zeros()
    };
    // Keep one sign bit: significant bits = 129 - redundant, at least one octet.
    let bits = 129 - redundant as usize;
    let len = bits.div_ceil(8).clamp(1, 16);
    (buf, 17 - len)
}

/// Minimal two's-complement encoding of the unsigned `v` (a leading zero octet when the
/// high bit is set).
#[inline]
pub(crate) fn encode_u128(v: u128) -> ([u8; 17], usize) {
    let mut buf = [0u8; 17];
    buf[1..].copy_from_slice(&v.to_be_bytes());
    let bits = 129 - v.leading_zeros() as usize;
    let len = bits.div_ceil(8).clamp(1, 17);
    (buf, 17 - len)
}

/// Decimal text of two's-complement contents of any size.
pub(crate) fn to_decimal(bytes: &[u8]) -> String {
    let negative = bytes.first().is_some_and(|b| b & 0x80 != 0);
    if !negative {
        return BigUint::from_be_bytes(bytes).to_decimal();
    }
    // Magnitude = two's complement negation: invert and add one.
    let mut mag: Vec<u8> = bytes.iter().map(|b| !b).collect();
    for b in mag.iter_mut().rev() {
        let (v, carry) = b.overflowing_add(1);
        *b = v;
        if !carry {
            break;
        }
    }
    let mut s = String::from("-");
    s.push_str(&BigUint::from_be_bytes(&mag).to_decimal());
    s
}

/// A borrowed INTEGER: its minimal two's-complement contents octets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct IntRef<'a> {
    bytes: &'a [u8],
}

impl<'a> IntRef<'a> {
    /// Wraps contents octets, checking they are non-empty and minimal.
    pub fn new(bytes: &'a [u8]) -> Result<Self> {
        check_int(bytes).map_err(|k| Error::new(k, 0))?;
        Ok(IntRef { bytes })
    }

    /// A constant from contents octets the compiler already made minimal (DEFAULT values
    /// of generated code). Non-minimal octets fail the build when used in a `const`.
    #[must_use]
    #[allow(clippy::panic)]
    pub const fn from_static(bytes: &'static [u8]) -> IntRef<'static> {
        match bytes {
            [] => panic!("an INTEGER has at least one contents octet"),
            [0x00, b, ..] if *b & 0x80 == 0 => panic!("non-minimal INTEGER"),
            [0xFF, b, ..] if *b & 0x80 != 0 => panic!("non-minimal INTEGER"),
            _ => IntRef { bytes },
        }
    }

    /// The two's-complement contents octets.
    #[must_use]
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// True for a negative value.
    #[must_use]
    pub fn is_negative(&self) -> bool {
        self.bytes.first().is_some_and(|b| b & 0x80 != 0)
    }

    /// An owned copy.
    #[must_use]
    pub fn to_owned_int(&self) -> Int {
        Int {
            bytes: self.bytes.to_vec(),
        }
    }
}

impl fmt::Display for IntRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&to_decimal(self.bytes))
    }
}

/// An owned INTEGER of any size.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Int {
    bytes: Vec<u8>,
}

impl Int {
    /// Wraps contents octets, checking they are non-empty and minimal.
    pub fn new(bytes: Vec<u8>) -> Result<Self> {
        check_int(&bytes).map_err(|k| Error::new(k, 0))?;
        Ok(Int { bytes })
    }

    /// A borrowed view.
    #[must_use]
    pub fn as_int_ref(&self) -> IntRef<'_> {
        IntRef { bytes: &self.bytes }
    }

    /// The two's-complement contents octets.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }
}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&to_decimal(&self.bytes))
    }
}

impl From<i128> for Int {
    fn from(v: i128) -> Self {
        let (buf, start) = encode_i128(v);
        Int {
            bytes: buf.get(start..).unwrap_or(&[0]).to_vec(),
        }
    }
}

impl From<u128> for Int {
    fn from(v: u128) -> Self {
        let (buf, start) = encode_u128(v);
        Int {
            bytes: buf.get(start..).unwrap_or(&[0]).to_vec(),
        }
    }
}

impl FixedTag for IntRef<'_> {
    const TAG: Tag = Tag::INTEGER;
}

impl<'a> DecodeValue<'a> for IntRef<'a> {
    fn decode_value(r: &mut Reader<'a>, _h: &Header) -> Result<Self> {
        let at = r.offset();
        let bytes = r.read_rest();
        check_int(bytes).map_err(|k| Error::new(k, at))?;
        Ok(IntRef { bytes })
    }

    #[inline]
    fn decode_value_fast(r: &mut crate::FastReader<'a>, _h: &crate::FastHeader) -> Option<Self> {
        let bytes = r.take_rest();
        check_int(bytes).ok()?;
        Some(IntRef { bytes })
    }
}

impl EncodeValue for IntRef<'_> {
    fn value_len(&self, _rules: Rules) -> Result<usize> {
        Ok(self.bytes.len())
    }

    fn encode_value(&self, w: &mut Writer) -> Result<()> {
        w.bytes(self.bytes)
    }
}

impl FixedTag for Int {
    const TAG: Tag = Tag::INTEGER;
}

impl<'a> DecodeValue<'a> for Int {
    fn decode_value(r: &mut Reader<'a>, h: &Header) -> Result<Self> {
        IntRef::decode_value(r, h).map(|i| i.to_owned_int())
    }
}

impl EncodeValue for Int {
    fn value_len(&self, _rules: Rules) -> Result<usize> {
        Ok(self.bytes.len())
    }

    fn encode_value(&self, w: &mut Writer) -> Result<()> {
        w.bytes(&self.bytes)
    }
}

macro_rules! native_int {
    ($($t:ty => $wide:ty, $to:ident, $enc:ident;)*) => {$(
        impl FixedTag for $t {
            const TAG: Tag = Tag::INTEGER;
        }

        impl<'a> DecodeValue<'a> for $t {
            fn decode_value(r: &mut Reader<'a>, _h: &Header) -> Result<Self> {
                let at = r.offset();
                let bytes = r.read_rest();
                check_int(bytes).map_err(|k| Error::new(k, at))?;
                let wide = $to(bytes).map_err(|k| Error::new(k, at))?;
                <$t>::try_from(wide).map_err(|_| Error::new(ErrorKind::Overflow, at))
            }
        }

        impl EncodeValue for $t {
            fn value_len(&self, _rules: Rules) -> Result<usize> {
                let (_, start) = $enc(<$wide>::from(*self));
                Ok(17 - start)
            }

            fn encode_value(&self, w: &mut Writer) -> Result<()> {
                let (buf, start) = $enc(<$wide>::from(*self));
                w.bytes(buf.get(start..).unwrap_or(&[]))
            }
        }

        impl TryFrom<IntRef<'_>> for $t {
            type Error = ErrorKind;
            fn try_from(i: IntRef<'_>) -> core::result::Result<Self, ErrorKind> {
                let wide = $to(i.bytes)?;
                <$t>::try_from(wide).map_err(|_| ErrorKind::Overflow)
            }
        }

        impl From<$t> for Int {
            fn from(v: $t) -> Self {
                let (buf, start) = $enc(<$wide>::from(v));
                Int { bytes: buf.get(start..).unwrap_or(&[0]).to_vec() }
            }
        }
    )*};
}

native_int! {
    u8 => u128, to_u128, encode_u128;
    u16 => u128, to_u128, encode_u128;
    u32 => u128, to_u128, encode_u128;
    u64 => u128, to_u128, encode_u128;
    i8 => i128, to_i128, encode_i128;
    i16 => i128, to_i128, encode_i128;
    i32 => i128, to_i128, encode_i128;
    i64 => i128, to_i128, encode_i128;
}

impl FixedTag for u128 {
    const TAG: Tag = Tag::INTEGER;
}
impl<'a> DecodeValue<'a> for u128 {
    fn decode_value(r: &mut Reader<'a>, _h: &Header) -> Result<Self> {
        let at = r.offset();
        let bytes = r.read_rest();
        check_int(bytes).map_err(|k| Error::new(k, at))?;
        to_u128(bytes).map_err(|k| Error::new(k, at))
    }
}
impl EncodeValue for u128 {
    fn value_len(&self, _rules: Rules) -> Result<usize> {
        Ok(17 - encode_u128(*self).1)
    }
    fn encode_value(&self, w: &mut Writer) -> Result<()> {
        let (buf, start) = encode_u128(*self);
        w.bytes(buf.get(start..).unwrap_or(&[]))
    }
}
impl TryFrom<IntRef<'_>> for u128 {
    type Error = ErrorKind;
    fn try_from(i: IntRef<'_>) -> core::result::Result<Self, ErrorKind> {
        to_u128(i.bytes)
    }
}

impl FixedTag for i128 {
    const TAG: Tag = Tag::INTEGER;
}
impl<'a> DecodeValue<'a> for i128 {
    fn decode_value(r: &mut Reader<'a>, _h: &Header) -> Result<Self> {
        let at = r.offset();
        let bytes = r.read_rest();
        check_int(bytes).map_err(|k| Error::new(k, at))?;
        to_i128(bytes).map_err(|k| Error::new(k, at))
    }
}
impl EncodeValue for i128 {
    fn value_len(&self, _rules: Rules) -> Result<usize> {
        Ok(17 - encode_i128(*self).1)
    }
    fn encode_value(&self, w: &mut Writer) -> Result<()> {
        let (buf, start) = encode_i128(*self);
        w.bytes(buf.get(start..).unwrap_or(&[]))
    }
}
impl TryFrom<IntRef<'_>> for i128 {
    type Error = ErrorKind;
    fn try_from(i: IntRef<'_>) -> core::result::Result<Self, ErrorKind> {
        to_i128(i.bytes)
    }
}
