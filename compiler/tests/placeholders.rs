//! Draft placeholders (`Config::placeholder`, `--placeholder TBD=0`): the configured
//! value is used where the draft writes an unassigned number, and every use is reported
//! as a warning with its position.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)]

use num_bigint::BigInt;
use std::collections::BTreeMap;
use std::path::PathBuf;
use synta_codegen::driver::{compile_files, compile_files_with, Compilation};
use synta_codegen::ir::{DefinitionKind, Value};
use synta_codegen::Code;

const INPUT: &str = "tests/placeholders/input.asn1";

fn compile_with(placeholders: &[(&str, i64)]) -> Compilation {
    let map: BTreeMap<String, BigInt> = placeholders
        .iter()
        .map(|(n, v)| (n.to_string(), BigInt::from(*v)))
        .collect();
    compile_files_with(&[PathBuf::from(INPUT)], &[], &map)
}

fn value(c: &Compilation, name: &str) -> Value {
    let module = c.ir.modules.first().expect("one module");
    match &module
        .definitions
        .iter()
        .find(|d| d.name == name)
        .expect("defined")
        .kind
    {
        DefinitionKind::Value { value, .. } => value.clone(),
        other => panic!("{name} is not a value: {other:?}"),
    }
}

#[test]
fn without_placeholders_the_names_are_errors_that_mention_the_option() {
    let c = compile_files(&[PathBuf::from(INPUT)], &[]);
    assert!(!c.is_ok());
    assert!(c.warnings.is_empty());
    assert!(c
        .diagnostics
        .iter()
        .all(|d| d.code == Code::UnresolvedReference));
    let text = c.render_diagnostics();
    assert!(text.contains("--placeholder TBD=NUMBER"), "{text}");
    assert!(text.contains("--placeholder TBD1=NUMBER"), "{text}");
}

#[test]
fn placeholders_give_values_and_one_warning_per_use() {
    let c = compile_with(&[("TBD", 42), ("TBD1", 999_999), ("Defined", 5)]);
    assert!(c.is_ok(), "{}", c.render_diagnostics());
    assert_eq!(c.warnings.len(), 3, "{}", c.render_warnings());
    assert!(c.warnings.iter().all(|w| w.code == Code::Placeholder));
    assert!(c.warnings.iter().all(|w| w.code.is_warning()));
    assert_eq!(
        c.ir.modules[0].oid.as_deref(),
        Some("1.3.6.1.5.5.7.0.999999")
    );
    assert_eq!(
        value(&c, "id-pe-draft"),
        Value::ObjectIdentifier("1.3.6.1.5.5.7.1.42".into())
    );
    assert_eq!(
        value(&c, "draft-version"),
        Value::Integer(synta_codegen::ir::BigInteger(BigInt::from(42)))
    );
    // A defined name is resolved as usual: `id-defined` extends `id-pe-draft`.
    assert_eq!(
        value(&c, "id-defined"),
        Value::ObjectIdentifier("1.3.6.1.5.5.7.1.42.7".into())
    );
    insta::with_settings!({
        snapshot_path => "placeholders",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!("warnings", c.render_warnings().replace('\\', "/"));
    });
}

#[test]
fn the_ir_and_the_generated_code_say_which_values_are_placeholders() {
    let c = compile_with(&[("TBD", 42), ("TBD1", 999_999)]);
    let module = &c.ir.modules[0];
    assert_eq!(module.placeholders.len(), 1);
    assert_eq!(module.placeholders[0].name, "TBD1");
    let def = module
        .definitions
        .iter()
        .find(|d| d.name == "id-pe-draft")
        .expect("defined");
    assert_eq!(def.placeholders.len(), 1);
    assert_eq!(def.placeholders[0].value, "42");
    assert_eq!(def.placeholders[0].location.line, 11);
    // `id-defined` uses the placeholder only through `id-pe-draft`.
    let derived = module.definitions.iter().find(|d| d.name == "id-defined");
    assert!(derived.expect("defined").placeholders.is_empty());
    let rust = synta_codegen::backend::rust::generate(&c.ir, &Default::default())
        .expect("generates")
        .into_values()
        .collect::<String>();
    assert!(rust.contains("Placeholder: `TBD`"), "{rust}");
    assert!(
        rust.contains("Module identifier: Placeholder: `TBD1`"),
        "{rust}"
    );
    let c_files = synta_codegen::backend::c::generate(&c.ir, &Default::default())
        .expect("generates")
        .into_values()
        .collect::<String>();
    assert!(c_files.contains("Placeholder: `TBD`"), "{c_files}");
    assert!(
        c_files.contains("/* Module identifier: Placeholder: `TBD1`"),
        "{c_files}"
    );
}

#[test]
fn a_negative_placeholder_is_a_bad_oid_arc() {
    let c = compile_with(&[("TBD", -1), ("TBD1", 0)]);
    assert!(c.diagnostics.iter().any(|d| d.code == Code::BadOid));
}
