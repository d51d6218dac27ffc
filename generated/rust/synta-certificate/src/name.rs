//! Distinguished names as RFC 4514 strings.
//!
//! RDNs are written last first, joined by `,`; the attributes of a multi-valued RDN by
//! `+`; the attribute types of RFC 4514 section 3 by their short names and others as
//! dotted OIDs; string values escaped as section 2.4 asks, other values as `#` and the
//! hex of their DER encoding.

use std::fmt::Write as _;

mod fast;

use synta::{
    AnyRef, Class, Decode, Error, ErrorKind, Limits, NonCanonical, ObjectIdentifierRef, Reader,
    Rules, Tag, Text,
};

/// The short name RFC 4514 section 3 gives the attribute type with these OID contents.
fn short_name(oid: &[u8]) -> Option<&'static str> {
    const DC: &[u8] = &[0x09, 0x92, 0x26, 0x89, 0x93, 0xf2, 0x2c, 0x64, 0x01, 0x19];
    const UID: &[u8] = &[0x09, 0x92, 0x26, 0x89, 0x93, 0xf2, 0x2c, 0x64, 0x01, 0x01];
    match oid {
        // id-at (2.5.4)
        [0x55, 0x04, 0x03] => Some("CN"),
        [0x55, 0x04, 0x06] => Some("C"),
        [0x55, 0x04, 0x07] => Some("L"),
        [0x55, 0x04, 0x08] => Some("ST"),
        [0x55, 0x04, 0x09] => Some("STREET"),
        [0x55, 0x04, 0x0a] => Some("O"),
        [0x55, 0x04, 0x0b] => Some("OU"),
        _ if oid == DC => Some("DC"),
        _ if oid == UID => Some("UID"),
        _ => None,
    }
}

/// Renders the DER encoding of a `Name` as an RFC 4514 string.
pub fn rfc4514(name_der: &[u8]) -> synta::Result<String> {
    rfc4514_at(name_der, 0)
}

/// [`rfc4514`] for a name found at absolute offset `offset` of a larger input (errors
/// point into that input). The encoding is walked once, with the same DER checks as
/// decoding the generated `Name` (SET OF order included), and rendered without building
/// the decoded tree.
pub fn rfc4514_at(name_der: &[u8], offset: usize) -> synta::Result<String> {
    // Most names take the byte walker of `fast`; it hands everything else (rare forms,
    // and every error) to the general path below.
    match fast::render(name_der) {
        Some(text) => Ok(text),
        None => rfc4514_general(name_der, offset),
    }
}

/// A lazily kept `Name` of a parsed object (a certificate's issuer, a CSR's subject) as
/// an RFC 4514 string, decoded where it lies (errors carry offsets in the object and start
/// their path at `field`).
pub(crate) fn lazy_rfc4514(
    name: &synta::Lazy<'_, crate::pkix::Name<'_>>,
    field: &'static str,
) -> synta::Result<String> {
    let raw = name.as_any();
    synta::ResultExt::field(rfc4514_at(raw.raw(), raw.offset()), field)
}

/// Renders a decoded `Name` (a directoryName inside an extension, say) as an RFC 4514
/// string. Errors point into the input the name was decoded from: its attribute values
/// keep their offsets, and the name's DER, re-encoded here, is the same octets, so the
/// first value's two offsets tell where the name starts. A name built by hand, or one
/// without any attribute, is rendered as if it started at offset 0.
pub fn rfc4514_of(name: &crate::pkix::Name<'_>) -> synta::Result<String> {
    let der = synta::Encode::to_der(name)?;
    // Where the name starts is only needed for an error, so it is found only then.
    rfc4514(&der).or_else(|_| {
        let reencoded = <crate::pkix::Name<'_> as Decode>::from_der(&der)?;
        let start = first_value_offset(name)
            .zip(first_value_offset(&reencoded))
            .map_or(0, |(in_input, in_der)| in_input.saturating_sub(in_der));
        rfc4514_at(&der, start)
    })
}

/// The offset of the first attribute value of `name`, if it has one.
fn first_value_offset(name: &crate::pkix::Name<'_>) -> Option<usize> {
    match name {
        crate::pkix::Name::RdnSequence(rdns) => rdns
            .iter()
            .flat_map(|rdn| rdn.0.iter())
            .next()
            .map(|atv| atv.value.offset()),
    }
}

/// The general path of [`rfc4514_at`]: every form of `Name`, and the errors.
fn rfc4514_general(name_der: &[u8], offset: usize) -> synta::Result<String> {
    let mut r = Reader::sub(name_der, offset, Rules::Der, 0, Limits::DEFAULT);
    // RDNs are written last first: they are collected first, on the stack for up to
    // `SMALL` of them.
    const SMALL: usize = 16;
    let mut small: [Option<AnyRef<'_>>; SMALL] = [None; SMALL];
    let mut more: Vec<AnyRef<'_>> = Vec::new();
    let mut count = 0usize;
    synta::decode_constructed(&mut r, Tag::SEQUENCE, |seq| {
        while !seq.is_finished() {
            let rdn = AnyRef::decode(seq)?;
            expect_tag(&rdn, Tag::SET)?;
            match small.get_mut(count) {
                Some(slot) => *slot = Some(rdn),
                None => more.push(rdn),
            }
            count += 1;
        }
        Ok(())
    })?;
    r.finish()?;
    let mut out = String::with_capacity(name_der.len());
    for i in (0..count).rev() {
        let rdn = match small.get(i) {
            Some(slot) => *slot,
            None => more.get(i - SMALL).copied(),
        };
        let Some(rdn) = rdn else { continue };
        if i + 1 < count {
            out.push(',');
        }
        render_rdn(&rdn, &mut out).map_err(|e| e.in_index(i))?;
    }
    Ok(out)
}

fn expect_tag(element: &AnyRef<'_>, tag: Tag) -> synta::Result<()> {
    if element.tag() == tag {
        Ok(())
    } else {
        Err(Error::new(
            ErrorKind::UnexpectedTag {
                expected: Some(tag),
                actual: element.tag(),
            },
            element.offset(),
        ))
    }
}

/// A reader over the contents of `element` (a definite-length DER element), at the
/// depth its contents have.
fn contents_reader<'a>(element: &AnyRef<'a>, depth: u32) -> Reader<'a> {
    Reader::sub(
        element.content(),
        element.offset() + element.header_len(),
        Rules::Der,
        depth,
        Limits::DEFAULT,
    )
}

fn render_rdn(rdn: &AnyRef<'_>, out: &mut String) -> synta::Result<()> {
    let mut set = contents_reader(rdn, 2);
    let mut previous: Option<&[u8]> = None;
    let mut count = 0usize;
    while !set.is_finished() {
        let atv = AnyRef::decode(&mut set)?;
        // X.690 11.6: SET OF elements in ascending order of their encodings.
        if previous.is_some_and(|p| synta::types::set_of::der_order(p, atv.raw()).is_gt()) {
            return Err(Error::new(
                ErrorKind::NonCanonical(NonCanonical::SetOfOrder),
                atv.offset(),
            ));
        }
        previous = Some(atv.raw());
        if count > 0 {
            out.push('+');
        }
        render_atv(&atv, out)?;
        count += 1;
    }
    if count == 0 {
        return Err(Error::new(
            ErrorKind::ConstraintViolated("SIZE (1..MAX)"),
            rdn.offset(),
        ));
    }
    Ok(())
}

fn render_atv(atv: &AnyRef<'_>, out: &mut String) -> synta::Result<()> {
    expect_tag(atv, Tag::SEQUENCE)?;
    let mut seq = contents_reader(atv, 3);
    let oid = synta::ResultExt::field(ObjectIdentifierRef::decode(&mut seq), "type")?;
    let value = synta::ResultExt::field(AnyRef::decode(&mut seq), "value")?;
    seq.finish()?;
    attribute_type(&oid, out);
    out.push('=');
    synta::ResultExt::field(attribute_value_checked(&value, out), "value")
}

fn attribute_value_checked(v: &AnyRef<'_>, out: &mut String) -> synta::Result<()> {
    // The string types check the octets alone and report offset 0: the error is moved to
    // where the contents are in the input.
    let at = v.offset() + v.header_len();
    let text = string_text(v).map_err(|e| synta::Error::new(*e.kind(), at))?;
    match text {
        Some(t) => escape(&t, out),
        None => {
            const DIGITS: &[u8; 16] = b"0123456789abcdef";
            out.reserve(1 + 2 * v.raw().len());
            out.push('#');
            for &b in v.raw() {
                out.push(char::from(DIGITS[usize::from(b >> 4)]));
                out.push(char::from(DIGITS[usize::from(b & 0x0f)]));
            }
        }
    }
    Ok(())
}

/// The contents as text once `checked` has validated them for their string type.
/// The text of a value in one of the string types, checked against its alphabet;
/// `None` for other types (written as `#` and hex).
fn string_text<'c>(v: &AnyRef<'c>) -> synta::Result<Option<std::borrow::Cow<'c, str>>> {
    let tag = v.tag();
    let content = v.content();
    Ok(if tag.class == Class::Universal && !tag.constructed {
        match tag {
            // Validated, then borrowed: no allocation for the common types.
            // Validated once by `from_utf8`; the runtime's check gives the error.
            Tag::UTF8_STRING => match std::str::from_utf8(content) {
                Ok(t) => Some(t.into()),
                Err(_) => {
                    synta::Utf8String::from_bytes(content)?;
                    None
                }
            },
            Tag::PRINTABLE_STRING => borrowed_text(
                synta::PrintableString::from_bytes(content).map(|_| ()),
                content,
            )?,
            Tag::IA5_STRING => {
                borrowed_text(synta::Ia5String::from_bytes(content).map(|_| ()), content)?
            }
            Tag::VISIBLE_STRING => borrowed_text(
                synta::VisibleString::from_bytes(content).map(|_| ()),
                content,
            )?,
            Tag::NUMERIC_STRING => borrowed_text(
                synta::NumericString::from_bytes(content).map(|_| ()),
                content,
            )?,
            Tag::TELETEX_STRING => {
                Some(synta::TeletexString::from_bytes(content)?.to_text().into())
            }
            Tag::BMP_STRING => Some(synta::BmpString::from_bytes(content)?.to_text().into()),
            Tag::UNIVERSAL_STRING => Some(
                synta::UniversalString::from_bytes(content)?
                    .to_text()
                    .into(),
            ),
            _ => None,
        }
    } else {
        None
    })
}

fn borrowed_text<'c>(
    checked: synta::Result<()>,
    content: &'c [u8],
) -> synta::Result<Option<std::borrow::Cow<'c, str>>> {
    checked?;
    Ok(std::str::from_utf8(content).ok().map(Into::into))
}

fn attribute_type(oid: &ObjectIdentifierRef<'_>, out: &mut String) {
    match short_name(oid.as_bytes()) {
        Some(short) => out.push_str(short),
        None => {
            let _ = write!(out, "{oid}");
        }
    }
}

/// RFC 4514 section 2.4 escaping.
fn escape(s: &str, out: &mut String) {
    let mut bytes = std::mem::take(out).into_bytes();
    escape_bytes(s.as_bytes(), &mut bytes);
    // Escapes are ASCII and go between whole characters, so this stays UTF-8.
    *out = String::from_utf8(bytes)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
}

/// RFC 4514 section 2.4 escaping of ASCII or UTF-8 text, octet by octet: every octet
/// it escapes is ASCII, and those never occur inside a multi-octet UTF-8 character.
fn escape_bytes(value: &[u8], out: &mut Vec<u8>) {
    let last = value.len().saturating_sub(1);
    for (i, &b) in value.iter().enumerate() {
        match b {
            0 => out.extend_from_slice(b"\\00"),
            b'\\' | b'"' | b'+' | b',' | b';' | b'<' | b'>' => out.extend_from_slice(&[b'\\', b]),
            b'#' | b' ' if i == 0 => out.extend_from_slice(&[b'\\', b]),
            b' ' if i == last => out.extend_from_slice(&[b'\\', b]),
            _ => out.push(b),
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
    #[test]
    fn a_bad_string_is_reported_at_its_contents() {
        // SEQUENCE { SET { SEQUENCE { OID 2.5.4.3, PrintableString "a@b" } } }: '@' is
        // not in the PrintableString alphabet.
        let der = [
            0x30, 0x0e, 0x31, 0x0c, 0x30, 0x0a, 0x06, 0x03, 0x55, 0x04, 0x03, 0x13, 0x03, b'a',
            b'@', b'b',
        ];
        let err = rfc4514_at(&der, 100).unwrap_err();
        // The contents start at index 13 of the name, found at offset 100.
        assert_eq!(err.offset(), 113, "{err}");
        assert_eq!(rfc4514(&der).unwrap_err().offset(), 13);
    }

    #[test]
    fn an_empty_rdn_is_rejected_by_the_typed_name_as_by_the_renderer() {
        // SEQUENCE { SET { SEQUENCE { OID 2.5.4.3, PrintableString "a" } }, SET {} }
        let der = [
            0x30, 0x0e, 0x31, 0x0a, 0x30, 0x08, 0x06, 0x03, 0x55, 0x04, 0x03, 0x13, 0x01, b'a',
            0x31, 0x00,
        ];
        let typed = <crate::pkix::Name<'_> as synta::Decode>::from_der(&der).unwrap_err();
        let rendered = rfc4514(&der).unwrap_err();
        for err in [&typed, &rendered] {
            assert!(
                matches!(err.kind(), ErrorKind::ConstraintViolated(_)),
                "{err}"
            );
            assert_eq!(err.offset(), 14, "{err}");
        }
    }

    #[test]
    fn a_decoded_name_is_rendered_with_offsets_into_its_input() {
        // The name of a_bad_string_is_reported_at_its_contents, decoded at offset 100.
        let der = [
            0x30, 0x0e, 0x31, 0x0c, 0x30, 0x0a, 0x06, 0x03, 0x55, 0x04, 0x03, 0x13, 0x03, b'a',
            b'@', b'b',
        ];
        let name: crate::pkix::Name<'_> = synta::decode_at(&der, 100, synta::Rules::Der).unwrap();
        assert_eq!(rfc4514_of(&name).unwrap_err().offset(), 113);
        let good = [
            0x30, 0x0e, 0x31, 0x0c, 0x30, 0x0a, 0x06, 0x03, 0x55, 0x04, 0x03, 0x13, 0x03, b'a',
            b'-', b'b',
        ];
        let name: crate::pkix::Name<'_> = synta::decode_at(&good, 7, synta::Rules::Der).unwrap();
        assert_eq!(rfc4514_of(&name).unwrap(), "CN=a-b");
    }
}
