//! An OCSP response (RFC 6960 4.2): its status and, for `id-pkix-ocsp-basic`, the
//! BasicOCSPResponse with the responder, the single responses, the response extensions,
//! the signature and the certificates.

use super::{embedded_certificates, OcspSingleResponse};
use crate::certificate::{borrowed, first_element, version_number};
use crate::generated::ocsp_2013_08 as ocsp;
use crate::generated::pkix_common_types_2009 as common;
use crate::time::rfc3339;
use crate::{Certificate, Extensions};
use synta::{DateTime, Decode, ObjectIdentifierRef, Result, Rules};

/// A parsed OCSP response; the basic response, when there is one, is decoded with it.
#[derive(Debug, Clone)]
pub struct OcspResponse<'a> {
    inner: ocsp::OcspResponse<'a>,
    der: &'a [u8],
    basic: Option<OcspBasicResponse<'a>>,
}

/// The BasicOCSPResponse of a successful response, borrowing from the response's DER.
#[derive(Debug, Clone)]
pub struct OcspBasicResponse<'a> {
    inner: ocsp::BasicOcspResponse<'a>,
    der: &'a [u8],
    offset: usize,
    tbs: &'a [u8],
}

impl<'a> OcspResponse<'a> {
    /// Parses a DER response and, for `id-pkix-ocsp-basic`, its BasicOCSPResponse
    /// (errors there carry absolute offsets and the path `responseBytes.response...`).
    pub fn from_der(der: &'a [u8]) -> Result<Self> {
        let inner = ocsp::OcspResponse::from_der(der)?;
        let basic = match &inner.response_bytes {
            Some(rb) if rb.response_type.as_bytes() == ocsp::ID_PKIX_OCSP_BASIC.as_bytes() => {
                let r = OcspBasicResponse::decode(&rb.response);
                Some(synta::ResultExt::field(r, "responseBytes.response")?)
            }
            _ => None,
        };
        Ok(OcspResponse { inner, der, basic })
    }

    /// The generated structure.
    pub fn raw(&self) -> &ocsp::OcspResponse<'a> {
        &self.inner
    }

    /// The whole DER encoding.
    pub fn der(&self) -> &'a [u8] {
        self.der
    }

    /// The response status (`Successful`, `Unauthorized`, ...).
    pub fn status(&self) -> ocsp::OcspResponseStatus {
        self.inner.response_status
    }

    /// responseType, when the response has responseBytes (`id-pkix-ocsp-basic`).
    pub fn response_type(&self) -> Option<&ObjectIdentifierRef<'a>> {
        self.inner
            .response_bytes
            .as_ref()
            .map(|rb| &rb.response_type)
    }

    /// The basic response, when the type is `id-pkix-ocsp-basic`.
    pub fn basic(&self) -> Option<&OcspBasicResponse<'a>> {
        self.basic.as_ref()
    }

    /// (serial in hex, "good" / "revoked" / "unknown") for each single response.
    pub fn statuses(&self) -> Vec<(String, &'static str)> {
        let Some(b) = &self.basic else {
            return Vec::new();
        };
        let each = b
            .responses()
            .map(|r| (r.cert_id().serial_hex(), r.status().name()));
        each.collect()
    }

    /// Fully decodes every lazily kept part of the basic response, if any.
    pub fn validate(&self) -> Result<()> {
        match &self.basic {
            Some(b) => synta::ResultExt::field(b.validate(), "responseBytes.response"),
            None => Ok(()),
        }
    }
}

impl<'a> OcspBasicResponse<'a> {
    /// Decodes the BasicOCSPResponse inside `response` where it lies.
    fn decode(response: &synta::OctetStringRef<'a>) -> Result<Self> {
        let der = borrowed(response.borrowed(), "response")?;
        let offset = response.offset();
        let inner = synta::decode_at::<ocsp::BasicOcspResponse>(der, offset, Rules::Der)?;
        let tbs = first_element(der)?;
        Ok(OcspBasicResponse {
            inner,
            der,
            offset,
            tbs,
        })
    }

    /// The generated structure.
    pub fn raw(&self) -> &ocsp::BasicOcspResponse<'a> {
        &self.inner
    }

    // `der()` is the DER of the BasicOCSPResponse (the contents of
    // `responseBytes.response`).
    signed_bytes!(tbs, "tbsResponseData");

    fn data(&self) -> &ocsp::ResponseData<'a> {
        &self.inner.tbs_response_data
    }

    /// The version as people write it: 1; 0 for any other encoded value.
    pub fn version(&self) -> u8 {
        version_number(self.data().version.as_bytes(), 1)
    }

    /// The responder's name as an RFC 4514 string, when the responderID is `byName`.
    pub fn responder_name(&self) -> Result<Option<String>> {
        match &self.data().responder_id {
            ocsp::ResponderId::ByName(name) => {
                let s = crate::name::rfc4514_of(name);
                synta::ResultExt::field(s, "responderID").map(Some)
            }
            ocsp::ResponderId::ByKey(_) => Ok(None),
        }
    }

    /// The SHA-1 hash of the responder's key, when the responderID is `byKey`.
    pub fn responder_key_hash(&self) -> Option<&[u8]> {
        match &self.data().responder_id {
            ocsp::ResponderId::ByKey(hash) => Some(hash.as_bytes()),
            ocsp::ResponderId::ByName(_) => None,
        }
    }

    /// producedAt: when the responder signed the response.
    pub fn produced_at(&self) -> &DateTime {
        self.data().produced_at.date_time()
    }

    /// producedAt in RFC 3339.
    pub fn produced_at_rfc3339(&self) -> String {
        rfc3339(self.produced_at())
    }

    /// The single responses, in order.
    pub fn responses(&self) -> impl ExactSizeIterator<Item = OcspSingleResponse<'a>> + '_ {
        let list = self.data().responses.iter().enumerate();
        list.map(|(i, r)| OcspSingleResponse::new(i, r))
    }

    /// responseExtensions, in order (decoded on this call; empty when absent).
    pub fn extensions(
        &self,
    ) -> Result<Extensions<'a, common::ExtensionReOcspNonceReOcspExtendedRevoke<'a>>> {
        let lazy = self.data().response_extensions.as_ref();
        Extensions::decode(lazy, "responseExtensions")
    }

    /// The nonce echoed from the request (RFC 8954), when present.
    pub fn nonce(&self) -> Result<Option<&'a [u8]>> {
        self.extensions()?.nonce()
    }

    signature_accessors!(alg: inner.signature_algorithm, bits: inner.signature);

    /// The certificates sent with the response (the responder's, usually), parsed where
    /// they lie in the response.
    pub fn certificates(&self) -> Result<Vec<Certificate<'a>>> {
        embedded_certificates(self.der, self.offset)
    }

    /// Fully decodes every lazily kept part: the extensions (response and single) with
    /// every known value, and the certificates with theirs.
    pub fn validate(&self) -> Result<()> {
        let exts = self.extensions()?;
        synta::ResultExt::field(exts.validate(), "responseExtensions")?;
        for r in self.responses() {
            r.validate()?;
        }
        for (i, cert) in self.certificates()?.iter().enumerate() {
            let r = synta::ResultExt::field(synta::ResultExt::index(cert.validate(), i), "certs");
            r?;
        }
        Ok(())
    }
}
