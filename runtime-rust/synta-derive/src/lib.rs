//! Derive macros for the synta runtime: `Sequence`, `Set`, `Choice`, `Enumerated`.
//!
//! Attributes (`#[asn1(...)]`):
//!
//! * on a struct or enum: `extensible` (unknown trailing components, or SET
//!   components, are skipped), `implicit_tags` (tagged fields default to IMPLICIT),
//!   `name = "TBSCertificate"` (type name in error paths; defaults to the Rust name).
//! * on a field or CHOICE variant: `context = N`, `application = N`, `private = N`
//!   (the tag), `explicit` / `implicit` (tagging mode, EXPLICIT unless the container says
//!   `implicit_tags`), `default = "expr"` (DEFAULT: omitted on encode, rejected when
//!   encoded under DER/CER), `default_der = "expr"` (DEFAULT given by the DER encoding of
//!   the component with its default value, its own tag included, a `&'static [u8]`: the
//!   absent component decodes it; DER rejects a component read from exactly those
//!   octets, CER one whose DER re-encoding is them; the encoder omits a component that
//!   encodes as them), `name = "serialNumber"` (field name in error paths).
//!   A field of type `Option<T>` is OPTIONAL.
//!
//! The generated code calls the runtime's tagging helpers (`::synta::decode_explicit`,
//! ...), so every rule check stays in the runtime.

mod attrs;
mod choice;
mod enumerated;
mod fields;
mod sequence;

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

/// Derives `FixedTag`, `DecodeValue` and `EncodeValue` for a SEQUENCE.
#[proc_macro_derive(Sequence, attributes(asn1))]
pub fn derive_sequence(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    sequence::expand(&input, false)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Derives `FixedTag`, `DecodeValue` and `EncodeValue` for a SET (components in any
/// order under BER, canonical tag order under DER/CER, sorted on encode).
#[proc_macro_derive(Set, attributes(asn1))]
pub fn derive_set(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    sequence::expand(&input, true)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Derives `Decode` and `Encode` for a CHOICE (an enum of one-field variants).
#[proc_macro_derive(Choice, attributes(asn1))]
pub fn derive_choice(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    choice::expand(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Derives `FixedTag`, `DecodeValue` and `EncodeValue` for an ENUMERATED (a field-less
/// enum with explicit discriminants).
#[proc_macro_derive(Enumerated, attributes(asn1))]
pub fn derive_enumerated(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    enumerated::expand(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}
