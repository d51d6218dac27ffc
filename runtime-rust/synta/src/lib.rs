//! ASN.1 runtime: strict DER, sound BER, and CER over zero-copy types.
//!
//! * [`Reader`] carries the [`Rules`]; every canonical-form check lives in the runtime
//!   primitives, never in generated code.
//! * [`Decode`] / [`DecodeValue`] and [`Encode`] / [`EncodeValue`] split the frame (tag
//!   and length) from the value, as in the `der` crate; [`tagged`] handles IMPLICIT and
//!   EXPLICIT tags once.
//! * Exactly one value per top-level decode ([`from_der`], [`from_ber`], [`decode`]);
//!   trailing bytes are an error unless the caller drives a [`Reader`] as a stream.
//! * [`Error`] is small: a kind, an absolute byte offset and a field path.
//!
//! ```
//! use synta::{Decode, Encode, types::integer::IntRef};
//! let i = IntRef::from_der(&[0x02, 0x01, 0x05]).unwrap();
//! assert_eq!(i.to_string(), "5");
//! assert_eq!(i.to_der().unwrap(), [0x02, 0x01, 0x05]);
//! ```
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod bignum;
pub mod canonical;
pub mod constraint;
mod default_der;
pub mod dump;
pub mod error;
pub mod fast;
mod lazy;
mod length;
pub mod pem;
mod reader;
mod rules;
mod tag;
pub mod tagged;
mod traits;
pub mod types;
pub mod walk;
mod writer;

pub use constraint::{element_offset, nested_element_offset, Constraint, Elements, Measure};
pub use default_der::{
    consumed_since, decode_absent_default, encodes_as_default, reject_encoded_default,
};
pub use error::{Error, ErrorKind, NonCanonical, PathSegment, Result, ResultExt};
pub use fast::{
    decode_explicit_fast, decode_explicit_optional_fast, decode_implicit_fast,
    decode_implicit_optional_fast, skip_extensions_fast, FastHeader, FastReader,
};
pub use lazy::Lazy;
pub use length::Length;
pub use reader::{Header, Reader};
pub use rules::{Limits, Rules};
/// Derive macros (`Sequence`, `Set`, `Choice`, `Enumerated`), with the `derive` feature.
#[cfg(feature = "derive")]
pub use synta_derive::{Choice, Enumerated, Sequence, Set};
pub use tag::{Class, Tag};
pub use traits::{
    decode, decode_at, decode_constructed, decode_default, decode_explicit,
    decode_explicit_optional, decode_general, decode_implicit, decode_implicit_optional,
    decode_stream, decode_with_limits, default_len, duplicate_component, encode_default,
    encode_explicit, encode_implicit, explicit_len, from_ber, from_cer, from_der, header_len,
    implicit_can_decode, implicit_len, missing_component, resolve_default, skip_extensions,
    tag_matches, unexpected_element, Decode, DecodeOwned, DecodeValue, Encode, EncodeValue,
    FixedTag, SetOrder,
};
pub use writer::{tlv_len, Writer};

pub use types::any::{Any, AnyRef};
pub use types::bit_string::{BitString, BitStringRef};
pub use types::enumerated::Enumerated;
pub use types::integer::{Int, IntRef};
pub use types::null::Null;
pub use types::octet_string::{OctetString, OctetStringRef};
pub use types::oid::{ObjectIdentifier, ObjectIdentifierRef, RelativeOid, RelativeOidRef};
pub use types::opaque::{Opaque, OpaqueBuf};
pub use types::raw::WithRaw;
pub use types::real::Real;
pub use types::set_of::{SequenceOf, SetOf, SetOfVec};
pub use types::strings::{
    BmpString, BmpStringBuf, GeneralString, GeneralStringBuf, GraphicString, GraphicStringBuf,
    Ia5String, Ia5StringBuf, NumericString, NumericStringBuf, ObjectDescriptor,
    ObjectDescriptorBuf, PrintableString, PrintableStringBuf, T61String, TeletexString,
    TeletexStringBuf, Text, UniversalString, UniversalStringBuf, Utf8String, Utf8StringBuf,
    VideotexString, VideotexStringBuf, VisibleString, VisibleStringBuf,
};
pub use types::time::{DateTime, Fraction, GeneralizedTime, TimeZone, UtcTime};
pub use types::tlv::Tlv;
