//! Core behaviour: errors, limits, depth, top-level decoding, tags and lengths.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use synta::tagged::{ContextExplicit, ContextImplicit};
use synta::*;

#[test]
fn error_is_small() {
    assert!(
        std::mem::size_of::<Error>() <= 40,
        "{}",
        std::mem::size_of::<Error>()
    );
    assert!(std::mem::size_of::<ErrorKind>() <= 24);
}

#[test]
fn error_display_with_path() {
    // [0] EXPLICIT INTEGER with a non-minimal INTEGER inside.
    let e = from_der::<IntRef>(&[0x02, 0x02, 0x00, 0x05])
        .unwrap_err()
        .in_field("serialNumber")
        .in_type("TBSCertificate");
    assert_eq!(
        e.to_string(),
        "at byte 2 (TBSCertificate.serialNumber): non-minimal INTEGER encoding (X.690 8.3.2)"
    );
    let e = Error::new(ErrorKind::Truncated, 9)
        .in_field("extnValue")
        .in_index(3)
        .in_field("extensions")
        .in_type("Extension")
        .in_field("tbsCertificate")
        .in_type("Certificate");
    let mut s = String::new();
    e.write_path(&mut s).unwrap();
    assert_eq!(s, "Certificate.tbsCertificate.extensions[3].extnValue");
}

/// `levels` nested SEQUENCEs with definite lengths around a NULL.
fn nested_definite(levels: usize) -> Vec<u8> {
    let mut lens = Vec::with_capacity(levels);
    let mut len = 2usize;
    for _ in 0..levels {
        lens.push(len);
        len += 1 + synta::header_len(Tag::SEQUENCE, len) - 1;
    }
    let mut out = Vec::with_capacity(len);
    let mut w = Writer::new(Rules::Der);
    for &l in lens.iter().rev() {
        w.header(Tag::SEQUENCE, l).unwrap();
    }
    out.extend_from_slice(w.as_bytes());
    out.extend_from_slice(&[0x05, 0x00]);
    out
}

fn nested_indefinite(levels: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(levels * 4 + 2);
    for _ in 0..levels {
        out.extend_from_slice(&[0x30, 0x80]);
    }
    out.extend_from_slice(&[0x05, 0x00]);
    for _ in 0..levels {
        out.extend_from_slice(&[0x00, 0x00]);
    }
    out
}

/// A recursive type: `Nested ::= SEQUENCE { inner Nested OPTIONAL }`.
#[derive(Debug)]
struct Nested(#[allow(dead_code)] Option<Box<Nested>>);

impl FixedTag for Nested {
    const TAG: Tag = Tag::SEQUENCE;
}

impl<'a> DecodeValue<'a> for Nested {
    fn decode_value(r: &mut Reader<'a>, _h: &Header) -> Result<Self> {
        let inner = Option::<Box<Nested>>::decode(r)?;
        Option::<Null>::decode(r)?;
        Ok(Nested(inner))
    }
}

#[test]
fn million_levels_definite() {
    let input = nested_definite(1_000_000);
    assert_eq!(
        walk::validate(&input, Rules::Der).unwrap_err().kind(),
        &ErrorKind::DepthExceeded
    );
    assert_eq!(
        from_der::<Nested>(&input).unwrap_err().kind(),
        &ErrorKind::DepthExceeded
    );
    // An ANY does not look inside a definite-length value.
    assert_eq!(from_der::<AnyRef>(&input).unwrap().raw().len(), input.len());
    // Shallow enough: fine.
    let ok = nested_definite(60);
    assert_eq!(walk::validate(&ok, Rules::Der).unwrap(), 61);
    from_der::<Nested>(&ok).unwrap();
}

#[test]
fn million_levels_indefinite() {
    let input = nested_indefinite(1_000_000);
    for res in [
        walk::validate(&input, Rules::Ber).map(|_| ()),
        from_ber::<AnyRef>(&input).map(|_| ()),
        from_ber::<Nested>(&input).map(|_| ()),
    ] {
        assert_eq!(res.unwrap_err().kind(), &ErrorKind::DepthExceeded);
    }
    // Segmented strings nested a million deep.
    let mut seg = Vec::new();
    for _ in 0..1_000_000 {
        seg.extend_from_slice(&[0x24, 0x80]);
    }
    seg.extend_from_slice(&[0x04, 0x01, 0xaa]);
    for _ in 0..1_000_000 {
        seg.extend_from_slice(&[0, 0]);
    }
    assert_eq!(
        from_ber::<OctetStringRef>(&seg).unwrap_err().kind(),
        &ErrorKind::DepthExceeded
    );
}

#[test]
fn deep_walk_is_iterative() {
    // With a huge depth limit the walk still uses no recursion.
    let input = nested_indefinite(100_000);
    let limits = Limits {
        max_depth: 200_000,
        ..Limits::DEFAULT
    };
    let mut n = 0;
    walk::walk(&input, Rules::Ber, limits, |_| {
        n += 1;
        Ok(())
    })
    .unwrap();
    assert_eq!(n, 200_001);
    let (_, raw, _) = Reader::with_limits(&input, Rules::Ber, limits)
        .read_element()
        .unwrap();
    assert_eq!(raw.len(), input.len());
}

#[test]
fn depth_counts_tagged_decodes() {
    type T = ContextExplicit<ContextExplicit<ContextExplicit<i64, 0>, 0>, 0>;
    let input = [0xa0, 0x07, 0xa0, 0x05, 0xa0, 0x03, 0x02, 0x01, 0x07];
    let v: T = from_der(&input).unwrap();
    assert_eq!(v.0 .0 .0, 7);
    let limits = Limits {
        max_depth: 2,
        ..Limits::DEFAULT
    };
    let e = decode_with_limits::<T>(&input, Rules::Der, limits).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::DepthExceeded);
    assert_eq!(e.offset(), 4);
}

#[test]
fn limits_length_and_elements() {
    let limits = Limits {
        max_length: 2,
        ..Limits::DEFAULT
    };
    let e = decode_with_limits::<OctetStringRef>(&[4, 3, 1, 2, 3], Rules::Der, limits).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::LimitExceeded);
    let limits = Limits {
        max_elements: 2,
        ..Limits::DEFAULT
    };
    let input = [0x30, 0x09, 2, 1, 1, 2, 1, 2, 2, 1, 3];
    let e = decode_with_limits::<Vec<u8>>(&input, Rules::Der, limits).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::LimitExceeded);
    assert_eq!(from_der::<Vec<u8>>(&input).unwrap(), vec![1, 2, 3]);
}

#[test]
fn stream_decoding() {
    let input = [2, 1, 1, 2, 1, 2];
    assert_eq!(
        from_der::<u8>(&input).unwrap_err().kind(),
        &ErrorKind::TrailingData
    );
    let mut r = Reader::new(&input, Rules::Der);
    let mut got = vec![];
    while !r.is_finished() {
        got.push(r.decode::<u8>().unwrap());
    }
    assert_eq!(got, [1, 2]);
}

#[test]
fn unexpected_tag_reports_both() {
    let e = from_der::<bool>(&[2, 1, 0]).unwrap_err();
    assert_eq!(
        e.kind(),
        &ErrorKind::UnexpectedTag {
            expected: Some(Tag::BOOLEAN),
            actual: Tag::INTEGER
        }
    );
    assert_eq!(e.to_string(), "at byte 0: expected BOOLEAN, found INTEGER");
}

#[test]
fn tags_encode_and_parse() {
    for n in [0u32, 30, 31, 127, 128, 16383, 16384, u32::MAX] {
        for class in [
            Class::Universal,
            Class::Application,
            Class::ContextSpecific,
            Class::Private,
        ] {
            let t = Tag::new(class, n, n % 2 == 0);
            let mut v = Vec::new();
            t.encode(&mut v);
            assert_eq!(v.len(), t.encoded_len());
            assert_eq!(Tag::parse(&v, Rules::Der).unwrap(), (t, v.len()));
        }
    }
}

#[test]
fn lengths_encode_and_parse() {
    for n in [
        0usize,
        127,
        128,
        255,
        256,
        65535,
        65536,
        1 << 24,
        usize::MAX,
    ] {
        let mut v = Vec::new();
        Length::encode(n, &mut v);
        assert_eq!(v.len(), Length::encoded_len(n));
        assert_eq!(
            Length::parse(&v, Rules::Der).unwrap(),
            (Length::Definite(n), v.len())
        );
    }
}

#[test]
fn implicit_and_explicit_wrappers_encode() {
    let v: ContextImplicit<u8, 3> = tagged::Implicit(5);
    assert_eq!(v.to_der().unwrap(), [0x83, 1, 5]);
    let v: ContextExplicit<u8, 3> = tagged::Explicit(5);
    assert_eq!(v.to_der().unwrap(), [0xa3, 3, 2, 1, 5]);
    assert_eq!(v.to_cer().unwrap(), [0xa3, 0x80, 2, 1, 5, 0, 0]);
    let v: ContextImplicit<Vec<u8>, 1> = tagged::Implicit(vec![1]);
    assert_eq!(v.to_der().unwrap(), [0xa1, 3, 2, 1, 1]);
}

#[test]
fn raw_bytes_of_constructed_values() {
    let input = [0x30, 0x07, 0x30, 0x03, 2, 1, 9, 5, 0];
    let mut r = Reader::new(&input, Rules::Der);
    let (outer, raw) = r.decode_with_raw::<AnyRef>().unwrap();
    assert_eq!(raw, &input[..]);
    let mut inner = Reader::new(outer.content(), Rules::Der);
    let (v, raw): (Vec<u8>, _) = inner.decode_with_raw().unwrap();
    assert_eq!(v, [9]);
    assert_eq!(raw, &input[2..7]);
}

#[test]
fn oid_text_and_const() {
    const RSA: ObjectIdentifierRef<'static> =
        ObjectIdentifierRef::from_bytes_const(&[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d]);
    assert_eq!(RSA.to_string(), "1.2.840.113549");
    let uuid = "2.25.329800735698586629295641978511506172918";
    let o: ObjectIdentifier = uuid.parse().unwrap();
    assert_eq!(o.to_string(), uuid);
    let der = o.to_der().unwrap();
    let back = from_der::<ObjectIdentifierRef>(&der).unwrap();
    assert_eq!(back.to_string(), uuid);
    for bad in [
        "", "1", "3.1", "1.40", "1..2", "1.2.", "01.2", "1.2.x", "-1.2",
    ] {
        assert!(bad.parse::<ObjectIdentifier>().is_err(), "{bad}");
    }
    assert_eq!(
        "2.999.3".parse::<ObjectIdentifier>().unwrap().as_bytes(),
        [0x88, 0x37, 3]
    );
    assert_eq!(RSA.arcs_u64().unwrap(), [1, 2, 840, 113549]);
    assert_eq!("5.6".parse::<RelativeOid>().unwrap().as_bytes(), [5, 6]);
}

#[test]
fn integer_conversions() {
    for v in [
        0i64,
        1,
        -1,
        127,
        128,
        -128,
        -129,
        255,
        256,
        i64::MAX,
        i64::MIN,
    ] {
        let der = v.to_der().unwrap();
        let i = from_der::<IntRef>(&der).unwrap();
        assert_eq!(i64::try_from(i).unwrap(), v);
        assert_eq!(i.to_string(), v.to_string());
        assert_eq!(Int::from(v).as_bytes(), &der[2..]);
    }
    assert_eq!(
        u8::try_from(from_der::<IntRef>(&[2, 2, 1, 0]).unwrap()),
        Err(ErrorKind::Overflow)
    );
    assert_eq!(u128::MAX.to_der().unwrap().len(), 19);
    assert_eq!(
        from_der::<i128>(&i128::MIN.to_der().unwrap()).unwrap(),
        i128::MIN
    );
}

#[test]
fn real_f64_round_trip() {
    for v in [
        1.5f64,
        -0.1,
        1e300,
        5e-324,
        f64::MAX,
        0.0,
        -0.0,
        f64::INFINITY,
    ] {
        let r = Real::from_f64(v);
        let back = from_der::<Real>(&r.to_der().unwrap()).unwrap();
        assert_eq!(back, r);
        assert_eq!(back.to_f64().to_bits(), v.to_bits());
    }
    assert!(Real::from_f64(f64::NAN).to_f64().is_nan());
    assert_eq!(Real::decimal(false, 1200, -3).to_string(), "12*10^-1");
}

#[test]
fn default_components() {
    // DEFAULT omitted on encode, rejected when present under DER, accepted in BER.
    let mut w = Writer::new(Rules::Der);
    encode_default(&false, &false, &mut w).unwrap();
    assert!(w.is_empty());
    let input = [1, 1, 0];
    let mut r = Reader::new(&input, Rules::Der);
    assert_eq!(
        decode_default(&mut r, false).unwrap_err().kind(),
        &ErrorKind::NonCanonical(NonCanonical::DefaultEncoded)
    );
    let mut r = Reader::new(&input, Rules::Ber);
    assert!(!decode_default(&mut r, false).unwrap());
    let mut r = Reader::new(&[], Rules::Der);
    assert!(decode_default(&mut r, true).unwrap());
}

#[test]
fn cer_encodes_segments_and_indefinite() {
    let data = vec![7u8; 2500];
    let os = OctetStringRef::new(&data);
    let cer = os.to_cer().unwrap();
    assert_eq!(cer.len(), os.encoded_len(Rules::Cer).unwrap());
    assert_eq!(&cer[..2], &[0x24, 0x80]);
    assert_eq!(&cer[2..6], &[0x04, 0x82, 0x03, 0xe8]);
    assert_eq!(from_cer::<OctetStringRef>(&cer).unwrap(), os);
    let seq: Vec<OctetStringRef> = vec![os.clone(), OctetStringRef::new(b"x")];
    let cer = seq.to_cer().unwrap();
    assert_eq!(cer.len(), seq.encoded_len(Rules::Cer).unwrap());
    assert_eq!(&cer[..2], &[0x30, 0x80]);
    assert_eq!(from_cer::<Vec<OctetStringRef>>(&cer).unwrap(), seq);
    let bits = BitStringRef::new(3, &[0xf8; 2000]).unwrap();
    let cer = bits.to_cer().unwrap();
    assert_eq!(cer.len(), bits.encoded_len(Rules::Cer).unwrap());
    assert_eq!(from_cer::<BitStringRef>(&cer).unwrap(), bits);
    let s = Utf8String::new(&"é".repeat(700)).unwrap();
    assert_eq!(from_cer::<Utf8String>(&s.to_cer().unwrap()).unwrap(), s);
}

#[test]
fn set_of_sorted_on_encode() {
    let s = SetOfVec(vec![256u16, 1, 3]);
    assert_eq!(
        s.to_der().unwrap(),
        [0x31, 0x0a, 2, 1, 1, 2, 1, 3, 2, 2, 1, 0]
    );
    let back: SetOfVec<u16> = from_der(&s.to_der().unwrap()).unwrap();
    assert_eq!(back.0, [1, 3, 256]);
}

#[test]
fn segmented_string_is_owned_primitive_is_borrowed() {
    let prim = [4, 2, 1, 2];
    assert!(from_der::<OctetStringRef>(&prim).unwrap().is_borrowed());
    let seg = [0x24, 0x80, 4, 1, 1, 4, 1, 2, 0, 0];
    let v = from_ber::<OctetStringRef>(&seg).unwrap();
    assert!(!v.is_borrowed());
    assert_eq!(v.as_bytes(), [1, 2]);
}

#[test]
fn dump_renders_tree() {
    let input = [
        0x30, 0x10, 0x02, 0x01, 0x05, 0x06, 0x03, 0x55, 0x04, 0x03, 0x13, 0x02, 0x68, 0x69, 0x03,
        0x02, 0x06, 0xc0,
    ];
    let (text, res) = dump::dump(&input, Rules::Der);
    res.unwrap();
    assert!(text.contains("SEQUENCE {"), "{text}");
    assert!(text.contains("INTEGER 5"), "{text}");
    assert!(text.contains("OBJECT IDENTIFIER 2.5.4.3"), "{text}");
    assert!(text.contains("PrintableString \"hi\""), "{text}");
    assert!(text.contains("BIT STRING '11'B"), "{text}");
}

#[test]
fn oid_const_from_der_and_with_raw() {
    const CN: ObjectIdentifierRef<'static> =
        ObjectIdentifierRef::from_der_const(&[0x06, 0x03, 0x55, 0x04, 0x03]);
    assert_eq!(CN.to_string(), "2.5.4.3");
    let input = [0x30, 0x08, 0x30, 0x03, 0x02, 0x01, 0x07, 0x01, 0x01, 0xff];
    let (inner, flag): (WithRaw<Vec<u8>>, bool) =
        decode_constructed(&mut Reader::new(&input, Rules::Der), Tag::SEQUENCE, |r| {
            Ok((r.decode()?, r.decode()?))
        })
        .unwrap();
    assert!(flag);
    assert_eq!(inner.value(), &vec![7]);
    assert_eq!(inner.raw(), &input[2..7]);
    assert_eq!(inner.to_der().unwrap(), &input[2..7]);
}

#[test]
fn explicit_stream() {
    let input = [2, 1, 1, 2, 1, 2, 2, 2, 0, 1];
    let got: Vec<Result<u8>> = decode_stream(&input, Rules::Der).collect();
    assert_eq!(got.len(), 3);
    assert_eq!(got[0].as_ref().unwrap(), &1);
    assert_eq!(got[1].as_ref().unwrap(), &2);
    assert!(got[2].is_err());
}

#[test]
fn reader_field_path_helpers() {
    let input = [0x30, 0x05, 0x02, 0x01, 0x01, 0x02, 0x00];
    let e = decode_constructed(&mut Reader::new(&input, Rules::Der), Tag::SEQUENCE, |r| {
        let a: u8 = r.field("a", |r| r.decode())?;
        let b: u8 = r.field("b", |r| r.decode())?;
        Ok((a, b))
    })
    .map_err(|e| e.in_type("Pair"))
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "at byte 7 (Pair.b): invalid value: INTEGER contents are empty"
    );
    let e = Reader::new(&[0x01, 0x01, 0x05], Rules::Der)
        .element(3, |r| r.decode::<bool>())
        .unwrap_err();
    assert_eq!(e.path().collect::<Vec<_>>(), [PathSegment::Index(3)]);
}

/// A definite long-form length whose last octet is 0x80 (0x81 0x80 is 128, 0x82 0x01
/// 0x80 is 384) is not the indefinite form: the contents keep their last two octets
/// (found by the C/Rust differential: an RDN of 128 octets lost its end).
#[test]
fn any_contents_of_a_long_form_length_ending_in_0x80() {
    for (len, header) in [
        (128usize, vec![0x31, 0x81, 0x80]),
        (384, vec![0x31, 0x82, 0x01, 0x80]),
        (128, vec![0xbf, 0x1f, 0x81, 0x80]),
    ] {
        let mut input = header.clone();
        for _ in 0..len / 2 {
            input.extend_from_slice(&[0x05, 0x00]);
        }
        let any = from_der::<AnyRef>(&input).unwrap();
        assert_eq!(any.content().len(), len, "{header:02x?}");
        assert_eq!(any.content(), &input[header.len()..]);
    }
    // The indefinite form (BER) still leaves out its end-of-contents octets.
    let ber = [0x30, 0x80, 0x05, 0x00, 0x00, 0x00];
    assert_eq!(from_ber::<AnyRef>(&ber).unwrap().content(), &[0x05, 0x00]);
}
