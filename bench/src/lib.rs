//! Adapters that put X.509 certificate parsers behind one [`Parser`] trait, so that
//! `benches/x509_compare.rs` measures every library doing the same work.
//!
//! Each library has its adapter in `src/<lib>.rs`; ours (`synta`, the project's
//! `generated/rust/synta-certificate`) is in `src/ours.rs`. To add another one:
//!
//! 1. add the dependency in `Cargo.toml`;
//! 2. write `src/<lib>.rs` with a unit struct implementing [`Parser`] (copy
//!    `src/synta_0_5_1.rs` or `src/ours.rs`);
//! 3. add `pub mod <lib>;` below and its `entry::<...>()` in [`parsers`].
//!
//! The benchmark, the dataset pre-filter, the cross-check and `report.py` pick it up from
//! there.

pub mod corpus;
pub mod openssl;
pub mod ours;
pub mod synta_0_5_1;
pub mod synta_c;
pub mod x509_cert;
pub mod x509_parser;

use std::hint::black_box;

/// What the `fields` profile extracts from a certificate, the same for every library.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fields {
    /// The raw `version` value: 0 for v1 (also when absent), 2 for v3.
    pub version: u8,
    /// The serial number's magnitude in lowercase hex, no leading zero bytes, with a `-`
    /// before it when negative.
    pub serial_hex: String,
    /// The issuer as a string, with the library's own DN formatter (formats differ).
    pub issuer: String,
    /// The subject as a string, with the library's own DN formatter (formats differ).
    pub subject: String,
    /// `signatureAlgorithm.algorithm`, dotted decimal.
    pub sig_alg_oid: String,
    /// The bytes of `signatureValue` (the BIT STRING's content after its unused-bits octet).
    pub signature: Vec<u8>,
    /// `notBefore` in seconds since the Unix epoch.
    pub not_before: i64,
    /// `notAfter` in seconds since the Unix epoch.
    pub not_after: i64,
    /// `subjectPublicKeyInfo.algorithm.algorithm`, dotted decimal.
    pub pk_alg_oid: String,
    /// The bytes of `subjectPublicKey`.
    pub public_key: Vec<u8>,
}

/// One X.509 parser under test.
pub trait Parser {
    /// The criterion function name (`synta`, `synta_0_5_1`, `x509_parser`, ...).
    const NAME: &'static str;

    /// Parse `der` as a Certificate with the library's ordinary entry point; `true` if it
    /// parsed. The parsed value goes through [`black_box`] before it is dropped.
    fn parse(der: &[u8]) -> bool;

    /// Parse `der` and extract [`Fields`] with the library's own accessors.
    fn fields(der: &[u8]) -> Option<Fields>;
}

/// A [`Parser`] behind function pointers, so that the list of parsers lives in one place.
///
/// The per-dataset loops are monomorphised for each parser: one indirect call per
/// criterion iteration (the whole dataset), none per certificate.
#[derive(Clone, Copy)]
pub struct Entry {
    pub name: &'static str,
    /// Parse every certificate; returns how many parsed.
    pub parse_all: fn(&[Vec<u8>]) -> usize,
    /// Extract [`Fields`] of every certificate; returns how many succeeded.
    pub fields_all: fn(&[Vec<u8>]) -> usize,
    /// [`Parser::parse`] of one certificate.
    pub parse: fn(&[u8]) -> bool,
    /// [`Parser::fields`] of one certificate.
    pub fields: fn(&[u8]) -> Option<Fields>,
}

fn parse_all<P: Parser>(certs: &[Vec<u8>]) -> usize {
    certs.iter().filter(|der| P::parse(black_box(der))).count()
}

fn fields_all<P: Parser>(certs: &[Vec<u8>]) -> usize {
    let mut ok = 0;
    for der in certs {
        if let Some(fields) = P::fields(black_box(der)) {
            black_box(&fields);
            ok += 1;
        }
    }
    ok
}

/// The [`Entry`] of a [`Parser`].
pub fn entry<P: Parser>() -> Entry {
    Entry {
        name: P::NAME,
        parse_all: parse_all::<P>,
        fields_all: fields_all::<P>,
        parse: P::parse,
        fields: P::fields,
    }
}

/// Every parser under test, in the order the benchmark runs them. The first one is the
/// reference that the cross-check compares the others to.
pub fn parsers() -> Vec<Entry> {
    vec![
        entry::<synta_0_5_1::Synta051>(),
        entry::<ours::Synta>(),
        entry::<synta_c::SyntaC>(),
        entry::<x509_parser::X509Parser>(),
        entry::<x509_cert::X509Cert>(),
        entry::<openssl::OpenSsl>(),
    ]
}

/// Lowercase hex of `bytes`.
// Table-driven rather than `write!("{b:02x}")`: the harness's own cost is part of every
// adapter's `fields` time, and the formatting machinery made it about a fifth of the
// fastest adapters' time (callgrind), hiding the differences between the parsers.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = Vec::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(DIGITS[usize::from(b >> 4)]);
        out.push(DIGITS[usize::from(b & 0x0f)]);
    }
    // Only ASCII digits were written.
    String::from_utf8(out).unwrap_or_default()
}

/// [`Fields::serial_hex`] from the content octets of a DER INTEGER (two's complement).
pub fn serial_hex_twos_complement(bytes: &[u8]) -> String {
    if bytes.first().is_some_and(|b| b & 0x80 != 0) {
        // Negative: the magnitude is the two's complement of the value.
        let mut mag: Vec<u8> = bytes.iter().map(|b| !b).collect();
        for b in mag.iter_mut().rev() {
            let (v, carry) = b.overflowing_add(1);
            *b = v;
            if !carry {
                break;
            }
        }
        format!("-{}", serial_hex_magnitude(&mag))
    } else {
        serial_hex_magnitude(bytes)
    }
}

/// [`Fields::serial_hex`] from a big-endian magnitude.
pub fn serial_hex_magnitude(bytes: &[u8]) -> String {
    let first = bytes.iter().position(|&b| b != 0).unwrap_or(bytes.len());
    let bytes = &bytes[first..];
    if bytes.is_empty() {
        "00".to_string()
    } else {
        hex(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serial_hex_forms() {
        assert_eq!(serial_hex_twos_complement(&[0x00, 0x80]), "80");
        assert_eq!(serial_hex_twos_complement(&[0x01, 0x02]), "0102");
        assert_eq!(serial_hex_twos_complement(&[0x00]), "00");
        assert_eq!(serial_hex_twos_complement(&[0xff]), "-01");
        assert_eq!(serial_hex_twos_complement(&[0xff, 0x00]), "-0100");
        assert_eq!(serial_hex_twos_complement(&[0x80]), "-80");
        assert_eq!(serial_hex_magnitude(&[0x00, 0x00, 0x7f]), "7f");
        assert_eq!(hex(&[0x00, 0x0f, 0xa5, 0xf0, 0xff]), "000fa5f0ff");
        let every: Vec<u8> = (0..=255).collect();
        let expected: String = every.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex(&every), expected);
    }
}
