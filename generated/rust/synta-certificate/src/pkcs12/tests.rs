//! Hand-built PKCS #12 files: what is read, and where malformed ones are rejected.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::walk::MAX_NESTED_SAFE_CONTENTS;
use super::*;
use synta::{Error, ErrorKind};

const ID_DATA: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01];
const ID_SIGNED_DATA: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02];
const CERT_BAG: &[u8] = &[
    0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x0c, 0x0a, 0x01, 0x03,
];
const SECRET_BAG: &[u8] = &[
    0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x0c, 0x0a, 0x01, 0x05,
];
const SAFE_CONTENTS_BAG: &[u8] = &[
    0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x0c, 0x0a, 0x01, 0x06,
];
const X509_CERTIFICATE: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x16, 0x01];
const FRIENDLY_NAME: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x14];

fn tlv(tag: u8, contents: &[u8]) -> Vec<u8> {
    let mut out = vec![tag];
    let n = contents.len();
    if n < 0x80 {
        out.push(u8::try_from(n).unwrap());
    } else {
        let octets: Vec<u8> = n
            .to_be_bytes()
            .into_iter()
            .skip_while(|&b| b == 0)
            .collect();
        out.push(0x80 | u8::try_from(octets.len()).unwrap());
        out.extend(octets);
    }
    out.extend_from_slice(contents);
    out
}

fn seq(parts: &[Vec<u8>]) -> Vec<u8> {
    tlv(0x30, &parts.concat())
}

fn oid(contents: &[u8]) -> Vec<u8> {
    tlv(0x06, contents)
}

fn explicit0(inner: Vec<u8>) -> Vec<u8> {
    tlv(0xa0, &inner)
}

/// A ContentInfo of type data holding `encoding`.
fn data(encoding: &[u8]) -> Vec<u8> {
    seq(&[oid(ID_DATA), explicit0(tlv(0x04, encoding))])
}

/// A PFX of `version` whose AuthenticatedSafe has one data part holding `bags`.
fn pfx(version: u8, bags: &[Vec<u8>]) -> Vec<u8> {
    seq(&[tlv(0x02, &[version]), data(&seq(&[data(&seq(bags))]))])
}

fn bag(id: &[u8], value: Vec<u8>, attributes: &[Vec<u8>]) -> Vec<u8> {
    let mut parts = vec![oid(id), explicit0(value)];
    if !attributes.is_empty() {
        parts.push(tlv(0x31, &attributes.concat()));
    }
    seq(&parts)
}

fn cert_bag(certificate: &[u8], attributes: &[Vec<u8>]) -> Vec<u8> {
    let value = seq(&[oid(X509_CERTIFICATE), explicit0(tlv(0x04, certificate))]);
    bag(CERT_BAG, value, attributes)
}

fn friendly_name(values: &[&str]) -> Vec<u8> {
    let values: Vec<Vec<u8>> = values
        .iter()
        .map(|v| {
            let ucs2: Vec<u8> = v.encode_utf16().flat_map(u16::to_be_bytes).collect();
            tlv(0x1e, &ucs2)
        })
        .collect();
    seq(&[oid(FRIENDLY_NAME), tlv(0x31, &values.concat())])
}

/// A stand-in for a certificate: PKCS #12 carries it without looking inside.
fn certificate() -> Vec<u8> {
    seq(&[tlv(0x02, &[7])])
}

/// Where `needle` first occurs in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> usize {
    haystack
        .windows(needle.len())
        .position(|w| w == needle)
        .unwrap()
}

fn path(e: &Error) -> String {
    let mut s = String::new();
    e.write_path(&mut s).unwrap();
    s
}

#[test]
fn a_certificate_bag_gives_its_certificate_and_friendly_name() {
    let file = pfx(
        3,
        &[cert_bag(&certificate(), &[friendly_name(&["Ünïcode ✓"])])],
    );
    let got = pkcs12_contents(&file).unwrap();
    assert_eq!(got.certificates.len(), 1);
    assert_eq!(got.certificates[0].der, certificate());
    assert_eq!(
        got.certificates[0].friendly_name.as_deref(),
        Some("Ünïcode ✓")
    );
    assert_eq!(got.certificates[0].local_key_id, None);
    assert_eq!(Pkcs12Contents::from_der(&file).unwrap(), got);
}

#[test]
fn a_version_other_than_3_is_reported_at_the_version() {
    let file = pfx(2, &[]);
    let e = pkcs12_contents(&file).unwrap_err();
    assert_eq!(e.offset(), find(&file, &[0x02, 0x01, 0x02]));
    assert_eq!(path(&e), "PFX.version");
}

#[test]
fn a_broken_certificate_is_reported_at_its_offset_in_the_file() {
    // A SEQUENCE header claiming more than is there.
    let broken = [0x30, 0x7f, 0x02, 0x01, 0x05];
    let file = pfx(3, &[cert_bag(&certificate(), &[]), cert_bag(&broken, &[])]);
    let e = pkcs12_contents(&file).unwrap_err();
    let start = find(&file, &broken);
    assert!(
        (start..start + broken.len()).contains(&e.offset()),
        "{e} (broken bytes at {start})"
    );
    assert_eq!(
        path(&e),
        "PFX.authSafe.content[0].content[1].bagValue.certValue"
    );
}

#[test]
fn nested_safe_contents_are_followed_up_to_the_bound() {
    let nest = |levels: usize| {
        let mut bags = vec![cert_bag(&certificate(), &[])];
        for _ in 0..levels {
            bags = vec![bag(SAFE_CONTENTS_BAG, seq(&bags), &[])];
        }
        pfx(3, &bags)
    };
    let got = pkcs12_contents(&nest(MAX_NESTED_SAFE_CONTENTS)).unwrap();
    assert_eq!(got.certificates.len(), 1);
    let e = pkcs12_contents(&nest(MAX_NESTED_SAFE_CONTENTS + 1)).unwrap_err();
    assert_eq!(
        e.kind(),
        &ErrorKind::Unsupported("safeContentsBag nested too deeply")
    );
    // Far deeper than any stack allows for one frame per level: still an error.
    assert!(pkcs12_contents(&nest(2_000)).is_err());
}

#[test]
fn single_valued_attributes_are_checked() {
    let twice = pfx(
        3,
        &[cert_bag(
            &certificate(),
            &[friendly_name(&["a"]), friendly_name(&["b"])],
        )],
    );
    let e = pkcs12_contents(&twice).unwrap_err();
    assert_eq!(
        e.kind(),
        &ErrorKind::InvalidValue("friendlyName appears twice")
    );
    assert_eq!(
        path(&e),
        "PFX.authSafe.content[0].content[0].bagAttributes[1].attrValues[0]"
    );
    let two_values = pfx(
        3,
        &[cert_bag(&certificate(), &[friendly_name(&["a", "b"])])],
    );
    let e = pkcs12_contents(&two_values).unwrap_err();
    let second = find(&two_values, &[0x1e, 0x02, 0x00, b'b']);
    assert_eq!(e.offset(), second);
}

#[test]
fn a_malformed_attribute_value_is_reported_with_its_index() {
    // A BMPString of odd length is no UCS-2.
    let bad = seq(&[
        oid(FRIENDLY_NAME),
        tlv(0x31, &tlv(0x1e, &[0x00, 0x61, 0x00])),
    ]);
    let file = pfx(3, &[cert_bag(&certificate(), &[bad])]);
    let e = pkcs12_contents(&file).unwrap_err();
    assert_eq!(
        path(&e),
        "PFX.authSafe.content[0].content[0].bagAttributes[0].attrValues[0]"
    );
    assert_eq!(e.offset(), find(&file, &[0x1e, 0x03]) + 2);
}

#[test]
fn public_key_integrity_mode_and_unknown_parts_are_refused_clearly() {
    // The smallest SignedData: version 1, no digest algorithms, data, no signers.
    let signed_data = seq(&[
        tlv(0x02, &[1]),
        tlv(0x31, &[]),
        seq(&[oid(ID_DATA)]),
        tlv(0x31, &[]),
    ]);
    let signed = seq(&[oid(ID_SIGNED_DATA), explicit0(signed_data.clone())]);
    let file = seq(&[tlv(0x02, &[3]), signed.clone()]);
    let e = pkcs12_contents(&file).unwrap_err();
    assert_eq!(
        e.kind(),
        &ErrorKind::Unsupported("public-key integrity mode (a signedData authSafe)")
    );
    assert_eq!(path(&e), "PFX.authSafe");
    // Reported at the content itself.
    assert_eq!(e.offset(), find(&file, &signed_data));
    // An AuthenticatedSafe part may not be a SignedData.
    let file = seq(&[tlv(0x02, &[3]), data(&seq(&[signed]))]);
    let e = pkcs12_contents(&file).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{e}");
    assert_eq!(path(&e), "PFX.authSafe.content[0].contentType");
}

#[test]
fn other_bags_are_listed_by_their_identifier() {
    let secret = seq(&[oid(&[0x2a, 0x03]), explicit0(tlv(0x04, b"s"))]);
    let got = pkcs12_contents(&pfx(3, &[bag(SECRET_BAG, secret, &[])])).unwrap();
    assert_eq!(got.other_bags, ["1.2.840.113549.1.12.10.1.5"]);
    assert!(got.certificates.is_empty());
}
