//! Derive macros for the synta runtime.
