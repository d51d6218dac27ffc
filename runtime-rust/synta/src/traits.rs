//! The codec traits, split like `der`: frame (tag + length) versus value (contents).
//!
//! A type with one fixed tag implements [`FixedTag`], [`DecodeValue`] and [`EncodeValue`]
//! and gets [`Decode`] and [`Encode`] from blanket impls. Types whose tag varies (CHOICE,
//! ANY, OPTIONAL) implement [`Decode`] / [`Encode`] directly.

use alloc::boxed::Box;
use alloc::vec::Vec;

use crate::error::{Error, ErrorKind, Result};
use crate::fast::{FastHeader, FastReader};
use crate::reader::Header;
use crate::writer::tlv_len;
use crate::{Length, Limits, Reader, Rules, Tag, Writer};

/// A type encoded with one fixed tag.
pub trait FixedTag {
    /// The tag (with the constructed bit of its DER/primitive form).
    const TAG: Tag;
}

/// Decodes the contents of a value whose header has already been read.
pub trait DecodeValue<'a>: Sized {
    /// True for string types whose BER/CER encoding may be constructed (segmented).
    const SEGMENTABLE: bool = false;

    /// Decodes the contents; `r` is a child reader spanning exactly the contents.
    fn decode_value(r: &mut Reader<'a>, header: &Header) -> Result<Self>;

    /// True when [`DecodeValue::decode_value_fast`] gives `None` unless it read all of
    /// its cursor (derived SEQUENCEs check it themselves). Callers then return its
    /// result as it is, instead of checking, unwrapping and wrapping again: each of
    /// those is a copy of the value, and a decoded certificate is large.
    const FAST_READS_ALL: bool = false;

    /// The DER fast path of [`DecodeValue::decode_value`] (see [`crate::fast`]): `r`
    /// spans the contents of `header`. The default runs `decode_value`.
    #[inline]
    fn decode_value_fast(r: &mut FastReader<'a>, header: &FastHeader) -> Option<Self> {
        r.general_value(header)
    }
}

/// Encodes the contents of a value.
pub trait EncodeValue {
    /// Number of contents octets under `rules` (primitive or definite form).
    fn value_len(&self, rules: Rules) -> Result<usize>;

    /// Writes the contents octets.
    fn encode_value(&self, w: &mut Writer) -> Result<()>;

    /// Total encoded length with tag `tag`. String types override this (and
    /// [`EncodeValue::encode_with_tag`]) for CER segmentation.
    fn len_with_tag(&self, tag: Tag, rules: Rules) -> Result<usize> {
        Ok(tlv_len(tag, self.value_len(rules)?, rules))
    }

    /// Writes header and contents with tag `tag`: definite length, or under CER an
    /// indefinite length for constructed encodings (X.690 9.1).
    fn encode_with_tag(&self, tag: Tag, w: &mut Writer) -> Result<()> {
        if w.rules() == Rules::Cer && tag.constructed {
            w.indefinite_header(tag)?;
            self.encode_value(w)?;
            w.end_of_contents()
        } else {
            w.header(tag, self.value_len(w.rules())?)?;
            self.encode_value(w)
        }
    }
}

/// Decodes a whole element (header and contents).
pub trait Decode<'a>: Sized {
    /// Decodes one value at the cursor.
    fn decode(r: &mut Reader<'a>) -> Result<Self>;

    /// True when an element with tag `tag` would be decoded by this type; used for
    /// OPTIONAL components and CHOICE dispatch.
    fn can_decode(tag: Tag, rules: Rules) -> bool;

    /// True when [`Decode::decode_fast`] reads exactly one element (every type with a
    /// fixed tag), so a whole input can be checked for trailing bytes before decoding
    /// rather than after (see [`DecodeValue::FAST_READS_ALL`] for why).
    const FAST_ONE_ELEMENT: bool = false;

    /// The DER fast path of [`Decode::decode`] (see [`crate::fast`]): `Some` only with
    /// the value the general decoder gives. The default runs `decode`.
    #[inline]
    fn decode_fast(r: &mut FastReader<'a>) -> Option<Self> {
        r.general(Self::decode)
    }

    /// Decodes exactly one DER value; trailing bytes are an error.
    fn from_der(bytes: &'a [u8]) -> Result<Self> {
        decode(bytes, Rules::Der)
    }

    /// Decodes exactly one BER value; trailing bytes are an error.
    fn from_ber(bytes: &'a [u8]) -> Result<Self> {
        decode(bytes, Rules::Ber)
    }

    /// Decodes exactly one CER value; trailing bytes are an error.
    fn from_cer(bytes: &'a [u8]) -> Result<Self> {
        decode(bytes, Rules::Cer)
    }
}

/// A type that decodes from input of any lifetime and so keeps nothing borrowed: the
/// owned runtime types (`OctetString`, `Any`, `Utf8StringBuf`, ...) and every type
/// generated in owned mode. Like serde's `DeserializeOwned`, it lets a function decode
/// from a buffer it then drops:
///
/// ```
/// use synta::{DecodeOwned, OctetString};
/// fn read<T: DecodeOwned>(bytes: &[u8]) -> synta::Result<T> {
///     let copy = bytes.to_vec();
///     T::from_der(&copy) // `copy` is dropped; the value lives on
/// }
/// let s: OctetString = read(&[0x04, 0x01, 0x2a]).unwrap();
/// assert_eq!(s.as_bytes(), [0x2a]);
/// ```
pub trait DecodeOwned: for<'a> Decode<'a> {}

impl<T: for<'a> Decode<'a>> DecodeOwned for T {}

/// Encodes a whole element.
pub trait Encode {
    /// Total encoded length under `rules`.
    fn encoded_len(&self, rules: Rules) -> Result<usize>;

    /// Writes the encoding.
    fn encode(&self, w: &mut Writer) -> Result<()>;

    /// The tag this value is encoded with, when known without encoding (orders SET
    /// components, whose canonical order follows the tags actually encoded, X.690 10.3).
    fn encoded_tag(&self) -> Option<Tag> {
        None
    }

    /// The smallest tag a value of this type can have: the type's tag, or for an untagged
    /// CHOICE the smallest tag of its alternatives. CER orders SET components by it
    /// (X.690 9.3, X.680 8.6).
    fn smallest_tag() -> Option<Tag>
    where
        Self: Sized,
    {
        None
    }

    /// The encoding under `rules` (BER gives DER).
    fn to_vec(&self, rules: Rules) -> Result<Vec<u8>> {
        let mut w = Writer::with_capacity(rules, self.encoded_len(rules)?);
        self.encode(&mut w)?;
        Ok(w.finish())
    }

    /// The DER encoding.
    fn to_der(&self) -> Result<Vec<u8>> {
        self.to_vec(Rules::Der)
    }

    /// The CER encoding.
    fn to_cer(&self) -> Result<Vec<u8>> {
        self.to_vec(Rules::Cer)
    }
}

/// Checks that `header.tag` is `T`'s tag (or its constructed form for segmentable
/// strings under BER/CER).
pub(crate) fn check_tag<'a, T: FixedTag + DecodeValue<'a>>(
    expected: Tag,
    header: &Header,
    rules: Rules,
) -> Result<()> {
    if tag_matches::<T>(expected, header.tag, rules) {
        Ok(())
    } else {
        Err(Error::new(
            ErrorKind::UnexpectedTag {
                expected: Some(expected),
                actual: header.tag,
            },
            header.offset,
        ))
    }
}

/// True when `actual` is `expected`, or its constructed form for a segmentable type.
/// Under DER the constructed form is still matched here so that the type's own decoder
/// reports the precise non-canonical error.
#[inline]
pub fn tag_matches<'a, T: DecodeValue<'a>>(expected: Tag, actual: Tag, _rules: Rules) -> bool {
    actual == expected || (T::SEGMENTABLE && actual == expected.with_constructed(true))
}

impl<'a, T: FixedTag + DecodeValue<'a>> Decode<'a> for T {
    const FAST_ONE_ELEMENT: bool = true;

    #[inline]
    fn decode(r: &mut Reader<'a>) -> Result<Self> {
        decode_implicit(r, T::TAG)
    }

    #[inline]
    fn decode_fast(r: &mut FastReader<'a>) -> Option<Self> {
        crate::fast::decode_implicit_fast(r, T::TAG)
    }

    fn can_decode(tag: Tag, rules: Rules) -> bool {
        tag_matches::<T>(T::TAG, tag, rules)
    }
}

impl<T: FixedTag + EncodeValue> Encode for T {
    fn encoded_len(&self, rules: Rules) -> Result<usize> {
        self.len_with_tag(T::TAG, rules)
    }

    fn encode(&self, w: &mut Writer) -> Result<()> {
        self.encode_with_tag(T::TAG, w)
    }

    fn encoded_tag(&self) -> Option<Tag> {
        Some(T::TAG)
    }

    fn smallest_tag() -> Option<Tag> {
        Some(T::TAG)
    }
}

/// Decodes a `T` whose tag is replaced by `tag` (IMPLICIT tagging). `tag`'s constructed
/// bit is taken from `T::TAG`.
#[inline]
pub fn decode_implicit<'a, T: FixedTag + DecodeValue<'a>>(
    r: &mut Reader<'a>,
    tag: Tag,
) -> Result<T> {
    let expected = tag.with_constructed(T::TAG.constructed);
    let header = r.read_header()?;
    check_tag::<T>(expected, &header, r.rules())?;
    r.nested(&header, |c| T::decode_value(c, &header))
}

/// Decodes a `T` inside an EXPLICIT tag `tag` (always constructed).
#[inline]
pub fn decode_explicit<'a, T: Decode<'a>>(r: &mut Reader<'a>, tag: Tag) -> Result<T> {
    let expected = tag.with_constructed(true);
    let header = r.read_header()?;
    if header.tag != expected {
        return Err(Error::new(
            ErrorKind::UnexpectedTag {
                expected: Some(expected),
                actual: header.tag,
            },
            header.offset,
        ));
    }
    r.nested(&header, |c| T::decode(c))
}

/// Encoded length of `v` under IMPLICIT tag `tag`.
pub fn implicit_len<T: FixedTag + EncodeValue>(v: &T, tag: Tag, rules: Rules) -> Result<usize> {
    v.len_with_tag(tag.with_constructed(T::TAG.constructed), rules)
}

/// Encodes `v` under IMPLICIT tag `tag`.
pub fn encode_implicit<T: FixedTag + EncodeValue>(v: &T, tag: Tag, w: &mut Writer) -> Result<()> {
    v.encode_with_tag(tag.with_constructed(T::TAG.constructed), w)
}

/// Encoded length of `v` inside EXPLICIT tag `tag`.
pub fn explicit_len<T: Encode + ?Sized>(v: &T, tag: Tag, rules: Rules) -> Result<usize> {
    Ok(tlv_len(
        tag.with_constructed(true),
        v.encoded_len(rules)?,
        rules,
    ))
}

/// Encodes `v` inside EXPLICIT tag `tag`.
pub fn encode_explicit<T: Encode + ?Sized>(v: &T, tag: Tag, w: &mut Writer) -> Result<()> {
    let tag = tag.with_constructed(true);
    if w.rules() == Rules::Cer {
        w.indefinite_header(tag)?;
        v.encode(w)?;
        w.end_of_contents()
    } else {
        w.header(tag, v.encoded_len(w.rules())?)?;
        v.encode(w)
    }
}

/// Decodes exactly one `T` from `bytes` under `rules`; trailing bytes are an error.
pub fn decode<'a, T: Decode<'a>>(bytes: &'a [u8], rules: Rules) -> Result<T> {
    decode_with_limits(bytes, rules, Limits::DEFAULT)
}

/// [`decode`] with explicit limits.
pub fn decode_with_limits<'a, T: Decode<'a>>(
    bytes: &'a [u8],
    rules: Rules,
    limits: Limits,
) -> Result<T> {
    if rules == Rules::Der && limits == Limits::DEFAULT {
        if let Some(v) = crate::fast::decode_fast(bytes, 0) {
            return Ok(v);
        }
    }
    decode_general(bytes, rules, limits)
}

/// [`decode_with_limits`] without the DER fast path: what the fast path must agree
/// with (the differential tests call both).
#[doc(hidden)]
pub fn decode_general<'a, T: Decode<'a>>(
    bytes: &'a [u8],
    rules: Rules,
    limits: Limits,
) -> Result<T> {
    let mut r = Reader::with_limits(bytes, rules, limits);
    // Returned as it is, not re-wrapped: a large value is not copied again.
    let v = T::decode(&mut r);
    if v.is_ok() {
        r.finish()?;
    }
    v
}

/// Decodes exactly one `T` from `bytes`, found at absolute offset `offset` of a larger
/// input (an element kept raw, the value inside an OCTET STRING), so that errors carry
/// offsets into that input. DER tries the fast path first, as [`decode`] does.
pub fn decode_at<'a, T: Decode<'a>>(bytes: &'a [u8], offset: usize, rules: Rules) -> Result<T> {
    if rules == Rules::Der {
        if let Some(v) = crate::fast::decode_fast(bytes, offset) {
            return Ok(v);
        }
    }
    let mut r = Reader::sub(bytes, offset, rules, 0, Limits::DEFAULT);
    let v = T::decode(&mut r)?;
    r.finish()?;
    Ok(v)
}

/// Decodes a stream of concatenated `T` values (the one place where more than one value
/// per input is expected). Iteration stops after the first error.
pub fn decode_stream<'a, T: Decode<'a>>(
    bytes: &'a [u8],
    rules: Rules,
) -> impl Iterator<Item = Result<T>> + 'a {
    let mut r = Reader::new(bytes, rules);
    let mut failed = false;
    core::iter::from_fn(move || {
        if failed || r.is_finished() {
            return None;
        }
        let v = T::decode(&mut r);
        failed = v.is_err();
        Some(v)
    })
}

/// Decodes exactly one DER value of type `T`.
pub fn from_der<'a, T: Decode<'a>>(bytes: &'a [u8]) -> Result<T> {
    decode(bytes, Rules::Der)
}

/// Decodes exactly one BER value of type `T`.
pub fn from_ber<'a, T: Decode<'a>>(bytes: &'a [u8]) -> Result<T> {
    decode(bytes, Rules::Ber)
}

/// Decodes exactly one CER value of type `T`.
pub fn from_cer<'a, T: Decode<'a>>(bytes: &'a [u8]) -> Result<T> {
    decode(bytes, Rules::Cer)
}

/// OPTIONAL: absent when the next element is not one `T` decodes (or there is none).
impl<'a, T: Decode<'a>> Decode<'a> for Option<T> {
    #[inline]
    fn decode(r: &mut Reader<'a>) -> Result<Self> {
        match r.peek_tag()? {
            Some(tag) if T::can_decode(tag, r.rules()) => T::decode(r).map(Some),
            _ => Ok(None),
        }
    }

    #[inline]
    fn decode_fast(r: &mut FastReader<'a>) -> Option<Self> {
        match r.peek_tag()? {
            Some(tag) if T::can_decode(tag, Rules::Der) => T::decode_fast(r).map(Some),
            _ => Some(None),
        }
    }

    fn can_decode(tag: Tag, rules: Rules) -> bool {
        T::can_decode(tag, rules)
    }
}

impl<T: Encode> Encode for Option<T> {
    fn encoded_len(&self, rules: Rules) -> Result<usize> {
        self.as_ref().map_or(Ok(0), |v| v.encoded_len(rules))
    }

    fn encode(&self, w: &mut Writer) -> Result<()> {
        self.as_ref().map_or(Ok(()), |v| v.encode(w))
    }

    fn encoded_tag(&self) -> Option<Tag> {
        self.as_ref().and_then(Encode::encoded_tag)
    }

    fn smallest_tag() -> Option<Tag> {
        T::smallest_tag()
    }
}

impl<T: FixedTag> FixedTag for Box<T> {
    const TAG: Tag = T::TAG;
}

/// Boxed values (recursive types) decode like the boxed type.
impl<'a, T: DecodeValue<'a>> DecodeValue<'a> for Box<T> {
    const SEGMENTABLE: bool = T::SEGMENTABLE;

    fn decode_value(r: &mut Reader<'a>, header: &Header) -> Result<Self> {
        T::decode_value(r, header).map(Box::new)
    }

    fn decode_value_fast(r: &mut FastReader<'a>, header: &FastHeader) -> Option<Self> {
        T::decode_value_fast(r, header).map(Box::new)
    }
}

impl<T: EncodeValue> EncodeValue for Box<T> {
    fn value_len(&self, rules: Rules) -> Result<usize> {
        (**self).value_len(rules)
    }

    fn encode_value(&self, w: &mut Writer) -> Result<()> {
        (**self).encode_value(w)
    }

    fn len_with_tag(&self, tag: Tag, rules: Rules) -> Result<usize> {
        (**self).len_with_tag(tag, rules)
    }

    fn encode_with_tag(&self, tag: Tag, w: &mut Writer) -> Result<()> {
        (**self).encode_with_tag(tag, w)
    }
}

/// Decodes a component with a DEFAULT value. Under DER/CER an encoded value equal to the
/// default is rejected (X.690 11.5); an absent component yields `default`.
pub fn decode_default<'a, T: Decode<'a> + PartialEq>(r: &mut Reader<'a>, default: T) -> Result<T> {
    let at = r.offset();
    match Option::<T>::decode(r)? {
        Some(v) if v == default && r.rules().is_canonical() => Err(Error::new(
            ErrorKind::NonCanonical(crate::error::NonCanonical::DefaultEncoded),
            at,
        )),
        Some(v) => Ok(v),
        None => Ok(default),
    }
}

/// Encoded length of a DEFAULT component: zero when equal to the default.
pub fn default_len<T: Encode + PartialEq>(v: &T, default: &T, rules: Rules) -> Result<usize> {
    if v == default {
        Ok(0)
    } else {
        v.encoded_len(rules)
    }
}

/// Encodes a DEFAULT component, omitting it when equal to the default (X.690 11.5).
pub fn encode_default<T: Encode + PartialEq>(v: &T, default: &T, w: &mut Writer) -> Result<()> {
    if v == default {
        Ok(())
    } else {
        v.encode(w)
    }
}

/// Skips the remaining elements of an extensible SEQUENCE / SET (unknown extension
/// additions), validating that each is a well-formed element.
pub fn skip_extensions(r: &mut Reader<'_>) -> Result<()> {
    let mut n = 0usize;
    while !r.is_finished() {
        r.read_element()?;
        n += 1;
        r.check_count(n)?;
    }
    Ok(())
}

/// Decodes a constructed value with tag `tag`: reads the header, checks the tag and runs
/// `f` on the contents. Used by SEQUENCE / SET implementations.
#[inline]
pub fn decode_constructed<'a, R>(
    r: &mut Reader<'a>,
    tag: Tag,
    f: impl FnOnce(&mut Reader<'a>) -> Result<R>,
) -> Result<R> {
    let header = r.read_header()?;
    if header.tag != tag {
        return Err(Error::new(
            ErrorKind::UnexpectedTag {
                expected: Some(tag),
                actual: header.tag,
            },
            header.offset,
        ));
    }
    r.nested(&header, f)
}

/// Length of a definite-length header for `len` contents octets with `tag`.
#[must_use]
pub fn header_len(tag: Tag, len: usize) -> usize {
    tag.encoded_len() + Length::encoded_len(len)
}

/// OPTIONAL `[tag] EXPLICIT T`: absent unless the next element carries `tag`.
#[inline]
pub fn decode_explicit_optional<'a, T: Decode<'a>>(
    r: &mut Reader<'a>,
    tag: Tag,
) -> Result<Option<T>> {
    match r.peek_tag()? {
        Some(t) if t == tag.with_constructed(true) => decode_explicit(r, tag).map(Some),
        _ => Ok(None),
    }
}

/// True when an element with tag `actual` is a `[tag] IMPLICIT T`.
#[inline]
pub fn implicit_can_decode<'a, T: FixedTag + DecodeValue<'a>>(
    tag: Tag,
    actual: Tag,
    rules: Rules,
) -> bool {
    tag_matches::<T>(tag.with_constructed(T::TAG.constructed), actual, rules)
}

/// OPTIONAL `[tag] IMPLICIT T`: absent unless the next element carries `tag`.
#[inline]
pub fn decode_implicit_optional<'a, T: FixedTag + DecodeValue<'a>>(
    r: &mut Reader<'a>,
    tag: Tag,
) -> Result<Option<T>> {
    match r.peek_tag()? {
        Some(t) if implicit_can_decode::<T>(tag, t, r.rules()) => decode_implicit(r, tag).map(Some),
        _ => Ok(None),
    }
}

/// Resolves a DEFAULT component read as OPTIONAL: absent gives `default`; present and
/// equal to it is rejected under DER/CER (X.690 11.5). `at` is the component's offset.
pub fn resolve_default<T: PartialEq>(
    at: usize,
    rules: Rules,
    value: Option<T>,
    default: T,
) -> Result<T> {
    match value {
        Some(v) if v == default && rules.is_canonical() => Err(Error::new(
            ErrorKind::NonCanonical(crate::error::NonCanonical::DefaultEncoded),
            at,
        )),
        Some(v) => Ok(v),
        None => Ok(default),
    }
}

/// SET decoding state: checks canonical component order (DER/CER, X.690 10.3 / 9.3)
/// and reports duplicates.
#[derive(Debug, Default)]
pub struct SetOrder {
    last: Option<Tag>,
}

impl SetOrder {
    /// A fresh state.
    #[must_use]
    pub fn new() -> Self {
        SetOrder { last: None }
    }

    /// Records the next component's tag; under DER/CER tags must ascend.
    pub fn next(&mut self, tag: Tag, rules: Rules, at: usize) -> Result<()> {
        if rules.is_canonical() {
            if let Some(prev) = self.last {
                if tag <= prev {
                    return Err(Error::new(
                        ErrorKind::NonCanonical(crate::error::NonCanonical::SetOrder),
                        at,
                    ));
                }
            }
        }
        self.last = Some(tag);
        Ok(())
    }
}

/// Error for a SET component seen twice.
#[must_use]
pub fn duplicate_component(at: usize) -> Error {
    Error::new(ErrorKind::InvalidValue("duplicate SET component"), at)
}

/// Error for a required component that is missing.
#[must_use]
pub fn missing_component(at: usize) -> Error {
    Error::new(ErrorKind::MissingElement { expected: None }, at)
}

/// Error for an element no component or alternative accepts.
#[must_use]
pub fn unexpected_element(tag: Tag, at: usize) -> Error {
    Error::new(
        ErrorKind::UnexpectedTag {
            expected: None,
            actual: tag,
        },
        at,
    )
}
