//! Semantic analysis: from parsed modules to the [`crate::ir::Ir`].
//!
//! One pass per file: [`modules`] builds the module table and symbol tables and checks
//! imports and exports; [`kinds`] decides what each assignment defines; [`types`] lowers
//! types (with [`tagging`], [`components`], [`constraints`] and [`integers`]); [`values`]
//! and [`oid`] evaluate values; [`classes`], [`objects`] and [`open_types`] handle
//! information objects; [`parameters`] instantiates parameterized assignments;
//! [`placeholders`] gives draft placeholders (`TBD`) their configured values;
//! [`recursion`] finds recursive and infinitely-recursive types.
//!
//! Work is lazy and memoized per definition, so the order of definitions in the source
//! does not matter and each is analysed once; cycles are detected with in-progress marks.

mod classes;
mod components;
mod constraints;
mod context;
mod integers;
mod kinds;
mod lower;
mod modules;
mod objects;
mod oid;
mod open_types;
mod parameters;
mod placeholders;
mod recursion;
mod tagging;
mod types;
mod values;

pub(crate) use context::Analyzer;

use crate::ast;
use crate::diagnostics::Diagnostic;
use crate::ir::Ir;
use crate::source::SourceDb;
use num_bigint::BigInt;
use std::collections::BTreeMap;

/// Analyses parsed files (in the order given) into the IR; `placeholders` gives values
/// to names a draft leaves unassigned (`TBD`), each use reported as a warning.
///
/// Returns the IR and every diagnostic found; the IR is complete only when no
/// diagnostic is an error (see [`crate::Code::is_warning`]).
pub fn analyze(
    db: &SourceDb,
    files: &[(ast::FileId, ast::SourceFile)],
    placeholders: &BTreeMap<String, BigInt>,
) -> (Ir, Vec<Diagnostic>) {
    let mut analyzer = Analyzer::new(db, files);
    analyzer.placeholders = placeholders.clone();
    analyzer.build_module_table();
    analyzer.check_imports_and_exports();
    let ir = analyzer.lower_all();
    (ir, analyzer.finish())
}
