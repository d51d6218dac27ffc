//! One SingleResponse of a basic OCSP response (RFC 6960 4.2.1): the certificate, its
//! status and the times the status is good for.

use super::CertId;
use crate::generated::ocsp_2013_08 as ocsp;
use crate::generated::pkix1_implicit_2009::CrlReason;
use crate::generated::pkix_common_types_2009 as common;
use crate::time::rfc3339;
use crate::Extensions;
use synta::{DateTime, Result};

/// The status of one certificate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OcspCertStatus<'r> {
    /// Not revoked (as far as the responder knows).
    Good,
    /// Revoked at `time`, for `reason` when the responder gives one.
    Revoked {
        /// revocationTime.
        time: &'r DateTime,
        /// revocationReason.
        reason: Option<CrlReason>,
    },
    /// The responder does not know the certificate.
    Unknown,
}

impl OcspCertStatus<'_> {
    /// `"good"`, `"revoked"` or `"unknown"`.
    pub fn name(&self) -> &'static str {
        match self {
            OcspCertStatus::Good => "good",
            OcspCertStatus::Revoked { .. } => "revoked",
            OcspCertStatus::Unknown => "unknown",
        }
    }
}

/// One entry of `responses`.
#[derive(Debug, Clone)]
pub struct OcspSingleResponse<'a> {
    inner: ocsp::SingleResponse<'a>,
    index: usize,
}

impl<'a> OcspSingleResponse<'a> {
    pub(super) fn new(index: usize, inner: &ocsp::SingleResponse<'a>) -> Self {
        OcspSingleResponse {
            inner: inner.clone(),
            index,
        }
    }

    /// The generated structure.
    pub fn raw(&self) -> &ocsp::SingleResponse<'a> {
        &self.inner
    }

    /// The certificate this entry is about.
    pub fn cert_id(&self) -> CertId<'a> {
        CertId::new(&self.inner.cert_id)
    }

    /// The certificate's status.
    pub fn status(&self) -> OcspCertStatus<'_> {
        match &self.inner.cert_status {
            ocsp::CertStatus::Good(_) => OcspCertStatus::Good,
            ocsp::CertStatus::Revoked(info) => OcspCertStatus::Revoked {
                time: info.revocation_time.date_time(),
                reason: info.revocation_reason,
            },
            ocsp::CertStatus::Unknown(_) => OcspCertStatus::Unknown,
        }
    }

    /// revocationTime in RFC 3339, for a revoked certificate.
    pub fn revocation_time_rfc3339(&self) -> Option<String> {
        match self.status() {
            OcspCertStatus::Revoked { time, .. } => Some(rfc3339(time)),
            _ => None,
        }
    }

    /// thisUpdate: when the status was known to be correct.
    pub fn this_update(&self) -> &DateTime {
        self.inner.this_update.date_time()
    }

    /// thisUpdate in RFC 3339.
    pub fn this_update_rfc3339(&self) -> String {
        rfc3339(self.this_update())
    }

    /// nextUpdate, when present: when newer information will be available.
    pub fn next_update(&self) -> Option<&DateTime> {
        self.inner.next_update.as_ref().map(|t| t.date_time())
    }

    /// nextUpdate in RFC 3339, when present.
    pub fn next_update_rfc3339(&self) -> Option<String> {
        self.next_update().map(rfc3339)
    }

    /// singleExtensions, in order (empty when absent); CRL entry extensions such as
    /// invalidityDate have their typed accessors.
    pub fn extensions(&self) -> Result<Extensions<'a, common::Extension3<'a>>> {
        let lazy = self.inner.single_extensions.as_ref();
        self.in_path(Extensions::decode(lazy, "singleExtensions"))
    }

    /// Decodes the extensions and each known value.
    pub fn validate(&self) -> Result<()> {
        let exts = self.extensions()?;
        self.in_path(synta::ResultExt::field(exts.validate(), "singleExtensions"))
    }

    /// Prefixes an error's path with `responses[i]`.
    fn in_path<T>(&self, r: Result<T>) -> Result<T> {
        synta::ResultExt::field(synta::ResultExt::index(r, self.index), "responses")
    }
}
