//! UTCTime and GeneralizedTime (X.680 46-47, X.690 11.7-11.8) with calendar checks.

use alloc::string::String;
use core::fmt::{self, Write as _};

use crate::error::{Error, ErrorKind, NonCanonical, Result};
use crate::reader::Header;
use crate::{DecodeValue, EncodeValue, FixedTag, Reader, Rules, Tag, Writer};

mod canonical;

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

    #[inline]
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
    // The 12 or 14 digits are checked and paired eight at a time.
    let (year, month, day, hour, minute, second) = if generalized {
        let &[y0, y1, y2, y3, m0, m1, d0, d1, h0, h1, i0, i1, s0, s1, b'Z'] = bytes else {
            return None;
        };
        let [yh, yl, month, day] = digit_pairs([y0, y1, y2, y3, m0, m1, d0, d1])?;
        let [hour, minute, second, _] = digit_pairs([h0, h1, i0, i1, s0, s1, b'0', b'0'])?;
        let year = u16::from(yh) * 100 + u16::from(yl);
        (year, month, day, hour, minute, second)
    } else {
        let &[y0, y1, m0, m1, d0, d1, h0, h1, i0, i1, s0, s1, b'Z'] = bytes else {
            return None;
        };
        let [yy, month, day, hour] = digit_pairs([y0, y1, m0, m1, d0, d1, h0, h1])?;
        let [minute, second, _, _] = digit_pairs([i0, i1, s0, s1, b'0', b'0', b'0', b'0'])?;
        let year = if yy >= 50 { 1900 } else { 2000 } + u16::from(yy);
        (year, month, day, hour, minute, second)
    };
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
    dt.check().ok()?;
    Some(dt)
}

/// Eight ASCII digits as four two-digit numbers, or `None` if one is not a digit.
#[inline(always)]
fn digit_pairs(ascii: [u8; 8]) -> Option<[u8; 4]> {
    let x = u64::from_le_bytes(ascii).wrapping_sub(0x3030_3030_3030_3030);
    // A byte is a digit when it was at least '0' (no borrow, high bit clear) and adding
    // 0x76 keeps it below 0x80 (at most 9).
    if (x | x.wrapping_add(0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080 != 0 {
        return None;
    }
    // First digit of each pair in the low byte (little-endian): tens * 10 + ones.
    let pairs = (x & 0x00ff_00ff_00ff_00ff) * 10 + ((x >> 8) & 0x00ff_00ff_00ff_00ff);
    // Each 16-bit lane is at most 99: its low byte holds all of it.
    let lanes = pairs.to_le_bytes();
    Some([lanes[0], lanes[2], lanes[4], lanes[6]])
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

            #[inline]
            fn decode_value_fast(
                r: &mut crate::FastReader<'a>,
                _h: &crate::FastHeader,
            ) -> Option<Self> {
                // Only the canonical spelling; anything else takes the general path.
                fast_canonical(r.take_rest(), $gen).map($name)
            }
        }

        impl $name {
            /// The fields to write under `rules`: DER and CER have one form per instant
            /// (a value read under BER may be in another).
            fn for_rules(&self, rules: Rules) -> Result<DateTime> {
                if rules.is_canonical() {
                    self.0.to_canonical($gen).map_err(|k| Error::new(k, 0))
                } else {
                    Ok(self.0)
                }
            }
        }

        impl EncodeValue for $name {
            fn value_len(&self, rules: Rules) -> Result<usize> {
                Ok(render_bytes(&self.for_rules(rules)?, $gen).len)
            }

            fn encode_value(&self, w: &mut Writer) -> Result<()> {
                w.bytes(render_bytes(&self.for_rules(w.rules())?, $gen).as_bytes())
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

#[cfg(test)]
mod tests {
    use super::{fast_canonical, parse_generalized, parse_utc};

    /// Whatever the fast path accepts, the general parser accepts with the same value;
    /// and every canonical spelling of a valid date takes the fast path.
    #[test]
    fn fast_path_agrees_with_the_general_parser() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut fast = 0;
        for i in 0..200_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let generalized = i % 2 == 0;
            let digits = if generalized { 14 } else { 12 };
            // Fields mostly in range, sometimes just outside it (day 29-32, hour 24...).
            let field = |shift: u32, range: u64| (x >> shift) % range;
            let year = if generalized {
                field(0, 10_000)
            } else {
                field(0, 100)
            };
            let rest = [
                field(14, 13),
                1 + field(18, 32),
                field(23, 25),
                field(28, 61),
                field(34, 61),
            ];
            let mut text = if generalized {
                alloc::format!("{year:04}")
            } else {
                alloc::format!("{year:02}")
            }
            .into_bytes();
            for v in rest {
                text.extend_from_slice(alloc::format!("{v:02}").as_bytes());
            }
            text.push(b'Z');
            match x % 23 {
                0 => {
                    let at = (x >> 40) as usize % text.len();
                    text[at] = x.to_le_bytes()[6];
                }
                1 => {
                    text.pop();
                }
                2 => text.insert(3, b'1'),
                _ => {}
            }
            let general = if generalized {
                parse_generalized(&text)
            } else {
                parse_utc(&text)
            };
            if let Some(dt) = fast_canonical(&text, generalized) {
                fast += 1;
                assert_eq!(
                    Ok(dt),
                    general,
                    "{}",
                    alloc::string::String::from_utf8_lossy(&text)
                );
            } else if let Ok(dt) = general {
                // Valid but not taken: only non-canonical spellings may be left out.
                assert!(
                    !dt.is_canonical(generalized)
                        || text.len() != digits + 1
                        || dt.check().is_err(),
                    "{}",
                    alloc::string::String::from_utf8_lossy(&text)
                );
            }
        }
        assert!(fast > 20_000, "{fast}");
    }
}
