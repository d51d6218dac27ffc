//! The synta C certificate API (`generated/c/synta-certificate` over `runtime-c`),
//! compiled by `build.rs` with `c/glue.c` and called through FFI.
//!
//! API used: `synta_cert_parse` (strict DER; names and extension list kept raw, as in
//! the Rust crate), `synta_cert_issuer_string`/`subject_string` (RFC 4514 into a caller buffer),
//! `synta_oid_format`, and spans into the input for the serial, signature and key.

use std::ffi::CStr;
use std::os::raw::{c_char, c_int};

use crate::{serial_hex_twos_complement, Fields, Parser};

#[repr(C)]
struct Span {
    data: *const u8,
    len: usize,
}

#[repr(C)]
struct CFields {
    version: c_int,
    serial: Span,
    issuer: [c_char; 4096],
    subject: [c_char; 4096],
    sig_alg_oid: [c_char; 256],
    signature: Span,
    not_before: i64,
    not_after: i64,
    pk_alg_oid: [c_char; 256],
    public_key: Span,
}

extern "C" {
    fn synta_c_bench_parse(der: *const u8, len: usize) -> c_int;
    fn synta_c_bench_fields(der: *const u8, len: usize, out: *mut CFields) -> c_int;
}

/// The bytes of a span the C code pointed into `der` (or empty).
fn bytes<'a>(der: &'a [u8], s: &Span) -> &'a [u8] {
    let start = (s.data as usize).wrapping_sub(der.as_ptr() as usize);
    der.get(start..start.saturating_add(s.len)).unwrap_or(&[])
}

fn text(buf: &[c_char]) -> Option<String> {
    // SAFETY: the C code NUL-terminates every string it writes into these buffers.
    let s = unsafe { CStr::from_ptr(buf.as_ptr()) };
    let bytes = s.to_bytes();
    // The C API writes UTF-8 only: it checks every value as Rust's `str::from_utf8`
    // does before writing it (the Rust/C differential tests compare the strings), so
    // checking again here would count a second validation against the C library only.
    debug_assert!(std::str::from_utf8(bytes).is_ok());
    // SAFETY: UTF-8, as above.
    Some(unsafe { String::from_utf8_unchecked(bytes.to_vec()) })
}

pub struct SyntaC;

impl Parser for SyntaC {
    const NAME: &'static str = "synta_c";

    fn parse(der: &[u8]) -> bool {
        // SAFETY: `der` is valid for `der.len()` bytes; the C code only reads it.
        unsafe { synta_c_bench_parse(der.as_ptr(), der.len()) == 1 }
    }

    fn fields(der: &[u8]) -> Option<Fields> {
        let mut out = std::mem::MaybeUninit::<CFields>::uninit();
        // SAFETY: the C code reads `der` and fills every field of `out` when it returns 1.
        let ok = unsafe { synta_c_bench_fields(der.as_ptr(), der.len(), out.as_mut_ptr()) };
        if ok != 1 {
            return None;
        }
        // SAFETY: initialised by the successful call above. Borrowed, not moved: a move
        // copies the 8.7 KB of text buffers, which the measurement is not about.
        let f = unsafe { out.assume_init_ref() };
        Some(Fields {
            version: u8::try_from(f.version).ok()?,
            serial_hex: serial_hex_twos_complement(bytes(der, &f.serial)),
            issuer: text(&f.issuer)?,
            subject: text(&f.subject)?,
            sig_alg_oid: text(&f.sig_alg_oid)?,
            signature: bytes(der, &f.signature).to_vec(),
            not_before: f.not_before,
            not_after: f.not_after,
            pk_alg_oid: text(&f.pk_alg_oid)?,
            public_key: bytes(der, &f.public_key).to_vec(),
        })
    }
}
