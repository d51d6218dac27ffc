//! The Rust generated for every compiler fixture, one module per fixture
//! (`fixtures::cons_integer_widths::cons_integer_widths::Uint8`), in borrowed mode
//! (`fixtures`) and in owned mode (`owned`).

#[allow(missing_docs, dead_code)]
pub mod fixtures {
    include!(concat!(env!("OUT_DIR"), "/fixtures.rs"));
}

/// The same fixtures generated with `synta_codegen::Mode::Owned`: no type has a lifetime.
#[allow(missing_docs, dead_code)]
pub mod owned {
    include!(concat!(env!("OUT_DIR"), "/owned.rs"));
}
