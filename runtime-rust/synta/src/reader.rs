//! The decoding cursor: a byte slice, its absolute offset, the rules, depth and limits.

use crate::error::{Error, ErrorKind, NonCanonical, Result};
use crate::{Class, Decode, Length, Limits, Rules, Tag};

/// An element header: tag and length, with where it was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// The tag.
    pub tag: Tag,
    /// The length.
    pub length: Length,
    /// Absolute offset of the identifier octets.
    pub offset: usize,
    /// Number of identifier and length octets.
    pub header_len: usize,
}

/// The header at the start of `bytes` when it has the common DER form: a low tag number
/// (not [UNIVERSAL 0]) and a minimal definite length of up to two octets whose contents
/// fit in `bytes`. Returns the identifier octet, the header length and the contents
/// length (small enough to stay in registers); `None` for anything else, valid or not.
/// Shared by the general reader's fast case and the DER fast path (`crate::fast`).
#[inline(always)]
pub(crate) fn common_header(bytes: &[u8]) -> Option<(u8, usize, usize)> {
    let &[id, l0, ref rest @ ..] = bytes else {
        return None;
    };
    if id & 0x1f == 0x1f || id & 0xdf == 0 {
        return None;
    }
    let (n, hl) = if l0 < 0x80 {
        (usize::from(l0), 2)
    } else if l0 == 0x81 && rest.first().is_some_and(|&b| b >= 0x80) {
        (usize::from(rest[0]), 3)
    } else if l0 == 0x82 && rest.len() >= 2 && rest[0] != 0 {
        ((usize::from(rest[0]) << 8) | usize::from(rest[1]), 4)
    } else {
        return None;
    };
    (n <= bytes.len() - hl).then_some((id, hl, n))
}

/// The tag of an identifier octet with a low tag number (below 31).
#[inline(always)]
pub(crate) fn low_tag(id: u8) -> Tag {
    Tag::new(
        Class::from_bits(id >> 6),
        u32::from(id & 0x1f),
        id & 0x20 != 0,
    )
}

/// A cursor over encoded bytes.
///
/// A child reader is made for the contents of each constructed or tagged value; it
/// carries depth + 1, so the depth limit holds across every nested and tagged decode.
/// For an indefinite-length value the child sees the rest of its parent's bytes and ends
/// at the end-of-contents octets.
#[derive(Debug, Clone)]
pub struct Reader<'a> {
    input: &'a [u8],
    pos: usize,
    /// Absolute offset of `input[0]`.
    base: usize,
    indefinite: bool,
    rules: Rules,
    depth: u32,
    limits: Limits,
}

impl<'a> Reader<'a> {
    /// A reader over `input` under `rules` with the default limits.
    #[must_use]
    #[inline]
    pub fn new(input: &'a [u8], rules: Rules) -> Self {
        Reader::with_limits(input, rules, Limits::DEFAULT)
    }

    /// A reader with explicit limits.
    #[must_use]
    #[inline]
    pub fn with_limits(input: &'a [u8], rules: Rules, limits: Limits) -> Self {
        Reader {
            input,
            pos: 0,
            base: 0,
            indefinite: false,
            rules,
            depth: 0,
            limits,
        }
    }

    /// The encoding rules.
    #[must_use]
    #[inline]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The limits.
    #[must_use]
    #[inline]
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Nesting depth of this reader (0 at top level).
    #[must_use]
    #[inline]
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Absolute offset of the next byte.
    #[must_use]
    #[inline]
    pub fn offset(&self) -> usize {
        self.base + self.pos
    }

    /// An error of `kind` at the current offset.
    #[must_use]
    #[inline]
    pub fn error(&self, kind: ErrorKind) -> Error {
        Error::new(kind, self.offset())
    }

    /// Bytes not yet consumed (for an indefinite-length reader this includes the
    /// end-of-contents octets and whatever follows them).
    #[must_use]
    #[inline]
    pub fn remaining(&self) -> &'a [u8] {
        self.input.get(self.pos..).unwrap_or(&[])
    }

    /// True when the contents are exhausted (or, indefinite, at end-of-contents).
    #[must_use]
    #[inline]
    pub fn is_finished(&self) -> bool {
        if self.indefinite {
            self.remaining().starts_with(&[0, 0])
        } else {
            self.pos >= self.input.len()
        }
    }

    /// Fails with `TrailingData` unless the reader is finished.
    #[inline]
    pub fn finish(&self) -> Result<()> {
        if self.is_finished() {
            Ok(())
        } else {
            Err(self.error(ErrorKind::TrailingData))
        }
    }

    /// Takes `n` raw bytes.
    #[inline]
    pub fn read_bytes(&mut self, n: usize) -> Result<&'a [u8]> {
        let end = self
            .pos
            .checked_add(n)
            .ok_or_else(|| self.error(ErrorKind::Truncated))?;
        let out = self
            .input
            .get(self.pos..end)
            .ok_or_else(|| self.error(ErrorKind::Truncated))?;
        self.pos = end;
        Ok(out)
    }

    /// Takes every remaining byte of a definite-length reader (a primitive's contents).
    #[inline]
    pub fn read_rest(&mut self) -> &'a [u8] {
        let out = self.remaining();
        self.pos = self.input.len();
        out
    }

    /// Parses the header at the cursor without consuming it. `Ok(None)` at the end.
    pub fn peek_header(&self) -> Result<Option<Header>> {
        if self.is_finished() {
            return Ok(None);
        }
        self.clone().read_header().map(Some)
    }

    /// The tag at the cursor without consuming it; `None` at the end of the contents.
    // Always inlined, like `read_header`: at each call site the optimiser keeps the
    // result in registers and drops what the caller does not use (measured with
    // callgrind: about 5% fewer instructions per certificate for both).
    #[inline(always)]
    pub fn peek_tag(&self) -> Result<Option<Tag>> {
        if self.is_finished() {
            return Ok(None);
        }
        let rest = self.remaining();
        if let Some(&id) = rest.first() {
            if id & 0x1f != 0x1f {
                // Low tag number form: the whole tag is in this octet.
                return Ok(Some(low_tag(id)));
            }
        }
        Tag::parse(rest, self.rules)
            .map(|(t, _)| Some(t))
            .map_err(|k| self.error(k))
    }

    /// The common header at the cursor, without consuming it (see [`common_header`]),
    /// also within the limits and outside CER (every header of a typical certificate).
    /// `None` sends the caller to the general path, which also reports every error.
    #[inline(always)]
    fn common_header(&self) -> Option<(u8, usize, usize)> {
        if self.rules == Rules::Cer {
            return None;
        }
        let (id, hl, n) = common_header(self.input.get(self.pos..)?)?;
        (n <= self.limits.max_length).then_some((id, hl, n))
    }

    /// Consumes the element at the cursor when its header is a common one (see
    /// `common_header`): its tag, offset, whole encoding and header length. `None`
    /// consumes nothing.
    #[inline(always)]
    pub(crate) fn read_common_element(&mut self) -> Option<(Tag, usize, &'a [u8], usize)> {
        let (id, hl, n) = self.common_header()?;
        let start = self.pos;
        let raw = self.input.get(start..start + hl + n)?;
        self.pos = start + hl + n;
        Some((low_tag(id), self.base + start, raw, hl))
    }

    /// Parses and consumes an element header, enforcing the rules' length forms and
    /// checking that a definite length fits in the input.
    #[inline(always)]
    pub fn read_header(&mut self) -> Result<Header> {
        if let Some((id, hl, n)) = self.common_header() {
            let offset = self.offset();
            self.pos += hl;
            return Ok(Header {
                tag: low_tag(id),
                length: Length::Definite(n),
                offset,
                header_len: hl,
            });
        }
        self.read_header_slow()
    }

    #[inline(never)]
    fn read_header_slow(&mut self) -> Result<Header> {
        let offset = self.offset();
        if self.is_finished() {
            return Err(self.error(ErrorKind::MissingElement { expected: None }));
        }
        let rest = self.remaining();
        let (tag, tlen) = Tag::parse(rest, self.rules).map_err(|k| Error::new(k, offset))?;
        // [UNIVERSAL 0] is reserved for end-of-contents (X.690 8.1.5).
        if tag.class == crate::Class::Universal && tag.number == 0 {
            // A lone 0x00 at the end is most likely a cut-off end-of-contents.
            let kind = if rest.len() < 2 {
                ErrorKind::Truncated
            } else {
                ErrorKind::InvalidTag
            };
            return Err(Error::new(kind, offset));
        }
        let len_at = offset + tlen;
        let (length, llen) = Length::parse(rest.get(tlen..).unwrap_or(&[]), self.rules)
            .map_err(|k| Error::new(k, len_at))?;
        match length {
            // X.690 8.1.3.2 a: primitive encodings always use a definite length.
            Length::Indefinite if !tag.constructed => {
                return Err(Error::new(ErrorKind::InvalidLength, len_at));
            }
            Length::Definite(_) if tag.constructed && self.rules == Rules::Cer => {
                return Err(Error::new(
                    ErrorKind::NonCanonical(NonCanonical::DefiniteConstructed),
                    len_at,
                ));
            }
            Length::Definite(n) => {
                if n > self.limits.max_length {
                    return Err(Error::new(ErrorKind::LimitExceeded, len_at));
                }
                if rest.len() - tlen - llen < n {
                    return Err(Error::new(ErrorKind::Truncated, len_at));
                }
            }
            Length::Indefinite => {}
        }
        self.pos += tlen + llen;
        Ok(Header {
            tag,
            length,
            offset,
            header_len: tlen + llen,
        })
    }

    /// A child reader for the contents of the element whose header was just read.
    /// Checks the depth limit. Call [`Reader::close_child`] when done.
    #[inline(always)]
    pub fn child(&self, header: &Header) -> Result<Reader<'a>> {
        let depth = self.depth + 1;
        if depth > self.limits.max_depth {
            return Err(Error::new(ErrorKind::DepthExceeded, header.offset));
        }
        let (input, indefinite) = match header.length {
            Length::Definite(n) => (
                self.input
                    .get(self.pos..self.pos.saturating_add(n))
                    .ok_or_else(|| self.error(ErrorKind::Truncated))?,
                false,
            ),
            Length::Indefinite => (self.remaining(), true),
        };
        Ok(Reader {
            input,
            pos: 0,
            base: self.offset(),
            indefinite,
            rules: self.rules,
            depth,
            limits: self.limits,
        })
    }

    /// Consumes a finished child: checks nothing is left over (or that the
    /// end-of-contents octets follow) and moves past it.
    #[inline(always)]
    pub fn close_child(&mut self, child: Reader<'a>) -> Result<()> {
        if child.indefinite {
            if !child.remaining().starts_with(&[0, 0]) {
                return Err(child.error(if child.remaining().len() < 2 {
                    ErrorKind::Truncated
                } else {
                    ErrorKind::TrailingData
                }));
            }
            self.pos += child.pos + 2;
        } else {
            child.finish()?;
            self.pos += child.pos;
        }
        Ok(())
    }

    /// Runs `f` on a child reader for the contents of `header`, then closes it.
    #[inline(always)]
    pub fn nested<R>(
        &mut self,
        header: &Header,
        f: impl FnOnce(&mut Reader<'a>) -> Result<R>,
    ) -> Result<R> {
        let mut child = self.child(header)?;
        // `out` is returned as it is (not unwrapped and wrapped again), so a large
        // value is not copied on its way out.
        let out = f(&mut child);
        if out.is_ok() {
            self.close_child(child)?;
        }
        out
    }

    /// Decodes one `T` at the cursor.
    pub fn decode<T: Decode<'a>>(&mut self) -> Result<T> {
        T::decode(self)
    }

    /// Reads one whole element and returns its header and raw encoding (header included)
    /// and its contents (without end-of-contents octets). Indefinite lengths are walked
    /// iteratively, so hostile nesting cannot exhaust the stack.
    #[inline]
    pub fn read_element(&mut self) -> Result<(Header, &'a [u8], &'a [u8])> {
        let start = self.pos;
        if let Some((id, hl, n)) = self.common_header() {
            let header = Header {
                tag: low_tag(id),
                length: Length::Definite(n),
                offset: self.offset(),
                header_len: hl,
            };
            // `common_header` checked that the contents lie inside the input.
            let raw = self.input.get(start..start + hl + n).unwrap_or(&[]);
            self.pos = start + hl + n;
            return Ok((header, raw, raw.get(hl..).unwrap_or(&[])));
        }
        let header = self.read_header()?;
        match header.length {
            Length::Definite(n) => {
                let content = self.read_bytes(n)?;
                let raw = self.input.get(start..self.pos).unwrap_or(&[]);
                Ok((header, raw, content))
            }
            Length::Indefinite => self.read_indefinite_element(start, header),
        }
    }

    /// [`Reader::read_element`] for an indefinite length whose header (at `start`) was
    /// just read.
    #[inline(never)]
    fn read_indefinite_element(
        &mut self,
        start: usize,
        header: Header,
    ) -> Result<(Header, &'a [u8], &'a [u8])> {
        let content_start = self.pos;
        let child = self.child(&header)?;
        let mut stack: alloc::vec::Vec<Reader<'a>> = alloc::vec![child];
        // Skip everything at each level; descend only into indefinite lengths,
        // whose end is not known in advance.
        while let Some(top) = stack.last_mut() {
            if top.is_finished() {
                let done = stack
                    .pop()
                    .ok_or_else(|| self.error(ErrorKind::Truncated))?;
                match stack.last_mut() {
                    Some(parent) => parent.close_child(done)?,
                    None => {
                        let content_end = content_start + done.pos;
                        self.close_child(done)?;
                        let content = self.input.get(content_start..content_end).unwrap_or(&[]);
                        let raw = self.input.get(start..self.pos).unwrap_or(&[]);
                        return Ok((header, raw, content));
                    }
                }
                continue;
            }
            if top.remaining().is_empty() {
                return Err(top.error(ErrorKind::Truncated));
            }
            let h = top.read_header()?;
            match h.length {
                Length::Definite(n) => {
                    top.read_bytes(n)?;
                }
                Length::Indefinite => {
                    let c = top.child(&h)?;
                    stack.push(c);
                }
            }
        }
        Err(self.error(ErrorKind::Truncated))
    }

    /// Counts an element against `max_elements`.
    #[inline]
    pub fn check_count(&self, count: usize) -> Result<()> {
        if count > self.limits.max_elements {
            Err(self.error(ErrorKind::LimitExceeded))
        } else {
            Ok(())
        }
    }
}

impl<'a> Reader<'a> {
    /// A reader over `input` found at absolute offset `base`, at nesting `depth`.
    #[must_use]
    #[inline]
    pub fn sub(input: &'a [u8], base: usize, rules: Rules, depth: u32, limits: Limits) -> Self {
        Reader {
            input,
            pos: 0,
            base,
            indefinite: false,
            rules,
            depth,
            limits,
        }
    }

    /// Decodes a `T` and also returns its raw encoding (what a signature covers).
    pub fn decode_with_raw<T: Decode<'a>>(&mut self) -> Result<(T, &'a [u8])> {
        let start = self.pos;
        let v = T::decode(self)?;
        Ok((v, self.input.get(start..self.pos).unwrap_or(&[])))
    }

    /// Bytes consumed so far by this reader (contents read up to the cursor).
    #[must_use]
    #[inline]
    pub fn consumed(&self) -> &'a [u8] {
        self.input.get(..self.pos).unwrap_or(&[])
    }

    /// Absolute offset of the first byte of this reader's input.
    #[must_use]
    pub fn base(&self) -> usize {
        self.base
    }
}

impl<'a> Reader<'a> {
    /// Runs `f` as the decoding of field `name`: an error from it carries the field in
    /// its path. The path is built while an error unwinds, so success costs nothing.
    #[inline]
    pub fn field<R>(
        &mut self,
        name: &'static str,
        f: impl FnOnce(&mut Reader<'a>) -> Result<R>,
    ) -> Result<R> {
        f(self).map_err(|e| e.in_field(name))
    }

    /// Runs `f` as the decoding of element `index` of a SEQUENCE OF / SET OF.
    #[inline]
    pub fn element<R>(
        &mut self,
        index: usize,
        f: impl FnOnce(&mut Reader<'a>) -> Result<R>,
    ) -> Result<R> {
        f(self).map_err(|e| e.in_index(index))
    }
}
