//! The benchmark's datasets: DER certificates from the project's corpus, or the system's
//! trust store when there is none.

use std::collections::{BTreeMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A named list of DER certificates.
pub struct Dataset {
    pub name: String,
    pub certs: Vec<Vec<u8>>,
    /// Where each certificate came from (file name, `#n` for the n-th of a PEM file).
    pub labels: Vec<String>,
}

/// Where the fallback dataset comes from.
pub const SYSTEM_CERTS: &str = "/etc/ssl/certs";

/// The corpus directory: `$SYNTA_BENCH_CORPUS`, or `tests/corpus/certs` of the repository.
pub fn corpus_dir() -> PathBuf {
    match std::env::var_os("SYNTA_BENCH_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus/certs"),
    }
}

/// The datasets: every `*.der` under [`corpus_dir`], one dataset per subfolder (files
/// directly in it form a dataset named after the folder); if that folder does not exist,
/// every `*.pem` in `/etc/ssl/certs` as the dataset `system`. Datasets with no certificate
/// are left out; files are read in path order.
pub fn load() -> std::io::Result<Vec<Dataset>> {
    let dir = corpus_dir();
    if dir.is_dir() {
        load_corpus(&dir)
    } else {
        eprintln!(
            "synta-bench: no corpus at {}; using {SYSTEM_CERTS}/*.pem as dataset `system`",
            dir.display()
        );
        Ok(vec![load_system(Path::new(SYSTEM_CERTS))?])
    }
}

fn load_corpus(dir: &Path) -> std::io::Result<Vec<Dataset>> {
    let mut sets: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    let top_name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "corpus".to_string());
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let mut files = Vec::new();
            collect_der(&path, &mut files)?;
            sets.entry(name).or_default().extend(files);
        } else if is_der(&path) {
            sets.entry(top_name.clone()).or_default().push(path);
        }
    }
    let mut out = Vec::new();
    for (name, mut files) in sets {
        files.sort();
        let certs = files.iter().map(fs::read).collect::<Result<Vec<_>, _>>()?;
        let labels = files.iter().map(|f| file_name(f)).collect();
        if !certs.is_empty() {
            out.push(Dataset {
                name,
                certs,
                labels,
            });
        }
    }
    Ok(out)
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn is_der(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("der"))
}

fn collect_der(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_der(&path, out)?;
        } else if is_der(&path) {
            out.push(path);
        }
    }
    Ok(())
}

fn load_system(dir: &Path) -> std::io::Result<Dataset> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "pem"))
        .collect();
    files.sort();
    let mut seen = HashSet::new();
    let (mut certs, mut labels) = (Vec::new(), Vec::new());
    for file in files {
        let Ok(text) = fs::read(&file) else { continue };
        for (i, der) in pem_certificates(&text).into_iter().enumerate() {
            if seen.insert(der.clone()) {
                certs.push(der);
                labels.push(format!("{}#{i}", file_name(&file)));
            }
        }
    }
    Ok(Dataset {
        name: "system".to_string(),
        certs,
        labels,
    })
}

/// The DER of every `-----BEGIN CERTIFICATE-----` block in `pem`; malformed blocks are
/// skipped.
pub fn pem_certificates(pem: &[u8]) -> Vec<Vec<u8>> {
    const BEGIN: &str = "-----BEGIN CERTIFICATE-----";
    const END: &str = "-----END CERTIFICATE-----";
    let text = String::from_utf8_lossy(pem);
    let mut out = Vec::new();
    let mut rest: &str = &text;
    while let Some(start) = rest.find(BEGIN) {
        rest = &rest[start + BEGIN.len()..];
        let Some(end) = rest.find(END) else { break };
        if let Some(der) = base64_decode(&rest[..end]) {
            out.push(der);
        }
        rest = &rest[end + END.len()..];
    }
    out
}

/// Standard base64 with padding; whitespace is ignored.
pub fn base64_decode(text: &str) -> Option<Vec<u8>> {
    fn value(c: u8) -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    }
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    let mut padding = false;
    for c in text.bytes().filter(|c| !c.is_ascii_whitespace()) {
        if c == b'=' {
            padding = true;
            continue;
        }
        if padding {
            return None;
        }
        acc = (acc << 6) | value(c)?;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64() {
        assert_eq!(base64_decode("aGVsbG8=").unwrap(), b"hello");
        assert_eq!(base64_decode("aGVs\nbG8h").unwrap(), b"hello!");
        assert_eq!(base64_decode("aA==").unwrap(), b"h");
        assert!(base64_decode("a*==").is_none());
    }

    #[test]
    fn pem() {
        let pem = b"junk\n-----BEGIN CERTIFICATE-----\naGVs\nbG8=\n-----END CERTIFICATE-----\n\
                    -----BEGIN CERTIFICATE-----\nMAA=\n-----END CERTIFICATE-----\n";
        assert_eq!(
            pem_certificates(pem),
            vec![b"hello".to_vec(), vec![0x30, 0x00]]
        );
    }
}
