//! PKCS #12 files of the corpus (made by OpenSSL, see tests/corpus/generate.py) read
//! through the generated PKCS-12-2009 types, checked against the corpus certificates
//! and, where installed, against pyca/cryptography and the OpenSSL command line.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use synta_certificate::{pkcs12_contents, Certificate, Pkcs12Contents};

mod common;
use common::{corpus, files};

fn read(name: &str) -> Vec<u8> {
    std::fs::read(corpus().join("pkcs12").join(name)).unwrap()
}

/// Every corpus certificate file, for finding a certificate by its bytes.
fn corpus_certificates() -> Vec<Vec<u8>> {
    files("certs", "der")
        .iter()
        .map(|p| std::fs::read(p).unwrap())
        .collect()
}

#[test]
fn an_unencrypted_file_gives_its_certificates_key_and_attributes() {
    let got = pkcs12_contents(&read("unencrypted.p12")).unwrap();
    assert_eq!(got.certificates.len(), 3, "{got:?}");
    assert_eq!(got.keys.len(), 1);
    assert!(got.shrouded_keys.is_empty() && got.crls.is_empty() && got.other_bags.is_empty());
    assert_eq!(got.encrypted_parts, 0);
    assert_eq!(got.mac, None, "made with -nomac");
    // Each certificate is one of the corpus files, byte for byte, and valid.
    let known = corpus_certificates();
    for item in &got.certificates {
        assert!(known.contains(&item.der), "a certificate not in the corpus");
        Certificate::from_der(&item.der)
            .unwrap()
            .validate()
            .unwrap();
    }
    // The end-entity certificate and its key share the bag attributes OpenSSL wrote.
    let ee = &got.certificates[0];
    assert_eq!(
        ee.friendly_name.as_deref(),
        Some("synta corpus ee_rsa2048_tls")
    );
    assert_eq!(ee.local_key_id.as_ref().map(Vec::len), Some(20));
    let key = &got.keys[0];
    assert_eq!(key.friendly_name, ee.friendly_name);
    assert_eq!(key.local_key_id, ee.local_key_id);
    assert!(got.certificates[1..]
        .iter()
        .all(|c| c.friendly_name.is_none() && c.local_key_id.is_none()));
    // The key is a PrivateKeyInfo for the end-entity certificate's RSA key.
    let cert = Certificate::from_der(&ee.der).unwrap();
    let info: synta_certificate::generated::asymmetric_key_package_module_v1::OneAsymmetricKey<'_> =
        synta::Decode::from_der(&key.der).unwrap();
    assert_eq!(
        info.private_key_algorithm.algorithm.to_string(),
        cert.public_key_algorithm().to_string()
    );
    // DER in, DER out: the strict reader agrees.
    assert_eq!(
        Pkcs12Contents::from_der(&read("unencrypted.p12")).unwrap(),
        got
    );
}

#[test]
fn an_encrypted_file_gives_its_mac_parameters_and_counts_what_it_cannot_read() {
    let got = pkcs12_contents(&read("encrypted.p12")).unwrap();
    // OpenSSL encrypts the certificates (encryptedData) and shrouds the key.
    assert_eq!(got.encrypted_parts, 1, "{got:?}");
    assert!(got.certificates.is_empty());
    assert_eq!(got.shrouded_keys.len(), 1);
    let key = &got.shrouded_keys[0];
    assert_eq!(
        key.friendly_name.as_deref(),
        Some("synta corpus ee_rsa2048_tls")
    );
    let mac = got.mac.as_ref().unwrap();
    assert_eq!(mac.digest.len(), 32, "an HMAC-SHA-256");
    assert_eq!(mac.digest_algorithm, "2.16.840.1.101.3.4.2.1");
    assert_eq!(mac.salt.len(), 8);
    assert!(mac.iterations > 1);
    // Cross-check with the OpenSSL command line where installed.
    let Ok(out) = std::process::Command::new("openssl")
        .args([
            "pkcs12",
            "-info",
            "-noout",
            "-passin",
            "pass:synta-corpus",
            "-in",
        ])
        .arg(corpus().join("pkcs12/encrypted.p12"))
        .output()
    else {
        eprintln!("openssl not found: cross-check skipped");
        return;
    };
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains(&format!("MAC: sha256, Iteration {}", mac.iterations)),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "MAC length: {}, salt length: {}",
            mac.digest.len(),
            mac.salt.len()
        )),
        "{text}"
    );
}

/// Differential check against pyca/cryptography (skipped when it is missing): the
/// certificates, their friendly names and the private key of the unencrypted file.
#[test]
fn an_unencrypted_file_matches_installed_pyca_cryptography() {
    let script = r#"
import sys
from cryptography.hazmat.primitives.serialization import pkcs12, Encoding, PrivateFormat, NoEncryption
p = pkcs12.load_pkcs12(open(sys.argv[1], "rb").read(), None)
certs = ([p.cert] if p.cert else []) + list(p.additional_certs)
for c in certs:
    name = c.friendly_name.decode() if c.friendly_name else "-"
    print("cert\t" + c.certificate.public_bytes(Encoding.DER).hex() + "\t" + name)
key = p.key.private_bytes(Encoding.DER, PrivateFormat.PKCS8, NoEncryption())
print("key\t" + key.hex())
"#;
    let path = corpus().join("pkcs12/unencrypted.p12");
    let Ok(out) = std::process::Command::new("python3")
        .args(["-W", "ignore", "-c", script])
        .arg(&path)
        .output()
    else {
        eprintln!("python3 not found: differential test skipped");
        return;
    };
    if !out.status.success() {
        eprintln!("pyca/cryptography not usable: differential test skipped");
        return;
    }
    let got = pkcs12_contents(&read("unencrypted.p12")).unwrap();
    let mut certs = Vec::new();
    let mut key = None;
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        match fields[0] {
            "cert" => certs.push((
                hex(fields[1]),
                (fields[2] != "-").then(|| fields[2].to_string()),
            )),
            _ => key = Some(hex(fields[1])),
        }
    }
    let ours: Vec<(Vec<u8>, Option<String>)> = got
        .certificates
        .iter()
        .map(|c| (c.der.clone(), c.friendly_name.clone()))
        .collect();
    let mut sorted_ours = ours.clone();
    sorted_ours.sort();
    certs.sort();
    assert_eq!(sorted_ours, certs);
    assert_eq!(Some(&got.keys[0].der), key.as_ref());
}

fn hex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
        .collect()
}

#[test]
fn every_truncation_and_many_mutations_give_errors_not_panics() {
    let data = read("unencrypted.p12");
    for len in 0..data.len() {
        let err = pkcs12_contents(&data[..len]).unwrap_err();
        assert!(err.offset() <= len, "{len}: {err}");
    }
    // Deterministic single-byte mutations (a small LCG: no dependency needed).
    let mut state: u64 = 0x5eed;
    let mut next = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        state >> 33
    };
    for _ in 0..3000 {
        let mut m = data.clone();
        let at = usize::try_from(next()).unwrap() % m.len();
        m[at] ^= u8::try_from(next() % 255 + 1).unwrap();
        if let Err(e) = pkcs12_contents(&m) {
            assert!(e.offset() <= m.len(), "{e}");
        }
    }
}

/// Re-encodes DER as BER the way streaming encoders write it: every constructed value
/// with an indefinite length, and each OCTET STRING right under a `[0]` (a ContentInfo's
/// data, a certificate bag's value) as a constructed string of 500-byte segments whose
/// contents are themselves re-encoded.
fn to_indefinite_ber(der: &[u8], under_explicit: bool, out: &mut Vec<u8>) {
    let mut rest = der;
    while !rest.is_empty() {
        let tag = rest[0];
        let (len, header) = match rest[1] {
            n if n < 0x80 => (usize::from(n), 2),
            n => {
                let count = usize::from(n & 0x7f);
                let len = rest[2..2 + count]
                    .iter()
                    .fold(0, |acc, &b| (acc << 8) | usize::from(b));
                (len, 2 + count)
            }
        };
        let contents = &rest[header..header + len];
        if tag & 0x20 != 0 {
            out.extend([tag, 0x80]);
            to_indefinite_ber(contents, tag == 0xa0, out);
            out.extend([0, 0]);
        } else if tag == 0x04 && under_explicit && contents.first() == Some(&0x30) {
            let mut inner = Vec::new();
            to_indefinite_ber(contents, false, &mut inner);
            out.extend([0x24, 0x80]);
            for segment in inner.chunks(500) {
                out.extend(common::tlv(0x04, segment));
            }
            out.extend([0, 0]);
        } else {
            out.extend_from_slice(&rest[..header + len]);
        }
        rest = &rest[header + len..];
    }
}

#[test]
fn a_ber_file_with_indefinite_lengths_and_segments_reads_like_its_der_form() {
    for name in ["unencrypted.p12", "encrypted.p12"] {
        let der = read(name);
        let mut ber = Vec::new();
        to_indefinite_ber(&der, false, &mut ber);
        assert_ne!(ber, der);
        let from_der = Pkcs12Contents::from_der(&der).unwrap();
        // Everything comes out as DER again: the same certificates, keys and attributes.
        assert_eq!(pkcs12_contents(&ber).unwrap(), from_der, "{name}");
        let e = Pkcs12Contents::from_der(&ber).unwrap_err();
        assert_eq!(e.offset(), 1, "{name}: {e}");
    }
}
