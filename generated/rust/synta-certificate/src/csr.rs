//! The reading API of a PKCS #10 certification request (RFC 2986, RFC 5912 module).

use crate::certificate::{borrowed, first_element};
use crate::generated::pkcs_10 as p10;
use synta::{Decode, ObjectIdentifierRef, Result};

/// A parsed certification request, borrowing from its DER encoding.
#[derive(Debug, Clone)]
pub struct Csr<'a> {
    inner: p10::CertificationRequest<'a>,
    info: &'a [u8],
}

impl<'a> Csr<'a> {
    /// Parses a DER request.
    pub fn from_der(der: &'a [u8]) -> Result<Self> {
        let inner = p10::CertificationRequest::from_der(der)?;
        Ok(Csr {
            inner,
            info: first_element(der)?,
        })
    }

    /// The generated structure.
    pub fn raw(&self) -> &p10::CertificationRequest<'a> {
        &self.inner
    }

    /// The encoding of `certificationRequestInfo`: the bytes the signature covers.
    pub fn info_der(&self) -> &'a [u8] {
        self.info
    }

    /// The subject as an RFC 4514 string.
    pub fn subject(&self) -> Result<String> {
        crate::name::rfc4514(self.inner.certification_request_info.subject.raw())
    }

    /// The public key algorithm.
    pub fn public_key_algorithm(&self) -> &ObjectIdentifierRef<'a> {
        &self
            .inner
            .certification_request_info
            .subject_pk_info
            .algorithm
            .algorithm
    }

    /// The public key bits.
    pub fn public_key(&self) -> Result<&'a [u8]> {
        borrowed(
            self.inner
                .certification_request_info
                .subject_pk_info
                .subject_public_key
                .borrowed(),
            "subjectPublicKey",
        )
    }

    /// The signature algorithm.
    pub fn signature_algorithm(&self) -> &ObjectIdentifierRef<'a> {
        &self.inner.signature_algorithm.algorithm
    }

    /// The attribute types, in order (`extensionRequest` is 1.2.840.113549.1.9.14).
    pub fn attribute_types(&self) -> Vec<String> {
        self.inner
            .certification_request_info
            .attributes
            .0
            .iter()
            .map(|a| a.type_.to_string())
            .collect()
    }
}
