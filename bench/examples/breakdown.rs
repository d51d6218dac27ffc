//! Where the `synta` adapter's time goes: each step of the `fields` profile timed alone,
//! next to the matching step of synta 0.5.1, per dataset.
//!
//! ```sh
//! cargo run --release --example breakdown
//! ```
//!
//! Plain timing loops (best of 5 batches), nanoseconds per certificate; tighter loops than
//! criterion's, so the totals come out a little lower than the benchmark's. Only the
//! certificates every library handles are used, as in the benchmark.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

use synta::Decode;
use synta_bench::{corpus, parsers, Parser};
use synta_certificate::generated::pkix1_explicit_2009 as x509;

fn time(label: &str, n: usize, iters: usize, mut f: impl FnMut()) {
    for _ in 0..iters / 10 {
        f();
    }
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        for _ in 0..iters {
            f();
        }
        best = best.min(t.elapsed().as_nanos() as f64 / iters as f64 / n as f64);
    }
    println!("  {label:<48} {best:8.0} ns/cert");
}

/// Dotted decimal with every arc in a `u64`: a sketch of a fast path for
/// `ObjectIdentifierRef`'s `Display`, which goes through `BigUint` for each arc.
fn dotted_u64(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(32);
    let mut v: u64 = 0;
    let mut first = true;
    for &b in bytes {
        v = (v << 7) | u64::from(b & 0x7f);
        if b & 0x80 == 0 {
            if first {
                let x = match v {
                    0..=39 => 0,
                    40..=79 => 1,
                    _ => 2,
                };
                let _ = write!(s, "{x}.{}", v - x * 40);
                first = false;
            } else {
                let _ = write!(s, ".{v}");
            }
            v = 0;
        }
    }
    s
}

fn main() {
    let all = parsers();
    for set in corpus::load().expect("reading the certificate corpus") {
        let certs: Vec<&[u8]> = set
            .certs
            .iter()
            .map(Vec::as_slice)
            .filter(|der| all.iter().all(|p| (p.fields)(der).is_some()))
            .collect();
        let n = certs.len();
        if n == 0 {
            continue;
        }
        let iters = 20_000 / n + 10;
        println!("{} ({n} certificates)", set.name);
        let ours: Vec<_> = certs
            .iter()
            .filter_map(|der| synta_certificate::Certificate::from_der(der).ok())
            .collect();
        let old: Vec<_> = certs
            .iter()
            .filter_map(|der| synta_certificate_old::Certificate::from_der(der).ok())
            .collect();

        time("synta: Certificate::from_der", n, iters, || {
            for der in &certs {
                black_box(synta_certificate::Certificate::from_der(black_box(der)).is_ok());
            }
        });
        time("synta: generated Certificate, DER", n, iters, || {
            for der in &certs {
                black_box(x509::Certificate::from_der(black_box(der)).is_ok());
            }
        });
        time("synta: generated Certificate, BER", n, iters, || {
            for der in &certs {
                black_box(x509::Certificate::from_ber(black_box(der)).is_ok());
            }
        });
        time(
            "synta: both times' to_text (= DER re-render)",
            n,
            iters,
            || {
                for c in &ours {
                    let v = &c.raw().to_be_signed.validity;
                    for t in [&v.not_before, &v.not_after] {
                        black_box(match t {
                            x509::Time::UtcTime(u) => u.to_text(),
                            x509::Time::GeneralTime(g) => g.to_text(),
                        });
                    }
                }
            },
        );
        time("synta 0.5.1: Certificate::from_der", n, iters, || {
            for der in &certs {
                black_box(synta_certificate_old::Certificate::from_der(black_box(der)).is_ok());
            }
        });
        time("synta: issuer() + subject()", n, iters, || {
            for c in &ours {
                black_box(c.issuer().ok());
                black_box(c.subject().ok());
            }
        });
        time(
            "synta: Name::from_der of both (no rendering)",
            n,
            iters,
            || {
                for c in &ours {
                    black_box(x509::Name::from_der(c.issuer_der()).is_ok());
                    black_box(x509::Name::from_der(c.subject_der()).is_ok());
                }
            },
        );
        time("synta 0.5.1: format_dn of both", n, iters, || {
            for c in &old {
                let tbs = &c.tbs_certificate;
                black_box(synta_certificate_old::format_dn(tbs.issuer.as_bytes()));
                black_box(synta_certificate_old::format_dn(tbs.subject.as_bytes()));
            }
        });
        time("synta: both algorithm OIDs to_string", n, iters, || {
            for c in &ours {
                black_box(c.signature_algorithm().to_string());
                black_box(c.public_key_algorithm().to_string());
            }
        });
        time("synta: both algorithm OIDs, u64 sketch", n, iters, || {
            for c in &ours {
                black_box(dotted_u64(c.signature_algorithm().as_bytes()));
                black_box(dotted_u64(c.public_key_algorithm().as_bytes()));
            }
        });
        time(
            "synta 0.5.1: both algorithm OIDs to_string",
            n,
            iters,
            || {
                for c in &old {
                    black_box(c.signature_algorithm.algorithm.to_string());
                    let spki = &c.tbs_certificate.subject_public_key_info;
                    black_box(spki.algorithm.algorithm.to_string());
                }
            },
        );
        time("shared serial_hex_twos_complement", n, iters, || {
            for c in &ours {
                black_box(synta_bench::serial_hex_twos_complement(c.serial()));
            }
        });
        time("synta: fields (whole adapter)", n, iters, || {
            for der in &certs {
                black_box(synta_bench::ours::Synta::fields(der));
            }
        });
        time("synta 0.5.1: fields (whole adapter)", n, iters, || {
            for der in &certs {
                black_box(synta_bench::synta_0_5_1::Synta051::fields(der));
            }
        });
    }
}
