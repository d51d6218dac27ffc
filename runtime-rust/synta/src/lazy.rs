//! Values kept as raw TLVs and decoded on demand.
//!
//! Generated code uses [`Lazy`] for parts most callers skip (a certificate's names and
//! extensions): decoding the outer value only frames the element; [`Lazy::get`] decodes
//! it, with absolute offsets into the original input.
//!
//! Constraints a decoded value would check as a component, but that only a decoded value
//! shows (those of a list's elements), are checked by [`Lazy::get`] through the `C`
//! parameter (a [`LazyCheck`]); the default, [`Unchecked`], checks nothing.

use core::fmt;
use core::marker::PhantomData;

use crate::error::{Error, ErrorKind, Result};
use alloc::vec::Vec;

use crate::constraint::{element_offset, nested_element_offset, Constraint, Elements, Measure};
use crate::{AnyRef, Decode, Encode, Reader, Rules, SetOfVec, Tag, Writer};

/// A `T` whose decoding is deferred until [`Lazy::get`], which checks it with `C`.
pub struct Lazy<'a, T, C = Unchecked> {
    /// The element, with the rules it was read under (and is decoded with).
    raw: AnyRef<'a>,
    _t: PhantomData<Covariant<T, C>>,
}

/// Marks `Lazy` as holding a `T` checked by `C` without owning either (covariant, and
/// `Send`/`Sync` whatever they are).
type Covariant<T, C> = (fn() -> T, fn() -> C);

/// What [`Lazy::get`] checks on the value it decoded: generated code implements it on a
/// marker type for a deferred list whose elements have a constraint.
pub trait LazyCheck<T: ?Sized> {
    /// Checks `value`, decoded from `raw` (for the offsets of errors).
    fn check(value: &T, raw: AnyRef<'_>) -> Result<()>;
}

/// The [`LazyCheck`] that checks nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unchecked;

impl<T: ?Sized> LazyCheck<T> for Unchecked {
    #[inline]
    fn check(_: &T, _: AnyRef<'_>) -> Result<()> {
        Ok(())
    }
}

impl<'a, T: Decode<'a>, C: LazyCheck<T>> Lazy<'a, T, C> {
    /// Decodes the value and checks it with `C` (each call decodes again; keep the
    /// result if it is reused).
    pub fn get(&self) -> Result<T> {
        let v = self.raw.decode_as(self.raw.rules())?;
        C::check(&v, self.raw)?;
        Ok(v)
    }
}

impl Constraint {
    /// [`Constraint::check_elements`] for a list decoded from `raw` (a [`Lazy`]
    /// element): the failing element is reported at its absolute offset.
    pub fn check_elements_in<L: Elements + ?Sized>(&self, v: &L, raw: AnyRef<'_>) -> Result<()> {
        self.check_elements(v, |i| {
            let r = Reader::new(raw.raw(), raw.rules());
            element_offset(r, false, i).map_or(raw.offset(), |o| raw.offset() + o)
        })
    }

    /// [`Constraint::check_nested_elements`] for a list decoded from `raw`.
    pub fn check_nested_elements_in<L>(&self, v: &L, raw: AnyRef<'_>) -> Result<()>
    where
        L: Elements + ?Sized,
        L::Element: Elements,
    {
        self.check_nested_elements(v, |i, j| {
            let r = Reader::new(raw.raw(), raw.rules());
            nested_element_offset(r, false, i, false, j).map_or(raw.offset(), |o| raw.offset() + o)
        })
    }
}

impl<'a, T, C> Lazy<'a, T, C> {
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

impl<T, C> Clone for Lazy<'_, T, C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T, C> Lazy<'_, T, C> {
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
impl<T, C> Measure for Lazy<'_, Vec<T>, C> {
    fn size(&self) -> Option<usize> {
        self.element_count(usize::MAX)
    }

    fn size_up_to(&self, cap: usize) -> Option<usize> {
        self.element_count(cap)
    }
}

/// The SIZE of a deferred SET OF is its element count (see the SEQUENCE OF case).
impl<T, C> Measure for Lazy<'_, SetOfVec<T>, C> {
    fn size(&self) -> Option<usize> {
        self.element_count(usize::MAX)
    }

    fn size_up_to(&self, cap: usize) -> Option<usize> {
        self.element_count(cap)
    }
}

impl<T, C> Copy for Lazy<'_, T, C> {}

impl<T, C> PartialEq for Lazy<'_, T, C> {
    fn eq(&self, other: &Self) -> bool {
        self.raw.raw() == other.raw.raw()
    }
}

impl<T, C> Eq for Lazy<'_, T, C> {}

impl<T, C> fmt::Debug for Lazy<'_, T, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Lazy")
            .field("tag", &self.raw.tag())
            .field("len", &self.raw.raw().len())
            .finish()
    }
}

impl<'a, T: Decode<'a>, C> Decode<'a> for Lazy<'a, T, C> {
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
impl<'a, T: Decode<'a> + Encode, C: LazyCheck<T>> Encode for Lazy<'a, T, C> {
    fn encoded_len(&self, rules: Rules) -> Result<usize> {
        if self.raw.needs_rewrite(rules) {
            return self.get()?.encoded_len(rules);
        }
        Ok(self.raw.raw().len())
    }

    fn encode(&self, w: &mut Writer) -> Result<()> {
        if self.raw.needs_rewrite(w.rules()) {
            return self.get()?.encode(w);
        }
        w.bytes(self.raw.raw())
    }

    fn encoded_tag(&self) -> Option<Tag> {
        Some(self.raw.tag())
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

    #[test]
    fn get_checks_with_its_lazy_check() {
        struct Digits;
        impl<T: crate::Elements> super::LazyCheck<T> for Digits {
            fn check(v: &T, raw: crate::AnyRef<'_>) -> crate::Result<()> {
                Constraint::new("(0..9)")
                    .value(Some(0), Some(9))
                    .check_elements_in(v, raw)
            }
        }
        // SEQUENCE OF INTEGER { 1, 10 }, read at offset 5 of a larger input.
        let der = [
            0x30, 0x0D, 0x80, 0x01, 0xFF, 0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x0A,
        ];
        let list: Lazy<'_, Vec<u8>, Digits> =
            crate::decode_at(&der[5..], 5, crate::Rules::Der).unwrap();
        let err = list.get().unwrap_err();
        assert_eq!(err.offset(), 10);
        assert_eq!(
            err.path().collect::<Vec<_>>(),
            [crate::PathSegment::Index(1)]
        );
        let unchecked: Lazy<'_, Vec<u8>> =
            crate::decode_at(&der[5..], 5, crate::Rules::Der).unwrap();
        assert_eq!(unchecked.get().unwrap(), [1, 10]);
    }
}
