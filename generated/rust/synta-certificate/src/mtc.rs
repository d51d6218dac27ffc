//! Merkle Tree Certificates (draft-ietf-plants-merkle-tree-certs, module
//! `MerkleTreeCertificates`, compiled from `schemas/mtc`): reading the ASN.1 structures
//! the draft defines, the log entry (`TBSCertificateLogEntry`, Section 5.2.1) and the
//! CA extension (`MTCCertificationAuthority`), and recognizing its OIDs.
//!
//! The draft leaves its OID arcs as `TBD`. The generated constants
//! (`generated::merkle_tree_certificates::ID_*`) hold the placeholder value 999999
//! chosen by `scripts/regenerate`, not assigned numbers; early implementations use the
//! experimental OIDs the draft gives under Cloudflare's arc 1.3.6.1.4.1.44363.47. The
//! functions here accept both.
//!
//! The MTC proof in a certificate's signature field is a TLS-presentation-language
//! structure, not ASN.1: [`MtcProof::decode`] reads it, and
//! [`Certificate::mtc_proof`](crate::Certificate::mtc_proof) finds it in a certificate.

use crate::generated::merkle_tree_certificates as mtc;
use crate::time::{date_time, rfc3339};
use synta::{DateTime, Decode, ObjectIdentifierRef, Result, ResultExt};

pub use crate::mtc_proof::{
    is_valid_subtree, Extensions, LogEntryExtension, MtcProof, MtcProofError, MtcProofErrorKind,
    OwnedMtcProof, Signatures, SubtreeSignature, SHA256_HASH_SIZE,
};

/// 1.3.6.1.4.1.44363.47.0: the proof signature algorithm early implementations use in
/// place of `id-alg-mtcProof` (draft Section 6.1).
pub const EXPERIMENTAL_ID_ALG_MTC_PROOF: ObjectIdentifierRef<'static> =
    ObjectIdentifierRef::from_bytes_const(&[43, 6, 1, 4, 1, 130, 218, 75, 47, 0]);
/// 1.3.6.1.4.1.44363.47.1: the trust anchor ID attribute type early implementations use
/// in place of `id-rdna-trustAnchorID` (Section 5.1; its value is then a UTF8String).
pub const EXPERIMENTAL_ID_RDNA_TRUST_ANCHOR_ID: ObjectIdentifierRef<'static> =
    ObjectIdentifierRef::from_bytes_const(&[43, 6, 1, 4, 1, 130, 218, 75, 47, 1]);
/// 1.3.6.1.4.1.44363.47.2: the CA extension early implementations use in place of
/// `id-pe-mtcCertificationAuthority` (Section 5.3.2).
pub const EXPERIMENTAL_ID_PE_MTC_CERTIFICATION_AUTHORITY: ObjectIdentifierRef<'static> =
    ObjectIdentifierRef::from_bytes_const(&[43, 6, 1, 4, 1, 130, 218, 75, 47, 2]);

fn either(
    oid: &ObjectIdentifierRef<'_>,
    a: &ObjectIdentifierRef<'_>,
    b: &ObjectIdentifierRef<'_>,
) -> bool {
    oid.as_bytes() == a.as_bytes() || oid.as_bytes() == b.as_bytes()
}

/// True for the MTC proof signature algorithm (`id-alg-mtcProof` or its experimental
/// OID): the certificate's signature is an MTCProof, not a signature.
pub fn is_mtc_proof_algorithm(oid: &ObjectIdentifierRef<'_>) -> bool {
    either(oid, &mtc::ID_ALG_MTC_PROOF, &EXPERIMENTAL_ID_ALG_MTC_PROOF)
}

/// True for the trust anchor ID attribute type of a CA's distinguished name.
pub fn is_trust_anchor_id_attribute(oid: &ObjectIdentifierRef<'_>) -> bool {
    either(
        oid,
        &mtc::ID_RDNA_TRUST_ANCHOR_ID,
        &EXPERIMENTAL_ID_RDNA_TRUST_ANCHOR_ID,
    )
}

/// True for the MTC certification authority extension.
pub fn is_mtc_certification_authority_extension(oid: &ObjectIdentifierRef<'_>) -> bool {
    either(
        oid,
        &mtc::ID_PE_MTC_CERTIFICATION_AUTHORITY,
        &EXPERIMENTAL_ID_PE_MTC_CERTIFICATION_AUTHORITY,
    )
}

/// A `TBSCertificateLogEntry`: what an issuance log holds for one certificate, the
/// TBSCertificate with the public key replaced by its hash. Borrows from its DER.
#[derive(Debug, Clone)]
pub struct LogEntry<'a> {
    inner: mtc::TbsCertificateLogEntry<'a>,
    der: &'a [u8],
}

impl<'a> LogEntry<'a> {
    /// Parses a DER `TBSCertificateLogEntry`; errors carry the byte offset and field path
    /// (`TBSCertificateLogEntry.validity.notAfter`).
    pub fn from_der(der: &'a [u8]) -> Result<Self> {
        let inner = mtc::TbsCertificateLogEntry::from_der(der)?;
        Ok(LogEntry { inner, der })
    }

    /// The generated structure, for everything this API does not cover.
    pub fn raw(&self) -> &mtc::TbsCertificateLogEntry<'a> {
        &self.inner
    }

    /// The whole DER encoding (what the log hashes).
    pub fn der(&self) -> &'a [u8] {
        self.der
    }

    /// The version as people write it: 1, 2 or 3.
    pub fn version(&self) -> u8 {
        match self.inner.version.as_bytes() {
            [v @ 0..=2] => v + 1,
            _ => 0,
        }
    }

    /// The issuer as an RFC 4514 string (decoded on this call).
    pub fn issuer(&self) -> Result<String> {
        let raw = self.inner.issuer.as_any();
        crate::name::rfc4514_at(raw.raw(), raw.offset()).field("issuer")
    }

    /// The subject as an RFC 4514 string (decoded on this call).
    pub fn subject(&self) -> Result<String> {
        let raw = self.inner.subject.as_any();
        crate::name::rfc4514_at(raw.raw(), raw.offset()).field("subject")
    }

    /// Start of the validity period.
    pub fn not_before(&self) -> &DateTime {
        date_time(&self.inner.validity.not_before)
    }

    /// End of the validity period.
    pub fn not_after(&self) -> &DateTime {
        date_time(&self.inner.validity.not_after)
    }

    /// `not_before` in RFC 3339.
    pub fn not_before_rfc3339(&self) -> String {
        rfc3339(self.not_before())
    }

    /// `not_after` in RFC 3339.
    pub fn not_after_rfc3339(&self) -> String {
        rfc3339(self.not_after())
    }

    /// The subject public key algorithm.
    pub fn public_key_algorithm(&self) -> &ObjectIdentifierRef<'a> {
        &self.inner.subject_public_key_algorithm.algorithm
    }

    /// The public key algorithm's name, when known (`id-ml-dsa-65`, `id-ecPublicKey`).
    pub fn public_key_algorithm_name(&self) -> Option<&'static str> {
        crate::algorithm_name(self.public_key_algorithm())
    }

    /// The hash of the subject's SubjectPublicKeyInfo (with the log's hash function).
    pub fn subject_public_key_info_hash(&self) -> Result<&'a [u8]> {
        crate::certificate::borrowed(
            self.inner.subject_public_key_info_hash.borrowed(),
            "subjectPublicKeyInfoHash",
        )
    }

    /// Every extension, in order (decoded on this call; empty when absent).
    pub fn extensions(&self) -> Result<Vec<crate::Extension<'a>>> {
        match &self.inner.extensions {
            Some(lazy) => lazy.get().field("extensions"),
            None => Ok(Vec::new()),
        }
    }
}

/// The `MTCCertificationAuthority` extension value: the CA's log hash, cosigner
/// signature algorithm and serial number range.
#[derive(Debug, Clone)]
pub struct CertificationAuthority<'a> {
    inner: mtc::MtcCertificationAuthority<'a>,
}

impl<'a> CertificationAuthority<'a> {
    /// Parses the DER extension value (the contents of `extnValue`).
    pub fn from_der(der: &'a [u8]) -> Result<Self> {
        let inner = mtc::MtcCertificationAuthority::from_der(der)?;
        Ok(CertificationAuthority { inner })
    }

    /// The generated structure.
    pub fn raw(&self) -> &mtc::MtcCertificationAuthority<'a> {
        &self.inner
    }

    /// The hash algorithm of every log of this CA (`logHash`).
    pub fn log_hash(&self) -> &ObjectIdentifierRef<'a> {
        &self.inner.log_hash.algorithm
    }

    /// The CA cosigner's signature algorithm (`sigAlg`).
    pub fn signature_algorithm(&self) -> &ObjectIdentifierRef<'a> {
        &self.inner.sig_alg.algorithm
    }

    /// `minSerial`.
    pub fn min_serial(&self) -> u64 {
        self.inner.min_serial
    }

    /// `maxSerial`.
    pub fn max_serial(&self) -> u64 {
        self.inner.max_serial
    }
}

/// Finds the MTC certification authority extension (either OID) among `extensions` and
/// decodes it; errors name the extension.
pub(crate) fn certification_authority<'a>(
    extensions: &[crate::Extension<'a>],
) -> Result<Option<CertificationAuthority<'a>>> {
    let Some(e) = extensions
        .iter()
        .find(|e| is_mtc_certification_authority_extension(&e.extn_id))
    else {
        return Ok(None);
    };
    let bytes = crate::certificate::borrowed(e.extn_value.borrowed(), "extnValue")?;
    // At the value's offset in the certificate, as every extension error is.
    synta::decode_at(bytes, e.extn_value.offset(), synta::Rules::Der)
        .map(|inner| Some(CertificationAuthority { inner }))
        .field("mtcCertificationAuthority")
}
