//! The reading API of a certificate revocation list (RFC 5280 section 5).

use crate::certificate::{integer_hex, signed, version_number};
use crate::generated::pkix1_explicit_2009 as x509;
use crate::generated::pkix1_implicit_2009 as ext;
use crate::generated::pkix_common_types_2009 as common;
use crate::time::{date_time, rfc3339};
use crate::Extensions;
use synta::{DateTime, IntRef, ObjectIdentifierRef, Result};

mod entry;

pub use entry::RevokedCertificate;

/// A parsed CRL, borrowing from its DER encoding.
#[derive(Debug, Clone)]
pub struct Crl<'a> {
    inner: x509::CertificateList<'a>,
    der: &'a [u8],
    tbs: &'a [u8],
}

impl<'a> Crl<'a> {
    /// Parses a DER CRL; errors carry the byte offset and field path
    /// (`CertificateList.toBeSigned.thisUpdate`).
    pub fn from_der(der: &'a [u8]) -> Result<Self> {
        let (inner, tbs) = signed(der)?;
        Ok(Crl { inner, der, tbs })
    }

    /// Parses the CRL of a PEM block labelled `X509 CRL` (RFC 7468 section 6).
    pub fn from_pem(pem: &'a crate::Pem) -> std::result::Result<Self, crate::PemError> {
        pem.parse_as(&["X509 CRL"], Self::from_der)
    }

    /// The generated structure, for everything this API does not cover.
    pub fn raw(&self) -> &x509::CertificateList<'a> {
        &self.inner
    }

    signed_bytes!(tbs, "tbsCertList");

    fn tbs(&self) -> &x509::TbsCertList<'a> {
        &self.inner.to_be_signed
    }

    /// 1 (version absent) or 2; 0 for any other encoded value.
    pub fn version(&self) -> u8 {
        let v = self.tbs().version.as_ref();
        v.map_or(1, |v| version_number(v.as_bytes(), 2))
    }

    /// The issuer's DER encoding.
    pub fn issuer_der(&self) -> &'a [u8] {
        self.tbs().issuer.raw()
    }

    /// The issuer as an RFC 4514 string (decoded on this call; errors carry offsets in
    /// the CRL).
    pub fn issuer(&self) -> Result<String> {
        crate::name::lazy_rfc4514(&self.tbs().issuer, "issuer")
    }

    /// thisUpdate: when this CRL was issued.
    pub fn this_update(&self) -> &DateTime {
        date_time(&self.tbs().this_update)
    }

    /// nextUpdate, when present: when the next CRL is due.
    pub fn next_update(&self) -> Option<&DateTime> {
        self.tbs().next_update.as_ref().map(date_time)
    }

    /// thisUpdate in RFC 3339 (`2025-06-01T00:00:00Z`).
    pub fn this_update_rfc3339(&self) -> String {
        rfc3339(self.this_update())
    }

    /// nextUpdate in RFC 3339, when present.
    pub fn next_update_rfc3339(&self) -> Option<String> {
        self.next_update().map(rfc3339)
    }

    signature_accessors!(alg: inner.algorithm_identifier, bits: inner.signature);

    /// The revoked certificates, in order (none when the list is absent).
    pub fn revoked(&self) -> impl ExactSizeIterator<Item = RevokedCertificate<'a>> + '_ {
        let list = self.tbs().revoked_certificates.as_deref().unwrap_or(&[]);
        list.iter().enumerate().map(RevokedCertificate::new)
    }

    /// The serial numbers of the revoked certificates, in hex.
    pub fn revoked_serials_hex(&self) -> Vec<String> {
        self.revoked().map(|r| integer_hex(r.serial())).collect()
    }

    /// The CRL extensions, in order (decoded on this call; empty when absent).
    pub fn extensions(&self) -> Result<Extensions<'a, common::ExtensionCrlExtensions<'a>>> {
        Extensions::decode(self.tbs().crl_extensions.as_ref(), "crlExtensions")
    }

    /// The CRL extension with `oid`, if present.
    pub fn extension(
        &self,
        oid: &ObjectIdentifierRef<'_>,
    ) -> Result<Option<common::ExtensionCrlExtensions<'a>>> {
        Ok(self.extensions()?.get(oid).cloned())
    }

    extension_accessors!(extensions:
        crl_number -> IntRef<'a>,
        delta_crl_indicator -> IntRef<'a>,
        authority_key_identifier -> ext::AuthorityKeyIdentifier<'a>,
        issuing_distribution_point -> ext::IssuingDistributionPoint<'a>,
    );

    /// Fully decodes every lazily kept part (the issuer, the CRL extensions and each
    /// entry's extensions, with every known extension's value), so that a malformed part
    /// anywhere is reported.
    pub fn validate(&self) -> Result<()> {
        synta::ResultExt::field(self.tbs().issuer.get(), "issuer")?;
        synta::ResultExt::field(self.extensions()?.validate(), "crlExtensions")?;
        for entry in self.revoked() {
            entry.validate()?;
        }
        Ok(())
    }
}
