//! Round-trip oracle: whatever decodes under DER re-encodes to the same bytes (generic
//! tree and every typed decoder); CER likewise; BER input never panics and its DER
//! re-encoding is valid DER.
#![no_main]

use libfuzzer_sys::fuzz_target;
use synta::*;

macro_rules! typed {
    ($data:expr, $($t:ty),*) => {$(
        if let Ok(v) = from_der::<$t>($data) {
            assert_eq!(v.to_der().expect("encode"), $data, "{}", stringify!($t));
        }
        if let Ok(v) = from_cer::<$t>($data) {
            assert_eq!(v.to_cer().expect("encode"), $data, "{}", stringify!($t));
        }
        if let Ok(v) = from_ber::<$t>($data) {
            let der = v.to_der().expect("encode");
            let _ = from_ber::<$t>(&der).expect("DER output reads back as BER");
        }
    )*};
}

fuzz_target!(|data: &[u8]| {
    if let Ok(t) = Tlv::parse(data, Rules::Der) {
        assert_eq!(t.to_der().expect("encode"), data);
    }
    if let Ok(t) = Tlv::parse(data, Rules::Cer) {
        assert_eq!(t.to_cer().expect("encode"), data);
    }
    if let Ok(t) = Tlv::parse(data, Rules::Ber) {
        let der = t.to_der().expect("encode");
        Tlv::parse(&der, Rules::Der).expect("BER tree re-encodes as valid DER");
    }
    typed!(
        data,
        bool,
        IntRef,
        i64,
        u128,
        Enumerated,
        Null,
        ObjectIdentifierRef,
        RelativeOidRef,
        BitStringRef,
        OctetStringRef,
        Utf8String,
        PrintableString,
        Ia5String,
        BmpString,
        UniversalString,
        UtcTime,
        GeneralizedTime,
        Real,
        AnyRef,
        SequenceOf<IntRef>,
        SetOf<OctetStringRef>,
        Vec<AnyRef>
    );
    for rules in [Rules::Der, Rules::Ber, Rules::Cer] {
        let _ = dump::dump(data, rules);
    }
});
