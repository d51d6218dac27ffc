//! Distinguished names as RFC 4514 strings.
//!
//! RDNs are written last first, joined by `,`; the attributes of a multi-valued RDN by
//! `+`; the attribute types of RFC 4514 section 3 by their short names and others as
//! dotted OIDs; string values escaped as section 2.4 asks, other values as `#` and the
//! hex of their DER encoding.

use std::fmt::Write as _;

use synta::{
    AnyRef, Class, Decode, Error, ErrorKind, Limits, NonCanonical, ObjectIdentifierRef, Reader,
    Rules, Tag, Text,
};

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
    rfc4514_at(name_der, 0)
}

/// [`rfc4514`] for a name found at absolute offset `offset` of a larger input (errors
/// point into that input). The encoding is walked once, with the same DER checks as
/// decoding the generated `Name` (SET OF order included), and rendered without building
/// the decoded tree.
pub fn rfc4514_at(name_der: &[u8], offset: usize) -> synta::Result<String> {
    let mut r = Reader::sub(name_der, offset, Rules::Der, 0, Limits::DEFAULT);
    let rdns = synta::decode_constructed(&mut r, Tag::SEQUENCE, |seq| {
        let mut rdns: Vec<AnyRef<'_>> = Vec::new();
        while !seq.is_finished() {
            let rdn = AnyRef::decode(seq)?;
            expect_tag(&rdn, Tag::SET)?;
            rdns.push(rdn);
        }
        Ok(rdns)
    })?;
    r.finish()?;
    let mut out = String::with_capacity(name_der.len());
    for (i, rdn) in rdns.iter().rev().enumerate() {
        if i > 0 {
            out.push(',');
        }
        render_rdn(rdn, &mut out).map_err(|e| e.in_index(rdns.len() - 1 - i))?;
    }
    Ok(out)
}

/// An error unless `element` has tag `tag`.
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

/// One RelativeDistinguishedName: `SET SIZE (1..MAX) OF AttributeTypeAndValue`.
fn render_rdn(rdn: &AnyRef<'_>, out: &mut String) -> synta::Result<()> {
    let mut r = Reader::sub(rdn.raw(), rdn.offset(), Rules::Der, 1, Limits::DEFAULT);
    let header = r.read_header()?;
    r.nested(&header, |set| {
        let mut previous: Option<&[u8]> = None;
        let mut count = 0usize;
        while !set.is_finished() {
            let atv = AnyRef::decode(set)?;
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
                header.offset,
            ));
        }
        Ok(())
    })
}

/// One AttributeTypeAndValue: `SEQUENCE { type OBJECT IDENTIFIER, value ANY }`.
fn render_atv(atv: &AnyRef<'_>, out: &mut String) -> synta::Result<()> {
    expect_tag(atv, Tag::SEQUENCE)?;
    let mut r = Reader::sub(atv.raw(), atv.offset(), Rules::Der, 2, Limits::DEFAULT);
    let header = r.read_header()?;
    r.nested(&header, |seq| {
        let oid = synta::ResultExt::field(ObjectIdentifierRef::decode(seq), "type")?;
        let value = synta::ResultExt::field(AnyRef::decode(seq), "value")?;
        attribute_type(&oid, out);
        out.push('=');
        synta::ResultExt::field(attribute_value_checked(&value, out), "value")
    })
}

/// Renders a value, rejecting a string whose contents are invalid for its type.
fn attribute_value_checked(v: &AnyRef<'_>, out: &mut String) -> synta::Result<()> {
    let tag = v.tag();
    let content = v.content();
    let text: Option<std::borrow::Cow<'_, str>> =
        if tag.class == Class::Universal && !tag.constructed {
            match tag {
                // Validated, then borrowed: no allocation for the common types.
                Tag::UTF8_STRING => {
                    borrowed_text(synta::Utf8String::from_bytes(content).map(|_| ()), content)?
                }
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
        };
    match text {
        Some(t) => escape(&t, out),
        None => {
            out.push('#');
            for b in v.raw() {
                let _ = write!(out, "{b:02x}");
            }
        }
    }
    Ok(())
}

/// The contents as text once `checked` has validated them for their string type.
fn borrowed_text<'c>(
    checked: synta::Result<()>,
    content: &'c [u8],
) -> synta::Result<Option<std::borrow::Cow<'c, str>>> {
    checked?;
    Ok(std::str::from_utf8(content).ok().map(Into::into))
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

/// RFC 4514 section 2.4 escaping.
fn escape(s: &str, out: &mut String) {
    let mut chars = s.chars().peekable();
    let mut first = true;
    while let Some(c) = chars.next() {
        let last = chars.peek().is_none();
        match c {
            '\\' | '"' | '+' | ',' | ';' | '<' | '>' => {
                out.push('\\');
                out.push(c);
            }
            '\0' => out.push_str("\\00"),
            '#' | ' ' if first => {
                out.push('\\');
                out.push(c);
            }
            ' ' if last => out.push_str("\\ "),
            _ => out.push(c),
        }
        first = false;
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
