//! UTCTime and GeneralizedTime (X.680 46-47, X.690 11.7-11.8) with calendar checks.

use alloc::string::String;
use core::fmt::{self, Write as _};

use crate::error::{Error, ErrorKind, NonCanonical, Result};
use crate::reader::Header;
use crate::{DecodeValue, EncodeValue, FixedTag, Reader, Rules, Tag, Writer};

const BAD: ErrorKind = ErrorKind::InvalidValue("malformed time");

/// Time zone of a time value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TimeZone {
    /// `Z`.
    Utc,
    /// `+hhmm` / `-hhmm`, in minutes east of UTC.
    Offset(i16),
    /// No zone: local time (GeneralizedTime under BER only).
    Local,
}

/// Decimal fraction of the last time component: `digits` significant digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fraction {
    /// The digits as a number (`.0250` is value 250 with 4 digits).
    pub value: u64,
    /// Number of digits written (1..=18).
    pub digits: u8,
}

/// Date and time fields shared by both types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DateTime {
    /// Full year.
    pub year: u16,
    /// 1..=12.
    pub month: u8,
    /// 1..=days in month.
    pub day: u8,
    /// 0..=23.
    pub hour: u8,
    /// 0..=59, absent only in BER GeneralizedTime.
    pub minute: Option<u8>,
    /// 0..=59, absent in BER forms without seconds.
    pub second: Option<u8>,
    /// Fraction of the last present component (GeneralizedTime).
    pub fraction: Option<Fraction>,
    /// Time zone.
    pub zone: TimeZone,
}

const fn is_leap(y: u16) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

/// Days in `month` of `year` (0 for an invalid month).
#[must_use]
pub const fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(year) => 29,
        2 => 28,
        _ => 0,
    }
}

impl DateTime {
    /// A complete UTC date-time (the DER form), checked against the calendar.
    pub fn new(year: u16, month: u8, day: u8, hour: u8, minute: u8, second: u8) -> Result<Self> {
        let dt = DateTime {
            year,
            month,
            day,
            hour,
            minute: Some(minute),
            second: Some(second),
            fraction: None,
            zone: TimeZone::Utc,
        };
        dt.check().map_err(|k| Error::new(k, 0))?;
        Ok(dt)
    }

    fn check(&self) -> Result<(), ErrorKind> {
        let ok = (1..=12).contains(&self.month)
            && self.day >= 1
            && self.day <= days_in_month(self.year, self.month)
            && self.hour <= 23
            && self.minute.unwrap_or(0) <= 59
            && self.second.unwrap_or(0) <= 59
            && (self.minute.is_some() || self.second.is_none())
            && match self.zone {
                TimeZone::Offset(m) => m.unsigned_abs() < 24 * 60 && m.unsigned_abs() % 60 < 60,
                _ => true,
            };
        if !ok {
            return Err(ErrorKind::InvalidValue("date or time out of range"));
        }
        if let Some(f) = self.fraction {
            if f.digits == 0 || f.digits > 18 {
                return Err(BAD);
            }
        }
        Ok(())
    }

    /// True for the DER/CER form: seconds present, `Z`, fraction without trailing zero.
    fn is_canonical(&self, generalized: bool) -> bool {
        self.minute.is_some()
            && self.second.is_some()
            && self.zone == TimeZone::Utc
            && match self.fraction {
                None => true,
                Some(f) => generalized && f.value % 10 != 0,
            }
    }
}

impl fmt::Display for DateTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:04}-{:02}-{:02}T{:02}",
            self.year, self.month, self.day, self.hour
        )?;
        if let Some(m) = self.minute {
            write!(f, ":{m:02}")?;
        }
        if let Some(s) = self.second {
            write!(f, ":{s:02}")?;
        }
        if let Some(fr) = self.fraction {
            write!(f, ".{:0w$}", fr.value, w = usize::from(fr.digits))?;
        }
        match self.zone {
            TimeZone::Utc => f.write_char('Z'),
            TimeZone::Offset(m) => write!(
                f,
                "{}{:02}{:02}",
                if m < 0 { '-' } else { '+' },
                m.unsigned_abs() / 60,
                m.unsigned_abs() % 60
            ),
            TimeZone::Local => Ok(()),
        }
    }
}

/// A little cursor over ASCII digits.
struct Text<'s> {
    s: &'s [u8],
}

impl Text<'_> {
    fn digits(&mut self, n: usize) -> Result<u16, ErrorKind> {
        let (head, tail) = self.s.split_at_checked(n).ok_or(BAD)?;
        let mut v: u16 = 0;
        for &c in head {
            if !c.is_ascii_digit() {
                return Err(BAD);
            }
            v = v * 10 + u16::from(c - b'0');
        }
        self.s = tail;
        Ok(v)
    }

    fn two(&mut self) -> Result<u8, ErrorKind> {
        // Two digits are at most 99.
        self.digits(2).map(|v| (v & 0xff) as u8)
    }

    fn peek_digit(&self) -> bool {
        self.s.first().is_some_and(u8::is_ascii_digit)
    }

    fn zone(&mut self, local_ok: bool) -> Result<TimeZone, ErrorKind> {
        match self.s.first() {
            None if local_ok => Ok(TimeZone::Local),
            Some(b'Z') => {
                self.s = self.s.get(1..).unwrap_or(&[]);
                Ok(TimeZone::Utc)
            }
            Some(&c @ (b'+' | b'-')) => {
                self.s = self.s.get(1..).unwrap_or(&[]);
                let h = i16::from(self.two()?);
                let m = i16::from(self.two()?);
                if h > 23 || m > 59 {
                    return Err(ErrorKind::InvalidValue("time zone offset out of range"));
                }
                let v = h * 60 + m;
                Ok(TimeZone::Offset(if c == b'-' { -v } else { v }))
            }
            _ => Err(BAD),
        }
    }
}

fn parse_utc(s: &[u8]) -> Result<DateTime, ErrorKind> {
    let mut t = Text { s };
    let yy = t.two()?;
    // X.680 leaves the century open; RFC 5280 4.1.2.5.1 fixes 1950..=2049.
    let year = if yy >= 50 { 1900 } else { 2000 } + u16::from(yy);
    let month = t.two()?;
    let day = t.two()?;
    let hour = t.two()?;
    let minute = Some(t.two()?);
    let second = if t.peek_digit() { Some(t.two()?) } else { None };
    let zone = t.zone(false)?;
    if !t.s.is_empty() {
        return Err(BAD);
    }
    let dt = DateTime {
        year,
        month,
        day,
        hour,
        minute,
        second,
        fraction: None,
        zone,
    };
    dt.check()?;
    Ok(dt)
}

fn parse_generalized(s: &[u8]) -> Result<DateTime, ErrorKind> {
    let mut t = Text { s };
    let year = t.digits(4)?;
    let month = t.two()?;
    let day = t.two()?;
    let hour = t.two()?;
    let minute = if t.peek_digit() { Some(t.two()?) } else { None };
    let second = if minute.is_some() && t.peek_digit() {
        Some(t.two()?)
    } else {
        None
    };
    let mut fraction = None;
    if let Some(&(b'.' | b',')) = t.s.first() {
        t.s = t.s.get(1..).unwrap_or(&[]);
        let n = t.s.iter().take_while(|c| c.is_ascii_digit()).count();
        if n == 0 {
            return Err(ErrorKind::InvalidValue("fraction without digits"));
        }
        if n > 18 {
            return Err(ErrorKind::Unsupported("time fraction above 18 digits"));
        }
        let (digits, rest) = t.s.split_at_checked(n).ok_or(BAD)?;
        let value = digits
            .iter()
            .fold(0u64, |v, &c| v * 10 + u64::from(c - b'0'));
        fraction = Some(Fraction {
            value,
            // n <= 18.
            digits: u8::try_from(n).unwrap_or(0),
        });
        t.s = rest;
    }
    let zone = t.zone(true)?;
    if !t.s.is_empty() {
        return Err(BAD);
    }
    let dt = DateTime {
        year,
        month,
        day,
        hour,
        minute,
        second,
        fraction,
        zone,
    };
    dt.check()?;
    Ok(dt)
}

/// The encoded text of a time, on the stack: decoding compares against it (DER) and
/// encoding writes it, with no allocation on either path.
struct Rendered {
    buf: [u8; 48],
    len: usize,
}

impl Rendered {
    fn push(&mut self, b: u8) {
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
    }

    /// `v` in exactly `width` decimal digits (the most significant ones dropped).
    fn digits(&mut self, mut v: u64, width: usize) {
        let start = self.len;
        for _ in 0..width {
            self.push(b'0');
        }
        for i in (start..self.len).rev() {
            if let Some(slot) = self.buf.get_mut(i) {
                // `v % 10` is below 10.
                *slot = b'0' + (v % 10) as u8;
            }
            v /= 10;
        }
    }

    fn as_bytes(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or(&[])
    }
}

fn render_bytes(dt: &DateTime, generalized: bool) -> Rendered {
    let mut r = Rendered {
        buf: [0; 48],
        len: 0,
    };
    if generalized {
        r.digits(u64::from(dt.year), 4);
    } else {
        r.digits(u64::from(dt.year % 100), 2);
    }
    r.digits(u64::from(dt.month), 2);
    r.digits(u64::from(dt.day), 2);
    r.digits(u64::from(dt.hour), 2);
    if let Some(m) = dt.minute {
        r.digits(u64::from(m), 2);
    }
    if let Some(sec) = dt.second {
        r.digits(u64::from(sec), 2);
    }
    if let Some(f) = dt.fraction {
        r.push(b'.');
        r.digits(f.value, usize::from(f.digits));
    }
    match dt.zone {
        TimeZone::Utc => r.push(b'Z'),
        TimeZone::Offset(m) => {
            r.push(if m < 0 { b'-' } else { b'+' });
            r.digits(u64::from(m.unsigned_abs() / 60), 2);
            r.digits(u64::from(m.unsigned_abs() % 60), 2);
        }
        TimeZone::Local => {}
    }
    r
}

/// The value of a time written exactly in its DER form, `YYMMDDHHMMSSZ` (UTCTime) or
/// `YYYYMMDDHHMMSSZ` (GeneralizedTime without fraction), with a valid calendar date;
/// `None` for anything else, which then takes the general path (and its errors).
#[inline]
fn fast_canonical(bytes: &[u8], generalized: bool) -> Option<DateTime> {
    let (year, rest) = if generalized {
        let [a, b, c, d, rest @ ..] = bytes else {
            return None;
        };
        (
            u16::from(two_digits(*a, *b)?) * 100 + u16::from(two_digits(*c, *d)?),
            rest,
        )
    } else {
        let [a, b, rest @ ..] = bytes else {
            return None;
        };
        let yy = two_digits(*a, *b)?;
        (if yy >= 50 { 1900 } else { 2000 } + u16::from(yy), rest)
    };
    let &[mo0, mo1, d0, d1, h0, h1, mi0, mi1, s0, s1, b'Z'] = rest else {
        return None;
    };
    let dt = DateTime {
        year,
        month: two_digits(mo0, mo1)?,
        day: two_digits(d0, d1)?,
        hour: two_digits(h0, h1)?,
        minute: Some(two_digits(mi0, mi1)?),
        second: Some(two_digits(s0, s1)?),
        fraction: None,
        zone: TimeZone::Utc,
    };
    dt.check().ok()?;
    Some(dt)
}

#[inline]
fn two_digits(a: u8, b: u8) -> Option<u8> {
    let (a, b) = (a.wrapping_sub(b'0'), b.wrapping_sub(b'0'));
    if a < 10 && b < 10 {
        Some(a * 10 + b)
    } else {
        None
    }
}

fn render(dt: &DateTime, generalized: bool) -> String {
    String::from_utf8_lossy(render_bytes(dt, generalized).as_bytes()).into_owned()
}

macro_rules! time_type {
    ($(#[$m:meta])* $name:ident, $tag:expr, $parse:ident, $gen:expr) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub struct $name(DateTime);

        impl $name {
            /// Wraps checked date-time fields.
            pub fn new(dt: DateTime) -> Result<Self> {
                dt.check().map_err(|k| Error::new(k, 0))?;
                Self::check_range(&dt).map_err(|k| Error::new(k, 0))?;
                Ok($name(dt))
            }

            /// The fields.
            #[must_use]
            pub fn date_time(&self) -> &DateTime {
                &self.0
            }

            /// The encoded text (contents octets).
            #[must_use]
            pub fn to_text(&self) -> String {
                render(&self.0, $gen)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl FixedTag for $name {
            const TAG: Tag = $tag;
        }

        impl<'a> DecodeValue<'a> for $name {
            fn decode_value(r: &mut Reader<'a>, _h: &Header) -> Result<Self> {
                let at = r.offset();
                let bytes = r.read_rest();
                if let Some(dt) = fast_canonical(bytes, $gen) {
                    // The canonical form itself: nothing to re-render.
                    return Ok($name(dt));
                }
                let dt = $parse(bytes).map_err(|k| Error::new(k, at))?;
                if r.rules().is_canonical() {
                    // Re-rendering catches every non-canonical spelling (',' for '.',
                    // trailing zeros, missing seconds, offsets).
                    if !dt.is_canonical($gen) || render_bytes(&dt, $gen).as_bytes() != bytes {
                        return Err(Error::new(ErrorKind::NonCanonical(NonCanonical::Time), at));
                    }
                }
                Ok($name(dt))
            }
        }

        impl EncodeValue for $name {
            fn value_len(&self, _rules: Rules) -> Result<usize> {
                Ok(render_bytes(&self.0, $gen).len)
            }

            fn encode_value(&self, w: &mut Writer) -> Result<()> {
                w.bytes(render_bytes(&self.0, $gen).as_bytes())
            }
        }
    };
}

time_type!(
    /// UTCTime: two-digit years mapped to 1950..=2049, no fraction.
    UtcTime, Tag::UTC_TIME, parse_utc, false);
time_type!(
    /// GeneralizedTime: four-digit years, optional fraction.
    GeneralizedTime, Tag::GENERALIZED_TIME, parse_generalized, true);

impl UtcTime {
    fn check_range(dt: &DateTime) -> Result<(), ErrorKind> {
        let ok = (1950..=2049).contains(&dt.year)
            && dt.minute.is_some()
            && dt.fraction.is_none()
            && dt.zone != TimeZone::Local;
        ok.then_some(())
            .ok_or(ErrorKind::InvalidValue("not representable as UTCTime"))
    }
}

impl GeneralizedTime {
    fn check_range(dt: &DateTime) -> Result<(), ErrorKind> {
        (dt.year <= 9999)
            .then_some(())
            .ok_or(ErrorKind::InvalidValue("year above 9999"))
    }
}
