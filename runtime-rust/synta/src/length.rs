//! Length octets (X.690 8.1.3): short, long and indefinite forms.

use crate::error::{ErrorKind, NonCanonical};
use crate::Rules;

/// A decoded length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Length {
    /// Definite length in octets.
    Definite(usize),
    /// Indefinite length: contents end with an end-of-contents marker (BER/CER only).
    Indefinite,
}

impl Length {
    /// Parses length octets at the start of `input`; returns the length and the number of
    /// octets it used. Rule checks that need the tag (indefinite on primitive, CER's
    /// indefinite-only constructed form) are done by the reader.
    #[inline]
    pub fn parse(input: &[u8], rules: Rules) -> Result<(Length, usize), ErrorKind> {
        let first = *input.first().ok_or(ErrorKind::Truncated)?;
        if first < 0x80 {
            return Ok((Length::Definite(usize::from(first)), 1));
        }
        if first == 0x80 {
            if rules == Rules::Der {
                return Err(ErrorKind::NonCanonical(NonCanonical::IndefiniteLength));
            }
            return Ok((Length::Indefinite, 1));
        }
        // 0xFF is reserved (X.690 8.1.3.5 c) under every rule set.
        if first == 0xff {
            return Err(ErrorKind::InvalidLength);
        }
        let count = usize::from(first & 0x7f);
        let octets = input.get(1..1 + count).ok_or(ErrorKind::Truncated)?;
        let canonical = rules.is_canonical();
        if canonical && octets.first() == Some(&0) {
            return Err(ErrorKind::NonCanonical(NonCanonical::LengthNotMinimal));
        }
        let mut len: usize = 0;
        for &b in octets {
            if len > (usize::MAX >> 8) {
                return Err(ErrorKind::InvalidLength);
            }
            len = (len << 8) | usize::from(b);
        }
        if canonical && len < 0x80 {
            return Err(ErrorKind::NonCanonical(NonCanonical::LengthNotMinimal));
        }
        Ok((Length::Definite(len), 1 + count))
    }

    /// Number of octets the definite length `len` encodes to (minimal form).
    #[must_use]
    #[inline]
    pub const fn encoded_len(len: usize) -> usize {
        if len < 0x80 {
            1
        } else {
            let bytes = (usize::BITS - len.leading_zeros()).div_ceil(8);
            1 + bytes as usize
        }
    }

    /// Appends the minimal encoding of the definite length `len`.
    #[inline]
    pub fn encode(len: usize, out: &mut alloc::vec::Vec<u8>) {
        if len < 0x80 {
            // Checked above: fits seven bits.
            out.push(u8::try_from(len).unwrap_or(0));
        } else {
            let n = Length::encoded_len(len) - 1;
            // n <= size_of::<usize>() <= 16.
            out.push(0x80 | u8::try_from(n).unwrap_or(0));
            for i in (0..n).rev() {
                out.push(u8::try_from((len >> (8 * i)) & 0xff).unwrap_or(0));
            }
        }
    }
}
