//! Errors inside a value carried in an OCTET STRING carry the absolute offset in the
//! whole input: an extension value in a certificate (the generated `extn_value_decoded()`
//! and the typed accessors decode it where it lies), and the basic response of an OCSP
//! response. The expected offsets are found here by walking the DER headers by hand
//! (X.690 8.1.2-8.1.3), not through the decoder under test.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use synta_certificate::{Certificate, OcspResponse};

mod common;

/// One element: identifier octet, and the indices of its first contents octet and of
/// the octet after it.
#[derive(Clone, Copy)]
struct Tlv {
    id: u8,
    contents: usize,
    end: usize,
}

/// The element at `pos`. Only what certificates use: low tag numbers, definite lengths.
fn tlv_at(der: &[u8], pos: usize) -> Tlv {
    let id = der[pos];
    assert_ne!(id & 0x1f, 0x1f, "high tag number at {pos}");
    let l0 = der[pos + 1];
    let (len, header) = if l0 < 0x80 {
        (usize::from(l0), 2)
    } else {
        let n = usize::from(l0 & 0x7f);
        let len = der[pos + 2..pos + 2 + n]
            .iter()
            .fold(0usize, |acc, &b| (acc << 8) | usize::from(b));
        (len, 2 + n)
    };
    Tlv {
        id,
        contents: pos + header,
        end: pos + header + len,
    }
}

/// The elements inside the contents of `outer`.
fn children(der: &[u8], outer: Tlv) -> Vec<Tlv> {
    let mut at = outer.contents;
    let mut out = Vec::new();
    while at < outer.end {
        let t = tlv_at(der, at);
        at = t.end;
        out.push(t);
    }
    out
}

/// For each extension of the certificate `der`, in order: its OID's contents octets and
/// its `extnValue` OCTET STRING.
fn extension_values(der: &[u8]) -> Vec<(Vec<u8>, Tlv)> {
    let tbs = children(der, tlv_at(der, 0))[0];
    let Some(&list) = children(der, tbs).iter().find(|c| c.id == 0xa3) else {
        return Vec::new();
    };
    let list = children(der, list)[0];
    children(der, list)
        .into_iter()
        .map(|ext| {
            let fields = children(der, ext);
            let oid = fields.iter().find(|f| f.id == 0x06).unwrap();
            let value = fields.iter().find(|f| f.id == 0x04).unwrap();
            (der[oid.contents..oid.end].to_vec(), *value)
        })
        .collect()
}

/// The error of `extn_value_decoded()` for extension `index` of `der`, and the errors
/// of `validate()`.
fn errors(der: &[u8], index: usize) -> (synta::Error, synta::Error) {
    let cert = Certificate::from_der(der).unwrap();
    let ext = &cert.extensions().unwrap()[index];
    let e = ext.extn_value_decoded().unwrap_err();
    (e, cert.validate().unwrap_err())
}

/// A value whose identifier octet is replaced by UTF8String's (0x0c, which no extension
/// in the object set starts with) fails at that octet: its absolute offset.
#[test]
fn a_bad_tag_in_an_extension_value_is_reported_at_its_certificate_offset() {
    let mut checked = 0;
    for path in common::files("certs/roots", "der") {
        let der = std::fs::read(&path).unwrap();
        let cert = Certificate::from_der(&der).unwrap();
        let decoded = cert.extensions().unwrap();
        for (i, (oid, value)) in extension_values(&der).into_iter().enumerate() {
            assert_eq!(decoded[i].extn_id.as_bytes(), oid.as_slice());
            let known = !matches!(
                decoded[i].extn_value_decoded(),
                Ok(synta_certificate::generated::pkix_common_types_2009::ExtensionCertExtensionsExtnValue::Unknown(_))
            );
            if !known || value.contents == value.end {
                continue;
            }
            let mut bad = der.clone();
            bad[value.contents] = 0x0c;
            let (e, validate) = errors(&bad, i);
            assert_eq!(
                e.offset(),
                value.contents,
                "{}: extension {i}: {e}",
                path.display()
            );
            assert!(e.to_string().contains("extnValue"), "{e}");
            // `validate()` stops at the first bad extension: this one (the others are
            // untouched and decode).
            assert_eq!(validate.offset(), value.contents, "{validate}");
            checked += 1;
        }
    }
    assert!(checked >= 50, "only {checked} extension values checked");
}

/// Deeper inside: basicConstraints `SEQUENCE { BOOLEAN TRUE ... }` with the BOOLEAN's
/// identifier replaced by NULL's, which neither `cA` nor `pathLenConstraint` takes.
#[test]
fn a_bad_octet_deep_in_basic_constraints_is_reported_at_its_certificate_offset() {
    const BASIC_CONSTRAINTS: [u8; 3] = [0x55, 0x1d, 0x13];
    let mut checked = 0;
    for path in common::files("certs/roots", "der") {
        let der = std::fs::read(&path).unwrap();
        for (i, (oid, value)) in extension_values(&der).into_iter().enumerate() {
            if oid != BASIC_CONSTRAINTS || der.get(value.contents + 2) != Some(&0x01) {
                continue;
            }
            let at = value.contents + 2;
            let mut bad = der.clone();
            bad[at] = 0x05;
            let (e, validate) = errors(&bad, i);
            assert_eq!(e.offset(), at, "{}: {e}", path.display());
            assert_eq!(validate.offset(), at, "{validate}");
            // The typed accessor reads the same bytes at the same offset.
            let cert = Certificate::from_der(&bad).unwrap();
            let typed = cert.basic_constraints().unwrap_err();
            assert_eq!(typed.offset(), at, "{typed}");
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} certificates checked");
}

/// `OCSPResponse ::= SEQUENCE { responseStatus, responseBytes [0] EXPLICIT SEQUENCE {
/// responseType, response OCTET STRING } }` (RFC 6960 4.2.1): a bad identifier octet
/// at the start of the BasicOCSPResponse is reported at its offset in the response.
#[test]
fn a_bad_tag_in_an_ocsp_basic_response_is_reported_at_its_offset() {
    let mut checked = 0;
    for path in common::files("ocsp", "der") {
        // A signed request has a [0] too (optionalSignature); only responses here.
        if path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("request"))
        {
            continue;
        }
        let der = std::fs::read(&path).unwrap();
        let fields = children(&der, tlv_at(&der, 0));
        let Some(&explicit) = fields.iter().find(|f| f.id == 0xa0) else {
            continue;
        };
        let bytes = children(&der, explicit)[0];
        let response = children(&der, bytes)[1];
        assert_eq!(response.id, 0x04);
        OcspResponse::from_der(&der).unwrap();
        let mut bad = der.clone();
        bad[response.contents] = 0x0c;
        let e = OcspResponse::from_der(&bad).unwrap_err();
        assert_eq!(e.offset(), response.contents, "{}: {e}", path.display());
        assert!(e.to_string().contains("response"), "{e}");
        checked += 1;
    }
    assert!(checked >= 2, "only {checked} responses checked");
}
