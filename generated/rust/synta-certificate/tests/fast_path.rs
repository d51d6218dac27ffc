//! The DER fast path (`synta::fast`) against the general decoder: for every corpus file,
//! seeded mutations of it, and every element nested in them decoded as each of a set of
//! certificate types, `synta::decode` (fast path first) and `synta::decode_general`
//! return the same value or the same error.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::cast_possible_truncation
)]

use synta::{Decode, Limits, Rules};
use synta_certificate::generated::{
    ocsp_2013_08 as ocsp, pkcs_10, pkix1_explicit_2009 as x509, pkix1_implicit_2009 as ext,
};

mod common;

fn der_files(dir: &str) -> Vec<Vec<u8>> {
    let out: Vec<Vec<u8>> = common::files(dir, "der")
        .iter()
        .map(|p| std::fs::read(p).unwrap())
        .collect();
    assert!(!out.is_empty(), "no corpus files under {dir}");
    out
}

/// Both paths on `bytes` as a `T`; true when the fast path decoded it.
fn same<'a, T: Decode<'a> + PartialEq + std::fmt::Debug>(bytes: &'a [u8]) -> bool {
    let with_fast = synta::decode::<T>(bytes, Rules::Der);
    let general = synta::decode_general::<T>(bytes, Rules::Der, Limits::DEFAULT);
    assert_eq!(
        with_fast,
        general,
        "{}: fast path and general decoder differ on {:02x?}",
        std::any::type_name::<T>(),
        &bytes[..bytes.len().min(64)]
    );
    // `==` leaves out what is not part of a value (an OCTET STRING's offset); `Debug`
    // shows it.
    if let (Ok(f), Ok(g)) = (&with_fast, &general) {
        assert_eq!(format!("{f:?}"), format!("{g:?}"));
    }
    general.is_ok()
}

/// SplitMix64: a fixed sequence, so a failure reproduces.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// One to three random edits: bit flips, octets set to telling values, deletions,
/// insertions, truncation.
fn mutate(input: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut v = input.to_vec();
    for _ in 0..=rng.below(3) {
        if v.is_empty() {
            break;
        }
        let at = rng.below(v.len());
        match rng.below(6) {
            0 => v[at] ^= 1 << rng.below(8),
            1 => v[at] = [0x00, 0x80, 0x81, 0x82, 0xff, 0x1f, 0x30, 0xa0][rng.below(8)],
            2 => {
                v.remove(at);
            }
            3 => v.insert(at, rng.next() as u8),
            4 => v.truncate(at),
            _ => v[at] = v[at].wrapping_add(1),
        }
    }
    v
}

/// Every element nested in `bytes` (definite lengths), descending into constructed
/// values and into OCTET / BIT STRINGs that hold DER.
fn elements(bytes: &[u8], out: &mut Vec<Vec<u8>>, depth: usize) {
    let mut rest = bytes;
    while let Some((hl, len)) = header(rest) {
        let Some(element) = rest.get(..hl + len) else {
            return;
        };
        out.push(element.to_vec());
        if depth < 12 {
            let content = &element[hl..];
            match element[0] {
                id if id & 0x20 != 0 => elements(content, out, depth + 1),
                0x04 => elements(content, out, depth + 1),
                0x03 if !content.is_empty() => elements(&content[1..], out, depth + 1),
                _ => {}
            }
        }
        rest = &rest[hl + len..];
    }
}

fn header(b: &[u8]) -> Option<(usize, usize)> {
    match *b {
        [id, ..] if id & 0x1f == 0x1f => None,
        [_, l, ..] if l < 0x80 => Some((2, usize::from(l))),
        [_, 0x81, n, ..] => Some((3, usize::from(n))),
        [_, 0x82, a, b, ..] => Some((4, usize::from(a) << 8 | usize::from(b))),
        _ => None,
    }
}

/// Each nested element as each of the types a certificate is made of.
fn nested_types(bytes: &[u8]) -> usize {
    let mut found = Vec::new();
    elements(bytes, &mut found, 0);
    let mut decoded = 0;
    for e in &found {
        decoded += [
            same::<x509::TbsCertificate>(e),
            same::<x509::Validity>(e),
            same::<x509::Time>(e),
            same::<x509::SubjectPublicKeyInfo>(e),
            same::<x509::Name>(e),
            same::<synta_certificate::Extension>(e),
            same::<ext::GeneralName>(e),
            same::<ext::BasicConstraints>(e),
            same::<ext::AuthorityKeyIdentifier>(e),
            same::<ext::NameConstraints>(e),
            same::<ext::DistributionPoint>(e),
            same::<ext::PolicyInformation>(e),
            same::<ext::AccessDescription>(e),
            same::<ext::GeneralNames>(e),
            same::<ext::CertificatePolicies>(e),
            same::<ext::CrlDistributionPoints>(e),
            same::<ext::ExtKeyUsageSyntax>(e),
            same::<ext::AuthorityInfoAccessSyntax>(e),
        ]
        .iter()
        .filter(|&&ok| ok)
        .count();
    }
    decoded
}

#[test]
fn fast_path_agrees_on_the_corpus_and_its_elements() {
    let mut decoded = 0;
    for der in der_files("certs") {
        assert!(
            same::<x509::Certificate>(&der),
            "corpus certificate rejected"
        );
        lazy_parts(&der);
        decoded += nested_types(&der);
    }
    for der in der_files("crls") {
        assert!(same::<x509::CertificateList>(&der));
        decoded += nested_types(&der);
    }
    for der in der_files("csrs") {
        assert!(same::<pkcs_10::CertificationRequest>(&der));
        decoded += nested_types(&der);
    }
    for der in der_files("ocsp") {
        let request = same::<ocsp::OcspRequest>(&der);
        let response = same::<ocsp::OcspResponse>(&der);
        assert!(request || response);
        same::<ocsp::BasicOcspResponse>(&der);
        decoded += nested_types(&der);
    }
    // Both paths decode many elements (a test that compares only errors proves little).
    assert!(decoded > 2_000, "only {decoded} elements decoded");
}

/// `AnyRef::decode_as` (what `Lazy::get` runs: fast path first, at the element's own
/// offset) against the general decoder run the same way.
fn same_at<'a, T: Decode<'a> + PartialEq + std::fmt::Debug>(any: synta::AnyRef<'a>) {
    let general = (|| {
        let mut r = synta::Reader::sub(any.raw(), any.offset(), Rules::Der, 0, Limits::DEFAULT);
        let v = T::decode(&mut r)?;
        r.finish()?;
        Ok(v)
    })();
    let with_fast = any.decode_as::<T>(Rules::Der);
    assert_eq!(with_fast, general);
    if let (Ok(f), Ok(g)) = (&with_fast, &general) {
        assert_eq!(format!("{f:?}"), format!("{g:?}"));
    }
}

/// The lazily kept parts of a certificate, decoded where they lie.
fn lazy_parts(der: &[u8]) {
    if let Ok(cert) = synta::decode_general::<x509::Certificate>(der, Rules::Der, Limits::DEFAULT) {
        let tbs = &cert.to_be_signed;
        same_at::<x509::Name>(tbs.issuer.as_any());
        same_at::<x509::Name>(tbs.subject.as_any());
        if let Some(extensions) = &tbs.extensions {
            same_at::<Vec<synta_certificate::Extension>>(extensions.as_any());
        }
    }
}

#[test]
fn fast_path_agrees_on_mutations() {
    // More per file, or another seed, for a longer run:
    // SYNTA_FAST_MUTATIONS=2000 SYNTA_FAST_SEED=7 cargo test --release --test fast_path
    let rounds: usize = std::env::var("SYNTA_FAST_MUTATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(150);
    let seed: u64 = std::env::var("SYNTA_FAST_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let mut rng = Rng(seed);
    let (mut accepted, mut rejected) = (0, 0);
    for der in der_files("certs")
        .iter()
        .chain(&der_files("crls"))
        .chain(&der_files("csrs"))
        .chain(&der_files("ocsp"))
    {
        for round in 0..rounds {
            let m = mutate(der, &mut rng);
            let ok = same::<x509::Certificate>(&m)
                | same::<x509::CertificateList>(&m)
                | same::<pkcs_10::CertificationRequest>(&m)
                | same::<ocsp::OcspResponse>(&m);
            if ok {
                accepted += 1;
            } else {
                rejected += 1;
            }
            lazy_parts(&m);
            if round % 25 == 0 {
                nested_types(&m);
            }
        }
    }
    // Mutations must reach both verdicts for the comparison to mean something.
    assert!(
        accepted > 500 && rejected > 5_000,
        "{accepted} accepted, {rejected} rejected"
    );
}
