//! Runs the `synta` binary on a few inputs.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn synta(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_synta"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

const CERTISH: &[u8] = &[
    0x30, 0x1a, 0xa0, 0x03, 0x02, 0x01, 0x02, 0x02, 0x09, 0x00, 0xff, 0xee, 0xdd, 0xcc, 0xbb, 0xaa,
    0x99, 0x88, 0x06, 0x03, 0x55, 0x04, 0x03, 0x17, 0x00, 0x01, 0x01, 0xff,
];

#[test]
fn dump_der_file() {
    let input = [
        0x30, 0x13, 0xa0, 0x03, 0x02, 0x01, 0x02, 0x06, 0x03, 0x55, 0x04, 0x03, 0x0c, 0x02, 0x68,
        0x69, 0x01, 0x01, 0xff, 0x05, 0x00,
    ];
    let dir = std::env::temp_dir().join(format!("synta-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("x.der");
    std::fs::write(&path, input).unwrap();
    let out = synta(&["dump", path.to_str().unwrap()], b"");
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    for needle in [
        "SEQUENCE {",
        "[0] {",
        "INTEGER 2",
        "OBJECT IDENTIFIER 2.5.4.3",
        "UTF8String \"hi\"",
        "BOOLEAN true",
        "NULL",
    ] {
        assert!(text.contains(needle), "{needle} missing in\n{text}");
    }
}

#[test]
fn dump_pem_stdin() {
    // base64 of 30 03 02 01 05
    let pem = b"-----BEGIN THING-----\nMAMCAQU=\n-----END THING-----\n";
    let out = synta(&["dump", "-"], pem);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("INTEGER 5"));
}

#[test]
fn dump_invalid_reports_offset() {
    let out = synta(&["dump", "-"], &[0x30, 0x03, 0x02, 0x02, 0x00, 0x05]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("at byte"), "{err}");
}

#[test]
fn dump_rules_switch() {
    let ber = [0x30, 0x80, 0x02, 0x01, 0x05, 0x00, 0x00];
    assert_eq!(synta(&["dump", "-"], &ber).status.code(), Some(1));
    assert_eq!(synta(&["dump", "--ber", "-"], &ber).status.code(), Some(0));
    assert_eq!(synta(&["dump", "--cer", "-"], &ber).status.code(), Some(0));
    let out = synta(&["dump", "--der", "-"], CERTISH);
    // UTCTime with empty contents is invalid.
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(synta(&["dump"], b"").status.code(), Some(2));
    assert_eq!(
        synta(&["dump", "--der", "--ber", "-"], b"").status.code(),
        Some(2)
    );
    assert_eq!(synta(&["frobnicate"], b"").status.code(), Some(2));
}

#[test]
fn garbage_never_panics() {
    for input in [
        &b""[..],
        b"\xff",
        b"-----BEGIN X-----\n!!!\n-----END X-----\n",
        &[0x30; 100],
    ] {
        let out = synta(&["dump", "--ber", "-"], input);
        assert_eq!(out.status.code(), Some(1), "{input:?}");
    }
}

fn corpus(path: &str) -> String {
    format!("{}/../../tests/corpus/{path}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn cert_prints_one_json_line_per_certificate() {
    let out = synta(&["cert", &corpus("pkcs7/bundle.pem")], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7);
    for line in lines {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        for key in [
            "version",
            "serial",
            "subject",
            "issuer",
            "not_before",
            "not_after",
            "signature_algorithm",
            "public_key_algorithm",
            "extensions",
        ] {
            assert!(!v[key].is_null(), "{key} missing in {line}");
        }
        assert!(v["not_after"].as_str().unwrap().ends_with('Z'));
    }
}

#[test]
fn cert_names_extensions_and_reads_stdin() {
    let pem = std::fs::read(corpus("pkcs7/bundle.pem")).unwrap();
    let out = synta(&["cert", "-"], &pem);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\"name\":\"basicConstraints\""));
    assert!(text.contains("\"subject\":\"CN="));
}

#[test]
fn cert_rejects_malformed_input_with_exit_1() {
    let out = synta(
        &["cert", &corpus("malformed/bitstring_constructed.der")],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("at byte 624 (Certificate.signature)"), "{err}");
    let out = synta(&["cert", "-"], &[0x30, 0x82, 0x01]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
}

#[test]
fn cert_reads_pkcs7_and_pkcs12_containers() {
    for file in ["pkcs7/certs_only.p7b.der", "pkcs12/unencrypted.p12"] {
        let out = synta(&["cert", &corpus(file)], b"");
        assert!(
            out.status.success(),
            "{file}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.lines().count() >= 1, "{file}");
        assert!(text.lines().all(|l| l.contains("\"subject\":")), "{file}");
    }
}

/// DER tag, definite length, contents.
fn tlv(tag: u8, contents: &[u8]) -> Vec<u8> {
    let mut out = vec![tag];
    let len = contents.len();
    if len < 0x80 {
        out.push(u8::try_from(len).unwrap());
    } else {
        let bytes: Vec<u8> = len
            .to_be_bytes()
            .into_iter()
            .skip_while(|b| *b == 0)
            .collect();
        out.push(0x80 | u8::try_from(bytes.len()).unwrap());
        out.extend(bytes);
    }
    out.extend_from_slice(contents);
    out
}

#[test]
fn cert_shows_the_mtc_proof_and_reports_a_bad_one() {
    use synta_certificate::mtc::OwnedMtcProof;
    let p256 = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../runtime-rust/synta/tests/data/selfsigned-p256.der"
    ))
    .unwrap();
    let tbs = synta_certificate::Certificate::from_der(&p256)
        .unwrap()
        .tbs_der()
        .to_vec();
    // 1.3.6.1.4.1.44363.47.0, the experimental id-alg-mtcProof.
    let alg = tlv(0x30, &tlv(0x06, &[43, 6, 1, 4, 1, 130, 218, 75, 47, 0]));
    let cert = |cosigners: &[&[u8]]| {
        let proof = OwnedMtcProof {
            extensions: vec![(3, vec![0xab])],
            start: 4,
            end: 8,
            inclusion_proof: vec![vec![0xcd; 32]],
            signatures: cosigners
                .iter()
                .map(|id| (id.to_vec(), vec![0xee]))
                .collect(),
        }
        .encode()
        .unwrap();
        let sig = tlv(0x03, &[&[0][..], &proof].concat());
        tlv(0x30, &[tbs.clone(), alg.clone(), sig].concat())
    };
    let out = synta(&["cert", "-"], &cert(&[b"\x01", b"\x02"]));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    let p = &v["mtc_proof"];
    assert_eq!((p["start"].as_u64(), p["end"].as_u64()), (Some(4), Some(8)));
    assert_eq!(p["extensions"][0]["data"], "ab");
    assert_eq!(p["inclusion_proof"][0], "cd".repeat(32));
    assert_eq!(p["signatures"][1]["cosigner_id"], "02");
    // Cosigner IDs out of order: exit 1 with the path into the proof.
    let out = synta(&["cert", "-"], &cert(&[b"\x02", b"\x01"]));
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("(signature.MTCProof.signatures[1].cosigner_id): invalid value"),
        "{err}"
    );
}

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn crl_csr_and_ocsp_print_one_json_line_per_file() {
    let crls = [
        corpus("crls/int_rsa.crl.der"),
        corpus("crls/root_ec.crl.der"),
    ];
    let v = json_lines(&synta(&["crl", &crls[0], &crls[1]], b""));
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["crl_number"], "42");
    assert_eq!(v[0]["revoked"][0]["reason"], "KeyCompromise");
    assert_eq!(
        v[0]["revoked"][0]["invalidity_date"],
        "2025-04-30T08:15:00Z"
    );
    assert_eq!(v[1]["signature_algorithm"], "ecdsa-with-SHA384");

    let v = json_lines(&synta(
        &["csr", &corpus("csrs/p384_extreq_san.csr.der")],
        b"",
    ));
    assert_eq!(v[0]["requested_extensions"][0], "2.5.29.17");
    assert!(v[0]["subject"].as_str().unwrap().starts_with("CN=csr-san"));

    let ocsp = [
        corpus("ocsp/request_nonce_sha256.der"),
        corpus("ocsp/response_revoked.der"),
        corpus("ocsp/response_unauthorized.der"),
    ];
    let v = json_lines(&synta(&["ocsp", &ocsp[0], &ocsp[1], &ocsp[2]], b""));
    assert_eq!(v[0]["type"], "request");
    assert_eq!(v[0]["nonce"], "df0e9f05156515ac8231e21515218d07");
    assert_eq!(v[1]["responses"][0]["status"], "revoked");
    assert_eq!(v[1]["responses"][0]["revocation_reason"], "KeyCompromise");
    assert_eq!(v[1]["certificates"], 1);
    assert_eq!(v[2]["status"], "Unauthorized");
}

#[test]
fn crl_refuses_a_certificate_pem_and_malformed_input_with_exit_1() {
    let pem = std::fs::read(corpus("pkcs7/bundle.pem")).unwrap();
    let out = synta(&["crl", "-"], &pem);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("expected \"X509 CRL\""), "{err}");
    for kind in ["crl", "csr", "ocsp"] {
        let out = synta(&[kind, "-"], &[0x30, 0x82, 0x01]);
        assert_eq!(out.status.code(), Some(1), "{kind}");
        assert!(out.stdout.is_empty());
    }
}
