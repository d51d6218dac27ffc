//! Distinguished names as RFC 4514 strings.
//!
//! RDNs are written last first, joined by `,`; the attributes of a multi-valued RDN by
//! `+`; the attribute types of RFC 4514 section 3 by their short names and others as
//! dotted OIDs; string values escaped as section 2.4 asks, other values as `#` and the
//! hex of their DER encoding.

use std::fmt::Write as _;

use crate::generated::pkix1_explicit_2009::Name;
use synta::{AnyRef, Class, Decode, ObjectIdentifierRef, Rules, Tag, Text};

/// The short names RFC 4514 section 3 defines.
const SHORT_NAMES: &[(&[u8], &str)] = &[
    (&[0x55, 0x04, 0x03], "CN"),
    (&[0x55, 0x04, 0x07], "L"),
    (&[0x55, 0x04, 0x08], "ST"),
    (&[0x55, 0x04, 0x0a], "O"),
    (&[0x55, 0x04, 0x0b], "OU"),
    (&[0x55, 0x04, 0x06], "C"),
    (&[0x55, 0x04, 0x09], "STREET"),
    (
        &[0x09, 0x92, 0x26, 0x89, 0x93, 0xf2, 0x2c, 0x64, 0x01, 0x19],
        "DC",
    ),
    (
        &[0x09, 0x92, 0x26, 0x89, 0x93, 0xf2, 0x2c, 0x64, 0x01, 0x01],
        "UID",
    ),
];

/// Renders the DER encoding of a `Name` as an RFC 4514 string.
pub fn rfc4514(name_der: &[u8]) -> synta::Result<String> {
    render(&Name::from_der(name_der)?)
}

/// Renders a decoded `Name` as an RFC 4514 string.
pub fn render(name: &Name<'_>) -> synta::Result<String> {
    let Name::RdnSequence(rdns) = name;
    let mut out = String::new();
    for (i, rdn) in rdns.iter().rev().enumerate() {
        if i > 0 {
            out.push(',');
        }
        for (j, atv) in rdn.0.iter().enumerate() {
            if j > 0 {
                out.push('+');
            }
            attribute_type(&atv.type_, &mut out);
            out.push('=');
            attribute_value(&atv.value, &mut out);
        }
    }
    Ok(out)
}

fn attribute_type(oid: &ObjectIdentifierRef<'_>, out: &mut String) {
    match SHORT_NAMES
        .iter()
        .find(|(bytes, _)| *bytes == oid.as_bytes())
    {
        Some((_, short)) => out.push_str(short),
        None => {
            let _ = write!(out, "{oid}");
        }
    }
}

/// The text of a string value, when the value is one of the directory string types.
fn string_value(v: &AnyRef<'_>) -> Option<String> {
    let tag = v.tag();
    if tag.class != Class::Universal || tag.constructed {
        return None;
    }
    let rules = Rules::Der;
    Some(match tag {
        Tag::UTF8_STRING => v.decode_as::<synta::Utf8String>(rules).ok()?.to_text(),
        Tag::PRINTABLE_STRING => v.decode_as::<synta::PrintableString>(rules).ok()?.to_text(),
        Tag::IA5_STRING => v.decode_as::<synta::Ia5String>(rules).ok()?.to_text(),
        Tag::TELETEX_STRING => v.decode_as::<synta::TeletexString>(rules).ok()?.to_text(),
        Tag::BMP_STRING => v.decode_as::<synta::BmpString>(rules).ok()?.to_text(),
        Tag::UNIVERSAL_STRING => v.decode_as::<synta::UniversalString>(rules).ok()?.to_text(),
        Tag::VISIBLE_STRING => v.decode_as::<synta::VisibleString>(rules).ok()?.to_text(),
        Tag::NUMERIC_STRING => v.decode_as::<synta::NumericString>(rules).ok()?.to_text(),
        _ => return None,
    })
}

fn attribute_value(v: &AnyRef<'_>, out: &mut String) {
    match string_value(v) {
        Some(s) => escape(&s, out),
        None => {
            out.push('#');
            for b in v.raw() {
                let _ = write!(out, "{b:02x}");
            }
        }
    }
}

/// RFC 4514 section 2.4 escaping.
fn escape(s: &str, out: &mut String) {
    let last = s.chars().count().saturating_sub(1);
    for (i, c) in s.chars().enumerate() {
        match c {
            '\\' | '"' | '+' | ',' | ';' | '<' | '>' => {
                out.push('\\');
                out.push(c);
            }
            '\0' => out.push_str("\\00"),
            '#' | ' ' if i == 0 => {
                out.push('\\');
                out.push(c);
            }
            ' ' if i == last => out.push_str("\\ "),
            _ => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        let mut s = String::new();
        escape("#a, b+c ", &mut s);
        assert_eq!(s, "\\#a\\, b\\+c\\ ");
        let mut s = String::new();
        escape(" x\"y\\", &mut s);
        assert_eq!(s, "\\ x\\\"y\\\\");
    }
}
