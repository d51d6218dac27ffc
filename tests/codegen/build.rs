//! Generates Rust for every valid compiler fixture through `synta_codegen::Config` (the
//! build.rs API users call), one output folder per fixture, and a module list; once in
//! borrowed mode (`fixtures`) and once in owned mode (`owned`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let fixtures = PathBuf::from("../../compiler/tests/fixtures");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap());
    let mut cases: Vec<_> = std::fs::read_dir(&fixtures)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("input.asn1").exists())
        .collect();
    cases.sort();
    for (mode, dir) in [
        (synta_codegen::Mode::Borrowed, "fixtures"),
        (synta_codegen::Mode::Owned, "owned"),
    ] {
        let mut list = String::new();
        for case in &cases {
            let name = case.file_name().unwrap().to_str().unwrap().to_string();
            let mut config = synta_codegen::Config::new();
            config.schema(case.join("input.asn1")).mode(mode);
            if mode == synta_codegen::Mode::Owned {
                // Owned mode decodes lazy types eagerly: `tests/owned.rs` builds
                // `proto_x509_like` values whose `Name` components are plain `Name`s.
                config.lazy("Name");
            } else if name == "seqof_tagged_nested_constraints" {
                // Deferred lists whose elements `Lazy::get` checks (`tests/roundtrip.rs`).
                config.lazy("Digits").lazy("Matrix");
            }
            config
                .out_dir(out.join(dir).join(&name))
                .compile()
                .unwrap_or_else(|e| panic!("{name} ({mode:?}): {e}"));
            writeln!(
                list,
                "pub mod {name} {{ include!(concat!(env!(\"OUT_DIR\"), \"/{dir}/{name}/mod.rs\")); }}"
            )
            .unwrap();
        }
        std::fs::write(out.join(format!("{dir}.rs")), list).unwrap();
    }
    println!("cargo:rerun-if-changed=../../compiler/tests/fixtures");
}
