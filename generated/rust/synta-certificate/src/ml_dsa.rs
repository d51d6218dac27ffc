//! ML-DSA public keys in certificates (FIPS 204; X509-ML-DSA-2025, compiled from
//! `schemas/ml-dsa`): the parameter set named by the algorithm OID, and the raw key
//! checked against the module's rules (`PARAMS ARE absent`, `KEY no ASN.1 wrapping` of
//! a fixed size). Private keys in PKCS #8: [`MlDsaPrivateKey`].

mod private_key;

pub use private_key::{MlDsaPrivateKey, MlDsaPrivateKeyForm};

use crate::generated::x509_ml_dsa_2025 as ml_dsa;
use synta::{Error, ErrorKind, ObjectIdentifierRef, Result};

/// An ML-DSA parameter set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MlDsa {
    /// ML-DSA-44 (`id-ml-dsa-44`).
    MlDsa44,
    /// ML-DSA-65 (`id-ml-dsa-65`).
    MlDsa65,
    /// ML-DSA-87 (`id-ml-dsa-87`).
    MlDsa87,
}

impl MlDsa {
    /// Every parameter set.
    pub const ALL: [MlDsa; 3] = [MlDsa::MlDsa44, MlDsa::MlDsa65, MlDsa::MlDsa87];

    /// Octets of a seed (ξ of FIPS 204 Algorithm 1), the same for every parameter set:
    /// `seed [0] OCTET STRING (SIZE (32))` of `ML-DSA-xx-PrivateKey`.
    pub const SEED_LEN: usize = 32;

    /// The parameter set an algorithm OID names (the same OID identifies the public key
    /// and the signature algorithm), or `None` for another algorithm.
    pub fn from_oid(oid: &ObjectIdentifierRef<'_>) -> Option<MlDsa> {
        MlDsa::ALL
            .into_iter()
            .find(|m| m.oid().as_bytes() == oid.as_bytes())
    }

    /// The algorithm OID (generated from the module).
    pub fn oid(self) -> ObjectIdentifierRef<'static> {
        match self {
            MlDsa::MlDsa44 => ml_dsa::ID_ML_DSA_44,
            MlDsa::MlDsa65 => ml_dsa::ID_ML_DSA_65,
            MlDsa::MlDsa87 => ml_dsa::ID_ML_DSA_87,
        }
    }

    /// The name in the module (`id-ml-dsa-65`).
    pub fn name(self) -> &'static str {
        match self {
            MlDsa::MlDsa44 => "id-ml-dsa-44",
            MlDsa::MlDsa65 => "id-ml-dsa-65",
            MlDsa::MlDsa87 => "id-ml-dsa-87",
        }
    }

    /// The public key size in octets: `ML-DSA-xx-PublicKey ::= OCTET STRING (SIZE (n))`
    /// of the module (FIPS 204 Table 2).
    pub fn public_key_len(self) -> usize {
        match self {
            MlDsa::MlDsa44 => 1312,
            MlDsa::MlDsa65 => 1952,
            MlDsa::MlDsa87 => 2592,
        }
    }

    /// The expanded private key size in octets: `expandedKey OCTET STRING (SIZE (n))` of
    /// the module's `ML-DSA-xx-PrivateKey` (FIPS 204 Table 2).
    pub fn expanded_key_len(self) -> usize {
        match self {
            MlDsa::MlDsa44 => 2560,
            MlDsa::MlDsa65 => 4032,
            MlDsa::MlDsa87 => 4896,
        }
    }
}

/// An ML-DSA public key taken from a certificate: the parameter set and the raw key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MlDsaPublicKey<'a> {
    /// The parameter set.
    pub parameter_set: MlDsa,
    /// The key, `public_key_len()` octets (no ASN.1 wrapping).
    pub key: &'a [u8],
}

/// Checks an ML-DSA SubjectPublicKeyInfo: no parameters, a whole number of octets of
/// the parameter set's size. `None` when `algorithm` is not ML-DSA.
pub(crate) fn public_key<'a>(
    algorithm: &ObjectIdentifierRef<'_>,
    parameters_present: bool,
    key: &'a [u8],
    key_offset: usize,
    unused_bits: bool,
) -> Result<Option<MlDsaPublicKey<'a>>> {
    let Some(parameter_set) = MlDsa::from_oid(algorithm) else {
        return Ok(None);
    };
    if parameters_present {
        return Err(Error::new(
            ErrorKind::InvalidValue("ML-DSA parameters must be absent (PARAMS ARE absent)"),
            key_offset,
        )
        .in_field("parameters")
        .in_field("algorithm")
        .in_field("subjectPublicKeyInfo"));
    }
    if unused_bits || key.len() != parameter_set.public_key_len() {
        return Err(Error::new(
            ErrorKind::ConstraintViolated("ML-DSA public key size (FIPS 204)"),
            key_offset,
        )
        .in_field("subjectPublicKey")
        .in_field("subjectPublicKeyInfo"));
    }
    Ok(Some(MlDsaPublicKey { parameter_set, key }))
}
