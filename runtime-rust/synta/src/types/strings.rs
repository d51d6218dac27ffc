//! Restricted character strings (X.680 41, X.690 8.23): alphabet checks per type.
//!
//! Each type keeps its contents octets (borrowed unless BER segments were joined) after
//! checking them against its alphabet; [`Text::to_text`] gives the characters.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use crate::error::{Error, ErrorKind, Result};
use crate::reader::Header;
use crate::types::segmented::{contents, primitive, string_len, write_string};
use crate::{DecodeValue, EncodeValue, FixedTag, Reader, Rules, Tag, Writer};

/// The PrintableString alphabet as a bit set over ASCII.
const PRINTABLE: u128 = {
    let mut set = 0u128;
    let mut b = 0u8;
    while b < 128 {
        if b.is_ascii_alphanumeric()
            || matches!(
                b,
                b' ' | b'\'' | b'(' | b')' | b'+' | b',' | b'-' | b'.' | b'/' | b':' | b'=' | b'?'
            )
        {
            set |= 1 << b;
        }
        b += 1;
    }
    set
};

#[inline]
fn printable(b: u8) -> bool {
    b < 128 && (PRINTABLE >> b) & 1 != 0
}

fn check_printable(s: &[u8]) -> Result<(), ErrorKind> {
    s.iter()
        .all(|&b| printable(b))
        .then_some(())
        .ok_or(ErrorKind::InvalidValue(
            "character not in PrintableString alphabet",
        ))
}

fn check_ia5(s: &[u8]) -> Result<(), ErrorKind> {
    s.is_ascii().then_some(()).ok_or(ErrorKind::InvalidValue(
        "character not in IA5String alphabet",
    ))
}

fn check_numeric(s: &[u8]) -> Result<(), ErrorKind> {
    s.iter()
        .all(|&b| b.is_ascii_digit() || b == b' ')
        .then_some(())
        .ok_or(ErrorKind::InvalidValue(
            "character not in NumericString alphabet",
        ))
}

fn check_visible(s: &[u8]) -> Result<(), ErrorKind> {
    s.iter()
        .all(|&b| (0x20..0x7f).contains(&b))
        .then_some(())
        .ok_or(ErrorKind::InvalidValue(
            "character not in VisibleString alphabet",
        ))
}

fn check_utf8(s: &[u8]) -> Result<(), ErrorKind> {
    core::str::from_utf8(s)
        .map(|_| ())
        .map_err(|_| ErrorKind::InvalidValue("UTF8String is not valid UTF-8"))
}

/// GraphicString / ObjectDescriptor: graphic characters and spaces, with ISO 2022
/// escape sequences allowed; C0 controls and DEL are not graphic.
fn check_graphic(s: &[u8]) -> Result<(), ErrorKind> {
    s.iter()
        .all(|&b| b == 0x1b || (b >= 0x20 && b != 0x7f))
        .then_some(())
        .ok_or(ErrorKind::InvalidValue(
            "control character in GraphicString",
        ))
}

/// Teletex, Videotex, General: ISO 2022 repertoires switched by escapes; any octet.
fn check_any(_s: &[u8]) -> Result<(), ErrorKind> {
    Ok(())
}

fn check_bmp(s: &[u8]) -> Result<(), ErrorKind> {
    if s.len() % 2 != 0 {
        return Err(ErrorKind::InvalidValue("BMPString length is odd"));
    }
    // UCS-2: the Basic Multilingual Plane only, so no surrogate code units.
    if s.chunks_exact(2)
        .any(|c| matches!(c, [hi, _] if (0xd8..=0xdf).contains(hi)))
    {
        return Err(ErrorKind::InvalidValue("surrogate in BMPString"));
    }
    Ok(())
}

fn check_universal(s: &[u8]) -> Result<(), ErrorKind> {
    if s.len() % 4 != 0 {
        return Err(ErrorKind::InvalidValue(
            "UniversalString length not a multiple of 4",
        ));
    }
    if s.chunks_exact(4).any(|c| {
        let v = c.iter().fold(0u32, |v, &b| (v << 8) | u32::from(b));
        char::from_u32(v).is_none()
    }) {
        return Err(ErrorKind::InvalidValue(
            "UniversalString character out of range",
        ));
    }
    Ok(())
}

fn text_latin(s: &[u8]) -> String {
    // ASCII-compatible types: every checked octet maps to the same code point.
    s.iter().map(|&b| char::from(b)).collect()
}

fn text_utf8(s: &[u8]) -> String {
    String::from_utf8_lossy(s).into_owned()
}

fn text_bmp(s: &[u8]) -> String {
    s.chunks_exact(2)
        .map(|c| {
            let v = c.iter().fold(0u32, |v, &b| (v << 8) | u32::from(b));
            char::from_u32(v).unwrap_or(char::REPLACEMENT_CHARACTER)
        })
        .collect()
}

fn text_universal(s: &[u8]) -> String {
    s.chunks_exact(4)
        .map(|c| {
            let v = c.iter().fold(0u32, |v, &b| (v << 8) | u32::from(b));
            char::from_u32(v).unwrap_or(char::REPLACEMENT_CHARACTER)
        })
        .collect()
}

fn encode_bmp(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len() * 2);
    for c in s.chars() {
        let v = u16::try_from(u32::from(c)).ok()?;
        out.extend_from_slice(&v.to_be_bytes());
    }
    Some(out)
}

fn encode_universal(s: &str) -> Option<Vec<u8>> {
    Some(s.chars().flat_map(|c| u32::from(c).to_be_bytes()).collect())
}

fn encode_plain(s: &str) -> Option<Vec<u8>> {
    Some(s.as_bytes().to_vec())
}

/// Access to a character string's characters.
pub trait Text {
    /// The characters as a Rust string (lossless for every type but Teletex,
    /// Videotex, General and Graphic, whose octets are shown as Latin-1).
    fn to_text(&self) -> String;
}

macro_rules! char_string {
    ($(#[$m:meta])* $name:ident, $tag:expr, $check:ident, $text:ident, $enc:ident) => {
        $(#[$m])*
        #[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name<'a> {
            bytes: Cow<'a, [u8]>,
        }

        impl<'a> $name<'a> {
            /// Wraps contents octets after checking the alphabet.
            pub fn from_bytes(bytes: &'a [u8]) -> Result<Self> {
                $check(bytes).map_err(|k| Error::new(k, 0))?;
                Ok($name { bytes: Cow::Borrowed(bytes) })
            }

            /// Encodes `s`, checking the alphabet.
            pub fn new(s: &str) -> Result<$name<'static>> {
                let bytes = $enc(s)
                    .ok_or(Error::new(ErrorKind::InvalidValue("character out of range"), 0))?;
                $check(&bytes).map_err(|k| Error::new(k, 0))?;
                Ok($name { bytes: Cow::Owned(bytes) })
            }

            /// The contents octets.
            #[must_use]
            pub fn as_bytes(&self) -> &[u8] {
                &self.bytes
            }

            /// An owned copy.
            #[must_use]
            pub fn into_owned(self) -> $name<'static> {
                $name { bytes: Cow::Owned(self.bytes.into_owned()) }
            }
        }

        impl Text for $name<'_> {
            fn to_text(&self) -> String {
                $text(&self.bytes)
            }
        }

        impl core::fmt::Display for $name<'_> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(&self.to_text())
            }
        }

        impl FixedTag for $name<'_> {
            const TAG: Tag = $tag;
        }

        impl<'a> DecodeValue<'a> for $name<'a> {
            const SEGMENTABLE: bool = true;

            fn decode_value(r: &mut Reader<'a>, h: &Header) -> Result<Self> {
                let at = r.offset();
                // 8.23.6: segments are OCTET STRING encodings.
                let bytes = if h.tag.constructed {
                    contents(r, h, Tag::OCTET_STRING)?
                } else {
                    Cow::Borrowed(primitive(r, h)?)
                };
                $check(&bytes).map_err(|k| Error::new(k, at))?;
                Ok($name { bytes })
            }
        }

        impl EncodeValue for $name<'_> {
            fn value_len(&self, _rules: Rules) -> Result<usize> {
                Ok(self.bytes.len())
            }

            fn encode_value(&self, w: &mut Writer) -> Result<()> {
                w.bytes(&self.bytes)
            }

            fn len_with_tag(&self, tag: Tag, rules: Rules) -> Result<usize> {
                Ok(string_len(tag, self.bytes.len(), rules, Tag::OCTET_STRING))
            }

            fn encode_with_tag(&self, tag: Tag, w: &mut Writer) -> Result<()> {
                write_string(tag, &self.bytes, w, Tag::OCTET_STRING)
            }
        }
    };
}

char_string!(
    /// UTF8String: valid UTF-8.
    Utf8String, Tag::UTF8_STRING, check_utf8, text_utf8, encode_plain);
char_string!(
    /// PrintableString: `A-Z a-z 0-9 '()+,-./:=?` and space.
    PrintableString, Tag::PRINTABLE_STRING, check_printable, text_latin, encode_plain);
char_string!(
    /// IA5String: 7-bit ASCII.
    Ia5String, Tag::IA5_STRING, check_ia5, text_latin, encode_plain);
char_string!(
    /// NumericString: digits and space.
    NumericString, Tag::NUMERIC_STRING, check_numeric, text_latin, encode_plain);
char_string!(
    /// VisibleString (ISO646String): printing ASCII 0x20-0x7E.
    VisibleString, Tag::VISIBLE_STRING, check_visible, text_latin, encode_plain);
char_string!(
    /// BMPString: UCS-2, two octets per character.
    BmpString, Tag::BMP_STRING, check_bmp, text_bmp, encode_bmp);
char_string!(
    /// UniversalString: UCS-4, four octets per character.
    UniversalString, Tag::UNIVERSAL_STRING, check_universal, text_universal, encode_universal);
char_string!(
    /// TeletexString (T61String): T.61 octets, kept as they are.
    TeletexString, Tag::TELETEX_STRING, check_any, text_latin, encode_plain);
char_string!(
    /// VideotexString: T.100/T.101 octets, kept as they are.
    VideotexString, Tag::VIDEOTEX_STRING, check_any, text_latin, encode_plain);
char_string!(
    /// GraphicString: graphic characters (ISO 2022), no control characters.
    GraphicString, Tag::GRAPHIC_STRING, check_graphic, text_latin, encode_plain);
char_string!(
    /// GeneralString: any ISO 2022 repertoire.
    GeneralString, Tag::GENERAL_STRING, check_any, text_latin, encode_plain);
char_string!(
    /// ObjectDescriptor: a GraphicString with its own tag.
    ObjectDescriptor, Tag::OBJECT_DESCRIPTOR, check_graphic, text_latin, encode_plain);

/// Owned character strings: `Utf8StringBuf` is to [`Utf8String`] what `PathBuf` is to
/// `Path`, decoded from input of any lifetime through the borrowed type, then copied.
macro_rules! owned_strings {
    ($($owned:ident => $borrowed:ident),* $(,)?) => {$(
        crate::types::owned::owned_newtype!(
            #[doc = concat!("A [`", stringify!($borrowed), "`] that owns its contents octets.")]
            $owned => $borrowed
        );

        impl $owned {
            /// Encodes `s`, checking the alphabet.
            pub fn new(s: &str) -> Result<Self> {
                $borrowed::new(s).map($owned)
            }
        }

        impl Text for $owned {
            fn to_text(&self) -> String {
                self.0.to_text()
            }
        }

        impl core::fmt::Display for $owned {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::Display::fmt(&self.0, f)
            }
        }
    )*};
}

owned_strings!(
    Utf8StringBuf => Utf8String,
    PrintableStringBuf => PrintableString,
    Ia5StringBuf => Ia5String,
    NumericStringBuf => NumericString,
    VisibleStringBuf => VisibleString,
    BmpStringBuf => BmpString,
    UniversalStringBuf => UniversalString,
    TeletexStringBuf => TeletexString,
    VideotexStringBuf => VideotexString,
    GraphicStringBuf => GraphicString,
    GeneralStringBuf => GeneralString,
    ObjectDescriptorBuf => ObjectDescriptor,
);

/// TeletexString is also called T61String.
pub type T61String<'a> = TeletexString<'a>;
/// VisibleString is also called ISO646String.
pub type Iso646String<'a> = VisibleString<'a>;

impl Utf8String<'_> {
    /// The string (always valid UTF-8).
    #[must_use]
    pub fn as_str(&self) -> &str {
        core::str::from_utf8(&self.bytes).unwrap_or_default()
    }
}

macro_rules! ascii_as_str {
    ($($name:ident),*) => {$(
        impl $name<'_> {
            /// The string (ASCII, hence valid UTF-8).
            #[must_use]
            pub fn as_str(&self) -> &str {
                core::str::from_utf8(&self.bytes).unwrap_or_default()
            }
        }
    )*};
}
ascii_as_str!(PrintableString, Ia5String, NumericString, VisibleString);
