//! `synta cert`: certificates as JSON lines (DER, PEM bundles, PKCS #7, unencrypted
//! PKCS #12 certificate bags).

use std::io::Write as _;
use std::process::ExitCode;

use serde_json::{json, Value};
use synta_certificate::generated::pkix1_implicit_2009::{self as ext, GeneralName};
use synta_certificate::{
    algorithm_name, pem_blocks, pkcs12_contents, pkcs7_certificates, Certificate,
};

/// Prints every certificate of every file; the first malformed one stops the run with
/// exit status 1 and its error (file, certificate number, byte offset, field path).
pub fn run(files: &[String]) -> ExitCode {
    let mut out = std::io::stdout().lock();
    for file in files {
        let raw = match crate::read_input(file) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("synta: cannot read {file}: {e}");
                return ExitCode::from(1);
            }
        };
        let ders = if synta::pem::is_pem(&raw) {
            match pem_blocks(&raw, "CERTIFICATE") {
                Ok(d) if !d.is_empty() => d,
                Ok(_) => {
                    eprintln!("synta: {file}: no CERTIFICATE block");
                    return ExitCode::from(1);
                }
                Err(e) => {
                    eprintln!("synta: {file}: {e}");
                    return ExitCode::from(1);
                }
            }
        } else {
            containers(raw)
        };
        for (i, der) in ders.iter().enumerate() {
            match certificate_json(der) {
                Ok(v) => {
                    // A closed pipe is not worth a panic.
                    let _ = writeln!(out, "{v}");
                }
                Err(e) => {
                    let which = if ders.len() > 1 {
                        format!(" (certificate {})", i + 1)
                    } else {
                        String::new()
                    };
                    eprintln!("synta: {file}{which}: {e}");
                    return ExitCode::from(1);
                }
            }
        }
    }
    ExitCode::SUCCESS
}

/// Lower-case hex, for bytes in the JSON output.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// An algorithm's name, or its dotted OID when unknown.
pub(crate) fn algorithm(oid: &synta::ObjectIdentifierRef<'_>) -> Value {
    match algorithm_name(oid) {
        Some(name) => json!(name),
        None => json!(oid.to_string()),
    }
}

/// One certificate as a JSON object.
fn certificate_json(der: &[u8]) -> synta::Result<Value> {
    let cert = Certificate::from_der(der)?;
    let mut extensions = Vec::new();
    for e in cert.extensions()? {
        let mut v = json!({
            "oid": e.extn_id.to_string(),
            "critical": e.critical,
        });
        if let Some((name, value)) = extension_value(&cert, &e.extn_id)? {
            v["name"] = json!(name);
            v["value"] = value;
        } else {
            v["value_der"] = json!(hex(e.extn_value.as_bytes()));
        }
        extensions.push(v);
    }
    let mut v = json!({
        "version": cert.version(),
        "serial": cert.serial_hex(),
        "subject": cert.subject()?,
        "issuer": cert.issuer()?,
        "not_before": cert.not_before_rfc3339(),
        "not_after": cert.not_after_rfc3339(),
        "signature_algorithm": algorithm(cert.signature_algorithm()),
        "public_key_algorithm": algorithm(cert.public_key_algorithm()),
        "public_key": hex(cert.public_key()?),
        "extensions": extensions,
    });
    if let Some(proof) = cert.mtc_proof() {
        v["mtc_proof"] = mtc_proof_json(&proof?);
    }
    Ok(v)
}

/// The MTCProof of a Merkle Tree Certificate (hashes and signatures in hex).
fn mtc_proof_json(p: &synta_certificate::mtc::MtcProof<'_>) -> Value {
    let extensions: Vec<Value> = p
        .extensions()
        .map(|e| json!({"type": e.extension_type, "data": hex(e.data)}))
        .collect();
    let signatures: Vec<Value> = p
        .signatures()
        .map(|s| json!({"cosigner_id": hex(s.cosigner_id), "signature": hex(s.signature)}))
        .collect();
    json!({
        "extensions": extensions,
        "start": p.start,
        "end": p.end,
        "inclusion_proof": p.inclusion_proof().map(hex).collect::<Vec<_>>(),
        "signatures": signatures,
    })
}

fn general_name(n: &GeneralName<'_>) -> synta::Result<String> {
    use synta::Text as _;
    Ok(match n {
        GeneralName::Rfc822Name(s) => format!("email:{}", s.to_text()),
        GeneralName::DnsName(s) => format!("DNS:{}", s.to_text()),
        GeneralName::UniformResourceIdentifier(s) => format!("URI:{}", s.to_text()),
        GeneralName::IpAddress(ip) => match ip.as_bytes() {
            [a, b, c, d] => format!("IP:{a}.{b}.{c}.{d}"),
            bytes if bytes.len() == 16 => {
                let groups: Vec<String> = bytes
                    .chunks(2)
                    .map(|g| format!("{:x}", u16::from_be_bytes([g[0], g[1]])))
                    .collect();
                format!("IP:{}", groups.join(":"))
            }
            bytes => format!("IP:#{}", hex(bytes)),
        },
        GeneralName::RegisteredId(oid) => format!("RID:{oid}"),
        GeneralName::DirectoryName(name) => {
            format!("DirName:{}", synta_certificate::name::rfc4514_of(name)?)
        }
        GeneralName::OtherName(_) => "othername".to_string(),
        GeneralName::X400Address(_) => "X400Address".to_string(),
        GeneralName::EdiPartyName(_) => "EdiPartyName".to_string(),
    })
}

const KEY_USAGE: &[(usize, &str)] = &[
    (ext::KEY_USAGE_DIGITAL_SIGNATURE, "digitalSignature"),
    (ext::KEY_USAGE_NON_REPUDIATION, "nonRepudiation"),
    (ext::KEY_USAGE_KEY_ENCIPHERMENT, "keyEncipherment"),
    (ext::KEY_USAGE_DATA_ENCIPHERMENT, "dataEncipherment"),
    (ext::KEY_USAGE_KEY_AGREEMENT, "keyAgreement"),
    (ext::KEY_USAGE_KEY_CERT_SIGN, "keyCertSign"),
    (ext::KEY_USAGE_CRL_SIGN, "cRLSign"),
    (ext::KEY_USAGE_ENCIPHER_ONLY, "encipherOnly"),
    (ext::KEY_USAGE_DECIPHER_ONLY, "decipherOnly"),
];

/// The typed value of the common extensions, as (name, JSON).
fn extension_value(
    cert: &Certificate<'_>,
    oid: &synta::ObjectIdentifierRef<'_>,
) -> synta::Result<Option<(&'static str, Value)>> {
    let id = oid.as_bytes();
    let is = |o: &synta::ObjectIdentifierRef<'_>| o.as_bytes() == id;
    Ok(if is(&ext::ID_CE_BASIC_CONSTRAINTS) {
        cert.basic_constraints()?.map(|bc| {
            let path_len = bc
                .path_len_constraint
                .as_ref()
                .map(|p| json!(p.to_string()));
            (
                "basicConstraints",
                json!({"ca": bc.ca, "path_len": path_len}),
            )
        })
    } else if is(&ext::ID_CE_KEY_USAGE) {
        cert.key_usage()?.map(|ku| {
            let names: Vec<&str> = KEY_USAGE
                .iter()
                .filter(|(bit, _)| *bit < ku.bit_len() && ku.bit(*bit))
                .map(|(_, n)| *n)
                .collect();
            ("keyUsage", json!(names))
        })
    } else if is(&ext::ID_CE_EXT_KEY_USAGE) {
        cert.ext_key_usage()?.map(|eku| {
            let oids: Vec<String> = eku.iter().map(ToString::to_string).collect();
            ("extKeyUsage", json!(oids))
        })
    } else if is(&ext::ID_CE_SUBJECT_ALT_NAME) {
        match cert.subject_alt_name()? {
            Some(names) => {
                let names: Vec<String> = names
                    .iter()
                    .map(general_name)
                    .collect::<synta::Result<_>>()?;
                Some(("subjectAltName", json!(names)))
            }
            None => None,
        }
    } else if is(&ext::ID_CE_SUBJECT_KEY_IDENTIFIER) {
        cert.subject_key_identifier()?
            .map(|k| ("subjectKeyIdentifier", json!(hex(k.as_bytes()))))
    } else if is(&ext::ID_CE_AUTHORITY_KEY_IDENTIFIER) {
        cert.authority_key_identifier()?.map(|aki| {
            let id = aki.key_identifier.as_ref().map(|k| hex(k.as_bytes()));
            ("authorityKeyIdentifier", json!({"key_identifier": id}))
        })
    } else {
        None
    })
}

/// A binary file is a certificate, or else a PKCS #7 SignedData or a PKCS #12 file whose
/// certificates are listed; when it is none of them, the certificate error is reported.
fn containers(raw: Vec<u8>) -> Vec<Vec<u8>> {
    if Certificate::from_der(&raw).is_ok() {
        return vec![raw];
    }
    if let Ok(certs) = pkcs7_certificates(&raw) {
        return certs;
    }
    match pkcs12_contents(&raw) {
        Ok(p12) if !p12.certificates.is_empty() => {
            p12.certificates.into_iter().map(|item| item.der).collect()
        }
        _ => vec![raw],
    }
}
