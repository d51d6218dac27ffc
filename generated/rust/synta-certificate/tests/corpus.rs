//! The committed corpus (tests/corpus): every certificate decodes, re-encodes to the same
//! bytes and matches the fields pyca/cryptography reads; malformed files are rejected;
//! CRLs, CSRs and OCSP messages decode and re-encode.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

use synta::{Decode as _, Encode};
use synta_certificate::{Certificate, Crl, Csr, OcspRequest, OcspResponse};

mod common;
use common::{corpus, files, tlv};

fn rel(p: &Path) -> String {
    p.strip_prefix(corpus())
        .unwrap()
        .to_string_lossy()
        .replace('\\', "/")
}

#[test]
fn every_certificate_matches_the_reference() {
    let expected: Vec<serde_json::Value> = std::fs::read_to_string(corpus().join("expected.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let certs = files("certs", "der");
    assert!(certs.len() >= 140, "corpus missing: {}", certs.len());
    assert_eq!(certs.len(), expected.len());
    let mut failures = Vec::new();
    for path in &certs {
        let name = rel(path);
        let der = std::fs::read(path).unwrap();
        let want = expected
            .iter()
            .find(|e| e["file"] == name.as_str())
            .unwrap();
        let cert = match Certificate::from_der(&der) {
            Ok(c) => c,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        if let Err(e) = cert.validate() {
            failures.push(format!("{name}: validate: {e}"));
        }
        assert_eq!(cert.raw().to_der().unwrap(), der, "{name}: re-encoding");
        let mut check = |what: &str, got: String, want: &serde_json::Value| {
            if want.as_str() != Some(got.as_str()) {
                failures.push(format!("{name}: {what}: got {got:?}, want {want}"));
            }
        };
        check("serial", cert.serial_hex(), &want["serial"]);
        check(
            "issuer",
            cert.issuer().unwrap_or_else(|e| e.to_string()),
            &want["issuer"],
        );
        check(
            "subject",
            cert.subject().unwrap_or_else(|e| e.to_string()),
            &want["subject"],
        );
        check("not_before", cert.not_before_rfc3339(), &want["not_before"]);
        check("not_after", cert.not_after_rfc3339(), &want["not_after"]);
        check(
            "signature_algorithm",
            cert.signature_algorithm().to_string(),
            &want["signature_algorithm_oid"],
        );
        check(
            "public_key_algorithm",
            cert.public_key_algorithm().to_string(),
            &want["public_key_algorithm_oid"],
        );
        if want["version"].as_u64() != Some(u64::from(cert.version())) {
            failures.push(format!("{name}: version {}", cert.version()));
        }
        let exts: Vec<(String, bool)> = cert
            .extensions()
            .unwrap()
            .iter()
            .map(|e| (e.extn_id.to_string(), e.critical))
            .collect();
        let want_exts: Vec<(String, bool)> = want["extensions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["oid"].as_str().unwrap().to_string(),
                    e["critical"].as_bool().unwrap(),
                )
            })
            .collect();
        if exts != want_exts {
            failures.push(format!("{name}: extensions {exts:?} != {want_exts:?}"));
        }
        assert!(!cert.public_key().unwrap().is_empty());
        assert!(!cert.signature().unwrap().is_empty());
        assert!(cert.tbs_der().len() < der.len());
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn typed_extensions_of_generated_certificates() {
    let mut seen_san = 0;
    let mut seen_bc = 0;
    for path in files("certs/generated", "der") {
        let der = std::fs::read(&path).unwrap();
        let cert = Certificate::from_der(&der).unwrap();
        if let Some(san) = cert.subject_alt_name().unwrap() {
            assert!(!san.is_empty());
            seen_san += 1;
        }
        if let Some(bc) = cert.basic_constraints().unwrap() {
            let _ = bc.ca;
            seen_bc += 1;
        }
        cert.key_usage().unwrap();
        cert.ext_key_usage().unwrap();
        cert.subject_key_identifier().unwrap();
        cert.authority_key_identifier().unwrap();
        cert.crl_distribution_points().unwrap();
        cert.authority_info_access().unwrap();
        cert.certificate_policies().unwrap();
        cert.name_constraints().unwrap();
    }
    assert!(seen_san > 5 && seen_bc > 5, "{seen_san} {seen_bc}");
}

#[test]
fn malformed_certificates_are_rejected() {
    let index = std::fs::read_to_string(corpus().join("malformed/index.tsv")).unwrap();
    let mut checked = 0;
    for line in index.lines().skip(1) {
        let file = line.split('\t').next().unwrap();
        let der = std::fs::read(corpus().join("malformed").join(file)).unwrap();
        let verdict = Certificate::from_der(&der).and_then(|c| c.validate());
        assert!(verdict.is_err(), "{file} was accepted");
        checked += 1;
    }
    assert!(checked >= 20);
}

#[test]
fn crls_csrs_and_ocsp_decode_and_reencode() {
    for path in files("crls", "der").into_iter().chain(files("crls", "crl")) {
        let der = std::fs::read(&path).unwrap();
        let crl = Crl::from_der(&der).unwrap_or_else(|e| panic!("{}: {e}", rel(&path)));
        crl.issuer().unwrap();
        crl.extensions().unwrap();
        assert_eq!(crl.raw().to_der().unwrap(), der);
    }
    for path in files("csrs", "der").into_iter().chain(files("csrs", "csr")) {
        let der = std::fs::read(&path).unwrap();
        let csr = Csr::from_der(&der).unwrap_or_else(|e| panic!("{}: {e}", rel(&path)));
        csr.subject().unwrap();
        assert_eq!(csr.raw().to_der().unwrap(), der);
    }
    for path in files("ocsp", "der") {
        let der = std::fs::read(&path).unwrap();
        let name = rel(&path);
        if name.contains("req") {
            let r = OcspRequest::from_der(&der).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(!r.serials_hex().is_empty());
            assert_eq!(r.raw().to_der().unwrap(), der);
        } else {
            let r = OcspResponse::from_der(&der).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(r.raw().to_der().unwrap(), der);
        }
    }
}

#[test]
fn pkcs7_and_pem_bundles_give_their_certificates() {
    let p7 = std::fs::read(corpus().join("pkcs7/certs_only.p7b.der")).unwrap();
    let from_p7 = synta_certificate::pkcs7_certificates(&p7).unwrap();
    let pem = std::fs::read(corpus().join("pkcs7/bundle.pem")).unwrap();
    let from_pem = synta_certificate::pem_blocks(&pem, "CERTIFICATE").unwrap();
    assert!(!from_p7.is_empty());
    assert_eq!(from_pem.len(), 7);
    for der in from_p7.iter().chain(&from_pem) {
        let cert = Certificate::from_der(der).unwrap();
        cert.validate().unwrap();
    }
    let certs = synta_certificate::certificates_from_pem(&from_pem).unwrap();
    assert!(certs.iter().all(|c| c.subject().unwrap().contains("CN=")));
    // Not a SignedData: a clear error, no panic.
    let der = std::fs::read(corpus().join("ocsp/request.der")).unwrap();
    assert!(synta_certificate::pkcs7_certificates(&der).is_err());
}

/// Differential check against the pyca/cryptography installed on this machine (skipped
/// when python3 or cryptography is missing): issuer and subject strings of every corpus
/// certificate, computed now rather than read from `expected.jsonl`.
#[test]
fn names_match_installed_pyca_cryptography() {
    let script = r#"
import sys, glob
from cryptography import x509
for p in sorted(glob.glob(sys.argv[1] + "/**/*.der", recursive=True)):
    c = x509.load_der_x509_certificate(open(p, "rb").read())
    print(p + "\t" + c.issuer.rfc4514_string() + "\t" + c.subject.rfc4514_string())
"#;
    let certs = corpus().join("certs");
    let Some(text) = common::python_output(script, [&certs]) else {
        return;
    };
    let mut compared = 0;
    for line in text.lines() {
        let mut parts = line.split('\t');
        let (path, issuer, subject) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        let der = std::fs::read(path).unwrap();
        let cert = Certificate::from_der(&der).unwrap();
        assert_eq!(cert.issuer().unwrap(), issuer, "{path}");
        assert_eq!(cert.subject().unwrap(), subject, "{path}");
        compared += 1;
    }
    assert!(compared >= 140, "{compared}");
}

/// The TLVs of `contents`, each as its whole encoding.
fn elements(contents: &[u8]) -> Vec<Vec<u8>> {
    let mut r = synta::Reader::new(contents, synta::Rules::Der);
    let mut out = Vec::new();
    while !r.is_finished() {
        out.push(synta::AnyRef::decode(&mut r).unwrap().raw().to_vec());
    }
    out
}

/// `Extensions ::= SEQUENCE SIZE (1..MAX) OF Extension` (RFC 5280 4.1): an empty list
/// is rejected when the certificate is decoded, although the list itself is decoded on
/// demand (found by the C/Rust differential on mutated inputs).
#[test]
fn an_empty_extension_list_is_rejected() {
    let path = files("certs", "der")
        .into_iter()
        .find(|p| {
            let der = std::fs::read(p).unwrap();
            Certificate::from_der(&der)
                .unwrap()
                .extensions()
                .unwrap()
                .len()
                > 1
        })
        .unwrap();
    let der = std::fs::read(&path).unwrap();
    let cert = elements(synta::AnyRef::from_der(&der).unwrap().content());
    let mut tbs = elements(synta::AnyRef::from_der(&cert[0]).unwrap().content());
    let list = tbs.pop().unwrap();
    assert_eq!(list[0], 0xA3, "{}", rel(&path));
    let list = elements(synta::AnyRef::from_der(&list).unwrap().content());
    let extensions = elements(synta::AnyRef::from_der(&list[0]).unwrap().content());
    let with = |list: &[Vec<u8>]| {
        let mut fields = tbs.clone();
        fields.push(tlv(0xA3, &tlv(0x30, &list.concat())));
        let mut body = tlv(0x30, &fields.concat());
        body.extend_from_slice(&cert[1]);
        body.extend_from_slice(&cert[2]);
        tlv(0x30, &body)
    };
    let empty = with(&[]);
    let err = Certificate::from_der(&empty).unwrap_err();
    assert!(err.to_string().contains("SIZE (1..MAX)"), "{err}");
    // The same certificate with one extension left decodes.
    let one = with(&extensions[..1]);
    assert_eq!(
        Certificate::from_der(&one)
            .unwrap()
            .extensions()
            .unwrap()
            .len(),
        1
    );
    // extKeyUsage and subjectAltName values are SIZE (1..MAX) lists too, decoded on
    // their own (not as components), with the generated *_CONSTRAINT checked.
    for (oid, name) in [(0x25u8, "extKeyUsage"), (0x11, "subjectAltName")] {
        let ext = tlv(
            0x30,
            &[tlv(0x06, &[0x55, 0x1d, oid]), tlv(0x04, &tlv(0x30, &[]))].concat(),
        );
        let der = with(&[ext]);
        let cert = Certificate::from_der(&der).unwrap();
        let err = if oid == 0x25 {
            cert.ext_key_usage().map(|_| ()).unwrap_err()
        } else {
            cert.subject_alt_name().map(|_| ()).unwrap_err()
        };
        let text = err.to_string();
        assert!(
            text.contains(name) && text.contains("SIZE (1..MAX)"),
            "{text}"
        );
    }
}
