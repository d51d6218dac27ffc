//! Instruction-count driver for callgrind: runs one parser's `parse` or `fields` over a
//! dataset (`roots` unless a fourth argument names another) N times. `c` is the C
//! `synta_cert` API through its FFI entry, so one callgrind session compares the two.
//!
//! ```sh
//! cargo build --release --example cg
//! valgrind --tool=callgrind target/release/examples/cg synta parse 20
//! valgrind --tool=callgrind target/release/examples/cg c fields 20 generated
//! ```

use std::hint::black_box;

use synta_bench::{corpus, ours::Synta, synta_0_5_1::Synta051, synta_c::SyntaC, Parser};

fn run<P: Parser>(certs: &[Vec<u8>], fields: bool, n: usize) -> usize {
    let mut ok = 0;
    for _ in 0..n {
        for der in certs {
            if fields {
                ok += usize::from(black_box(P::fields(black_box(der))).is_some());
            } else {
                ok += usize::from(P::parse(black_box(der)));
            }
        }
    }
    ok
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map_or("synta", String::as_str);
    let fields = args.get(2).map_or("parse", String::as_str) == "fields";
    let n: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(10);
    let sets = corpus::load().expect("corpus");
    let dataset = args.get(4).map_or("roots", String::as_str);
    let set = sets
        .iter()
        .find(|s| s.name == dataset)
        .unwrap_or_else(|| panic!("no dataset {dataset}"));
    let certs = &set.certs;
    let go = |n| match which {
        "synta" => run::<Synta>(certs, fields, n),
        "old" => run::<Synta051>(certs, fields, n),
        "c" => run::<SyntaC>(certs, fields, n),
        _ => panic!("synta|old|c"),
    };
    if std::env::var_os("CG_TIME").is_some() {
        let mut best = f64::MAX;
        for _ in 0..7 {
            let t = std::time::Instant::now();
            go(n);
            best = best.min(t.elapsed().as_nanos() as f64 / (n * certs.len()) as f64);
        }
        println!(
            "{which} {}: {best:.0} ns/cert",
            if fields { "fields" } else { "parse" }
        );
    }
    let ok = go(n);
    println!("{} certs x {n}: {ok} ok", certs.len());
}
