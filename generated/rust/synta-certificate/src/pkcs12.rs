//! Certificates out of a PKCS #12 file (RFC 7292) whose certificate bags are not
//! encrypted. RFC 7292's module imports X.500 and PKCS #5/#7 modules that are not in
//! schemas/, so the few structures needed are written here with the runtime's derives.

use synta::{
    AnyRef, Decode, Error, ErrorKind, IntRef, ObjectIdentifierRef, OctetStringRef, Result,
    ResultExt, Rules,
};

/// `id-data` (PKCS #7): the content is an OCTET STRING.
const ID_DATA: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01];
/// `id-encryptedData` (PKCS #7).
const ID_ENCRYPTED_DATA: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x06];
/// `certBag` (RFC 7292 4.2.3).
const CERT_BAG: &[u8] = &[
    0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x0c, 0x0a, 0x01, 0x03,
];
/// `x509Certificate` cert type (PKCS #9).
const X509_CERTIFICATE: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x16, 0x01];

/// `PFX ::= SEQUENCE { version INTEGER {v3(3)}, authSafe ContentInfo, macData MacData OPTIONAL }`
#[derive(Debug, Clone, PartialEq, synta::Sequence)]
#[asn1(name = "PFX")]
struct Pfx<'a> {
    version: IntRef<'a>,
    #[asn1(name = "authSafe")]
    auth_safe: ContentInfo<'a>,
    /// The MAC is not checked (that needs the password).
    #[asn1(name = "macData")]
    mac_data: Option<AnyRef<'a>>,
}

/// `ContentInfo ::= SEQUENCE { contentType OBJECT IDENTIFIER, content [0] EXPLICIT ANY OPTIONAL }`
#[derive(Debug, Clone, PartialEq, synta::Sequence)]
struct ContentInfo<'a> {
    #[asn1(name = "contentType")]
    content_type: ObjectIdentifierRef<'a>,
    #[asn1(context = 0, explicit)]
    content: Option<AnyRef<'a>>,
}

/// `SafeBag ::= SEQUENCE { bagId, bagValue [0] EXPLICIT ANY, bagAttributes SET OF ... OPTIONAL }`
#[derive(Debug, Clone, PartialEq, synta::Sequence)]
#[asn1(name = "SafeBag")]
struct SafeBag<'a> {
    #[asn1(name = "bagId")]
    bag_id: ObjectIdentifierRef<'a>,
    #[asn1(name = "bagValue", context = 0, explicit)]
    bag_value: AnyRef<'a>,
    #[asn1(name = "bagAttributes")]
    bag_attributes: Option<AnyRef<'a>>,
}

/// `CertBag ::= SEQUENCE { certId OBJECT IDENTIFIER, certValue [0] EXPLICIT ANY }`
#[derive(Debug, Clone, PartialEq, synta::Sequence)]
#[asn1(name = "CertBag")]
struct CertBag<'a> {
    #[asn1(name = "certId")]
    cert_id: ObjectIdentifierRef<'a>,
    #[asn1(name = "certValue", context = 0, explicit)]
    cert_value: OctetStringRef<'a>,
}

/// What a PKCS #12 file gave up without a password.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pkcs12Certificates {
    /// The DER encoding of each certificate in an unencrypted certificate bag, in order.
    pub certificates: Vec<Vec<u8>>,
    /// Number of password-encrypted parts (`encryptedData`) that were skipped.
    pub encrypted_parts: usize,
}

/// The `OCTET STRING` carried by an `id-data` ContentInfo.
fn data_octets<'a>(info: &ContentInfo<'a>) -> Result<Vec<u8>> {
    let content = info.content.as_ref().ok_or_else(|| {
        Error::new(ErrorKind::MissingElement { expected: None }, 0).in_field("content")
    })?;
    // BER may segment the OCTET STRING; the bytes are then owned, so copy either way.
    let octets: OctetStringRef<'_> = content.decode_as(Rules::Ber).field("content")?;
    Ok(octets.as_bytes().to_vec())
}

/// Reads the certificate bags of a PKCS #12 file (BER, as RFC 7292 allows) without
/// checking its MAC or decrypting anything; encrypted parts are counted and skipped.
/// Each certificate is re-encoded to DER, ready for [`crate::Certificate::from_der`].
pub fn pkcs12_certificates(data: &[u8]) -> Result<Pkcs12Certificates> {
    let pfx = Pfx::from_ber(data)?;
    if pfx.version.as_bytes() != [3] {
        return Err(
            Error::new(ErrorKind::InvalidValue("PFX version is not v3"), 0).in_field("version"),
        );
    }
    if pfx.auth_safe.content_type.as_bytes() != ID_DATA {
        return Err(
            Error::new(ErrorKind::Unsupported("public-key integrity mode"), 0).in_field("authSafe"),
        );
    }
    let safe = data_octets(&pfx.auth_safe).field("authSafe")?;
    let parts: Vec<ContentInfo<'_>> = synta::from_ber(&safe).field("authSafe")?;
    let mut out = Pkcs12Certificates::default();
    for (i, part) in parts.iter().enumerate() {
        let kind = part.content_type.as_bytes();
        if kind == ID_ENCRYPTED_DATA {
            out.encrypted_parts += 1;
            continue;
        }
        if kind != ID_DATA {
            continue;
        }
        let contents = data_octets(part).index(i)?;
        let bags: Vec<SafeBag<'_>> = synta::from_ber(&contents).index(i)?;
        for bag in bags.iter().filter(|b| b.bag_id.as_bytes() == CERT_BAG) {
            let cert: CertBag<'_> = bag.bag_value.decode_as(Rules::Ber).index(i)?;
            if cert.cert_id.as_bytes() == X509_CERTIFICATE {
                // The OCTET STRING holds the certificate; a BER one is normalised to DER.
                let tree = synta::Tlv::parse(cert.cert_value.as_bytes(), Rules::Ber).index(i)?;
                out.certificates.push(synta::Encode::to_der(&tree)?);
            }
        }
    }
    Ok(out)
}
