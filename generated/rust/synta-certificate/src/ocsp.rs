//! The reading API of OCSP requests and responses (RFC 6960): [`OcspRequest`] in
//! `request.rs`, [`OcspResponse`] and its basic response in `response.rs`, and here what
//! both use: the CertID and the certificates a message carries.

use crate::certificate::integer_hex;
use crate::generated::ocsp_2013_08 as ocsp;
use crate::Certificate;
use synta::{Limits, ObjectIdentifierRef, Reader, Result, Rules, Tag};

mod request;
mod response;
mod single;

pub use request::{OcspRequest, OcspRequestSignature, OcspSingleRequest};
pub use response::{OcspBasicResponse, OcspResponse};
pub use single::{OcspCertStatus, OcspSingleResponse};

/// The CertID that names a certificate in a request or a response (RFC 6960 4.1.1):
/// hashes of its issuer's name and key, and its serial number.
#[derive(Debug, Clone)]
pub struct CertId<'a> {
    inner: ocsp::CertId<'a>,
}

impl<'a> CertId<'a> {
    pub(crate) fn new(inner: &ocsp::CertId<'a>) -> Self {
        CertId {
            inner: inner.clone(),
        }
    }

    /// The generated structure.
    pub fn raw(&self) -> &ocsp::CertId<'a> {
        &self.inner
    }

    /// The hash algorithm of both hashes.
    pub fn hash_algorithm(&self) -> &ObjectIdentifierRef<'a> {
        &self.inner.hash_algorithm.algorithm
    }

    /// The hash algorithm's name (`sha1`, `sha256`), when known.
    pub fn hash_algorithm_name(&self) -> Option<&'static str> {
        crate::algorithm_name(self.hash_algorithm())
    }

    /// The hash of the issuer's DER name.
    pub fn issuer_name_hash(&self) -> &[u8] {
        self.inner.issuer_name_hash.as_bytes()
    }

    /// The hash of the issuer's public key (the subjectPublicKey bits).
    pub fn issuer_key_hash(&self) -> &[u8] {
        self.inner.issuer_key_hash.as_bytes()
    }

    /// The serial number's two's-complement octets.
    pub fn serial(&self) -> &'a [u8] {
        self.inner.serial_number.as_bytes()
    }

    /// The serial number in lower-case hex without leading zeros.
    pub fn serial_hex(&self) -> String {
        integer_hex(self.serial())
    }
}

/// The contents of the `[tag]` constructed element of the SEQUENCE `seq` (at absolute
/// offset `at`), with their absolute offset; `None` when the SEQUENCE has none.
fn explicit_child(seq: &[u8], at: usize, tag: u32) -> Result<Option<(&[u8], usize)>> {
    let mut r = Reader::sub(seq, at, Rules::Der, 0, Limits::DEFAULT);
    r.read_header()?;
    while !r.is_finished() {
        let (h, _, contents) = r.read_element()?;
        if h.tag == Tag::context(tag, true) {
            return Ok(Some((contents, h.offset + h.header_len)));
        }
    }
    Ok(None)
}

/// The certificates of the `certs [0] EXPLICIT SEQUENCE OF Certificate` component of
/// the SEQUENCE `seq` found at absolute offset `at` (a BasicOCSPResponse or a request's
/// Signature), each parsed where it lies so that they borrow from the input and report
/// absolute offsets. Errors start their path at `certs[i]`.
pub(crate) fn embedded_certificates(seq: &[u8], at: usize) -> Result<Vec<Certificate<'_>>> {
    let Some((list, list_at)) = explicit_child(seq, at, 0)? else {
        return Ok(Vec::new());
    };
    let mut r = Reader::sub(list, list_at, Rules::Der, 0, Limits::DEFAULT);
    r.read_header()?;
    let mut out = Vec::new();
    while !r.is_finished() {
        let (h, raw, _) = r.read_element()?;
        let cert = Certificate::from_der_at(raw, h.offset);
        let cert = synta::ResultExt::field(synta::ResultExt::index(cert, out.len()), "certs");
        out.push(cert?);
    }
    Ok(out)
}
