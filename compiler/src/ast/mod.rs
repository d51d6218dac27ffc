//! The abstract syntax tree: what a module says, with a source span on every node.
//!
//! The AST is syntactic. Where ASN.1 notation can only be read with knowledge of what a
//! name denotes, it keeps a neutral form ([`Reference`], [`Braced`]) for semantic analysis
//! to interpret.

mod constraints;
mod module;
mod objects;
mod span;
mod tokens;
mod types;
mod values;

pub use constraints::*;
pub use module::*;
pub use objects::*;
pub use span::*;
pub use tokens::*;
pub use types::*;
pub use values::*;
