//! x509-parser (rusticata).
//!
//! API used: `X509Certificate::from_der` (parses extensions eagerly), `version()`,
//! `raw_serial()`, `X509Name`'s `Display` (x509-parser's `x509name_to_string` with its
//! default OID registry), `Oid::to_id_string`, `ASN1Time::timestamp`.

use std::hint::black_box;

use ::x509_parser::prelude::{FromDer, X509Certificate};

use crate::{serial_hex_twos_complement, Fields, Parser};

pub struct X509Parser;

impl Parser for X509Parser {
    const NAME: &'static str = "x509_parser";

    fn parse(der: &[u8]) -> bool {
        let cert = X509Certificate::from_der(der);
        let ok = cert.is_ok();
        black_box(&cert);
        ok
    }

    fn fields(der: &[u8]) -> Option<Fields> {
        let (_, cert) = X509Certificate::from_der(der).ok()?;
        let spki = cert.public_key();
        let validity = cert.validity();
        Some(Fields {
            version: u8::try_from(cert.version().0).ok()?,
            serial_hex: serial_hex_twos_complement(cert.raw_serial()),
            issuer: cert.issuer().to_string(),
            subject: cert.subject().to_string(),
            sig_alg_oid: cert.signature_algorithm.algorithm.to_id_string(),
            signature: cert.signature_value.data.to_vec(),
            not_before: validity.not_before.timestamp(),
            not_after: validity.not_after.timestamp(),
            pk_alg_oid: spki.algorithm.algorithm.to_id_string(),
            public_key: spki.subject_public_key.data.to_vec(),
        })
    }
}
