//! OpenSSL's libcrypto through rust-openssl, with `openssl-sys` (and a few declarations of
//! our own, below) where rust-openssl has no safe wrapper.
//!
//! API used: `X509::from_der` (`d2i_X509`), `X509Ref::{version, serial_number,
//! signature_algorithm, signature, not_before, not_after}`, `Asn1TimeRef::diff` against the
//! epoch, `ASN1_STRING_get0_data`/`ASN1_STRING_type` for the serial,
//! `X509_NAME_print_ex(.., XN_FLAG_RFC2253)` into a memory BIO for the DNs (rust-openssl has
//! no `print_ex`), `OBJ_obj2txt(.., no_name = 1)` for dotted OIDs (rust-openssl's `Display`
//! gives the long name), `X509_get_X509_PUBKEY` + `X509_PUBKEY_get0_param` for the public
//! key (`X509Ref::public_key` would build an `EVP_PKEY`, which is more than the other
//! libraries do).

use std::ffi::{c_char, c_int, c_uchar, c_ulong, c_void};
use std::hint::black_box;
use std::ptr;

use ::openssl::asn1::{Asn1Time, Asn1TimeRef};
use ::openssl::x509::{X509NameRef, X509};
use foreign_types::ForeignTypeRef;
use openssl_sys as ffi;

use crate::{serial_hex_magnitude, Fields, Parser};

pub struct OpenSsl;

/// `XN_FLAG_RFC2253` from `<openssl/x509.h>` (a macro, so not in openssl-sys):
/// `ASN1_STRFLGS_RFC2253 | XN_FLAG_SEP_COMMA_PLUS | XN_FLAG_DN_REV | XN_FLAG_FN_SN |
/// XN_FLAG_DUMP_UNKNOWN_FIELDS`.
const XN_FLAG_RFC2253: c_ulong = 0x0111_0317;
const BIO_CTRL_RESET: c_int = 1;
const V_ASN1_NEG_INTEGER: c_int = 0x102;

#[allow(non_camel_case_types)]
enum X509_PUBKEY {}

extern "C" {
    fn X509_NAME_print_ex(
        out: *mut ffi::BIO,
        nm: *const ffi::X509_NAME,
        indent: c_int,
        flags: c_ulong,
    ) -> c_int;
    fn X509_get_X509_PUBKEY(x: *const ffi::X509) -> *mut X509_PUBKEY;
    fn X509_PUBKEY_get0_param(
        ppkalg: *mut *mut ffi::ASN1_OBJECT,
        pk: *mut *const c_uchar,
        ppklen: *mut c_int,
        pa: *mut *mut ffi::X509_ALGOR,
        public: *const X509_PUBKEY,
    ) -> c_int;
    fn ASN1_STRING_type(x: *const ffi::ASN1_STRING) -> c_int;
}

/// A memory BIO, freed on drop.
struct MemBio(*mut ffi::BIO);

impl MemBio {
    fn new() -> Option<Self> {
        let bio = unsafe { ffi::BIO_new(ffi::BIO_s_mem()) };
        (!bio.is_null()).then_some(MemBio(bio))
    }

    /// `name` printed with `XN_FLAG_RFC2253`; empties the BIO afterwards.
    fn rfc2253(&self, name: &X509NameRef) -> Option<String> {
        unsafe {
            if X509_NAME_print_ex(self.0, name.as_ptr(), 0, XN_FLAG_RFC2253) < 0 {
                return None;
            }
            let mut data: *mut c_char = ptr::null_mut();
            let len = ffi::BIO_get_mem_data(self.0, &mut data);
            let s = if len > 0 {
                let bytes = std::slice::from_raw_parts(data as *const u8, len as usize);
                String::from_utf8_lossy(bytes).into_owned()
            } else {
                String::new()
            };
            ffi::BIO_ctrl(self.0, BIO_CTRL_RESET, 0, ptr::null_mut::<c_void>());
            Some(s)
        }
    }
}

impl Drop for MemBio {
    fn drop(&mut self) {
        unsafe { ffi::BIO_free_all(self.0) }
    }
}

/// Dotted decimal of an `ASN1_OBJECT`.
fn oid(obj: *const ffi::ASN1_OBJECT) -> Option<String> {
    let mut buf = [0u8; 128];
    let n = unsafe { ffi::OBJ_obj2txt(buf.as_mut_ptr().cast(), buf.len() as c_int, obj, 1) };
    let n = usize::try_from(n)
        .ok()
        .filter(|&n| n > 0 && n < buf.len())?;
    std::str::from_utf8(&buf[..n]).ok().map(str::to_owned)
}

thread_local! {
    static EPOCH: Asn1Time = Asn1Time::from_unix(0).expect("ASN1_TIME for the epoch");
}

fn unix(t: &Asn1TimeRef) -> Option<i64> {
    let d = EPOCH.with(|epoch| epoch.diff(t)).ok()?;
    Some(i64::from(d.days) * 86_400 + i64::from(d.secs))
}

impl Parser for OpenSsl {
    const NAME: &'static str = "openssl";

    fn parse(der: &[u8]) -> bool {
        let cert = X509::from_der(der);
        let ok = cert.is_ok();
        black_box(&cert);
        ok
    }

    fn fields(der: &[u8]) -> Option<Fields> {
        let cert = X509::from_der(der).ok()?;
        let bio = MemBio::new()?;

        let serial = cert.serial_number().as_ptr() as *const ffi::ASN1_STRING;
        let serial_hex = unsafe {
            let len = usize::try_from(ffi::ASN1_STRING_length(serial)).ok()?;
            let data = ffi::ASN1_STRING_get0_data(serial);
            let mag = if len == 0 {
                &[][..]
            } else {
                std::slice::from_raw_parts(data, len)
            };
            let hex = serial_hex_magnitude(mag);
            if ASN1_STRING_type(serial) == V_ASN1_NEG_INTEGER {
                format!("-{hex}")
            } else {
                hex
            }
        };

        let (pk_alg_oid, public_key) = unsafe {
            let pubkey = X509_get_X509_PUBKEY(cert.as_ptr());
            if pubkey.is_null() {
                return None;
            }
            let mut alg: *mut ffi::ASN1_OBJECT = ptr::null_mut();
            let mut pk: *const c_uchar = ptr::null();
            let mut pk_len: c_int = 0;
            if X509_PUBKEY_get0_param(&mut alg, &mut pk, &mut pk_len, ptr::null_mut(), pubkey) != 1
            {
                return None;
            }
            let pk_len = usize::try_from(pk_len).ok()?;
            let key = if pk_len == 0 {
                Vec::new()
            } else {
                std::slice::from_raw_parts(pk, pk_len).to_vec()
            };
            (oid(alg)?, key)
        };

        Some(Fields {
            version: u8::try_from(cert.version()).ok()?,
            serial_hex,
            issuer: bio.rfc2253(cert.issuer_name())?,
            subject: bio.rfc2253(cert.subject_name())?,
            sig_alg_oid: oid(cert.signature_algorithm().object().as_ptr())?,
            signature: cert.signature().as_slice().to_vec(),
            not_before: unix(cert.not_before())?,
            not_after: unix(cert.not_after())?,
            pk_alg_oid,
            public_key,
        })
    }
}
