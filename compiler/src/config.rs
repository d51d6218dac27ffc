//! The one configuration behind `build.rs` use and the CLI, in the style of
//! `prost-build`: a [`Config`] builder, a pure [`Config::generate`] returning every output
//! file in a deterministic order, and [`Config::compile`] writing them (only when they
//! changed) into `OUT_DIR` or a chosen directory.
//!
//! ```no_run
//! // build.rs
//! synta_codegen::Config::new()
//!     .schema("schemas/MyModule.asn1")
//!     .include_dir("schemas")
//!     .extern_type("MyModule.Blob", "crate::Blob<'a>")
//!     .lazy("Name")
//!     .placeholder("TBD", 0) // an Internet-Draft's unassigned number, with a warning
//!     .compile()
//!     .unwrap();
//! ```
//!
//! [`Config::mode`] chooses between zero-copy types that borrow from the input (the
//! default) and types that own their data:
//!
//! ```no_run
//! // build.rs: `struct Certificate` without a lifetime, usable after the input is gone.
//! synta_codegen::Config::new()
//!     .schema("schemas/MyModule.asn1")
//!     .mode(synta_codegen::Mode::Owned)
//!     .compile()
//!     .unwrap();
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::backend::rust::{self, BackendError, Mode, RustOptions};
use crate::driver;

/// Why generation failed.
#[derive(Debug)]
pub enum Error {
    /// The schemas have errors; the text holds every diagnostic rendered with
    /// `file:line:col`.
    Schema(String),
    /// The backend could not express something in the IR.
    Backend(BackendError),
    /// Reading or writing a file failed.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// No output directory: neither [`Config::out_dir`] nor `OUT_DIR` is set.
    NoOutDir,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Schema(d) => write!(f, "schema errors:\n{d}"),
            Error::Backend(e) => write!(f, "code generation failed: {e}"),
            Error::Io { path, source } => write!(f, "{}: {source}", path.display()),
            Error::NoOutDir => f.write_str("no output directory (set Config::out_dir or OUT_DIR)"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            Error::Backend(e) => Some(e),
            _ => None,
        }
    }
}

/// What to compile and how.
#[derive(Debug, Clone, Default)]
pub struct Config {
    schemas: Vec<PathBuf>,
    include_dirs: Vec<PathBuf>,
    out_dir: Option<PathBuf>,
    rust: RustOptions,
    target: Target,
    rerun_lines: bool,
    placeholders: BTreeMap<String, num_bigint::BigInt>,
}

/// The language generated.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Target {
    /// Rust over the `synta` crate (one `.rs` per module and a `mod.rs`).
    #[default]
    Rust,
    /// C11 over `runtime-c` (a `.h` and a `.c` per module).
    C,
}

impl Config {
    /// An empty configuration that prints `cargo:rerun-if-changed` lines on compile.
    pub fn new() -> Self {
        Config {
            rerun_lines: true,
            ..Config::default()
        }
    }

    /// Adds a schema file, or a directory whose `.asn1` / `.asn` files are all compiled.
    pub fn schema(&mut self, path: impl AsRef<Path>) -> &mut Self {
        self.schemas.push(path.as_ref().to_path_buf());
        self
    }

    /// Adds a directory searched for imported modules.
    pub fn include_dir(&mut self, path: impl AsRef<Path>) -> &mut Self {
        self.include_dirs.push(path.as_ref().to_path_buf());
        self
    }

    /// Where [`Config::compile`] writes (default: `OUT_DIR`).
    pub fn out_dir(&mut self, path: impl AsRef<Path>) -> &mut Self {
        self.out_dir = Some(path.as_ref().to_path_buf());
        self
    }

    /// Maps the ASN.1 type `asn1` (`Module.Type` or `Type`) onto an existing Rust type;
    /// write its lifetime as `'a` when it borrows (`crate::Name<'a>`).
    pub fn extern_type(&mut self, asn1: &str, rust_type: &str) -> &mut Self {
        self.rust
            .extern_types
            .insert(asn1.to_string(), rust_type.to_string());
        self
    }

    /// Keeps components of type `asn1` (`Module.Type`, `Type`, or a parameterized
    /// template name) as raw TLVs decoded on demand (`synta::Lazy`).
    pub fn lazy(&mut self, asn1: &str) -> &mut Self {
        self.rust.lazy.insert(asn1.to_string());
        self
    }

    /// Whether generated Rust types borrow from the input or own their data (default:
    /// [`Mode::Borrowed`]).
    ///
    /// * [`Mode::Borrowed`]: zero-copy types with the input's lifetime (`Foo<'a>` holding
    ///   `OctetStringRef<'a>`, `AnyRef<'a>`, `synta::Lazy<'a, T>` for [`Config::lazy`]
    ///   types); the fastest decoding, but values cannot outlive the input.
    /// * [`Mode::Owned`]: types without lifetimes (`Foo` holding `OctetString`, `Any`,
    ///   `Utf8StringBuf`), so decoded values are `'static`. They decode through the same
    ///   runtime checks and copy what they keep. [`Config::lazy`] types are decoded
    ///   eagerly, and an [`Config::extern_type`] must name a type without a lifetime.
    ///
    /// The C target ignores it.
    pub fn mode(&mut self, mode: Mode) -> &mut Self {
        self.rust.mode = mode;
        self
    }

    /// Gives the placeholder `name` (an identifier an Internet-Draft writes where a
    /// number is still to be assigned, e.g. `TBD` in `{ ... pe(1) TBD }` or
    /// `id-mod-x(TBD1)`) the value `value` wherever it is used as an OID arc or INTEGER
    /// and is otherwise undefined. Each use is reported as a warning (`W0101`), printed
    /// by [`Config::compile`]: the output then holds a number nobody assigned.
    pub fn placeholder(&mut self, name: &str, value: i64) -> &mut Self {
        self.placeholders
            .insert(name.to_string(), num_bigint::BigInt::from(value));
        self
    }

    /// Generates `target` (default: Rust).
    pub fn target(&mut self, target: Target) -> &mut Self {
        self.target = target;
        self
    }

    /// Whether [`Config::compile`] prints `cargo:rerun-if-changed` lines (default: yes).
    pub fn cargo_rerun_lines(&mut self, on: bool) -> &mut Self {
        self.rerun_lines = on;
        self
    }

    fn schema_files(&self) -> Vec<PathBuf> {
        let mut files = Vec::new();
        for p in &self.schemas {
            if p.is_dir() {
                driver::collect_schema_files(p, &mut files);
            } else {
                files.push(p.clone());
            }
        }
        files
    }

    /// Compiles the schemas and returns the generated files (name -> text). Pure: it writes
    /// nothing, and the result depends only on the inputs.
    pub fn generate(&self) -> Result<BTreeMap<String, String>, Error> {
        self.generate_with_warnings().map(|(files, _)| files)
    }

    /// [`Config::generate`], also returning the warnings (placeholder values used),
    /// rendered with `file:line:col`; empty when there are none.
    pub fn generate_with_warnings(&self) -> Result<(BTreeMap<String, String>, String), Error> {
        self.generate_with_sources()
            .map(|out| (out.files, out.warnings))
    }

    fn generate_with_sources(&self) -> Result<Generated, Error> {
        let compilation = driver::compile_files_with(
            &self.schema_files(),
            &self.include_dirs,
            &self.placeholders,
        );
        if !compilation.is_ok() {
            return Err(Error::Schema(
                compilation.render_warnings() + &compilation.render_diagnostics(),
            ));
        }
        let sources = compilation
            .db
            .ids()
            .map(|id| compilation.db.name(id).to_string())
            .filter(|n| Path::new(n).exists())
            .collect();
        let files = match self.target {
            Target::Rust => rust::generate(&compilation.ir, &self.rust),
            Target::C => crate::backend::c::generate(
                &compilation.ir,
                &crate::backend::c::COptions {
                    lazy: self.rust.lazy.clone(),
                },
            ),
        }
        .map_err(Error::Backend)?;
        Ok(Generated {
            files,
            sources,
            warnings: compilation.render_warnings(),
        })
    }

    /// Generates and writes every file into the output directory, leaving files whose
    /// content is unchanged untouched (so cargo does not rebuild for nothing).
    pub fn compile(&self) -> Result<(), Error> {
        let out = match &self.out_dir {
            Some(d) => d.clone(),
            None => std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or(Error::NoOutDir)?,
        };
        let Generated {
            files,
            sources,
            warnings,
        } = self.generate_with_sources()?;
        if self.rerun_lines {
            for s in &sources {
                println!("cargo:rerun-if-changed={s}");
            }
            // Cargo shows build-script warnings only through this prefix, one line each.
            for line in warnings.lines().filter(|l| !l.trim().is_empty()) {
                println!("cargo:warning={line}");
            }
        } else {
            eprint!("{warnings}");
        }
        write_if_changed(&out, &files)
    }
}

/// What one generation produced.
struct Generated {
    files: BTreeMap<String, String>,
    /// The schema files read (for `cargo:rerun-if-changed`).
    sources: Vec<String>,
    /// Rendered warnings.
    warnings: String,
}

/// Writes `files` under `dir`, skipping those whose content is already there.
pub fn write_if_changed(dir: &Path, files: &BTreeMap<String, String>) -> Result<(), Error> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| Error::Io { path, source }
    };
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    for (name, text) in files {
        let path = dir.join(name);
        if std::fs::read_to_string(&path).is_ok_and(|old| old == *text) {
            continue;
        }
        std::fs::write(&path, text).map_err(io(&path))?;
    }
    Ok(())
}

/// Compiles `schemas` (looking for imports in `include_dirs`) into `OUT_DIR`: the
/// one-line `build.rs`.
pub fn compile(
    schemas: &[impl AsRef<Path>],
    include_dirs: &[impl AsRef<Path>],
) -> Result<(), Error> {
    let mut config = Config::new();
    for s in schemas {
        config.schema(s);
    }
    for d in include_dirs {
        config.include_dir(d);
    }
    config.compile()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/proto_x509_like/input.asn1")
    }

    #[test]
    fn owned_mode_generates_types_without_lifetimes() {
        let borrowed = Config::new().schema(fixture()).generate().unwrap();
        let owned = Config::new()
            .schema(fixture())
            .mode(Mode::Owned)
            .generate()
            .unwrap();
        let text = &owned["proto_x509_like.rs"];
        assert!(borrowed["proto_x509_like.rs"].contains("pub struct Certificate<'a>"));
        assert!(text.contains("pub struct Certificate {"), "{text}");
        assert!(
            text.contains("pub signature_value: ::synta::BitString,"),
            "{text}"
        );
        assert!(!text.contains("<'a>"), "{text}");
    }

    #[test]
    fn owned_mode_decodes_lazy_types_eagerly() {
        let owned = Config::new()
            .schema(fixture())
            .mode(Mode::Owned)
            .lazy("Name")
            .generate()
            .unwrap();
        let text = &owned["proto_x509_like.rs"];
        assert!(!text.contains("Lazy"), "{text}");
        assert!(text.contains("pub issuer: Name,"), "{text}");
        let borrowed = Config::new()
            .schema(fixture())
            .lazy("Name")
            .generate()
            .unwrap();
        assert!(borrowed["proto_x509_like.rs"].contains("::synta::Lazy<'a, Name<'a>>"));
    }

    #[test]
    fn a_lazy_list_checks_its_elements_when_decoded() {
        let schema = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/seqof_tagged_nested_constraints/input.asn1");
        let out = Config::new()
            .schema(schema)
            .lazy("Digits")
            .generate()
            .unwrap();
        let text = &out["seqof_tagged_nested_constraints.rs"];
        // Targeted: the element constraint moves from the derive attribute to the
        // `LazyCheck` that `Lazy::get` runs; the SIZE stays on the component.
        assert!(
            text.contains("pub digits: ::synta::Lazy<'a, Digits, RecordDigitsCheck>,"),
            "{text}"
        );
        assert!(
            text.contains("impl<T: ::synta::Elements> ::synta::LazyCheck<T> for RecordDigitsCheck")
        );
        let (_, digits) = text.split_once("name = \"digits\"").unwrap();
        let (digits, _) = digits.split_once("pub digits").unwrap();
        assert!(!digits.contains("element_constraint"), "{digits}");
        assert!(digits.contains("constraint = "), "{digits}");
    }

    #[test]
    fn owned_mode_rejects_a_borrowing_extern_type() {
        let err = Config::new()
            .schema(fixture())
            .mode(Mode::Owned)
            .extern_type("Name", "crate::Name<'a>")
            .generate()
            .unwrap_err();
        assert!(
            matches!(&err, Error::Backend(e) if e.message.contains("owned mode")),
            "{err}"
        );
        // An owned Rust type is accepted.
        let ok = Config::new()
            .schema(fixture())
            .mode(Mode::Owned)
            .extern_type("Name", "crate::Name")
            .generate()
            .unwrap();
        assert!(ok["proto_x509_like.rs"].contains("pub issuer: crate::Name,"));
    }
}
