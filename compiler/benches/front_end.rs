//! Front-end throughput: parse, and parse + semantic analysis, of a generated module of
//! 15,000 assignments (about 1 MB) and of one four times larger, to show the cost is
//! linear in the input.

#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use synta_codegen::driver::compile_sources;

/// A module of about `n` assignments mixing the constructs real schemas use: constrained
/// INTEGERs, SEQUENCEs with OPTIONAL, DEFAULT and references, CHOICEs with tags,
/// SET OF with SIZE, ENUMERATED, and OBJECT IDENTIFIER values built from earlier ones.
fn generate(n: usize) -> String {
    let mut s = String::with_capacity(n * 80);
    s.push_str("Bench-Module { 1 3 6 1 4 1 32473 999 } DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n");
    s.push_str("id-root OBJECT IDENTIFIER ::= { 1 3 6 1 4 1 32473 1 }\n");
    s.push_str("T0 ::= INTEGER (0..255)\n");
    let units = n / 5;
    for i in 1..=units {
        let p = i - 1;
        s.push_str(&format!(
            "T{i} ::= SEQUENCE {{ id INTEGER (0..65535), name UTF8String (SIZE (1..64)), \
             flags BIT STRING {{ a(0), b(1) }} OPTIONAL, prev T{p} OPTIONAL, \
             kind ENUMERATED {{ x, y, z }} DEFAULT x }}\n\
             C{i} ::= CHOICE {{ a [0] T{i}, b [1] OCTET STRING, c [2] SEQUENCE OF INTEGER }}\n\
             S{i} ::= SET SIZE (1..10) OF C{i}\n\
             id-{i} OBJECT IDENTIFIER ::= {{ id-root {i} }}\n\
             v{i} INTEGER ::= {i}\n"
        ));
    }
    s.push_str("END\n");
    s
}

fn front_end(c: &mut Criterion) {
    let mut group = c.benchmark_group("front_end");
    group.sample_size(10);
    for n in [15_000usize, 60_000] {
        let text = generate(n);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("parse", n), &text, |b, text| {
            b.iter(|| {
                let f = synta_codegen::parse::parse_file(text, synta_codegen::ast::FileId(0));
                assert!(f.is_ok());
            });
        });
        group.bench_with_input(
            BenchmarkId::new("parse_and_analyse", n),
            &text,
            |b, text| {
                b.iter(|| {
                    let c = compile_sources(&[("bench.asn1", text)]);
                    assert!(c.is_ok(), "{}", c.render_diagnostics());
                });
            },
        );
    }
    group.finish();
}

criterion_group!(benches, front_end);
criterion_main!(benches);
