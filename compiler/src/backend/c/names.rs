//! C identifiers for ASN.1 names. C has one namespace for everything, so every
//! generated identifier starts with the module's prefix (`pkix1_explicit_2009_`).

/// C keywords (C11) and names of the standard headers an ASN.1 name may collide with.
const RESERVED: &[&str] = &[
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
    "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
    "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch", "typedef",
    "union", "unsigned", "void", "volatile", "while", "bool", "true", "false", "errno", "unknown",
];

/// An ASN.1 identifier as a C identifier: hyphens become underscores, keywords (and
/// `unknown`, the raw member of a CHOICE's union) get a trailing underscore. Members are
/// always reached through a pointer, so they cannot clash with local variables.
pub fn ident(asn1: &str) -> String {
    let mut s: String = asn1
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, 'n');
    }
    if RESERVED.contains(&s.as_str()) {
        s.push('_');
    }
    s
}

/// The file stem and identifier prefix of an ASN.1 module: `PKIX1Explicit-2009` ->
/// `pkix1_explicit_2009` (the same stem as the Rust backend's module).
pub fn module_prefix(asn1: &str) -> String {
    crate::backend::rust::names::module_name(asn1)
}

/// A type name: `<module>_<Type>` with the ASN.1 spelling kept (`pkix1_explicit_2009_TBSCertificate`).
pub fn type_name(module: &str, asn1: &str) -> String {
    format!("{module}_{}", ident(asn1))
}

/// A macro name: upper case of [`type_name`] plus a suffix.
pub fn macro_name(base: &str) -> String {
    base.to_ascii_uppercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_names() {
        assert_eq!(module_prefix("PKIX1Explicit-2009"), "pkix1_explicit_2009");
        assert_eq!(type_name("m", "TBSCertificate"), "m_TBSCertificate");
        assert_eq!(ident("id-ce-keyUsage"), "id_ce_keyUsage");
        assert_eq!(ident("default"), "default_");
        assert_eq!(ident("int"), "int_");
        assert_eq!(macro_name("m_Version_v3"), "M_VERSION_V3");
    }
}
