//! Criterion comparison of X.509 certificate parsers; see ../README.md.
//!
//! Groups are `parse_<dataset>` and `fields_<dataset>`; the functions in each are the
//! entries of `synta_bench::parsers()`. One iteration handles the whole dataset, and the
//! throughput is reported in certificates.

use std::collections::BTreeMap;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use synta_bench::corpus::{self, Dataset};
use synta_bench::{parsers, Entry, Fields};

/// Keep the certificates every parser extracts [`Fields`] from; report the others, and
/// where the parsers disagree with the reference (the first entry) on anything but the DN
/// strings, whose formats differ by design.
fn prefilter(set: &Dataset, parsers: &[Entry]) -> Vec<Vec<u8>> {
    let mut failed: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    let mut mismatch: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    let mut kept = Vec::new();
    for (der, label) in set.certs.iter().zip(&set.labels) {
        let fields: Vec<Option<Fields>> = parsers.iter().map(|p| (p.fields)(der)).collect();
        let mut all_ok = true;
        for (p, f) in parsers.iter().zip(&fields) {
            if f.is_none() {
                let stage = if (p.parse)(der) { "fields" } else { "parse" };
                failed
                    .entry(p.name)
                    .or_default()
                    .push(format!("{label} ({stage})"));
                all_ok = false;
            }
        }
        if !all_ok {
            continue;
        }
        let reference = fields[0].as_ref().unwrap();
        for (p, f) in parsers.iter().zip(&fields).skip(1) {
            for field in differences(reference, f.as_ref().unwrap()) {
                *mismatch.entry((p.name, field)).or_default() += 1;
            }
        }
        kept.push(der.clone());
    }

    eprintln!(
        "dataset {}: {} certificates, {} parsed by every library",
        set.name,
        set.certs.len(),
        kept.len()
    );
    for (name, labels) in &failed {
        eprintln!(
            "  excluded: {} that {name} fails on: {}",
            labels.len(),
            labels.join(" ")
        );
    }
    for ((name, field), n) in &mismatch {
        eprintln!(
            "  cross-check: {name} differs from {} on `{field}` for {n} certificates",
            parsers[0].name
        );
    }
    if let Some(der) = kept.first() {
        eprintln!("  subject of the first certificate, per library:");
        for p in parsers {
            let f = (p.fields)(der).unwrap();
            eprintln!("    {:<12} {}", p.name, f.subject);
        }
    }
    kept
}

fn differences(a: &Fields, b: &Fields) -> Vec<&'static str> {
    let mut out = Vec::new();
    let mut check = |same: bool, name| {
        if !same {
            out.push(name);
        }
    };
    check(a.version == b.version, "version");
    check(a.serial_hex == b.serial_hex, "serial_hex");
    check(a.sig_alg_oid == b.sig_alg_oid, "sig_alg_oid");
    check(a.signature == b.signature, "signature");
    check(a.not_before == b.not_before, "not_before");
    check(a.not_after == b.not_after, "not_after");
    check(a.pk_alg_oid == b.pk_alg_oid, "pk_alg_oid");
    check(a.public_key == b.public_key, "public_key");
    out
}

fn x509_compare(c: &mut Criterion) {
    let parsers = parsers();
    let datasets = corpus::load().expect("reading the certificate corpus");
    for set in &datasets {
        let certs = prefilter(set, &parsers);
        if certs.is_empty() {
            eprintln!("dataset {}: nothing to measure", set.name);
            continue;
        }
        let n = certs.len();

        let mut group = c.benchmark_group(format!("parse_{}", set.name));
        group.throughput(Throughput::Elements(n as u64));
        for p in &parsers {
            assert_eq!((p.parse_all)(&certs), n, "{} parse", p.name);
            group.bench_function(p.name, |b| b.iter(|| (p.parse_all)(black_box(&certs))));
        }
        group.finish();

        let mut group = c.benchmark_group(format!("fields_{}", set.name));
        group.throughput(Throughput::Elements(n as u64));
        for p in &parsers {
            assert_eq!((p.fields_all)(&certs), n, "{} fields", p.name);
            group.bench_function(p.name, |b| b.iter(|| (p.fields_all)(black_box(&certs))));
        }
        group.finish();
    }
}

criterion_group!(benches, x509_compare);
criterion_main!(benches);
