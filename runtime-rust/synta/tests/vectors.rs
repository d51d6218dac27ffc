//! Runs every row of tests/vectors/codec.tsv (format: tests/vectors/README.md).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fmt::Write as _;

use synta::tagged::{Explicit, Implicit, APPLICATION, CONTEXT};
use synta::*;

fn hex(b: &[u8]) -> String {
    b.iter().fold(String::new(), |mut s, x| {
        let _ = write!(s, "{x:02x}");
        s
    })
}

fn unhex(s: &str) -> Vec<u8> {
    assert!(s.len() % 2 == 0, "odd hex {s}");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// `nested-sequence-null`: SEQUENCEs nested around a NULL, read as typed values, so that
/// every level and the NULL itself count against the depth limit (the generic walk of
/// `tlv` counts constructed elements only); gives the number of SEQUENCEs.
fn nested_sequence_null(bytes: &[u8], rules: Rules) -> Result<usize> {
    fn level(r: &mut Reader<'_>) -> Result<usize> {
        if r.peek_tag()? == Some(Tag::NULL) {
            Null::decode(r)?;
            return Ok(0);
        }
        decode_constructed(r, Tag::SEQUENCE, |c| level(c).map(|n| n + 1))
    }
    let mut r = Reader::new(bytes, rules);
    let n = level(&mut r)?;
    r.finish()?;
    Ok(n)
}

/// Decodes `bytes` as `ty`; returns the value text and its re-encoding under `enc`.
fn run(ty: &str, bytes: &[u8], rules: Rules, enc: Rules) -> Result<(String, Option<Vec<u8>>)> {
    fn go<'a, T: Decode<'a> + Encode>(
        bytes: &'a [u8],
        rules: Rules,
        enc: Rules,
        show: impl Fn(&T) -> String,
    ) -> Result<(String, Option<Vec<u8>>)> {
        let v: T = decode(bytes, rules)?;
        let out = v.to_vec(enc)?;
        Ok((show(&v), Some(out)))
    }
    /// A time: DER and CER write the instant in UTC, and local time has no form there
    /// (no re-encoding to check).
    fn time<'a, T: Decode<'a> + Encode + std::fmt::Display>(
        bytes: &'a [u8],
        rules: Rules,
        enc: Rules,
        date_time: impl Fn(&T) -> &DateTime,
    ) -> Result<(String, Option<Vec<u8>>)> {
        let v: T = decode(bytes, rules)?;
        if date_time(&v).zone == TimeZone::Local && enc.is_canonical() {
            assert!(v.to_vec(enc).is_err(), "local time written under {enc}");
            return Ok((v.to_string(), None));
        }
        Ok((v.to_string(), Some(v.to_vec(enc)?)))
    }
    fn q<T: Text>(t: &T) -> String {
        format!("\"{}\"", t.to_text())
    }
    match ty {
        "tlv" => walk::validate(bytes, rules).map(|n| (format!("nodes={n}"), None)),
        "nested-sequence-null" => {
            nested_sequence_null(bytes, rules).map(|n| (format!("levels={n}"), None))
        }
        "any" => go::<AnyRef>(bytes, rules, enc, |a| {
            format!("{}:{}", a.tag().short(), hex(a.content()))
        }),
        "boolean" => go::<bool>(bytes, rules, enc, |b| b.to_string()),
        "integer" => go::<IntRef>(bytes, rules, enc, |i| i.to_string()),
        "u8" => go::<u8>(bytes, rules, enc, |i| i.to_string()),
        "i8" => go::<i8>(bytes, rules, enc, |i| i.to_string()),
        "u64" => go::<u64>(bytes, rules, enc, |i| i.to_string()),
        "i64" => go::<i64>(bytes, rules, enc, |i| i.to_string()),
        "u128" => go::<u128>(bytes, rules, enc, |i| i.to_string()),
        "i128" => go::<i128>(bytes, rules, enc, |i| i.to_string()),
        "enumerated" => go::<Enumerated>(bytes, rules, enc, |e| e.0.to_string()),
        "null" => go::<Null>(bytes, rules, enc, |_| "null".into()),
        "oid" => go::<ObjectIdentifierRef>(bytes, rules, enc, |o| o.to_string()),
        "relative-oid" => go::<RelativeOidRef>(bytes, rules, enc, |o| o.to_string()),
        "bitstring" => go::<BitStringRef>(bytes, rules, enc, |b| {
            format!("{}:{}", b.unused_bits(), hex(b.as_bytes()))
        }),
        "octetstring" => {
            go::<OctetStringRef>(bytes, rules, enc, |o| format!("hex:{}", hex(o.as_bytes())))
        }
        "utf8string" => go::<Utf8String>(bytes, rules, enc, q),
        "printablestring" => go::<PrintableString>(bytes, rules, enc, q),
        "ia5string" => go::<Ia5String>(bytes, rules, enc, q),
        "numericstring" => go::<NumericString>(bytes, rules, enc, q),
        "visiblestring" => go::<VisibleString>(bytes, rules, enc, q),
        "bmpstring" => go::<BmpString>(bytes, rules, enc, q),
        "universalstring" => go::<UniversalString>(bytes, rules, enc, q),
        "teletexstring" => go::<TeletexString>(bytes, rules, enc, q),
        "videotexstring" => go::<VideotexString>(bytes, rules, enc, q),
        "graphicstring" => go::<GraphicString>(bytes, rules, enc, q),
        "generalstring" => go::<GeneralString>(bytes, rules, enc, q),
        "objectdescriptor" => go::<ObjectDescriptor>(bytes, rules, enc, q),
        "utctime" => time::<UtcTime>(bytes, rules, enc, UtcTime::date_time),
        "generalizedtime" => time::<GeneralizedTime>(bytes, rules, enc, GeneralizedTime::date_time),
        "real" => go::<Real>(bytes, rules, enc, |r| r.to_string()),
        "sequence-of-integer" => go::<SequenceOf<IntRef>>(bytes, rules, enc, |s| {
            let v: Vec<String> = s.iter().map(|i| i.to_string()).collect();
            format!("[{}]", v.join(","))
        }),
        "set-of-integer" => go::<SetOf<IntRef>>(bytes, rules, enc, |s| {
            let v: Vec<String> = s.iter().map(|i| i.to_string()).collect();
            format!("{{{}}}", v.join(","))
        }),
        "explicit-c0-integer" => {
            go::<Explicit<i64, CONTEXT, 0>>(bytes, rules, enc, |v| v.0.to_string())
        }
        "explicit-a100-integer" => {
            go::<Explicit<i64, APPLICATION, 100>>(bytes, rules, enc, |v| v.0.to_string())
        }
        "implicit-c1-integer" => {
            go::<Implicit<i64, CONTEXT, 1>>(bytes, rules, enc, |v| v.0.to_string())
        }
        "explicit-c0-octetstring" => {
            go::<Explicit<OctetStringRef, CONTEXT, 0>>(bytes, rules, enc, |v| {
                format!("hex:{}", hex(v.0.as_bytes()))
            })
        }
        "implicit-c2-octetstring" => {
            go::<Implicit<OctetStringRef, CONTEXT, 2>>(bytes, rules, enc, |v| {
                format!("hex:{}", hex(v.0.as_bytes()))
            })
        }
        other => panic!("unknown vector type {other}"),
    }
}

#[test]
fn codec_vectors() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/vectors/codec.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    let mut failures = Vec::new();
    let mut rows = 0;
    for (lineno, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 6, "line {}: {} fields", lineno + 1, f.len());
        rows += 1;
        let (hexs, rules, ty, expected) = (f[0], f[1], f[2], f[3]);
        let rules = match rules {
            "der" => Rules::Der,
            "ber" => Rules::Ber,
            "cer" => Rules::Cer,
            r => panic!("line {}: rules {r}", lineno + 1),
        };
        let bytes = unhex(hexs);
        let enc = if rules == Rules::Ber {
            Rules::Der
        } else {
            rules
        };
        let got = run(ty, &bytes, rules, enc);
        let text = match &got {
            Ok((v, _)) => v.clone(),
            Err(e) => format!("error:{}@{}", e.kind().slug(), e.offset()),
        };
        let short = |s: &str| s.chars().take(80).collect::<String>();
        if text != expected {
            failures.push(format!(
                "line {}: {} {ty} {}: expected {}, got {} ({})",
                lineno + 1,
                rules.name(),
                short(hexs),
                short(expected),
                short(&text),
                got.as_ref()
                    .err()
                    .map(|e| e.to_string())
                    .unwrap_or_default()
            ));
            continue;
        }
        if let Ok((_, Some(out))) = got {
            if rules == Rules::Ber && ty.starts_with("set-of") {
                // DER sorts SET OF, so the order may legitimately change.
            } else if rules == Rules::Ber && ty.ends_with("time") {
                // DER writes the instant in UTC with seconds: another spelling of the
                // same instant, which must read as DER and re-encode to itself.
                match run(ty, &out, Rules::Der, Rules::Der) {
                    Ok((_, Some(again))) if again == out => {}
                    other => failures.push(format!(
                        "line {}: DER re-encoding {} is not canonical: {:?}",
                        lineno + 1,
                        short(&hex(&out)),
                        other.map(|o| o.0)
                    )),
                }
            } else if rules == Rules::Ber {
                // The canonical encoding must read back (as BER) to the same value.
                match run(ty, &out, Rules::Ber, Rules::Der) {
                    Ok((v, _)) if v == expected => {}
                    other => failures.push(format!(
                        "line {}: DER re-encoding {} reads back as {:?}",
                        lineno + 1,
                        short(&hex(&out)),
                        other.map(|o| o.0)
                    )),
                }
            } else if out != bytes {
                failures.push(format!(
                    "line {}: re-encoding differs: {}",
                    lineno + 1,
                    short(&hex(&out))
                ));
            }
        }
    }
    assert!(rows >= 150, "only {rows} rows");
    assert!(
        failures.is_empty(),
        "{} of {rows} rows failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
