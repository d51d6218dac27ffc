//! PEM bundles: every `-----BEGIN CERTIFICATE-----` block of a file.

use crate::Certificate;

/// The DER bytes of each PEM block labelled `label` (`"CERTIFICATE"`), in order. A block
/// that does not decode gives an error naming its position.
pub fn pem_blocks(text: &[u8], label: &str) -> Result<Vec<Vec<u8>>, String> {
    let text = std::str::from_utf8(text).map_err(|_| "PEM input is not UTF-8".to_string())?;
    let begin = format!("-----BEGIN {label}-----");
    let end = format!("-----END {label}-----");
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(&begin) {
        let block = &rest[start..];
        let Some(stop) = block.find(&end) else {
            return Err(format!("PEM block {} has no END line", out.len() + 1));
        };
        let der = synta::pem::decode(&block.as_bytes()[..stop + end.len()])
            .map_err(|e| format!("PEM block {}: {e}", out.len() + 1))?;
        out.push(der);
        rest = &block[stop + end.len()..];
    }
    Ok(out)
}

/// Parses every certificate of a PEM bundle; `ders` keeps the decoded bytes the
/// certificates borrow from (fill it with [`pem_blocks`]).
pub fn certificates_from_pem(ders: &[Vec<u8>]) -> synta::Result<Vec<Certificate<'_>>> {
    ders.iter().map(|d| Certificate::from_der(d)).collect()
}
