//! Behaviour of the generated code (not its text): values built through the generated
//! types encode to the expected DER, decode back, and constraint, DEFAULT, recursion and
//! open-type rules hold.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use synta::{Decode, Encode, ErrorKind, IntRef, ObjectIdentifierRef};
use synta_codegen_tests::fixtures::*;

#[test]
fn narrowed_integers_are_native_types_and_checked() {
    use cons_integer_widths::cons_integer_widths::*;
    // Targeted: `INTEGER (0..255)` is a `u8`, `(-128..127)` an `i8`.
    let _: Uint8 = 255u8;
    let _: Int8 = -128i8;
    let _: Uint16 = 65535u16;
}

#[test]
fn size_and_alphabet_constraints_are_checked_on_decode_and_encode() {
    use cons_string_alphabet_and_size::cons_string_alphabet_and_size::*;
    let ok = Subscriber {
        msisdn: synta::NumericString::new("4912345").unwrap(),
        imsi: synta::Ia5String::new("262011234").unwrap(),
        nickname: None,
        pin: Some(synta::NumericString::new("1234").unwrap()),
    };
    let der = ok.to_der().unwrap();
    assert_eq!(Subscriber::from_der(&der).unwrap(), ok);

    // IMSI with a letter: FROM ("0".."9") is violated.
    let bad = Subscriber {
        imsi: synta::Ia5String::new("26201x234").unwrap(),
        ..ok.clone()
    };
    let err = bad.to_der().unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::ConstraintViolated(_)),
        "{err}"
    );

    // The same violation on the wire is rejected on decode, at the component's offset.
    let mut wire = der.clone();
    let pos = wire.windows(9).position(|w| w == b"262011234").unwrap();
    wire[pos + 5] = b'x';
    let err = Subscriber::from_der(&wire).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::ConstraintViolated(_)),
        "{err}"
    );
    assert!(err.to_string().contains("imsi"), "{err}");

    // SIZE (4) on the PIN.
    let short_pin = Subscriber {
        pin: Some(synta::NumericString::new("123").unwrap()),
        ..ok
    };
    assert!(short_pin.to_der().is_err());
}

#[test]
fn defaults_are_omitted_in_der_and_rejected_when_encoded() {
    use enum_extension_additions::enum_extension_additions::*;
    let s = Session {
        state: State::Running,
        protocol: Protocol::Tcp,
        codec: Codec::from_der(&[0x0a, 0x01, 0x00]).unwrap(),
    };
    let der = s.to_der().unwrap();
    // protocol [1] is the DEFAULT (tcp): not encoded.
    assert!(!der.windows(2).any(|w| w == [0x81, 0x01]), "{der:02x?}");
    assert_eq!(Session::from_der(&der).unwrap(), s);
    // Encoding the default explicitly is not DER (X.690 11.5).
    let mut explicit = der.clone();
    explicit.splice(5..5, [0x81, 0x01, 0x00]);
    explicit[1] += 3;
    let err = Session::from_der(&explicit).unwrap_err();
    assert_eq!(err.kind().slug(), "non-canonical", "{err}");
}

#[test]
fn extensible_enumerated_keeps_unknown_values() {
    use enum_extension_additions::enum_extension_additions::*;
    // `quic(5)` is known; 9 comes from a later version of the type and survives.
    assert_eq!(
        Protocol::from_der(&[0x0a, 0x01, 0x05]).unwrap(),
        Protocol::Quic
    );
    let later = Protocol::from_der(&[0x0a, 0x01, 0x09]).unwrap();
    assert_eq!(later, Protocol::Unknown(9));
    assert_eq!(later.to_der().unwrap(), [0x0a, 0x01, 0x09]);
}

#[test]
fn extensible_choice_keeps_unknown_alternatives() {
    use seq_extension_marker::seq_extension_marker::*;
    // AUTOMATIC TAGS: yes [0], no [1], maybe [2]; [7] comes from a later version.
    assert!(matches!(
        Answer::from_der(&[0x80, 0x00]).unwrap(),
        Answer::Yes(_)
    ));
    let later = Answer::from_der(&[0x87, 0x01, 0x2a]).unwrap();
    let Answer::Unknown(raw) = later else {
        panic!("{later:?}")
    };
    assert_eq!(raw.raw(), [0x87, 0x01, 0x2a]);
    assert_eq!(later.to_der().unwrap(), [0x87, 0x01, 0x2a]);
}

#[test]
fn recursive_types_box_and_round_trip() {
    use rec_self_optional::rec_self_optional::*;
    let list = Node {
        value: IntRef::new(&[1]).unwrap(),
        next: Some(Box::new(Node {
            value: IntRef::new(&[2]).unwrap(),
            next: None,
        })),
    };
    let der = list.to_der().unwrap();
    let back = Node::from_der(&der).unwrap();
    assert_eq!(back, list);
    assert_eq!(back.next.unwrap().value.as_bytes(), [2]);
}

#[test]
fn open_types_decode_by_their_key_and_stay_raw_otherwise() {
    use param_rfc5912_algorithm_identifier::param_rfc5912_algorithm_identifier::*;
    let null = synta::from_der::<synta::AnyRef>(&[0x05, 0x00]).unwrap();
    let rsa = SignatureAlgorithmIdentifier {
        algorithm: SHA256_WITH_RSA_ENCRYPTION,
        parameters: Some(null),
    };
    let der = rsa.to_der().unwrap();
    let back = SignatureAlgorithmIdentifier::from_der(&der).unwrap();
    assert!(matches!(
        back.parameters_decoded().unwrap(),
        SignatureAlgorithmIdentifierParameters::SaSha256WithRsa(synta::Null)
    ));
    let ed = SignatureAlgorithmIdentifier {
        algorithm: ID_ED25519,
        parameters: None,
    };
    assert_eq!(
        ed.parameters_decoded().unwrap(),
        SignatureAlgorithmIdentifierParameters::SaEd25519
    );
    // A key outside the object set keeps its value raw.
    let other = SignatureAlgorithmIdentifier {
        algorithm: ObjectIdentifierRef::from_bytes_const(&[0x2a, 0x03]),
        parameters: Some(null),
    };
    assert_eq!(
        other.parameters_decoded().unwrap(),
        SignatureAlgorithmIdentifierParameters::Unknown(null)
    );
}

#[test]
fn every_fixture_module_was_generated() {
    let count = include_str!(concat!(env!("OUT_DIR"), "/fixtures.rs"))
        .lines()
        .count();
    assert!(count >= 150, "{count}");
}

/// The rendered field path of an error.
fn path_of(err: &synta::Error) -> String {
    let mut s = String::new();
    err.write_path(&mut s).unwrap();
    s
}

#[test]
fn element_type_constraints_are_checked_on_every_element() {
    use seqof_element_constraints::seqof_element_constraints::*;
    let utf8 = |s: &str| synta::Utf8String::new(s).unwrap();
    let ok = Record {
        names: vec![synta::SetOfVec(vec![utf8("a")])],
        digits: vec![5],
        codes: None,
        tagged: None,
        implicitly: None,
    };
    let der = ok.to_der().unwrap();
    assert_eq!(
        der,
        [0x30, 0x0C, 0x30, 0x05, 0x31, 0x03, 0x0C, 0x01, b'a', 0x30, 0x03, 0x02, 0x01, 0x05]
    );
    assert_eq!(Record::from_der(&der).unwrap(), ok);

    // `Rdns ::= SEQUENCE OF Rdn` with an empty `Rdn` (SIZE (1..MAX)) as its second
    // element: reported at that element (offset 9), with its index in the path.
    let empty_second = [
        0x30, 0x0E, 0x30, 0x07, 0x31, 0x03, 0x0C, 0x01, b'a', 0x31, 0x00, 0x30, 0x03, 0x02, 0x01,
        0x05,
    ];
    let err = Record::from_der(&empty_second).unwrap_err();
    assert_eq!(*err.kind(), ErrorKind::ConstraintViolated("SIZE (1..MAX)"));
    assert_eq!(err.offset(), 9, "{err}");
    assert_eq!(path_of(&err), "Record.names[1]");
    // The general decoder (not the DER fast path) decides the same.
    assert_eq!(
        synta::decode_general::<Record>(&empty_second, synta::Rules::Der, synta::Limits::DEFAULT)
            .unwrap_err(),
        err
    );
    // BER reaches the same verdict through an indefinite-length list.
    let indefinite = [
        0x30, 0x80, 0x30, 0x80, 0x31, 0x03, 0x0C, 0x01, b'a', 0x31, 0x00, 0x00, 0x00, 0x30, 0x03,
        0x02, 0x01, 0x05, 0x00, 0x00,
    ];
    let err = Record::from_ber(&indefinite).unwrap_err();
    assert_eq!(err.offset(), 9, "{err}");

    // An out-of-range element of a `SEQUENCE OF Digit` (INTEGER (0..9)).
    let mut wire = der.clone();
    wire[13] = 10;
    let err = Record::from_der(&wire).unwrap_err();
    assert_eq!(*err.kind(), ErrorKind::ConstraintViolated("(0..9)"));
    assert_eq!(
        (err.offset(), path_of(&err).as_str()),
        (11, "Record.digits[0]")
    );

    // Through an EXPLICIT tag: `tagged [0] Rdns` holding one empty Rdn at offset 16.
    let tagged = [
        0x30, 0x12, 0x30, 0x05, 0x31, 0x03, 0x0C, 0x01, b'a', 0x30, 0x03, 0x02, 0x01, 0x05, 0xA0,
        0x04, 0x30, 0x02, 0x31, 0x00,
    ];
    let err = Record::from_der(&tagged).unwrap_err();
    assert_eq!(
        (err.offset(), path_of(&err).as_str()),
        (18, "Record.tagged[0]")
    );

    // A WITH COMPONENT constraint on the way to the list, and a CHOICE alternative.
    let bad = Record {
        codes: Some(vec![
            IntRef::from_static(&[0x00, 0x96]),
            IntRef::from_static(&[99]),
        ]),
        ..ok.clone()
    };
    let err = bad.to_der().unwrap_err();
    assert_eq!(*err.kind(), ErrorKind::ConstraintViolated("(100..199)"));
    assert_eq!(path_of(&err), "[1]");
    let words = Pick::Words(vec![synta::PrintableString::new("abc").unwrap()]);
    assert!(words.to_der().is_err());
    let words = Pick::Words(vec![synta::PrintableString::new("ab").unwrap()]);
    assert_eq!(Pick::from_der(&words.to_der().unwrap()).unwrap(), words);
}

/// `tag` `length` `contents`, short definite length.
fn tlv(tag: u8, contents: &[u8]) -> Vec<u8> {
    [&[tag, u8::try_from(contents.len()).unwrap()][..], contents].concat()
}

#[test]
fn every_value_of_an_open_type_list_is_decoded_by_the_one_key() {
    use open_type_lists::open_type_lists::*;
    const COUNT: &[u8] = &[0x2b, 0x06, 0x01, 0x04, 0x01, 0x81, 0xfd, 0x59, 0x09, 0x01];
    const LABEL: &[u8] = &[0x2b, 0x06, 0x01, 0x04, 0x01, 0x81, 0xfd, 0x59, 0x09, 0x02];
    let attribute = |list_tag: u8, key: &[u8], values: &[Vec<u8>]| {
        tlv(
            0x30,
            &[tlv(0x06, key), tlv(list_tag, &values.concat())].concat(),
        )
    };
    let five_seven = [tlv(0x02, &[5]), tlv(0x02, &[7])];
    let der = attribute(0x31, COUNT, &five_seven);
    let values = Attribute::from_der(&der).unwrap().values_decoded().unwrap();
    let ints: Vec<i64> = values
        .iter()
        .map(|v| match v {
            AttributeValues::Count(i) => i64::try_from(*i).unwrap(),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(ints, [5, 7]);
    // SEQUENCE OF, through the enum the SET OF made (one per table).
    let ordered = attribute(0x30, COUNT, &five_seven);
    let values = OrderedAttribute::from_der(&ordered)
        .unwrap()
        .values_decoded()
        .unwrap();
    assert!(matches!(values[1], AttributeValues::Count(_)));

    // A `label` whose second value is an INTEGER: the error names element 1, at its
    // offset. (Read under BER, which leaves this SET OF in its unsorted order.)
    let bad = attribute(0x31, LABEL, &[tlv(0x0c, b"x"), tlv(0x02, &[7])]);
    let e = Attribute::from_ber(&bad)
        .unwrap()
        .values_decoded()
        .unwrap_err();
    assert_eq!(path_of(&e), "values[1]");
    assert_eq!(e.offset(), bad.len() - 3);

    // An unknown key keeps every value raw.
    let unknown = attribute(0x31, &[0x2a, 0x03], &five_seven);
    let values = Attribute::from_der(&unknown)
        .unwrap()
        .values_decoded()
        .unwrap();
    assert!(values
        .iter()
        .all(|v| matches!(v, AttributeValues::Unknown(_))));

    // Read under BER, an indefinite-length value follows BER: the DER accessor refuses
    // it, the one given the rules reads it.
    let mut ber = vec![0x30, 0x80];
    ber.extend(tlv(0x06, LABEL));
    ber.extend([0x31, 0x80, 0x2c, 0x80]);
    ber.extend(tlv(0x04, b"ab"));
    ber.extend([0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
    let attr = Attribute::from_ber(&ber).unwrap();
    assert!(attr.values_decoded().is_err());
    let values = attr.values_decoded_with(synta::Rules::Ber).unwrap();
    let [AttributeValues::Label(text)] = &values[..] else {
        panic!("{values:?}")
    };
    assert_eq!(text.as_str(), "ab");
}

/// `seq_default_typed_values`: DEFAULTs without a constant Rust form carry their DER
/// encoding (`default_der`), and the derive works on encodings.
mod typed_defaults {
    use super::path_of;
    use synta::{Decode, Encode, Rules};
    use synta_codegen_tests::fixtures::seq_default_typed_values::seq_default_typed_values::*;

    /// `1.3.6.1.4.1.32473.1` (`id-default`), with its header.
    const ID_DEFAULT: [u8; 11] = [
        0x06, 0x09, 0x2b, 0x06, 0x01, 0x04, 0x01, 0x81, 0xfd, 0x59, 0x01,
    ];

    fn assert_defaults(s: &Settings<'_>) {
        assert_eq!(s.kind.to_string(), "1.3.6.1.4.1.32473.1");
        assert_eq!(s.label.as_str(), "synta");
        // `{ low }`: bit 1 set, trailing zero bits not encoded.
        assert_eq!(s.flags.to_der().unwrap(), [0x03, 0x02, 0x06, 0x40]);
        assert_eq!(s.marker, synta::Null);
        assert_eq!(s.alg.algorithm.to_string(), "1.3.6.1.4.1.32473.1");
        assert_eq!(s.alg.parameters, Some(synta::Null));
        assert_eq!(s.salt.as_bytes(), [0x01, 0x02]);
        assert_eq!(s.count.to_string(), "3");
    }

    #[test]
    fn absent_components_take_their_typed_default_and_are_omitted_again() {
        let s = Settings::from_der(&[0x30, 0x00]).unwrap();
        assert_defaults(&s);
        // The general decoder agrees with the DER fast path.
        let general: Settings<'_> =
            synta::decode_general(&[0x30, 0x00], Rules::Der, synta::Limits::DEFAULT).unwrap();
        assert_eq!(general, s);
        assert_defaults(&Settings::from_ber(&[0x30, 0x00]).unwrap());
        // Every component equals its default: none is encoded (X.690 11.5).
        assert_eq!(s.to_der().unwrap(), [0x30, 0x00]);
        assert_eq!(s.to_cer().unwrap(), [0x30, 0x80, 0x00, 0x00]);
    }

    #[test]
    fn an_encoded_default_is_rejected_by_der_with_offset_and_path_and_accepted_by_ber() {
        let mut kind = vec![0x30, 0x0b];
        kind.extend_from_slice(&ID_DEFAULT);
        let err = Settings::from_der(&kind).unwrap_err();
        assert_eq!(err.kind().slug(), "non-canonical", "{err}");
        assert_eq!(err.offset(), 2, "{err}");
        assert_eq!(path_of(&err), "Settings.kind");
        let ber = Settings::from_ber(&kind).unwrap();
        assert_defaults(&ber);
        assert_eq!(ber.to_der().unwrap(), [0x30, 0x00]);
        // CER compares the value's DER re-encoding (its own octets may differ).
        let mut cer = vec![0x30, 0x80];
        cer.extend_from_slice(&ID_DEFAULT);
        cer.extend_from_slice(&[0x00, 0x00]);
        let err = Settings::from_cer(&cer).unwrap_err();
        assert_eq!(err.kind().slug(), "non-canonical", "{err}");
        assert_eq!(path_of(&err), "Settings.kind");

        // An EXPLICIT SEQUENCE value equal to the default, after a non-default label.
        let alg = [
            0x30, 0x16, 0x0c, 0x03, b'a', b'b', b'c', 0xa2, 0x0f, 0x30, 0x0d, 0x06, 0x09, 0x2b,
            0x06, 0x01, 0x04, 0x01, 0x81, 0xfd, 0x59, 0x01, 0x05, 0x00,
        ];
        let err = Settings::from_der(&alg).unwrap_err();
        assert_eq!(err.kind().slug(), "non-canonical", "{err}");
        assert_eq!(err.offset(), 7, "{err}");
        assert_eq!(path_of(&err), "Settings.alg");
        let ber = Settings::from_ber(&alg).unwrap();
        assert_eq!(ber.label.as_str(), "abc");
        assert_eq!(ber.alg.parameters, Some(synta::Null));

        // A named-bit BIT STRING and NULL equal to their defaults.
        for (input, at, path) in [
            (
                &[0x30, 0x04, 0x80, 0x02, 0x06, 0x40][..],
                2,
                "Settings.flags",
            ),
            (&[0x30, 0x02, 0x81, 0x00][..], 2, "Settings.marker"),
        ] {
            let err = Settings::from_der(input).unwrap_err();
            assert_eq!(err.offset(), at, "{err}");
            assert_eq!(path_of(&err), path);
            assert!(Settings::from_ber(input).is_ok());
        }
    }

    #[test]
    fn non_default_values_round_trip() {
        let der = [
            0x30, 0x1a, // SEQUENCE
            0x06, 0x03, 0x2a, 0x03, 0x04, // kind 1.2.3.4
            0x0c, 0x01, b'x', // label "x"
            0x80, 0x02, 0x05, 0x20, // flags { high }
            0xa2, 0x07, 0x30, 0x05, 0x06, 0x03, 0x2a, 0x03, 0x04, // alg without NULL
            0x83, 0x00, // salt ''H
            0x02, 0x01, 0x04, // count 4
        ];
        let s = Settings::from_der(&der).unwrap();
        assert_eq!(s.kind.to_string(), "1.2.3.4");
        assert_eq!(s.label.as_str(), "x");
        assert_eq!(s.alg.parameters, None);
        assert!(s.salt.as_bytes().is_empty());
        assert_eq!(s.marker, synta::Null);
        assert_eq!(s.to_der().unwrap(), der);
        // CER writes the same components (EXPLICIT and SEQUENCE with indefinite lengths).
        let cer = s.to_cer().unwrap();
        assert_eq!(Settings::from_cer(&cer).unwrap(), s);

        // A value built in Rust equal to a default is omitted on encode.
        let mut built = s.clone();
        built.label = synta::Utf8String::new("synta").unwrap();
        // The 3-octet label is left out.
        assert_eq!(built.to_der().unwrap().len(), der.len() - 3);
    }

    #[test]
    fn set_components_take_their_defaults_too() {
        let s = Options::from_der(&[0x31, 0x00]).unwrap();
        assert_eq!(s.name.as_str(), "none");
        assert_eq!(s.alg.parameters, Some(synta::Null));
        assert_eq!(s.to_der().unwrap(), [0x31, 0x00]);

        let name = [0x31, 0x06, 0x80, 0x04, b'n', b'o', b'n', b'e'];
        let err = Options::from_der(&name).unwrap_err();
        assert_eq!(err.kind().slug(), "non-canonical", "{err}");
        assert_eq!(err.offset(), 2, "{err}");
        assert_eq!(path_of(&err), "Options.name");
        assert_eq!(Options::from_ber(&name).unwrap(), s);

        let other = [0x31, 0x05, 0x80, 0x03, b'o', b'n', b'e'];
        let v = Options::from_der(&other).unwrap();
        assert_eq!(v.name.as_str(), "one");
        assert_eq!(v.to_der().unwrap(), other);
    }
}

/// `seqof_tagged_nested_constraints`: the constraint of a SEQUENCE OF's element type is
/// checked through tags on the elements and on the elements of the elements, on decode
/// (general and DER fast path alike, at the failing element's offset with its indices in
/// the path) and on encode.
mod tagged_and_nested_elements {
    use super::{path_of, tlv};
    use synta::{Decode, Encode, ErrorKind, Limits, Rules};
    use synta_codegen_tests::fixtures::seqof_tagged_nested_constraints::seqof_tagged_nested_constraints::*;

    /// The fields of a valid `Record`, encoded, in order.
    fn fields() -> [Vec<u8>; 5] {
        [
            tlv(0x30, &tlv(0x80, b"ab")),
            tlv(0x30, &tlv(0xA1, &tlv(0x02, &[5]))),
            tlv(
                0x30,
                &[
                    tlv(0x30, &tlv(0x02, &[1])),
                    tlv(0x30, &[tlv(0x02, &[2]), tlv(0x02, &[3])].concat()),
                ]
                .concat(),
            ),
            tlv(0xA2, &tlv(0x31, &tlv(0xA3, &tlv(0xA4, &tlv(0x16, b"x"))))),
            tlv(0x30, &tlv(0x02, &[4])),
        ]
    }

    fn record(fields: &[Vec<u8>]) -> Vec<u8> {
        tlv(0x30, &fields.concat())
    }

    /// Decodes `der`, expecting `kind` at `offset` and `path`, the same from the DER fast
    /// path (`from_der`) and the general decoder.
    fn rejects(der: &[u8], text: &'static str, offset: usize, path: &str) {
        let err = Record::from_der(der).unwrap_err();
        assert_eq!(*err.kind(), ErrorKind::ConstraintViolated(text), "{err}");
        assert_eq!((err.offset(), path_of(&err).as_str()), (offset, path));
        let general = synta::decode_general::<Record>(der, Rules::Der, Limits::DEFAULT);
        assert_eq!(general.unwrap_err(), err);
        assert_eq!(Record::from_ber(der).unwrap_err(), err);
    }

    #[test]
    fn values_inside_round_trip() {
        let der = record(&fields());
        let v = Record::from_der(&der).unwrap();
        assert_eq!(v.implicit_tags[0].0.as_str(), "ab");
        assert_eq!(v.explicit_tags[0].0, 5);
        assert_eq!(v.nested, [vec![1], vec![2, 3]]);
        assert_eq!(v.to_der().unwrap(), der);
        let general = synta::decode_general::<Record>(&der, Rules::Der, Limits::DEFAULT);
        assert_eq!(general.unwrap(), v);
    }

    #[test]
    fn tagged_elements_are_checked_on_decode() {
        // `SEQUENCE OF [0] IMPLICIT IA5String (SIZE (1..8))`: 9 characters in element 1.
        let mut f = fields();
        f[0] = tlv(0x30, &[tlv(0x80, b"ab"), tlv(0x80, b"123456789")].concat());
        rejects(&record(&f), "(SIZE (1..8))", 8, "Record.implicitTags[1]");
        // `SEQUENCE OF [1] EXPLICIT INTEGER (0..9)`: 10 in element 0.
        let mut f = fields();
        f[1] = tlv(0x30, &tlv(0xA1, &tlv(0x02, &[10])));
        rejects(&record(&f), "(0..9)", 10, "Record.explicitTags[0]");
    }

    #[test]
    fn elements_of_elements_are_checked_on_decode() {
        // `SEQUENCE OF SEQUENCE (SIZE (1..3)) OF INTEGER (0..9)`: element 1 empty...
        let mut f = fields();
        f[2] = tlv(
            0x30,
            &[tlv(0x30, &tlv(0x02, &[1])), tlv(0x30, &[])].concat(),
        );
        rejects(&record(&f), "(SIZE (1..3))", 22, "Record.nested[1]");
        // ... or holding 10 as its element 1 (at 27: the list at 15, its element 1 at 22).
        f[2] = tlv(
            0x30,
            &[
                tlv(0x30, &tlv(0x02, &[1])),
                tlv(0x30, &[tlv(0x02, &[2]), tlv(0x02, &[10])].concat()),
            ]
            .concat(),
        );
        rejects(&record(&f), "(0..9)", 27, "Record.nested[1][1]");
        // `[2] SET OF [3] IMPLICIT SEQUENCE OF [4] Short`: an empty `Short` as element 1
        // of element 0 (the field at 30, inside its EXPLICIT tag).
        let mut f = fields();
        let inner = [tlv(0xA4, &tlv(0x16, b"x")), tlv(0xA4, &tlv(0x16, b""))].concat();
        f[3] = tlv(0xA2, &tlv(0x31, &tlv(0xA3, &inner)));
        rejects(
            &record(&f),
            "(SIZE (1..8))",
            41,
            "Record.nestedTagged[0][1]",
        );
    }

    #[test]
    fn tagged_and_nested_elements_are_checked_on_encode() {
        let der = record(&fields());
        let ok = Record::from_der(&der).unwrap();
        let long = synta::Ia5String::new("123456789").unwrap();
        let mut bad = ok.clone();
        bad.implicit_tags.push(synta::tagged::Implicit(long));
        let err = bad.to_der().unwrap_err();
        assert_eq!(*err.kind(), ErrorKind::ConstraintViolated("(SIZE (1..8))"));
        assert_eq!(path_of(&err), "[1]");

        let mut bad = ok.clone();
        bad.explicit_tags[0] = synta::tagged::Explicit(10);
        assert_eq!(path_of(&bad.to_der().unwrap_err()), "[0]");

        let mut bad = ok.clone();
        bad.nested[1].push(10);
        let err = bad.to_der().unwrap_err();
        assert_eq!(*err.kind(), ErrorKind::ConstraintViolated("(0..9)"));
        assert_eq!(path_of(&err), "[1][2]");

        let mut bad = ok.clone();
        let set = bad.nested_tagged.as_mut().unwrap();
        set.0[0]
            .0
            .push(synta::tagged::Explicit(synta::Ia5String::new("").unwrap()));
        let err = bad.to_der().unwrap_err();
        assert_eq!(*err.kind(), ErrorKind::ConstraintViolated("(SIZE (1..8))"));
        assert_eq!(path_of(&err), "[0][1]");
    }
}
