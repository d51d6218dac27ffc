//! The MTCProof in the signature of a Merkle Tree Certificate, found through
//! `Certificate::mtc_proof` on certificates built by hand here (the corpus has no MTC
//! certificate): the ordinary certificates of the corpus have none.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use synta_certificate::mtc::{MtcProof, OwnedMtcProof};
use synta_certificate::{Certificate, ErrorKind};

mod common;
use common::tlv;

const P256: &[u8] = include_bytes!("../../../../runtime-rust/synta/tests/data/selfsigned-p256.der");
/// Contents octets of 1.3.6.1.4.1.44363.47.0, the experimental id-alg-mtcProof.
const MTC_PROOF_OID: &[u8] = &[43, 6, 1, 4, 1, 130, 218, 75, 47, 0];

/// A certificate with P256's TBSCertificate, the MTC proof algorithm and `bits` (the
/// BIT STRING contents: unused-bits octet first); also where `bits` starts.
fn mtc_certificate(bits: &[u8]) -> (Vec<u8>, usize) {
    let tbs = Certificate::from_der(P256).unwrap().tbs_der().to_vec();
    let alg = tlv(0x30, &tlv(0x06, MTC_PROOF_OID));
    let sig = tlv(0x03, bits);
    let cert = tlv(0x30, &[tbs, alg, sig.clone()].concat());
    let at = cert.len() - bits.len();
    (cert, at)
}

fn proof(last_signature: &[u8]) -> Vec<u8> {
    OwnedMtcProof {
        extensions: vec![(0, vec![7, 7])],
        start: 1024,
        end: 1536,
        inclusion_proof: vec![vec![0x11; 32]; 9],
        signatures: vec![
            (b"\x01\x02".to_vec(), vec![0x55; 64]),
            (b"\x01\x03".to_vec(), last_signature.to_vec()),
        ],
    }
    .encode()
    .unwrap()
}

#[test]
fn an_mtc_certificate_carries_its_proof() {
    let bytes = proof(b"sig");
    let (der, at) = mtc_certificate(&[&[0][..], &bytes].concat());
    let cert = Certificate::from_der(&der).unwrap();
    let p = cert.mtc_proof().expect("MTC algorithm").unwrap();
    assert_eq!(p.raw(), &bytes[..]);
    assert_eq!(p.raw().as_ptr(), der[at + 1..].as_ptr());
    assert_eq!((p.start, p.end), (1024, 1536));
    assert_eq!(p.inclusion_proof().len(), 9);
    let ids: Vec<&[u8]> = p.signatures().map(|s| s.cosigner_id).collect();
    assert_eq!(ids, [&[1u8, 2][..], &[1, 3][..]]);
    assert_eq!(p, MtcProof::decode_sha256(&bytes).unwrap());
    // 288 bytes of inclusion proof are six 48-byte hashes too.
    let p48 = cert.mtc_proof_with_hash_size(48).unwrap().unwrap();
    assert_eq!(p48.inclusion_proof().len(), 6);
}

#[test]
fn a_bad_proof_is_reported_at_its_offset_in_the_certificate() {
    let mut bytes = proof(b"sig");
    // The second cosigner ID (01 03) becomes 01 01, before the first (01 02).
    let second = bytes.len() - (1 + 2 + 2 + 3);
    bytes[second + 2] = 1;
    let (der, at) = mtc_certificate(&[&[0][..], &bytes].concat());
    let cert = Certificate::from_der(&der).unwrap();
    let e = cert.mtc_proof().unwrap().unwrap_err();
    assert_eq!(e.offset(), at + 1 + second);
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{e}");
    let mut path = String::new();
    e.write_path(&mut path).unwrap();
    assert_eq!(path, "signature.MTCProof.signatures[1].cosigner_id");
    // A truncated proof is Truncated (or a length past the end) at its own offset.
    let (der, at) = mtc_certificate(&[&[0][..], &bytes[..20]].concat());
    let cert = Certificate::from_der(&der).unwrap();
    let e = cert.mtc_proof().unwrap().unwrap_err();
    assert_eq!(
        (e.kind(), e.offset()),
        (&ErrorKind::Truncated, at + 1 + 14 + 6)
    );
}

#[test]
fn a_signature_value_with_unused_bits_is_rejected() {
    // "sid" ends in an even octet, so one unused (zero) bit is valid DER.
    let bytes = proof(b"sid");
    let (der, at) = mtc_certificate(&[&[1][..], &bytes].concat());
    let cert = Certificate::from_der(&der).unwrap();
    let e = cert.mtc_proof().unwrap().unwrap_err();
    assert_eq!(e.offset(), at);
    assert!(e.to_string().contains("multiple of 8 bits"), "{e}");
}

#[test]
fn ordinary_certificates_have_no_mtc_proof() {
    let mut files = common::files("certs", "der");
    files.truncate(200);
    assert!(!files.is_empty());
    for path in files {
        let der = std::fs::read(&path).unwrap();
        if let Ok(cert) = Certificate::from_der(&der) {
            assert!(cert.mtc_proof().is_none(), "{}", path.display());
        }
    }
    assert!(Certificate::from_der(P256).unwrap().mtc_proof().is_none());
}
