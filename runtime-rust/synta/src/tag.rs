//! Identifier octets: tag class, primitive/constructed bit and tag number (X.690 8.1.2).

use core::fmt;

use crate::error::{ErrorKind, NonCanonical};
use crate::Rules;

/// Tag class (bits 8-7 of the first identifier octet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// UNIVERSAL.
    Universal = 0,
    /// APPLICATION.
    Application = 1,
    /// Context-specific.
    ContextSpecific = 2,
    /// PRIVATE.
    Private = 3,
}

impl Class {
    /// The class for the two-bit value `bits` (only the low two bits are used).
    #[must_use]
    pub const fn from_bits(bits: u8) -> Class {
        match bits & 3 {
            0 => Class::Universal,
            1 => Class::Application,
            2 => Class::ContextSpecific,
            _ => Class::Private,
        }
    }
}

/// A tag: class, constructed bit and number.
///
/// Ordering follows the canonical order of X.690 8.6 / 10.3 (class, then number); the
/// constructed bit breaks ties only so that `Ord` is consistent with `Eq`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tag {
    /// Tag class.
    pub class: Class,
    /// Tag number.
    pub number: u32,
    /// Constructed (true) or primitive encoding.
    pub constructed: bool,
}

macro_rules! universal {
    ($($(#[$m:meta])* $name:ident = $num:expr, $cons:expr;)*) => {
        $( $(#[$m])* pub const $name: Tag = Tag { class: Class::Universal, number: $num, constructed: $cons }; )*
    };
}

impl Tag {
    universal! {
        /// BOOLEAN (1).
        BOOLEAN = 1, false;
        /// INTEGER (2).
        INTEGER = 2, false;
        /// BIT STRING (3).
        BIT_STRING = 3, false;
        /// OCTET STRING (4).
        OCTET_STRING = 4, false;
        /// NULL (5).
        NULL = 5, false;
        /// OBJECT IDENTIFIER (6).
        OBJECT_IDENTIFIER = 6, false;
        /// ObjectDescriptor (7).
        OBJECT_DESCRIPTOR = 7, false;
        /// REAL (9).
        REAL = 9, false;
        /// ENUMERATED (10).
        ENUMERATED = 10, false;
        /// UTF8String (12).
        UTF8_STRING = 12, false;
        /// RELATIVE-OID (13).
        RELATIVE_OID = 13, false;
        /// SEQUENCE / SEQUENCE OF (16, constructed).
        SEQUENCE = 16, true;
        /// SET / SET OF (17, constructed).
        SET = 17, true;
        /// NumericString (18).
        NUMERIC_STRING = 18, false;
        /// PrintableString (19).
        PRINTABLE_STRING = 19, false;
        /// TeletexString / T61String (20).
        TELETEX_STRING = 20, false;
        /// VideotexString (21).
        VIDEOTEX_STRING = 21, false;
        /// IA5String (22).
        IA5_STRING = 22, false;
        /// UTCTime (23).
        UTC_TIME = 23, false;
        /// GeneralizedTime (24).
        GENERALIZED_TIME = 24, false;
        /// GraphicString (25).
        GRAPHIC_STRING = 25, false;
        /// VisibleString (26).
        VISIBLE_STRING = 26, false;
        /// GeneralString (27).
        GENERAL_STRING = 27, false;
        /// UniversalString (28).
        UNIVERSAL_STRING = 28, false;
        /// BMPString (30).
        BMP_STRING = 30, false;
    }

    /// A tag of any class.
    #[must_use]
    #[inline]
    pub const fn new(class: Class, number: u32, constructed: bool) -> Tag {
        Tag {
            class,
            number,
            constructed,
        }
    }

    /// Context-specific tag `[number]`.
    #[must_use]
    pub const fn context(number: u32, constructed: bool) -> Tag {
        Tag::new(Class::ContextSpecific, number, constructed)
    }

    /// The same tag with the constructed bit set to `constructed`.
    #[must_use]
    #[inline]
    pub const fn with_constructed(self, constructed: bool) -> Tag {
        Tag {
            class: self.class,
            number: self.number,
            constructed,
        }
    }

    /// True when class and number match, whatever the constructed bit.
    #[must_use]
    pub const fn same_number(self, other: Tag) -> bool {
        self.class as u8 == other.class as u8 && self.number == other.number
    }

    /// Number of identifier octets this tag encodes to.
    #[must_use]
    #[inline]
    pub const fn encoded_len(self) -> usize {
        if self.number < 31 {
            1
        } else {
            1 + base128_len(self.number as u64)
        }
    }

    /// Appends the identifier octets.
    #[inline]
    pub fn encode(self, out: &mut alloc::vec::Vec<u8>) {
        let first = ((self.class as u8) << 6) | if self.constructed { 0x20 } else { 0 };
        if self.number < 31 {
            // number < 31 fits the low five bits.
            out.push(first | (self.number & 0x1f) as u8);
        } else {
            out.push(first | 0x1f);
            push_base128(out, self.number as u64);
        }
    }

    /// Parses identifier octets at the start of `input`; returns the tag and its length.
    ///
    /// Rejects (all rules, since X.690 8.1.2.4 requires it): the high-tag-number form for
    /// numbers below 31 and a leading 0x80 octet; numbers above `u32::MAX`.
    #[inline]
    pub fn parse(input: &[u8], _rules: Rules) -> Result<(Tag, usize), ErrorKind> {
        let first = *input.first().ok_or(ErrorKind::Truncated)?;
        let class = Class::from_bits(first >> 6);
        let constructed = first & 0x20 != 0;
        let low = first & 0x1f;
        if low != 0x1f {
            return Ok((Tag::new(class, u32::from(low), constructed), 1));
        }
        let mut number: u32 = 0;
        let mut i = 1;
        loop {
            let b = *input.get(i).ok_or(ErrorKind::Truncated)?;
            if i == 1 && b == 0x80 {
                return Err(ErrorKind::NonCanonical(NonCanonical::TagNotMinimal));
            }
            if number > (u32::MAX >> 7) {
                return Err(ErrorKind::InvalidTag);
            }
            number = (number << 7) | u32::from(b & 0x7f);
            i += 1;
            if b & 0x80 == 0 {
                break;
            }
        }
        if number < 31 {
            return Err(ErrorKind::NonCanonical(NonCanonical::TagNotMinimal));
        }
        Ok((Tag::new(class, number, constructed), i))
    }

    /// Short stable text used by the test vectors: class letter, number, `c`/`p`
    /// (`U16c` is a SEQUENCE, `C0p` a primitive `[0]`).
    #[must_use]
    pub fn short(self) -> alloc::string::String {
        let c = match self.class {
            Class::Universal => 'U',
            Class::Application => 'A',
            Class::ContextSpecific => 'C',
            Class::Private => 'P',
        };
        alloc::format!(
            "{c}{}{}",
            self.number,
            if self.constructed { 'c' } else { 'p' }
        )
    }

    /// Name of a universal tag (`INTEGER`), if it has one.
    #[must_use]
    pub const fn universal_name(self) -> Option<&'static str> {
        if !matches!(self.class, Class::Universal) {
            return None;
        }
        Some(match self.number {
            0 => "END-OF-CONTENTS",
            1 => "BOOLEAN",
            2 => "INTEGER",
            3 => "BIT STRING",
            4 => "OCTET STRING",
            5 => "NULL",
            6 => "OBJECT IDENTIFIER",
            7 => "ObjectDescriptor",
            8 => "EXTERNAL",
            9 => "REAL",
            10 => "ENUMERATED",
            11 => "EMBEDDED PDV",
            12 => "UTF8String",
            13 => "RELATIVE-OID",
            14 => "TIME",
            16 => "SEQUENCE",
            17 => "SET",
            18 => "NumericString",
            19 => "PrintableString",
            20 => "TeletexString",
            21 => "VideotexString",
            22 => "IA5String",
            23 => "UTCTime",
            24 => "GeneralizedTime",
            25 => "GraphicString",
            26 => "VisibleString",
            27 => "GeneralString",
            28 => "UniversalString",
            29 => "CHARACTER STRING",
            30 => "BMPString",
            _ => return None,
        })
    }
}

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.class, self.universal_name()) {
            (_, Some(name)) => f.write_str(name),
            (Class::Universal, None) => write!(f, "[UNIVERSAL {}]", self.number),
            (Class::Application, _) => write!(f, "[APPLICATION {}]", self.number),
            (Class::ContextSpecific, _) => write!(f, "[{}]", self.number),
            (Class::Private, _) => write!(f, "[PRIVATE {}]", self.number),
        }
    }
}

/// Number of base-128 octets needed for `v` (at least one).
#[must_use]
pub(crate) const fn base128_len(mut v: u64) -> usize {
    let mut n = 1;
    while v >= 0x80 {
        v >>= 7;
        n += 1;
    }
    n
}

/// Appends `v` in base 128, high bit set on all but the last octet.
pub(crate) fn push_base128(out: &mut alloc::vec::Vec<u8>, v: u64) {
    let n = base128_len(v);
    for i in (0..n).rev() {
        // Masked to seven bits, so the cast keeps every bit.
        let seven = ((v >> (7 * i)) & 0x7f) as u8;
        out.push(if i == 0 { seven } else { seven | 0x80 });
    }
}
