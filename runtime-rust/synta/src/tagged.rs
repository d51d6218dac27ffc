//! IMPLICIT and EXPLICIT tagging, handled once here so generated code only states tags.
//!
//! `CLASS` is the class number (see the `*_CLASS` constants); aliases cover the usual
//! context-specific case.

use crate::error::Result;
use crate::reader::Header;
use crate::traits::{decode_explicit, encode_explicit, explicit_len};
use crate::{
    Class, Decode, DecodeValue, Encode, EncodeValue, FixedTag, Reader, Rules, Tag, Writer,
};

/// `CLASS` value for APPLICATION tags.
pub const APPLICATION: u8 = 1;
/// `CLASS` value for context-specific tags.
pub const CONTEXT: u8 = 2;
/// `CLASS` value for PRIVATE tags.
pub const PRIVATE: u8 = 3;

const fn tag_of(class: u8, number: u32, constructed: bool) -> Tag {
    Tag::new(Class::from_bits(class), number, constructed)
}

/// `[CLASS N] EXPLICIT T`: a constructed tag around `T`'s whole encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Explicit<T, const CLASS: u8, const N: u32>(pub T);

/// `[CLASS N] IMPLICIT T`: `T`'s contents under another tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Implicit<T, const CLASS: u8, const N: u32>(pub T);

/// `[N] EXPLICIT T`.
pub type ContextExplicit<T, const N: u32> = Explicit<T, CONTEXT, N>;
/// `[N] IMPLICIT T`.
pub type ContextImplicit<T, const N: u32> = Implicit<T, CONTEXT, N>;
/// `[APPLICATION N] EXPLICIT T`.
pub type ApplicationExplicit<T, const N: u32> = Explicit<T, APPLICATION, N>;
/// `[APPLICATION N] IMPLICIT T`.
pub type ApplicationImplicit<T, const N: u32> = Implicit<T, APPLICATION, N>;
/// `[PRIVATE N] EXPLICIT T`.
pub type PrivateExplicit<T, const N: u32> = Explicit<T, PRIVATE, N>;
/// `[PRIVATE N] IMPLICIT T`.
pub type PrivateImplicit<T, const N: u32> = Implicit<T, PRIVATE, N>;

impl<T, const CLASS: u8, const N: u32> Explicit<T, CLASS, N> {
    /// The tag.
    pub const TAG: Tag = tag_of(CLASS, N, true);

    /// Wraps a value (usable through the type aliases).
    pub const fn from_inner(v: T) -> Self {
        Explicit(v)
    }
}

impl<T, const CLASS: u8, const N: u32> Implicit<T, CLASS, N> {
    /// Wraps a value (usable through the type aliases).
    pub const fn from_inner(v: T) -> Self {
        Implicit(v)
    }
}

impl<'a, T: Decode<'a>, const CLASS: u8, const N: u32> Decode<'a> for Explicit<T, CLASS, N> {
    fn decode(r: &mut Reader<'a>) -> Result<Self> {
        decode_explicit(r, Self::TAG).map(Explicit)
    }

    fn can_decode(tag: Tag, _rules: Rules) -> bool {
        tag == Self::TAG
    }
}

impl<T: Encode, const CLASS: u8, const N: u32> Encode for Explicit<T, CLASS, N> {
    fn encoded_len(&self, rules: Rules) -> Result<usize> {
        explicit_len(&self.0, Self::TAG, rules)
    }

    fn encode(&self, w: &mut Writer) -> Result<()> {
        encode_explicit(&self.0, Self::TAG, w)
    }

    fn encoded_tag(&self) -> Option<Tag> {
        Some(Self::TAG)
    }

    fn smallest_tag() -> Option<Tag> {
        Some(Self::TAG)
    }
}

impl<T: FixedTag, const CLASS: u8, const N: u32> FixedTag for Implicit<T, CLASS, N> {
    const TAG: Tag = tag_of(CLASS, N, T::TAG.constructed);
}

impl<'a, T: DecodeValue<'a>, const CLASS: u8, const N: u32> DecodeValue<'a>
    for Implicit<T, CLASS, N>
{
    const SEGMENTABLE: bool = T::SEGMENTABLE;

    fn decode_value(r: &mut Reader<'a>, header: &Header) -> Result<Self> {
        T::decode_value(r, header).map(Implicit)
    }
}

impl<T: EncodeValue, const CLASS: u8, const N: u32> EncodeValue for Implicit<T, CLASS, N> {
    fn value_len(&self, rules: Rules) -> Result<usize> {
        self.0.value_len(rules)
    }

    fn encode_value(&self, w: &mut Writer) -> Result<()> {
        self.0.encode_value(w)
    }

    fn len_with_tag(&self, tag: Tag, rules: Rules) -> Result<usize> {
        self.0.len_with_tag(tag, rules)
    }

    fn encode_with_tag(&self, tag: Tag, w: &mut Writer) -> Result<()> {
        self.0.encode_with_tag(tag, w)
    }
}
