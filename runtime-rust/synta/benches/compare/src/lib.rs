//! Benchmarks only; see benches/codec.rs.
