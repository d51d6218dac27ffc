//! x509-cert 0.2 (RustCrypto, on `der` 0.7).
//!
//! API used: `der::Decode::from_der` for `x509_cert::Certificate`, `Name`'s `Display`
//! (RFC 4514: last RDN first, `,` separated), `SerialNumber::as_bytes`,
//! `ObjectIdentifier`'s `Display`, `BitString::raw_bytes`, `Time::to_unix_duration`.

use std::hint::black_box;

use ::x509_cert::der::Decode;
use ::x509_cert::time::Time;
use ::x509_cert::Certificate;

use crate::{serial_hex_twos_complement, Fields, Parser};

pub struct X509Cert;

fn unix(t: Time) -> Option<i64> {
    i64::try_from(t.to_unix_duration().as_secs()).ok()
}

impl Parser for X509Cert {
    const NAME: &'static str = "x509_cert";

    fn parse(der: &[u8]) -> bool {
        let cert = Certificate::from_der(der);
        let ok = cert.is_ok();
        black_box(&cert);
        ok
    }

    fn fields(der: &[u8]) -> Option<Fields> {
        let cert = Certificate::from_der(der).ok()?;
        let tbs = &cert.tbs_certificate;
        let spki = &tbs.subject_public_key_info;
        Some(Fields {
            version: tbs.version as u8,
            serial_hex: serial_hex_twos_complement(tbs.serial_number.as_bytes()),
            issuer: tbs.issuer.to_string(),
            subject: tbs.subject.to_string(),
            sig_alg_oid: cert.signature_algorithm.oid.to_string(),
            signature: cert.signature.raw_bytes().to_vec(),
            not_before: unix(tbs.validity.not_before)?,
            not_after: unix(tbs.validity.not_after)?,
            pk_alg_oid: spki.algorithm.oid.to_string(),
            public_key: spki.subject_public_key.raw_bytes().to_vec(),
        })
    }
}
