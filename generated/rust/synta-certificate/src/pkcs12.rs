//! What a PKCS #12 file (RFC 7292) gives up without a password: its certificates, CRLs
//! and unencrypted private keys, the shrouded (password-encrypted) keys as they are,
//! each with its friendlyName and localKeyId, and the MAC parameters.
//!
//! The structures are the types generated from `schemas/adapted/PKCS-12-2009.asn1`
//! (RFC 7292's module restated over the 2009 modules; see `schemas/adapted/SOURCE.md`),
//! and every bag, certificate type and attribute is dispatched through the generated
//! open-type accessors. Nothing is decrypted and the MAC is not checked (both need the
//! password).

#[cfg(test)]
mod tests;
mod walk;

use synta::{Result, Rules};

/// One item of a PKCS #12 file with the attributes of its bag.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pkcs12Item {
    /// The DER encoding of the item: a certificate, a CRL, a `PrivateKeyInfo` or an
    /// `EncryptedPrivateKeyInfo` (a BER encoding in the file is re-encoded to DER).
    pub der: Vec<u8>,
    /// The bag's `friendlyName` attribute (PKCS #9), if any.
    pub friendly_name: Option<String>,
    /// The bag's `localKeyId` attribute (PKCS #9), if any: it pairs a key with its
    /// certificate.
    pub local_key_id: Option<Vec<u8>>,
}

/// The integrity parameters of a file in password integrity mode (`MacData`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pkcs12Mac {
    /// The digest algorithm of the HMAC, as a dotted OID (`2.16.840.1.101.3.4.2.1`).
    pub digest_algorithm: String,
    /// The MAC value.
    pub digest: Vec<u8>,
    /// The salt of the key derivation.
    pub salt: Vec<u8>,
    /// The iteration count of the key derivation (1 when the file leaves it out).
    pub iterations: u64,
}

/// The contents of a PKCS #12 file that can be read without its password.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pkcs12Contents {
    /// X.509 certificates (`certBag` with `x509Certificate`), in file order.
    pub certificates: Vec<Pkcs12Item>,
    /// X.509 CRLs (`crlBag` with `x509CRL`), in file order.
    pub crls: Vec<Pkcs12Item>,
    /// Private keys in plain `keyBag`s (`PrivateKeyInfo`, RFC 5958).
    pub keys: Vec<Pkcs12Item>,
    /// Password-encrypted private keys (`pkcs8ShroudedKeyBag`,
    /// `EncryptedPrivateKeyInfo`), not decrypted.
    pub shrouded_keys: Vec<Pkcs12Item>,
    /// Bags of other kinds, as dotted bag (or certificate/CRL type) OIDs: secret bags,
    /// SDSI certificates, kinds RFC 7292 does not define.
    pub other_bags: Vec<String>,
    /// Parts of the AuthenticatedSafe encrypted with a password (`encryptedData`) or a
    /// public key (`envelopedData`), skipped.
    pub encrypted_parts: usize,
    /// The MAC parameters; `None` when the file has no `macData`.
    pub mac: Option<Pkcs12Mac>,
}

impl Pkcs12Contents {
    /// Reads a PKCS #12 file under BER, as RFC 7292 allows (DER input is BER too).
    /// Errors carry the byte offset in `data` and the field path
    /// (`PFX.authSafe.content[1].bagValue.certValue`).
    pub fn from_ber(data: &[u8]) -> Result<Self> {
        walk::read(data, Rules::Ber)
    }

    /// Reads a PKCS #12 file that must be DER throughout (every nested encoding too).
    pub fn from_der(data: &[u8]) -> Result<Self> {
        walk::read(data, Rules::Der)
    }
}

/// Reads the contents of a PKCS #12 file (BER); see [`Pkcs12Contents::from_ber`].
pub fn pkcs12_contents(data: &[u8]) -> Result<Pkcs12Contents> {
    Pkcs12Contents::from_ber(data)
}
