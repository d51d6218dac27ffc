//! The reading API of OCSP requests and responses (RFC 6960).

use crate::certificate::integer_hex;
use crate::generated::ocsp_2013_08 as ocsp;
use synta::{Decode, Result};

/// A parsed OCSP request.
#[derive(Debug, Clone)]
pub struct OcspRequest<'a> {
    inner: ocsp::OcspRequest<'a>,
}

impl<'a> OcspRequest<'a> {
    /// Parses a DER request.
    pub fn from_der(der: &'a [u8]) -> Result<Self> {
        Ok(OcspRequest {
            inner: ocsp::OcspRequest::from_der(der)?,
        })
    }

    /// The generated structure.
    pub fn raw(&self) -> &ocsp::OcspRequest<'a> {
        &self.inner
    }

    /// The serial numbers asked about, in hex.
    pub fn serials_hex(&self) -> Vec<String> {
        self.inner
            .tbs_request
            .request_list
            .iter()
            .map(|r| integer_hex(r.req_cert.serial_number.as_bytes()))
            .collect()
    }

    /// True when the request is signed.
    pub fn is_signed(&self) -> bool {
        self.inner.optional_signature.is_some()
    }
}

/// A parsed OCSP response; the basic response, when there is one, is decoded with it.
#[derive(Debug, Clone)]
pub struct OcspResponse<'a> {
    inner: ocsp::OcspResponse<'a>,
    basic: Option<ocsp::BasicOcspResponse<'a>>,
}

impl<'a> OcspResponse<'a> {
    /// Parses a DER response and, for `id-pkix-ocsp-basic`, its BasicOCSPResponse.
    pub fn from_der(der: &'a [u8]) -> Result<Self> {
        let inner = ocsp::OcspResponse::from_der(der)?;
        let basic = match &inner.response_bytes {
            Some(rb) if rb.response_type.as_bytes() == ocsp::ID_PKIX_OCSP_BASIC.as_bytes() => {
                let bytes = crate::certificate::borrowed(rb.response.borrowed(), "response")?;
                Some(synta::ResultExt::field(
                    synta::decode_at::<ocsp::BasicOcspResponse>(
                        bytes,
                        rb.response.offset(),
                        synta::Rules::Der,
                    ),
                    "responseBytes.response",
                )?)
            }
            _ => None,
        };
        Ok(OcspResponse { inner, basic })
    }

    /// The generated structure.
    pub fn raw(&self) -> &ocsp::OcspResponse<'a> {
        &self.inner
    }

    /// The response status.
    pub fn status(&self) -> ocsp::OcspResponseStatus {
        self.inner.response_status
    }

    /// The basic response, when the status is successful.
    pub fn basic(&self) -> Option<&ocsp::BasicOcspResponse<'a>> {
        self.basic.as_ref()
    }

    /// (serial in hex, "good" / "revoked" / "unknown") for each single response.
    pub fn statuses(&self) -> Vec<(String, &'static str)> {
        let Some(b) = &self.basic else {
            return Vec::new();
        };
        b.tbs_response_data
            .responses
            .iter()
            .map(|r| {
                let status = match r.cert_status {
                    ocsp::CertStatus::Good(_) => "good",
                    ocsp::CertStatus::Revoked(_) => "revoked",
                    ocsp::CertStatus::Unknown(_) => "unknown",
                };
                (integer_hex(r.cert_id.serial_number.as_bytes()), status)
            })
            .collect()
    }
}
