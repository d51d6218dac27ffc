//! The bundled schemas under `schemas/`: each folder compiles (its imports found with
//! `-I schemas`) and the IR of each module is a snapshot.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)]

use std::path::{Path, PathBuf};
use synta_codegen::driver::{collect_schema_files, compile_files_with};

/// Folders whose modules import modules not (yet) in `schemas/`, or hold placeholders
/// the published text left open. They are checked to still fail, with the reason.
const INCOMPLETE: &[(&str, &str)] = &[
    ("rfc2986", "imports X.500 modules (UsefulDefinitions, InformationFramework, AuthenticationFramework) not in schemas/"),
    ("rfc5208", "PKCS-8 imports X.500 modules (UsefulDefinitions, InformationFramework) not in schemas/"),
    ("rfc2985", "PKCS-9 imports X.500 modules not in schemas/"),
    ("pkcs7", "PKCS-7 imports X.500 modules not in schemas/"),
    ("rfc7292", "imports PKCS-7, PKCS-8, PKCS-9 and X.500 modules not in schemas/"),
];

/// Folders of Internet-Draft modules with numbers left unassigned (`TBD`), compiled with
/// the placeholder values `scripts/regenerate` uses; each use must give a warning.
const PLACEHOLDERS: &[(&str, &[(&str, i64)])] = &[
    ("mtc", &[("TBD", 999_999)]),
    ("ml-dsa", &[("TBD1", 999_999)]),
];

fn schemas_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../schemas")
}

fn folders() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(schemas_root())
        .expect("schemas/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    out.sort();
    out
}

#[test]
fn every_complete_schema_folder_compiles_and_matches_its_snapshot() {
    let root = schemas_root();
    for folder in folders() {
        let name = folder
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .to_string();
        let mut files = Vec::new();
        collect_schema_files(&folder, &mut files);
        let placeholders = PLACEHOLDERS.iter().find(|(n, _)| *n == name);
        let map = placeholders
            .map(|(_, list)| {
                list.iter()
                    .map(|(n, v)| (n.to_string(), num_bigint::BigInt::from(*v)))
                    .collect()
            })
            .unwrap_or_default();
        let c = compile_files_with(&files, std::slice::from_ref(&root), &map);
        assert_eq!(
            placeholders.is_some(),
            !c.warnings.is_empty(),
            "schemas/{name}: placeholder warnings:\n{}",
            c.render_warnings()
        );
        if let Some((_, why)) = INCOMPLETE.iter().find(|(n, _)| *n == name) {
            assert!(
                !c.is_ok(),
                "schemas/{name} now compiles ({why} is fixed): remove it from INCOMPLETE"
            );
            continue;
        }
        assert!(
            c.is_ok(),
            "schemas/{name} should compile:\n{}",
            c.render_diagnostics()
        );
        let mut ir = c.ir;
        // Only the folder's own modules: imported ones have snapshots of their own.
        let own: Vec<String> = files
            .iter()
            .map(|f| {
                f.file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or("")
                    .to_string()
            })
            .collect();
        ir.modules.retain(|m| own.contains(&m.name));
        for m in &mut ir.modules {
            m.location.file = m.location.file.replace(&*root.to_string_lossy(), "schemas");
        }
        let json = serde_json::to_value(&ir).expect("IR serializes");
        let text = serde_json::to_string(&json)
            .expect("IR serializes")
            .replace(&*root.to_string_lossy(), "schemas");
        let ir_value: serde_json::Value = serde_json::from_str(&text).expect("round trip");
        insta::with_settings!({
            snapshot_path => root.join("../compiler/tests/schema-snapshots"),
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_yaml_snapshot!(name.clone(), ir_value);
        });
    }
}
