//! REAL (X.690 8.5; canonical forms 11.3).
//!
//! Decoded values are normalized (base 2 with an odd mantissa, or base 10 with no
//! trailing zero in the mantissa), so equal values compare equal whatever BER form they
//! came in, and encoding always gives the DER/CER form.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write as _};

use crate::error::{Error, ErrorKind, NonCanonical, Result};
use crate::reader::Header;
use crate::types::integer::encode_i128;
use crate::{DecodeValue, EncodeValue, FixedTag, Reader, Rules, Tag, Writer};

/// A REAL value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Real {
    /// +0 (empty contents).
    Zero,
    /// -0.
    MinusZero,
    /// PLUS-INFINITY.
    PlusInfinity,
    /// MINUS-INFINITY.
    MinusInfinity,
    /// NOT-A-NUMBER.
    NaN,
    /// ±mantissa × 2^exponent, mantissa odd.
    Binary {
        /// Sign.
        negative: bool,
        /// Odd mantissa.
        mantissa: u64,
        /// Power of two.
        exponent: i32,
    },
    /// ±mantissa × 10^exponent, mantissa not a multiple of 10.
    Decimal {
        /// Sign.
        negative: bool,
        /// Mantissa without trailing zeros.
        mantissa: u64,
        /// Power of ten.
        exponent: i32,
    },
}

const BAD: ErrorKind = ErrorKind::InvalidValue("malformed REAL");

impl Real {
    /// A binary REAL, normalized; a zero mantissa gives +0 / -0.
    #[must_use]
    pub fn binary(negative: bool, mantissa: u64, exponent: i32) -> Real {
        if mantissa == 0 {
            return if negative {
                Real::MinusZero
            } else {
                Real::Zero
            };
        }
        let tz = mantissa.trailing_zeros();
        match exponent.checked_add_unsigned(tz) {
            Some(e) => Real::Binary {
                negative,
                mantissa: mantissa >> tz,
                exponent: e,
            },
            None => {
                if negative {
                    Real::MinusInfinity
                } else {
                    Real::PlusInfinity
                }
            }
        }
    }

    /// A decimal REAL, normalized; a zero mantissa gives +0 / -0.
    #[must_use]
    pub fn decimal(negative: bool, mut mantissa: u64, mut exponent: i32) -> Real {
        if mantissa == 0 {
            return if negative {
                Real::MinusZero
            } else {
                Real::Zero
            };
        }
        while mantissa % 10 == 0 {
            mantissa /= 10;
            exponent = exponent.saturating_add(1);
        }
        Real::Decimal {
            negative,
            mantissa,
            exponent,
        }
    }

    /// Exact conversion from `f64`.
    #[must_use]
    pub fn from_f64(v: f64) -> Real {
        if v.is_nan() {
            return Real::NaN;
        }
        if v.is_infinite() {
            return if v > 0.0 {
                Real::PlusInfinity
            } else {
                Real::MinusInfinity
            };
        }
        let bits = v.to_bits();
        let negative = bits >> 63 != 0;
        // Biased exponent is 11 bits.
        let exp_bits = ((bits >> 52) & 0x7ff) as i32;
        let frac = bits & ((1u64 << 52) - 1);
        let (mantissa, exponent) = if exp_bits == 0 {
            (frac, -1074)
        } else {
            (frac | (1u64 << 52), exp_bits - 1075)
        };
        Real::binary(negative, mantissa, exponent)
    }

    /// Nearest `f64`.
    #[must_use]
    pub fn to_f64(&self) -> f64 {
        match *self {
            Real::Zero => 0.0,
            Real::MinusZero => -0.0,
            Real::PlusInfinity => f64::INFINITY,
            Real::MinusInfinity => f64::NEG_INFINITY,
            Real::NaN => f64::NAN,
            Real::Binary {
                negative,
                mantissa,
                exponent,
            } => {
                #[allow(clippy::cast_precision_loss)]
                let mut v = mantissa as f64;
                let mut e = exponent;
                // Scale in steps that stay exact powers of two.
                while e > 0 {
                    let s = e.min(60);
                    v *= (1u64 << s) as f64;
                    e -= s;
                }
                while e < 0 {
                    let s = (-e).min(60);
                    v /= (1u64 << s) as f64;
                    e += s;
                }
                if negative {
                    -v
                } else {
                    v
                }
            }
            Real::Decimal { .. } => {
                let t = decimal_text(self);
                t.parse::<f64>().unwrap_or(f64::NAN)
            }
        }
    }
}

impl fmt::Display for Real {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Real::Zero => f.write_str("0"),
            Real::MinusZero => f.write_str("-0"),
            Real::PlusInfinity => f.write_str("+inf"),
            Real::MinusInfinity => f.write_str("-inf"),
            Real::NaN => f.write_str("nan"),
            Real::Binary {
                negative,
                mantissa,
                exponent,
            } => write!(
                f,
                "{}{mantissa}*2^{exponent}",
                if negative { "-" } else { "" }
            ),
            Real::Decimal {
                negative,
                mantissa,
                exponent,
            } => write!(
                f,
                "{}{mantissa}*10^{exponent}",
                if negative { "-" } else { "" }
            ),
        }
    }
}

/// Canonical NR3 text (11.3.2): `[-]<mantissa>.E<exponent>`, exponent `+0` when zero.
fn decimal_text(r: &Real) -> String {
    let mut s = String::new();
    if let Real::Decimal {
        negative,
        mantissa,
        exponent,
    } = *r
    {
        if negative {
            s.push('-');
        }
        let _ = write!(s, "{mantissa}.E");
        if exponent == 0 {
            s.push_str("+0");
        } else {
            let _ = write!(s, "{exponent}");
        }
    }
    s
}

fn canonical_bytes(r: &Real) -> Vec<u8> {
    match *r {
        Real::Zero => Vec::new(),
        Real::PlusInfinity => alloc::vec![0x40],
        Real::MinusInfinity => alloc::vec![0x41],
        Real::NaN => alloc::vec![0x42],
        Real::MinusZero => alloc::vec![0x43],
        Real::Binary {
            negative,
            mantissa,
            exponent,
        } => {
            let (ebuf, estart) = encode_i128(i128::from(exponent));
            let e = ebuf.get(estart..).unwrap_or(&[0]);
            let mut out = Vec::with_capacity(2 + e.len() + 8);
            let sign = if negative { 0x40 } else { 0 };
            // An i32 exponent needs at most four octets: formats 00, 01, 10, or 11+len.
            match e.len() {
                1 => out.push(0x80 | sign),
                2 => out.push(0x81 | sign),
                3 => out.push(0x82 | sign),
                n => {
                    out.push(0x83 | sign);
                    out.push(u8::try_from(n).unwrap_or(0));
                }
            }
            out.extend_from_slice(e);
            let m = mantissa.to_be_bytes();
            let skip = (mantissa.leading_zeros() / 8) as usize;
            out.extend_from_slice(m.get(skip..).unwrap_or(&[]));
            out
        }
        Real::Decimal { .. } => {
            let mut out = alloc::vec![0x03];
            out.extend_from_slice(decimal_text(r).as_bytes());
            out
        }
    }
}

fn parse_binary(c: &[u8]) -> Result<Real, ErrorKind> {
    let (&first, rest) = c.split_first().ok_or(BAD)?;
    let negative = first & 0x40 != 0;
    let log2_base: i64 = match (first >> 4) & 3 {
        0 => 1,
        1 => 3,
        2 => 4,
        _ => return Err(ErrorKind::InvalidValue("reserved REAL base")),
    };
    let scale = i64::from((first >> 2) & 3);
    let (elen, rest) = match first & 3 {
        3 => {
            let (&n, r) = rest.split_first().ok_or(BAD)?;
            (usize::from(n), r)
        }
        n => (usize::from(n) + 1, rest),
    };
    if elen == 0 {
        return Err(BAD);
    }
    let (eoct, mant) = rest.split_at_checked(elen).ok_or(BAD)?;
    if eoct.len() > 8 {
        return Err(ErrorKind::Unsupported("REAL exponent above 64 bits"));
    }
    let e = crate::types::integer::to_i128(eoct)?;
    if mant.is_empty() {
        return Err(ErrorKind::InvalidValue("REAL without mantissa"));
    }
    // Strip trailing zero bits first so large but even mantissas still fit.
    let nz = mant.iter().rposition(|&b| b != 0);
    let Some(last) = nz else {
        // 8.5.2: zero has no contents octets; a zero mantissa is not an encoding.
        return Err(ErrorKind::InvalidValue("zero mantissa"));
    };
    let digits = mant.get(..=last).unwrap_or(&[]);
    let lead = digits.iter().take_while(|&&b| b == 0).count();
    let digits = digits.get(lead..).unwrap_or(&[]);
    if digits.len() > 8 {
        return Err(ErrorKind::Unsupported("REAL mantissa above 64 bits"));
    }
    let n = digits.iter().fold(0u64, |v, &b| (v << 8) | u64::from(b));
    let shifted = i64::try_from((mant.len() - 1 - last) * 8).map_err(|_| BAD)?;
    let e2 = i64::try_from(e)
        .ok()
        .and_then(|e| e.checked_mul(log2_base))
        .and_then(|e| e.checked_add(scale + shifted))
        .and_then(|e| i32::try_from(e).ok())
        .ok_or(ErrorKind::Unsupported("REAL exponent out of range"))?;
    Ok(Real::binary(negative, n, e2))
}

fn parse_decimal(form: u8, text: &[u8]) -> Result<Real, ErrorKind> {
    if !(1..=3).contains(&form) {
        return Err(ErrorKind::InvalidValue("reserved REAL decimal form"));
    }
    let t = core::str::from_utf8(text).map_err(|_| BAD)?;
    let t = t.trim_start_matches(' ');
    let (negative, t) = match t.as_bytes().first() {
        Some(b'-') => (true, t.get(1..).unwrap_or("")),
        Some(b'+') => (false, t.get(1..).unwrap_or("")),
        _ => (false, t),
    };
    let (num, exp) = match t.find(['E', 'e']) {
        Some(i) if form == 3 => (t.get(..i).unwrap_or(""), Some(t.get(i + 1..).unwrap_or(""))),
        Some(_) => return Err(BAD),
        None if form == 3 => return Err(BAD),
        None => (t, None),
    };
    let (int, frac) = match num.find(['.', ',']) {
        Some(i) if form >= 2 => (num.get(..i).unwrap_or(""), num.get(i + 1..).unwrap_or("")),
        Some(_) => return Err(BAD),
        None if form == 2 => return Err(BAD),
        None => (num, ""),
    };
    if int.is_empty() && frac.is_empty() {
        return Err(BAD);
    }
    let mut exponent: i64 = match exp {
        Some(e) => {
            let digits = e.trim_start_matches(['+', '-']);
            if digits.is_empty()
                || e.len() - digits.len() > 1
                || !digits.bytes().all(|c| c.is_ascii_digit())
            {
                return Err(BAD);
            }
            e.parse::<i64>()
                .map_err(|_| ErrorKind::Unsupported("REAL exponent out of range"))?
        }
        None => 0,
    };
    let mut mantissa: u64 = 0;
    let mut seen = false;
    for c in int.bytes().chain(frac.bytes()) {
        if !c.is_ascii_digit() {
            return Err(BAD);
        }
        let d = u64::from(c - b'0');
        if !seen && d == 0 {
            continue;
        }
        seen = true;
        mantissa = mantissa
            .checked_mul(10)
            .and_then(|m| m.checked_add(d))
            .ok_or(ErrorKind::Unsupported("REAL mantissa above 64 bits"))?;
    }
    exponent -= i64::try_from(frac.len()).map_err(|_| BAD)?;
    let exponent = i32::try_from(exponent)
        .map_err(|_| ErrorKind::Unsupported("REAL exponent out of range"))?;
    if mantissa == 0 {
        // 8.5.2 / 8.5.9: zeros have their own encodings.
        return Err(ErrorKind::InvalidValue("decimal zero"));
    }
    Ok(Real::decimal(negative, mantissa, exponent))
}

impl FixedTag for Real {
    const TAG: Tag = Tag::REAL;
}

impl<'a> DecodeValue<'a> for Real {
    fn decode_value(r: &mut Reader<'a>, _h: &Header) -> Result<Self> {
        let at = r.offset();
        let c = r.read_rest();
        let v = match c.first() {
            None => Real::Zero,
            Some(&b) if b & 0x80 != 0 => parse_binary(c).map_err(|k| Error::new(k, at))?,
            Some(&b) if b & 0x40 != 0 => match c {
                [0x40] => Real::PlusInfinity,
                [0x41] => Real::MinusInfinity,
                [0x42] => Real::NaN,
                [0x43] => Real::MinusZero,
                _ => {
                    return Err(Error::new(
                        ErrorKind::InvalidValue("reserved REAL special value"),
                        at,
                    ))
                }
            },
            Some(&b) => {
                parse_decimal(b & 0x3f, c.get(1..).unwrap_or(&[])).map_err(|k| Error::new(k, at))?
            }
        };
        if r.rules().is_canonical() && canonical_bytes(&v) != c {
            return Err(Error::new(ErrorKind::NonCanonical(NonCanonical::Real), at));
        }
        Ok(v)
    }
}

impl EncodeValue for Real {
    fn value_len(&self, _rules: Rules) -> Result<usize> {
        Ok(canonical_bytes(self).len())
    }

    fn encode_value(&self, w: &mut Writer) -> Result<()> {
        w.bytes(&canonical_bytes(self))
    }
}
