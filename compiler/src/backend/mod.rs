//! Backends: the IR turned into source code. They read only the IR.

pub mod c;
pub mod rust;
