//! The compiler never panics: arbitrary text, real modules mutated at random, and
//! pathological nesting all end in diagnostics or success.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)]

use proptest::prelude::*;
use std::path::PathBuf;
use synta_codegen::driver::compile_sources;

/// Every valid fixture's text: the seeds the mutations start from.
fn seeds() -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut out: Vec<(PathBuf, String)> = std::fs::read_dir(&dir)
        .expect("fixtures exist")
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let p = e.path().join("input.asn1");
            std::fs::read_to_string(&p).ok().map(|t| (p, t))
        })
        .collect();
    out.sort();
    out.into_iter().map(|(_, t)| t).collect()
}

/// Tokens that steer mutations towards interesting notation.
const VOCABULARY: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "[[",
    "]]",
    ",",
    "...",
    "..",
    "::=",
    "|",
    "^",
    "@",
    ".&",
    "&",
    "SEQUENCE",
    "SET",
    "OF",
    "CHOICE",
    "INTEGER",
    "CLASS",
    "WITH SYNTAX",
    "IMPLICIT",
    "EXPLICIT",
    "DEFAULT",
    "OPTIONAL",
    "COMPONENTS OF",
    "SIZE",
    "FROM",
    "MIN",
    "MAX",
    "END",
    "BEGIN",
    "IMPORTS",
    "EXPORTS",
    ";",
    "--",
    "/*",
    "*/",
    "\"",
    "'01'B",
    "'0F'H",
    "-1",
    "99999999999999999999999",
    "TYPE-IDENTIFIER",
    "&Type",
    "&id",
    "{@id}",
    "x",
    "X",
    "CONTAINING",
    "ENCODED BY",
    "INSTANCE OF",
    "ANY DEFINED BY",
    ":",
    "<",
];

#[derive(Debug, Clone)]
enum Mutation {
    Delete(usize, usize),
    Duplicate(usize, usize),
    Insert(usize, usize),
    Swap(usize, usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 0usize..64).prop_map(|(a, n)| Mutation::Delete(a, n)),
        (any::<usize>(), 0usize..64).prop_map(|(a, n)| Mutation::Duplicate(a, n)),
        (any::<usize>(), 0..VOCABULARY.len()).prop_map(|(a, t)| Mutation::Insert(a, t)),
        (any::<usize>(), any::<usize>(), 1usize..32).prop_map(|(a, b, n)| Mutation::Swap(a, b, n)),
    ]
}

/// The nearest char boundary at or below `i` (mutations work on bytes).
fn boundary(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn apply(text: &str, m: &Mutation) -> String {
    let len = text.len().max(1);
    match *m {
        Mutation::Delete(a, n) => {
            let a = boundary(text, a % len);
            let b = boundary(text, a + n);
            format!("{}{}", &text[..a], &text[b..])
        }
        Mutation::Duplicate(a, n) => {
            let a = boundary(text, a % len);
            let b = boundary(text, a + n);
            format!("{}{}{}", &text[..b], &text[a..b], &text[b..])
        }
        Mutation::Insert(a, t) => {
            let a = boundary(text, a % len);
            format!("{} {} {}", &text[..a], VOCABULARY[t], &text[a..])
        }
        Mutation::Swap(a, b, n) => {
            let (a, b) = (boundary(text, a % len), boundary(text, b % len));
            let (a, b) = if a <= b { (a, b) } else { (b, a) };
            let a_end = boundary(text, (a + n).min(b));
            let b_end = boundary(text, b + n);
            format!(
                "{}{}{}{}{}",
                &text[..a],
                &text[b..b_end],
                &text[a_end..b],
                &text[a..a_end],
                &text[b_end..]
            )
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,400}") {
        let c = compile_sources(&[("input.asn1", &text)]);
        let _ = c.render_diagnostics();
    }

    #[test]
    fn mutated_real_modules_never_panic(
        seed in any::<prop::sample::Index>(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let seeds = seeds();
        let mut text = seeds[seed.index(seeds.len())].clone();
        for m in &mutations {
            text = apply(&text, m);
        }
        let c = compile_sources(&[("input.asn1", &text)]);
        // Rendering exercises every span.
        let _ = c.render_diagnostics();
    }
}

fn module(body: &str) -> String {
    format!("M DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n{body}\nEND\n")
}

#[test]
fn pathological_nesting_gives_a_diagnostic() {
    for body in [
        format!(
            "A ::= {}INTEGER{}",
            "SEQUENCE { a ".repeat(10_000),
            " }".repeat(10_000)
        ),
        format!("A ::= {}INTEGER", "SEQUENCE OF ".repeat(100_000)),
        format!("A ::= {}INTEGER", "[0] ".repeat(100_000)),
        format!("a A ::= {}1", "x : ".repeat(100_000)),
        format!(
            "A ::= INTEGER ({}1{})",
            "(".repeat(100_000),
            ")".repeat(100_000)
        ),
    ] {
        let c = compile_sources(&[("deep.asn1", &module(&body))]);
        assert!(!c.is_ok());
        assert_eq!(c.diagnostics[0].code.slug(), "syntax");
    }
}

#[test]
fn long_reference_chains_do_not_overflow() {
    // A0 ::= A1, A1 ::= A2, ...: each definition is reached through all later ones.
    let n = 5_000;
    let mut body = String::new();
    for i in 0..n {
        body.push_str(&format!("A{i} ::= A{}\n", i + 1));
    }
    body.push_str(&format!("A{n} ::= INTEGER\n"));
    let c = compile_sources(&[("chain.asn1", &module(&body))]);
    // Either analysed or stopped with a diagnostic; what matters is no crash.
    let _ = c.render_diagnostics();
    // The same for values referring to later values.
    let mut body = String::new();
    for i in 0..n {
        body.push_str(&format!("v{i} INTEGER ::= v{}\n", i + 1));
    }
    body.push_str(&format!("v{n} INTEGER ::= 7\n"));
    let c = compile_sources(&[("values.asn1", &module(&body))]);
    let _ = c.render_diagnostics();
}
