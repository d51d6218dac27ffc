//! synta-codegen: an ASN.1 (ITU-T X.680-X.683) schema compiler.
//!
//! Pipeline: source text → [`parse`] (pest grammar → [`ast`]) → [`analysis`] (semantic
//! passes) → [`ir`] (the language-neutral contract every backend consumes). Every stage
//! reports [`Diagnostic`]s with file, line and column.

pub mod ast;
pub mod diagnostics;
pub mod parse;
pub mod source;

pub use diagnostics::{Code, Diagnostic};
pub use source::SourceDb;
