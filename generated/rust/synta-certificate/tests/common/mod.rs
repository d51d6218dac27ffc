//! Helpers shared by the integration tests: where the committed corpus is, and its files.
#![allow(dead_code, clippy::unwrap_used)]

use std::path::{Path, PathBuf};

/// The committed corpus (`tests/corpus` at the repository root).
pub fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../tests/corpus")
}

/// Every file with extension `ext` under `corpus()/dir`, sorted.
pub fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![corpus().join(dir)];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// DER tag, definite length (X.690 8.1.3), contents.
pub fn tlv(tag: u8, contents: &[u8]) -> Vec<u8> {
    let mut out = vec![tag];
    let len = contents.len();
    if len < 0x80 {
        out.push(u8::try_from(len).unwrap());
    } else {
        let bytes: Vec<u8> = len
            .to_be_bytes()
            .into_iter()
            .skip_while(|b| *b == 0)
            .collect();
        out.push(0x80 | u8::try_from(bytes.len()).unwrap());
        out.extend(bytes);
    }
    out.extend_from_slice(contents);
    out
}

/// The standard output of `python3 -c script args…` (warnings off), or `None` after
/// printing why the differential test is skipped: python3 not found, or the script
/// failed (a module it imports is missing or too old; its last error line is shown).
pub fn python_output<I, S>(script: &str, args: I) -> Option<String>
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let Ok(out) = std::process::Command::new("python3")
        .args(["-W", "ignore", "-c", script])
        .args(args)
        .output()
    else {
        eprintln!("python3 not found: differential test skipped");
        return None;
    };
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let why = stderr.lines().last().unwrap_or("");
        eprintln!("pyca/cryptography not usable: differential test skipped ({why})");
        return None;
    }
    Some(String::from_utf8(out.stdout).unwrap())
}
