//! `synta crl`, `synta csr` and `synta ocsp`: one JSON line per file, as `synta cert`
//! prints per certificate, from what synta-certificate's reading API gives.

use std::io::Write;
use std::process::ExitCode;

use crate::cert::{algorithm, hex};
use serde_json::{json, Value};
use synta_certificate::{CertId, Crl, Csr, OcspCertStatus, OcspRequest, OcspResponse, Pem};

/// Which kind of object the files hold.
#[derive(Clone, Copy)]
pub enum Kind {
    /// Certificate revocation lists (DER or `X509 CRL` PEM).
    Crl,
    /// PKCS #10 requests (DER or `CERTIFICATE REQUEST` PEM).
    Csr,
    /// OCSP requests or responses (DER; a request is tried first).
    Ocsp,
}

/// Prints one JSON line per file; the first unreadable or invalid file ends the run
/// with status 1.
pub fn run(kind: Kind, files: &[String]) -> ExitCode {
    let mut out = std::io::stdout().lock();
    for file in files {
        let line = crate::read_input(file)
            .map_err(|e| format!("cannot read: {e}"))
            .and_then(|raw| describe(kind, &raw));
        match line {
            // A closed pipe is not worth a panic.
            Ok(v) => drop(writeln!(out, "{v}")),
            Err(e) => {
                eprintln!("synta: {file}: {e}");
                return ExitCode::from(1);
            }
        }
    }
    ExitCode::SUCCESS
}

/// The JSON of one file: PEM is decoded first (its label checked by `from_pem`).
fn describe(kind: Kind, raw: &[u8]) -> Result<Value, String> {
    if synta::pem::is_pem(raw) {
        let block = Pem::parse(raw).map_err(|e| e.to_string())?;
        return match kind {
            Kind::Crl => Crl::from_pem(&block)
                .map_err(|e| e.to_string())
                .and_then(crl),
            Kind::Csr => Csr::from_pem(&block)
                .map_err(|e| e.to_string())
                .and_then(csr),
            Kind::Ocsp => ocsp(block.der()),
        };
    }
    match kind {
        Kind::Crl => Crl::from_der(raw).map_err(|e| e.to_string()).and_then(crl),
        Kind::Csr => Csr::from_der(raw).map_err(|e| e.to_string()).and_then(csr),
        Kind::Ocsp => ocsp(raw),
    }
}

fn cert_id(id: &CertId<'_>) -> Value {
    json!({
        "serial": id.serial_hex(),
        "hash_algorithm": algorithm(id.hash_algorithm()),
        "issuer_name_hash": hex(id.issuer_name_hash()),
        "issuer_key_hash": hex(id.issuer_key_hash()),
    })
}

fn crl(crl: Crl<'_>) -> Result<Value, String> {
    let read = || -> synta::Result<Value> {
        crl.validate()?;
        let mut revoked = Vec::new();
        for r in crl.revoked() {
            revoked.push(json!({
                "serial": r.serial_hex(),
                "date": r.revocation_date_rfc3339(),
                "reason": r.reason()?.map(|r| format!("{r:?}")),
                "invalidity_date": r.invalidity_date_rfc3339()?,
            }));
        }
        Ok(json!({
            "version": crl.version(),
            "issuer": crl.issuer()?,
            "this_update": crl.this_update_rfc3339(),
            "next_update": crl.next_update_rfc3339(),
            "crl_number": crl.crl_number()?.map(|n| n.to_string()),
            "signature_algorithm": algorithm(crl.signature_algorithm()),
            "extensions": crl.extensions()?.iter().map(|e| e.extn_id.to_string()).collect::<Vec<_>>(),
            "revoked": revoked,
        }))
    };
    read().map_err(|e| e.to_string())
}

fn csr(csr: Csr<'_>) -> Result<Value, String> {
    let read = || -> synta::Result<Value> {
        csr.validate()?;
        let requested = match csr.extension_request()? {
            Some(exts) => exts.iter().map(|e| e.extn_id.to_string()).collect(),
            None => Vec::new(),
        };
        Ok(json!({
            "version": csr.version(),
            "subject": csr.subject()?,
            "public_key_algorithm": algorithm(csr.public_key_algorithm()),
            "public_key": hex(csr.public_key()?),
            "signature_algorithm": algorithm(csr.signature_algorithm()),
            "attributes": csr.attribute_types(),
            "requested_extensions": requested,
        }))
    };
    read().map_err(|e| e.to_string())
}

fn ocsp(der: &[u8]) -> Result<Value, String> {
    let read = || -> synta::Result<Value> {
        if let Ok(req) = OcspRequest::from_der(der) {
            req.validate()?;
            let ids: Vec<Value> = req.requests().map(|r| cert_id(&r.cert_id())).collect();
            let signature = req.signature().map(|s| algorithm(s.signature_algorithm()));
            return Ok(json!({
                "type": "request",
                "requests": ids,
                "nonce": req.nonce()?.map(hex),
                "signature_algorithm": signature,
            }));
        }
        let resp = OcspResponse::from_der(der)?;
        resp.validate()?;
        let mut v = json!({ "type": "response", "status": format!("{:?}", resp.status()) });
        if let Some(b) = resp.basic() {
            let singles: Vec<Value> = b
                .responses()
                .map(|s| {
                    let reason = match s.status() {
                        OcspCertStatus::Revoked { reason, .. } => reason.map(|r| format!("{r:?}")),
                        _ => None,
                    };
                    json!({
                        "cert_id": cert_id(&s.cert_id()),
                        "status": s.status().name(),
                        "revocation_time": s.revocation_time_rfc3339(),
                        "revocation_reason": reason,
                        "this_update": s.this_update_rfc3339(),
                        "next_update": s.next_update_rfc3339(),
                    })
                })
                .collect();
            v["produced_at"] = json!(b.produced_at_rfc3339());
            v["responder_name"] = json!(b.responder_name()?);
            v["responder_key_hash"] = json!(b.responder_key_hash().map(hex));
            v["signature_algorithm"] = algorithm(b.signature_algorithm());
            v["nonce"] = json!(b.nonce()?.map(hex));
            v["certificates"] = json!(b.certificates()?.len());
            v["responses"] = json!(singles);
        }
        Ok(v)
    };
    read().map_err(|e| e.to_string())
}
