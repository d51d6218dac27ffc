//! ENUMERATED (X.690 8.4): encoded like INTEGER with universal tag 10.

use crate::error::{Error, Result};
use crate::reader::Header;
use crate::types::integer::{check_int, encode_i128, to_i128};
use crate::{DecodeValue, EncodeValue, FixedTag, Reader, Rules, Tag, Writer};

/// An ENUMERATED value as its number. Derived enums (`#[derive(Enumerated)]`) map
/// numbers to variants on top of this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Enumerated(pub i64);

impl FixedTag for Enumerated {
    const TAG: Tag = Tag::ENUMERATED;
}

impl<'a> DecodeValue<'a> for Enumerated {
    fn decode_value(r: &mut Reader<'a>, _h: &Header) -> Result<Self> {
        let at = r.offset();
        let bytes = r.read_rest();
        check_int(bytes).map_err(|k| Error::new(k, at))?;
        let v = to_i128(bytes).map_err(|k| Error::new(k, at))?;
        i64::try_from(v)
            .map(Enumerated)
            .map_err(|_| Error::new(crate::ErrorKind::Overflow, at))
    }
}

impl EncodeValue for Enumerated {
    fn value_len(&self, _rules: Rules) -> Result<usize> {
        Ok(17 - encode_i128(i128::from(self.0)).1)
    }

    fn encode_value(&self, w: &mut Writer) -> Result<()> {
        let (buf, start) = encode_i128(i128::from(self.0));
        w.bytes(buf.get(start..).unwrap_or(&[]))
    }
}
