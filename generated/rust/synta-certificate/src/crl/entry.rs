//! One entry of a CRL's `revokedCertificates` (RFC 5280 section 5.1.2.6).

use crate::certificate::integer_hex;
use crate::generated::pkix1_explicit_2009 as x509;
use crate::generated::pkix1_implicit_2009 as ext;
use crate::generated::pkix_common_types_2009 as common;
use crate::time::{date_time, rfc3339};
use crate::Extensions;
use synta::{DateTime, GeneralizedTime, Result};

/// A revoked certificate: serial, revocation date and entry extensions (reason,
/// invalidity date, certificate issuer).
#[derive(Debug, Clone)]
pub struct RevokedCertificate<'a> {
    inner: x509::TbsCertListRevokedCertificatesItem<'a>,
    index: usize,
}

impl<'a> RevokedCertificate<'a> {
    pub(super) fn new(
        (index, item): (usize, &x509::TbsCertListRevokedCertificatesItem<'a>),
    ) -> Self {
        RevokedCertificate {
            inner: item.clone(),
            index,
        }
    }

    /// The generated structure.
    pub fn raw(&self) -> &x509::TbsCertListRevokedCertificatesItem<'a> {
        &self.inner
    }

    /// The revoked certificate's serial number: its two's-complement octets.
    pub fn serial(&self) -> &'a [u8] {
        self.inner.user_certificate.as_bytes()
    }

    /// The serial number in lower-case hex without leading zeros.
    pub fn serial_hex(&self) -> String {
        integer_hex(self.serial())
    }

    /// When the certificate was revoked.
    pub fn revocation_date(&self) -> &DateTime {
        date_time(&self.inner.revocation_date)
    }

    /// The revocation date in RFC 3339.
    pub fn revocation_date_rfc3339(&self) -> String {
        rfc3339(self.revocation_date())
    }

    /// The entry's extensions, in order (decoded on this call; empty when absent).
    /// Errors start their path at `revokedCertificates[i].crlEntryExtensions`.
    pub fn extensions(&self) -> Result<Extensions<'a, common::ExtensionCrlEntryExtensions<'a>>> {
        let lazy = self.inner.crl_entry_extensions.as_ref();
        self.in_path(Extensions::decode(lazy, "crlEntryExtensions"))
    }

    /// reasonCode (5.3.1), `None` when absent (RFC 5280 then means `unspecified`).
    pub fn reason(&self) -> Result<Option<ext::CrlReason>> {
        let exts = self.extensions()?;
        self.in_path(exts.reason_code())
    }

    /// invalidityDate (5.3.2).
    pub fn invalidity_date(&self) -> Result<Option<GeneralizedTime>> {
        let exts = self.extensions()?;
        self.in_path(exts.invalidity_date())
    }

    /// invalidityDate in RFC 3339.
    pub fn invalidity_date_rfc3339(&self) -> Result<Option<String>> {
        Ok(self.invalidity_date()?.map(|t| rfc3339(t.date_time())))
    }

    /// certificateIssuer (5.3.3), in an indirect CRL.
    pub fn certificate_issuer(&self) -> Result<Option<ext::GeneralNames<'a>>> {
        let exts = self.extensions()?;
        self.in_path(exts.certificate_issuer())
    }

    /// Decodes the entry's extensions and each known value.
    pub fn validate(&self) -> Result<()> {
        let exts = self.extensions()?;
        self.in_path(synta::ResultExt::field(
            exts.validate(),
            "crlEntryExtensions",
        ))
    }

    /// Prefixes an error's path with `revokedCertificates[i]`.
    fn in_path<T>(&self, r: Result<T>) -> Result<T> {
        r.map_err(|e| e.in_index(self.index).in_field("revokedCertificates"))
    }
}
