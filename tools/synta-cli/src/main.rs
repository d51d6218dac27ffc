//! `synta`: command-line tools over the synta runtime.
//!
//! * `synta dump [--der|--ber|--cer] FILE|-` prints the TLV tree of one value (PEM or
//!   binary input).
//! * `synta cert FILE...` prints one JSON line per certificate (DER, PEM bundles).
//! * `synta crl|csr|ocsp FILE...` print one JSON line per CRL, request or OCSP message.
//!
//! Exit status: 0 valid, 1 invalid or unreadable, 2 usage error.

mod cert;
mod revocation;

use std::io::{Read, Write};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use synta::{pem, Rules};

#[derive(Parser)]
#[command(name = "synta", version, about = "ASN.1 tools (DER, BER, CER)")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the TLV tree of one encoded value (PEM or binary; `-` reads stdin).
    Dump(DumpArgs),
    /// Print one JSON line per certificate: DER files, or PEM files with any number of
    /// certificates (`-` reads stdin).
    Cert {
        /// Certificate files.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Print one JSON line per CRL (DER or `X509 CRL` PEM).
    Crl {
        /// CRL files.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Print one JSON line per certification request (DER or `CERTIFICATE REQUEST` PEM).
    Csr {
        /// Request files.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Print one JSON line per OCSP request or response (DER).
    Ocsp {
        /// OCSP files.
        #[arg(required = true)]
        files: Vec<String>,
    },
}

#[derive(Args)]
#[group(multiple = false)]
struct RulesArg {
    /// Validate under DER (the default).
    #[arg(long)]
    der: bool,
    /// Validate under BER.
    #[arg(long)]
    ber: bool,
    /// Validate under CER.
    #[arg(long)]
    cer: bool,
}

#[derive(Args)]
struct DumpArgs {
    #[command(flatten)]
    rules: RulesArg,
    /// Input file, or `-` for standard input.
    file: String,
}

pub(crate) fn read_input(path: &str) -> std::io::Result<Vec<u8>> {
    if path == "-" {
        let mut v = Vec::new();
        std::io::stdin().read_to_end(&mut v)?;
        Ok(v)
    } else {
        std::fs::read(path)
    }
}

fn dump(args: &DumpArgs) -> ExitCode {
    let rules = if args.rules.ber {
        Rules::Ber
    } else if args.rules.cer {
        Rules::Cer
    } else {
        Rules::Der
    };
    let raw = match read_input(&args.file) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("synta: cannot read {}: {e}", args.file);
            return ExitCode::from(1);
        }
    };
    let data = if pem::is_pem(&raw) {
        match pem::decode(&raw) {
            Ok(d) => d,
            Err(why) => {
                eprintln!("synta: {}: invalid PEM: {why}", args.file);
                return ExitCode::from(1);
            }
        }
    } else {
        raw
    };
    let (text, result) = synta::dump::dump(&data, rules);
    let mut out = std::io::stdout().lock();
    // A closed pipe is not worth a panic; the exit status still tells validity.
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("synta: {}: not valid {rules}: {e}", args.file);
            ExitCode::from(1)
        }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match &cli.command {
        Command::Dump(args) => dump(args),
        Command::Cert { files } => cert::run(files),
        Command::Crl { files } => revocation::run(revocation::Kind::Crl, files),
        Command::Csr { files } => revocation::run(revocation::Kind::Csr, files),
        Command::Ocsp { files } => revocation::run(revocation::Kind::Ocsp, files),
    }
}
