//! `synta-codegen`: the command-line front end of the ASN.1 compiler.

use clap::{Args, Parser, Subcommand};
use codespan_reporting::term::termcolor::{ColorChoice, StandardStream};
use num_bigint::BigInt;
use std::path::PathBuf;
use std::process::ExitCode;
use synta_codegen::driver::{collect_schema_files, compile_files_with, Compilation};
use synta_codegen::ir;

/// ASN.1 (X.680-X.683) schema compiler.
#[derive(Parser)]
#[command(name = "synta-codegen", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse and analyse schemas; report errors and a summary.
    Check(Inputs),
    /// Print the IR of the schemas as JSON.
    Ir {
        #[command(flatten)]
        inputs: Inputs,
        /// Write the JSON here instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Generate Rust: one file per module and a `mod.rs`, written only when changed.
    Rust {
        #[command(flatten)]
        inputs: Inputs,
        /// The output directory.
        #[arg(short, long, value_name = "DIR")]
        output: PathBuf,
        /// Map an ASN.1 type onto a Rust type: `Module.Type=crate::path::Type<'a>`.
        #[arg(long = "extern-type", value_name = "ASN1=RUST")]
        extern_types: Vec<String>,
        /// Keep components of this type (or template) as lazily decoded raw TLVs.
        #[arg(long = "lazy", value_name = "TYPE")]
        lazy: Vec<String>,
        /// `borrowed`: zero-copy types with a lifetime; `owned`: types that own their
        /// data (no lifetime; lazy types are decoded eagerly).
        #[arg(long = "mode", value_name = "MODE", default_value = "borrowed")]
        mode: synta_codegen::Mode,
    },
    /// Generate C over runtime-c: a header and a source file per module.
    C {
        #[command(flatten)]
        inputs: Inputs,
        /// The output directory.
        #[arg(short, long, value_name = "DIR")]
        output: PathBuf,
        /// Keep components of this type (or template) as raw TLVs decoded on demand.
        #[arg(long = "lazy", value_name = "TYPE")]
        lazy: Vec<String>,
    },
}

#[derive(Args)]
struct Inputs {
    /// Directory searched for imported modules (repeatable).
    #[arg(short = 'I', long = "include", value_name = "DIR")]
    include: Vec<PathBuf>,
    /// Give a draft's unassigned number (`TBD`) a value where it is used as an OID arc
    /// or INTEGER; each use is reported as a warning (repeatable).
    #[arg(long = "placeholder", value_name = "NAME=NUMBER", value_parser = parse_placeholder)]
    placeholders: Vec<(String, i64)>,
    /// Schema files, or directories searched for `.asn1` / `.asn` files.
    #[arg(required = true, value_name = "FILES")]
    files: Vec<PathBuf>,
}

/// `TBD=0` -> ("TBD", 0).
fn parse_placeholder(s: &str) -> Result<(String, i64), String> {
    let (name, value) = s
        .split_once('=')
        .ok_or_else(|| format!("expected NAME=NUMBER, got `{s}`"))?;
    let value = value
        .trim()
        .parse()
        .map_err(|e| format!("`{value}` is not a number: {e}"))?;
    let name = name.trim();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return Err(format!("`{name}` is not an ASN.1 identifier"));
    }
    Ok((name.to_string(), value))
}

impl Inputs {
    fn compile(&self) -> Compilation {
        let mut files = Vec::new();
        for f in &self.files {
            if f.is_dir() {
                collect_schema_files(f, &mut files);
            } else {
                files.push(f.clone());
            }
        }
        let placeholders = self
            .placeholders
            .iter()
            .map(|(n, v)| (n.clone(), BigInt::from(*v)))
            .collect();
        compile_files_with(&files, &self.include, &placeholders)
    }
}

fn report(c: &Compilation) {
    use std::io::IsTerminal as _;
    let color = if std::io::stderr().is_terminal() {
        ColorChoice::Auto
    } else {
        ColorChoice::Never
    };
    let mut stderr = StandardStream::stderr(color);
    for d in c.warnings.iter().chain(&c.diagnostics) {
        d.emit(&c.db, &mut stderr);
    }
    if !c.is_ok() {
        eprintln!("error: {} error(s) found", c.diagnostics.len());
    }
}

fn summary(ir: &ir::Ir) {
    let mut total = [0usize; 4];
    for m in &ir.modules {
        let mut counts = [0usize; 4];
        for d in &m.definitions {
            let i = match d.kind {
                ir::DefinitionKind::Type { .. } | ir::DefinitionKind::ValueSet { .. } => 0,
                ir::DefinitionKind::Value { .. } => 1,
                ir::DefinitionKind::Class(_)
                | ir::DefinitionKind::Object { .. }
                | ir::DefinitionKind::ObjectSet { .. } => 2,
                ir::DefinitionKind::Parameterized { .. } => 3,
            };
            counts[i] += 1;
        }
        println!(
            "{:<45} {:>4} types {:>4} values {:>4} classes/objects {:>3} parameterized  {}",
            m.name, counts[0], counts[1], counts[2], counts[3], m.location.file
        );
        for (t, c) in total.iter_mut().zip(counts) {
            *t += c;
        }
    }
    println!(
        "{} modules: {} types, {} values, {} classes/objects/sets, {} parameterized",
        ir.modules.len(),
        total[0],
        total[1],
        total[2],
        total[3]
    );
}

/// `synta-codegen rust` and `c`: a thin layer over [`synta_codegen::Config`].
fn generate(
    target: synta_codegen::config::Target,
    inputs: &Inputs,
    output: &PathBuf,
    extern_types: &[String],
    lazy: &[String],
    mode: synta_codegen::Mode,
) -> ExitCode {
    let mut config = synta_codegen::Config::new();
    config
        .cargo_rerun_lines(false)
        .out_dir(output)
        .target(target)
        .mode(mode);
    for f in &inputs.files {
        config.schema(f);
    }
    for d in &inputs.include {
        config.include_dir(d);
    }
    for mapping in extern_types {
        let Some((asn1, rust)) = mapping.split_once('=') else {
            eprintln!("error: --extern-type expects ASN1=RUST, got `{mapping}`");
            return ExitCode::from(2);
        };
        config.extern_type(asn1, rust);
    }
    for t in lazy {
        config.lazy(t);
    }
    for (name, value) in &inputs.placeholders {
        config.placeholder(name, *value);
    }
    match config.compile() {
        Ok(()) => ExitCode::SUCCESS,
        Err(synta_codegen::config::Error::Schema(d)) => {
            eprint!("{d}");
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Rust {
            inputs,
            output,
            extern_types,
            lazy,
            mode,
        } => generate(
            synta_codegen::config::Target::Rust,
            &inputs,
            &output,
            &extern_types,
            &lazy,
            mode,
        ),
        Command::C {
            inputs,
            output,
            lazy,
        } => generate(
            synta_codegen::config::Target::C,
            &inputs,
            &output,
            &[],
            &lazy,
            synta_codegen::Mode::Borrowed,
        ),
        Command::Check(inputs) => {
            let c = inputs.compile();
            report(&c);
            if c.is_ok() {
                summary(&c.ir);
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Command::Ir { inputs, output } => {
            let c = inputs.compile();
            report(&c);
            if !c.is_ok() {
                return ExitCode::from(1);
            }
            let json = match serde_json::to_string_pretty(&c.ir) {
                Ok(j) => j,
                Err(e) => {
                    eprintln!("error: cannot serialize the IR: {e}");
                    return ExitCode::from(1);
                }
            };
            match output {
                Some(path) => {
                    if let Err(e) = std::fs::write(&path, json + "\n") {
                        eprintln!("error: cannot write {}: {e}", path.display());
                        return ExitCode::from(2);
                    }
                }
                None => println!("{json}"),
            }
            ExitCode::SUCCESS
        }
    }
}
