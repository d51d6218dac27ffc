//! The Rust generated for every compiler fixture, one module per fixture
//! (`fixtures::cons_integer_widths::cons_integer_widths::Uint8`).

#[allow(missing_docs, dead_code)]
pub mod fixtures {
    include!(concat!(env!("OUT_DIR"), "/fixtures.rs"));
}
