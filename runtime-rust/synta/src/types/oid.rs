//! OBJECT IDENTIFIER (X.690 8.19) and RELATIVE-OID (8.20), with arcs of any size.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::bignum::BigUint;
use crate::error::{Error, ErrorKind, NonCanonical, Result};
use crate::reader::Header;
use crate::{DecodeValue, EncodeValue, FixedTag, Reader, Rules, Tag, Writer};

/// Checks sub-identifier octets: non-empty, complete, no leading 0x80 (8.19.2, all rules).
/// Octet by octet, for `const` construction; decoding uses [`check_subids_fast`].
const fn check_subids(bytes: &[u8]) -> Result<(), ErrorKind> {
    if bytes.is_empty() {
        return Err(ErrorKind::InvalidValue("empty OBJECT IDENTIFIER"));
    }
    let mut start = true;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if start && b == 0x80 {
            return Err(ErrorKind::NonCanonical(NonCanonical::OidNotMinimal));
        }
        start = b & 0x80 == 0;
        i += 1;
    }
    if !start {
        return Err(ErrorKind::InvalidValue("truncated sub-identifier"));
    }
    Ok(())
}

/// [`check_subids`] eight octets at a time, with the same verdicts (compared in the
/// tests). A sub-identifier starts after an octet without the continuation bit, so an
/// octet 0x80 is a non-minimal start exactly when the octet before it has bit 8 clear
/// (or it is the first one).
#[inline]
fn check_subids_fast(bytes: &[u8]) -> Result<(), ErrorKind> {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let Some(&last) = bytes.last() else {
        return Err(ErrorKind::InvalidValue("empty OBJECT IDENTIFIER"));
    };
    // Bit 8 of the octet before the current chunk, moved to bit 8 of its first octet.
    let mut carry = 0u64;
    let mut bad = 0u64;
    let mut check = |x: u64| {
        // Bit 8 set in each octet equal to 0x80 (exact zero-octet test of x ^ 0x80..).
        let y = x ^ HIGH;
        let is_80 = !(((y & LOW7) + LOW7) | y) & HIGH;
        bad |= is_80 & !((x << 8) | carry);
        carry = (x >> 56) & 0x80;
    };
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        check(u64::from_le_bytes(word));
    }
    let tail = chunks.remainder();
    if !tail.is_empty() {
        // Missing octets read as 0x00: not 0x80, so never flagged. Built by shifts
        // (a copy of a variable length would be a call to memcpy).
        let word = tail
            .iter()
            .rev()
            .fold(0u64, |w, &b| (w << 8) | u64::from(b));
        check(word);
    }
    if bad != 0 {
        return Err(ErrorKind::NonCanonical(NonCanonical::OidNotMinimal));
    }
    if last & 0x80 != 0 {
        return Err(ErrorKind::InvalidValue("truncated sub-identifier"));
    }
    Ok(())
}

/// Splits contents into sub-identifiers (each slice is one base-128 number).
fn subids(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    bytes.split_inclusive(|b| b & 0x80 == 0)
}

/// Writes the dotted form; `absolute` combines the first sub-identifier into two arcs.
/// A sub-identifier as `u64`, when it fits (the common case: no allocation).
fn subid_u64(sub: &[u8]) -> Option<u64> {
    if sub.len() > 9 {
        return None;
    }
    Some(
        sub.iter()
            .fold(0u64, |acc, b| (acc << 7) | u64::from(b & 0x7f)),
    )
}

/// A stack buffer for the dotted form: arcs that fit a `u64` are written here and
/// handed to the formatter in one `write_str` (OIDs are printed often).
struct DottedBuf {
    buf: [u8; 128],
    len: usize,
}

impl DottedBuf {
    fn flush(&mut self, f: &mut dyn fmt::Write) -> fmt::Result {
        let text = self.buf.get(..self.len).unwrap_or(&[]);
        self.len = 0;
        // Only ASCII digits and dots are written.
        f.write_str(core::str::from_utf8(text).unwrap_or("?"))
    }

    /// Appends `.` (unless `dot` is false) and `v` in decimal, flushing first when the
    /// buffer could overflow.
    fn push_u64(&mut self, dot: bool, v: u64, f: &mut dyn fmt::Write) -> fmt::Result {
        if self.len + 21 > self.buf.len() {
            self.flush(f)?;
        }
        if dot {
            self.buf[self.len] = b'.';
            self.len += 1;
        }
        push_decimal(&mut self.buf, &mut self.len, v);
        Ok(())
    }
}

/// "00" to "99": two decimal digits per table lookup.
const DIGIT_PAIRS: &[u8; 200] = b"\
    0001020304050607080910111213141516171819\
    2021222324252627282930313233343536373839\
    4041424344454647484950515253545556575859\
    6061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899";

/// Appends `v` in decimal at `buf[*len..]`; the caller leaves room for 20 digits.
// Every narrowing cast below is of a value under 100, checked just before.
#[allow(clippy::cast_possible_truncation)]
#[inline]
fn push_decimal(buf: &mut [u8], len: &mut usize, v: u64) {
    let pair = |n: u64| {
        // `n` is below 100.
        let i = 2 * n as usize;
        [DIGIT_PAIRS[i], DIGIT_PAIRS[i + 1]]
    };
    // Most arcs of the OIDs in certificates are below 100: written directly.
    if v < 10 {
        if let Some(slot) = buf.get_mut(*len) {
            *slot = b'0' + v as u8;
            *len += 1;
        }
        return;
    }
    if v < 100 {
        if let Some(slots) = buf.get_mut(*len..*len + 2) {
            slots.copy_from_slice(&pair(v));
            *len += 2;
        }
        return;
    }
    // Two digits at a time from the right into a scratch buffer, then one copy.
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = v;
    while rest >= 100 {
        at -= 2;
        digits[at..at + 2].copy_from_slice(&pair(rest % 100));
        rest /= 100;
    }
    if rest >= 10 {
        at -= 2;
        digits[at..at + 2].copy_from_slice(&pair(rest));
    } else {
        at -= 1;
        digits[at] = b'0' + rest as u8;
    }
    let n = digits.len() - at;
    if let Some(slots) = buf.get_mut(*len..*len + n) {
        slots.copy_from_slice(&digits[at..]);
        *len += n;
    }
}

/// The dotted form of short OIDs (the ones certificates are made of) in one pass over
/// the octets, with every arc below 2^56; `None` hands the rest to [`write_dotted`]'s
/// general loop.
#[inline]
fn dotted_short(bytes: &[u8], absolute: bool, buf: &mut [u8; 128]) -> Option<usize> {
    // At most 3 digits and a dot per octet, plus the first arc's split: it fits.
    if bytes.len() > 30 {
        return None;
    }
    let mut len = 0;
    let mut v = 0u64;
    let mut octets = 0;
    let mut first = true;
    for &b in bytes {
        v = (v << 7) | u64::from(b & 0x7f);
        octets += 1;
        if b & 0x80 != 0 {
            if octets == 8 {
                return None;
            }
            continue;
        }
        if !first {
            *buf.get_mut(len)? = b'.';
            len += 1;
        } else if absolute {
            // X.690 8.19.4: first sub-identifier is X*40 + Y, X in 0..=2.
            let x = (v / 40).min(2);
            push_decimal(buf, &mut len, x);
            *buf.get_mut(len)? = b'.';
            len += 1;
            v -= x * 40;
        }
        first = false;
        push_decimal(buf, &mut len, v);
        v = 0;
        octets = 0;
    }
    // A truncated last sub-identifier (unchecked bytes) takes the general path.
    (octets == 0).then_some(len)
}

fn write_dotted(bytes: &[u8], absolute: bool, f: &mut dyn fmt::Write) -> fmt::Result {
    let mut short = [0u8; 128];
    if let Some(len) = dotted_short(bytes, absolute, &mut short) {
        // Only ASCII digits and dots are written.
        return f.write_str(core::str::from_utf8(short.get(..len).unwrap_or(&[])).unwrap_or("?"));
    }
    write_dotted_general(bytes, absolute, f)
}

/// [`write_dotted`] for every input: arcs of any size, unchecked octets.
fn write_dotted_general(bytes: &[u8], absolute: bool, f: &mut dyn fmt::Write) -> fmt::Result {
    let mut out = DottedBuf {
        buf: [0; 128],
        len: 0,
    };
    for (i, sub) in subids(bytes).enumerate() {
        if let Some(v) = subid_u64(sub) {
            if i == 0 && absolute {
                // X.690 8.19.4: first sub-identifier is X*40 + Y, X in 0..=2.
                let first = (v / 40).min(2);
                out.push_u64(false, first, f)?;
                out.push_u64(true, v - first * 40, f)?;
            } else {
                out.push_u64(i > 0, v, f)?;
            }
            continue;
        }
        out.flush(f)?;
        let mut n = BigUint::from_base128(sub);
        if i > 0 {
            f.write_char('.')?;
        }
        if i == 0 && absolute {
            // X.690 8.19.4: first sub-identifier is X*40 + Y, X in 0..=2.
            let first = match n.to_u64() {
                Some(v) if v < 40 => 0,
                Some(v) if v < 80 => 1,
                _ => 2,
            };
            let _ = n.checked_sub_small(first * 40);
            write!(f, "{first}.")?;
        }
        f.write_str(&n.to_decimal())?;
    }
    out.flush(f)
}

/// Parses dotted text into contents octets.
fn parse_dotted(s: &str, absolute: bool) -> Result<Vec<u8>, ErrorKind> {
    const BAD: ErrorKind = ErrorKind::InvalidValue("malformed OID text");
    let mut out = Vec::new();
    let mut parts = s.split('.');
    if absolute {
        let first = parts.next().and_then(BigUint::from_decimal).ok_or(BAD)?;
        let first = first.to_u64().filter(|v| *v <= 2).ok_or(BAD)?;
        let mut second = parts.next().and_then(BigUint::from_decimal).ok_or(BAD)?;
        if first < 2 && second.to_u64().unwrap_or(u64::MAX) >= 40 {
            return Err(BAD);
        }
        // first <= 2, so first * 40 fits.
        second.mul_add(1, u32::try_from(first * 40).unwrap_or(0));
        second.push_base128(&mut out);
    }
    for p in parts {
        BigUint::from_decimal(p).ok_or(BAD)?.push_base128(&mut out);
    }
    if out.is_empty() {
        return Err(BAD);
    }
    Ok(out)
}

macro_rules! oid_types {
    ($borrowed:ident, $owned:ident, $tag:expr, $absolute:expr, $what:literal) => {
        #[doc = concat!("A borrowed ", $what, " (its contents octets).")]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $borrowed<'a> {
            bytes: &'a [u8],
        }

        impl<'a> $borrowed<'a> {
            /// Wraps contents octets after checking them.
            pub fn from_bytes(bytes: &'a [u8]) -> Result<Self> {
                check_subids_fast(bytes).map_err(|k| Error::new(k, 0))?;
                Ok($borrowed { bytes })
            }

            /// `const` construction from contents octets; invalid bytes fail to compile
            /// when used in a `const` item (the panic happens at compile time).
            #[must_use]
            #[allow(clippy::panic)]
            pub const fn from_bytes_const(bytes: &'a [u8]) -> Self {
                match check_subids(bytes) {
                    Ok(()) => $borrowed { bytes },
                    Err(_) => panic!("invalid OID contents"),
                }
            }

            /// `const` construction from a complete DER encoding (tag, short-form
            /// length and contents), checked at compile time in a `const` item.
            #[must_use]
            #[allow(clippy::panic)]
            pub const fn from_der_const(der: &'a [u8]) -> Self {
                match der {
                    [tag, len, content @ ..]
                        if *tag as u32 == $tag.number
                            && (*len as usize) == content.len()
                            && *len < 0x80 =>
                    {
                        Self::from_bytes_const(content)
                    }
                    _ => panic!("not a DER encoding of this type"),
                }
            }

            /// The contents octets.
            #[must_use]
            pub const fn as_bytes(&self) -> &'a [u8] {
                self.bytes
            }

            /// An owned copy.
            #[must_use]
            pub fn to_owned_oid(&self) -> $owned {
                $owned {
                    bytes: self.bytes.to_vec(),
                }
            }

            /// Arcs as `u64`, or `None` if one does not fit.
            #[must_use]
            pub fn arcs_u64(&self) -> Option<Vec<u64>> {
                let text = alloc::format!("{self}");
                text.split('.').map(|a| a.parse::<u64>().ok()).collect()
            }
        }

        impl fmt::Display for $borrowed<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write_dotted(self.bytes, $absolute, f)
            }
        }

        impl FixedTag for $borrowed<'_> {
            const TAG: Tag = $tag;
        }

        impl<'a> DecodeValue<'a> for $borrowed<'a> {
            fn decode_value(r: &mut Reader<'a>, _h: &Header) -> Result<Self> {
                let at = r.offset();
                let bytes = r.read_rest();
                check_subids_fast(bytes).map_err(|k| Error::new(k, at))?;
                Ok($borrowed { bytes })
            }

            #[inline]
            fn decode_value_fast(
                r: &mut crate::FastReader<'a>,
                _h: &crate::FastHeader,
            ) -> Option<Self> {
                let bytes = r.take_rest();
                check_subids_fast(bytes).ok()?;
                Some($borrowed { bytes })
            }
        }

        impl EncodeValue for $borrowed<'_> {
            fn value_len(&self, _rules: Rules) -> Result<usize> {
                Ok(self.bytes.len())
            }
            fn encode_value(&self, w: &mut Writer) -> Result<()> {
                w.bytes(self.bytes)
            }
        }

        #[doc = concat!("An owned ", $what, ".")]
        #[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $owned {
            bytes: Vec<u8>,
        }

        impl $owned {
            /// Wraps contents octets after checking them.
            pub fn from_bytes(bytes: Vec<u8>) -> Result<Self> {
                check_subids_fast(&bytes).map_err(|k| Error::new(k, 0))?;
                Ok($owned { bytes })
            }

            /// A borrowed view.
            #[must_use]
            pub fn as_oid_ref(&self) -> $borrowed<'_> {
                $borrowed { bytes: &self.bytes }
            }

            /// The contents octets.
            #[must_use]
            pub fn as_bytes(&self) -> &[u8] {
                &self.bytes
            }
        }

        impl FromStr for $owned {
            type Err = ErrorKind;
            fn from_str(s: &str) -> core::result::Result<Self, ErrorKind> {
                parse_dotted(s, $absolute).map(|bytes| $owned { bytes })
            }
        }

        impl fmt::Display for $owned {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write_dotted(&self.bytes, $absolute, f)
            }
        }

        impl FixedTag for $owned {
            const TAG: Tag = $tag;
        }

        impl<'a> DecodeValue<'a> for $owned {
            fn decode_value(r: &mut Reader<'a>, h: &Header) -> Result<Self> {
                $borrowed::decode_value(r, h).map(|o| o.to_owned_oid())
            }
        }

        impl EncodeValue for $owned {
            fn value_len(&self, _rules: Rules) -> Result<usize> {
                Ok(self.bytes.len())
            }
            fn encode_value(&self, w: &mut Writer) -> Result<()> {
                w.bytes(&self.bytes)
            }
        }

        impl PartialEq<$borrowed<'_>> for $owned {
            fn eq(&self, other: &$borrowed<'_>) -> bool {
                self.bytes == other.bytes
            }
        }
    };
}

oid_types!(
    ObjectIdentifierRef,
    ObjectIdentifier,
    Tag::OBJECT_IDENTIFIER,
    true,
    "OBJECT IDENTIFIER"
);
oid_types!(
    RelativeOidRef,
    RelativeOid,
    Tag::RELATIVE_OID,
    false,
    "RELATIVE-OID"
);

/// Dotted text of OID contents (used by the dump tool).
#[must_use]
pub fn dotted(bytes: &[u8], absolute: bool) -> String {
    let mut s = String::new();
    let _ = write_dotted(bytes, absolute, &mut s);
    s
}

#[cfg(test)]
mod tests {
    use super::{check_subids, check_subids_fast, write_dotted, write_dotted_general};
    use alloc::string::String;
    use alloc::vec::Vec;

    fn both(bytes: &[u8], absolute: bool) -> (String, String) {
        let (mut fast, mut general) = (String::new(), String::new());
        write_dotted(bytes, absolute, &mut fast).unwrap();
        write_dotted_general(bytes, absolute, &mut general).unwrap();
        (fast, general)
    }

    #[test]
    fn short_path_matches_the_general_loop() {
        let fixed: &[&[u8]] = &[
            &[],
            &[0x00],
            &[0x27],
            &[0x28],
            &[0x4f, 0x50],
            &[0x7f],
            &[0x81, 0x00],
            &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b],
            &[0x55, 0x04, 0x03],
            &[0x88, 0x37, 0x03],
            &[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f],
            &[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f],
            &[0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00],
            // Truncated last sub-identifier, as the dump tool may see.
            &[0x2a, 0x86],
            &[0x80, 0x01],
        ];
        for bytes in fixed {
            for absolute in [true, false] {
                let (fast, general) = both(bytes, absolute);
                assert_eq!(fast, general, "{bytes:02x?}");
            }
        }
        // A deterministic spread of octet strings (xorshift), long ones included.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = (x % 40) as usize;
            let bytes: Vec<u8> = (0..len)
                .map(|i| {
                    let b = x.to_le_bytes()[i % 8];
                    // Mostly sub-identifier ends, some continuations.
                    if i % 3 == 1 {
                        b | 0x80
                    } else {
                        b & 0x7f
                    }
                })
                .collect();
            let (fast, general) = both(&bytes, x & 1 == 0);
            assert_eq!(fast, general, "{bytes:02x?}");
        }
    }

    #[test]
    fn subid_check_matches_bytewise() {
        // Every string of up to 4 octets over the octets that matter, then longer ones
        // (crossing the 8-octet chunks) from a fixed pseudo-random sequence.
        const OCTETS: [u8; 6] = [0x00, 0x01, 0x7f, 0x80, 0x81, 0xff];
        let mut inputs: Vec<Vec<u8>> = alloc::vec![Vec::new()];
        let mut frontier = inputs.clone();
        for _ in 0..4 {
            let next: Vec<Vec<u8>> = frontier
                .iter()
                .flat_map(|p| OCTETS.iter().map(move |&b| [p.as_slice(), &[b]].concat()))
                .collect();
            inputs.extend(next.iter().cloned());
            frontier = next;
        }
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for len in 5..40 {
            for _ in 0..200 {
                let v: Vec<u8> = (0..len)
                    .map(|_| {
                        state = state
                            .wrapping_mul(6_364_136_223_846_793_005)
                            .wrapping_add(1);
                        OCTETS[(state >> 33) as usize % OCTETS.len()]
                    })
                    .collect();
                inputs.push(v);
            }
        }
        for v in &inputs {
            assert_eq!(check_subids_fast(v), check_subids(v), "{v:02x?}");
        }
    }

    #[test]
    fn decimal_digits_match_format() {
        let mut values: Vec<u64> = (0..10_000).collect();
        let mut p = 1u64;
        while let Some(next) = p.checked_mul(10) {
            values.extend([p - 1, p, p + 1, next - 1]);
            p = next;
        }
        values.push(u64::MAX);
        for v in values {
            let mut buf = [0u8; 24];
            let mut len = 1;
            super::push_decimal(&mut buf, &mut len, v);
            assert_eq!(&buf[1..len], alloc::format!("{v}").as_bytes(), "{v}");
        }
    }
}
