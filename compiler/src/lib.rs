//! synta-codegen: an ASN.1 (ITU-T X.680-X.683) schema compiler.
//!
//! Pipeline: source text → [`parse`] (pest grammar → [`ast`]) → [`analysis`] (semantic
//! passes) → [`ir`] (the language-neutral contract every backend consumes). Every stage
//! reports [`Diagnostic`]s with file, line and column. [`backend::rust`] turns the IR into
//! Rust; [`Config`] drives it from `build.rs` or the CLI.

pub mod analysis;
pub mod ast;
pub mod backend;
pub mod config;
pub mod diagnostics;
pub mod driver;
pub mod ir;
pub mod parse;
pub mod source;

pub use backend::rust::Mode;
pub use config::{compile, Config};
pub use diagnostics::{Code, Diagnostic};
pub use source::SourceDb;

/// The name of the module holding the built-in classes TYPE-IDENTIFIER and
/// ABSTRACT-SYNTAX (X.681 Annex A, B); it is left out of the IR.
pub const BUILTIN_MODULE: &str = "Synta-Builtin-Classes";
