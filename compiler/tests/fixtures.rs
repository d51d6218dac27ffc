//! Compiler fixtures: every valid module compiles without diagnostics and its IR is a
//! snapshot; every invalid module is rejected with the diagnostic its first line names
//! (`-- expect: <slug>`), and the rendered diagnostics are a snapshot.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)]

use std::path::Path;
use synta_codegen::driver::compile_files;

/// Compiles a fixture by its path relative to the crate (tests run in the crate's
/// folder), so that snapshots do not depend on where the repository is checked out.
fn compile(path: &Path) -> synta_codegen::driver::Compilation {
    let relative = path
        .strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .to_path_buf();
    compile_files(&[relative], &[])
}

/// Cases the compiler does not handle yet, each with the reason; they are checked to
/// still fail, so fixing one means removing it here.
const KNOWN_GAPS: &[(&str, &str)] = &[];

fn known_gap(path: &Path) -> bool {
    let case = case_dir(path)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("");
    KNOWN_GAPS.iter().any(|(name, _)| *name == case)
}

fn case_dir(path: &Path) -> &Path {
    path.parent().expect("a fixture lives in a folder")
}

#[test]
fn valid_fixtures_compile_and_match_their_ir_snapshots() {
    insta::glob!("fixtures/*/input.asn1", |path| {
        let c = compile(path);
        if known_gap(path) {
            assert!(
                !c.is_ok(),
                "{} now compiles: remove it from KNOWN_GAPS",
                path.display()
            );
            return;
        }
        assert!(
            c.is_ok(),
            "{} should compile but gave:\n{}",
            path.display(),
            c.render_diagnostics()
        );
        insta::with_settings!({
            snapshot_path => case_dir(path),
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_yaml_snapshot!("ir", c.ir);
            insta::assert_snapshot!("rust", generated_rust(&c.ir));
            insta::assert_snapshot!("c", join_files(&generated_c(&c.ir)));
        });
    });
}

/// Every generated C file of a fixture.
fn generated_c(ir: &synta_codegen::ir::Ir) -> std::collections::BTreeMap<String, String> {
    synta_codegen::backend::c::generate(ir, &Default::default())
        .unwrap_or_else(|e| panic!("the C backend failed: {e}"))
}

/// Files concatenated under `// file:` headers.
fn join_files(files: &std::collections::BTreeMap<String, String>) -> String {
    files
        .iter()
        .map(|(name, text)| format!("// file: {name}\n{text}"))
        .collect()
}

/// The generated C of every fixture compiles with `-std=c11 -Wall -Wextra -Werror
/// -pedantic` against the runtime's headers (skipped where no C compiler is installed).
#[test]
fn generated_c_of_every_fixture_compiles() {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    if std::process::Command::new(&cc)
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipped: no C compiler `{cc}`");
        return;
    }
    let include = Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime-c/include");
    let mut failures = Vec::new();
    insta::glob!("fixtures/*/input.asn1", |path| {
        if known_gap(path) {
            return;
        }
        let c = compile(path);
        let dir = std::env::temp_dir().join(format!(
            "synta-c-fixture-{}-{}",
            std::process::id(),
            case_dir(path)
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or("x")
        ));
        synta_codegen::config::write_if_changed(&dir, &generated_c(&c.ir))
            .expect("temp dir is writable");
        for entry in std::fs::read_dir(&dir).expect("just written") {
            let file = entry.expect("readable").path();
            if file.extension().is_some_and(|e| e == "c") {
                let out = std::process::Command::new(&cc)
                    .args([
                        "-std=c11",
                        "-Wall",
                        "-Wextra",
                        "-Werror",
                        "-pedantic",
                        "-c",
                        "-o",
                    ])
                    .arg(file.with_extension("o"))
                    .arg("-I")
                    .arg(&include)
                    .arg("-I")
                    .arg(&dir)
                    .arg(&file)
                    .output()
                    .expect("the compiler runs");
                if !out.status.success() {
                    failures.push(format!(
                        "{}:\n{}",
                        file.display(),
                        String::from_utf8_lossy(&out.stderr)
                    ));
                }
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every generated Rust file of a fixture, concatenated under `// file:` headers.
fn generated_rust(ir: &synta_codegen::ir::Ir) -> String {
    let files = synta_codegen::backend::rust::generate(ir, &Default::default())
        .unwrap_or_else(|e| panic!("the Rust backend failed: {e}"));
    files
        .iter()
        .map(|(name, text)| format!("// file: {name}\n{text}"))
        .collect()
}

/// The owned-mode Rust of every fixture (files joined like [`generated_rust`]).
fn generated_owned_rust(ir: &synta_codegen::ir::Ir) -> String {
    let options = synta_codegen::backend::rust::RustOptions {
        mode: synta_codegen::Mode::Owned,
        // Lazy types decode eagerly in owned mode: naming one must change nothing.
        lazy: ["Name".to_string()].into(),
        ..Default::default()
    };
    let files = synta_codegen::backend::rust::generate(ir, &options)
        .unwrap_or_else(|e| panic!("the Rust backend failed in owned mode: {e}"));
    files
        .iter()
        .map(|(name, text)| format!("// file: {name}\n{text}"))
        .collect()
}

/// Owned mode: no generated type takes a lifetime or names a borrowed runtime type, for
/// every fixture (the `tests/codegen` crate compiles them all).
#[test]
fn owned_mode_has_no_lifetimes() {
    insta::glob!("fixtures/*/input.asn1", |path| {
        let c = compile(path);
        if !c.is_ok() {
            return;
        }
        let text = generated_owned_rust(&c.ir);
        for line in text.lines() {
            let item = ["pub struct ", "pub enum ", "pub type "]
                .iter()
                .any(|p| line.trim_start().starts_with(p));
            assert!(
                !(item && line.contains("<'a>")),
                "{}: {line}",
                path.display()
            );
            for borrowed in ["Ref<'a>", "Lazy<", "AnyRef", "&'a [u8]", "String<'a>"] {
                assert!(!line.contains(borrowed), "{}: {line}", path.display());
            }
        }
    });
}

/// Snapshots of owned-mode output for fixtures covering tags, CHOICE, OPTIONAL and
/// DEFAULT, collections, recursion, open types and the raw universal types.
#[test]
fn owned_mode_snapshots() {
    insta::glob!(
        "fixtures/{proto_x509_like,rec_sequence_of,rec_self_optional,param_rfc5912_algorithm_identifier,param_rfc5912_extensions,seq_extension_marker,type_instance_of,charstr_restricted_all,time_x680_time_types}/input.asn1",
        |path| {
            let c = compile(path);
            assert!(c.is_ok(), "{}", c.render_diagnostics());
            insta::with_settings!({
                snapshot_path => case_dir(path),
                prepend_module_to_snapshot => false,
                omit_expression => true,
            }, {
                insta::assert_snapshot!("rust-owned", generated_owned_rust(&c.ir));
            });
        }
    );
}

#[test]
fn invalid_fixtures_report_the_expected_diagnostic() {
    insta::glob!("invalid/*/input.asn1", |path| {
        let text = std::fs::read_to_string(path).expect("fixture is readable");
        let expected = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("-- expect:"))
            .map(str::trim)
            .expect("first line is `-- expect: <slug>`")
            .to_string();
        let c = compile(path);
        let slugs_now: Vec<&str> = c.diagnostics.iter().map(|d| d.code.slug()).collect();
        if known_gap(path) {
            assert!(
                !slugs_now.contains(&expected.as_str()),
                "{} now reports `{expected}`: remove it from KNOWN_GAPS",
                path.display()
            );
            return;
        }
        assert!(!c.is_ok(), "{} should be rejected", path.display());
        let slugs: Vec<&str> = c.diagnostics.iter().map(|d| d.code.slug()).collect();
        assert!(
            slugs.contains(&expected.as_str()),
            "{}: expected a `{expected}` diagnostic, got {slugs:?}:\n{}",
            path.display(),
            c.render_diagnostics()
        );
        let rendered = c.render_diagnostics().replace('\\', "/");
        insta::with_settings!({
            snapshot_path => case_dir(path),
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!("diagnostics", rendered);
        });
    });
}
