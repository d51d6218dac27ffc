//! String contents in primitive or constructed (segmented) form (X.690 8.7.3, 8.6.3,
//! 8.23.6; CER 9.2; DER 10.2).

use alloc::vec::Vec;

use crate::error::{Error, ErrorKind, NonCanonical, Result};
use crate::reader::Header;
use crate::{Length, Reader, Rules, Tag};

/// CER's segment size (X.690 9.2).
pub(crate) const CER_SEGMENT: usize = 1000;

/// One primitive segment: its contents and their absolute offset.
pub(crate) type Segment<'a> = (&'a [u8], usize);

/// Returns the contents of a string element as its list of primitive segments.
///
/// `r` spans the element's contents. Under DER the constructed form is rejected; nested
/// constructed segments are walked with an explicit stack (never recursion), each level
/// counted against the depth limit, and the number of segments against `max_elements`.
/// Segments carry `seg_tag` (OCTET STRING for octet and character strings, BIT STRING
/// for bit strings).
pub(crate) fn segments<'a>(
    r: &mut Reader<'a>,
    header: &Header,
    seg_tag: Tag,
) -> Result<Vec<Segment<'a>>> {
    let rules = r.rules();
    if !header.tag.constructed {
        let at = r.offset();
        let bytes = r.read_rest();
        if rules == Rules::Cer && bytes.len() > CER_SEGMENT {
            return Err(Error::new(
                ErrorKind::NonCanonical(NonCanonical::SegmentSize),
                header.offset,
            ));
        }
        return Ok(alloc::vec![(bytes, at)]);
    }
    if rules == Rules::Der {
        return Err(Error::new(
            ErrorKind::NonCanonical(NonCanonical::ConstructedString),
            header.offset,
        ));
    }
    let mut out: Vec<Segment<'a>> = Vec::new();
    let mut stack: Vec<Reader<'a>> = Vec::new();
    loop {
        let top: &mut Reader<'a> = match stack.last_mut() {
            Some(t) => t,
            None => &mut *r,
        };
        if top.is_finished() {
            match stack.pop() {
                Some(done) => match stack.last_mut() {
                    Some(parent) => parent.close_child(done)?,
                    None => r.close_child(done)?,
                },
                None => break,
            }
            continue;
        }
        let h = top.read_header()?;
        if h.tag == seg_tag {
            let n = match h.length {
                Length::Definite(n) => n,
                Length::Indefinite => 0,
            };
            let at = top.offset();
            out.push((top.read_bytes(n)?, at));
            r.check_count(out.len())?;
        } else if h.tag == seg_tag.with_constructed(true) && rules == Rules::Cer {
            // 9.2: CER fragments are primitive.
            return Err(Error::new(
                ErrorKind::NonCanonical(NonCanonical::SegmentSize),
                h.offset,
            ));
        } else if h.tag == seg_tag.with_constructed(true) {
            let child = top.child(&h)?;
            stack.push(child);
        } else {
            return Err(Error::new(
                ErrorKind::UnexpectedTag {
                    expected: Some(seg_tag),
                    actual: h.tag,
                },
                h.offset,
            ));
        }
    }
    if rules == Rules::Cer {
        check_cer(&out, header.offset)?;
    }
    Ok(out)
}

/// CER: a constructed string holds more than 1000 octets, in 1000-octet fragments with
/// only the last one shorter.
fn check_cer(segs: &[Segment<'_>], at: usize) -> Result<()> {
    let total: usize = segs.iter().map(|(s, _)| s.len()).sum();
    let bad = total <= CER_SEGMENT
        || segs
            .iter()
            .rev()
            .skip(1)
            .any(|(s, _)| s.len() != CER_SEGMENT)
        || segs.last().is_some_and(|(s, _)| s.is_empty());
    if bad {
        Err(Error::new(
            ErrorKind::NonCanonical(NonCanonical::SegmentSize),
            at,
        ))
    } else {
        Ok(())
    }
}

/// The contents of a string element as one slice: borrowed for the primitive form (the
/// common case, without allocating), joined into an owned buffer for segments.
#[inline]
pub(crate) fn contents<'a>(
    r: &mut Reader<'a>,
    header: &Header,
    seg_tag: Tag,
) -> Result<alloc::borrow::Cow<'a, [u8]>> {
    if !header.tag.constructed {
        return primitive(r, header).map(alloc::borrow::Cow::Borrowed);
    }
    joined(r, header, seg_tag)
}

/// The contents of a primitive string element (CER: at most 1000 octets).
#[inline]
pub(crate) fn primitive<'a>(r: &mut Reader<'a>, header: &Header) -> Result<&'a [u8]> {
    let bytes = r.read_rest();
    if r.rules() == Rules::Cer && bytes.len() > CER_SEGMENT {
        return Err(Error::new(
            ErrorKind::NonCanonical(NonCanonical::SegmentSize),
            header.offset,
        ));
    }
    Ok(bytes)
}

/// The constructed case of [`contents`], kept out of line so the primitive path stays
/// small enough to inline.
#[inline(never)]
fn joined<'a>(
    r: &mut Reader<'a>,
    header: &Header,
    seg_tag: Tag,
) -> Result<alloc::borrow::Cow<'a, [u8]>> {
    Ok(join(&segments(r, header, seg_tag)?))
}

/// Joins segments: borrowed when there is exactly one.
pub(crate) fn join<'a>(segs: &[Segment<'a>]) -> alloc::borrow::Cow<'a, [u8]> {
    match segs {
        [(one, _)] => alloc::borrow::Cow::Borrowed(one),
        many => {
            alloc::borrow::Cow::Owned(many.iter().flat_map(|(s, _)| s.iter().copied()).collect())
        }
    }
}

/// Length of `data` (contents octets `data_len`) with tag `tag` under `rules`: CER
/// segments contents above 1000 octets into a constructed indefinite encoding of
/// 1000-octet primitive `seg_tag` fragments.
pub(crate) fn string_len(tag: Tag, data_len: usize, rules: Rules, seg_tag: Tag) -> usize {
    if rules == Rules::Cer && data_len > CER_SEGMENT {
        let full = data_len / CER_SEGMENT;
        let rest = data_len % CER_SEGMENT;
        let seg = |n: usize| seg_tag.encoded_len() + Length::encoded_len(n) + n;
        let mut total = tag.with_constructed(true).encoded_len() + 1 + 2;
        total += full * seg(CER_SEGMENT);
        if rest > 0 {
            total += seg(rest);
        }
        total
    } else {
        let t = tag.with_constructed(false);
        t.encoded_len() + Length::encoded_len(data_len) + data_len
    }
}

/// Writes `data` as a string with tag `tag` (see [`string_len`]).
pub(crate) fn write_string(
    tag: Tag,
    data: &[u8],
    w: &mut crate::Writer,
    seg_tag: Tag,
) -> Result<()> {
    if w.rules() == Rules::Cer && data.len() > CER_SEGMENT {
        w.indefinite_header(tag.with_constructed(true))?;
        for chunk in data.chunks(CER_SEGMENT) {
            w.header(seg_tag, chunk.len())?;
            w.bytes(chunk)?;
        }
        w.end_of_contents()
    } else {
        w.header(tag.with_constructed(false), data.len())?;
        w.bytes(data)
    }
}
