//! Our `synta-certificate` (`generated/rust/synta-certificate`, on the `synta` runtime in
//! `runtime-rust/synta`).
//!
//! API used: `synta_certificate::Certificate::from_der` (zero-copy; names and extensions
//! kept raw until asked for), `version()` (1..=3), `serial()` (two's-complement octets,
//! rendered by the same helper as the other adapters), `issuer()`/`subject()` (RFC 4514,
//! decoded on each call), `ObjectIdentifierRef`'s `Display`, `signature()`/`public_key()`
//! (borrowed BIT STRING contents), `not_before()`/`not_after()` as `synta::DateTime`,
//! turned into Unix seconds below (the runtime has no `to_unix`).

use std::hint::black_box;

use synta::{DateTime, TimeZone};
use synta_certificate::Certificate;

use crate::{serial_hex_twos_complement, Fields, Parser};

pub struct Synta;

/// Days from 1970-01-01 to `y-m-d` of the proleptic Gregorian calendar (Howard Hinnant's
/// `days_from_civil`).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400; // [0, 399]
    let mp = (m + 9) % 12; // March = 0
    let doy = (153 * mp + 2) / 5 + d - 1; // [0, 365]
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy; // [0, 146096]
    era * 146_097 + doe - 719_468
}

/// Seconds since the Unix epoch; `None` for a local time (no zone), which DER forbids.
fn unix(t: &DateTime) -> Option<i64> {
    let days = days_from_civil(i64::from(t.year), i64::from(t.month), i64::from(t.day));
    let secs = days * 86_400
        + i64::from(t.hour) * 3_600
        + i64::from(t.minute.unwrap_or(0)) * 60
        + i64::from(t.second.unwrap_or(0));
    match t.zone {
        TimeZone::Utc => Some(secs),
        TimeZone::Offset(minutes_east) => Some(secs - i64::from(minutes_east) * 60),
        TimeZone::Local => None,
    }
}

impl Parser for Synta {
    const NAME: &'static str = "synta";

    fn parse(der: &[u8]) -> bool {
        let cert = Certificate::from_der(der);
        let ok = cert.is_ok();
        black_box(&cert);
        ok
    }

    fn fields(der: &[u8]) -> Option<Fields> {
        let cert = Certificate::from_der(der).ok()?;
        Some(Fields {
            // `version()` is 1..=3 (0 for a value outside v1..v3); `Fields` wants the raw
            // value.
            version: cert.version().checked_sub(1)?,
            serial_hex: serial_hex_twos_complement(cert.serial()),
            issuer: cert.issuer().ok()?,
            subject: cert.subject().ok()?,
            sig_alg_oid: cert.signature_algorithm().to_string(),
            signature: cert.signature().ok()?.to_vec(),
            not_before: unix(cert.not_before())?,
            not_after: unix(cert.not_after())?,
            pk_alg_oid: cert.public_key_algorithm().to_string(),
            public_key: cert.public_key().ok()?.to_vec(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::days_from_civil;

    #[test]
    fn civil_days() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(days_from_civil(1950, 1, 1), -7_305);
        assert_eq!(days_from_civil(2024, 2, 29), 19_782);
        assert_eq!(days_from_civil(9999, 12, 31), 2_932_896);
    }
}
