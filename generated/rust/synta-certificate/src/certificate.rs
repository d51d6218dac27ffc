//! The reading API of a certificate.

use crate::generated::pkix1_explicit_2009 as x509;
use crate::generated::pkix1_implicit_2009 as ext;
use crate::time::{date_time, rfc3339};
use crate::Extensions;
use synta::{DateTime, Decode, Error, ErrorKind, ObjectIdentifierRef, Reader, Result, Rules};

/// One extension of a certificate (`Extension{{CertExtensions}}` of RFC 5912).
pub type Extension<'a> = crate::generated::pkix_common_types_2009::ExtensionCertExtensions2<'a>;

/// A parsed X.509 certificate, borrowing from its DER encoding.
#[derive(Debug, Clone)]
pub struct Certificate<'a> {
    inner: x509::Certificate<'a>,
    der: &'a [u8],
    tbs: &'a [u8],
}

/// The encoding of the first element inside the outer SEQUENCE: what a signature covers.
/// Called once `der` has decoded as a whole, so the element is known to lie inside the
/// outer one: no child reader is needed.
pub(crate) fn first_element(der: &[u8]) -> Result<&[u8]> {
    // The runtime's fast-path cursor reads the two common headers (a tenth of the
    // general reader's cost per certificate); anything else takes the general path.
    let mut r = synta::FastReader::new(der, 0);
    if let Some(mut tbs) = r.element().and_then(|outer| r.contents(&outer)) {
        let start = tbs.position();
        if tbs.element().is_some() {
            return Ok(tbs.slice(start, tbs.position()));
        }
    }
    let mut r = Reader::new(der, Rules::Der);
    r.read_header()?;
    let (_, raw, _) = r.read_element()?;
    Ok(raw)
}

/// Where `inner` starts within `outer` (0 when it is not a part of it). Only for BIT
/// STRING contents: an OCTET STRING knows its own offset (`OctetStringRef::offset`).
pub(crate) fn offset_inside(outer: &[u8], inner: &[u8]) -> usize {
    let start = inner.as_ptr() as usize;
    let base = outer.as_ptr() as usize;
    match start.checked_sub(base) {
        Some(at) if at + inner.len() <= outer.len() => at,
        _ => 0,
    }
}

/// The version as people write it (`v1(0)` is 1) when the encoded INTEGER is one of the
/// first `known` values; 0 for any other value.
pub(crate) fn version_number(encoded: &[u8], known: u8) -> u8 {
    match encoded {
        [v] if *v < known => v + 1,
        _ => 0,
    }
}

/// Decodes a signed object's generated structure and finds its signed part (the first
/// element), for the `from_der` of each wrapper.
pub(crate) fn signed<'a, T: Decode<'a>>(der: &'a [u8]) -> Result<(T, &'a [u8])> {
    let inner = T::from_der(der)?;
    Ok((inner, first_element(der)?))
}

/// Bytes that DER decoding always borrows (only BER joins segments into owned bytes).
pub(crate) fn borrowed<'a>(bytes: Option<&'a [u8]>, field: &'static str) -> Result<&'a [u8]> {
    bytes.ok_or_else(|| {
        Error::new(ErrorKind::Unsupported("owned bytes under DER"), 0).in_field(field)
    })
}

/// The minimal two's-complement octets of an INTEGER as lower-case hex without leading
/// zeros (`-` and the magnitude for a negative number).
pub(crate) fn integer_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let negative = bytes.first().is_some_and(|b| b & 0x80 != 0);
    let magnitude: std::borrow::Cow<'_, [u8]> = if negative {
        // Two's complement negation: invert and add one.
        let mut m: Vec<u8> = bytes.iter().map(|b| !b).collect();
        for b in m.iter_mut().rev() {
            let (v, carry) = b.overflowing_add(1);
            *b = v;
            if !carry {
                break;
            }
        }
        m.into()
    } else {
        bytes.into()
    };
    let mut out = String::with_capacity(magnitude.len() * 2 + 1);
    if negative {
        out.push('-');
    }
    for &b in magnitude.iter() {
        for nibble in [b >> 4, b & 0x0f] {
            // No leading zeros: skip zero nibbles until the first non-zero one.
            if nibble == 0 && out.len() == usize::from(negative) {
                continue;
            }
            out.push(char::from(DIGITS[usize::from(nibble)]));
        }
    }
    if out.len() == usize::from(negative) {
        out.push('0');
    }
    out
}

impl<'a> Certificate<'a> {
    /// Parses a DER certificate; errors carry the byte offset and field path
    /// (`Certificate.toBeSigned.validity.notAfter`).
    pub fn from_der(der: &'a [u8]) -> Result<Self> {
        let inner = x509::Certificate::from_der(der);
        // Built from the decoded value in place rather than unwrapped and wrapped again
        // (fewer copies of a large struct).
        inner.and_then(|inner| {
            let tbs = first_element(der)?;
            Ok(Certificate { inner, der, tbs })
        })
    }

    /// [`Self::from_der`] for a certificate found at absolute offset `offset` of a larger
    /// input (the certificates of an OCSP response), so that errors point into it.
    pub(crate) fn from_der_at(der: &'a [u8], offset: usize) -> Result<Self> {
        let inner = synta::decode_at::<x509::Certificate<'a>>(der, offset, Rules::Der)?;
        let tbs = first_element(der)?;
        Ok(Certificate { inner, der, tbs })
    }

    /// Parses the certificate of a PEM block labelled `CERTIFICATE` (RFC 7468 section
    /// 5); the certificate borrows from the block. A block with another label gives
    /// [`crate::PemErrorKind::WrongLabel`].
    pub fn from_pem(pem: &'a crate::Pem) -> std::result::Result<Self, crate::PemError> {
        pem.parse_as(&["CERTIFICATE"], Self::from_der)
    }

    /// The generated structure, for everything this API does not cover.
    pub fn raw(&self) -> &x509::Certificate<'a> {
        &self.inner
    }

    signed_bytes!(tbs, "tbsCertificate");

    fn tbs(&self) -> &x509::TbsCertificate<'a> {
        &self.inner.to_be_signed
    }

    /// The version as people write it: 1, 2 or 3.
    pub fn version(&self) -> u8 {
        version_number(self.tbs().version.as_bytes(), 3)
    }

    /// The serial number's two's-complement octets.
    pub fn serial(&self) -> &'a [u8] {
        self.tbs().serial_number.as_bytes()
    }

    /// The serial number in lower-case hex without leading zeros.
    pub fn serial_hex(&self) -> String {
        integer_hex(self.serial())
    }

    /// The issuer's DER encoding.
    pub fn issuer_der(&self) -> &'a [u8] {
        self.tbs().issuer.raw()
    }

    /// The subject's DER encoding.
    pub fn subject_der(&self) -> &'a [u8] {
        self.tbs().subject.raw()
    }

    /// The issuer as an RFC 4514 string (decoded on this call; errors carry offsets in
    /// the certificate).
    pub fn issuer(&self) -> Result<String> {
        crate::name::lazy_rfc4514(&self.tbs().issuer, "issuer")
    }

    /// The subject as an RFC 4514 string (decoded on this call).
    pub fn subject(&self) -> Result<String> {
        crate::name::lazy_rfc4514(&self.tbs().subject, "subject")
    }

    /// Start of the validity period.
    pub fn not_before(&self) -> &DateTime {
        date_time(&self.tbs().validity.not_before)
    }

    /// End of the validity period.
    pub fn not_after(&self) -> &DateTime {
        date_time(&self.tbs().validity.not_after)
    }

    /// `not_before` in RFC 3339 (`2025-01-02T03:04:05Z`).
    pub fn not_before_rfc3339(&self) -> String {
        rfc3339(self.not_before())
    }

    /// `not_after` in RFC 3339.
    pub fn not_after_rfc3339(&self) -> String {
        rfc3339(self.not_after())
    }

    signature_accessors!(alg: inner.algorithm_identifier, bits: inner.signature);

    public_key_accessors!(spki: inner.to_be_signed.subject_public_key_info, path: "toBeSigned");

    /// The MTC certification authority extension (`id-pe-mtcCertificationAuthority` or
    /// the draft's experimental OID), decoded; `None` when absent.
    pub fn mtc_certification_authority(
        &self,
    ) -> Result<Option<crate::mtc::CertificationAuthority<'a>>> {
        crate::mtc::certification_authority(&self.extensions()?)
    }

    /// The MTCProof in the signature of a Merkle Tree Certificate, decoded with SHA-256
    /// as the log hash: `None` when the signature algorithm is not `id-alg-mtcProof` (or
    /// its experimental OID). Errors carry the absolute offset in the certificate and
    /// the path (`signature.MTCProof.signatures[1].cosigner_id`).
    pub fn mtc_proof(&self) -> Option<Result<crate::mtc::MtcProof<'a>>> {
        self.mtc_proof_with_hash_size(crate::mtc::SHA256_HASH_SIZE)
    }

    /// [`Self::mtc_proof`] for a log hash of `hash_size` bytes (the CA's `logHash`).
    pub fn mtc_proof_with_hash_size(
        &self,
        hash_size: usize,
    ) -> Option<Result<crate::mtc::MtcProof<'a>>> {
        if !crate::mtc::is_mtc_proof_algorithm(self.signature_algorithm()) {
            return None;
        }
        Some(self.signature().and_then(|bits| {
            let at = offset_inside(self.der, bits);
            // Draft Section 7.2 step 2: a signatureValue that is not a whole number of
            // octets fails; reported at the unused-bits octet.
            if self.inner.signature.unused_bits() != 0 {
                let why = "MTCProof signatureValue not a multiple of 8 bits";
                let e = Error::new(ErrorKind::InvalidValue(why), at.saturating_sub(1));
                return Err(e.in_field("signature"));
            }
            crate::mtc::MtcProof::decode(bits, hash_size)
                .map_err(|e| e.to_synta(at).in_field("signature"))
        }))
    }

    /// Every extension, in order (decoded on this call; empty for v1/v2 certificates).
    pub fn extensions(&self) -> Result<Extensions<'a, Extension<'a>>> {
        Extensions::decode(self.tbs().extensions.as_ref(), "extensions")
    }

    /// The extension with `oid`, if present.
    pub fn extension(&self, oid: &ObjectIdentifierRef<'_>) -> Result<Option<Extension<'a>>> {
        Ok(self.extensions()?.get(oid).cloned())
    }

    extension_accessors!(extensions:
        basic_constraints -> ext::BasicConstraints<'a>,
        key_usage -> ext::KeyUsage<'a>,
        ext_key_usage -> ext::ExtKeyUsageSyntax<'a>,
        subject_alt_name -> ext::GeneralNames<'a>,
        subject_key_identifier -> ext::KeyIdentifier<'a>,
        authority_key_identifier -> ext::AuthorityKeyIdentifier<'a>,
        crl_distribution_points -> ext::CrlDistributionPoints<'a>,
        authority_info_access -> ext::AuthorityInfoAccessSyntax<'a>,
        certificate_policies -> ext::CertificatePolicies<'a>,
        name_constraints -> ext::NameConstraints<'a>,
    );

    /// Fully decodes every lazily kept part (names, extensions and each known
    /// extension's value), so that a malformed part anywhere is reported.
    pub fn validate(&self) -> Result<()> {
        synta::ResultExt::field(self.tbs().issuer.get(), "issuer")?;
        synta::ResultExt::field(self.tbs().subject.get(), "subject")?;
        synta::ResultExt::field(self.extensions()?.validate(), "extensions")
    }
}

#[cfg(test)]
mod tests {
    use super::integer_hex;

    #[test]
    fn serial_hex() {
        assert_eq!(integer_hex(&[0x00, 0x80]), "80");
        assert_eq!(integer_hex(&[0x00]), "0");
        assert_eq!(integer_hex(&[0x01, 0x02]), "102");
        assert_eq!(integer_hex(&[0xff]), "-1");
        assert_eq!(integer_hex(&[0x80]), "-80");
    }
}
