//! Values as Rust constants and expressions: OBJECT IDENTIFIER contents octets, INTEGER
//! two's-complement octets, DEFAULT values.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

pub use crate::ir::der::{integer_contents, oid_contents};

/// A byte-slice literal: `&[0x55, 0x1d]`.
pub fn byte_slice(bytes: &[u8]) -> TokenStream {
    let lits = bytes.iter().map(|b| Literal::u8_unsuffixed(*b));
    quote!(&[#(#lits),*])
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;

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
