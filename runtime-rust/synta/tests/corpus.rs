//! Real certificates: DER validation, tree re-encoding byte for byte, dump.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use synta::*;

fn check_der(der: &[u8], what: &str) {
    let tree = Tlv::parse(der, Rules::Der).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(tree.to_der().unwrap(), der, "{what}");
    // CER re-encoding reads back under CER and gives the same tree.
    let cer = tree.to_cer().unwrap();
    assert_eq!(Tlv::parse(&cer, Rules::Cer).unwrap(), tree, "{what}");
    walk::validate(der, Rules::Der).unwrap_or_else(|e| panic!("{what}: {e}"));
    let (_, res) = dump::dump(der, Rules::Der);
    res.unwrap();
    let any = from_der::<AnyRef>(der).unwrap();
    assert_eq!(any.raw(), der);
}

#[test]
fn bundled_certificate() {
    let der = include_bytes!("data/selfsigned-p256.der");
    check_der(der, "selfsigned-p256.der");
    // Its serial number through the typed API.
    let cert = from_der::<AnyRef>(der).unwrap();
    let tbs: SequenceOf<AnyRef> = cert.decode_as(Rules::Der).unwrap();
    let tbs = tbs.iter().next().unwrap();
    let fields: Vec<AnyRef> = tbs
        .decode_as::<SequenceOf<AnyRef>>(Rules::Der)
        .unwrap()
        .iter()
        .collect();
    let serial: IntRef = fields[1].decode_as(Rules::Der).unwrap();
    assert!(!serial.is_negative());
}

/// The machine's CA bundle, when there is one (skipped otherwise).
#[test]
fn system_ca_certificates() {
    let Ok(dir) = std::fs::read_dir("/etc/ssl/certs") else {
        return;
    };
    let mut n = 0;
    let mut non_der = Vec::new();
    for entry in dir.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "pem") {
            continue;
        }
        let Ok(text) = std::fs::read(&path) else {
            continue;
        };
        if !pem::is_pem(&text) {
            continue;
        }
        let der = pem::decode(&text).unwrap();
        // Another machine's bundle may hold a certificate that is BER but not strict
        // DER; those are reported, not failed on.
        if walk::validate(&der, Rules::Der).is_ok() {
            check_der(&der, &path.display().to_string());
            n += 1;
        } else {
            Tlv::parse(&der, Rules::Ber).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            non_der.push(path.display().to_string());
        }
    }
    println!("{n} CA certificates checked as DER; not DER: {non_der:?}");
}
