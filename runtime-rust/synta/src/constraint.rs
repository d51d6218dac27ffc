//! Subtype constraints (X.680 51) that generated code checks on decode and encode.
//!
//! The compiler folds a type's constraints into one [`Constraint`] value (a size range, a
//! value range, a permitted alphabet) and the derive macros call [`Constraint::check`]
//! after decoding a component and before encoding it. Extensible constraints are never
//! emitted: values outside their root are valid (X.680 49.8).

use alloc::boxed::Box;
use alloc::vec::Vec;

use crate::error::{Error, ErrorKind, Result};
use crate::tagged::{Explicit, Implicit};
use crate::types::strings::Text;
use crate::{
    BitStringRef, BmpString, GeneralString, GraphicString, Ia5String, Int, IntRef, NumericString,
    ObjectDescriptor, OctetStringRef, PrintableString, Reader, SequenceOf, SetOf, SetOfVec,
    TeletexString, UniversalString, Utf8String, VideotexString, VisibleString,
};

/// A folded subtype constraint: every part that is set must hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Constraint {
    size: Option<(usize, Option<usize>)>,
    value: Option<(Option<i128>, Option<i128>)>,
    alphabet: &'static [(char, char)],
    text: &'static str,
}

impl Constraint {
    /// A constraint with no parts yet; `text` is the ASN.1 notation shown in errors.
    #[must_use]
    pub const fn new(text: &'static str) -> Self {
        Constraint {
            size: None,
            value: None,
            alphabet: &[],
            text,
        }
    }

    /// `SIZE (min..max)`; `None` for MAX. Sizes count characters, octets, bits or
    /// elements, as X.680 51.5 defines for each type.
    #[must_use]
    pub const fn size(mut self, min: usize, max: Option<usize>) -> Self {
        self.size = Some((min, max));
        self
    }

    /// A value range `(min..max)`; `None` bounds are MIN / MAX.
    #[must_use]
    pub const fn value(mut self, min: Option<i128>, max: Option<i128>) -> Self {
        self.value = Some((min, max));
        self
    }

    /// `FROM (...)`: the permitted characters, as inclusive ranges.
    #[must_use]
    pub const fn alphabet(mut self, ranges: &'static [(char, char)]) -> Self {
        self.alphabet = ranges;
        self
    }

    /// The constraint as written in the schema.
    #[must_use]
    pub const fn text(&self) -> &'static str {
        self.text
    }

    /// Checks `v`; the error carries `offset` (the component's position on decode, 0 on
    /// encode).
    pub fn check<T: Measure + ?Sized>(&self, v: &T, offset: usize) -> Result<()> {
        if self.holds(v) {
            Ok(())
        } else {
            Err(Error::new(ErrorKind::ConstraintViolated(self.text), offset))
        }
    }

    /// Checks every element of the SEQUENCE OF / SET OF value `v` (the constraint of its
    /// element type). The first element that breaks it is reported with its index in the
    /// path, at the offset `locate` gives for that index: called only on failure, it
    /// re-reads the encoding (see [`element_offset`]) so that decoding stays as it is.
    pub fn check_elements<C: Elements + ?Sized>(
        &self,
        v: &C,
        locate: impl FnOnce(usize) -> usize,
    ) -> Result<()> {
        match v.first_failing(|e| self.holds(e)) {
            None => Ok(()),
            Some(i) => {
                Err(Error::new(ErrorKind::ConstraintViolated(self.text), locate(i)).in_index(i))
            }
        }
    }

    /// Checks every element of every element of the SEQUENCE OF / SET OF value `v` (the
    /// constraint of the element type of its element type: `SEQUENCE OF SEQUENCE OF
    /// INTEGER (0..9)`). The first one that breaks it is reported with both indices in
    /// the path (`[i][j]`), at the offset `locate` gives for them (called only on
    /// failure, see [`nested_element_offset`]).
    pub fn check_nested_elements<C>(
        &self,
        v: &C,
        locate: impl FnOnce(usize, usize) -> usize,
    ) -> Result<()>
    where
        C: Elements + ?Sized,
        C::Element: Elements,
    {
        let mut inner = 0;
        let outer = v.first_failing(|e| match e.first_failing(|x| self.holds(x)) {
            None => true,
            Some(j) => {
                inner = j;
                false
            }
        });
        match outer {
            None => Ok(()),
            Some(i) => Err(
                Error::new(ErrorKind::ConstraintViolated(self.text), locate(i, inner))
                    .in_index(inner)
                    .in_index(i),
            ),
        }
    }

    fn holds<T: Measure + ?Sized>(&self, v: &T) -> bool {
        if v.is_absent() {
            return true;
        }
        if let Some((min, max)) = self.size {
            // Counting stops once the answer is known: at `min` with no upper bound
            // (`SIZE (1..MAX)` only asks whether a list is empty), past `max` otherwise.
            let cap = max.map_or(min, |m| m.saturating_add(1));
            if let Some(n) = v.size_up_to(cap) {
                if n < min || max.is_some_and(|m| n > m) {
                    return false;
                }
            }
        }
        if let (Some((min, max)), Some(n)) = (self.value, v.integer()) {
            // `None`: wider than 128 bits, so outside any bounded range.
            let Some(n) = n else {
                return min.is_none() && max.is_none();
            };
            if min.is_some_and(|m| n < m) || max.is_some_and(|m| n > m) {
                return false;
            }
        }
        if !self.alphabet.is_empty() {
            if let Some(text) = v.text() {
                let permitted = |c: char| self.alphabet.iter().any(|&(lo, hi)| lo <= c && c <= hi);
                if !text.chars().all(permitted) {
                    return false;
                }
            }
        }
        true
    }
}

/// What a constraint can measure on a value.
pub trait Measure {
    /// The size in the unit X.680 uses for the type, if the type has one.
    fn size(&self) -> Option<usize> {
        None
    }

    /// [`Measure::size`], or any value of at least `cap` when the size is `cap` or more:
    /// a type whose size costs work to find (a deferred list, counted element by
    /// element) stops there. Enough to check bounds below `cap`.
    fn size_up_to(&self, cap: usize) -> Option<usize> {
        let _ = cap;
        self.size()
    }

    /// The value of an integer type: `Some(None)` when it does not fit 128 bits.
    fn integer(&self) -> Option<Option<i128>> {
        None
    }

    /// The characters of a string type.
    fn text(&self) -> Option<alloc::string::String> {
        None
    }

    /// True for an absent OPTIONAL value (nothing to check).
    fn is_absent(&self) -> bool {
        false
    }
}

/// A SEQUENCE OF / SET OF value whose elements a constraint can be checked on.
pub trait Elements {
    /// The element type.
    type Element: Measure;

    /// The index of the first element for which `holds` is false.
    fn first_failing(&self, holds: impl FnMut(&Self::Element) -> bool) -> Option<usize>;
}

impl<T: Measure> Elements for Vec<T> {
    type Element = T;
    fn first_failing(&self, mut holds: impl FnMut(&T) -> bool) -> Option<usize> {
        self.iter().position(|e| !holds(e))
    }
}

impl<T: Measure> Elements for SetOfVec<T> {
    type Element = T;
    fn first_failing(&self, holds: impl FnMut(&T) -> bool) -> Option<usize> {
        self.0.first_failing(holds)
    }
}

impl<C: Elements> Elements for Option<C> {
    type Element = C::Element;
    fn first_failing(&self, holds: impl FnMut(&C::Element) -> bool) -> Option<usize> {
        self.as_ref().and_then(|c| c.first_failing(holds))
    }
}

impl<C: Elements + ?Sized> Elements for Box<C> {
    type Element = C::Element;
    fn first_failing(&self, holds: impl FnMut(&C::Element) -> bool) -> Option<usize> {
        (**self).first_failing(holds)
    }
}

/// The offset of element `index` of the SEQUENCE OF / SET OF whose encoding `r` is
/// positioned at (inside one EXPLICIT tag when `explicit`); `None` when it does not
/// frame that far.
#[must_use]
pub fn element_offset(outer: Reader<'_>, explicit: bool, index: usize) -> Option<usize> {
    let mut list = list_contents(outer, explicit)?;
    for _ in 0..index {
        list.read_element().ok()?;
    }
    Some(list.offset())
}

/// The offset of element `inner` of element `outer` of the SEQUENCE OF / SET OF whose
/// encoding `r` is positioned at (inside one EXPLICIT tag when `explicit`; each element
/// inside one EXPLICIT tag when `element_explicit`); `None` when it does not frame that
/// far.
#[must_use]
pub fn nested_element_offset(
    r: Reader<'_>,
    explicit: bool,
    outer: usize,
    element_explicit: bool,
    inner: usize,
) -> Option<usize> {
    let mut list = list_contents(r, explicit)?;
    for _ in 0..outer {
        list.read_element().ok()?;
    }
    let mut elements = list_contents(list, element_explicit)?;
    for _ in 0..inner {
        elements.read_element().ok()?;
    }
    Some(elements.offset())
}

/// A reader over the contents of the element `r` is positioned at (of the element
/// inside it when `explicit`).
fn list_contents(mut outer: Reader<'_>, explicit: bool) -> Option<Reader<'_>> {
    let header = outer.read_header().ok()?;
    let mut list = outer.child(&header).ok()?;
    if explicit {
        let header = list.read_header().ok()?;
        list = list.child(&header).ok()?;
    }
    Some(list)
}

impl<T: Measure> Measure for Option<T> {
    fn size(&self) -> Option<usize> {
        self.as_ref().and_then(Measure::size)
    }
    fn size_up_to(&self, cap: usize) -> Option<usize> {
        self.as_ref().and_then(|v| v.size_up_to(cap))
    }
    fn integer(&self) -> Option<Option<i128>> {
        self.as_ref().and_then(Measure::integer)
    }
    fn text(&self) -> Option<alloc::string::String> {
        self.as_ref().and_then(Measure::text)
    }
    fn is_absent(&self) -> bool {
        self.is_none()
    }
}

impl<T: Measure + ?Sized> Measure for Box<T> {
    fn size(&self) -> Option<usize> {
        (**self).size()
    }
    fn size_up_to(&self, cap: usize) -> Option<usize> {
        (**self).size_up_to(cap)
    }
    fn integer(&self) -> Option<Option<i128>> {
        (**self).integer()
    }
    fn text(&self) -> Option<alloc::string::String> {
        (**self).text()
    }
}

/// A tagged value measures as the value it wraps: the tags of a SEQUENCE OF's elements
/// (`SEQUENCE OF [0] IMPLICIT IA5String (SIZE (1..8))`) do not hide their constraint.
macro_rules! through_tag {
    ($($w:ident),*) => {$(
        impl<T: Measure, const CLASS: u8, const N: u32> Measure for $w<T, CLASS, N> {
            fn size(&self) -> Option<usize> {
                self.0.size()
            }
            fn size_up_to(&self, cap: usize) -> Option<usize> {
                self.0.size_up_to(cap)
            }
            fn integer(&self) -> Option<Option<i128>> {
                self.0.integer()
            }
            fn text(&self) -> Option<alloc::string::String> {
                self.0.text()
            }
            fn is_absent(&self) -> bool {
                self.0.is_absent()
            }
        }

        impl<C: Elements, const CLASS: u8, const N: u32> Elements for $w<C, CLASS, N> {
            type Element = C::Element;
            fn first_failing(&self, holds: impl FnMut(&C::Element) -> bool) -> Option<usize> {
                self.0.first_failing(holds)
            }
        }
    )*};
}
through_tag!(Explicit, Implicit);

macro_rules! native {
    ($($t:ty),*) => {$(
        impl Measure for $t {
            fn integer(&self) -> Option<Option<i128>> {
                Some(Some(i128::from(*self)))
            }
        }
    )*};
}
native!(u8, u16, u32, u64, i8, i16, i32, i64);

impl Measure for IntRef<'_> {
    fn integer(&self) -> Option<Option<i128>> {
        Some(i128::try_from(*self).ok())
    }
}

impl Measure for Int {
    fn integer(&self) -> Option<Option<i128>> {
        self.as_int_ref().integer()
    }
}

impl Measure for OctetStringRef<'_> {
    fn size(&self) -> Option<usize> {
        Some(self.as_bytes().len())
    }
}

impl Measure for BitStringRef<'_> {
    fn size(&self) -> Option<usize> {
        Some(self.bit_len())
    }
}

impl<T> Measure for Vec<T> {
    fn size(&self) -> Option<usize> {
        Some(self.len())
    }
}

impl<T> Measure for SetOfVec<T> {
    fn size(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

impl<'a, T: crate::Decode<'a>> Measure for SequenceOf<'a, T> {
    fn size(&self) -> Option<usize> {
        Some(self.len())
    }
}

impl<'a, T: crate::Decode<'a>> Measure for SetOf<'a, T> {
    fn size(&self) -> Option<usize> {
        Some(self.len())
    }
}

/// Strings whose size is their octet count divided by the character width.
macro_rules! fixed_width {
    ($($t:ident: $width:expr),*) => {$(
        impl Measure for $t<'_> {
            fn size(&self) -> Option<usize> {
                Some(self.as_bytes().len() / $width)
            }
            fn text(&self) -> Option<alloc::string::String> {
                Some(self.to_text())
            }
        }
    )*};
}
fixed_width!(
    BmpString: 2, UniversalString: 4, Ia5String: 1, PrintableString: 1, NumericString: 1,
    VisibleString: 1, TeletexString: 1, VideotexString: 1, GeneralString: 1,
    GraphicString: 1, ObjectDescriptor: 1
);

impl Measure for Utf8String<'_> {
    fn size(&self) -> Option<usize> {
        Some(self.as_str().chars().count())
    }
    fn text(&self) -> Option<alloc::string::String> {
        Some(self.to_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_value_and_alphabet() {
        let c = Constraint::new("SIZE (1..3)").size(1, Some(3));
        assert!(c.check(&Vec::<u8>::new(), 7).is_err());
        assert!(c.check(&alloc::vec![1u8, 2, 3], 0).is_ok());
        let err = c.check(&alloc::vec![1u8; 4], 9).unwrap_err();
        assert_eq!(err.offset(), 9);
        assert_eq!(*err.kind(), ErrorKind::ConstraintViolated("SIZE (1..3)"));

        let v = Constraint::new("(1..10)").value(Some(1), Some(10));
        assert!(v.check(&0u8, 0).is_err());
        assert!(v.check(&10u8, 0).is_ok());
        assert!(v.check(&Some(11u8), 0).is_err());
        assert!(v.check(&None::<u8>, 0).is_ok());

        let a = Constraint::new("FROM (\"a\"..\"c\")").alphabet(&[('a', 'c')]);
        assert!(a.check(&Utf8String::new("abc").unwrap(), 0).is_ok());
        assert!(a.check(&Utf8String::new("abd").unwrap(), 0).is_err());
        // Sizes count characters, not octets.
        let s = Constraint::new("SIZE (2)").size(2, Some(2));
        assert!(s.check(&Utf8String::new("é€").unwrap(), 0).is_ok());
        assert!(s.check(&BmpString::new("ab").unwrap(), 0).is_ok());
    }

    #[test]
    fn tagged_and_nested_elements() {
        use crate::tagged::{ContextExplicit, ContextImplicit};
        let c = Constraint::new("SIZE (1..2)").size(1, Some(2));
        let ia5 = |s| ContextImplicit::<_, 0>::from_inner(Ia5String::new(s).unwrap());
        assert!(c
            .check_elements(&alloc::vec![ia5("a"), ia5("ab")], |_| 0)
            .is_ok());
        let err = c
            .check_elements(&alloc::vec![ia5("a"), ia5("abc")], |i| i * 10)
            .unwrap_err();
        assert_eq!(err.offset(), 10);
        let d = Constraint::new("(0..9)").value(Some(0), Some(9));
        assert!(d
            .check(&ContextExplicit::<_, 1>::from_inner(9u8), 0)
            .is_ok());
        assert!(d
            .check(&ContextExplicit::<_, 1>::from_inner(10u8), 0)
            .is_err());

        let lists = alloc::vec![alloc::vec![1u8, 2], alloc::vec![3, 10, 11]];
        let err = d
            .check_nested_elements(&lists, |i, j| 100 * i + j)
            .unwrap_err();
        assert_eq!(err.offset(), 101);
        assert_eq!(
            err.path().collect::<Vec<_>>(),
            [crate::PathSegment::Index(1), crate::PathSegment::Index(1)]
        );
        assert!(d
            .check_nested_elements(&alloc::vec![alloc::vec![0u8], alloc::vec![]], |_, _| 0)
            .is_ok());
    }
}
