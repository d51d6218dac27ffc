//! Pass: choosing each INTEGER's native representation from its effective range.
//!
//! The narrowest of u8..u64 (when the range starts at 0 or above) or i8..i64 that holds
//! the whole root range; a big integer when a bound is open (MIN/MAX), the range exceeds
//! 64 bits, or the constraint is extensible (values outside the root are then valid).

use super::context::Analyzer;
use crate::ir::{self, IntegerRepr, TypeKind};
use num_bigint::BigInt;

/// The representation for an inclusive range with known bounds.
pub(crate) fn repr_for(min: &BigInt, max: &BigInt) -> IntegerRepr {
    let fits =
        |lo: i128, hi: u128| -> bool { *min >= BigInt::from(lo) && *max <= BigInt::from(hi) };
    if *min >= BigInt::from(0) {
        if fits(0, u128::from(u8::MAX)) {
            IntegerRepr::U8
        } else if fits(0, u128::from(u16::MAX)) {
            IntegerRepr::U16
        } else if fits(0, u128::from(u32::MAX)) {
            IntegerRepr::U32
        } else if fits(0, u128::from(u64::MAX)) {
            IntegerRepr::U64
        } else {
            IntegerRepr::Big
        }
    } else {
        let signed = |lo: i64, hi: i64| *min >= BigInt::from(lo) && *max <= BigInt::from(hi);
        if signed(i64::from(i8::MIN), i64::from(i8::MAX)) {
            IntegerRepr::I8
        } else if signed(i64::from(i16::MIN), i64::from(i16::MAX)) {
            IntegerRepr::I16
        } else if signed(i64::from(i32::MIN), i64::from(i32::MAX)) {
            IntegerRepr::I32
        } else if signed(i64::MIN, i64::MAX) {
            IntegerRepr::I64
        } else {
            IntegerRepr::Big
        }
    }
}

impl<'a> Analyzer<'a> {
    /// Sets the representation of an INTEGER type from its constraints.
    pub fn finish_integer(&mut self, ty: &mut ir::Type) {
        let repr = match ty.constraints.as_deref() {
            Some(c) if !c.extensible => match &c.value_range {
                Some(ir::Range {
                    min: Some(min),
                    max: Some(max),
                }) => repr_for(&min.0, &max.0),
                _ => IntegerRepr::Big,
            },
            _ => IntegerRepr::Big,
        };
        if let TypeKind::Integer { repr: r, .. } = &mut ty.kind {
            *r = repr;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(min: i128, max: u128) -> IntegerRepr {
        repr_for(&BigInt::from(min), &BigInt::from(max))
    }

    #[test]
    fn narrowest_width_is_chosen() {
        assert_eq!(r(0, 255), IntegerRepr::U8);
        assert_eq!(r(0, 256), IntegerRepr::U16);
        assert_eq!(r(0, 65535), IntegerRepr::U16);
        assert_eq!(r(0, 4_294_967_295), IntegerRepr::U32);
        assert_eq!(r(0, 18_446_744_073_709_551_615), IntegerRepr::U64);
        assert_eq!(r(0, 18_446_744_073_709_551_616), IntegerRepr::Big);
        assert_eq!(r(-128, 127), IntegerRepr::I8);
        assert_eq!(r(-129, 127), IntegerRepr::I16);
        assert_eq!(r(-1, 40_000), IntegerRepr::I32);
        assert_eq!(
            repr_for(&BigInt::from(i64::MIN), &BigInt::from(i64::MAX)),
            IntegerRepr::I64
        );
    }
}
