//! Universal types without a dedicated Rust type (OID-IRI, RELATIVE-OID-IRI, EXTERNAL,
//! EMBEDDED PDV, CHARACTER STRING, DATE, TIME-OF-DAY, DATE-TIME, DURATION, TIME): the
//! contents octets under the type's fixed tag, so tagging, OPTIONAL and CHOICE dispatch
//! work as for any other type.

use alloc::vec::Vec;

use crate::error::Result;
use crate::reader::Header;
use crate::{Class, DecodeValue, EncodeValue, FixedTag, Reader, Rules, Tag, Writer};

/// The contents of a value of universal type `NUMBER`, kept raw. A constructed value's
/// contents are checked to be well-formed elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Opaque<'a, const NUMBER: u32, const CONSTRUCTED: bool> {
    content: &'a [u8],
}

impl<'a, const NUMBER: u32, const CONSTRUCTED: bool> Opaque<'a, NUMBER, CONSTRUCTED> {
    /// Wraps contents octets.
    #[must_use]
    pub const fn new(content: &'a [u8]) -> Self {
        Opaque { content }
    }

    /// The contents octets.
    #[must_use]
    pub const fn content(&self) -> &'a [u8] {
        self.content
    }
}

impl<const NUMBER: u32, const CONSTRUCTED: bool> FixedTag for Opaque<'_, NUMBER, CONSTRUCTED> {
    const TAG: Tag = Tag::new(Class::Universal, NUMBER, CONSTRUCTED);
}

impl<'a, const NUMBER: u32, const CONSTRUCTED: bool> DecodeValue<'a>
    for Opaque<'a, NUMBER, CONSTRUCTED>
{
    fn decode_value(r: &mut Reader<'a>, _header: &Header) -> Result<Self> {
        if CONSTRUCTED {
            let mut n = 0usize;
            while !r.is_finished() {
                r.read_element()?;
                n += 1;
                r.check_count(n)?;
            }
            Ok(Opaque {
                content: r.consumed(),
            })
        } else {
            Ok(Opaque {
                content: r.read_rest(),
            })
        }
    }
}

impl<const NUMBER: u32, const CONSTRUCTED: bool> EncodeValue for Opaque<'_, NUMBER, CONSTRUCTED> {
    fn value_len(&self, _rules: Rules) -> Result<usize> {
        Ok(self.content.len())
    }

    fn encode_value(&self, w: &mut Writer) -> Result<()> {
        w.bytes(self.content)
    }
}

/// The owned counterpart of [`Opaque`]: the contents of a value of universal type
/// `NUMBER`, copied after [`Opaque`] has decoded (and checked) them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OpaqueBuf<const NUMBER: u32, const CONSTRUCTED: bool> {
    content: Vec<u8>,
}

impl<const NUMBER: u32, const CONSTRUCTED: bool> OpaqueBuf<NUMBER, CONSTRUCTED> {
    /// Wraps contents octets.
    #[must_use]
    pub const fn new(content: Vec<u8>) -> Self {
        OpaqueBuf { content }
    }

    /// The contents octets.
    #[must_use]
    pub fn content(&self) -> &[u8] {
        &self.content
    }

    /// The value as a borrowed [`Opaque`].
    #[must_use]
    pub fn as_opaque(&self) -> Opaque<'_, NUMBER, CONSTRUCTED> {
        Opaque::new(&self.content)
    }
}

impl<const NUMBER: u32, const CONSTRUCTED: bool> From<Opaque<'_, NUMBER, CONSTRUCTED>>
    for OpaqueBuf<NUMBER, CONSTRUCTED>
{
    fn from(v: Opaque<'_, NUMBER, CONSTRUCTED>) -> Self {
        OpaqueBuf {
            content: v.content.to_vec(),
        }
    }
}

impl<const NUMBER: u32, const CONSTRUCTED: bool> PartialEq<Opaque<'_, NUMBER, CONSTRUCTED>>
    for OpaqueBuf<NUMBER, CONSTRUCTED>
{
    fn eq(&self, other: &Opaque<'_, NUMBER, CONSTRUCTED>) -> bool {
        self.content == other.content
    }
}

impl<const NUMBER: u32, const CONSTRUCTED: bool> FixedTag for OpaqueBuf<NUMBER, CONSTRUCTED> {
    const TAG: Tag = Tag::new(Class::Universal, NUMBER, CONSTRUCTED);
}

impl<'a, const NUMBER: u32, const CONSTRUCTED: bool> DecodeValue<'a>
    for OpaqueBuf<NUMBER, CONSTRUCTED>
{
    fn decode_value(r: &mut Reader<'a>, header: &Header) -> Result<Self> {
        Opaque::<'a, NUMBER, CONSTRUCTED>::decode_value(r, header).map(OpaqueBuf::from)
    }
}

impl<const NUMBER: u32, const CONSTRUCTED: bool> EncodeValue for OpaqueBuf<NUMBER, CONSTRUCTED> {
    fn value_len(&self, rules: Rules) -> Result<usize> {
        self.as_opaque().value_len(rules)
    }

    fn encode_value(&self, w: &mut Writer) -> Result<()> {
        self.as_opaque().encode_value(w)
    }
}
