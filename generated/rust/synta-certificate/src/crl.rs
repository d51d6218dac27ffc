//! The reading API of a certificate revocation list (RFC 5280 section 5).

use crate::certificate::{first_element, integer_hex};
use crate::generated::pkix1_explicit_2009 as x509;
use crate::time::{date_time, rfc3339};
use synta::{DateTime, Decode, ObjectIdentifierRef, Result};

/// A parsed CRL, borrowing from its DER encoding.
#[derive(Debug, Clone)]
pub struct Crl<'a> {
    inner: x509::CertificateList<'a>,
    tbs: &'a [u8],
}

/// One entry of `revokedCertificates`.
pub type RevokedCertificate<'a> = x509::TbsCertListRevokedCertificatesItem<'a>;

impl<'a> Crl<'a> {
    /// Parses a DER CRL.
    pub fn from_der(der: &'a [u8]) -> Result<Self> {
        let inner = x509::CertificateList::from_der(der)?;
        Ok(Crl {
            inner,
            tbs: first_element(der)?,
        })
    }

    /// The generated structure.
    pub fn raw(&self) -> &x509::CertificateList<'a> {
        &self.inner
    }

    /// The encoding of `tbsCertList`: the bytes the signature covers.
    pub fn tbs_der(&self) -> &'a [u8] {
        self.tbs
    }

    /// 1 or 2.
    pub fn version(&self) -> u8 {
        match self
            .inner
            .to_be_signed
            .version
            .as_ref()
            .map(|v| v.as_bytes())
        {
            None => 1,
            Some([v @ 0..=1]) => v + 1,
            Some(_) => 0,
        }
    }

    /// The issuer as an RFC 4514 string.
    pub fn issuer(&self) -> Result<String> {
        crate::name::rfc4514(self.inner.to_be_signed.issuer.raw())
    }

    /// thisUpdate.
    pub fn this_update(&self) -> &DateTime {
        date_time(&self.inner.to_be_signed.this_update)
    }

    /// nextUpdate, when present.
    pub fn next_update(&self) -> Option<&DateTime> {
        self.inner.to_be_signed.next_update.as_ref().map(date_time)
    }

    /// thisUpdate in RFC 3339.
    pub fn this_update_rfc3339(&self) -> String {
        rfc3339(self.this_update())
    }

    /// The signature algorithm.
    pub fn signature_algorithm(&self) -> &ObjectIdentifierRef<'a> {
        &self.inner.algorithm_identifier.algorithm
    }

    /// The revoked certificates (empty when the list has none).
    pub fn revoked(&self) -> &[RevokedCertificate<'a>] {
        self.inner
            .to_be_signed
            .revoked_certificates
            .as_deref()
            .unwrap_or(&[])
    }

    /// The serial numbers of the revoked certificates, in hex.
    pub fn revoked_serials_hex(&self) -> Vec<String> {
        self.revoked()
            .iter()
            .map(|r| integer_hex(r.user_certificate.as_bytes()))
            .collect()
    }

    /// The CRL extensions (decoded on this call).
    pub fn extensions(
        &self,
    ) -> Result<Vec<crate::generated::pkix_common_types_2009::ExtensionCrlExtensions<'a>>> {
        match &self.inner.to_be_signed.crl_extensions {
            Some(lazy) => lazy.get(),
            None => Ok(Vec::new()),
        }
    }
}
