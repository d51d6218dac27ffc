//! Owned mode (`Config::mode(Mode::Owned)`): generated types have no lifetime, decode
//! from a buffer that is then dropped, re-encode to the same bytes, and agree with the
//! borrowed types generated from the same schema on every byte and every error.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use synta::{
    Any, BitString, Decode, DecodeOwned, Encode, ErrorKind, Int, ObjectIdentifier, OctetString,
    SetOfVec, Utf8StringBuf,
};
use synta_codegen_tests::{fixtures, owned};

/// Fails to compile unless `T` borrows nothing.
fn assert_static<T: 'static>() {}

/// Decodes DER from a copy of `der` that is dropped before the value is returned: the
/// `DecodeOwned` bound is what lets this compile.
fn decode_detached<T: DecodeOwned>(der: &[u8]) -> synta::Result<T> {
    let buffer = der.to_vec();
    let value = T::from_der(&buffer);
    drop(buffer);
    value
}

fn oid(dotted: &str) -> ObjectIdentifier {
    dotted.parse().unwrap()
}

#[test]
fn owned_types_are_static() {
    use owned::param_rfc5912_extensions::param_rfc5912_extensions as ext;
    use owned::proto_x509_like::proto_x509_like as x509;
    assert_static::<x509::Certificate>();
    assert_static::<x509::Name>();
    assert_static::<x509::AlgorithmIdentifier>();
    assert_static::<ext::TbsCertificate>();
    assert_static::<ext::ExtensionCertExtensionsExtnValue>();
    assert_static::<owned::rec_sequence_of::rec_sequence_of::Forest>();
    assert_static::<owned::rec_self_optional::rec_self_optional::Node>();
    assert_static::<owned::seq_extension_marker::seq_extension_marker::Answer>();
    assert_static::<owned::type_instance_of::type_instance_of::Envelope>();
    assert_static::<
        owned::param_rfc5912_algorithm_identifier::param_rfc5912_algorithm_identifier::SignatureAlgorithmIdentifierParameters,
    >();
}

#[test]
fn extensions_with_tags_defaults_and_open_types_survive_their_input() {
    use owned::param_rfc5912_extensions::param_rfc5912_extensions::*;
    let basic = BasicConstraints {
        ca: true,
        path_len_constraint: Some(Int::from(0u8)),
    };
    let tbs = TbsCertificate {
        version: Int::from(2u8),
        serial: Int::new(vec![
            0x00, 0x8f, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
        ])
        .unwrap(),
        extensions: Some(vec![
            ExtensionCertExtensions {
                extn_id: ID_CE_BASIC_CONSTRAINTS.to_owned_oid(),
                critical: true,
                extn_value: OctetString::from_vec(basic.to_der().unwrap()),
            },
            ExtensionCertExtensions {
                extn_id: ID_CE_KEY_USAGE.to_owned_oid(),
                critical: false,
                extn_value: OctetString::from_vec(
                    BitString::from_vec(2, vec![0x84])
                        .unwrap()
                        .to_der()
                        .unwrap(),
                ),
            },
            ExtensionCertExtensions {
                extn_id: oid("1.3.6.1.4.1.32473.99"),
                critical: false,
                extn_value: OctetString::from_vec(vec![0x05, 0x00]),
            },
        ]),
    };
    let der = tbs.to_der().unwrap();

    // The borrowed types generated from the same schema read and write the same bytes.
    let borrowed =
        fixtures::param_rfc5912_extensions::param_rfc5912_extensions::TbsCertificate::from_der(
            &der,
        )
        .unwrap();
    assert_eq!(borrowed.to_der().unwrap(), der);

    let back: TbsCertificate = decode_detached(&der).unwrap();
    assert_eq!(back, tbs);
    assert_eq!(back.to_der().unwrap(), der);
    let exts = back.extensions.as_ref().unwrap();
    assert_eq!(
        exts[0].extn_value_decoded().unwrap(),
        ExtensionCertExtensionsExtnValue::ExtBasicConstraints(basic)
    );
    let ExtensionCertExtensionsExtnValue::ExtKeyUsage(usage) =
        exts[1].extn_value_decoded().unwrap()
    else {
        panic!("{:?}", exts[1]);
    };
    assert!(usage.bit(KEY_USAGE_DIGITAL_SIGNATURE) && usage.bit(KEY_USAGE_KEY_CERT_SIGN));
    assert!(!usage.bit(KEY_USAGE_CRL_SIGN));
    // A key outside the object set keeps the contents octets.
    assert_eq!(
        exts[2].extn_value_decoded().unwrap(),
        ExtensionCertExtensionsExtnValue::Unknown(vec![0x05, 0x00])
    );

    // `version [0] EXPLICIT ... DEFAULT v1`: v1 is omitted, and reads back as v1.
    let v1 = TbsCertificate {
        version: Int::from(0u8),
        extensions: None,
        ..tbs
    };
    let der = v1.to_der().unwrap();
    assert!(!der.contains(&0xa0), "{der:02x?}");
    let back: TbsCertificate = decode_detached(&der).unwrap();
    assert_eq!(back.version, Int::from(0u8));
    assert_eq!(back.to_der().unwrap(), der);
}

#[test]
fn certificate_with_choices_set_of_and_raw_values_round_trips() {
    use owned::proto_x509_like::proto_x509_like::*;
    let null: Any = synta::from_der(&[0x05, 0x00]).unwrap();
    let algorithm = AlgorithmIdentifier {
        algorithm: oid("1.2.840.113549.1.1.11"),
        parameters: Some(null),
    };
    let common_name = Utf8StringBuf::new("example").unwrap().to_der().unwrap();
    let name = Name::RdnSequence(vec![SetOfVec(vec![AttributeTypeAndValue {
        type_: oid("2.5.4.3"),
        value: synta::from_der(&common_name).unwrap(),
    }])]);
    let time = |y| {
        Time::UtcTime(synta::UtcTime::new(synta::DateTime::new(y, 1, 2, 3, 4, 5).unwrap()).unwrap())
    };
    let cert = Certificate {
        tbs_certificate: TbsCertificate {
            version: Int::from(2u8),
            serial_number: Int::from(4242u16),
            signature: algorithm.clone(),
            issuer: name.clone(),
            validity: Validity {
                not_before: time(2024),
                not_after: time(2034),
            },
            subject: name,
            subject_public_key_info: SubjectPublicKeyInfo {
                algorithm: algorithm.clone(),
                subject_public_key: BitString::from_vec(0, vec![1, 2, 3]).unwrap(),
            },
            issuer_unique_id: Some(BitString::from_vec(4, vec![0xf0]).unwrap()),
            subject_unique_id: None,
            extensions: None,
        },
        signature_algorithm: algorithm,
        signature_value: BitString::from_vec(0, vec![0xaa; 8]).unwrap(),
    };
    let der = cert.to_der().unwrap();
    let borrowed = fixtures::proto_x509_like::proto_x509_like::Certificate::from_der(&der).unwrap();
    assert_eq!(borrowed.to_der().unwrap(), der);

    let back: Certificate = decode_detached(&der).unwrap();
    // (Not `back == cert`: a raw `Any` also records the offset it was read at.)
    assert_eq!(back.tbs_certificate.validity, cert.tbs_certificate.validity);
    assert_eq!(back.signature_value, cert.signature_value);
    assert_eq!(back.to_der().unwrap(), der);
    let Name::RdnSequence(rdns) = &back.tbs_certificate.subject;
    let cn: Utf8StringBuf = rdns[0].0[0].value.decode_as(synta::Rules::Der).unwrap();
    assert_eq!(cn.as_str(), "example");
    // `[1] IMPLICIT UniqueIdentifier`: the BIT STRING under its context tag.
    assert!(
        der.windows(3).any(|w| w == [0x81, 0x02, 0x04]),
        "{der:02x?}"
    );
}

#[test]
fn recursive_types_round_trip() {
    use owned::rec_sequence_of::rec_sequence_of::*;
    let leaf = |name: &str| Directory {
        name: Utf8StringBuf::new(name).unwrap(),
        children: vec![],
    };
    let root = Directory {
        name: Utf8StringBuf::new("/").unwrap(),
        children: vec![leaf("etc"), leaf("usr")],
    };
    let der = root.to_der().unwrap();
    let back: Directory = decode_detached(&der).unwrap();
    assert_eq!(back, root);
    assert_eq!(back.to_der().unwrap(), der);

    let forest = Forest(vec![Tree {
        label: Utf8StringBuf::new("oak").unwrap(),
        subtrees: Forest(vec![Tree {
            label: Utf8StringBuf::new("branch").unwrap(),
            subtrees: Forest(vec![]),
        }]),
    }]);
    let der = forest.to_der().unwrap();
    let back: Forest = decode_detached(&der).unwrap();
    assert_eq!(back, forest);

    use owned::rec_self_optional::rec_self_optional::Node;
    let list = Node {
        value: Int::from(1u8),
        next: Some(Box::new(Node {
            value: Int::from(2u8),
            next: None,
        })),
    };
    let der = list.to_der().unwrap();
    let back: Node = decode_detached(&der).unwrap();
    assert_eq!(back.to_der().unwrap(), der);
    assert_eq!(back.next.unwrap().value, Int::from(2u8));
}

#[test]
fn unknown_alternatives_and_open_values_are_kept_owned() {
    use owned::seq_extension_marker::seq_extension_marker::Answer;
    let later: Answer = decode_detached(&[0x87, 0x01, 0x2a]).unwrap();
    let Answer::Unknown(raw) = &later else {
        panic!("{later:?}")
    };
    assert_eq!(raw.raw(), [0x87, 0x01, 0x2a]);
    assert_eq!(later.to_der().unwrap(), [0x87, 0x01, 0x2a]);

    use owned::param_rfc5912_algorithm_identifier::param_rfc5912_algorithm_identifier::*;
    let null: Any = synta::from_der(&[0x05, 0x00]).unwrap();
    let rsa = SignatureAlgorithmIdentifier {
        algorithm: SHA256_WITH_RSA_ENCRYPTION.to_owned_oid(),
        parameters: Some(null.clone()),
    };
    let back: SignatureAlgorithmIdentifier = decode_detached(&rsa.to_der().unwrap()).unwrap();
    assert_eq!(
        back.parameters_decoded().unwrap(),
        SignatureAlgorithmIdentifierParameters::SaSha256WithRsa(synta::Null)
    );
    let other = SignatureAlgorithmIdentifier {
        algorithm: oid("1.2.3"),
        parameters: Some(null.clone()),
    };
    let back: SignatureAlgorithmIdentifier = decode_detached(&other.to_der().unwrap()).unwrap();
    let SignatureAlgorithmIdentifierParameters::Unknown(raw) = back.parameters_decoded().unwrap()
    else {
        panic!("{back:?}")
    };
    // Kept as read: the same element, at its offset in the input.
    assert_eq!(raw.raw(), null.raw());
    assert_eq!(raw.offset(), 6);
}

#[test]
fn errors_carry_the_same_offset_and_path_as_in_borrowed_mode() {
    use owned::cons_string_alphabet_and_size::cons_string_alphabet_and_size::*;
    let ok = Subscriber {
        msisdn: synta::NumericStringBuf::new("4912345").unwrap(),
        imsi: synta::Ia5StringBuf::new("262011234").unwrap(),
        nickname: None,
        pin: None,
    };
    let mut wire = ok.to_der().unwrap();
    let pos = wire.windows(9).position(|w| w == b"262011234").unwrap();
    wire[pos + 5] = b'x';
    let err = decode_detached::<Subscriber>(&wire).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::ConstraintViolated(_)),
        "{err}"
    );
    assert!(err.to_string().contains("imsi"), "{err}");
    let borrowed =
        fixtures::cons_string_alphabet_and_size::cons_string_alphabet_and_size::Subscriber::from_der(
            &wire,
        )
        .unwrap_err();
    assert_eq!(err, borrowed);

    // `critical BOOLEAN DEFAULT FALSE` written out as FALSE is not DER (X.690 11.5): the
    // error names the component inside the list, at the same offset in both modes.
    use owned::param_rfc5912_extensions::param_rfc5912_extensions::*;
    let tbs = TbsCertificate {
        version: Int::from(0u8),
        serial: Int::from(1u8),
        extensions: Some(vec![ExtensionCertExtensions {
            extn_id: ID_CE_SUBJECT_KEY_IDENTIFIER.to_owned_oid(),
            critical: true,
            extn_value: OctetString::from_vec(vec![0x04, 0x01, 0x07]),
        }]),
    };
    let mut der = tbs.to_der().unwrap();
    let pos = der
        .windows(3)
        .position(|w| w == [0x01, 0x01, 0xff])
        .unwrap();
    der[pos + 2] = 0x00;
    let err = decode_detached::<TbsCertificate>(&der).unwrap_err();
    assert_eq!(err.kind().slug(), "non-canonical", "{err}");
    assert_eq!(err.offset(), pos, "{err}");
    let borrowed =
        fixtures::param_rfc5912_extensions::param_rfc5912_extensions::TbsCertificate::from_der(
            &der,
        )
        .unwrap_err();
    assert_eq!(err, borrowed);
    assert!(err.to_string().contains("extensions[0].critical"), "{err}");
}

#[test]
fn every_fixture_module_was_generated_in_owned_mode() {
    let count = include_str!(concat!(env!("OUT_DIR"), "/owned.rs"))
        .lines()
        .count();
    assert!(count >= 150, "{count}");
}

#[test]
fn typed_defaults_work_in_owned_mode() {
    use owned::seq_default_typed_values::seq_default_typed_values::*;
    let s: Settings = decode_detached(&[0x30, 0x00]).unwrap();
    assert_eq!(s.kind, oid("1.3.6.1.4.1.32473.1"));
    assert_eq!(s.label, Utf8StringBuf::new("synta").unwrap());
    assert_eq!(s.flags.to_der().unwrap(), [0x03, 0x02, 0x06, 0x40]);
    assert_eq!(s.alg.algorithm, oid("1.3.6.1.4.1.32473.1"));
    assert_eq!(s.alg.parameters, Some(synta::Null));
    assert_eq!(s.salt, OctetString::from_vec(vec![0x01, 0x02]));
    assert_eq!(s.to_der().unwrap(), [0x30, 0x00]);

    // DER rejects an encoded default, BER accepts it; both agree with borrowed mode.
    let kind = [
        0x30, 0x0b, 0x06, 0x09, 0x2b, 0x06, 0x01, 0x04, 0x01, 0x81, 0xfd, 0x59, 0x01,
    ];
    let err = decode_detached::<Settings>(&kind).unwrap_err();
    let borrowed =
        fixtures::seq_default_typed_values::seq_default_typed_values::Settings::from_der(&kind)
            .unwrap_err();
    assert_eq!(err, borrowed);
    assert_eq!(err.offset(), 2);
    assert_eq!(Settings::from_ber(&kind).unwrap(), s);

    // A non-default value round-trips.
    let mut other = s.clone();
    other.kind = oid("1.2.3.4");
    let der = other.to_der().unwrap();
    assert_eq!(der, [0x30, 0x05, 0x06, 0x03, 0x2a, 0x03, 0x04]);
    assert_eq!(decode_detached::<Settings>(&der).unwrap(), other);

    let o: Options = decode_detached(&[0x31, 0x00]).unwrap();
    assert_eq!(o.alg.parameters, Some(synta::Null));
    assert_eq!(o.to_der().unwrap(), [0x31, 0x00]);
}

/// An error inside an extension value (the contents of an OCTET STRING) is reported at
/// its offset in the whole input, by the borrowed and the owned accessor alike (an owned
/// `OctetString` keeps the offset it was read at).
#[test]
fn errors_inside_an_extension_value_carry_offsets_into_the_whole_input() {
    use fixtures::param_rfc5912_extensions::param_rfc5912_extensions as borrowed;
    use owned::param_rfc5912_extensions::param_rfc5912_extensions::*;
    let value = BasicConstraints {
        ca: true,
        path_len_constraint: None,
    }
    .to_der()
    .unwrap();
    assert_eq!(value, [0x30, 0x03, 0x01, 0x01, 0xff]);
    let tbs = TbsCertificate {
        version: Int::from(2u8),
        serial: Int::from(1u8),
        extensions: Some(vec![ExtensionCertExtensions {
            extn_id: ID_CE_BASIC_CONSTRAINTS.to_owned_oid(),
            critical: true,
            extn_value: OctetString::from_vec(value.clone()),
        }]),
    };
    let mut der = tbs.to_der().unwrap();
    // Where the value lies, found by searching the bytes (not by decoding them); the
    // BOOLEAN's identifier octet, replaced by NULL's, is the bad octet.
    let found: Vec<usize> = der
        .windows(value.len())
        .enumerate()
        .filter(|(_, w)| *w == value.as_slice())
        .map(|(i, _)| i)
        .collect();
    assert_eq!(found.len(), 1);
    let bad = found[0] + 2;
    der[bad] = 0x05;

    let b = borrowed::TbsCertificate::from_der(&der).unwrap();
    let e = b.extensions.as_ref().unwrap()[0]
        .extn_value_decoded()
        .unwrap_err();
    assert_eq!(e.offset(), bad, "{e}");
    assert!(e.to_string().contains("extnValue"), "{e}");

    let o: TbsCertificate = decode_detached(&der).unwrap();
    let ext = &o.extensions.as_ref().unwrap()[0];
    assert_eq!(ext.extn_value.offset(), found[0]);
    assert_eq!(ext.extn_value_decoded().unwrap_err(), e);
    // `decode` on the bytes alone counts from the start of the value.
    let relative =
        ExtensionCertExtensionsExtnValue::decode(&ext.extn_id, ext.extn_value.as_bytes())
            .unwrap_err();
    assert_eq!(relative.offset(), 2, "{relative}");
    // A value built by the caller has offset 0: its accessor counts from its start.
    let built = &tbs.extensions.as_ref().unwrap()[0];
    assert_eq!(built.extn_value.offset(), 0);
}
