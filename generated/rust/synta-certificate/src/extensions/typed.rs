//! The typed accessors of [`Extensions`]: each decodes one extension's value as the type
//! RFC 5280 or RFC 6960 gives it, `None` when the extension is absent. They look the OID
//! up in any list, so a CSR's extension request has the certificate accessors and a
//! CRL's list has the CRL ones.

use super::{ExtensionFields, Extensions};
use crate::generated::ocsp_2013_08 as ocsp;
use crate::generated::pkix1_implicit_2009 as ext;
use synta::{GeneralizedTime, IntRef, Result};

impl<'a, E: ExtensionFields<'a>> Extensions<'a, E> {
    /// basicConstraints (RFC 5280 4.2.1.9).
    pub fn basic_constraints(&self) -> Result<Option<ext::BasicConstraints<'a>>> {
        self.typed(&ext::ID_CE_BASIC_CONSTRAINTS, "basicConstraints")
    }

    /// keyUsage (4.2.1.3): test bits with `ext::KEY_USAGE_*`.
    pub fn key_usage(&self) -> Result<Option<ext::KeyUsage<'a>>> {
        self.typed(&ext::ID_CE_KEY_USAGE, "keyUsage")
    }

    /// extKeyUsage (4.2.1.12).
    pub fn ext_key_usage(&self) -> Result<Option<ext::ExtKeyUsageSyntax<'a>>> {
        let c = &ext::EXT_KEY_USAGE_SYNTAX_CONSTRAINT;
        self.typed_checked(&ext::ID_CE_EXT_KEY_USAGE, "extKeyUsage", c)
    }

    /// subjectAltName (4.2.1.6).
    pub fn subject_alt_name(&self) -> Result<Option<ext::GeneralNames<'a>>> {
        let c = &ext::GENERAL_NAMES_CONSTRAINT;
        self.typed_checked(&ext::ID_CE_SUBJECT_ALT_NAME, "subjectAltName", c)
    }

    /// subjectKeyIdentifier (4.2.1.2).
    pub fn subject_key_identifier(&self) -> Result<Option<ext::KeyIdentifier<'a>>> {
        self.typed(&ext::ID_CE_SUBJECT_KEY_IDENTIFIER, "subjectKeyIdentifier")
    }

    /// authorityKeyIdentifier (4.2.1.1 in a certificate, 5.2.1 in a CRL).
    pub fn authority_key_identifier(&self) -> Result<Option<ext::AuthorityKeyIdentifier<'a>>> {
        let oid = &ext::ID_CE_AUTHORITY_KEY_IDENTIFIER;
        self.typed(oid, "authorityKeyIdentifier")
    }

    /// cRLDistributionPoints (4.2.1.13).
    pub fn crl_distribution_points(&self) -> Result<Option<ext::CrlDistributionPoints<'a>>> {
        let c = &ext::CRL_DISTRIBUTION_POINTS_CONSTRAINT;
        let oid = &ext::ID_CE_CRL_DISTRIBUTION_POINTS;
        self.typed_checked(oid, "cRLDistributionPoints", c)
    }

    /// authorityInfoAccess (4.2.2.1).
    pub fn authority_info_access(&self) -> Result<Option<ext::AuthorityInfoAccessSyntax<'a>>> {
        let c = &ext::AUTHORITY_INFO_ACCESS_SYNTAX_CONSTRAINT;
        self.typed_checked(&ext::ID_PE_AUTHORITY_INFO_ACCESS, "authorityInfoAccess", c)
    }

    /// certificatePolicies (4.2.1.4).
    pub fn certificate_policies(&self) -> Result<Option<ext::CertificatePolicies<'a>>> {
        let c = &ext::CERTIFICATE_POLICIES_CONSTRAINT;
        self.typed_checked(&ext::ID_CE_CERTIFICATE_POLICIES, "certificatePolicies", c)
    }

    /// nameConstraints (4.2.1.10).
    pub fn name_constraints(&self) -> Result<Option<ext::NameConstraints<'a>>> {
        self.typed(&ext::ID_CE_NAME_CONSTRAINTS, "nameConstraints")
    }

    /// cRLNumber (5.2.3): the CRL's sequence number.
    pub fn crl_number(&self) -> Result<Option<IntRef<'a>>> {
        self.typed(&ext::ID_CE_CRL_NUMBER, "cRLNumber")
    }

    /// deltaCRLIndicator (5.2.4): the number of the base CRL a delta CRL updates.
    pub fn delta_crl_indicator(&self) -> Result<Option<IntRef<'a>>> {
        self.typed(&ext::ID_CE_DELTA_CRL_INDICATOR, "deltaCRLIndicator")
    }

    /// issuingDistributionPoint (5.2.5): the scope of a CRL.
    pub fn issuing_distribution_point(&self) -> Result<Option<ext::IssuingDistributionPoint<'a>>> {
        let oid = &ext::ID_CE_ISSUING_DISTRIBUTION_POINT;
        self.typed(oid, "issuingDistributionPoint")
    }

    /// reasonCode (5.3.1) of a CRL entry or an OCSP single response.
    pub fn reason_code(&self) -> Result<Option<ext::CrlReason>> {
        self.typed(&ext::ID_CE_CRL_REASONS, "reasonCode")
    }

    /// invalidityDate (5.3.2): when the key is known or suspected to have been
    /// compromised.
    pub fn invalidity_date(&self) -> Result<Option<GeneralizedTime>> {
        self.typed(&ext::ID_CE_INVALIDITY_DATE, "invalidityDate")
    }

    /// certificateIssuer (5.3.3) of an entry of an indirect CRL.
    pub fn certificate_issuer(&self) -> Result<Option<ext::GeneralNames<'a>>> {
        let c = &ext::GENERAL_NAMES_CONSTRAINT;
        self.typed_checked(&ext::ID_CE_CERTIFICATE_ISSUER, "certificateIssuer", c)
    }

    /// The OCSP nonce (RFC 6960 4.4.1, RFC 8954): the octets inside the extension's
    /// OCTET STRING.
    pub fn nonce(&self) -> Result<Option<&'a [u8]>> {
        let v = self.typed::<synta::OctetStringRef<'a>>(&ocsp::ID_PKIX_OCSP_NONCE, "nonce")?;
        v.map(|v| crate::certificate::borrowed(v.borrowed(), "nonce"))
            .transpose()
    }
}
