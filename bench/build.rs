//! Compiles the C runtime, the generated C certificate code and its hand-written API
//! (`generated/c/synta-certificate`) with the benchmark's C glue, for the `synta_c` entry.

use std::path::{Path, PathBuf};

fn c_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "c"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let runtime = root.join("runtime-c");
    let cert = root.join("generated/c/synta-certificate");
    let mut build = cc::Build::new();
    build
        .std("c11")
        .opt_level(3)
        .include(runtime.join("include"))
        .include(cert.join("include"))
        .include(cert.join("gen"))
        .flag_if_supported("-Wno-unused-parameter");
    let dirs = [runtime.join("src"), cert.join("gen"), cert.join("src")];
    for dir in &dirs {
        for file in c_files(dir) {
            build.file(file);
        }
        println!("cargo:rerun-if-changed={}", dir.display());
    }
    build.file("c/glue.c");
    println!("cargo:rerun-if-changed=c/glue.c");
    build.compile("synta_c");
}
