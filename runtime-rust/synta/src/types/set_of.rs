//! SEQUENCE OF / SET OF: lazy borrowed views that also encode, and owned vectors.

use alloc::vec::Vec;
use core::cmp::Ordering;
use core::marker::PhantomData;

use crate::error::{Error, ErrorKind, NonCanonical, Result, ResultExt};
use crate::reader::Header;
use crate::{
    Decode, DecodeValue, Encode, EncodeValue, FixedTag, Limits, Reader, Rules, Tag, Writer,
};

/// X.690 11.6 order of two encodings: as octet strings, the shorter padded at its end
/// with zero octets.
#[must_use]
pub fn der_order(a: &[u8], b: &[u8]) -> Ordering {
    let n = a.len().max(b.len());
    for i in 0..n {
        let x = a.get(i).copied().unwrap_or(0);
        let y = b.get(i).copied().unwrap_or(0);
        match x.cmp(&y) {
            Ordering::Equal => {}
            o => return o,
        }
    }
    Ordering::Equal
}

/// Decodes every element of the contents in `r`, checking the element limit and, for a
/// DER/CER SET OF, the sort order. Returns the element count.
fn decode_all<'a, T: Decode<'a>>(
    r: &mut Reader<'a>,
    set: bool,
    mut each: impl FnMut(T),
) -> Result<usize> {
    let mut n = 0usize;
    let mut prev: Option<&'a [u8]> = None;
    while !r.is_finished() {
        let at = r.offset();
        let (v, raw) = r.decode_with_raw::<T>().index(n)?;
        if set && r.rules().is_canonical() {
            if let Some(p) = prev {
                if der_order(p, raw) == Ordering::Greater {
                    return Err(
                        Error::new(ErrorKind::NonCanonical(NonCanonical::SetOfOrder), at)
                            .in_index(n),
                    );
                }
            }
            prev = Some(raw);
        }
        each(v);
        n += 1;
        r.check_count(n)?;
    }
    Ok(n)
}

fn encode_all<T: Encode, I: core::borrow::Borrow<T>>(
    items: impl Iterator<Item = I>,
    set: bool,
    w: &mut Writer,
) -> Result<()> {
    let start = w.len();
    let sort = set && w.rules().is_canonical();
    let mut lens = Vec::new();
    for v in items {
        let before = w.len();
        v.borrow().encode(w)?;
        if sort {
            lens.push(w.len() - before);
        }
    }
    if sort {
        w.sort_tail(start, &lens);
    }
    Ok(())
}

macro_rules! lazy_of {
    ($(#[$m:meta])* $name:ident, $tag:expr, $set:expr) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy)]
        pub struct $name<'a, T> {
            content: &'a [u8],
            base: usize,
            rules: Rules,
            depth: u32,
            limits: Limits,
            len: usize,
            _t: PhantomData<fn() -> T>,
        }

        impl<'a, T: Decode<'a>> $name<'a, T> {
            /// Number of elements.
            #[must_use]
            pub fn len(&self) -> usize {
                self.len
            }

            /// True when there are no elements.
            #[must_use]
            pub fn is_empty(&self) -> bool {
                self.len == 0
            }

            /// The contents octets (the elements' encodings).
            #[must_use]
            pub fn content(&self) -> &'a [u8] {
                self.content
            }

            /// Iterates the elements, decoding each on demand. They were all validated
            /// when this value was decoded, so iteration yields every one.
            pub fn iter(&self) -> impl Iterator<Item = T> + 'a {
                let mut r = Reader::sub(self.content, self.base, self.rules, self.depth, self.limits);
                core::iter::from_fn(move || {
                    if r.is_finished() {
                        None
                    } else {
                        T::decode(&mut r).ok()
                    }
                })
            }
        }

        impl<T> PartialEq for $name<'_, T> {
            fn eq(&self, other: &Self) -> bool {
                self.content == other.content
            }
        }

        impl<T> Eq for $name<'_, T> {}

        impl<T> FixedTag for $name<'_, T> {
            const TAG: Tag = $tag;
        }

        impl<'a, T: Decode<'a>> DecodeValue<'a> for $name<'a, T> {
            fn decode_value(r: &mut Reader<'a>, _h: &Header) -> Result<Self> {
                let base = r.offset();
                let len = decode_all::<T>(r, $set, |_| ())?;
                Ok($name {
                    content: r.consumed(),
                    base,
                    rules: r.rules(),
                    depth: r.depth(),
                    limits: r.limits(),
                    len,
                    _t: PhantomData,
                })
            }
        }

        impl<'a, T: Decode<'a> + Encode> EncodeValue for $name<'a, T> {
            fn value_len(&self, rules: Rules) -> Result<usize> {
                self.iter().try_fold(0usize, |acc, v| Ok(acc + v.encoded_len(rules)?))
            }

            fn encode_value(&self, w: &mut Writer) -> Result<()> {
                encode_all::<T, T>(self.iter(), $set, w)
            }
        }
    };
}

lazy_of!(
    /// A borrowed SEQUENCE OF: elements decode lazily on iteration.
    SequenceOf, Tag::SEQUENCE, false);
lazy_of!(
    /// A borrowed SET OF; DER/CER order is checked on decode and applied on encode.
    SetOf, Tag::SET, true);

impl<T> FixedTag for Vec<T> {
    const TAG: Tag = Tag::SEQUENCE;
}

/// An owned SEQUENCE OF.
impl<'a, T: Decode<'a>> DecodeValue<'a> for Vec<T> {
    fn decode_value(r: &mut Reader<'a>, _h: &Header) -> Result<Self> {
        let mut out = Vec::new();
        decode_all::<T>(r, false, |v| out.push(v))?;
        Ok(out)
    }

    fn decode_value_fast(r: &mut crate::FastReader<'a>, _h: &crate::FastHeader) -> Option<Self> {
        let mut out = Vec::new();
        decode_all_fast::<T>(r, false, |v| out.push(v))?;
        Some(out)
    }
}

/// The fast path (`crate::fast`) of [`decode_all`].
fn decode_all_fast<'a, T: Decode<'a>>(
    r: &mut crate::FastReader<'a>,
    set: bool,
    mut each: impl FnMut(T),
) -> Option<()> {
    let mut n = 0usize;
    let mut prev: Option<&'a [u8]> = None;
    while !r.is_finished() {
        let start = r.position();
        let v = T::decode_fast(r)?;
        if set {
            let raw = r.slice(start, r.position());
            if prev.is_some_and(|p| der_order(p, raw) == Ordering::Greater) {
                return None;
            }
            prev = Some(raw);
        }
        each(v);
        n += 1;
        if n > crate::Limits::DEFAULT.max_elements {
            return None;
        }
    }
    Some(())
}

impl<T: Encode> EncodeValue for Vec<T> {
    fn value_len(&self, rules: Rules) -> Result<usize> {
        self.iter()
            .try_fold(0usize, |acc, v| Ok(acc + v.encoded_len(rules)?))
    }

    fn encode_value(&self, w: &mut Writer) -> Result<()> {
        encode_all::<T, &T>(self.iter(), false, w)
    }
}

/// An owned SET OF.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SetOfVec<T>(pub Vec<T>);

impl<T> FixedTag for SetOfVec<T> {
    const TAG: Tag = Tag::SET;
}

impl<'a, T: Decode<'a>> DecodeValue<'a> for SetOfVec<T> {
    fn decode_value(r: &mut Reader<'a>, _h: &Header) -> Result<Self> {
        let mut out = Vec::new();
        decode_all::<T>(r, true, |v| out.push(v))?;
        Ok(SetOfVec(out))
    }

    fn decode_value_fast(r: &mut crate::FastReader<'a>, _h: &crate::FastHeader) -> Option<Self> {
        let mut out = Vec::new();
        decode_all_fast::<T>(r, true, |v| out.push(v))?;
        Some(SetOfVec(out))
    }
}

impl<T: Encode> EncodeValue for SetOfVec<T> {
    fn value_len(&self, rules: Rules) -> Result<usize> {
        self.0
            .iter()
            .try_fold(0usize, |acc, v| Ok(acc + v.encoded_len(rules)?))
    }

    fn encode_value(&self, w: &mut Writer) -> Result<()> {
        encode_all::<T, &T>(self.0.iter(), true, w)
    }
}
