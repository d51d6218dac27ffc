//! Values kept as raw TLVs and decoded on demand.
//!
//! Generated code uses [`Lazy`] for parts most callers skip (a certificate's names and
//! extensions): decoding the outer value only frames the element; [`Lazy::get`] decodes
//! it, with absolute offsets into the original input.

use core::fmt;
use core::marker::PhantomData;

use crate::error::{Error, ErrorKind, Result};
use alloc::vec::Vec;

use crate::constraint::Measure;
use crate::{AnyRef, Decode, Encode, Reader, Rules, SetOfVec, Tag, Writer};

/// A `T` whose decoding is deferred until [`Lazy::get`].
pub struct Lazy<'a, T> {
    /// The element, with the rules it was read under (and is decoded with).
    raw: AnyRef<'a>,
    _t: PhantomData<fn() -> T>,
}

impl<'a, T: Decode<'a>> Lazy<'a, T> {
    /// Decodes the value (each call decodes again; keep the result if it is reused).
    pub fn get(&self) -> Result<T> {
        self.raw.decode_as(self.raw.rules())
    }
}

impl<'a, T> Lazy<'a, T> {
    /// The whole encoding of the element.
    #[must_use]
    pub fn raw(&self) -> &'a [u8] {
        self.raw.raw()
    }

    /// The element as read.
    #[must_use]
    pub fn as_any(&self) -> AnyRef<'a> {
        self.raw
    }
}

impl<T> Clone for Lazy<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Lazy<'_, T> {
    /// The number of elements in the contents, found by framing them without decoding
    /// them; `None` when they do not frame (then [`Lazy::get`] fails too).
    /// Counting stops at `cap`. Up to a cap of one, non-empty contents count as one
    /// element without being framed: they cannot hold zero elements (the common
    /// `SIZE (1..MAX)` of a certificate's extensions only asks this).
    fn element_count(&self, cap: usize) -> Option<usize> {
        let content = self.raw.content();
        if cap <= 1 {
            return Some(usize::from(!content.is_empty()).min(cap));
        }
        let mut r = Reader::new(content, self.raw.rules());
        let mut n = 0;
        while n < cap && !r.is_finished() {
            AnyRef::decode(&mut r).ok()?;
            n += 1;
        }
        Some(n)
    }
}

/// The SIZE of a deferred SEQUENCE OF is its element count, so that a constraint on it
/// is checked when the outer value is decoded, as for an eager one.
impl<T> Measure for Lazy<'_, Vec<T>> {
    fn size(&self) -> Option<usize> {
        self.element_count(usize::MAX)
    }

    fn size_up_to(&self, cap: usize) -> Option<usize> {
        self.element_count(cap)
    }
}

/// The SIZE of a deferred SET OF is its element count (see the SEQUENCE OF case).
impl<T> Measure for Lazy<'_, SetOfVec<T>> {
    fn size(&self) -> Option<usize> {
        self.element_count(usize::MAX)
    }

    fn size_up_to(&self, cap: usize) -> Option<usize> {
        self.element_count(cap)
    }
}

impl<T> Copy for Lazy<'_, T> {}

impl<T> PartialEq for Lazy<'_, T> {
    fn eq(&self, other: &Self) -> bool {
        self.raw.raw() == other.raw.raw()
    }
}

impl<T> Eq for Lazy<'_, T> {}

impl<T> fmt::Debug for Lazy<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Lazy")
            .field("tag", &self.raw.tag())
            .field("len", &self.raw.raw().len())
            .finish()
    }
}

impl<'a, T: Decode<'a>> Decode<'a> for Lazy<'a, T> {
    #[inline]
    fn decode(r: &mut Reader<'a>) -> Result<Self> {
        let at = r.offset();
        let rules = r.rules();
        if r.is_finished() {
            return Err(Error::new(ErrorKind::MissingElement { expected: None }, at));
        }
        // Frame the element once, then check its tag (no separate peek).
        let raw = AnyRef::decode(r)?;
        if !T::can_decode(raw.tag(), rules) {
            return Err(Error::new(
                ErrorKind::UnexpectedTag {
                    expected: None,
                    actual: raw.tag(),
                },
                at,
            ));
        }
        Ok(Lazy {
            raw,
            _t: PhantomData,
        })
    }

    fn can_decode(tag: Tag, rules: Rules) -> bool {
        T::can_decode(tag, rules)
    }

    #[inline]
    fn decode_fast(r: &mut crate::FastReader<'a>) -> Option<Self> {
        let h = r.element()?;
        T::can_decode(h.tag, Rules::Der).then_some(Lazy {
            raw: AnyRef::checked(r.slice(h.start, h.end), r.offset_of(h.start)),
            _t: PhantomData,
        })
    }
}

/// Writes the bytes as read (a value read under DER re-encodes to the same bytes). Under
/// DER or CER after other rules the value is decoded and encoded again as a `T`, which
/// gives the canonical form exactly (an [`AnyRef`] only knows its encoding).
impl<'a, T: Decode<'a> + Encode> Encode for Lazy<'a, T> {
    fn encoded_len(&self, rules: Rules) -> Result<usize> {
        if self.needs_typed_encoding(rules) {
            return self.get()?.encoded_len(rules);
        }
        Ok(self.raw.raw().len())
    }

    fn encode(&self, w: &mut Writer) -> Result<()> {
        if self.needs_typed_encoding(w.rules()) {
            return self.get()?.encode(w);
        }
        w.bytes(self.raw.raw())
    }

    fn encoded_tag(&self) -> Option<Tag> {
        Some(self.raw.tag())
    }
}

impl<T> Lazy<'_, T> {
    /// True when `rules` need another form than the one read: DER or CER after other
    /// rules.
    fn needs_typed_encoding(&self, rules: Rules) -> bool {
        rules != Rules::Ber && rules != self.raw.rules()
    }
}

#[cfg(test)]
mod tests {
    use super::Lazy;
    use crate::Constraint;
    use alloc::vec::Vec;

    #[test]
    fn size_of_a_deferred_list_is_counted_only_as_far_as_the_bounds_need() {
        // SEQUENCE OF INTEGER { 1, 2, 3 }
        let der = [
            0x30, 0x09, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02, 0x02, 0x01, 0x03,
        ];
        let list: Lazy<'_, Vec<u8>> = crate::from_der(&der).unwrap();
        let holds = |min, max| {
            Constraint::new("SIZE")
                .size(min, max)
                .check(&list, 0)
                .is_ok()
        };
        assert!(holds(1, None));
        assert!(holds(3, Some(3)));
        assert!(holds(0, Some(3)));
        assert!(!holds(4, None));
        assert!(!holds(1, Some(2)));
        assert!(!holds(0, Some(0)));
        let empty: Lazy<'_, Vec<u8>> = crate::from_der(&[0x30, 0x00]).unwrap();
        assert!(Constraint::new("SIZE")
            .size(1, None)
            .check(&empty, 0)
            .is_err());
    }
}
