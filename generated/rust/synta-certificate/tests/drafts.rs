//! The draft modules compiled into this crate: ML-DSA public keys of real certificates
//! (the draft's examples and the corpus), and the Merkle Tree Certificate structures on
//! DER built by hand here, byte by byte, independently of the generated encoders.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;
use synta::Encode;
use synta_certificate::mtc::{self, CertificationAuthority, LogEntry};
use synta_certificate::{Certificate, MlDsa};

mod common;
use common::{corpus, tlv};

// ---- hand-built DER (X.690 8.1: tag, definite length, contents) ----

fn seq(parts: &[&[u8]]) -> Vec<u8> {
    tlv(0x30, &parts.concat())
}

/// OID contents octets of `2.16.840.1.101.3.4.3.<last>` (NIST sigAlgs) and of SHA-256.
const ML_DSA_44: &[u8] = &[0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x11];
const SHA256: &[u8] = &[0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01];

/// `CN=<cn>` as a Name.
fn name(cn: &str) -> Vec<u8> {
    let atv = seq(&[&tlv(0x06, &[0x55, 0x04, 0x03]), &tlv(0x0c, cn.as_bytes())]);
    seq(&[&tlv(0x31, &atv)])
}

fn log_entry(with_extensions: bool) -> Vec<u8> {
    let version = tlv(0xa0, &tlv(0x02, &[0x02])); // [0] EXPLICIT v3
    let validity = seq(&[&tlv(0x17, b"250101000000Z"), &tlv(0x17, b"250108000000Z")]);
    let spki_alg = seq(&[&tlv(0x06, ML_DSA_44)]); // PARAMS ARE absent
    let hash = tlv(0x04, &[0xab; 32]);
    let mut parts: Vec<Vec<u8>> = vec![
        version,
        name("Synta MTC CA"),
        validity,
        name("example.com"),
        spki_alg,
        hash,
    ];
    if with_extensions {
        // basicConstraints, empty SEQUENCE (cA FALSE by default).
        let bc = seq(&[&tlv(0x06, &[0x55, 0x1d, 0x13]), &tlv(0x04, &seq(&[]))]);
        parts.push(tlv(0xa3, &seq(&[&bc])));
    }
    let refs: Vec<&[u8]> = parts.iter().map(Vec::as_slice).collect();
    seq(&refs)
}

#[test]
fn a_log_entry_decodes_and_reencodes_to_the_same_bytes() {
    let der = log_entry(true);
    let entry = LogEntry::from_der(&der).unwrap();
    assert_eq!(entry.version(), 3);
    assert_eq!(entry.issuer().unwrap(), "CN=Synta MTC CA");
    assert_eq!(entry.subject().unwrap(), "CN=example.com");
    assert_eq!(entry.not_before_rfc3339(), "2025-01-01T00:00:00Z");
    assert_eq!(entry.not_after_rfc3339(), "2025-01-08T00:00:00Z");
    assert_eq!(entry.public_key_algorithm_name(), Some("id-ml-dsa-44"));
    assert_eq!(
        MlDsa::from_oid(entry.public_key_algorithm()),
        Some(MlDsa::MlDsa44)
    );
    assert_eq!(entry.subject_public_key_info_hash().unwrap(), &[0xab; 32]);
    let extensions = entry.extensions().unwrap();
    assert_eq!(extensions.len(), 1);
    assert_eq!(extensions[0].extn_id.to_string(), "2.5.29.19");
    // The generated encoder gives back the hand-built bytes.
    assert_eq!(entry.raw().to_der().unwrap(), der);
    assert_eq!(entry.der(), der.as_slice());

    let without = log_entry(false);
    let entry = LogEntry::from_der(&without).unwrap();
    assert!(entry.extensions().unwrap().is_empty());
    assert_eq!(entry.raw().to_der().unwrap(), without);
}

#[test]
fn a_malformed_log_entry_is_an_error_with_the_field_path_never_a_panic() {
    let der = log_entry(true);
    // notAfter as an INTEGER instead of a Time.
    let mut broken = der.clone();
    let at = der.windows(13).position(|w| w == b"250108000000Z").unwrap();
    broken[at - 2] = 0x02;
    let e = LogEntry::from_der(&broken).unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("validity") && text.contains("notAfter"),
        "{text}"
    );
    // Every truncation and every single-byte change is handled without a panic.
    for len in 0..der.len() {
        assert!(LogEntry::from_der(&der[..len]).is_err());
    }
    for i in 0..der.len() {
        let mut m = der.clone();
        m[i] ^= 0xff;
        if let Ok(entry) = LogEntry::from_der(&m) {
            let _ = entry.issuer();
            let _ = entry.extensions();
        }
    }
}

fn certification_authority(max_serial: &[u8]) -> Vec<u8> {
    seq(&[
        &seq(&[&tlv(0x06, SHA256)]),
        &seq(&[&tlv(0x06, ML_DSA_44)]),
        &tlv(0x02, &[0x00]),
        &tlv(0x02, max_serial),
    ])
}

#[test]
fn the_ca_extension_decodes_up_to_the_largest_serial() {
    // mtcMaxSerial = 2^64-1: a 9-octet INTEGER (leading zero for the sign).
    let der = certification_authority(&[0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    let ca = CertificationAuthority::from_der(&der).unwrap();
    assert_eq!(ca.log_hash().to_string(), "2.16.840.1.101.3.4.2.1");
    assert_eq!(
        ca.signature_algorithm().to_string(),
        "2.16.840.1.101.3.4.3.17"
    );
    assert_eq!(ca.min_serial(), 0);
    assert_eq!(ca.max_serial(), u64::MAX);
    assert_eq!(ca.raw().to_der().unwrap(), der);
    // 2^64 is outside (0..mtcMaxSerial).
    let over = certification_authority(&[0x01, 0, 0, 0, 0, 0, 0, 0, 0]);
    let e = CertificationAuthority::from_der(&over).unwrap_err();
    assert!(e.to_string().contains("maxSerial"), "{e}");
    // A negative serial too.
    let negative = certification_authority(&[0xff]);
    let e = CertificationAuthority::from_der(&negative).unwrap_err();
    assert!(e.to_string().contains("maxSerial"), "{e}");
}

#[test]
fn the_draft_oids_and_their_experimental_stand_ins_are_recognized() {
    use synta_certificate::generated::merkle_tree_certificates as gen;
    // The experimental OIDs the draft gives (Sections 5.1, 5.3.2, 6.1).
    assert_eq!(
        mtc::EXPERIMENTAL_ID_ALG_MTC_PROOF.to_string(),
        "1.3.6.1.4.1.44363.47.0"
    );
    assert_eq!(
        mtc::EXPERIMENTAL_ID_RDNA_TRUST_ANCHOR_ID.to_string(),
        "1.3.6.1.4.1.44363.47.1"
    );
    assert_eq!(
        mtc::EXPERIMENTAL_ID_PE_MTC_CERTIFICATION_AUTHORITY.to_string(),
        "1.3.6.1.4.1.44363.47.2"
    );
    // The module's OIDs carry the placeholder chosen by scripts/regenerate.
    assert_eq!(gen::ID_ALG_MTC_PROOF.to_string(), "1.3.6.1.5.5.7.6.999999");
    assert!(mtc::is_mtc_proof_algorithm(&gen::ID_ALG_MTC_PROOF));
    assert!(mtc::is_mtc_proof_algorithm(
        &mtc::EXPERIMENTAL_ID_ALG_MTC_PROOF
    ));
    assert!(!mtc::is_mtc_proof_algorithm(
        &mtc::EXPERIMENTAL_ID_RDNA_TRUST_ANCHOR_ID
    ));
    assert!(mtc::is_trust_anchor_id_attribute(
        &gen::ID_RDNA_TRUST_ANCHOR_ID
    ));
    assert!(mtc::is_mtc_certification_authority_extension(
        &mtc::EXPERIMENTAL_ID_PE_MTC_CERTIFICATION_AUTHORITY
    ));
    // The draft's example trust anchor ID 32473.1 as a RELATIVE-OID: `0d 04 81 fd 59 01`.
    let value = [0x0d, 0x04, 0x81, 0xfd, 0x59, 0x01];
    let id: synta::RelativeOidRef<'_> = synta::from_der(&value).unwrap();
    assert_eq!(id.to_string(), "32473.1");
}

/// The SubjectPublicKeyInfo prefix of an ML-DSA key, built by hand: SEQUENCE { SEQUENCE {
/// OID }, BIT STRING (len+1, 0 unused bits) }; the key must follow it in the certificate.
fn spki_prefix(set: MlDsa) -> Vec<u8> {
    let last = match set {
        MlDsa::MlDsa44 => 0x11,
        MlDsa::MlDsa65 => 0x12,
        MlDsa::MlDsa87 => 0x13,
    };
    let mut oid = ML_DSA_44.to_vec();
    *oid.last_mut().unwrap() = last;
    let alg = seq(&[&tlv(0x06, &oid)]);
    let bits_len = set.public_key_len() + 1;
    let mut prefix = alg;
    prefix.extend([0x03, 0x82]);
    prefix.extend(u16::try_from(bits_len).unwrap().to_be_bytes());
    prefix.push(0x00);
    prefix
}

#[test]
fn ml_dsa_keys_of_the_draft_examples_and_the_corpus() {
    let expected = std::fs::read_to_string(corpus().join("expected.jsonl")).unwrap();
    let mut seen = [0usize; 3];
    for line in expected.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let file = v["file"].as_str().unwrap();
        let der = std::fs::read(corpus().join(file)).unwrap();
        let cert = Certificate::from_der(&der).unwrap();
        let oid = v["public_key_algorithm_oid"].as_str().unwrap();
        let want = MlDsa::ALL.into_iter().find(|m| m.oid().to_string() == oid);
        let got = cert.ml_dsa_public_key().unwrap();
        assert_eq!(got.map(|k| k.parameter_set), want, "{file}");
        let Some(key) = got else { continue };
        seen[MlDsa::ALL
            .iter()
            .position(|m| *m == key.parameter_set)
            .unwrap()] += 1;
        assert_eq!(key.key.len(), key.parameter_set.public_key_len());
        assert_eq!(
            cert.public_key_algorithm_name(),
            Some(key.parameter_set.name())
        );
        let prefix = spki_prefix(key.parameter_set);
        let at = der
            .windows(prefix.len())
            .position(|w| w == prefix)
            .unwrap_or_else(|| panic!("{file}: no hand-built SPKI prefix"));
        assert_eq!(
            key.key,
            &der[at + prefix.len()..][..key.key.len()],
            "{file}"
        );
    }
    // The draft's three examples at least.
    assert!(seen.iter().all(|n| *n >= 1), "{seen:?}");
}

#[test]
fn an_ml_dsa_key_of_the_wrong_size_is_an_error_with_its_path() {
    let path = corpus().join("certs/draft-examples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(path)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let der = std::fs::read(&files[0]).unwrap();
    let cert = Certificate::from_der(&der).unwrap();
    let set = cert.ml_dsa_public_key().unwrap().unwrap().parameter_set;
    // Relabel the key as another parameter set: same bytes, wrong size for that set.
    let other = MlDsa::ALL.into_iter().find(|m| *m != set).unwrap();
    let prefix = spki_prefix(set);
    let at = der.windows(prefix.len()).position(|w| w == prefix).unwrap();
    let mut relabelled = der.clone();
    // The OID's last octet sits right before the BIT STRING header (0x03 0x82 len len 0).
    relabelled[at + prefix.len() - 6] = match other {
        MlDsa::MlDsa44 => 0x11,
        MlDsa::MlDsa65 => 0x12,
        MlDsa::MlDsa87 => 0x13,
    };
    let cert = Certificate::from_der(&relabelled).unwrap();
    let e = cert.ml_dsa_public_key().unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("subjectPublicKeyInfo") && text.contains("subjectPublicKey"),
        "{text}"
    );
}
