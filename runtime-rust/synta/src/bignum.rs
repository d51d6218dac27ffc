//! Tiny arbitrary-size unsigned arithmetic, just enough for OID arcs and INTEGER
//! rendering of any size (little-endian `u32` limbs).

use alloc::string::String;
use alloc::vec::Vec;

/// An unsigned big number, little-endian limbs, no trailing zero limbs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct BigUint {
    limbs: Vec<u32>,
}

impl BigUint {
    pub(crate) fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    /// self = self * m + a
    pub(crate) fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = u64::from(a);
        for limb in &mut self.limbs {
            let v = u64::from(*limb) * u64::from(m) + carry;
            *limb = (v & 0xffff_ffff) as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.limbs.push((carry & 0xffff_ffff) as u32);
        }
        self.trim();
    }

    /// self = self / d, returns the remainder. `d` must be non-zero.
    pub(crate) fn div_rem(&mut self, d: u32) -> u32 {
        let d = u64::from(d.max(1));
        let mut rem: u64 = 0;
        for limb in self.limbs.iter_mut().rev() {
            let cur = (rem << 32) | u64::from(*limb);
            *limb = ((cur / d) & 0xffff_ffff) as u32;
            rem = cur % d;
        }
        self.trim();
        (rem & 0xffff_ffff) as u32
    }

    /// self -= s; returns false (leaving self unchanged) if that would go below zero.
    pub(crate) fn checked_sub_small(&mut self, s: u32) -> bool {
        if self.limbs.len() <= 1 && self.limbs.first().copied().unwrap_or(0) < s {
            return false;
        }
        let mut borrow = u64::from(s);
        for limb in &mut self.limbs {
            if borrow == 0 {
                break;
            }
            let v = u64::from(*limb);
            if v >= borrow {
                *limb = ((v - borrow) & 0xffff_ffff) as u32;
                borrow = 0;
            } else {
                *limb = (((1u64 << 32) + v - borrow) & 0xffff_ffff) as u32;
                borrow = 1;
            }
        }
        self.trim();
        true
    }

    /// Value if it fits a `u64`.
    pub(crate) fn to_u64(&self) -> Option<u64> {
        match self.limbs.as_slice() {
            [] => Some(0),
            [a] => Some(u64::from(*a)),
            [a, b] => Some(u64::from(*a) | (u64::from(*b) << 32)),
            _ => None,
        }
    }

    /// From big-endian base-256 magnitude octets.
    pub(crate) fn from_be_bytes(bytes: &[u8]) -> Self {
        let mut n = BigUint::default();
        for &b in bytes {
            n.mul_add(256, u32::from(b));
        }
        n
    }

    /// From base-128 digits (high bits of each octet ignored).
    pub(crate) fn from_base128(digits: &[u8]) -> Self {
        let mut n = BigUint::default();
        for &b in digits {
            n.mul_add(128, u32::from(b & 0x7f));
        }
        n
    }

    /// Decimal text.
    pub(crate) fn to_decimal(&self) -> String {
        if self.is_zero() {
            return String::from("0");
        }
        let mut n = self.clone();
        let mut digits = Vec::new();
        while !n.is_zero() {
            let r = n.div_rem(10);
            digits.push(b'0' + (r & 0xff) as u8);
        }
        digits.iter().rev().map(|&d| char::from(d)).collect()
    }

    /// Parses decimal digits (no sign, no leading zeros unless "0").
    pub(crate) fn from_decimal(s: &str) -> Option<Self> {
        if s.is_empty() || (s.len() > 1 && s.starts_with('0')) {
            return None;
        }
        let mut n = BigUint::default();
        for c in s.bytes() {
            if !c.is_ascii_digit() {
                return None;
            }
            n.mul_add(10, u32::from(c - b'0'));
        }
        Some(n)
    }

    /// Appends the base-128 encoding (continuation bit on all but the last octet).
    pub(crate) fn push_base128(&self, out: &mut Vec<u8>) {
        let mut n = self.clone();
        let mut digits = Vec::new();
        loop {
            digits.push((n.div_rem(128) & 0x7f) as u8);
            if n.is_zero() {
                break;
            }
        }
        let last = digits.len() - 1;
        for (i, d) in digits.iter().rev().enumerate() {
            out.push(if i == last { *d } else { d | 0x80 });
        }
    }
}
