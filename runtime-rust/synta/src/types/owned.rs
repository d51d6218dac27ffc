//! Owned counterparts of the copy-on-write borrowed types (OCTET STRING, BIT STRING and
//! the character strings).
//!
//! A borrowed type such as [`OctetStringRef<'a>`](crate::OctetStringRef) only decodes
//! from input that lives for `'a`, so `OctetStringRef<'static>` cannot be decoded from a
//! short-lived buffer. Each owned type here wraps the `'static` form of its borrowed
//! type and decodes *through* the borrowed decoder, copying the contents afterwards: the
//! DER/BER/CER checks, error offsets and error paths are those of the borrowed type, and
//! nothing is validated twice.

/// Defines `$owned`, an owned wrapper of `$borrowed<'static>` with the same codec.
macro_rules! owned_newtype {
    ($(#[$m:meta])* $owned:ident => $borrowed:ident) => {
        $(#[$m])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $owned($borrowed<'static>);

        impl $owned {
            /// The value as its borrowed type (which here owns its contents).
            #[must_use]
            pub fn as_borrowed(&self) -> &$borrowed<'static> {
                &self.0
            }

            /// The value as its borrowed type.
            #[must_use]
            pub fn into_inner(self) -> $borrowed<'static> {
                self.0
            }
        }

        // Reading through `Deref` gives the borrowed type's accessors (`as_bytes`, ...).
        impl core::ops::Deref for $owned {
            type Target = $borrowed<'static>;

            fn deref(&self) -> &Self::Target {
                &self.0
            }
        }

        impl From<$borrowed<'_>> for $owned {
            fn from(v: $borrowed<'_>) -> Self {
                $owned(v.into_owned())
            }
        }

        impl From<&$borrowed<'_>> for $owned {
            fn from(v: &$borrowed<'_>) -> Self {
                $owned(v.clone().into_owned())
            }
        }

        impl PartialEq<$borrowed<'_>> for $owned {
            fn eq(&self, other: &$borrowed<'_>) -> bool {
                self.0 == *other
            }
        }

        impl $crate::FixedTag for $owned {
            const TAG: $crate::Tag = <$borrowed<'static> as $crate::FixedTag>::TAG;
        }

        impl<'a> $crate::DecodeValue<'a> for $owned {
            const SEGMENTABLE: bool = <$borrowed<'a> as $crate::DecodeValue<'a>>::SEGMENTABLE;

            fn decode_value(
                r: &mut $crate::Reader<'a>,
                h: &$crate::Header,
            ) -> $crate::Result<Self> {
                <$borrowed<'a> as $crate::DecodeValue<'a>>::decode_value(r, h).map(Self::from)
            }
        }

        impl $crate::EncodeValue for $owned {
            fn value_len(&self, rules: $crate::Rules) -> $crate::Result<usize> {
                $crate::EncodeValue::value_len(&self.0, rules)
            }

            fn encode_value(&self, w: &mut $crate::Writer) -> $crate::Result<()> {
                $crate::EncodeValue::encode_value(&self.0, w)
            }

            fn len_with_tag(&self, tag: $crate::Tag, rules: $crate::Rules) -> $crate::Result<usize> {
                $crate::EncodeValue::len_with_tag(&self.0, tag, rules)
            }

            fn encode_with_tag(&self, tag: $crate::Tag, w: &mut $crate::Writer) -> $crate::Result<()> {
                $crate::EncodeValue::encode_with_tag(&self.0, tag, w)
            }
        }

        impl $crate::Measure for $owned {
            fn size(&self) -> Option<usize> {
                $crate::Measure::size(&self.0)
            }

            fn integer(&self) -> Option<Option<i128>> {
                $crate::Measure::integer(&self.0)
            }

            fn text(&self) -> Option<alloc::string::String> {
                $crate::Measure::text(&self.0)
            }
        }
    };
}

pub(crate) use owned_newtype;

#[cfg(test)]
mod tests {
    use alloc::vec;
    use alloc::vec::Vec;

    use crate::{
        from_ber, from_der, Any, BitString, Encode, ErrorKind, OctetString, OctetStringRef,
        OpaqueBuf, Utf8StringBuf,
    };

    fn assert_static<T: 'static>(_: &T) {}

    #[test]
    fn owned_values_outlive_their_input() {
        let s: OctetString = {
            let input: Vec<u8> = vec![0x04, 0x02, 0xca, 0xfe];
            from_der(&input).unwrap()
        };
        assert_static(&s);
        assert_eq!(s.as_bytes(), [0xca, 0xfe]);
        assert_eq!(s, OctetStringRef::new(&[0xca, 0xfe]));

        let b: BitString = {
            let input: Vec<u8> = vec![0x03, 0x02, 0x07, 0x80];
            from_der(&input).unwrap()
        };
        assert_static(&b);
        assert!(b.bit(0));
        assert_eq!(b.bit_len(), 1);
        assert_eq!(b.to_der().unwrap(), [0x03, 0x02, 0x07, 0x80]);

        let a: Any = {
            let input: Vec<u8> = vec![0x0c, 0x02, b'h', b'i'];
            from_der(&input).unwrap()
        };
        assert_static(&a);
        assert_eq!(a.content(), b"hi");
        let text: Utf8StringBuf = a.decode_as(crate::Rules::Der).unwrap();
        assert_eq!(text.as_str(), "hi");

        let date: OpaqueBuf<31, false> = {
            let input: Vec<u8> = vec![0x1f, 0x1f, 0x02, b'2', b'4'];
            from_der(&input).unwrap()
        };
        assert_eq!(date.content(), b"24");
    }

    #[test]
    fn strictness_and_offsets_are_the_borrowed_ones() {
        // X.690 8.6.2.3: unused bits with no data.
        let e = from_der::<BitString>(&[0x03, 0x01, 0x01]).unwrap_err();
        assert_eq!(
            e,
            from_der::<crate::BitStringRef>(&[0x03, 0x01, 0x01]).unwrap_err()
        );
        // DER forbids the constructed form (10.2); BER joins the segments into one value.
        let segmented = [0x24, 0x06, 0x04, 0x01, 0xaa, 0x04, 0x01, 0xbb];
        assert!(from_der::<OctetString>(&segmented).is_err());
        assert_eq!(
            from_ber::<OctetString>(&segmented).unwrap().as_bytes(),
            [0xaa, 0xbb]
        );
        // Invalid UTF-8 is rejected at the contents' offset.
        let e = from_der::<Utf8StringBuf>(&[0x0c, 0x01, 0xff]).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{e:?}");
        assert_eq!(e.offset(), 2);
    }
}
