//! NULL (X.690 8.8).

use crate::error::{ErrorKind, Result};
use crate::reader::Header;
use crate::{DecodeValue, EncodeValue, FixedTag, Reader, Rules, Tag, Writer};

/// The NULL value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Null;

impl FixedTag for Null {
    const TAG: Tag = Tag::NULL;
}

impl<'a> DecodeValue<'a> for Null {
    fn decode_value(r: &mut Reader<'a>, _h: &Header) -> Result<Self> {
        if r.is_finished() {
            Ok(Null)
        } else {
            Err(r.error(ErrorKind::InvalidValue("NULL must be empty")))
        }
    }
}

impl EncodeValue for Null {
    fn value_len(&self, _rules: Rules) -> Result<usize> {
        Ok(0)
    }

    fn encode_value(&self, _w: &mut Writer) -> Result<()> {
        Ok(())
    }
}
