//! CLI entry point.
fn main() {}
