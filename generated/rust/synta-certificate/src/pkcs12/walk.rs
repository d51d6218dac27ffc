//! The walk through a PFX: the AuthenticatedSafe's parts, their SafeContents, the bags
//! and their attributes, each decoded by the generated types and open-type accessors.

use super::{Pkcs12Contents, Pkcs12Item, Pkcs12Mac};
use crate::generated::cryptographic_message_syntax_2009 as cms;
use crate::generated::pkcs_12_2009 as p12;
use synta::{AnyRef, Decode, Error, ErrorKind, OctetStringRef, Result, ResultExt, Rules};

/// Most levels of `safeContentsBag` inside `safeContentsBag` followed. Files in use
/// nest none; the bound keeps a crafted file from exhausting the stack.
pub(super) const MAX_NESTED_SAFE_CONTENTS: usize = 8;

/// Reads a whole PFX under `rules`.
pub(super) fn read(data: &[u8], rules: Rules) -> Result<Pkcs12Contents> {
    read_pfx(data, rules).type_name("PFX")
}

fn read_pfx(data: &[u8], rules: Rules) -> Result<Pkcs12Contents> {
    let pfx: p12::Pfx<'_> = synta::decode(data, rules)?;
    if pfx.version.as_bytes() != [3] {
        return Err(Error::new(
            ErrorKind::Unsupported("PFX version other than v3"),
            offset_at(data, rules, &[0]),
        )
        .in_field("version"));
    }
    let mut out = Pkcs12Contents {
        mac: pfx
            .mac_data
            .as_ref()
            .map(|m| mac(m).map_err(|kind| Error::new(kind, offset_at(data, rules, &[2, 2]))))
            .transpose()
            .field("iterations")
            .field("macData")?,
        ..Pkcs12Contents::default()
    };
    let info = &*pfx.auth_safe;
    let octets = match info.content_decoded_with(rules).field("authSafe")? {
        cms::ContentInfoContent::CtData(octets) => octets,
        cms::ContentInfoContent::CtSignedData(_) => {
            return Err(Error::new(
                ErrorKind::Unsupported("public-key integrity mode (a signedData authSafe)"),
                info.content.offset(),
            )
            .in_field("authSafe"))
        }
        _ => {
            return Err(Error::new(
                ErrorKind::InvalidValue("authSafe is neither data nor signedData"),
                info.content.offset(),
            )
            .in_field("contentType")
            .in_field("authSafe"))
        }
    };
    let parts: p12::AuthenticatedSafe<'_> =
        inside(&octets, rules).field("content").field("authSafe")?;
    for (i, part) in parts.iter().enumerate() {
        read_part(part, rules, &mut out)
            .index(i)
            .field("content")
            .field("authSafe")?;
    }
    Ok(out)
}

/// The integrity parameters; an iteration count beyond `u64` is the one error.
fn mac(mac: &p12::MacData<'_>) -> core::result::Result<Pkcs12Mac, ErrorKind> {
    Ok(Pkcs12Mac {
        digest_algorithm: mac.mac.digest_algorithm.algorithm.to_string(),
        digest: mac.mac.digest.as_bytes().to_vec(),
        salt: mac.mac_salt.as_bytes().to_vec(),
        iterations: u64::try_from(mac.iterations)?,
    })
}

/// The offset of the element reached by taking child `path[0]` of the outermost
/// element, then child `path[1]` of that, and so on: for errors found after decoding,
/// in values that keep no offset. The input decoded already, so it frames.
fn offset_at(data: &[u8], rules: Rules, path: &[usize]) -> usize {
    let mut r = synta::Reader::new(data, rules);
    for &index in path {
        let Ok(mut child) = r.read_header().and_then(|h| r.child(&h)) else {
            return 0;
        };
        for _ in 0..index {
            if child.read_element().is_err() {
                return 0;
            }
        }
        r = child;
    }
    r.offset()
}

/// One part of the AuthenticatedSafe: plain SafeContents, or an encrypted part that is
/// counted and skipped.
fn read_part(part: &cms::ContentInfo<'_>, rules: Rules, out: &mut Pkcs12Contents) -> Result<()> {
    match part.content_decoded_with(rules)? {
        cms::ContentInfoContent::CtData(octets) => {
            let bags: p12::SafeContents<'_> = inside(&octets, rules).field("content")?;
            read_bags(&bags, rules, out, 0).field("content")
        }
        cms::ContentInfoContent::CtEncryptedData(_)
        | cms::ContentInfoContent::CtEnvelopedData(_) => {
            out.encrypted_parts += 1;
            Ok(())
        }
        _ => Err(Error::new(
            ErrorKind::InvalidValue(
                "an AuthenticatedSafe part is not data, encryptedData or envelopedData",
            ),
            part.content.offset(),
        )
        .in_field("contentType")),
    }
}

fn read_bags(
    bags: &p12::SafeContents<'_>,
    rules: Rules,
    out: &mut Pkcs12Contents,
    depth: usize,
) -> Result<()> {
    for (i, bag) in bags.0.iter().enumerate() {
        read_bag(bag, rules, out, depth).index(i)?;
    }
    Ok(())
}

fn read_bag(
    bag: &p12::SafeBag<'_>,
    rules: Rules,
    out: &mut Pkcs12Contents,
    depth: usize,
) -> Result<()> {
    let (friendly_name, local_key_id) = attributes(bag, rules).field("bagAttributes")?;
    let item = |der: Vec<u8>| Pkcs12Item {
        der,
        friendly_name: friendly_name.clone(),
        local_key_id: local_key_id.clone(),
    };
    // A key is kept as its whole encoding in DER form, once it has decoded as a key.
    let key_der = || normalised(bag.bag_value.raw(), bag.bag_value.offset(), rules);
    match bag.bag_value_decoded_with(rules)? {
        p12::SafeBagBagValue::KeyBag(_) => out.keys.push(item(key_der()?)),
        p12::SafeBagBagValue::Pkcs8ShroudedKeyBag(_) => {
            out.shrouded_keys.push(item(key_der()?));
        }
        p12::SafeBagBagValue::CertBag(cert) => {
            match cert.cert_value_decoded_with(rules).field("bagValue")? {
                p12::CertBagCertValue::X509Certificate(octets) => {
                    let der = held(&octets, rules).field("certValue").field("bagValue")?;
                    out.certificates.push(item(der));
                }
                _ => out.other_bags.push(cert.cert_id.to_string()),
            }
        }
        p12::SafeBagBagValue::CrlBag(crl) => {
            match crl.crlt_value_decoded_with(rules).field("bagValue")? {
                p12::CrlBagCrltValue::X509Crl(octets) => {
                    let der = held(&octets, rules).field("crltValue").field("bagValue")?;
                    out.crls.push(item(der));
                }
                _ => out.other_bags.push(crl.crl_id.to_string()),
            }
        }
        p12::SafeBagBagValue::SafeContentsBag(inner) => {
            if depth >= MAX_NESTED_SAFE_CONTENTS {
                return Err(Error::new(
                    ErrorKind::Unsupported("safeContentsBag nested too deeply"),
                    bag.bag_value.offset(),
                )
                .in_field("bagValue"));
            }
            read_bags(&inner, rules, out, depth + 1).field("bagValue")?;
        }
        p12::SafeBagBagValue::SecretBag(_)
        | p12::SafeBagBagValue::Absent
        | p12::SafeBagBagValue::Unknown(_) => out.other_bags.push(bag.bag_id.to_string()),
    }
    Ok(())
}

/// The bag's friendlyName and localKeyId. Both are single-valued (PKCS #9 `SINGLE
/// VALUE TRUE`) and may appear once; other attributes are left alone.
fn attributes(bag: &p12::SafeBag<'_>, rules: Rules) -> Result<(Option<String>, Option<Vec<u8>>)> {
    let (mut name, mut key_id) = (None, None);
    let Some(list) = &bag.bag_attributes else {
        return Ok((name, key_id));
    };
    for (i, attr) in list.0.iter().enumerate() {
        let values = attr.attr_values_decoded_with(rules).index(i)?;
        // A second value, or the first value of a second attribute of the same type.
        let misplaced = |why: &'static str, at: usize| {
            let offset = attr.attr_values.0.get(at).map_or(0, AnyRef::offset);
            Err(Error::new(ErrorKind::InvalidValue(why), offset)
                .in_index(at)
                .in_field("attrValues")
                .in_index(i))
        };
        if values.len() > 1 {
            return misplaced("a single-valued attribute has more than one value", 1);
        }
        let duplicate = match values.into_iter().next() {
            Some(p12::Pkcs12AttributeAttrValues::FriendlyName(text)) => name
                .replace(text.to_string())
                .map(|_| "friendlyName appears twice"),
            Some(p12::Pkcs12AttributeAttrValues::LocalKeyId(id)) => key_id
                .replace(id.as_bytes().to_vec())
                .map(|_| "localKeyId appears twice"),
            _ => None,
        };
        if let Some(why) = duplicate {
            return misplaced(why, 0);
        }
    }
    Ok((name, key_id))
}

/// Decodes the encoding held by an OCTET STRING, with error offsets in the whole file
/// (for bytes joined from BER segments: counted from the first segment's contents).
fn inside<'o, T: Decode<'o>>(octets: &'o OctetStringRef<'_>, rules: Rules) -> Result<T> {
    synta::decode_at(octets.as_bytes(), octets.offset(), rules)
}

/// The DER form of the encoding an OCTET STRING holds (a certificate or a CRL), with
/// errors placed as [`inside`] places them.
fn held(octets: &OctetStringRef<'_>, rules: Rules) -> Result<Vec<u8>> {
    normalised(octets.as_bytes(), octets.offset(), rules)
}

/// The DER form of one encoding found at offset `at` (the same bytes when it is DER
/// already), as far as the encoding alone defines it: see [`synta::canonical`].
fn normalised(bytes: &[u8], at: usize, rules: Rules) -> Result<Vec<u8>> {
    synta::canonical::reencode(bytes, at, rules, Rules::Der)
}
