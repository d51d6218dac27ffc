//! Property tests: decode(encode(x)) == x for every type under every rule set, and DER
//! re-encoding of anything DER-decoded reproduces the input.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use proptest::prelude::*;
use synta::tagged::{ContextExplicit, ContextImplicit};
use synta::*;

const ALL: [Rules; 3] = [Rules::Der, Rules::Ber, Rules::Cer];

/// Encodes under each rule set, checks the length prediction, decodes (as `$t`, which
/// may borrow from the encoding) and compares; canonical output must also be valid BER.
macro_rules! rt {
    ($t:ty; $v:expr) => {{
        let v = &$v;
        for rules in ALL {
            let bytes = v.to_vec(rules).unwrap();
            assert_eq!(bytes.len(), v.encoded_len(rules).unwrap(), "{rules}");
            let back: $t = decode(&bytes, rules).unwrap_or_else(|e| panic!("{rules} {v:?}: {e}"));
            assert_eq!(&back, v, "{rules}");
            let ber: $t = from_ber(&bytes).unwrap();
            assert_eq!(&ber, v);
        }
    }};
}

fn date_time() -> impl Strategy<Value = DateTime> {
    (1950u16..2050, 1u8..=12, 1u8..=31, 0u8..24, 0u8..60, 0u8..60)
        .prop_filter_map("valid date", |(y, mo, d, h, mi, s)| {
            DateTime::new(y, mo, d, h, mi, s).ok()
        })
}

proptest! {
    #[test]
    fn bool_rt(v: bool) { rt!(bool; v) }

    #[test]
    fn ints_rt(a: u8, b: u16, c: u32, d: u64, e: u128, f: i8, g: i16, h: i32, i: i64, j: i128) {
        rt!(u8; a); rt!(u16; b); rt!(u32; c); rt!(u64; d); rt!(u128; e);
        rt!(i8; f); rt!(i16; g); rt!(i32; h); rt!(i64; i); rt!(i128; j);
    }

    #[test]
    fn int_ref_matches_native(v: i128) {
        let der = v.to_der().unwrap();
        let r = from_der::<IntRef>(&der).unwrap();
        prop_assert_eq!(r.to_string(), v.to_string());
        prop_assert_eq!(i128::try_from(r).unwrap(), v);
        prop_assert_eq!(r.to_der().unwrap(), der);
        rt!(Int; Int::from(v));
    }

    #[test]
    fn enumerated_rt(v: i64) { rt!(Enumerated; Enumerated(v)) }

    #[test]
    fn null_rt(_x: u8) { rt!(Null; Null) }

    #[test]
    fn oid_rt(first in 0u64..3, second in 0u64..40, big: u128, rest in proptest::collection::vec(any::<u64>(), 0..6)) {
        let mut text = format!("{first}.{}", if first == 2 { u128::from(second) + big / 2 } else { u128::from(second) });
        for r in &rest { text.push_str(&format!(".{r}")); }
        let oid: ObjectIdentifier = text.parse().unwrap();
        prop_assert_eq!(oid.to_string(), text.clone());
        rt!(ObjectIdentifier; oid);
        let der = oid.to_der().unwrap();
        let r = from_der::<ObjectIdentifierRef>(&der).unwrap();
        prop_assert_eq!(r.to_string(), text);
    }

    #[test]
    fn relative_oid_rt(arcs in proptest::collection::vec(any::<u64>(), 1..6)) {
        let text: Vec<String> = arcs.iter().map(|a| a.to_string()).collect();
        let text = text.join(".");
        let oid: RelativeOid = text.parse().unwrap();
        prop_assert_eq!(oid.to_string(), text);
        rt!(RelativeOid; oid);
    }

    #[test]
    fn octet_string_rt(data in proptest::collection::vec(any::<u8>(), 0..2600)) {
        rt!(OctetStringRef<'_>; OctetStringRef::from_vec(data.clone()));
        rt!(OctetStringRef<'_>; OctetStringRef::new(&data));
    }

    #[test]
    fn bit_string_rt(data in proptest::collection::vec(any::<u8>(), 0..2100), unused in 0u8..8) {
        let unused = if data.is_empty() { 0 } else { unused };
        let mut data = data;
        if let Some(last) = data.last_mut() {
            *last &= 0xffu8 << unused;
        }
        let b = BitStringRef::from_vec(unused, data).unwrap();
        rt!(BitStringRef<'_>; b);
    }

    #[test]
    fn strings_rt(s in "[A-Za-z0-9 '()+,./:=?-]{0,1200}", u in "\\PC{0,400}", bmp in "[\\u{0}-\\u{d7ff}]{0,600}") {
        rt!(PrintableString<'_>; PrintableString::new(&s).unwrap());
        rt!(Ia5String<'_>; Ia5String::new(&s).unwrap());
        rt!(VisibleString<'_>; VisibleString::new(&s).unwrap());
        rt!(Utf8String<'_>; Utf8String::new(&u).unwrap());
        rt!(UniversalString<'_>; UniversalString::new(&u).unwrap());
        rt!(BmpString<'_>; BmpString::new(&bmp).unwrap());
        rt!(TeletexString<'_>; TeletexString::new(&s).unwrap());
        rt!(GeneralString<'_>; GeneralString::new(&s).unwrap());
        rt!(GraphicString<'_>; GraphicString::new(&s).unwrap());
        rt!(ObjectDescriptor<'_>; ObjectDescriptor::new(&s).unwrap());
        rt!(VideotexString<'_>; VideotexString::new(&s).unwrap());
        let digits: String = s.chars().filter(|c| c.is_ascii_digit() || *c == ' ').collect();
        rt!(NumericString<'_>; NumericString::new(&digits).unwrap());
        prop_assert_eq!(Utf8String::new(&u).unwrap().to_text(), u.clone());
        prop_assert_eq!(UniversalString::new(&u).unwrap().to_text(), u);
    }

    #[test]
    fn times_rt(dt in date_time(), frac in 0u64..1_000_000, digits in 1u8..7) {
        rt!(UtcTime; UtcTime::new(dt).unwrap());
        rt!(GeneralizedTime; GeneralizedTime::new(dt).unwrap());
        // A canonical fraction has no trailing zero.
        let value = frac % 10u64.pow(u32::from(digits));
        if value % 10 != 0 {
            let mut f = dt;
            f.fraction = Some(Fraction { value, digits });
            rt!(GeneralizedTime; GeneralizedTime::new(f).unwrap());
        }
    }

    #[test]
    fn real_rt(v: f64, m: u64, e in -1000i32..1000, neg: bool) {
        let r = Real::from_f64(v);
        rt!(Real; r);
        if !v.is_nan() {
            prop_assert_eq!(r.to_f64().to_bits(), v.to_bits());
        }
        rt!(Real; Real::binary(neg, m, e));
        rt!(Real; Real::decimal(neg, m, e));
    }

    #[test]
    fn collections_rt(v in proptest::collection::vec(any::<i32>(), 0..40)) {
        rt!(Vec<i32>; v);

        let der = v.to_der().unwrap();
        let lazy: SequenceOf<i32> = from_der(&der).unwrap();
        prop_assert_eq!(lazy.iter().collect::<Vec<_>>(), v.clone());
        prop_assert_eq!(lazy.to_der().unwrap(), der);
        // SET OF from DER comes back sorted by encoding.
        let set: SetOfVec<i32> = from_der(&SetOfVec(v.clone()).to_der().unwrap()).unwrap();
        let mut sorted = v.clone();
        sorted.sort_by(|a, b| synta::types::set_of::der_order(&a.to_der().unwrap(), &b.to_der().unwrap()));
        prop_assert_eq!(&set.0, &sorted);
        // Once sorted, a SET OF round-trips exactly.
        rt!(SetOfVec<i32>; SetOfVec(sorted));
    }

    #[test]
    fn tagged_rt(a: u64, b in proptest::collection::vec(any::<u8>(), 0..1500)) {
        rt!(ContextExplicit<u64, 3>; ContextExplicit::<u64, 3>::from_inner(a));
        rt!(ContextImplicit<u64, 40>; ContextImplicit::<u64, 40>::from_inner(a));
        rt!(ContextImplicit<OctetStringRef<'_>, 1>; ContextImplicit::<OctetStringRef<'static>, 1>::from_inner(OctetStringRef::from_vec(b)));
    }

    /// Arbitrary structure: whatever decodes as DER re-encodes to the same bytes.
    #[test]
    fn der_reencodes_identically(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        if let Ok(t) = Tlv::parse(&bytes, Rules::Der) {
            prop_assert_eq!(t.to_der().unwrap(), bytes.clone());
        }
        if let Ok(a) = from_der::<AnyRef>(&bytes) {
            prop_assert_eq!(a.to_der().unwrap(), bytes.clone());
        }
    }

    /// Typed oracle on element-shaped random input.
    #[test]
    fn typed_der_oracle(tag in prop::sample::select(vec![1u8, 2, 3, 4, 5, 6, 9, 10, 12, 13, 19, 22, 23, 24, 30, 0x30, 0x31]),
                        content in proptest::collection::vec(any::<u8>(), 0..20)) {
        let mut bytes = vec![tag, u8::try_from(content.len()).unwrap()];
        bytes.extend_from_slice(&content);
        macro_rules! check {
            ($($t:ty),*) => {$(
                if let Ok(v) = from_der::<$t>(&bytes) {
                    prop_assert_eq!(v.to_der().unwrap(), bytes.clone(), "{}", stringify!($t));
                }
                if let Ok(v) = from_cer::<$t>(&bytes) {
                    prop_assert_eq!(v.to_cer().unwrap(), bytes.clone(), "{}", stringify!($t));
                }
            )*};
        }
        check!(bool, IntRef, i64, u64, BitStringRef, OctetStringRef, Null, ObjectIdentifierRef,
               Real, Enumerated, Utf8String, RelativeOidRef, PrintableString, Ia5String, UtcTime,
               GeneralizedTime, BmpString, SequenceOf<IntRef>, SetOf<IntRef>, Vec<bool>);
        if let Ok(t) = Tlv::parse(&bytes, Rules::Der) {
            prop_assert_eq!(t.to_der().unwrap(), bytes.clone());
        }
    }

    /// BER input never panics, and whatever decodes re-encodes as valid DER.
    #[test]
    fn ber_to_der(bytes in proptest::collection::vec(any::<u8>(), 0..48)) {
        if let Ok(t) = Tlv::parse(&bytes, Rules::Ber) {
            let der = t.to_der().unwrap();
            prop_assert!(Tlv::parse(&der, Rules::Der).is_ok());
        }
        if let Ok(v) = from_ber::<OctetStringRef>(&bytes) {
            let der = v.to_der().unwrap();
            prop_assert_eq!(from_der::<OctetStringRef>(&der).unwrap(), v);
        }
        let _ = synta::dump::dump(&bytes, Rules::Ber);
    }

    /// An element read as `AnyRef` under BER or CER and written under DER (and the other
    /// way round) comes out as the typed value's own encoding under the target rules.
    #[test]
    fn any_is_rewritten_in_the_target_rules(
        octets in proptest::collection::vec(any::<u8>(), 0..2100),
        text in "[A-Za-z0-9 ]{0,1100}",
        ints in proptest::collection::vec(any::<i32>(), 0..12),
        flags in proptest::collection::vec(any::<bool>(), 0..4),
        bits in proptest::collection::vec(any::<u8>(), 1..1100),
        unused in 0u8..8,
    ) {
        let bits = BitStringRef::from_vec(unused, {
            let mut b = bits;
            if let Some(last) = b.last_mut() { *last &= 0xffu8 << unused; }
            b
        }).unwrap();
        macro_rules! check {
            ($($v:expr),*) => {$({
                let v = &$v;
                for read in ALL {
                    let bytes = v.to_vec(read).unwrap();
                    let a: AnyRef = decode(&bytes, read).unwrap();
                    for target in [Rules::Der, Rules::Cer] {
                        let want = v.to_vec(target).unwrap();
                        prop_assert_eq!(a.to_vec(target).unwrap(), want.clone(), "{} -> {}", read, target);
                        prop_assert_eq!(a.encoded_len(target).unwrap(), want.len());
                    }
                }
            })*};
        }
        check!(
            OctetStringRef::from_vec(octets.clone()),
            PrintableString::new(text.as_str()).unwrap(),
            bits,
            SetOfVec(ints.clone()),
            vec![OctetStringRef::from_vec(octets.clone()); 2],
            flags.clone()
        );
    }

    /// Whatever reads as `AnyRef` under BER writes DER that reads back and is stable.
    #[test]
    fn any_from_ber_writes_stable_der(bytes in proptest::collection::vec(any::<u8>(), 0..48)) {
        if let Ok(a) = from_ber::<AnyRef>(&bytes) {
            if let Ok(der) = a.to_der() {
                let back = from_der::<AnyRef>(&der).unwrap();
                prop_assert_eq!(back.to_der().unwrap(), der.clone());
                let again = from_ber::<AnyRef>(&der).unwrap();
                prop_assert_eq!(again.to_der().unwrap(), der);
            }
        }
    }

    /// The owned types round-trip under every rule set like their borrowed forms.
    #[test]
    fn owned_rt(
        data in proptest::collection::vec(any::<u8>(), 0..2100),
        unused in 0u8..8,
        u in "\\PC{0,300}",
        p in "[A-Za-z0-9 '()+,./:=?-]{0,300}",
    ) {
        rt!(OctetString; OctetString::from_vec(data.clone()));
        let unused = if data.is_empty() { 0 } else { unused };
        let mut bits = data.clone();
        if let Some(last) = bits.last_mut() {
            *last &= 0xffu8 << unused;
        }
        rt!(BitString; BitString::from_vec(unused, bits).unwrap());
        rt!(Utf8StringBuf; Utf8StringBuf::new(&u).unwrap());
        rt!(PrintableStringBuf; PrintableStringBuf::new(&p).unwrap());
        rt!(ContextImplicit<OctetString, 1>; ContextImplicit::<OctetString, 1>::from_inner(OctetString::from_vec(data.clone())));
        let element = OctetStringRef::new(&data).to_der().unwrap();
        let any: Any = from_der(&element).unwrap();
        prop_assert_eq!(any.raw(), &element[..]);
        prop_assert_eq!(any.to_der().unwrap(), element.clone());
    }

    /// Owned and borrowed decoders accept and reject exactly the same inputs, with the
    /// same error (kind and offset), under every rule set.
    #[test]
    fn owned_decodes_like_borrowed(bytes in proptest::collection::vec(any::<u8>(), 0..48)) {
        macro_rules! same {
            ($($owned:ty => $borrowed:ty),*) => {$(
                for rules in ALL {
                    let o = decode::<$owned>(&bytes, rules);
                    let b = decode::<$borrowed>(&bytes, rules);
                    match (o, b) {
                        (Ok(o), Ok(b)) => prop_assert!(o == b, "{} {rules}", stringify!($owned)),
                        (Err(o), Err(b)) => prop_assert_eq!(o, b),
                        (o, b) => prop_assert!(false, "{} {rules}: {o:?} vs {b:?}", stringify!($owned)),
                    }
                }
            )*};
        }
        same!(OctetString => OctetStringRef, BitString => BitStringRef,
              Utf8StringBuf => Utf8String, PrintableStringBuf => PrintableString,
              Ia5StringBuf => Ia5String, BmpStringBuf => BmpString, Any => AnyRef,
              OpaqueBuf<31, false> => Opaque<31, false>);
    }
}
