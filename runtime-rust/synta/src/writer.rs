//! The encoding sink. Lengths are computed before a header is written, so each value is
//! written exactly once, with no per-level temporary buffer.

use alloc::vec::Vec;

use crate::error::Result;
use crate::{Length, Rules, Tag};

/// Appends encodings to a growable buffer under a set of rules.
#[derive(Debug, Clone)]
pub struct Writer {
    buf: Vec<u8>,
    rules: Rules,
}

impl Writer {
    /// An empty writer. Under [`Rules::Ber`] the writer produces DER, which is valid BER.
    #[must_use]
    #[inline]
    pub fn new(rules: Rules) -> Self {
        Writer {
            buf: Vec::new(),
            rules,
        }
    }

    /// An empty writer with room for `cap` bytes.
    #[must_use]
    #[inline]
    pub fn with_capacity(rules: Rules, cap: usize) -> Self {
        Writer {
            buf: Vec::with_capacity(cap),
            rules,
        }
    }

    /// The rules being written.
    #[must_use]
    #[inline]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Bytes written so far.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf
    }

    /// Number of bytes written so far.
    #[must_use]
    #[inline]
    pub fn len(&self) -> usize {
        self.buf.len()
    }

    /// True when nothing was written.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// The written bytes.
    #[must_use]
    #[inline]
    pub fn finish(self) -> Vec<u8> {
        self.buf
    }

    /// Writes a header with a definite length.
    #[inline]
    pub fn header(&mut self, tag: Tag, len: usize) -> Result<()> {
        tag.encode(&mut self.buf);
        Length::encode(len, &mut self.buf);
        Ok(())
    }

    /// Writes a header with the indefinite length (CER constructed encodings).
    #[inline]
    pub fn indefinite_header(&mut self, tag: Tag) -> Result<()> {
        tag.encode(&mut self.buf);
        self.buf.push(0x80);
        Ok(())
    }

    /// Writes the end-of-contents octets.
    #[inline]
    pub fn end_of_contents(&mut self) -> Result<()> {
        self.buf.extend_from_slice(&[0, 0]);
        Ok(())
    }

    /// Appends raw bytes.
    #[inline]
    pub fn bytes(&mut self, b: &[u8]) -> Result<()> {
        self.buf.extend_from_slice(b);
        Ok(())
    }

    /// Appends one byte.
    #[inline]
    pub fn byte(&mut self, b: u8) -> Result<()> {
        self.buf.push(b);
        Ok(())
    }

    /// Reorders the encodings written since `start`, given as consecutive element
    /// lengths, into ascending order of their octets (X.690 11.6, DER/CER SET OF).
    pub(crate) fn sort_tail(&mut self, start: usize, lens: &[usize]) {
        let Some(tail) = self.buf.get(start..) else {
            return;
        };
        let mut parts: Vec<&[u8]> = Vec::with_capacity(lens.len());
        let mut at = 0;
        for &l in lens {
            if let Some(p) = tail.get(at..at + l) {
                parts.push(p);
            }
            at += l;
        }
        parts.sort_by(|a, b| crate::types::set_of::der_order(a, b));
        let sorted: Vec<u8> = parts.concat();
        self.buf.truncate(start);
        self.buf.extend_from_slice(&sorted);
    }
}

/// Encoded length of a TLV with tag `tag` and `value_len` contents octets under `rules`
/// when written with the default (non-segmented) form.
#[must_use]
#[inline]
pub fn tlv_len(tag: Tag, value_len: usize, rules: Rules) -> usize {
    if rules == Rules::Cer && tag.constructed {
        tag.encoded_len() + 1 + value_len + 2
    } else {
        tag.encoded_len() + Length::encoded_len(value_len) + value_len
    }
}
