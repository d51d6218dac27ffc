//! synta-codegen: ASN.1 schema compiler.
