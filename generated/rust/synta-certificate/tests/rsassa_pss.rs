//! RSASSA-PSS-params (RFC 4055, RFC 5912): its hash and mask generation algorithms are
//! DEFAULTs with SEQUENCE values, decoded as typed values when absent and, under DER,
//! rejected when encoded equal to their default (X.690 11.5).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use synta::{Decode, Encode};
use synta_certificate::generated::pkix1_pss_oaep_algorithms_2009::{
    MaskGenAlgorithmParameters, RsaesOaepParams, RsassaPssParams,
};

mod common;
use common::corpus;

/// Contents octets of id-RSASSA-PSS (1.2.840.113549.1.1.10).
const ID_RSASSA_PSS: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0a];

/// The parameters after the first id-RSASSA-PSS OID in `der` (a certificate's signature
/// algorithm inside its TBSCertificate): one element with a one-octet length.
fn pss_params(der: &[u8]) -> &[u8] {
    let at = der
        .windows(ID_RSASSA_PSS.len())
        .position(|w| w == ID_RSASSA_PSS)
        .expect("an id-RSASSA-PSS OID");
    let start = at + ID_RSASSA_PSS.len();
    assert_eq!(der[start], 0x30);
    let len = usize::from(der[start + 1]);
    assert!(len < 0x80);
    &der[start..start + 2 + len]
}

fn path_of(err: &synta::Error) -> String {
    let mut s = String::new();
    err.write_path(&mut s).unwrap();
    s
}

#[test]
fn real_parameters_with_sha256_decode_and_re_encode() {
    let cert = std::fs::read(corpus().join("certs/generated/2966303c02b6fd09.der")).unwrap();
    let der = pss_params(&cert);
    let p = RsassaPssParams::from_der(der).unwrap();
    assert_eq!(
        p.hash_algorithm.algorithm.to_string(),
        "2.16.840.1.101.3.4.2.1"
    );
    assert_eq!(
        p.mask_gen_algorithm.algorithm.to_string(),
        "1.2.840.113549.1.1.8"
    );
    let MaskGenAlgorithmParameters::Row0(mgf_hash) =
        p.mask_gen_algorithm.parameters_decoded().unwrap()
    else {
        panic!("MGF1 takes a hash algorithm");
    };
    assert_eq!(mgf_hash.algorithm.to_string(), "2.16.840.1.101.3.4.2.1");
    assert_eq!(p.salt_length.to_string(), "32");
    // trailerField is absent: its INTEGER default.
    assert_eq!(p.trailer_field.to_string(), "1");
    assert_eq!(p.to_der().unwrap(), der);
}

#[test]
fn absent_parameters_are_the_sha1_defaults() {
    let p = RsassaPssParams::from_der(&[0x30, 0x00]).unwrap();
    // sha1Identifier: { algorithm id-sha1, parameters NULL : NULL }.
    assert_eq!(p.hash_algorithm.algorithm.to_string(), "1.3.14.3.2.26");
    assert_eq!(
        p.hash_algorithm
            .parameters
            .as_ref()
            .map(|a| a.to_der().unwrap()),
        Some(vec![0x05, 0x00])
    );
    // mgf1SHA1: { algorithm id-mgf1, parameters HashAlgorithm : sha1Identifier }.
    assert_eq!(
        p.mask_gen_algorithm.algorithm.to_string(),
        "1.2.840.113549.1.1.8"
    );
    let MaskGenAlgorithmParameters::Row0(mgf_hash) =
        p.mask_gen_algorithm.parameters_decoded().unwrap()
    else {
        panic!("MGF1 takes a hash algorithm");
    };
    assert_eq!(mgf_hash.algorithm.to_string(), "1.3.14.3.2.26");
    assert_eq!(p.salt_length.to_string(), "20");
    assert_eq!(p.trailer_field.to_string(), "1");
    // Every component is its default: DER writes none (X.690 11.5).
    assert_eq!(p.to_der().unwrap(), [0x30, 0x00]);

    let oaep = RsaesOaepParams::from_der(&[0x30, 0x00]).unwrap();
    assert_eq!(oaep.hash_func, p.hash_algorithm);
    assert_eq!(
        oaep.p_source_func.algorithm.to_string(),
        "1.2.840.113549.1.1.9"
    );
    assert_eq!(oaep.to_der().unwrap(), [0x30, 0x00]);
}

#[test]
fn an_encoded_sha1_default_is_not_der_but_is_ber() {
    // hashAlgorithm [0] { id-sha1, NULL }, written although it is the default.
    let explicit_sha1 = [
        0x30, 0x0d, 0xa0, 0x0b, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a, 0x05, 0x00,
    ];
    let err = RsassaPssParams::from_der(&explicit_sha1).unwrap_err();
    assert_eq!(err.kind().slug(), "non-canonical", "{err}");
    assert_eq!(err.offset(), 2, "{err}");
    assert_eq!(path_of(&err), "RSASSA-PSS-params.hashAlgorithm");
    let ber = RsassaPssParams::from_ber(&explicit_sha1).unwrap();
    // The same value as the default (its `AnyRef` parameters sit at another offset, so
    // the encodings are compared): DER leaves it out.
    let default = RsassaPssParams::from_der(&[0x30, 0x00]).unwrap();
    assert_eq!(
        ber.hash_algorithm.to_der().unwrap(),
        default.hash_algorithm.to_der().unwrap()
    );
    assert_eq!(ber.to_der().unwrap(), [0x30, 0x00]);

    // SHA-1 without the NULL parameters is another value: accepted and kept.
    let sha1_absent_params = [
        0x30, 0x0b, 0xa0, 0x09, 0x30, 0x07, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a,
    ];
    let p = RsassaPssParams::from_der(&sha1_absent_params).unwrap();
    assert_eq!(p.hash_algorithm.parameters, None);
    assert_eq!(p.to_der().unwrap(), sha1_absent_params);
}
