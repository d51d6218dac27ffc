//! ML-DSA private keys in PKCS #8 / OneAsymmetricKey (draft-ietf-lamps-dilithium-
//! certificates-13 Section 6): the committed corpus (`tests/corpus/keys/`, see its
//! `index.tsv`), keys built here from patterns, a differential test against the
//! installed pyca/cryptography, and malformed keys (offsets, paths, no panics).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use synta::{Encode, ErrorKind, PathSegment};
use synta_certificate::generated::asymmetric_key_package_module_v1::OneAsymmetricKey;
use synta_certificate::{pkcs12_contents, Error, MlDsa, MlDsaPrivateKey, MlDsaPrivateKeyForm};

mod common;
use common::{corpus, tlv};

fn read(name: &str) -> Vec<u8> {
    std::fs::read(corpus().join("keys").join(name)).unwrap()
}

fn key(der: &[u8]) -> MlDsaPrivateKey<'_> {
    MlDsaPrivateKey::from_pkcs8_der(der)
        .unwrap()
        .expect("an ML-DSA key")
}

fn error(der: &[u8]) -> Error {
    MlDsaPrivateKey::from_pkcs8_der(der).expect_err("an error")
}

/// The field path of an error as text (`OneAsymmetricKey.privateKey.seed`).
fn path(e: &Error) -> String {
    let mut s = String::new();
    e.write_path(&mut s).unwrap();
    s
}

fn hex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
        .collect()
}

fn by_name(name: &str) -> MlDsa {
    MlDsa::ALL
        .into_iter()
        .find(|m| m.name() == format!("id-{}", name.to_lowercase()))
        .unwrap()
}

/// `AlgorithmIdentifier { algorithm, parameters }` with the parameters' encoding, if any.
fn algorithm(set: MlDsa, parameters: Option<&[u8]>) -> Vec<u8> {
    let oid = tlv(0x06, set.oid().as_bytes());
    tlv(
        0x30,
        &[oid, parameters.unwrap_or_default().to_vec()].concat(),
    )
}

/// A OneAsymmetricKey: `version`, `algorithm`, the privateKey OCTET STRING around
/// `private_key`, then `rest` (attributes, publicKey).
fn pkcs8(version: u8, algorithm: &[u8], private_key: &[u8], rest: &[u8]) -> Vec<u8> {
    let fields = [
        tlv(0x02, &[version]),
        algorithm.to_vec(),
        tlv(0x04, private_key),
        rest.to_vec(),
    ];
    tlv(0x30, &fields.concat())
}

/// Bytes that are not a key: a pattern of the given length.
fn pattern(len: usize, salt: u8) -> Vec<u8> {
    (0..len)
        .map(|i| {
            u8::try_from(i % 256)
                .unwrap()
                .wrapping_mul(31)
                .wrapping_add(salt)
        })
        .collect()
}

/// A v1 key of `set` in the seed form, without publicKey.
fn seed_key(set: MlDsa, seed: &[u8]) -> Vec<u8> {
    pkcs8(0, &algorithm(set, None), &seed_form(seed), &[])
}

fn seed_form(seed: &[u8]) -> Vec<u8> {
    tlv(0x80, seed)
}

fn expanded_form(key: &[u8]) -> Vec<u8> {
    tlv(0x04, key)
}

fn both_form(seed: &[u8], key: &[u8]) -> Vec<u8> {
    tlv(0x30, &[tlv(0x04, seed), tlv(0x04, key)].concat())
}

fn public_key_field(key: &[u8], unused_bits: u8) -> Vec<u8> {
    tlv(0x81, &[&[unused_bits], key].concat())
}

#[test]
fn every_corpus_key_reads_as_its_index_says() {
    let index = std::fs::read_to_string(corpus().join("keys/index.tsv")).unwrap();
    let mut rows = 0;
    for line in index.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (file, set, form, version, seed, public_len) = (f[0], f[1], f[2], f[3], f[4], f[5]);
        let der = read(file);
        rows += 1;
        if set == "-" {
            assert_eq!(
                MlDsaPrivateKey::from_pkcs8_der(&der).unwrap(),
                None,
                "{file}"
            );
            continue;
        }
        let k = key(&der);
        assert_eq!(k.parameter_set(), by_name(set), "{file}");
        let want_form = match form {
            "seed" => MlDsaPrivateKeyForm::Seed,
            "expandedKey" => MlDsaPrivateKeyForm::ExpandedKey,
            _ => MlDsaPrivateKeyForm::Both,
        };
        assert_eq!(k.form(), want_form, "{file}");
        assert_eq!(k.version().to_string(), version, "{file}");
        match seed {
            "-" => assert_eq!(k.seed(), None, "{file}"),
            s => assert_eq!(k.seed().map(|s| s.to_vec()), Some(hex(s)), "{file}"),
        }
        let expanded = k.expanded_key().map(<[u8]>::len);
        match want_form {
            MlDsaPrivateKeyForm::Seed => assert_eq!(expanded, None),
            _ => assert_eq!(expanded, Some(k.parameter_set().expanded_key_len())),
        }
        let public = k.public_key().map(|p| p.key.len().to_string());
        assert_eq!(public.as_deref().unwrap_or("-"), public_len, "{file}");
        if let Some(p) = k.public_key() {
            // The key is the end of the file: `[1]`, length, unused-bits octet, key.
            assert!(der.ends_with(p.key));
            assert_eq!(p.parameter_set, k.parameter_set());
        }
    }
    assert_eq!(rows, 17);
}

/// The draft's Appendix C.1 keys come from one seed per level in three forms: `both`
/// holds exactly the seed of the seed form and the key of the expanded form.
#[test]
fn the_draft_examples_agree_across_their_three_forms() {
    for level in [44, 65, 87] {
        let (s, e, b) = (
            read(&format!("draft_c1_mldsa{level}_seed.der")),
            read(&format!("draft_c1_mldsa{level}_expanded.der")),
            read(&format!("draft_c1_mldsa{level}_both.der")),
        );
        let (s, e, b) = (key(&s), key(&e), key(&b));
        assert_eq!(b.seed(), s.seed());
        assert_eq!(b.expanded_key(), e.expanded_key());
        assert_eq!(s.parameter_set().name(), format!("id-ml-dsa-{level}"));
        assert_eq!(s.seed().unwrap()[31], 0x1f);
    }
}

/// Section 8.2's consistency check needs ML-DSA.KeyGen_internal, which this crate does
/// not have: the draft's deliberately inconsistent keys (Appendix C.4) are accepted.
#[test]
fn inconsistent_keys_of_appendix_c4_are_not_detected() {
    for i in 1..=3 {
        let der = read(&format!("draft_c4_inconsistent_{i}.der"));
        assert_eq!(key(&der).parameter_set(), MlDsa::MlDsa44);
    }
}

/// Expanded and `both` keys built from patterns (the expanded bytes are NOT a real
/// ML-DSA key; only the sizes are right), with and without a v2 publicKey.
#[test]
fn hand_built_keys_of_every_form_and_level_read_back() {
    for set in MlDsa::ALL {
        let seed = pattern(MlDsa::SEED_LEN, 1);
        let expanded = pattern(set.expanded_key_len(), 2);
        let public = pattern(set.public_key_len(), 3);
        let forms = [
            (MlDsaPrivateKeyForm::Seed, seed_form(&seed)),
            (MlDsaPrivateKeyForm::ExpandedKey, expanded_form(&expanded)),
            (MlDsaPrivateKeyForm::Both, both_form(&seed, &expanded)),
        ];
        for (form, private_key) in forms {
            for v2 in [false, true] {
                let rest = if v2 {
                    public_key_field(&public, 0)
                } else {
                    Vec::new()
                };
                let der = pkcs8(u8::from(v2), &algorithm(set, None), &private_key, &rest);
                let k = key(&der);
                assert_eq!((k.parameter_set(), k.form()), (set, form));
                assert_eq!(k.version(), if v2 { 2 } else { 1 });
                let has_seed = form != MlDsaPrivateKeyForm::ExpandedKey;
                let has_expanded = form != MlDsaPrivateKeyForm::Seed;
                assert_eq!(k.seed().map(|s| &s[..]), has_seed.then_some(&seed[..]));
                assert_eq!(k.expanded_key(), has_expanded.then_some(&expanded[..]));
                assert_eq!(k.public_key().map(|p| p.key), v2.then_some(&public[..]));
                // The key material borrows from the input.
                if let Some(s) = k.seed() {
                    let at = s.as_ptr() as usize - der.as_ptr() as usize;
                    assert_eq!(&der[at..at + MlDsa::SEED_LEN], &seed[..]);
                }
                // Debug shows no key material.
                let debug = format!("{k:?}");
                assert!(
                    debug.contains("form") && !debug.contains(", 32,"),
                    "{debug}"
                );
            }
        }
        // A v2 key without publicKey is tolerated (RFC 5958: "should" be v1).
        let der = pkcs8(1, &algorithm(set, None), &seed_form(&seed), &[]);
        assert_eq!(key(&der).version(), 2);
    }
}

#[test]
fn attributes_are_tolerated_and_ignored() {
    // [0] Attributes holding a PKCS #9 friendlyName (BMPString "k").
    let oid = tlv(0x06, &[42, 134, 72, 134, 247, 13, 1, 9, 20]);
    let attribute = tlv(0x30, &[oid, tlv(0x31, &tlv(0x1e, &[0, b'k']))].concat());
    let attributes = tlv(0xa0, &attribute);
    let seed = pattern(32, 9);
    let der = pkcs8(
        0,
        &algorithm(MlDsa::MlDsa87, None),
        &seed_form(&seed),
        &attributes,
    );
    assert_eq!(&key(&der).seed().unwrap()[..], &seed[..]);
}

#[test]
fn keys_of_other_algorithms_are_none() {
    // Ed25519 from pyca (RFC 8410 CurvePrivateKey inside privateKey).
    assert_eq!(
        MlDsaPrivateKey::from_pkcs8_der(&read("ed25519.der")).unwrap(),
        None
    );
    // The RSA key of a PKCS #12 key bag: `Pkcs12Item::der` is a PrivateKeyInfo.
    let p12 = std::fs::read(corpus().join("pkcs12/unencrypted.p12")).unwrap();
    let contents = pkcs12_contents(&p12).unwrap();
    assert_eq!(
        MlDsaPrivateKey::from_pkcs8_der(&contents.keys[0].der).unwrap(),
        None
    );
    // Another algorithm is not judged: its parameters and contents are its own business.
    let rsa = tlv(
        0x30,
        &[
            tlv(0x06, &[42, 134, 72, 134, 247, 13, 1, 1, 1]),
            tlv(0x05, &[]),
        ]
        .concat(),
    );
    let der = pkcs8(0, &rsa, &[1, 2, 3], &[]);
    assert_eq!(MlDsaPrivateKey::from_pkcs8_der(&der).unwrap(), None);
    // But it must still be a OneAsymmetricKey.
    assert!(MlDsaPrivateKey::from_pkcs8_der(&der[..der.len() - 1]).is_err());
}

#[test]
fn parameters_must_be_absent() {
    let null = tlv(0x05, &[]);
    let der = pkcs8(
        0,
        &algorithm(MlDsa::MlDsa44, Some(&null)),
        &seed_form(&[7; 32]),
        &[],
    );
    let e = error(&der);
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{e}");
    assert_eq!(path(&e), "OneAsymmetricKey.privateKeyAlgorithm.parameters");
    // At the NULL: SEQUENCE header 2, version 3, AlgorithmIdentifier header 2, OID 11.
    assert_eq!(e.offset(), 2 + 3 + 2 + 11);
    assert_eq!(der[e.offset()], 0x05);
}

#[test]
fn seeds_must_be_32_octets() {
    for len in [0, 31, 33, 64] {
        let der = seed_key(MlDsa::MlDsa65, &pattern(len, 0));
        let e = error(&der);
        assert!(matches!(e.kind(), ErrorKind::ConstraintViolated(_)), "{e}");
        assert_eq!(path(&e), "OneAsymmetricKey.privateKey.seed");
        // At the [0] (a constraint error points at its element): outer header 2,
        // version 3, algorithm 13, privateKey header 2.
        assert_eq!(e.offset(), 2 + 3 + 13 + 2, "{e}");
        assert_eq!(der[e.offset()], 0x80);
        // In `both` too.
        let both = both_form(&pattern(len, 0), &pattern(4032, 0));
        let e = error(&pkcs8(0, &algorithm(MlDsa::MlDsa65, None), &both, &[]));
        assert_eq!(path(&e), "OneAsymmetricKey.privateKey.both.seed", "{e}");
    }
    // A seed is told apart by its tag, not its length: 32 octets as a universal OCTET
    // STRING are an expandedKey of the wrong size.
    let der = pkcs8(
        0,
        &algorithm(MlDsa::MlDsa44, None),
        &expanded_form(&[1; 32]),
        &[],
    );
    assert_eq!(
        path(&error(&der)),
        "OneAsymmetricKey.privateKey.expandedKey"
    );
}

#[test]
fn expanded_keys_must_have_their_parameter_sets_size() {
    for set in MlDsa::ALL {
        for other in MlDsa::ALL.into_iter().filter(|o| *o != set) {
            let wrong = pattern(other.expanded_key_len(), 5);
            let der = pkcs8(0, &algorithm(set, None), &expanded_form(&wrong), &[]);
            let e = error(&der);
            assert!(matches!(e.kind(), ErrorKind::ConstraintViolated(_)), "{e}");
            assert_eq!(path(&e), "OneAsymmetricKey.privateKey.expandedKey");
            // At the inner OCTET STRING (lengths in the long form, 2 octets).
            assert_eq!(e.offset(), 4 + 3 + 13 + 4, "{e}");
            assert_eq!(der[e.offset()], 0x04);
            let both = both_form(&[0; 32], &wrong);
            let e = error(&pkcs8(0, &algorithm(set, None), &both, &[]));
            assert_eq!(path(&e), "OneAsymmetricKey.privateKey.both.expandedKey");
        }
        let short = pattern(set.expanded_key_len() - 1, 5);
        let der = pkcs8(0, &algorithm(set, None), &expanded_form(&short), &[]);
        assert!(matches!(
            error(&der).kind(),
            ErrorKind::ConstraintViolated(_)
        ));
    }
}

#[test]
fn the_private_key_octet_string_holds_exactly_one_choice() {
    let set = MlDsa::MlDsa44;
    let trailing = [seed_form(&[1; 32]), vec![0]].concat();
    let e = error(&pkcs8(0, &algorithm(set, None), &trailing, &[]));
    assert_eq!(e.kind(), &ErrorKind::TrailingData, "{e}");
    assert_eq!(path(&e), "OneAsymmetricKey.privateKey");
    assert_eq!(e.offset(), 2 + 3 + 13 + 2 + 34, "{e}");
    // Empty, another tag, [0] constructed, `both` with a component missing.
    for bad in [
        vec![],
        tlv(0x02, &[0]),
        tlv(0xa0, &tlv(0x04, &[1; 32])),
        tlv(0x30, &tlv(0x04, &[1; 32])),
    ] {
        let e = error(&pkcs8(0, &algorithm(set, None), &bad, &[]));
        assert!(path(&e).starts_with("OneAsymmetricKey.privateKey"), "{e}");
    }
    // Trailing bytes after the OneAsymmetricKey.
    let der = [seed_key(set, &[1; 32]), vec![0]].concat();
    assert_eq!(error(&der).kind(), &ErrorKind::TrailingData);
}

#[test]
fn versions_and_the_public_key_follow_rfc_5958() {
    let set = MlDsa::MlDsa87;
    let seed = seed_form(&[3; 32]);
    let public = public_key_field(&pattern(set.public_key_len(), 4), 0);
    // v1 with publicKey.
    let e = error(&pkcs8(0, &algorithm(set, None), &seed, &public));
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{e}");
    assert_eq!(path(&e), "OneAsymmetricKey.publicKey");
    // At the key octets: outer 4, version 3, algorithm 13, privateKey 36, [1] header 4,
    // unused-bits octet 1.
    assert_eq!(e.offset(), 4 + 3 + 13 + 36 + 4 + 1, "{e}");
    // A version other than v1 and v2.
    let e = error(&pkcs8(2, &algorithm(set, None), &seed, &[]));
    assert_eq!(path(&e), "OneAsymmetricKey.version");
    assert_eq!(e.offset(), 4, "{e}");
    // A public key of another parameter set's size, or not a whole number of octets.
    for other in [MlDsa::MlDsa44, MlDsa::MlDsa65] {
        let wrong = public_key_field(&pattern(other.public_key_len(), 4), 0);
        let e = error(&pkcs8(1, &algorithm(set, None), &seed, &wrong));
        assert!(matches!(e.kind(), ErrorKind::ConstraintViolated(_)), "{e}");
        assert_eq!(path(&e), "OneAsymmetricKey.publicKey");
    }
    let mut padded = pattern(set.public_key_len(), 4);
    *padded.last_mut().unwrap() &= 0xf0;
    let e = error(&pkcs8(
        1,
        &algorithm(set, None),
        &seed,
        &public_key_field(&padded, 4),
    ));
    assert_eq!(path(&e), "OneAsymmetricKey.publicKey", "{e}");
}

#[test]
fn ber_is_refused() {
    // Indefinite length on the outer SEQUENCE: PKCS #8 keys are read as DER.
    let der = seed_key(MlDsa::MlDsa44, &[1; 32]);
    let ber = [&[0x30, 0x80][..], &der[2..], &[0, 0]].concat();
    assert!(matches!(error(&ber).kind(), ErrorKind::NonCanonical(_)));
}

/// The draft's Appendix C.1.1.1 PEM, in two steps (the decoded DER is owned).
#[test]
fn pem_is_decoded_first_then_read() {
    let pem = "-----BEGIN PRIVATE KEY-----\n\
               MDQCAQAwCwYJYIZIAWUDBAMRBCKAIAABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZ\n\
               GhscHR4f\n\
               -----END PRIVATE KEY-----\n";
    let der = synta::pem::decode(pem.as_bytes()).unwrap();
    assert_eq!(der, read("draft_c1_mldsa44_seed.der"));
    assert_eq!(key(&der).form(), MlDsaPrivateKeyForm::Seed);
}

/// The keys every robustness test starts from: one of each form and a v2 key.
fn robustness_inputs() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = [
        "mldsa44_seed.der",
        "mldsa65_seed_v2_public_key.der",
        "draft_c1_mldsa44_expanded.der",
        "draft_c1_mldsa44_both.der",
    ]
    .iter()
    .map(|f| read(f))
    .collect();
    let set = MlDsa::MlDsa65;
    let both = both_form(&[2; 32], &pattern(set.expanded_key_len(), 6));
    let public = public_key_field(&pattern(set.public_key_len(), 7), 0);
    out.push(pkcs8(1, &algorithm(set, None), &both, &public));
    out
}

#[test]
fn every_truncation_is_an_error() {
    for der in robustness_inputs() {
        assert!(key(&der).parameter_set() as usize <= 2);
        for cut in 0..der.len() {
            let e = error(&der[..cut]);
            assert!(e.offset() <= cut, "cut {cut}: {e}");
        }
    }
}

/// 1,000 mutations (1 to 3 bytes each, a fixed xorshift sequence): never a panic, and
/// whatever is accepted keeps every size rule and reads the same once re-encoded (not
/// byte for byte: OneAsymmetricKey is extensible, so an element that a flipped tag bit
/// turns into an unknown extension addition is skipped, as X.680 wants, and dropped by
/// the re-encoding). Changing a byte of the key material gives another valid key, so not
/// every mutation can be an error; most are.
#[test]
fn mutations_never_panic_and_accepted_ones_keep_the_rules() {
    let inputs = robustness_inputs();
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (mut errors, mut accepted) = (0, 0);
    for i in 0..1000 {
        let mut der = inputs[i % inputs.len()].clone();
        for _ in 0..=(next() % 3) {
            // Mostly in the first 28 bytes, where the headers are (up to the
            // CHOICE's own header); the rest hits key material.
            let span = if next() % 4 == 0 {
                der.len()
            } else {
                der.len().min(28)
            };
            let at = usize::try_from(next()).unwrap() % span;
            der[at] ^= 1 << (next() % 8);
        }
        match MlDsaPrivateKey::from_pkcs8_der(&der) {
            Err(e) => {
                assert!(e.offset() <= der.len(), "{e}");
                errors += 1;
            }
            Ok(None) => {
                // Another algorithm's OID (a flipped OID bit): still a OneAsymmetricKey.
                let info: OneAsymmetricKey<'_> = synta::Decode::from_der(&der).unwrap();
                assert!(MlDsa::from_oid(&info.private_key_algorithm.algorithm).is_none());
            }
            Ok(Some(k)) => {
                accepted += 1;
                let info: OneAsymmetricKey<'_> = synta::Decode::from_der(&der).unwrap();
                let again = info.to_der().unwrap();
                let k2 = key(&again);
                assert_eq!(
                    (k2.parameter_set(), k2.form(), k2.version()),
                    (k.parameter_set(), k.form(), k.version())
                );
                assert_eq!((k2.seed(), k2.expanded_key()), (k.seed(), k.expanded_key()));
                assert_eq!(
                    k2.public_key().map(|p| p.key),
                    k.public_key().map(|p| p.key)
                );
                let set = k.parameter_set();
                let expanded = k.expanded_key().map_or(set.expanded_key_len(), <[u8]>::len);
                assert_eq!(expanded, set.expanded_key_len());
                let public = k.public_key().map_or(set.public_key_len(), |p| p.key.len());
                assert_eq!(public, set.public_key_len());
                assert!(k.public_key().is_none() || k.version() == 2);
            }
        }
    }
    eprintln!("mutations: {errors} errors, {accepted} accepted");
    assert!(errors > accepted, "{errors} errors, {accepted} accepted");
}

/// Differential against pyca/cryptography (skipped when python3 or its ML-DSA support is
/// missing): keys generated now from fixed seeds, PKCS #8 as pyca writes it (the seed
/// form), and the committed pyca corpus files still what pyca writes.
#[test]
fn seeds_match_installed_pyca_cryptography() {
    let script = r#"
import sys
from cryptography.hazmat.primitives import serialization as s
from cryptography.hazmat.primitives.asymmetric import mldsa
PKCS8 = (s.Encoding.DER, s.PrivateFormat.PKCS8, s.NoEncryption())
LEVELS = {44: mldsa.MLDSA44PrivateKey, 65: mldsa.MLDSA65PrivateKey, 87: mldsa.MLDSA87PrivateKey}
for level, cls in LEVELS.items():
    for salt in range(3):
        seed = bytes((i * 13 + level + salt) % 256 for i in range(32))
        k = cls.from_seed_bytes(seed)
        print("gen", level, k.private_bytes(*PKCS8).hex(), k.private_bytes_raw().hex(),
              k.public_key().public_bytes_raw().hex())
for path in sys.argv[1:]:
    k = s.load_der_private_key(open(path, "rb").read(), None)
    print("file", path, k.private_bytes(*PKCS8).hex(), k.private_bytes_raw().hex())
"#;
    let files: Vec<_> = ["mldsa44_seed.der", "mldsa65_seed.der", "mldsa87_seed.der"]
        .iter()
        .map(|f| corpus().join("keys").join(f))
        .collect();
    let Some(out) = common::python_output(script, &files) else {
        return;
    };
    let (mut generated, mut checked_files) = (0, 0);
    for line in out.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        match f[0] {
            "gen" => {
                let (der, seed, public) = (hex(f[2]), hex(f[3]), hex(f[4]));
                let k = key(&der);
                assert_eq!(k.parameter_set().name(), format!("id-ml-dsa-{}", f[1]));
                assert_eq!(
                    k.form(),
                    MlDsaPrivateKeyForm::Seed,
                    "pyca writes the seed form"
                );
                assert_eq!(k.seed().map(|s| s.to_vec()), Some(seed.clone()));
                assert_eq!(
                    (k.expanded_key(), k.public_key(), k.version()),
                    (None, None, 1)
                );
                assert_eq!(public.len(), k.parameter_set().public_key_len());
                // The same key as v2 with pyca's public key.
                let info: OneAsymmetricKey<'_> = synta::Decode::from_der(&der).unwrap();
                let algorithm = info.private_key_algorithm.to_der().unwrap();
                let v2 = pkcs8(
                    1,
                    &algorithm,
                    &seed_form(&seed),
                    &public_key_field(&public, 0),
                );
                assert_eq!(key(&v2).public_key().unwrap().key, &public[..]);
                generated += 1;
            }
            _ => {
                let (path, der, seed) = (f[1], hex(f[2]), hex(f[3]));
                assert_eq!(
                    std::fs::read(path).unwrap(),
                    der,
                    "{path} is what pyca writes"
                );
                assert_eq!(key(&der).seed().map(|s| s.to_vec()), Some(seed));
                checked_files += 1;
            }
        }
    }
    assert_eq!((generated, checked_files), (9, 3));
}

/// An error's path segments: the generated CHOICE names its type too (the text form
/// leaves inner type names out).
#[test]
fn error_paths_are_field_segments() {
    let der = seed_key(MlDsa::MlDsa44, &[1; 31]);
    let segments: Vec<PathSegment> = error(&der).path().collect();
    assert_eq!(
        segments,
        [
            PathSegment::Type("OneAsymmetricKey"),
            PathSegment::Field("privateKey"),
            PathSegment::Type("ML-DSA-44-PrivateKey"),
            PathSegment::Field("seed")
        ]
    );
}
