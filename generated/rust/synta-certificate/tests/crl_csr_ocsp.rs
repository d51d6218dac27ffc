//! CRLs, CSRs and OCSP messages of the committed corpus read through the reading API:
//! every field against pyca/cryptography (where installed), PEM round trips, and every
//! truncation and many mutations of each file giving an error, never a panic.
#![allow(clippy::unwrap_used)]

mod common;

use common::{corpus, files};
use serde_json::{json, Value};
use std::net::IpAddr;
use synta_certificate::pkix::{CrlReason, GeneralName};
use synta_certificate::{
    Certificate, Crl, Csr, OcspCertStatus, OcspRequest, OcspResponse, Pem, PemErrorKind,
};

fn read(rel: &str) -> Vec<u8> {
    std::fs::read(corpus().join(rel)).unwrap()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// pyca's `ReasonFlags` names.
fn reason_name(r: CrlReason) -> &'static str {
    match r {
        CrlReason::Unspecified => "unspecified",
        CrlReason::KeyCompromise => "key_compromise",
        CrlReason::CaCompromise => "ca_compromise",
        CrlReason::AffiliationChanged => "affiliation_changed",
        CrlReason::Superseded => "superseded",
        CrlReason::CessationOfOperation => "cessation_of_operation",
        CrlReason::CertificateHold => "certificate_hold",
        CrlReason::RemoveFromCrl => "remove_from_crl",
        CrlReason::PrivilegeWithdrawn => "privilege_withdrawn",
        CrlReason::AaCompromise => "aa_compromise",
    }
}

/// A GeneralName as pyca's `str(name.value)` writes DNS names and IP addresses.
fn general_name(n: &GeneralName<'_>) -> String {
    match n {
        GeneralName::DnsName(d) => d.as_str().to_string(),
        GeneralName::IpAddress(ip) => match ip.as_bytes().len() {
            4 => IpAddr::from(<[u8; 4]>::try_from(ip.as_bytes()).unwrap()).to_string(),
            _ => IpAddr::from(<[u8; 16]>::try_from(ip.as_bytes()).unwrap()).to_string(),
        },
        other => format!("{other:?}"),
    }
}

/// What this crate reads from a CRL, in the shape the pyca script prints.
fn crl_json(der: &[u8]) -> Value {
    let crl = Crl::from_der(der).unwrap();
    crl.validate().unwrap();
    let revoked: Vec<Value> = crl
        .revoked()
        .map(|r| {
            json!({
                "serial": r.serial_hex(),
                "date": r.revocation_date_rfc3339(),
                "reason": r.reason().unwrap().map(reason_name),
                "invalidity": r.invalidity_date_rfc3339().unwrap(),
            })
        })
        .collect();
    json!({
        "issuer": crl.issuer().unwrap(),
        "this_update": crl.this_update_rfc3339(),
        "next_update": crl.next_update_rfc3339(),
        "crl_number": crl.crl_number().unwrap().map(|n| hex(n.as_bytes()).trim_start_matches('0').to_string()),
        "signature_algorithm": crl.signature_algorithm().to_string(),
        "revoked": revoked,
    })
}

fn csr_json(der: &[u8]) -> Value {
    let csr = Csr::from_der(der).unwrap();
    csr.validate().unwrap();
    let san = csr
        .extension_request()
        .unwrap()
        .and_then(|e| e.subject_alt_name().unwrap())
        .map(|names| names.iter().map(general_name).collect::<Vec<_>>());
    json!({
        "subject": csr.subject().unwrap(),
        "public_key_algorithm": csr.public_key_algorithm().to_string(),
        "signature_algorithm": csr.signature_algorithm().to_string(),
        "san": san,
    })
}

fn ocsp_request_json(der: &[u8]) -> Value {
    let req = OcspRequest::from_der(der).unwrap();
    req.validate().unwrap();
    let ids: Vec<_> = req.requests().map(|r| r.cert_id()).collect();
    json!({
        "serial": ids[0].serial_hex(),
        "hash": ids[0].hash_algorithm_name(),
        "nonce": req.nonce().unwrap().map(hex),
    })
}

fn ocsp_response_json(der: &[u8]) -> Value {
    let resp = OcspResponse::from_der(der).unwrap();
    resp.validate().unwrap();
    let status = format!("{:?}", resp.status()).to_uppercase();
    let Some(basic) = resp.basic() else {
        return json!({ "status": status });
    };
    let singles: Vec<Value> = basic
        .responses()
        .map(|s| {
            let (time, reason) = match s.status() {
                OcspCertStatus::Revoked { reason, .. } => {
                    (s.revocation_time_rfc3339(), reason.map(reason_name))
                }
                _ => (None, None),
            };
            json!({
                "serial": s.cert_id().serial_hex(),
                "status": s.status().name().to_uppercase(),
                "this_update": s.this_update_rfc3339(),
                "next_update": s.next_update_rfc3339(),
                "revocation_time": time,
                "reason": reason,
                "hash": s.cert_id().hash_algorithm_name(),
            })
        })
        .collect();
    json!({
        "status": status,
        "produced_at": basic.produced_at_rfc3339(),
        "responder_name": basic.responder_name().unwrap(),
        "responder_key_hash": basic.responder_key_hash().map(hex),
        "certs": basic.certificates().unwrap().len(),
        "responses": singles,
    })
}

const PYCA_SCRIPT: &str = r#"
import glob, json, sys
from cryptography import x509
from cryptography.x509 import ocsp
def t(d):
    return d.strftime("%Y-%m-%dT%H:%M:%SZ") if d else None
def ext(exts, cls):
    try:
        return exts.get_extension_for_class(cls).value
    except x509.ExtensionNotFound:
        return None
root = sys.argv[1]
for p in sorted(glob.glob(root + "/crls/*.der")):
    c = x509.load_der_x509_crl(open(p, "rb").read())
    num = ext(c.extensions, x509.CRLNumber)
    revoked = []
    for r in c:
        reason = ext(r.extensions, x509.CRLReason)
        inv = ext(r.extensions, x509.InvalidityDate)
        revoked.append({"serial": format(r.serial_number, "x"), "date": t(r.revocation_date_utc),
            "reason": reason.reason.name if reason else None,
            "invalidity": t(inv.invalidity_date_utc) if inv else None})
    print(p + "\t" + json.dumps({"issuer": c.issuer.rfc4514_string(), "this_update": t(c.last_update_utc),
        "next_update": t(c.next_update_utc), "crl_number": format(num.crl_number, "x") if num else None,
        "signature_algorithm": c.signature_algorithm_oid.dotted_string, "revoked": revoked}))
for p in sorted(glob.glob(root + "/csrs/*.der")):
    c = x509.load_der_x509_csr(open(p, "rb").read())
    san = ext(c.extensions, x509.SubjectAlternativeName)
    print(p + "\t" + json.dumps({"subject": c.subject.rfc4514_string(),
        "public_key_algorithm": c.public_key_algorithm_oid.dotted_string,
        "signature_algorithm": c.signature_algorithm_oid.dotted_string,
        "san": [str(n.value) for n in san] if san else None}))
for p in sorted(glob.glob(root + "/ocsp/*.der")):
    d = open(p, "rb").read()
    if "request" in p:
        r = ocsp.load_der_ocsp_request(d)
        nonce = ext(r.extensions, x509.OCSPNonce)
        print(p + "\t" + json.dumps({"serial": format(r.serial_number, "x"), "hash": r.hash_algorithm.name,
            "nonce": nonce.nonce.hex() if nonce else None}))
        continue
    r = ocsp.load_der_ocsp_response(d)
    out = {"status": r.response_status.name}
    if r.response_status == ocsp.OCSPResponseStatus.SUCCESSFUL:
        out.update({"produced_at": t(r.produced_at_utc),
            "responder_name": r.responder_name.rfc4514_string() if r.responder_name else None,
            "responder_key_hash": r.responder_key_hash.hex() if r.responder_key_hash else None,
            "certs": len(r.certificates),
            "responses": [{"serial": format(s.serial_number, "x"), "status": s.certificate_status.name,
                "this_update": t(s.this_update_utc), "next_update": t(s.next_update_utc),
                "revocation_time": t(s.revocation_time_utc),
                "reason": s.revocation_reason.name if s.revocation_reason else None,
                "hash": s.hash_algorithm.name} for s in r.responses]})
    print(p + "\t" + json.dumps(out))
"#;

#[test]
fn every_field_matches_installed_pyca_cryptography() {
    let Ok(out) = std::process::Command::new("python3")
        .args(["-W", "ignore", "-c", PYCA_SCRIPT])
        .arg(corpus())
        .output()
    else {
        eprintln!("python3 not found: differential test skipped");
        return;
    };
    if !out.status.success() {
        let why = String::from_utf8_lossy(&out.stderr);
        let last = why.lines().last().unwrap_or("");
        eprintln!("pyca/cryptography not usable: differential test skipped ({last})");
        return;
    }
    let text = String::from_utf8(out.stdout).unwrap();
    let mut compared = 0;
    for line in text.lines() {
        let (path, want) = line.split_once('\t').unwrap();
        let want: Value = serde_json::from_str(want).unwrap();
        let der = std::fs::read(path).unwrap();
        let got = if path.contains("/crls/") {
            crl_json(&der)
        } else if path.contains("/csrs/") {
            csr_json(&der)
        } else if path.contains("request") {
            ocsp_request_json(&der)
        } else {
            ocsp_response_json(&der)
        };
        assert_eq!(got, want, "{path}");
        compared += 1;
    }
    assert_eq!(compared, 15, "every CRL, CSR and OCSP file of the corpus");
}

/// Reads every field of a CRL, CSR or OCSP message, as a caller wanting all of it would.
fn read_everything(der: &[u8], kind: &str) -> Result<(), synta_certificate::Error> {
    match kind {
        "crls" => {
            let crl = Crl::from_der(der)?;
            crl.validate()?;
            crl.issuer()?;
            crl.signature()?;
            std::hint::black_box((
                crl.version(),
                crl.this_update_rfc3339(),
                crl.next_update_rfc3339(),
            ));
            crl.crl_number()?;
            crl.delta_crl_indicator()?;
            crl.authority_key_identifier()?;
            crl.issuing_distribution_point()?;
            for r in crl.revoked() {
                std::hint::black_box((r.serial_hex(), r.revocation_date_rfc3339()));
                r.reason()?;
                r.invalidity_date_rfc3339()?;
                r.certificate_issuer()?;
            }
        }
        "csrs" => {
            let csr = Csr::from_der(der)?;
            csr.validate()?;
            std::hint::black_box((csr.subject()?, csr.public_key()?, csr.signature()?));
            csr.ml_dsa_public_key()?;
            csr.challenge_password()?;
            if let Some(exts) = csr.extension_request()? {
                exts.subject_alt_name()?;
                exts.basic_constraints()?;
                exts.key_usage()?;
                exts.ext_key_usage()?;
            }
        }
        _ if OcspRequest::from_der(der).is_ok() => {
            let req = OcspRequest::from_der(der)?;
            req.validate()?;
            req.nonce()?;
            for r in req.requests() {
                let id = r.cert_id();
                std::hint::black_box((
                    id.serial_hex(),
                    id.hash_algorithm_name(),
                    id.issuer_key_hash().len(),
                ));
            }
            if let Some(sig) = req.signature() {
                std::hint::black_box((sig.signature()?, sig.certificates()?));
            }
        }
        _ => {
            let resp = OcspResponse::from_der(der)?;
            resp.validate()?;
            if let Some(b) = resp.basic() {
                std::hint::black_box((b.responder_name()?, b.produced_at_rfc3339(), b.nonce()?));
                std::hint::black_box((b.signature()?, b.certificates()?));
                for s in b.responses() {
                    std::hint::black_box((
                        s.status().name(),
                        s.this_update_rfc3339(),
                        s.extensions()?,
                    ));
                }
            }
        }
    }
    Ok(())
}

fn corpus_files() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for kind in ["crls", "csrs", "ocsp"] {
        for path in files(kind, "der") {
            out.push((kind.to_string(), std::fs::read(path).unwrap()));
        }
    }
    out
}

#[test]
fn every_truncation_and_many_mutations_give_errors_not_panics() {
    for (kind, der) in corpus_files() {
        read_everything(&der, &kind).unwrap();
        for n in 0..der.len() {
            assert!(
                read_everything(&der[..n], &kind).is_err(),
                "{kind} cut at {n}"
            );
        }
        // Every byte flipped three ways: decoding may succeed (a changed serial is still
        // a CRL), but must never panic.
        let mut rejected = 0;
        for i in 0..der.len() {
            for pattern in [0xff, 0x80, 0x01] {
                let mut m = der.clone();
                m[i] ^= pattern;
                rejected += usize::from(read_everything(&m, &kind).is_err());
            }
        }
        // A weak floor, against a reader that accepts anything.
        assert!(
            rejected * 20 >= der.len(),
            "{kind}: only {rejected} rejected"
        );
    }
}

/// `needle` must occur once in `haystack`; its position.
fn find(haystack: &[u8], needle: &[u8]) -> usize {
    let at: Vec<usize> = (0..haystack.len())
        .filter(|&i| haystack[i..].starts_with(needle))
        .collect();
    assert_eq!(at.len(), 1, "{needle:02x?}");
    at[0]
}

#[test]
fn a_bad_entry_extension_is_reported_at_its_offset_and_path() {
    let mut der = read("crls/int_rsa.crl.der");
    // reasonCode keyCompromise of the first entry: extnID, OCTET STRING { ENUMERATED 1 }.
    let at = find(
        &der,
        &[0x06, 0x03, 0x55, 0x1d, 0x15, 0x04, 0x03, 0x0a, 0x01, 0x01],
    );
    der[at + 9] = 7; // not a CRLReason value
    let crl = Crl::from_der(&der).unwrap();
    let entry = crl.revoked().next().unwrap();
    let e = entry.reason().unwrap_err();
    assert_eq!(e.offset(), at + 9);
    assert_eq!(
        e.to_string(),
        format!("at byte {} (revokedCertificates[0].reasonCode): invalid value: unknown ENUMERATED value", at + 9)
    );
    let e = crl.validate().unwrap_err();
    assert_eq!(e.offset(), at + 9);
    assert!(e
        .to_string()
        .contains("(revokedCertificates[0].crlEntryExtensions[0].extnValue)"));
}

/// RFC 7468 text: base64 lines of 64 characters between BEGIN and END lines.
fn pem(label: &str, der: &[u8]) -> String {
    const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut b64 = String::new();
    for chunk in der.chunks(3) {
        let n =
            chunk.iter().fold(0u32, |acc, &b| (acc << 8) | u32::from(b)) << (8 * (3 - chunk.len()));
        for i in 0..4 {
            if i <= chunk.len() {
                b64.push(char::from(
                    B64[usize::try_from((n >> (18 - 6 * i)) & 63).unwrap()],
                ));
            } else {
                b64.push('=');
            }
        }
    }
    let mut out = format!("-----BEGIN {label}-----\n");
    for line in b64.as_bytes().chunks(64) {
        out.push_str(std::str::from_utf8(line).unwrap());
        out.push('\n');
    }
    out + &format!("-----END {label}-----\n")
}

#[test]
fn pem_blocks_round_trip_and_labels_are_checked() {
    for path in files("crls", "der") {
        let der = std::fs::read(&path).unwrap();
        let block = Pem::parse(pem("X509 CRL", &der).as_bytes()).unwrap();
        assert_eq!((block.label(), block.der()), ("X509 CRL", &der[..]));
        let crl = Crl::from_pem(&block).unwrap();
        assert_eq!(crl.der(), der);
        // A CRL is not a certificate: the label says so before any DER is read.
        let e = Certificate::from_pem(&block).unwrap_err();
        assert_eq!(
            e.kind(),
            &PemErrorKind::WrongLabel {
                expected: "CERTIFICATE",
                found: "X509 CRL".into()
            }
        );
        assert_eq!(
            e.to_string(),
            "PEM block 0 at byte 0: label is \"X509 CRL\", expected \"CERTIFICATE\""
        );
    }
    for path in files("csrs", "der") {
        let der = std::fs::read(&path).unwrap();
        for label in ["CERTIFICATE REQUEST", "NEW CERTIFICATE REQUEST"] {
            let block = Pem::parse(pem(label, &der).as_bytes()).unwrap();
            assert_eq!(Csr::from_pem(&block).unwrap().der(), der);
            assert!(matches!(
                Crl::from_pem(&block).unwrap_err().kind(),
                PemErrorKind::WrongLabel {
                    expected: "X509 CRL",
                    ..
                }
            ));
        }
    }
    let der = read("pkcs7/bundle.pem");
    let first = Pem::parse(&der).unwrap();
    assert_eq!(Certificate::from_pem(&first).unwrap().der(), first.der());
    assert!(Csr::from_pem(&first).is_err());
}

#[test]
fn pem_bundles_of_mixed_labels_and_broken_blocks() {
    let cert = Pem::parse(&read("pkcs7/bundle.pem")).unwrap();
    let crl = read("crls/root_ec.crl.der");
    let text = format!(
        "explanatory text\n{}between\n{}{}",
        pem("CERTIFICATE", cert.der()),
        pem("X509 CRL", &crl),
        pem("CERTIFICATE", cert.der())
    );
    let all = Pem::parse_all(text.as_bytes()).unwrap();
    let labels: Vec<&str> = all.iter().map(Pem::label).collect();
    assert_eq!(labels, ["CERTIFICATE", "X509 CRL", "CERTIFICATE"]);
    assert_eq!(all[1].offset(), text.find("-----BEGIN X509 CRL").unwrap());
    assert_eq!(Crl::from_pem(&all[1]).unwrap().der(), crl);
    let certs = synta_certificate::pem_blocks(text.as_bytes(), "CERTIFICATE").unwrap();
    assert_eq!(certs.len(), 2);

    // The DER inside a block that does not decode: the DER error, with its own offset.
    let mut bad = crl.clone();
    bad[1] ^= 0x01; // the outer length: 0x82 becomes 0x83, past the end
    let block = Pem::parse(pem("X509 CRL", &bad).as_bytes()).unwrap();
    let PemErrorKind::Der(e) = Crl::from_pem(&block).unwrap_err().kind().clone() else {
        panic!("not a DER error");
    };
    assert_eq!(e.offset(), 1);

    // A block without its END line, named by index and offset.
    let cut = &text[..text.find("-----END X509 CRL").unwrap()];
    let e = Pem::parse_all(cut.as_bytes()).unwrap_err();
    assert_eq!((e.kind(), e.block()), (&PemErrorKind::NoEndLine, 1));
    assert_eq!(e.offset(), text.find("-----BEGIN X509 CRL").unwrap());
    // pem_blocks only decodes the blocks it is asked for, but must frame them all.
    assert!(synta_certificate::pem_blocks(cut.as_bytes(), "CERTIFICATE").is_err());

    // A bad base64 character.
    let broken = pem("X509 CRL", &crl).replacen('A', "*", 1);
    let e = Pem::parse(broken.as_bytes()).unwrap_err();
    assert!(matches!(e.kind(), PemErrorKind::Base64(_)), "{e}");
    assert_eq!(
        Pem::parse(b"no blocks here").unwrap_err().kind(),
        &PemErrorKind::NoBlock
    );
    assert_eq!(
        Pem::parse(&[0xff, 0xfe]).unwrap_err().kind(),
        &PemErrorKind::NotUtf8
    );
}

#[test]
fn pem_written_by_openssl_reads_back() {
    let crl = corpus().join("crls/int_rsa.crl.der");
    let csr = corpus().join("csrs/p384_extreq_san.csr.der");
    let run = |args: &[&str], input: &std::path::Path| {
        std::process::Command::new("openssl")
            .args(args)
            .arg("-in")
            .arg(input)
            .output()
    };
    let Ok(out) = run(&["crl", "-inform", "DER", "-outform", "PEM"], &crl) else {
        eprintln!("openssl not found: test skipped");
        return;
    };
    assert!(out.status.success());
    let block = Pem::parse(&out.stdout).unwrap();
    assert_eq!(
        Crl::from_pem(&block).unwrap().der(),
        std::fs::read(&crl).unwrap()
    );
    let out = run(&["req", "-inform", "DER", "-outform", "PEM"], &csr).unwrap();
    assert!(out.status.success());
    let block = Pem::parse(&out.stdout).unwrap();
    let csr_read = Csr::from_pem(&block).unwrap();
    assert_eq!(csr_read.der(), std::fs::read(&csr).unwrap());
}

#[test]
fn what_pyca_does_not_compare() {
    // CRL: the signed part, the signature, the extensions.
    let der = read("crls/root_ec.crl.der");
    let crl = Crl::from_der(&der).unwrap();
    assert_eq!(
        (crl.version(), crl.signature_algorithm_name()),
        (2, Some("ecdsa-with-SHA384"))
    );
    assert!(der.ends_with(crl.signature().unwrap()));
    assert_eq!(&der[4..4 + crl.tbs_der().len()], crl.tbs_der());
    let idp = crl.issuing_distribution_point().unwrap().unwrap();
    assert!(idp.only_contains_ca_certs);
    assert!(crl.authority_key_identifier().unwrap().is_some());
    assert!(crl.delta_crl_indicator().unwrap().is_none());
    let oids: Vec<String> = crl
        .extensions()
        .unwrap()
        .iter()
        .map(|e| e.extn_id.to_string())
        .collect();
    assert_eq!(oids, ["2.5.29.20", "2.5.29.35", "2.5.29.28"]);
    let entry = crl.revoked().next().unwrap();
    assert_eq!(entry.reason().unwrap(), Some(CrlReason::CaCompromise));
    assert!(entry.certificate_issuer().unwrap().is_none());
    assert_eq!(
        Crl::from_der(&read("crls/int_ed25519_empty.crl.der"))
            .unwrap()
            .revoked()
            .len(),
        0
    );

    // CSR: challengePassword, the extension request's typed values, ML-DSA keys.
    let der_csr1 = read("csrs/rsa2048.csr.der");
    let csr = Csr::from_der(&der_csr1).unwrap();
    assert_eq!(csr.version(), 1);
    assert!(csr.challenge_password().unwrap().is_some());
    assert!(csr.extension_request().unwrap().is_none());
    assert_eq!(csr.public_key_algorithm_name(), Some("rsaEncryption"));
    let der_csr2 = read("csrs/p384_extreq_san.csr.der");
    let csr = Csr::from_der(&der_csr2).unwrap();
    assert_eq!(csr.attribute_types(), ["1.2.840.113549.1.9.14"]);
    let exts = csr.extension_request().unwrap().unwrap();
    assert!(!exts.basic_constraints().unwrap().unwrap().ca);
    assert!(exts.key_usage().unwrap().is_some());
    assert!(exts
        .iter()
        .all(|e| e.extn_id.to_string() != "2.5.29.17" || !e.critical));
    let der_csr3 = read("csrs/mldsa44.csr.der");
    let csr = Csr::from_der(&der_csr3).unwrap();
    let key = csr.ml_dsa_public_key().unwrap().unwrap();
    assert_eq!(key.key.len(), 1312);
    assert_eq!(csr.signature_algorithm_name(), Some("id-ml-dsa-44"));

    // OCSP: CertID hashes, the signed part, the responder's certificate.
    let der_req4 = read("ocsp/request.der");
    let req = OcspRequest::from_der(&der_req4).unwrap();
    let id = req.requests().next().unwrap().cert_id();
    assert_eq!(
        (id.issuer_name_hash().len(), id.issuer_key_hash().len()),
        (20, 20)
    );
    assert!(!req.is_signed() && req.signature().is_none() && req.requestor_name().is_none());
    assert_eq!(req.version(), 1);
    // A signed request: the requestor, the signature and the certificates sent with it.
    let der_signed = read("ocsp/request_signed.der");
    let req = OcspRequest::from_der(&der_signed).unwrap();
    let Some(GeneralName::DirectoryName(name)) = req.requestor_name() else {
        panic!("requestorName is not a directoryName");
    };
    let requestor = synta_certificate::name::rfc4514_of(name).unwrap();
    // openssl -subj "/CN=.../O=.../C=XX" puts CN first, so RFC 4514 writes it last.
    assert_eq!(
        requestor,
        "C=XX,O=Synta Test Corpus,CN=Synta OCSP Requestor"
    );
    let sig = req.signature().unwrap();
    assert_eq!(sig.signature_algorithm_name(), Some("ecdsa-with-SHA256"));
    assert!(sig.signature_parameters().is_none() && sig.signature().unwrap().len() > 64);
    let certs = sig.certificates().unwrap();
    let subjects: Vec<String> = certs.iter().map(|c| c.subject().unwrap()).collect();
    assert_eq!(subjects[0], requestor);
    assert!(subjects[1].starts_with("CN=Synta Corpus Intermediate CA"));
    assert!(certs.iter().all(|c| find(&der_signed, c.der()) > 0));
    assert_eq!(&der_signed[4..4 + req.tbs_der().len()], req.tbs_der());
    let der = read("ocsp/response_revoked.der");
    let resp = OcspResponse::from_der(&der).unwrap();
    assert_eq!(
        resp.response_type().unwrap().to_string(),
        "1.3.6.1.5.5.7.48.1.1"
    );
    let basic = resp.basic().unwrap();
    assert_eq!(
        basic.signature_algorithm_name(),
        Some("sha256WithRSAEncryption")
    );
    assert!(basic.der().starts_with(&[0x30]) && basic.tbs_der().len() < basic.der().len());
    let certs = basic.certificates().unwrap();
    assert_eq!(
        certs[0].subject().unwrap(),
        basic.responder_name().unwrap().unwrap()
    );
    // The certificate borrows from the response, where it lies.
    let at = find(&der, certs[0].der());
    assert!(at > 0 && certs[0].validate().is_ok());
    let single = basic.responses().next().unwrap();
    assert!(single.extensions().unwrap().is_empty());
    let der_none5 = read("ocsp/response_unauthorized.der");
    let none = OcspResponse::from_der(&der_none5).unwrap();
    assert!(none.basic().is_none() && none.response_type().is_none() && none.statuses().is_empty());
}

#[test]
fn a_bad_extension_request_is_reported_at_its_offset_and_path() {
    let mut der = read("csrs/p384_extreq_san.csr.der");
    // basicConstraints inside the request: extnID, critical TRUE, OCTET STRING { SEQUENCE {} }.
    let at = find(
        &der,
        &[
            0x06, 0x03, 0x55, 0x1d, 0x13, 0x01, 0x01, 0xff, 0x04, 0x02, 0x30, 0x00,
        ],
    );
    der[at + 10] = 0x31; // a SET where the SEQUENCE belongs
    let csr = Csr::from_der(&der).unwrap();
    let exts = csr.extension_request().unwrap().unwrap();
    let e = exts.basic_constraints().unwrap_err();
    assert_eq!(e.offset(), at + 10);
    assert!(e.to_string().contains("(basicConstraints)"), "{e}");
    let e = csr.validate().unwrap_err();
    assert_eq!(e.offset(), at + 10);
    assert!(e.to_string().contains("(extensionRequest["), "{e}");
}
