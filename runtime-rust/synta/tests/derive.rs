//! Round trips of hand-written types using synta-derive.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use synta::*;
use synta_derive::{Choice, Enumerated, Sequence, Set};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Enumerated)]
enum Color {
    Red = 0,
    Green = 1,
    Blue = 7,
}

#[derive(Debug, Clone, PartialEq, Eq, Choice)]
enum Name<'a> {
    Printable(PrintableString<'a>),
    Utf8(Utf8String<'a>),
    #[asn1(context = 0, implicit)]
    Id(u32),
    #[asn1(application = 2)]
    Oid(ObjectIdentifierRef<'a>),
}

#[derive(Debug, Clone, PartialEq, Eq, Sequence)]
#[asn1(name = "TBSThing")]
struct Thing<'a> {
    #[asn1(context = 0, explicit, default = "1")]
    version: u8,
    #[asn1(name = "serialNumber")]
    serial: IntRef<'a>,
    name: Name<'a>,
    #[asn1(context = 1, implicit)]
    nick: Option<Utf8String<'a>>,
    #[asn1(private = 2)]
    note: Option<OctetStringRef<'a>>,
    #[asn1(default = "false")]
    critical: bool,
    colors: Vec<Color>,
    #[asn1(application = 40, implicit)]
    extensions: Option<SequenceOf<'a, Extension<'a>>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Sequence)]
struct Extension<'a> {
    id: ObjectIdentifierRef<'a>,
    #[asn1(default = "false")]
    critical: bool,
    value: OctetStringRef<'a>,
}

#[derive(Debug, Clone, PartialEq, Eq, Sequence)]
#[asn1(extensible)]
struct Versioned {
    a: u32,
    b: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq, Set)]
struct Attrs {
    #[asn1(context = 2, implicit)]
    z: u8,
    a: bool,
    #[asn1(context = 1)]
    m: Option<u16>,
    #[asn1(context = 5, implicit, default = "9")]
    d: i32,
}

/// A SET with an untagged CHOICE: ordered by the tag of the alternative chosen.
#[derive(Debug, Clone, PartialEq, Eq, Set)]
struct WithChoice<'a> {
    #[asn1(context = 3)]
    n: u8,
    name: Name<'a>,
}

#[test]
fn set_with_untagged_choice() {
    for name in [
        Name::Id(5),
        Name::Printable(PrintableString::new("p").unwrap()),
        Name::Oid(ObjectIdentifierRef::from_bytes(&[0x2a]).unwrap()),
    ] {
        let v = WithChoice { n: 1, name };
        for rules in [Rules::Der, Rules::Ber, Rules::Cer] {
            let bytes = v.to_vec(rules).unwrap();
            assert_eq!(decode::<WithChoice>(&bytes, rules).unwrap(), v);
        }
    }
    // [0] IMPLICIT (the Id alternative) sorts before [3]; a universal PrintableString
    // sorts before any context-specific tag.
    let der = WithChoice {
        n: 1,
        name: Name::Id(5),
    }
    .to_der()
    .unwrap();
    assert_eq!(
        der,
        [0x31, 0x08, 0x80, 0x01, 0x05, 0xa3, 0x03, 0x02, 0x01, 0x01]
    );
    let der = WithChoice {
        n: 1,
        name: Name::Printable(PrintableString::new("p").unwrap()),
    }
    .to_der()
    .unwrap();
    assert_eq!(der[2], 0x13);
}

#[derive(Debug, Clone, PartialEq, Eq, Choice)]
#[asn1(implicit_tags)]
enum Pick {
    #[asn1(context = 5)]
    X(u8),
    #[asn1(context = 1)]
    Y(bool),
}

#[derive(Debug, Clone, PartialEq, Eq, Set)]
#[asn1(implicit_tags)]
struct OrderedSet {
    #[asn1(context = 3)]
    a: u8,
    c: Pick,
}

#[test]
fn cer_orders_set_by_smallest_choice_tag() {
    assert_eq!(
        <Pick as Encode>::smallest_tag(),
        Some(Tag::context(1, false))
    );
    let v = OrderedSet {
        a: 7,
        c: Pick::X(9),
    };
    // DER: by the tags encoded, [3] then [5].
    let der = v.to_der().unwrap();
    assert_eq!(der, [0x31, 0x06, 0x83, 0x01, 0x07, 0x85, 0x01, 0x09]);
    // CER: the CHOICE ranks by its smallest tag [1], so it comes first.
    let cer = v.to_cer().unwrap();
    assert_eq!(cer, [0x31, 0x80, 0x85, 0x01, 0x09, 0x83, 0x01, 0x07, 0, 0]);
    assert_eq!(from_cer::<OrderedSet>(&cer).unwrap(), v);
    assert_eq!(from_der::<OrderedSet>(&der).unwrap(), v);
    // Each canonical order is rejected under the other rules' check.
    let der_as_cer = [0x31, 0x80, 0x83, 0x01, 0x07, 0x85, 0x01, 0x09, 0, 0];
    assert_eq!(
        from_cer::<OrderedSet>(&der_as_cer).unwrap_err().kind(),
        &ErrorKind::NonCanonical(NonCanonical::SetOrder)
    );
    let cer_as_der = [0x31, 0x06, 0x85, 0x01, 0x09, 0x83, 0x01, 0x07];
    assert!(from_der::<OrderedSet>(&cer_as_der).is_err());
    assert_eq!(from_ber::<OrderedSet>(&cer_as_der).unwrap(), v);
}

#[derive(Debug, PartialEq, Eq, Sequence)]
#[asn1(implicit_tags)]
struct Tree {
    value: u8,
    #[asn1(context = 0)]
    child: Option<Box<Tree>>,
}

fn thing(version: u8, critical: bool) -> Thing<'static> {
    Thing {
        version,
        serial: IntRef::new(&[0x01, 0x02]).unwrap(),
        name: Name::Printable(PrintableString::new("Bob").unwrap()),
        nick: Some(Utf8String::new("bobby").unwrap()),
        note: None,
        critical,
        colors: vec![Color::Red, Color::Blue],
        extensions: None,
    }
}

#[test]
fn sequence_round_trip_and_defaults() {
    for rules in [Rules::Der, Rules::Ber, Rules::Cer] {
        for (version, critical) in [(1, false), (3, true)] {
            let t = thing(version, critical);
            let bytes = t.to_vec(rules).unwrap();
            assert_eq!(bytes.len(), t.encoded_len(rules).unwrap());
            let back: Thing = decode(&bytes, rules).unwrap();
            assert_eq!(back, t);
        }
    }
    // DEFAULT values are omitted: version 1 and critical false leave no trace.
    let der = thing(1, false).to_der().unwrap();
    assert!(!der.windows(2).any(|w| w == [0xa0, 0x03]));
    assert!(!der.windows(3).any(|w| w == [0x01, 0x01, 0x00]));
}

#[test]
fn explicit_default_rejected_in_der_only() {
    // SEQUENCE { [0] { INTEGER 1 }, INTEGER 5, PrintableString "a", SEQUENCE {} }
    let input = [
        0x30, 0x0d, 0xa0, 0x03, 0x02, 0x01, 0x01, 0x02, 0x01, 0x05, 0x13, 0x01, 0x61, 0x30, 0x00,
        0x00, 0x00,
    ];
    let input = &input[..15];
    let e = from_der::<Thing>(input).unwrap_err();
    assert_eq!(
        e.kind(),
        &ErrorKind::NonCanonical(NonCanonical::DefaultEncoded)
    );
    assert_eq!(
        e.to_string(),
        "at byte 2 (TBSThing.version): DEFAULT value encoded (X.690 11.5)"
    );
    let t = from_ber::<Thing>(input).unwrap();
    assert_eq!(t.version, 1);
    assert_eq!(t.name, Name::Printable(PrintableString::new("a").unwrap()));
}

#[test]
fn error_path_names_fields() {
    // serialNumber is a non-minimal INTEGER.
    let input = [
        0x30, 0x09, 0x02, 0x02, 0x00, 0x05, 0x13, 0x01, 0x61, 0x30, 0x00,
    ];
    let e = from_der::<Thing>(&input).unwrap_err();
    assert_eq!(
        e.to_string(),
        "at byte 4 (TBSThing.serialNumber): non-minimal INTEGER encoding (X.690 8.3.2)"
    );
    // An extension deep inside: path through the SEQUENCE OF index.
    let ext = Extension {
        id: ObjectIdentifierRef::from_bytes(&[0x55, 0x1d, 0x0f]).unwrap(),
        critical: false,
        value: OctetStringRef::new(&[0]),
    };
    let list: tagged::ApplicationImplicit<Vec<Extension>, 40> =
        tagged::Implicit(vec![ext.clone(), ext]);
    let mut t = thing(2, false);
    let seq_der = list.to_der().unwrap();
    let mut plain = vec![0x30];
    plain.extend_from_slice(&seq_der[2..]);
    t.extensions = Some(from_der(&plain).unwrap());
    let mut bad = t.to_der().unwrap();
    let pat = [0x06, 0x03, 0x55, 0x1d, 0x0f];
    let second = bad
        .windows(5)
        .enumerate()
        .filter(|(_, w)| *w == pat)
        .nth(1)
        .unwrap()
        .0;
    bad[second + 2] = 0x80;
    let e = from_der::<Thing>(&bad).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "at byte {} (TBSThing.extensions[1].id): sub-identifier with leading 0x80 (X.690 8.19.2)",
            second + 2
        )
    );
}

#[test]
fn sequence_of_derived_elements() {
    let ext = Extension {
        id: ObjectIdentifierRef::from_bytes(&[0x55, 0x1d, 0x0f]).unwrap(),
        critical: true,
        value: OctetStringRef::new(&[3, 2, 5, 0xa0]),
    };
    let list = vec![ext.clone(), ext.clone()];
    let der = ContextImplicitVec(list.clone()).to_der().unwrap();
    let mut t = thing(2, false);
    let mut plain = vec![0x30];
    plain.extend_from_slice(&der[2..]);
    let seq: SequenceOf<Extension> = from_der(&plain).unwrap();
    assert_eq!(seq.iter().collect::<Vec<_>>(), list);
    t.extensions = Some(seq);
    let bytes = t.to_der().unwrap();
    let back = from_der::<Thing>(&bytes).unwrap();
    assert_eq!(back.extensions.unwrap().iter().collect::<Vec<_>>(), list);
}

/// Helper: a `[APPLICATION 40] IMPLICIT SEQUENCE OF Extension`.
type ContextImplicitVec<'a> = tagged::ApplicationImplicit<Vec<Extension<'a>>, 40>;
#[allow(non_snake_case)]
fn ContextImplicitVec(v: Vec<Extension<'_>>) -> ContextImplicitVec<'_> {
    tagged::Implicit(v)
}

#[test]
fn choice_alternatives() {
    let cases = [
        Name::Printable(PrintableString::new("x").unwrap()),
        Name::Utf8(Utf8String::new("ü").unwrap()),
        Name::Id(77),
        Name::Oid(ObjectIdentifierRef::from_bytes(&[0x2a, 0x03]).unwrap()),
    ];
    for c in cases {
        let der = c.to_der().unwrap();
        assert_eq!(from_der::<Name>(&der).unwrap(), c);
    }
    assert_eq!(Name::Id(77).to_der().unwrap(), [0x80, 0x01, 0x4d]);
    let e = from_der::<Name>(&[0x01, 0x01, 0xff]).unwrap_err();
    assert_eq!(e.kind().slug(), "unexpected-tag");
}

#[test]
fn enumerated_values() {
    assert_eq!(Color::Blue.to_der().unwrap(), [0x0a, 0x01, 0x07]);
    assert_eq!(
        from_der::<Color>(&[0x0a, 0x01, 0x01]).unwrap(),
        Color::Green
    );
    assert_eq!(
        from_der::<Color>(&[0x0a, 0x01, 0x02])
            .unwrap_err()
            .kind()
            .slug(),
        "invalid-value"
    );
}

#[test]
fn extensible_sequence_skips_additions() {
    let v = Versioned {
        a: 5,
        b: Some(true),
    };
    let mut der = v.to_der().unwrap();
    // Append an unknown extension addition [5] NULL and fix the length.
    der.extend_from_slice(&[0x85, 0x00]);
    der[1] += 2;
    assert_eq!(from_der::<Versioned>(&der).unwrap(), v);
}

#[test]
fn set_order_and_round_trip() {
    let s = Attrs {
        z: 1,
        a: true,
        m: Some(300),
        d: 9,
    };
    let der = s.to_der().unwrap();
    // Canonical order: BOOLEAN (universal 1), [1], [2]; d is DEFAULT and omitted.
    assert_eq!(
        der,
        [0x31, 0x0c, 0x01, 0x01, 0xff, 0xa1, 0x04, 0x02, 0x02, 0x01, 0x2c, 0x82, 0x01, 0x01]
    );
    assert_eq!(from_der::<Attrs>(&der).unwrap(), s);
    let cer = s.to_cer().unwrap();
    assert_eq!(from_cer::<Attrs>(&cer).unwrap(), s);
    // Out of order: fine in BER, rejected in DER.
    let shuffled = [
        0x31, 0x0c, 0x82, 0x01, 0x01, 0x01, 0x01, 0xff, 0xa1, 0x04, 0x02, 0x02, 0x01, 0x2c,
    ];
    assert_eq!(from_ber::<Attrs>(&shuffled).unwrap(), s);
    assert_eq!(
        from_der::<Attrs>(&shuffled).unwrap_err().kind(),
        &ErrorKind::NonCanonical(NonCanonical::SetOrder)
    );
    // Duplicates and missing components.
    let dup = [0x31, 0x06, 0x01, 0x01, 0xff, 0x01, 0x01, 0xff];
    assert_eq!(
        from_ber::<Attrs>(&dup).unwrap_err().kind().slug(),
        "invalid-value"
    );
    let missing = [0x31, 0x03, 0x01, 0x01, 0xff];
    assert_eq!(
        from_ber::<Attrs>(&missing).unwrap_err().kind().slug(),
        "missing-element"
    );
    // DEFAULT value present: BER fine, DER rejected.
    let with_default = [
        0x31, 0x0e, 0x01, 0x01, 0xff, 0xa1, 0x03, 0x02, 0x01, 0x05, 0x82, 0x01, 0x01, 0x85, 0x01,
        0x09,
    ];
    assert_eq!(from_ber::<Attrs>(&with_default).unwrap().d, 9);
    assert!(from_der::<Attrs>(&with_default).is_err());
}

#[test]
fn recursive_type_depth_limited() {
    let mut t = Tree {
        value: 0,
        child: None,
    };
    for i in 1..50u8 {
        t = Tree {
            value: i,
            child: Some(Box::new(t)),
        };
    }
    let der = t.to_der().unwrap();
    assert_eq!(from_der::<Tree>(&der).unwrap(), t);
    for _ in 50..100u8 {
        t = Tree {
            value: 1,
            child: Some(Box::new(t)),
        };
    }
    let der = t.to_der().unwrap();
    assert_eq!(
        from_der::<Tree>(&der).unwrap_err().kind(),
        &ErrorKind::DepthExceeded
    );
}

#[test]
fn raw_bytes_of_derived_value() {
    let t = thing(1, false);
    let der = t.to_der().unwrap();
    let mut r = Reader::new(&der, Rules::Der);
    let (v, raw) = r.decode_with_raw::<Thing>().unwrap();
    assert_eq!(v, t);
    assert_eq!(raw, &der[..]);
}

mod props {
    use super::*;
    use proptest::prelude::*;

    /// version, serial, nick, note, critical, colors, id.
    type ThingParts = (
        u8,
        Vec<u8>,
        Option<String>,
        Option<Vec<u8>>,
        bool,
        Vec<u8>,
        u32,
    );

    fn arb_thing() -> impl Strategy<Value = ThingParts> {
        (
            any::<u8>(),
            proptest::collection::vec(any::<u8>(), 1..20),
            proptest::option::of("\\PC{0,20}"),
            proptest::option::of(proptest::collection::vec(any::<u8>(), 0..1200)),
            any::<bool>(),
            proptest::collection::vec(0u8..3, 0..5),
            any::<u32>(),
        )
    }

    proptest! {
        #[test]
        fn derived_round_trip((version, serial, nick, note, critical, colors, id) in arb_thing()) {
            // Make the INTEGER contents minimal.
            let mut serial = serial;
            while serial.len() > 1
                && ((serial[0] == 0 && serial[1] & 0x80 == 0)
                    || (serial[0] == 0xff && serial[1] & 0x80 != 0))
            {
                serial.remove(0);
            }
            let nick = nick.map(|n| Utf8String::new(&n).unwrap());
            let t = Thing {
                version,
                serial: IntRef::new(&serial).unwrap(),
                name: if id % 2 == 0 { Name::Id(id) } else { Name::Utf8(Utf8String::new("n").unwrap()) },
                nick,
                note: note.map(OctetStringRef::from_vec),
                critical,
                colors: colors
                    .iter()
                    .map(|c| [Color::Red, Color::Green, Color::Blue][usize::from(*c)])
                    .collect(),
                extensions: None,
            };
            for rules in [Rules::Der, Rules::Ber, Rules::Cer] {
                let bytes = t.to_vec(rules).unwrap();
                prop_assert_eq!(bytes.len(), t.encoded_len(rules).unwrap());
                let back: Thing = decode(&bytes, rules).unwrap();
                prop_assert_eq!(&back, &t);
            }
            let s = Attrs { z: version, a: critical, m: if critical { Some(u16::from(version)) } else { None }, d: i32::from(version) };
            for rules in [Rules::Der, Rules::Ber, Rules::Cer] {
                let bytes = s.to_vec(rules).unwrap();
                let back: Attrs = decode(&bytes, rules).unwrap();
                prop_assert_eq!(&back, &s);
            }
        }
    }
}

/// A user type named like the derive's internals must not clash.
#[derive(Debug, Clone, PartialEq, Eq, Sequence)]
struct R {
    v: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Choice)]
enum UsesR {
    A(R),
    #[asn1(context = 0, implicit)]
    B(u8),
}

#[test]
fn user_types_named_like_internals() {
    let v = UsesR::A(R { v: 1 });
    assert_eq!(from_der::<UsesR>(&v.to_der().unwrap()).unwrap(), v);
    let v = UsesR::B(4);
    assert_eq!(from_der::<UsesR>(&v.to_der().unwrap()).unwrap(), v);
}

/// A derived SEQUENCE checks its own end on the DER fast path (`FAST_READS_ALL`), so the
/// whole-input fast path returns its value without checking again: an element left over
/// inside the SEQUENCE, or after it, must still make both paths fail, at the same offset.
#[test]
fn leftover_elements_fail_on_the_fast_and_the_general_path() {
    let ext = |inner: &[u8], after: &[u8]| -> Vec<u8> {
        let mut contents = vec![0x06, 0x03, 0x55, 0x1d, 0x13, 0x04, 0x02, 0x30, 0x00];
        contents.extend_from_slice(inner);
        let len = u8::try_from(contents.len()).expect("short test value");
        let mut der = vec![0x30, len];
        der.extend(contents);
        der.extend_from_slice(after);
        der
    };
    let good = ext(&[], &[]);
    assert!(Extension::from_der(&good).is_ok());
    for (der, offset) in [(ext(&[0x05, 0x00], &[]), 11), (ext(&[], &[0x05, 0x00]), 11)] {
        let fast = Extension::from_der(&der).unwrap_err();
        let general = decode_general::<Extension>(&der, Rules::Der, Limits::DEFAULT).unwrap_err();
        assert_eq!(fast, general);
        assert_eq!(fast.offset(), offset, "{fast}");
    }
}
