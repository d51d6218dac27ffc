//! The typed accessors of [`Extensions`]: each decodes one extension's value as the type
//! RFC 5280 or RFC 6960 gives it, `None` when the extension is absent. They look the OID
//! up in any list, so a CSR's extension request has the certificate accessors and a
//! CRL's list has the CRL ones.

use super::{ExtensionFields, Extensions};
use crate::generated::ocsp_2013_08 as ocsp;
use crate::generated::pkix1_implicit_2009 as ext;
use synta::{GeneralizedTime, IntRef, Result};

/// One accessor per line: doc, name, value type, OID, field name for error paths, and
/// the constraint of a constrained value type (checked at the value's offset).
macro_rules! typed_accessors {
    ($($(#[$doc:meta])+ $name:ident -> $t:ty = $oid:ident, $field:literal $(, $c:ident)?;)+) => {$(
        $(#[$doc])+
        pub fn $name(&self) -> Result<Option<$t>> {
            typed_accessors!(@get self, ext::$oid, $field $(, ext::$c)?)
        }
    )+};
    (@get $s:ident, $oid:expr, $field:literal) => {
        $s.typed(&$oid, $field)
    };
    (@get $s:ident, $oid:expr, $field:literal, $c:expr) => {
        $s.typed_checked(&$oid, $field, &$c)
    };
}

impl<'a, E: ExtensionFields<'a>> Extensions<'a, E> {
    typed_accessors! {
        /// basicConstraints (RFC 5280 4.2.1.9).
        basic_constraints -> ext::BasicConstraints<'a> = ID_CE_BASIC_CONSTRAINTS, "basicConstraints";
        /// keyUsage (4.2.1.3): test bits with `ext::KEY_USAGE_*`.
        key_usage -> ext::KeyUsage<'a> = ID_CE_KEY_USAGE, "keyUsage";
        /// extKeyUsage (4.2.1.12).
        ext_key_usage -> ext::ExtKeyUsageSyntax<'a> =
            ID_CE_EXT_KEY_USAGE, "extKeyUsage", EXT_KEY_USAGE_SYNTAX_CONSTRAINT;
        /// subjectAltName (4.2.1.6).
        subject_alt_name -> ext::GeneralNames<'a> =
            ID_CE_SUBJECT_ALT_NAME, "subjectAltName", GENERAL_NAMES_CONSTRAINT;
        /// subjectKeyIdentifier (4.2.1.2).
        subject_key_identifier -> ext::KeyIdentifier<'a> =
            ID_CE_SUBJECT_KEY_IDENTIFIER, "subjectKeyIdentifier";
        /// authorityKeyIdentifier (4.2.1.1 in a certificate, 5.2.1 in a CRL).
        authority_key_identifier -> ext::AuthorityKeyIdentifier<'a> =
            ID_CE_AUTHORITY_KEY_IDENTIFIER, "authorityKeyIdentifier";
        /// cRLDistributionPoints (4.2.1.13).
        crl_distribution_points -> ext::CrlDistributionPoints<'a> =
            ID_CE_CRL_DISTRIBUTION_POINTS, "cRLDistributionPoints", CRL_DISTRIBUTION_POINTS_CONSTRAINT;
        /// authorityInfoAccess (4.2.2.1).
        authority_info_access -> ext::AuthorityInfoAccessSyntax<'a> =
            ID_PE_AUTHORITY_INFO_ACCESS, "authorityInfoAccess", AUTHORITY_INFO_ACCESS_SYNTAX_CONSTRAINT;
        /// certificatePolicies (4.2.1.4).
        certificate_policies -> ext::CertificatePolicies<'a> =
            ID_CE_CERTIFICATE_POLICIES, "certificatePolicies", CERTIFICATE_POLICIES_CONSTRAINT;
        /// nameConstraints (4.2.1.10).
        name_constraints -> ext::NameConstraints<'a> = ID_CE_NAME_CONSTRAINTS, "nameConstraints";
        /// cRLNumber (5.2.3): the CRL's sequence number.
        crl_number -> IntRef<'a> = ID_CE_CRL_NUMBER, "cRLNumber";
        /// deltaCRLIndicator (5.2.4): the number of the base CRL a delta CRL updates.
        delta_crl_indicator -> IntRef<'a> = ID_CE_DELTA_CRL_INDICATOR, "deltaCRLIndicator";
        /// issuingDistributionPoint (5.2.5): the scope of a CRL.
        issuing_distribution_point -> ext::IssuingDistributionPoint<'a> =
            ID_CE_ISSUING_DISTRIBUTION_POINT, "issuingDistributionPoint";
        /// reasonCode (5.3.1) of a CRL entry or an OCSP single response.
        reason_code -> ext::CrlReason = ID_CE_CRL_REASONS, "reasonCode";
        /// invalidityDate (5.3.2): when the key is known or suspected to have been
        /// compromised.
        invalidity_date -> GeneralizedTime = ID_CE_INVALIDITY_DATE, "invalidityDate";
        /// certificateIssuer (5.3.3) of an entry of an indirect CRL.
        certificate_issuer -> ext::GeneralNames<'a> =
            ID_CE_CERTIFICATE_ISSUER, "certificateIssuer", GENERAL_NAMES_CONSTRAINT;
    }

    /// The OCSP nonce (RFC 6960 4.4.1, RFC 8954): the octets inside the extension's
    /// OCTET STRING.
    pub fn nonce(&self) -> Result<Option<&'a [u8]>> {
        let v = self.typed::<synta::OctetStringRef<'a>>(&ocsp::ID_PKIX_OCSP_NONCE, "nonce")?;
        v.map(|v| crate::certificate::borrowed(v.borrowed(), "nonce"))
            .transpose()
    }
}
