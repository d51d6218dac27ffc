//! Rust names for ASN.1 identifiers: types in UpperCamelCase, fields in snake_case,
//! constants in SCREAMING_SNAKE_CASE, with keywords avoided.

use heck::{ToShoutySnakeCase, ToSnakeCase, ToUpperCamelCase};
use proc_macro2::{Ident, Span};

/// Words Rust reserves (strict and reserved keywords) that an ASN.1 name may turn into.
const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
    "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl",
    "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield", "Self",
];

fn ident(text: &str) -> Ident {
    let text = if text.is_empty() { "x" } else { text };
    let text = if text.starts_with(|c: char| c.is_ascii_digit()) {
        format!("n{text}")
    } else if KEYWORDS.contains(&text) {
        format!("{text}_")
    } else {
        text.to_string()
    };
    Ident::new(&text, Span::call_site())
}

/// Splits at hyphens and keeps an acronym behind a one-letter lower-case prefix whole
/// (`cRLIssuer` -> `CRLIssuer`), so word boundaries fall where a reader expects.
fn words(asn1: &str) -> String {
    asn1.split('-')
        .map(|w| {
            let b = w.as_bytes();
            if b.len() >= 2
                && b[0].is_ascii_lowercase()
                && b[1].is_ascii_uppercase()
                && b.get(2).is_none_or(u8::is_ascii_uppercase)
            {
                let mut s = w[..1].to_ascii_uppercase();
                s.push_str(&w[1..]);
                s
            } else {
                w.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("_")
}

/// A type name: `TBSCertificate` -> `TbsCertificate`, `id-pe` -> `IdPe`.
pub fn type_name(asn1: &str) -> Ident {
    ident(&words(asn1).to_upper_camel_case())
}

/// A field or module name: `extnID` -> `extn_id`, `cRLIssuer` -> `crl_issuer`.
pub fn field_name(asn1: &str) -> Ident {
    ident(&words(asn1).to_snake_case())
}

/// A constant name: `id-ce-cRLDistributionPoints` -> `ID_CE_CRL_DISTRIBUTION_POINTS`.
pub fn const_name(asn1: &str) -> Ident {
    ident(&words(asn1).to_shouty_snake_case())
}

/// The file and module name of an ASN.1 module: `PKIX1Explicit-2009` ->
/// `pkix1_explicit_2009`.
pub fn module_name(asn1: &str) -> String {
    field_name(asn1).to_string()
}

/// The name of a parameterized type's instance: the template followed by its arguments,
/// leaving out class references (all upper case) and punctuation:
/// `AlgorithmIdentifier{SIGNATURE-ALGORITHM, {SignatureAlgorithms}}` ->
/// `AlgorithmIdentifierSignatureAlgorithms`.
pub fn instance_name(template: &str, arguments: &[String]) -> String {
    let mut name = template.to_string();
    for arg in arguments {
        let words: Vec<&str> = arg
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .filter(|w| !w.is_empty())
            .filter(|w| w.chars().any(|c| c.is_ascii_lowercase()))
            .collect();
        // An inline object set (`{a | b | c}`) would make an unreadable name; a clash is
        // numbered instead.
        if words.len() > 2 {
            continue;
        }
        for w in words {
            name.push('-');
            name.push_str(w);
        }
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions() {
        assert_eq!(type_name("TBSCertificate").to_string(), "TbsCertificate");
        assert_eq!(type_name("PKIX-CommonTypes").to_string(), "PkixCommonTypes");
        assert_eq!(field_name("extnID").to_string(), "extn_id");
        assert_eq!(field_name("type").to_string(), "type_");
        assert_eq!(field_name("self").to_string(), "self_");
        assert_eq!(const_name("id-ce-keyUsage").to_string(), "ID_CE_KEY_USAGE");
        assert_eq!(
            const_name("id-ce-cRLDistributionPoints").to_string(),
            "ID_CE_CRL_DISTRIBUTION_POINTS"
        );
        assert_eq!(field_name("cRLIssuer").to_string(), "crl_issuer");
        assert_eq!(field_name("cA").to_string(), "ca");
        assert_eq!(field_name("eContentType").to_string(), "e_content_type");
        assert_eq!(module_name("PKIX1Explicit-2009"), "pkix1_explicit_2009");
        assert_eq!(
            type_name(&instance_name(
                "AlgorithmIdentifier",
                &[
                    "SIGNATURE-ALGORITHM".into(),
                    " {SignatureAlgorithms}".into()
                ]
            ))
            .to_string(),
            "AlgorithmIdentifierSignatureAlgorithms"
        );
        assert_eq!(
            type_name(&instance_name("DirectoryString", &["ub-name".into()])).to_string(),
            "DirectoryStringUbName"
        );
    }
}
