//! The fast path of RFC 4514 rendering, for the names nearly every certificate has: one
//! attribute per RDN, short-form tags and lengths of at most two octets, and values in
//! PrintableString, IA5String or UTF8String.
//!
//! It walks the DER bytes directly, checking as it goes exactly what the general path
//! checks (tags, minimal lengths, bounds, OID sub-identifiers, string alphabets), and
//! gives up (`None`) at the first thing outside that subset, valid or not. The caller
//! then runs the general path, which renders the rare forms and reports errors with
//! their offset and field path. So this path never decides that a name is invalid, and
//! what it renders is what the general path would render (the tests check both).

use synta::ObjectIdentifierRef;

/// One DER element at `pos`: a one-octet identifier, a minimal definite length of at
/// most two octets, and contents that fit in `input`. Returns the identifier octet and
/// the contents' start and end.
#[inline]
fn element(input: &[u8], pos: usize) -> Option<(u8, usize, usize)> {
    let id = *input.get(pos)?;
    let l0 = *input.get(pos + 1)?;
    let (len, start) = match l0 {
        0..=0x7f => (usize::from(l0), pos + 2),
        // Long forms only where the short form cannot say it (X.690 10.1).
        0x81 => match *input.get(pos + 2)? {
            b @ 0x80.. => (usize::from(b), pos + 3),
            _ => return None,
        },
        0x82 => match (*input.get(pos + 2)?, *input.get(pos + 3)?) {
            (0, _) => return None,
            (hi, lo) => ((usize::from(hi) << 8) | usize::from(lo), pos + 4),
        },
        _ => return None,
    };
    let end = start.checked_add(len)?;
    (end <= input.len()).then_some((id, start, end))
}

const SEQUENCE: u8 = 0x30;
const SET: u8 = 0x31;
const OBJECT_IDENTIFIER: u8 = 0x06;
const UTF8_STRING: u8 = 0x0c;
const PRINTABLE_STRING: u8 = 0x13;
const IA5_STRING: u8 = 0x16;

/// Most RDNs a name may have on this path (the general path has no limit).
const MAX_RDNS: usize = 32;

/// The RFC 4514 string of the DER `Name` in `der`, or `None` to leave it to the
/// general path.
pub(super) fn render(der: &[u8]) -> Option<String> {
    let (tag, start, end) = element(der, 0)?;
    if tag != SEQUENCE || end != der.len() {
        return None;
    }
    // RDNs are written last first, so their positions are collected first.
    let mut rdns = [(0usize, 0usize); MAX_RDNS];
    let mut count = 0;
    let mut pos = start;
    while pos < end {
        let (tag, rdn_start, rdn_end) = element(der, pos)?;
        if tag != SET {
            return None;
        }
        *rdns.get_mut(count)? = (rdn_start, rdn_end);
        count += 1;
        pos = rdn_end;
    }
    // Written as bytes and checked as UTF-8 once at the end (every piece is ASCII or
    // validated UTF-8, so the check cannot fail; it costs less than one per value).
    let mut out = Vec::with_capacity(der.len());
    for (i, &(rdn_start, rdn_end)) in rdns.get(..count)?.iter().rev().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        // Exactly one AttributeTypeAndValue filling the SET (multi-valued RDNs, with
        // their SET OF order check, take the general path).
        let (tag, atv_start, atv_end) = element(der, rdn_start)?;
        if tag != SEQUENCE || atv_end != rdn_end {
            return None;
        }
        let (tag, oid_start, oid_end) = element(der, atv_start)?;
        if tag != OBJECT_IDENTIFIER || oid_end > atv_end {
            return None;
        }
        let (tag, value_start, value_end) = element(der, oid_end)?;
        if value_end != atv_end {
            return None;
        }
        attribute_type(der.get(oid_start..oid_end)?, &mut out)?;
        out.push(b'=');
        attribute_value(tag, der.get(value_start..value_end)?, &mut out)?;
    }
    String::from_utf8(out).ok()
}

/// The short name of RFC 4514 section 3, or the dotted OID.
fn attribute_type(oid: &[u8], out: &mut Vec<u8>) -> Option<()> {
    match super::short_name(oid) {
        Some(short) => out.extend_from_slice(short.as_bytes()),
        None => {
            let dotted = ObjectIdentifierRef::from_bytes(oid).ok()?.to_string();
            out.extend_from_slice(dotted.as_bytes());
        }
    }
    Some(())
}

/// Bits of [`CLASS`].
const PRINTABLE: u8 = 1;
/// Escaped with a backslash anywhere in a value (RFC 4514 section 2.4).
const SPECIAL: u8 = 2;

/// For each ASCII octet: is it in the PrintableString alphabet, must it be escaped.
const CLASS: [u8; 128] = {
    let mut class = [0u8; 128];
    let mut b = 0u8;
    while b < 128 {
        let printable = b.is_ascii_alphanumeric()
            || matches!(
                b,
                b' ' | b'\'' | b'(' | b')' | b'+' | b',' | b'-' | b'.' | b'/' | b':' | b'=' | b'?'
            );
        let special = matches!(b, b'\\' | b'"' | b'+' | b',' | b';' | b'<' | b'>' | 0);
        class[b as usize] = ((printable as u8) * PRINTABLE) | ((special as u8) * SPECIAL);
        b += 1;
    }
    class
};

/// A value in one of the three common string types, checked against its alphabet and
/// written escaped.
fn attribute_value(tag: u8, value: &[u8], out: &mut Vec<u8>) -> Option<()> {
    let ascii = value.is_ascii();
    let mut any = 0u8;
    let mut all = PRINTABLE;
    if ascii {
        for &b in value {
            // `b` is below 128.
            let class = CLASS[usize::from(b & 0x7f)];
            any |= class;
            all &= class;
        }
    }
    let alphabet_ok = match tag {
        PRINTABLE_STRING => ascii && all == PRINTABLE,
        IA5_STRING => ascii,
        // Non-ASCII text is checked here; its escapes are all ASCII, found below.
        UTF8_STRING => ascii || std::str::from_utf8(value).is_ok(),
        _ => false,
    };
    if !alphabet_ok {
        return None;
    }
    let edge = matches!(value.first(), Some(b'#' | b' ')) || value.last() == Some(&b' ');
    if ascii && any & SPECIAL == 0 && !edge {
        out.extend_from_slice(value);
    } else {
        super::escape_bytes(value, out);
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::render;

    /// DER of a Name with the given (OID contents, tag, value) attributes, one per RDN.
    fn name(attrs: &[(&[u8], u8, &[u8])]) -> Vec<u8> {
        fn tlv(tag: u8, body: &[u8]) -> Vec<u8> {
            let mut v = vec![tag];
            let len = u16::try_from(body.len()).unwrap().to_be_bytes();
            match body.len() {
                0..=0x7f => v.push(len[1]),
                0x80..=0xff => v.extend([0x81, len[1]]),
                _ => v.extend([0x82, len[0], len[1]]),
            }
            v.extend_from_slice(body);
            v
        }
        let mut rdns = Vec::new();
        for (oid, tag, value) in attrs {
            let mut atv = tlv(0x06, oid);
            atv.extend(tlv(*tag, value));
            rdns.extend(tlv(0x31, &tlv(0x30, &atv)));
        }
        tlv(0x30, &rdns)
    }

    fn general(der: &[u8]) -> synta::Result<String> {
        super::super::rfc4514_general(der, 0)
    }

    #[test]
    fn renders_what_the_general_path_renders() {
        let cn: &[u8] = &[0x55, 0x04, 0x03];
        let email: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x01];
        let long = vec![b'a'; 300];
        let cases: Vec<Vec<u8>> = vec![
            name(&[]),
            name(&[(cn, 0x13, b"Example CA")]),
            name(&[(&[0x55, 0x04, 0x06], 0x13, b"US"), (cn, 0x0c, b"Foo, Inc.")]),
            name(&[(cn, 0x0c, " lead and trail ".as_bytes())]),
            name(&[(cn, 0x0c, "#hash".as_bytes())]),
            name(&[(cn, 0x0c, "Gr\u{fc}\u{df}e \u{4e2d}".as_bytes())]),
            name(&[(email, 0x16, b"a+b@example.com")]),
            name(&[(cn, 0x0c, b"nul\0;<>\"\\")]),
            name(&[(cn, 0x13, &long)]),
        ];
        for der in &cases {
            let fast = render(der).expect("on the fast path");
            assert_eq!(fast, general(der).unwrap(), "{der:02x?}");
        }
    }

    #[test]
    fn leaves_invalid_and_rare_forms_to_the_general_path() {
        let cn: &[u8] = &[0x55, 0x04, 0x03];
        let cases: Vec<Vec<u8>> = vec![
            // Not in the PrintableString alphabet.
            name(&[(cn, 0x13, b"a@b")]),
            // Not UTF-8.
            name(&[(cn, 0x0c, &[0xc3])]),
            // IA5String above 0x7f.
            name(&[(cn, 0x16, &[0xe9])]),
            // BMPString: valid, but not on this path.
            name(&[(cn, 0x1e, &[0, b'a'])]),
            // OID with a leading 0x80.
            name(&[(&[0x55, 0x80, 0x03], 0x13, b"x")]),
            // Non-minimal length.
            vec![0x30, 0x81, 0x00],
            // Trailing byte.
            vec![0x30, 0x00, 0x00],
            // Empty RDN.
            vec![0x30, 0x02, 0x31, 0x00],
        ];
        for der in &cases {
            assert_eq!(render(der), None, "{der:02x?}");
        }
    }

    /// Every name of the corpus, and single-byte corruptions of each: whenever the fast
    /// path renders, the general path accepts the same bytes with the same text.
    #[test]
    fn agrees_with_the_general_path_on_the_corpus_and_corruptions() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../tests/corpus/certs");
        let (mut names, mut fast, mut rendered) = (0, 0, 0);
        let files = std::fs::read_dir(dir)
            .unwrap()
            .flat_map(|set| std::fs::read_dir(set.unwrap().path()).unwrap());
        for file in files {
            let bytes = std::fs::read(file.unwrap().path()).unwrap();
            let Ok(cert) = crate::Certificate::from_der(&bytes) else {
                continue;
            };
            for der in [cert.issuer_der(), cert.subject_der()] {
                names += 1;
                match render(der) {
                    Some(text) => {
                        fast += 1;
                        assert_eq!(text, general(der).unwrap());
                    }
                    None => eprintln!("general path: {}", general(der).unwrap()),
                }
                for i in 0..der.len() {
                    for flip in [0x01u8, 0x80, 0xff] {
                        let mut bad = der.to_vec();
                        bad[i] ^= flip;
                        if let Some(text) = render(&bad) {
                            rendered += 1;
                            assert_eq!(Ok(text), general(&bad), "{bad:02x?}");
                        }
                    }
                }
            }
        }
        // The corpus has a few names in rare forms (BMPString, multi-valued RDNs).
        assert!(
            names > 250 && fast * 10 > names * 9 && rendered > 10_000,
            "{names} names, {fast} on the fast path, {rendered} corruptions rendered"
        );
    }
}
