//! ML-DSA private keys in PKCS #8 / `OneAsymmetricKey` (RFC 5958), as
//! draft-ietf-lamps-dilithium-certificates-13 Section 6 defines them: the `privateKey`
//! OCTET STRING holds the DER of the parameter set's `ML-DSA-xx-PrivateKey` CHOICE (a
//! 32-octet `seed`, the `expandedKey`, or `both`).
//!
//! Everything is decoded through the generated types: `OneAsymmetricKey` of
//! `AsymmetricKeyPackageModuleV1` and the `ML-DSA-xx-PrivateKey` CHOICEs of
//! `X509-ML-DSA-2025`. The generated `privateKey` is a plain OCTET STRING (RFC 5958 gives
//! it no open type), so its contents are decoded with `synta::decode_at` at their offset
//! in the input: every error carries an offset into the whole PKCS #8 encoding.
//!
//! [`MlDsaPrivateKey`]'s documentation shows the PEM case.

use super::{MlDsa, MlDsaPublicKey};
use crate::certificate::{borrowed, offset_inside};
use crate::generated::asymmetric_key_package_module_v1 as akp;
use crate::generated::x509_ml_dsa_2025 as gen;
use synta::{Error, ErrorKind, OctetStringRef, Result, ResultExt, Rules};

/// Which alternative of `ML-DSA-xx-PrivateKey` a key uses (draft Section 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MlDsaPrivateKeyForm {
    /// `seed [0] OCTET STRING (SIZE (32))`: the 32-octet seed only (RECOMMENDED).
    Seed,
    /// `expandedKey OCTET STRING`: the expanded private key only (FIPS 204 skEncode).
    ExpandedKey,
    /// `both SEQUENCE { seed, expandedKey }`.
    Both,
}

/// An ML-DSA private key read from a PKCS #8 `PrivateKeyInfo` / RFC 5958
/// `OneAsymmetricKey`, borrowing from its DER encoding.
///
/// Checked (draft-ietf-lamps-dilithium-certificates-13 and RFC 5958):
///
/// * `privateKeyAlgorithm.parameters` absent (Section 2 and the module's
///   `PARAMS ARE absent` for each `pk-ml-dsa-xx`);
/// * `privateKey` holds exactly one DER `ML-DSA-xx-PrivateKey` of the parameter set named
///   by the OID, chosen by its tag, never by its length (Section 6): the seed is 32
///   octets and the expanded key 2560, 4032 or 4896 octets, in `both` each of them;
/// * `version` is v1 (0) or v2 (1), and a `publicKey` needs v2 (RFC 5958 Section 2: "If
///   publicKey is present, then version is set to v2"). A v2 key without `publicKey` is
///   accepted: the module's comment only says the version "should" then be v1;
/// * the optional `publicKey` is a whole number of octets of the parameter set's public
///   key size (Section 4: the raw key, no ASN.1 wrapping).
///
/// `attributes` are decoded as the generated type requires but not interpreted.
///
/// **Not checked**: whether the seed and the expanded key of `both` (or the `publicKey`)
/// belong together. Section 8.2 says a recipient SHOULD regenerate the expanded key from
/// the seed with ML-DSA.KeyGen_internal and compare; that needs an ML-DSA implementation,
/// which this crate does not have. The inconsistent keys of the draft's Appendix C.4 are
/// therefore accepted here.
///
/// `Debug` prints the parameter set, form and version, never the key material.
///
/// PEM (`-----BEGIN PRIVATE KEY-----`, RFC 7468) takes two steps, because the decoded DER
/// is owned and the key borrows from it:
///
/// ```
/// use synta_certificate::{MlDsa, MlDsaPrivateKey, MlDsaPrivateKeyForm};
///
/// // draft-ietf-lamps-dilithium-certificates-13, Appendix C.1.1.1: seed 000102...1f.
/// let pem = "-----BEGIN PRIVATE KEY-----\n\
///            MDQCAQAwCwYJYIZIAWUDBAMRBCKAIAABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZ\n\
///            GhscHR4f\n\
///            -----END PRIVATE KEY-----\n";
/// // `synta::pem::decode` reads the first block whatever its label.
/// let der = synta::pem::decode(pem.as_bytes()).expect("valid PEM");
/// let key = MlDsaPrivateKey::from_pkcs8_der(&der)?.expect("an ML-DSA key");
/// assert_eq!(key.parameter_set(), MlDsa::MlDsa44);
/// assert_eq!(key.form(), MlDsaPrivateKeyForm::Seed);
/// let seed: [u8; 32] = core::array::from_fn(|i| i as u8);
/// assert_eq!(key.seed(), Some(&seed));
/// assert_eq!(key.expanded_key(), None);
/// # Ok::<(), synta::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct MlDsaPrivateKey<'a> {
    parameter_set: MlDsa,
    version: u8,
    form: MlDsaPrivateKeyForm,
    seed: Option<&'a [u8; MlDsa::SEED_LEN]>,
    expanded_key: Option<&'a [u8]>,
    public_key: Option<&'a [u8]>,
}

impl core::fmt::Debug for MlDsaPrivateKey<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MlDsaPrivateKey")
            .field("parameter_set", &self.parameter_set)
            .field("version", &self.version)
            .field("form", &self.form)
            .field("public_key", &self.public_key.is_some())
            .finish_non_exhaustive()
    }
}

impl<'a> MlDsaPrivateKey<'a> {
    /// Reads a DER `PrivateKeyInfo` / `OneAsymmetricKey` (what `-----BEGIN PRIVATE
    /// KEY-----` and a PKCS #12 key bag hold). `Ok(None)` when it is a well-formed
    /// `OneAsymmetricKey` for another algorithm, as
    /// [`Certificate::ml_dsa_public_key`](crate::Certificate::ml_dsa_public_key) does;
    /// an error with the byte offset and field path
    /// (`OneAsymmetricKey.privateKey.both.expandedKey`) when the encoding or an ML-DSA
    /// rule is broken (see the type's documentation).
    pub fn from_pkcs8_der(der: &'a [u8]) -> Result<Option<Self>> {
        let info: akp::OneAsymmetricKey<'a> = synta::decode(der, Rules::Der)?;
        read(der, &info).type_name("OneAsymmetricKey")
    }

    /// The parameter set, from `privateKeyAlgorithm`.
    pub fn parameter_set(&self) -> MlDsa {
        self.parameter_set
    }

    /// The human version number of the `OneAsymmetricKey`: 1 (v1, encoded 0) or 2
    /// (v2, encoded 1).
    pub fn version(&self) -> u8 {
        self.version
    }

    /// Which alternative of the `ML-DSA-xx-PrivateKey` CHOICE the key uses.
    pub fn form(&self) -> MlDsaPrivateKeyForm {
        self.form
    }

    /// The 32-octet seed ξ, for the `seed` and `both` forms.
    pub fn seed(&self) -> Option<&'a [u8; MlDsa::SEED_LEN]> {
        self.seed
    }

    /// The expanded private key ([`MlDsa::expanded_key_len`] octets), for the
    /// `expandedKey` and `both` forms.
    pub fn expanded_key(&self) -> Option<&'a [u8]> {
        self.expanded_key
    }

    /// The `publicKey` of a v2 `OneAsymmetricKey`, if present (its size is checked, not
    /// that it matches the private key).
    pub fn public_key(&self) -> Option<MlDsaPublicKey<'a>> {
        self.public_key.map(|key| MlDsaPublicKey {
            parameter_set: self.parameter_set,
            key,
        })
    }
}

/// The checks after the generated `OneAsymmetricKey` decoded; errors get their path
/// inside it.
fn read<'a>(
    der: &'a [u8],
    info: &akp::OneAsymmetricKey<'a>,
) -> Result<Option<MlDsaPrivateKey<'a>>> {
    let algorithm = &info.private_key_algorithm;
    let Some(parameter_set) = MlDsa::from_oid(&algorithm.algorithm) else {
        return Ok(None);
    };
    let version = version(der, &info.version).field("version")?;
    if let Some(parameters) = &algorithm.parameters {
        let why = "ML-DSA parameters must be absent (PARAMS ARE absent)";
        return Err(
            Error::new(ErrorKind::InvalidValue(why), parameters.offset())
                .in_field("parameters")
                .in_field("privateKeyAlgorithm"),
        );
    }
    let private = private_key(parameter_set, &info.private_key).field("privateKey")?;
    let public_key = match &info.public_key {
        None => None,
        Some(bits) => Some(public_key(der, parameter_set, version, bits).field("publicKey")?),
    };
    Ok(Some(MlDsaPrivateKey {
        parameter_set,
        version,
        form: private.form,
        seed: private.seed,
        expanded_key: private.expanded_key,
        public_key,
    }))
}

/// `Version ::= INTEGER { v1(0), v2(1) } (v1, ..., v2)` as the human number 1 or 2.
fn version(der: &[u8], v: &akp::Version<'_>) -> Result<u8> {
    if v.as_bytes() == akp::VERSION_V1.as_bytes() {
        Ok(1)
    } else if v.as_bytes() == akp::VERSION_V2.as_bytes() {
        Ok(2)
    } else {
        let why = "OneAsymmetricKey version neither v1 (0) nor v2 (1)";
        Err(Error::new(
            ErrorKind::InvalidValue(why),
            offset_inside(der, v.as_bytes()),
        ))
    }
}

/// The seed and expanded key of an `ML-DSA-xx-PrivateKey` as decoded, each with its
/// offset.
type Parts<'a> = (
    MlDsaPrivateKeyForm,
    Option<OctetStringRef<'a>>,
    Option<OctetStringRef<'a>>,
);

/// The checked contents of `privateKey`.
struct PrivatePart<'a> {
    form: MlDsaPrivateKeyForm,
    seed: Option<&'a [u8; MlDsa::SEED_LEN]>,
    expanded_key: Option<&'a [u8]>,
}

/// Decodes the generated `ML-DSA-xx-PrivateKey` CHOICE `$choice` from the `privateKey`
/// contents, where they lie in the input.
macro_rules! choice {
    ($choice:ident, $octets:expr) => {{
        let bytes = borrowed($octets.borrowed(), "privateKey")?;
        match synta::decode_at::<gen::$choice<'a>>(bytes, $octets.offset(), Rules::Der)? {
            gen::$choice::Seed(seed) => (MlDsaPrivateKeyForm::Seed, Some(seed), None),
            gen::$choice::ExpandedKey(key) => (MlDsaPrivateKeyForm::ExpandedKey, None, Some(key)),
            gen::$choice::Both(both) => (
                MlDsaPrivateKeyForm::Both,
                Some(both.seed),
                Some(both.expanded_key),
            ),
        }
    }};
}

/// Section 6: the `privateKey` OCTET STRING holds the DER of the parameter set's CHOICE,
/// told apart by its tag (`[0]` seed, OCTET STRING expandedKey, SEQUENCE both).
fn private_key<'a>(parameter_set: MlDsa, octets: &OctetStringRef<'a>) -> Result<PrivatePart<'a>> {
    let (form, seed, expanded): Parts<'a> = match parameter_set {
        MlDsa::MlDsa44 => choice!(MlDsa44PrivateKey, octets),
        MlDsa::MlDsa65 => choice!(MlDsa65PrivateKey, octets),
        MlDsa::MlDsa87 => choice!(MlDsa87PrivateKey, octets),
    };
    // Inside `both` the components are named `both.seed` and `both.expandedKey`.
    let within = |e: Error| match form {
        MlDsaPrivateKeyForm::Both => e.in_field("both"),
        _ => e,
    };
    let seed = match seed {
        None => None,
        Some(s) => Some(seed_octets(&s).map_err(within)?),
    };
    let expanded_key = match expanded {
        None => None,
        Some(k) => Some(expanded_octets(&k, parameter_set).map_err(within)?),
    };
    Ok(PrivatePart {
        form,
        seed,
        expanded_key,
    })
}

// The generated CHOICEs check their SIZE constraints already; the two checks below keep
// each rule next to its use, name the field and give the seed its array type.

/// `seed OCTET STRING (SIZE (32))` (Section 6).
fn seed_octets<'a>(octets: &OctetStringRef<'a>) -> Result<&'a [u8; MlDsa::SEED_LEN]> {
    let bytes = borrowed(octets.borrowed(), "seed")?;
    <&[u8; MlDsa::SEED_LEN]>::try_from(bytes).map_err(|_| {
        let why = "ML-DSA seed (SIZE (32))";
        Error::new(ErrorKind::ConstraintViolated(why), octets.offset()).in_field("seed")
    })
}

/// `expandedKey OCTET STRING (SIZE (2560 | 4032 | 4896))` (Section 6).
fn expanded_octets<'a>(octets: &OctetStringRef<'a>, parameter_set: MlDsa) -> Result<&'a [u8]> {
    let bytes = borrowed(octets.borrowed(), "expandedKey")?;
    if bytes.len() == parameter_set.expanded_key_len() {
        Ok(bytes)
    } else {
        let why = "ML-DSA expandedKey size (FIPS 204 Table 2)";
        let e = Error::new(ErrorKind::ConstraintViolated(why), octets.offset());
        Err(e.in_field("expandedKey"))
    }
}

/// RFC 5958 Section 2 (publicKey needs v2) and draft Section 4 (the raw key of the
/// parameter set's size, a whole number of octets).
fn public_key<'a>(
    der: &'a [u8],
    parameter_set: MlDsa,
    version: u8,
    bits: &akp::PublicKey<'a>,
) -> Result<&'a [u8]> {
    let key = borrowed(bits.borrowed(), "publicKey")?;
    let at = offset_inside(der, key);
    if version != 2 {
        let why = "publicKey present in a v1 OneAsymmetricKey (RFC 5958: v2)";
        return Err(Error::new(ErrorKind::InvalidValue(why), at));
    }
    if bits.unused_bits() != 0 || key.len() != parameter_set.public_key_len() {
        let why = "ML-DSA public key size (FIPS 204)";
        return Err(Error::new(ErrorKind::ConstraintViolated(why), at));
    }
    Ok(key)
}
