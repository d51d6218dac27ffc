//! The DER fast path: a second decoder, tried first, that reports no errors.
//!
//! Decoding DER with the default limits (`from_der`, [`crate::decode`]) first runs
//! [`Decode::decode_fast`] over a [`FastReader`]: a cursor of plain offsets whose
//! functions return `Option`, with no error values, field paths or per-element reader
//! state to build. It handles the common forms (low tag numbers, definite lengths of up to
//! two octets, primitive strings) and gives up (`None`) on anything else, valid or not.
//! Then the general decoder runs from the start and decodes the value or reports the
//! error with its offset and field path. Failing inputs pay for both passes; the fast
//! path only has to be exact where it succeeds:
//!
//! **`Some(v)` only where the general decoder under DER with [`Limits::DEFAULT`] gives
//! `Ok(v)`, the same value.**
//!
//! Types get the fast path in three ways: derived SEQUENCE and CHOICE decoders and the
//! common runtime types implement it directly; every other type inherits the default,
//! which runs its general decoder on a [`Reader`] over the same bytes (correct, no
//! faster). The crate's tests and the certificate crate's differential tests compare
//! both paths on every corpus file and on mutations of them.

use crate::reader::low_tag;
use crate::{Decode, DecodeValue, FixedTag, Header, Length, Limits, Reader, Result, Rules, Tag};

/// An element header read by the fast path: positions are indices into the reader's
/// input.
#[derive(Debug, Clone, Copy)]
pub struct FastHeader {
    /// The tag.
    pub tag: Tag,
    /// Index of the identifier octet.
    pub start: usize,
    /// Index of the first contents octet.
    pub content: usize,
    /// Index just past the contents.
    pub end: usize,
}

/// The fast path's cursor over `input[pos..end]` (see the module documentation).
#[derive(Debug, Clone)]
pub struct FastReader<'a> {
    input: &'a [u8],
    pos: usize,
    end: usize,
    /// Absolute offset of `input[0]` (for values that keep their offset).
    base: usize,
    /// Nesting depth, counted as the general [`Reader`] counts it.
    depth: u32,
}

impl<'a> FastReader<'a> {
    /// A cursor over the whole of `input`, whose first octet is at absolute offset
    /// `base`, at the top level.
    #[must_use]
    #[inline]
    pub fn new(input: &'a [u8], base: usize) -> Self {
        FastReader {
            input,
            pos: 0,
            end: input.len(),
            base,
            depth: 0,
        }
    }

    /// Always DER: lets generated tag predicates written for [`Reader`] run here too.
    #[must_use]
    #[inline(always)]
    pub fn rules(&self) -> Rules {
        Rules::Der
    }

    /// True at the end of the contents.
    #[must_use]
    #[inline(always)]
    pub fn is_finished(&self) -> bool {
        self.pos >= self.end
    }

    /// The tag of the next element: `Some(None)` at the end, `None` (give up) for a
    /// high tag number.
    #[must_use]
    #[inline(always)]
    pub fn peek_tag(&self) -> Option<Option<Tag>> {
        if self.is_finished() {
            return Some(None);
        }
        let id = *self.input.get(self.pos)?;
        (id & 0x1f != 0x1f).then(|| Some(low_tag(id)))
    }

    /// Reads and consumes the header and contents of the next element: a low tag number
    /// (not `[UNIVERSAL 0]`) with a minimal definite length of up to two octets that
    /// fits in the contents. `None` for anything else.
    #[inline(always)]
    pub fn element(&mut self) -> Option<FastHeader> {
        let start = self.pos;
        let (id, hl, n) = crate::reader::common_header(self.input.get(start..self.end)?)?;
        let end = start + hl + n;
        self.pos = end;
        Some(FastHeader {
            tag: low_tag(id),
            start,
            content: start + hl,
            end,
        })
    }

    /// A cursor over the contents of `h`, one level deeper; `None` past the default
    /// depth limit (where the general reader fails).
    #[must_use]
    #[inline(always)]
    pub fn contents(&self, h: &FastHeader) -> Option<FastReader<'a>> {
        let depth = self.depth + 1;
        (depth <= Limits::DEFAULT.max_depth).then_some(FastReader {
            input: self.input,
            pos: h.content,
            end: h.end,
            base: self.base,
            depth,
        })
    }

    /// Index of the cursor in the input.
    #[must_use]
    #[inline(always)]
    pub fn position(&self) -> usize {
        self.pos
    }

    /// The octets between two indices of the input.
    #[must_use]
    #[inline(always)]
    pub fn slice(&self, from: usize, to: usize) -> &'a [u8] {
        self.input.get(from..to).unwrap_or(&[])
    }

    /// The unread contents.
    #[must_use]
    #[inline(always)]
    pub fn rest(&self) -> &'a [u8] {
        self.slice(self.pos, self.end)
    }

    /// Consumes and returns the unread contents (a primitive value's octets).
    #[inline(always)]
    pub fn take_rest(&mut self) -> &'a [u8] {
        let rest = self.rest();
        self.pos = self.end;
        rest
    }

    /// Absolute offset of input index `index`.
    #[must_use]
    #[inline(always)]
    pub fn offset_of(&self, index: usize) -> usize {
        self.base + index
    }

    /// Runs the general decoder `f` on a [`Reader`] over the unread contents (same
    /// offsets, depth and rules), moving past what it consumed; its errors become
    /// `None`.
    pub fn general<T>(&mut self, f: impl FnOnce(&mut Reader<'a>) -> Result<T>) -> Option<T> {
        let mut r = Reader::sub(
            self.rest(),
            self.base + self.pos,
            Rules::Der,
            self.depth,
            Limits::DEFAULT,
        );
        let v = f(&mut r).ok()?;
        self.pos += r.consumed().len();
        Some(v)
    }

    /// [`DecodeValue::decode_value`] of `T` on the whole of this cursor, the contents of
    /// `h`, as the general path runs it.
    pub fn general_value<T: DecodeValue<'a>>(&mut self, h: &FastHeader) -> Option<T> {
        let header = Header {
            tag: h.tag,
            length: Length::Definite(h.end - h.content),
            offset: self.base + h.start,
            header_len: h.content - h.start,
        };
        self.general(|r| T::decode_value(r, &header))
    }
}

/// Fast path of [`crate::decode_implicit`]: a `T` under tag `tag`.
#[inline]
pub fn decode_implicit_fast<'a, T: FixedTag + DecodeValue<'a>>(
    r: &mut FastReader<'a>,
    tag: Tag,
) -> Option<T> {
    let h = r.element()?;
    // Only the exact tag: the constructed form of a string is left to the general path.
    if h.tag != tag.with_constructed(T::TAG.constructed) {
        return None;
    }
    let mut c = r.contents(&h)?;
    if T::FAST_READS_ALL {
        return T::decode_value_fast(&mut c, &h);
    }
    let v = T::decode_value_fast(&mut c, &h)?;
    c.is_finished().then_some(v)
}

/// Fast path of [`crate::decode_explicit`].
#[inline]
pub fn decode_explicit_fast<'a, T: Decode<'a>>(r: &mut FastReader<'a>, tag: Tag) -> Option<T> {
    let h = r.element()?;
    if h.tag != tag.with_constructed(true) {
        return None;
    }
    let mut c = r.contents(&h)?;
    let v = T::decode_fast(&mut c)?;
    c.is_finished().then_some(v)
}

/// Fast path of [`crate::decode_implicit_optional`]: `Some(None)` when absent.
#[inline]
pub fn decode_implicit_optional_fast<'a, T: FixedTag + DecodeValue<'a>>(
    r: &mut FastReader<'a>,
    tag: Tag,
) -> Option<Option<T>> {
    match r.peek_tag()? {
        Some(t) if crate::implicit_can_decode::<T>(tag, t, Rules::Der) => {
            decode_implicit_fast(r, tag).map(Some)
        }
        _ => Some(None),
    }
}

/// Fast path of [`crate::decode_explicit_optional`]: `Some(None)` when absent.
#[inline]
pub fn decode_explicit_optional_fast<'a, T: Decode<'a>>(
    r: &mut FastReader<'a>,
    tag: Tag,
) -> Option<Option<T>> {
    match r.peek_tag()? {
        Some(t) if t == tag.with_constructed(true) => decode_explicit_fast(r, tag).map(Some),
        _ => Some(None),
    }
}

/// Fast path of [`crate::skip_extensions`]: frames the remaining elements.
#[inline]
pub fn skip_extensions_fast(r: &mut FastReader<'_>) -> Option<()> {
    let mut n = 0usize;
    while !r.is_finished() {
        r.element()?;
        n += 1;
        if n > Limits::DEFAULT.max_elements {
            return None;
        }
    }
    Some(())
}

/// Decodes exactly one `T` from `bytes`, found at absolute offset `base`, through the
/// fast path; `None` when it gives up or bytes are left over.
pub(crate) fn decode_fast<'a, T: Decode<'a>>(bytes: &'a [u8], base: usize) -> Option<T> {
    let mut r = FastReader::new(bytes, base);
    if T::FAST_ONE_ELEMENT {
        // Trailing bytes are found from the first header, before the value exists.
        let mut peek = r.clone();
        peek.element()?;
        if !peek.is_finished() {
            return None;
        }
        return T::decode_fast(&mut r);
    }
    let v = T::decode_fast(&mut r)?;
    r.is_finished().then_some(v)
}
