//! The reading API of a PKCS #10 certification request (RFC 2986, RFC 5912 module).

use crate::certificate::{signed, version_number};
use crate::generated::enrollment_message_syntax_2009 as ems;
use crate::generated::pkcs_10 as p10;
use crate::generated::pkix1_explicit_2009 as x509;
use crate::generated::pkix_common_types_2009 as common;
use crate::Extensions;
use synta::{Decode, ObjectIdentifierRef, Result, Rules};

/// One attribute of a request (`type` and its SET OF values, raw).
pub type CsrAttribute<'a> = p10::AttributeCriAttributes<'a>;

/// `challengePassword` (PKCS #9, RFC 2985 5.4.1): 1.2.840.113549.1.9.7.
pub const ID_CHALLENGE_PASSWORD: ObjectIdentifierRef<'static> =
    ObjectIdentifierRef::from_bytes_const(&[42, 134, 72, 134, 247, 13, 1, 9, 7]);

/// A parsed certification request, borrowing from its DER encoding.
#[derive(Debug, Clone)]
pub struct Csr<'a> {
    inner: p10::CertificationRequest<'a>,
    der: &'a [u8],
    info: &'a [u8],
}

impl<'a> Csr<'a> {
    /// Parses a DER request; errors carry the byte offset and field path.
    pub fn from_der(der: &'a [u8]) -> Result<Self> {
        let (inner, info) = signed(der)?;
        Ok(Csr { inner, der, info })
    }

    /// Parses the request of a PEM block labelled `CERTIFICATE REQUEST` (RFC 7468
    /// section 7) or `NEW CERTIFICATE REQUEST` (what some older tools write).
    pub fn from_pem(pem: &'a crate::Pem) -> std::result::Result<Self, crate::PemError> {
        let labels = ["CERTIFICATE REQUEST", "NEW CERTIFICATE REQUEST"];
        pem.parse_as(&labels, Self::from_der)
    }

    /// The generated structure, for everything this API does not cover.
    pub fn raw(&self) -> &p10::CertificationRequest<'a> {
        &self.inner
    }

    signed_bytes!(info, "certificationRequestInfo");

    /// [`Self::tbs_der`], under the name RFC 2986 gives the signed part.
    pub fn info_der(&self) -> &'a [u8] {
        self.info
    }

    fn info(&self) -> &p10::CertificationRequestInfo<'a> {
        &self.inner.certification_request_info
    }

    /// The version as people write it: 1 (the only one RFC 2986 defines); 0 for any
    /// other encoded value.
    pub fn version(&self) -> u8 {
        version_number(self.info().version.as_bytes(), 1)
    }

    /// The subject's DER encoding.
    pub fn subject_der(&self) -> &'a [u8] {
        self.info().subject.raw()
    }

    /// The subject as an RFC 4514 string (decoded on this call).
    pub fn subject(&self) -> Result<String> {
        crate::name::lazy_rfc4514(&self.info().subject, "subject")
    }

    public_key_accessors!(
        spki: inner.certification_request_info.subject_pk_info,
        path: "certificationRequestInfo"
    );

    signature_accessors!(alg: inner.signature_algorithm, bits: inner.signature);

    /// The attributes, in order (their values raw; see [`CsrAttribute::values_decoded`],
    /// which gives `Unknown` for every type because RFC 5912's `CRIAttributes` set is
    /// empty, and the typed accessors below).
    pub fn attributes(&self) -> &[CsrAttribute<'a>] {
        &self.info().attributes.0
    }

    /// The attribute types, in order (`extensionRequest` is 1.2.840.113549.1.9.14).
    pub fn attribute_types(&self) -> Vec<String> {
        self.attributes()
            .iter()
            .map(|a| a.type_.to_string())
            .collect()
    }

    /// The single value of the attribute `oid` with its index, `None` when absent; an
    /// error when the attribute appears twice or holds several values (PKCS #9 gives
    /// both of ours SINGLE VALUE TRUE).
    fn single_value(
        &self,
        oid: &ObjectIdentifierRef<'_>,
    ) -> Result<Option<(usize, &synta::AnyRef<'a>)>> {
        let mut found = None;
        for (i, a) in self.attributes().iter().enumerate() {
            if a.type_.as_bytes() != oid.as_bytes() {
                continue;
            }
            let first = a.values.0.first();
            let why = match (found.is_some(), first, a.values.0.len()) {
                (true, ..) => "attribute appears twice",
                (false, Some(v), 1) => {
                    found = Some((i, v));
                    continue;
                }
                _ => "single-valued attribute with several values",
            };
            let at = first.map_or(0, synta::AnyRef::offset);
            let e = synta::Error::new(synta::ErrorKind::InvalidValue(why), at);
            return Err(attribute_path(e, i));
        }
        Ok(found)
    }

    /// Decodes the single value of the attribute `oid` as `T` where it lies; with it,
    /// the value's offset and the attribute's index.
    fn attribute<T: Decode<'a>>(
        &self,
        oid: &ObjectIdentifierRef<'_>,
    ) -> Result<Option<(T, usize, usize)>> {
        let Some((i, v)) = self.single_value(oid)? else {
            return Ok(None);
        };
        let value = synta::decode_at::<T>(v.raw(), v.offset(), Rules::Der);
        let value = value.map_err(|e| attribute_path(e, i))?;
        Ok(Some((value, v.offset(), i)))
    }

    /// The extensions asked for (the `extensionRequest` attribute, RFC 2985 5.4.2),
    /// `None` when the request has none. The list has the typed accessors of a
    /// certificate's (`subject_alt_name()`, `basic_constraints()`, `key_usage()`, ...).
    pub fn extension_request(
        &self,
    ) -> Result<Option<Extensions<'a, common::ExtensionCertExtensions<'a>>>> {
        let found = self.attribute::<ems::ExtensionReq<'a>>(&ems::ID_EXTENSION_REQ)?;
        let Some((list, at, i)) = found else {
            return Ok(None);
        };
        let checked = ems::EXTENSION_REQ_CONSTRAINT.check(&list, at);
        checked.map_err(|e| attribute_path(e, i))?;
        Ok(Some(Extensions::from_vec(list)))
    }

    /// The challengePassword attribute (RFC 2985 5.4.1), `None` when absent.
    pub fn challenge_password(&self) -> Result<Option<x509::DirectoryStringUbMax<'a>>> {
        Ok(self.attribute(&ID_CHALLENGE_PASSWORD)?.map(|(v, ..)| v))
    }

    /// Fully decodes every lazily kept part (the subject, the extension request and each
    /// known extension's value, the challenge password).
    pub fn validate(&self) -> Result<()> {
        synta::ResultExt::field(self.info().subject.get(), "subject")?;
        if let Some(exts) = self.extension_request()? {
            synta::ResultExt::field(exts.validate(), "extensionRequest")?;
        }
        self.challenge_password()?;
        Ok(())
    }
}

/// Puts an error in the single value of the `i`-th attribute: `attributes[i].values[0]`.
fn attribute_path(e: synta::Error, i: usize) -> synta::Error {
    e.in_index(0)
        .in_field("values")
        .in_index(i)
        .in_field("attributes")
}
