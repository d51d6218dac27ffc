//! An OCSP request (RFC 6960 4.1): the certificates asked about, the requestor, the
//! request extensions (nonce) and the optional signature.

use super::{embedded_certificates, explicit_child, CertId};
use crate::certificate::{signed, version_number};
use crate::generated::ocsp_2013_08 as ocsp;
use crate::generated::pkix1_implicit_2009::GeneralName;
use crate::generated::pkix_common_types_2009 as common;
use crate::{Certificate, Extensions};
use synta::Result;

/// A parsed OCSP request, borrowing from its DER encoding.
#[derive(Debug, Clone)]
pub struct OcspRequest<'a> {
    inner: ocsp::OcspRequest<'a>,
    der: &'a [u8],
    tbs: &'a [u8],
}

/// One entry of `requestList`: the certificate asked about and its extensions.
#[derive(Debug, Clone)]
pub struct OcspSingleRequest<'a> {
    inner: ocsp::Request<'a>,
    index: usize,
}

/// The optional signature of a request (RFC 6960 4.1.2), with the certificates that
/// help the responder verify it.
#[derive(Debug, Clone)]
pub struct OcspRequestSignature<'a> {
    inner: ocsp::Signature<'a>,
    der: &'a [u8],
}

impl<'a> OcspRequest<'a> {
    /// Parses a DER request; errors carry the byte offset and field path.
    pub fn from_der(der: &'a [u8]) -> Result<Self> {
        let (inner, tbs) = signed(der)?;
        Ok(OcspRequest { inner, der, tbs })
    }

    /// The generated structure.
    pub fn raw(&self) -> &ocsp::OcspRequest<'a> {
        &self.inner
    }

    signed_bytes!(tbs, "tbsRequest");

    /// The version as people write it: 1 (the only one RFC 6960 defines); 0 for any
    /// other encoded value.
    pub fn version(&self) -> u8 {
        version_number(self.inner.tbs_request.version.as_bytes(), 1)
    }

    /// requestorName, when present (a signed request names its signer here).
    pub fn requestor_name(&self) -> Option<&GeneralName<'a>> {
        self.inner.tbs_request.requestor_name.as_ref()
    }

    /// The certificates asked about, in order.
    pub fn requests(&self) -> impl ExactSizeIterator<Item = OcspSingleRequest<'a>> + '_ {
        let list = self.inner.tbs_request.request_list.iter().enumerate();
        list.map(|(index, r)| OcspSingleRequest {
            inner: r.clone(),
            index,
        })
    }

    /// The serial numbers asked about, in hex.
    pub fn serials_hex(&self) -> Vec<String> {
        self.requests().map(|r| r.cert_id().serial_hex()).collect()
    }

    /// requestExtensions, in order (decoded on this call; empty when absent).
    pub fn extensions(&self) -> Result<Extensions<'a, common::Extension2<'a>>> {
        let lazy = self.inner.tbs_request.request_extensions.as_ref();
        Extensions::decode(lazy, "requestExtensions")
    }

    /// The nonce (RFC 8954): the octets inside the nonce extension's OCTET STRING.
    pub fn nonce(&self) -> Result<Option<&'a [u8]>> {
        self.extensions()?.nonce()
    }

    /// True when the request is signed.
    pub fn is_signed(&self) -> bool {
        self.inner.optional_signature.is_some()
    }

    /// The signature, when the request is signed.
    pub fn signature(&self) -> Option<OcspRequestSignature<'a>> {
        let inner = self.inner.optional_signature.clone()?;
        Some(OcspRequestSignature {
            inner,
            der: self.der,
        })
    }

    /// Fully decodes every lazily kept part: the request extensions and each single
    /// request's, with every known extension's value, and the signer's certificates.
    pub fn validate(&self) -> Result<()> {
        let exts = self.extensions()?;
        synta::ResultExt::field(exts.validate(), "requestExtensions")?;
        for r in self.requests() {
            r.validate()?;
        }
        if let Some(sig) = self.signature() {
            for cert in sig.certificates()? {
                cert.validate()?;
            }
        }
        Ok(())
    }
}

impl<'a> OcspSingleRequest<'a> {
    /// The generated structure.
    pub fn raw(&self) -> &ocsp::Request<'a> {
        &self.inner
    }

    /// The certificate asked about.
    pub fn cert_id(&self) -> CertId<'a> {
        CertId::new(&self.inner.req_cert)
    }

    /// singleRequestExtensions, in order (empty when absent).
    pub fn extensions(&self) -> Result<Extensions<'a, common::ExtensionReOcspServiceLocator<'a>>> {
        let lazy = self.inner.single_request_extensions.as_ref();
        let r = Extensions::decode(lazy, "singleRequestExtensions");
        synta::ResultExt::field(synta::ResultExt::index(r, self.index), "requestList")
    }

    /// Decodes the extensions and each known value.
    pub fn validate(&self) -> Result<()> {
        let r = synta::ResultExt::field(self.extensions()?.validate(), "singleRequestExtensions");
        synta::ResultExt::field(synta::ResultExt::index(r, self.index), "requestList")
    }
}

impl<'a> OcspRequestSignature<'a> {
    /// The generated structure.
    pub fn raw(&self) -> &ocsp::Signature<'a> {
        &self.inner
    }

    signature_accessors!(alg: inner.signature_algorithm, bits: inner.signature);

    /// The certificates sent with the signature, parsed where they lie in the request.
    pub fn certificates(&self) -> Result<Vec<Certificate<'a>>> {
        let Some((sig, at)) = explicit_child(self.der, 0, 0)? else {
            return Ok(Vec::new());
        };
        synta::ResultExt::field(embedded_certificates(sig, at), "optionalSignature")
    }
}
