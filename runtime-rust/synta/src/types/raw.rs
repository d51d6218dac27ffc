//! A decoded value together with the exact bytes it was decoded from.

use crate::error::Result;
use crate::{Decode, Encode, Reader, Rules, Tag, Writer};

/// A value and its raw encoding (tag, length and contents as they appeared in the
/// input), e.g. the `tbsCertificate` a signature covers. Encoding writes the raw bytes
/// back unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WithRaw<'a, T> {
    value: T,
    raw: &'a [u8],
}

impl<'a, T> WithRaw<'a, T> {
    /// The decoded value.
    pub fn value(&self) -> &T {
        &self.value
    }

    /// The raw encoding.
    #[must_use]
    pub fn raw(&self) -> &'a [u8] {
        self.raw
    }

    /// The value, dropping the raw bytes.
    pub fn into_value(self) -> T {
        self.value
    }
}

impl<'a, T: Decode<'a>> Decode<'a> for WithRaw<'a, T> {
    fn decode(r: &mut Reader<'a>) -> Result<Self> {
        let (value, raw) = r.decode_with_raw::<T>()?;
        Ok(WithRaw { value, raw })
    }

    fn can_decode(tag: Tag, rules: Rules) -> bool {
        T::can_decode(tag, rules)
    }
}

impl<T> Encode for WithRaw<'_, T> {
    fn encoded_len(&self, _rules: Rules) -> Result<usize> {
        Ok(self.raw.len())
    }

    fn encode(&self, w: &mut Writer) -> Result<()> {
        w.bytes(self.raw)
    }

    fn encoded_tag(&self) -> Option<Tag> {
        Tag::parse(self.raw, Rules::Ber).ok().map(|(t, _)| t)
    }
}
