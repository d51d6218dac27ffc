//! Certificates out of a PKCS #7 / CMS SignedData (a `.p7b` "certs-only" bundle).

use crate::generated::cryptographic_message_syntax_2009 as cms;
use synta::{Decode, Encode, Error, ErrorKind, Result, Rules};

/// The DER encoding of every certificate in a SignedData ContentInfo, in order. The
/// container is read under BER (PKCS #7 files are often BER: indefinite lengths, unsorted
/// SETs); each certificate is re-encoded to DER, and [`crate::Certificate::from_der`]
/// then applies the full DER checks to it.
pub fn pkcs7_certificates(data: &[u8]) -> Result<Vec<Vec<u8>>> {
    let info = cms::ContentInfo::from_ber(data)?;
    if info.content_type.as_bytes() != cms::ID_SIGNED_DATA.as_bytes() {
        return Err(
            Error::new(ErrorKind::InvalidValue("not a SignedData ContentInfo"), 0)
                .in_field("contentType"),
        );
    }
    let signed: cms::SignedData<'_> =
        synta::ResultExt::field(info.content.decode_as(Rules::Ber), "content")?;
    let Some(set) = signed.certificates else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for choice in &set.0 .0 {
        if let cms::CertificateChoices::Certificate(cert) = choice {
            out.push(cert.to_der()?);
        }
    }
    Ok(out)
}
