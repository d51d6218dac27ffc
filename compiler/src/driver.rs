//! Compiling schemas: reading files, finding imported modules on the include path,
//! parsing, and analysing into the IR. The CLI and tests are thin layers over this.

use crate::analysis;
use crate::ast::{FileId, SourceFile};
use crate::diagnostics::{Code, Diagnostic};
use crate::ir::Ir;
use crate::source::SourceDb;
use num_bigint::BigInt;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// TYPE-IDENTIFIER and ABSTRACT-SYNTAX as X.681 Annex A and B define them.
const BUILTIN_TEXT: &str = "Synta-Builtin-Classes DEFINITIONS ::= BEGIN
TYPE-IDENTIFIER-CLASS ::= CLASS { &id OBJECT IDENTIFIER UNIQUE, &Type }
    WITH SYNTAX { &Type IDENTIFIED BY &id }
ABSTRACT-SYNTAX-CLASS ::= CLASS {
    &id OBJECT IDENTIFIER UNIQUE, &Type,
    &property BIT STRING { handles-invalid-encodings(0) } DEFAULT {} }
    WITH SYNTAX { &Type IDENTIFIED BY &id [HAS PROPERTY &property] }
END
";

/// The outcome of a compilation: the sources read, the IR, and the diagnostics.
pub struct Compilation {
    /// The source texts, for rendering diagnostics.
    pub db: SourceDb,
    /// The IR (complete only when `diagnostics` is empty).
    pub ir: Ir,
    /// Every error found, sorted by position.
    pub diagnostics: Vec<Diagnostic>,
    /// Warnings (placeholder values used), sorted by position; they do not make the
    /// compilation fail, but callers must show them.
    pub warnings: Vec<Diagnostic>,
}

impl Compilation {
    /// True when no error was found.
    pub fn is_ok(&self) -> bool {
        self.diagnostics.is_empty()
    }

    /// All diagnostics rendered as text (`file:line:col`, source line, caret).
    pub fn render_diagnostics(&self) -> String {
        self.diagnostics
            .iter()
            .map(|d| d.render(&self.db))
            .collect()
    }

    /// All warnings rendered as text, like [`Compilation::render_diagnostics`].
    pub fn render_warnings(&self) -> String {
        self.warnings.iter().map(|d| d.render(&self.db)).collect()
    }
}

/// Compiles schema files; modules they import that are not among them are looked for
/// in `include_dirs` (files named after the module first, then any `.asn1`/`.asn` file
/// that defines it).
pub fn compile_files(paths: &[PathBuf], include_dirs: &[PathBuf]) -> Compilation {
    compile_files_with(paths, include_dirs, &BTreeMap::new())
}

/// [`compile_files`] with values for a draft's placeholders (`TBD` -> 0): each use of
/// one is reported in [`Compilation::warnings`].
pub fn compile_files_with(
    paths: &[PathBuf],
    include_dirs: &[PathBuf],
    placeholders: &BTreeMap<String, BigInt>,
) -> Compilation {
    let mut sources = Vec::new();
    let mut io_errors = Vec::new();
    for p in paths {
        match std::fs::read_to_string(p) {
            Ok(text) => sources.push((p.display().to_string(), text)),
            Err(e) => io_errors.push(Diagnostic::without_span(
                Code::Io,
                format!("cannot read {}: {e}", p.display()),
            )),
        }
    }
    let mut compilation = compile_with_search(sources, include_dirs, placeholders);
    io_errors.append(&mut compilation.diagnostics);
    compilation.diagnostics = io_errors;
    compilation
}

/// Compiles schema texts given as (name, text) pairs, without an include path.
pub fn compile_sources(sources: &[(&str, &str)]) -> Compilation {
    compile_with_search(
        sources
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect(),
        &[],
        &BTreeMap::new(),
    )
}

/// Stack for parsing and analysis: notation nests at most [`crate::parse::MAX_NESTING`]
/// levels and reference chains at most a thousand, which this bounds with room to spare.
const STACK_SIZE: usize = 256 * 1024 * 1024;

fn compile_with_search(
    sources: Vec<(String, String)>,
    include_dirs: &[PathBuf],
    placeholders: &BTreeMap<String, BigInt>,
) -> Compilation {
    let include_dirs = include_dirs.to_vec();
    let placeholders = placeholders.clone();
    let worker = std::thread::Builder::new()
        .name("synta-codegen".into())
        .stack_size(STACK_SIZE)
        .spawn(move || compile_on_this_thread(sources, &include_dirs, &placeholders));
    match worker.map(|w| w.join()) {
        Ok(Ok(c)) => c,
        _ => Compilation {
            db: SourceDb::new(),
            ir: Ir {
                modules: Vec::new(),
            },
            diagnostics: vec![Diagnostic::without_span(
                Code::Io,
                "internal error: the compiler thread could not run to completion",
            )],
            warnings: Vec::new(),
        },
    }
}

fn compile_on_this_thread(
    sources: Vec<(String, String)>,
    include_dirs: &[PathBuf],
    placeholders: &BTreeMap<String, BigInt>,
) -> Compilation {
    let mut db = SourceDb::new();
    let mut parsed: Vec<(FileId, SourceFile)> = Vec::new();
    let mut diagnostics = Vec::new();
    let mut loaded: BTreeSet<String> = BTreeSet::new();
    for (name, text) in sources {
        loaded.insert(name.clone());
        parse_into(&mut db, &mut parsed, &mut diagnostics, name, text);
    }
    // Pull in imported modules from the include path until nothing new is found.
    let candidates = include_candidates(include_dirs);
    loop {
        let missing = missing_modules(&parsed);
        let mut progress = false;
        for module in missing {
            if let Some(path) = find_module(&candidates, &module, &loaded) {
                loaded.insert(path.display().to_string());
                if let Ok(text) = std::fs::read_to_string(&path) {
                    parse_into(
                        &mut db,
                        &mut parsed,
                        &mut diagnostics,
                        path.display().to_string(),
                        text,
                    );
                    progress = true;
                }
            }
        }
        if !progress {
            break;
        }
    }
    let builtin = db.add("<built-in>", BUILTIN_TEXT);
    if let Ok(f) = crate::parse::parse_file(BUILTIN_TEXT, builtin) {
        parsed.push((builtin, f));
    }
    let (ir, found) = analysis::analyze(&db, &parsed, placeholders);
    let (warnings, mut errors): (Vec<_>, Vec<_>) =
        found.into_iter().partition(|d| d.code.is_warning());
    diagnostics.append(&mut errors);
    Compilation {
        db,
        ir,
        diagnostics,
        warnings,
    }
}

fn parse_into(
    db: &mut SourceDb,
    parsed: &mut Vec<(FileId, SourceFile)>,
    diagnostics: &mut Vec<Diagnostic>,
    name: String,
    text: String,
) {
    let id = db.add(name, text);
    match crate::parse::parse_file(db.text(id), id) {
        Ok(f) => parsed.push((id, f)),
        Err(d) => diagnostics.push(d),
    }
}

/// Modules imported but not defined by any parsed file.
fn missing_modules(parsed: &[(FileId, SourceFile)]) -> Vec<String> {
    let defined: BTreeSet<&str> = parsed
        .iter()
        .flat_map(|(_, f)| f.modules.iter().map(|m| m.name.text.as_str()))
        .collect();
    let mut missing: BTreeSet<String> = BTreeSet::new();
    for (_, f) in parsed {
        for m in &f.modules {
            for i in &m.imports {
                if !defined.contains(i.module.text.as_str()) {
                    missing.insert(i.module.text.clone());
                }
            }
        }
    }
    missing.into_iter().collect()
}

/// Schema files under the include directories, sorted for determinism.
fn include_candidates(dirs: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for d in dirs {
        collect_schema_files(d, &mut out);
    }
    out
}

/// Schema files (`.asn1`, `.asn`) under `path` (a file is returned as is), sorted.
pub fn collect_schema_files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_file() {
        out.push(path.to_path_buf());
        return;
    }
    let Ok(entries) = std::fs::read_dir(path) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect_schema_files(&p, out);
        } else if matches!(p.extension().and_then(|e| e.to_str()), Some("asn1" | "asn")) {
            out.push(p);
        }
    }
}

fn find_module(candidates: &[PathBuf], module: &str, loaded: &BTreeSet<String>) -> Option<PathBuf> {
    let unloaded = |p: &&PathBuf| !loaded.contains(&p.display().to_string());
    let by_name = candidates
        .iter()
        .filter(unloaded)
        .find(|p| p.file_stem().and_then(|s| s.to_str()) == Some(module));
    if let Some(p) = by_name {
        return Some(p.clone());
    }
    candidates.iter().filter(unloaded).find_map(|p| {
        let text = std::fs::read_to_string(p).ok()?;
        defines_module(&text, module).then(|| p.clone())
    })
}

/// A cheap textual test: does `text` have a module header naming `module`?
fn defines_module(text: &str, module: &str) -> bool {
    text.match_indices(module).any(|(i, _)| {
        let before_ok = text[..i]
            .chars()
            .next_back()
            .is_none_or(|c| c.is_whitespace());
        let after = &text[i + module.len()..];
        before_ok
            && after.starts_with(|c: char| c.is_whitespace() || c == '{')
            && after
                .split_whitespace()
                .take(40)
                .any(|w| w == "DEFINITIONS")
    })
}
