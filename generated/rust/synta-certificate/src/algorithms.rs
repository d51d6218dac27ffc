//! Names of the signature and public-key algorithms, by OID.

/// Dotted OID -> the algorithm's name in its RFC.
const NAMES: &[(&str, &str)] = &[
    ("1.2.840.113549.1.1.1", "rsaEncryption"),
    ("1.2.840.113549.1.1.4", "md5WithRSAEncryption"),
    ("1.2.840.113549.1.1.5", "sha1WithRSAEncryption"),
    ("1.2.840.113549.1.1.10", "RSASSA-PSS"),
    ("1.2.840.113549.1.1.11", "sha256WithRSAEncryption"),
    ("1.2.840.113549.1.1.12", "sha384WithRSAEncryption"),
    ("1.2.840.113549.1.1.13", "sha512WithRSAEncryption"),
    ("1.2.840.113549.1.1.14", "sha224WithRSAEncryption"),
    ("1.2.840.10045.2.1", "id-ecPublicKey"),
    ("1.2.840.10045.4.1", "ecdsa-with-SHA1"),
    ("1.2.840.10045.4.3.1", "ecdsa-with-SHA224"),
    ("1.2.840.10045.4.3.2", "ecdsa-with-SHA256"),
    ("1.2.840.10045.4.3.3", "ecdsa-with-SHA384"),
    ("1.2.840.10045.4.3.4", "ecdsa-with-SHA512"),
    ("1.2.840.10040.4.1", "id-dsa"),
    ("1.2.840.10040.4.3", "id-dsa-with-sha1"),
    ("2.16.840.1.101.3.4.3.2", "id-dsa-with-sha256"),
    ("1.3.101.110", "X25519"),
    ("1.3.101.111", "X448"),
    ("1.3.101.112", "Ed25519"),
    ("1.3.101.113", "Ed448"),
    ("2.16.840.1.101.3.4.3.17", "id-ml-dsa-44"),
    ("2.16.840.1.101.3.4.3.18", "id-ml-dsa-65"),
    ("2.16.840.1.101.3.4.3.19", "id-ml-dsa-87"),
    ("1.3.14.3.2.26", "sha1"),
    ("2.16.840.1.101.3.4.2.4", "sha224"),
    ("2.16.840.1.101.3.4.2.1", "sha256"),
    ("2.16.840.1.101.3.4.2.2", "sha384"),
    ("2.16.840.1.101.3.4.2.3", "sha512"),
];

/// The name of a signature or public-key algorithm (`sha256WithRSAEncryption`,
/// `id-ecPublicKey`, `Ed25519`, `id-ml-dsa-65`), or `None` for an OID not in the table.
#[must_use]
pub fn algorithm_name(oid: &synta::ObjectIdentifierRef<'_>) -> Option<&'static str> {
    let dotted = oid.to_string();
    NAMES.iter().find(|(o, _)| *o == dotted).map(|(_, n)| *n)
}
