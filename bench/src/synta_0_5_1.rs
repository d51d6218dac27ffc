//! synta-certificate 0.5.1 from crates.io: the reference implementation.
//!
//! API used: `synta_certificate::Certificate::from_der` (zero-copy; `issuer`/`subject` are
//! `RawDer` spans), `synta_certificate::format_dn` on `RawDer::as_bytes()`,
//! `synta::Integer::{as_u8, as_bytes}`, `synta::ObjectIdentifier`'s `Display`,
//! `synta::BitStringRef::as_bytes`, `synta::GeneralizedTime::to_unix` (a `UtcTime` is
//! widened to a `GeneralizedTime` first: 0.5.1 has no `UtcTime::to_unix`).

use std::hint::black_box;

use synta_certificate_old::{format_dn, Certificate, Time};
use synta_old::GeneralizedTime;

use crate::{serial_hex_twos_complement, Fields, Parser};

pub struct Synta051;

fn unix(t: &Time) -> i64 {
    match t {
        Time::GeneralTime(g) => g.to_unix(),
        Time::UtcTime(u) => GeneralizedTime {
            year: u.year,
            month: u.month,
            day: u.day,
            hour: u.hour,
            minute: u.minute,
            second: u.second,
            milliseconds: None,
        }
        .to_unix(),
    }
}

impl Parser for Synta051 {
    const NAME: &'static str = "synta_0_5_1";

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
            version: match &tbs.version {
                Some(v) => v.as_u8().ok()?,
                None => 0,
            },
            serial_hex: serial_hex_twos_complement(tbs.serial_number.as_bytes()),
            issuer: format_dn(tbs.issuer.as_bytes()),
            subject: format_dn(tbs.subject.as_bytes()),
            sig_alg_oid: cert.signature_algorithm.algorithm.to_string(),
            signature: cert.signature_value.as_bytes().to_vec(),
            not_before: unix(&tbs.validity.not_before),
            not_after: unix(&tbs.validity.not_after),
            pk_alg_oid: spki.algorithm.algorithm.to_string(),
            public_key: spki.subject_public_key.as_bytes().to_vec(),
        })
    }
}
