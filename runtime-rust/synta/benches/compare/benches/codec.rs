//! Codec benchmarks against `der` and synta 0.5.1 (crates.io), measured in the same run.
//!
//! Each group has one function per library; after criterion, a plain timing loop prints
//! the ratios (ours / peer: below 1.0 means synta is faster).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, Criterion};
use der::Decode as _;
use synta::{Decode as _, Encode as _, Rules};

const INT: &[u8] = &[0x02, 0x08, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe];
const OID: &[u8] = &[
    0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b,
];

fn octets() -> Vec<u8> {
    let mut v = vec![0x04, 0x82, 0x04, 0x00];
    v.extend((0..1024u32).map(|i| (i % 251) as u8));
    v
}

fn header_input() -> Vec<u8> {
    let mut v = vec![0x30, 0x82, 0x01, 0x00];
    v.extend([0u8; 256]);
    v
}

fn seq_values() -> Vec<i64> {
    (0..32).map(|i| i * 1_000_003 - 7).collect()
}

/// One benchmark: name and the three contenders.
struct Case {
    name: &'static str,
    synta: Box<dyn Fn()>,
    der: Box<dyn Fn()>,
    old: Box<dyn Fn()>,
}

fn cases() -> Vec<Case> {
    let hdr = header_input();
    let (h1, h2, h3) = (hdr.clone(), hdr.clone(), hdr);
    let os = octets();
    let (o1, o2, o3) = (os.clone(), os.clone(), os);
    let seq = seq_values();
    let (s1, s2) = (seq.clone(), seq.clone());
    let s3 = synta_old::SequenceOf::from_vec(
        seq.iter()
            .map(|&v| synta_old::Integer::from_i64(v))
            .collect(),
    );
    let der_oid = der::asn1::ObjectIdentifier::from_der(OID).unwrap();
    let old_oid: synta_old::ObjectIdentifier =
        synta_old::Decoder::new(OID, synta_old::Encoding::Der)
            .decode()
            .unwrap();
    let our_oid = synta::ObjectIdentifierRef::from_der(OID)
        .unwrap()
        .to_owned_oid();
    let old_int = synta_old::Integer::from_i64(0x7fff_ffff_ffff_fffe);
    let old_os_data = o3.clone();
    vec![
        Case {
            name: "tag+length",
            synta: Box::new(move || {
                let mut r = synta::Reader::new(black_box(&h1), Rules::Der);
                black_box(r.read_header().unwrap());
            }),
            der: Box::new(move || {
                let mut r = der::SliceReader::new(black_box(&h2)).unwrap();
                black_box(<der::Header as der::Decode>::decode(&mut r).unwrap());
            }),
            old: Box::new(move || {
                let b = black_box(&h3[..]);
                let (t, n) = synta_old::Tag::decode(b, 0).unwrap();
                let (l, m) = synta_old::Length::decode(b, n).unwrap();
                black_box((t, l, m));
            }),
        },
        Case {
            name: "INTEGER decode",
            synta: Box::new(|| {
                black_box(<i64 as synta::Decode>::from_der(black_box(INT)).unwrap());
            }),
            der: Box::new(|| {
                black_box(<i64 as der::Decode>::from_der(black_box(INT)).unwrap());
            }),
            old: Box::new(|| {
                let v: synta_old::Integer =
                    synta_old::Decoder::new(black_box(INT), synta_old::Encoding::Der)
                        .decode()
                        .unwrap();
                black_box(v.as_i64().unwrap());
            }),
        },
        Case {
            name: "INTEGER encode",
            synta: Box::new(|| {
                black_box(synta::Encode::to_der(&black_box(0x7fff_ffff_ffff_fffe_i64)).unwrap());
            }),
            der: Box::new(|| {
                black_box(der::Encode::to_der(&black_box(0x7fff_ffff_ffff_fffe_i64)).unwrap());
            }),
            old: Box::new(move || {
                black_box(synta_old::ToDer::to_der(black_box(&old_int)).unwrap());
            }),
        },
        Case {
            name: "OID decode",
            synta: Box::new(|| {
                black_box(synta::ObjectIdentifierRef::from_der(black_box(OID)).unwrap());
            }),
            der: Box::new(|| {
                black_box(der::asn1::ObjectIdentifier::from_der(black_box(OID)).unwrap());
            }),
            old: Box::new(|| {
                let v: synta_old::ObjectIdentifier =
                    synta_old::Decoder::new(black_box(OID), synta_old::Encoding::Der)
                        .decode()
                        .unwrap();
                black_box(v);
            }),
        },
        Case {
            name: "OID encode",
            synta: Box::new(move || {
                black_box(black_box(&our_oid).to_der().unwrap());
            }),
            der: Box::new(move || {
                black_box(der::Encode::to_der(black_box(&der_oid)).unwrap());
            }),
            old: Box::new(move || {
                black_box(synta_old::ToDer::to_der(black_box(&old_oid)).unwrap());
            }),
        },
        Case {
            name: "OCTET STRING 1 KiB decode",
            synta: Box::new(move || {
                black_box(synta::OctetStringRef::from_der(black_box(&o1)).unwrap());
            }),
            der: Box::new(move || {
                black_box(der::asn1::OctetStringRef::from_der(black_box(&o2)).unwrap());
            }),
            old: Box::new(move || {
                let v: synta_old::OctetStringRef =
                    synta_old::Decoder::new(black_box(&o3), synta_old::Encoding::Der)
                        .decode()
                        .unwrap();
                black_box(v);
            }),
        },
        Case {
            name: "OCTET STRING 1 KiB encode",
            synta: Box::new({
                let d = old_os_data.clone();
                move || {
                    let v = synta::OctetStringRef::new(black_box(&d[4..]));
                    black_box(v.to_der().unwrap());
                }
            }),
            der: Box::new({
                let d = old_os_data.clone();
                move || {
                    let v = der::asn1::OctetStringRef::new(black_box(&d[4..])).unwrap();
                    black_box(der::Encode::to_der(&v).unwrap());
                }
            }),
            old: Box::new(move || {
                let v = synta_old::OctetStringRef::new(black_box(&old_os_data[4..]));
                black_box(synta_old::ToDer::to_der(&v).unwrap());
            }),
        },
        Case {
            name: "SEQUENCE OF 32 INTEGER encode",
            synta: Box::new(move || {
                black_box(synta::Encode::to_der(black_box(&s1)).unwrap());
            }),
            der: Box::new(move || {
                black_box(der::Encode::to_der(black_box(&s2)).unwrap());
            }),
            old: Box::new(move || {
                black_box(synta_old::ToDer::to_der(black_box(&s3)).unwrap());
            }),
        },
    ]
}

fn bench(c: &mut Criterion) {
    for case in cases() {
        let mut g = c.benchmark_group(case.name);
        g.bench_function("synta", |b| b.iter(|| (case.synta)()));
        g.bench_function("der", |b| b.iter(|| (case.der)()));
        g.bench_function("synta 0.5.1", |b| b.iter(|| (case.old)()));
        g.finish();
    }
}

criterion_group!(benches, bench);

/// Nanoseconds per call: best of several timed batches.
fn ns_per_call(f: &dyn Fn()) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..7 {
        let n = 20_000u32;
        let t = Instant::now();
        for _ in 0..n {
            f();
        }
        let per = t.elapsed().as_secs_f64() * 1e9 / f64::from(n);
        best = best.min(per);
    }
    best
}

fn ratios() {
    println!();
    println!(
        "{:<32} {:>10} {:>10} {:>12} {:>9} {:>11}",
        "case", "synta ns", "der ns", "0.5.1 ns", "vs der", "vs 0.5.1"
    );
    for case in cases() {
        let s = ns_per_call(&case.synta);
        let d = ns_per_call(&case.der);
        let o = ns_per_call(&case.old);
        println!(
            "{:<32} {:>10.1} {:>10.1} {:>12.1} {:>8.2}x {:>10.2}x",
            case.name,
            s,
            d,
            o,
            s / d,
            s / o
        );
    }
}

fn main() {
    let quick = std::env::args().any(|a| a == "--ratios-only");
    if !quick {
        let mut c = Criterion::default()
            .configure_from_args()
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(1));
        benches_with(&mut c);
        c.final_summary();
    }
    ratios();
}

fn benches_with(c: &mut Criterion) {
    bench(c);
}
