//! Universal types without a dedicated Rust type (OID-IRI, RELATIVE-OID-IRI, EXTERNAL,
//! EMBEDDED PDV, CHARACTER STRING, DATE, TIME-OF-DAY, DATE-TIME, DURATION, TIME): the
//! contents octets under the type's fixed tag, so tagging, OPTIONAL and CHOICE dispatch
//! work as for any other type.

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
