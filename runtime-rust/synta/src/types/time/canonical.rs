//! The DER / CER form of a time read under BER (X.690 11.7, 11.8): in UTC, with minutes
//! and seconds, any fraction on the seconds and without trailing zeros.

use super::{days_in_month, DateTime, Fraction, TimeZone};
use crate::error::ErrorKind;

const SECONDS_PER_DAY: i64 = 86_400;

impl DateTime {
    /// The same instant in the form DER and CER write (`generalized` false for UTCTime,
    /// whose years are 1950..=2049): an offset is applied (the date may change), missing
    /// minutes and seconds become zero, a fraction of the hour or minute becomes
    /// seconds and a fraction of a second, trailing zero digits are dropped.
    ///
    /// Fails for local time (no zone: the instant is unknown) and when the instant in UTC
    /// falls outside the type's years.
    pub fn to_canonical(&self, generalized: bool) -> Result<DateTime, ErrorKind> {
        if self.is_canonical(generalized) {
            return Ok(*self);
        }
        let offset_minutes = match self.zone {
            TimeZone::Utc => 0,
            TimeZone::Offset(m) => i64::from(m),
            TimeZone::Local => return Err(ErrorKind::InvalidValue("local time has no DER form")),
        };
        // The time of day as an exact decimal: units of 10^-digits seconds. The fraction
        // belongs to the last component written (X.680 46.2), worth `unit` seconds.
        let (frac, digits) = self
            .fraction
            .map_or((0u128, 0u8), |f| (u128::from(f.value), f.digits));
        let scale = 10u128.pow(u32::from(digits));
        let unit: u128 = match (self.minute, self.second) {
            (None, _) => 3600,
            (Some(_), None) => 60,
            (Some(_), Some(_)) => 1,
        };
        let whole = u128::from(self.hour) * 3600
            + u128::from(self.minute.unwrap_or(0)) * 60
            + u128::from(self.second.unwrap_or(0));
        // `frac < scale`, so the total stays below one day.
        let total = whole * scale + frac * unit;
        let remainder = total % scale;
        let seconds = i64::try_from(total / scale).map_err(|_| BAD_TIME)?;

        let mut utc = seconds - offset_minutes * 60;
        let (mut year, mut month, mut day) = (self.year, self.month, self.day);
        if utc < 0 {
            utc += SECONDS_PER_DAY;
            (year, month, day) = previous_day(year, month, day)?;
        } else if utc >= SECONDS_PER_DAY {
            utc -= SECONDS_PER_DAY;
            (year, month, day) = next_day(year, month, day)?;
        }
        if year > 9999 || (!generalized && !(1950..=2049).contains(&year)) {
            return Err(ErrorKind::InvalidValue(
                "time outside the type's years in UTC",
            ));
        }
        let fraction = trimmed(remainder, digits);
        if !generalized && fraction.is_some() {
            return Err(ErrorKind::InvalidValue(
                "UTCTime has no fraction of a second",
            ));
        }
        // `utc` is in 0..86400, so each part fits its field.
        let part = |v: i64| u8::try_from(v).map_err(|_| BAD_TIME);
        Ok(DateTime {
            year,
            month,
            day,
            hour: part(utc / 3600)?,
            minute: Some(part(utc / 60 % 60)?),
            second: Some(part(utc % 60)?),
            fraction,
            zone: TimeZone::Utc,
        })
    }
}

const BAD_TIME: ErrorKind = ErrorKind::InvalidValue("date or time out of range");

/// A fraction of `digits` digits without its trailing zeros; `None` when it is zero.
fn trimmed(mut value: u128, mut digits: u8) -> Option<Fraction> {
    if value == 0 {
        return None;
    }
    while value % 10 == 0 {
        value /= 10;
        digits -= 1;
    }
    Some(Fraction {
        value: u64::try_from(value).ok()?,
        digits,
    })
}

fn previous_day(year: u16, month: u8, day: u8) -> Result<(u16, u8, u8), ErrorKind> {
    Ok(if day > 1 {
        (year, month, day - 1)
    } else if month > 1 {
        (year, month - 1, days_in_month(year, month - 1))
    } else {
        (year.checked_sub(1).ok_or(BAD_TIME)?, 12, 31)
    })
}

fn next_day(year: u16, month: u8, day: u8) -> Result<(u16, u8, u8), ErrorKind> {
    Ok(if day < days_in_month(year, month) {
        (year, month, day + 1)
    } else if month < 12 {
        (year, month + 1, 1)
    } else {
        (year.checked_add(1).ok_or(BAD_TIME)?, 1, 1)
    })
}

#[cfg(test)]
mod tests {
    use super::super::{parse_generalized, parse_utc};
    use super::*;

    fn canonical(text: &str) -> Result<DateTime, ErrorKind> {
        parse_generalized(text.as_bytes())?.to_canonical(true)
    }

    fn show(dt: &DateTime, generalized: bool) -> alloc::string::String {
        super::super::render(dt, generalized)
    }

    #[test]
    fn offsets_missing_parts_and_fractions_take_the_der_form() {
        for (ber, der) in [
            ("20250102030405Z", "20250102030405Z"),
            ("202501020304Z", "20250102030400Z"),
            ("2025010203Z", "20250102030000Z"),
            ("2025010203.5Z", "20250102033000Z"),
            ("202501020304.25Z", "20250102030415Z"),
            ("20250102030405.120Z", "20250102030405.12Z"),
            ("20250102030405.000Z", "20250102030405Z"),
            ("20250102030405+0130", "20250102013405Z"),
            ("20250101003000+0100", "20241231233000Z"),
            ("20241231233000-0100", "20250101003000Z"),
            ("20240228233000-0100", "20240229003000Z"),
            ("2025010203,5-0030", "20250102040000Z"),
        ] {
            assert_eq!(show(&canonical(ber).unwrap(), true), der, "{ber}");
        }
        let utc = parse_utc(b"4912312330-0100").unwrap();
        assert!(
            utc.to_canonical(false).is_err(),
            "2050 is not a UTCTime year"
        );
        let utc = parse_utc(b"2501020304+0100").unwrap();
        assert_eq!(
            show(&utc.to_canonical(false).unwrap(), false),
            "250102020400Z"
        );
    }

    #[test]
    fn local_time_and_years_out_of_range_are_errors() {
        assert!(canonical("20250102030405").is_err());
        assert!(canonical("00000101003000+0100").is_err());
        assert!(canonical("99991231233000-0100").is_err());
    }
}

#[cfg(test)]
mod encoding {
    use crate::{from_ber, Encode, GeneralizedTime, Rules};

    /// The book's example (rust-runtime.md, CER encoding).
    #[test]
    fn a_ber_time_is_written_as_der_in_utc() {
        let t: GeneralizedTime = from_ber(b"\x18\x1520250101003000.5+0100").unwrap();
        assert_eq!(t.to_der().unwrap(), b"\x18\x1120241231233000.5Z");
        assert_eq!(t.encoded_len(Rules::Der).unwrap(), 19);
        assert_eq!(
            t.to_vec(Rules::Ber).unwrap(),
            b"\x18\x1520250101003000.5+0100"
        );
    }
}
