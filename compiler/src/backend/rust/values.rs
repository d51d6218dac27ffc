//! Values as Rust constants and expressions: OBJECT IDENTIFIER contents octets, INTEGER
//! two's-complement octets, DEFAULT values.

use num_bigint::BigInt;
use proc_macro2::{Literal, TokenStream};
use quote::quote;

/// The contents octets of a dotted OBJECT IDENTIFIER (X.690 8.19), or `None` when it is
/// not a valid absolute OID.
pub fn oid_contents(dotted: &str) -> Option<Vec<u8>> {
    let arcs: Vec<u128> = dotted
        .split('.')
        .map(|a| a.parse::<u128>().ok())
        .collect::<Option<_>>()?;
    let (&first, rest) = arcs.split_first()?;
    let (&second, rest) = rest.split_first()?;
    if first > 2 || (first < 2 && second > 39) {
        return None;
    }
    let mut out = Vec::new();
    push_subid(&mut out, first.checked_mul(40)?.checked_add(second)?);
    for &arc in rest {
        push_subid(&mut out, arc);
    }
    Some(out)
}

fn push_subid(out: &mut Vec<u8>, mut v: u128) {
    let mut groups = vec![(v & 0x7f) as u8];
    v >>= 7;
    while v > 0 {
        groups.push((v & 0x7f) as u8 | 0x80);
        v >>= 7;
    }
    out.extend(groups.iter().rev());
}

/// Minimal two's-complement contents octets of an INTEGER (X.690 8.3).
pub fn integer_contents(v: &BigInt) -> Vec<u8> {
    v.to_signed_bytes_be()
}

/// A byte-slice literal: `&[0x55, 0x1d]`.
pub fn byte_slice(bytes: &[u8]) -> TokenStream {
    let lits = bytes.iter().map(|b| Literal::u8_unsuffixed(*b));
    quote!(&[#(#lits),*])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oids_and_integers() {
        assert_eq!(oid_contents("2.5.29.15"), Some(vec![0x55, 0x1d, 0x0f]));
        assert_eq!(
            oid_contents("1.2.840.113549.1.1.11"),
            Some(vec![0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b])
        );
        assert_eq!(oid_contents("2.999.3"), Some(vec![0x88, 0x37, 0x03]));
        assert_eq!(oid_contents("3.1"), None);
        assert_eq!(oid_contents("1"), None);
        assert_eq!(integer_contents(&BigInt::from(0)), vec![0]);
        assert_eq!(integer_contents(&BigInt::from(128)), vec![0, 0x80]);
        assert_eq!(integer_contents(&BigInt::from(-129)), vec![0xff, 0x7f]);
    }
}
