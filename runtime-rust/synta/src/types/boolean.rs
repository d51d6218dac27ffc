//! BOOLEAN (X.690 8.2, 11.1).

use crate::error::{ErrorKind, NonCanonical, Result};
use crate::reader::Header;
use crate::{DecodeValue, EncodeValue, FixedTag, Reader, Rules, Tag, Writer};

impl FixedTag for bool {
    const TAG: Tag = Tag::BOOLEAN;
}

impl<'a> DecodeValue<'a> for bool {
    fn decode_value(r: &mut Reader<'a>, _h: &Header) -> Result<Self> {
        let at = r.offset();
        match r.read_rest() {
            [0] => Ok(false),
            [0xff] => Ok(true),
            // Any non-zero octet is TRUE in BER (8.2.2); DER/CER demand 0xFF (11.1).
            [_] if r.rules().is_canonical() => Err(crate::Error::new(
                ErrorKind::NonCanonical(NonCanonical::Boolean),
                at,
            )),
            [_] => Ok(true),
            _ => Err(crate::Error::new(
                ErrorKind::InvalidValue("BOOLEAN must be one octet"),
                at,
            )),
        }
    }
}

impl EncodeValue for bool {
    fn value_len(&self, _rules: Rules) -> Result<usize> {
        Ok(1)
    }

    fn encode_value(&self, w: &mut Writer) -> Result<()> {
        w.byte(if *self { 0xff } else { 0 })
    }
}
