//! A dumpasn1-style rendering of a TLV tree (used by the `synta dump` command).

use alloc::format;
use alloc::string::String;
use core::fmt::Write as _;

use crate::error::Result;
use crate::types::integer::{check_int, to_decimal};
use crate::types::oid::dotted;
use crate::walk::{walk, Event};
use crate::{
    BitStringRef, BmpString, Class, DecodeValue, GeneralString, GeneralizedTime, GraphicString,
    Header, Ia5String, Limits, NumericString, ObjectDescriptor, OctetStringRef, PrintableString,
    Reader, Real, Rules, TeletexString, Text, UniversalString, UtcTime, Utf8String, VideotexString,
    VisibleString,
};

fn hex(bytes: &[u8], max: usize) -> String {
    let mut s = String::new();
    for b in bytes.iter().take(max) {
        let _ = write!(s, "{b:02X}");
    }
    if bytes.len() > max {
        s.push_str("...");
    }
    s
}

fn decode_as<'a, T: DecodeValue<'a>>(h: &Header, content: &'a [u8], rules: Rules) -> Result<T> {
    let mut r = Reader::sub(content, h.offset + h.header_len, rules, 1, Limits::DEFAULT);
    T::decode_value(&mut r, h)
}

fn quoted(t: &impl Text) -> String {
    format!("{:?}", t.to_text())
}

/// Decodes a primitive element of a universal type and describes its value; other
/// classes give their contents in hex. Errors when the value is invalid under `rules`.
pub fn describe_primitive(h: &Header, c: &[u8], rules: Rules) -> Result<String> {
    if h.tag.class != Class::Universal {
        return Ok(hex(c, 32));
    }
    Ok(match h.tag.number {
        1 => format!("{}", decode_as::<bool>(h, c, rules)?),
        2 | 10 => {
            check_int(c).map_err(|k| crate::Error::new(k, h.offset + h.header_len))?;
            if c.len() > 8 {
                format!("{} (0x{})", to_decimal(c), hex(c, 64))
            } else {
                to_decimal(c)
            }
        }
        3 => {
            let b = decode_as::<BitStringRef<'_>>(h, c, rules)?;
            if b.bit_len() <= 64 {
                let bits: String = (0..b.bit_len())
                    .map(|i| if b.bit(i) { '1' } else { '0' })
                    .collect();
                format!("'{bits}'B")
            } else {
                format!("{} unused bits, {}", b.unused_bits(), hex(b.as_bytes(), 32))
            }
        }
        4 => hex(decode_as::<OctetStringRef<'_>>(h, c, rules)?.as_bytes(), 32),
        5 => {
            decode_as::<crate::Null>(h, c, rules)?;
            String::new()
        }
        6 | 13 => {
            if h.tag.number == 6 {
                decode_as::<crate::ObjectIdentifierRef<'_>>(h, c, rules)?;
            } else {
                decode_as::<crate::RelativeOidRef<'_>>(h, c, rules)?;
            }
            dotted(c, h.tag.number == 6)
        }
        7 => quoted(&decode_as::<ObjectDescriptor<'_>>(h, c, rules)?),
        9 => format!("{}", decode_as::<Real>(h, c, rules)?),
        12 => quoted(&decode_as::<Utf8String<'_>>(h, c, rules)?),
        18 => quoted(&decode_as::<NumericString<'_>>(h, c, rules)?),
        19 => quoted(&decode_as::<PrintableString<'_>>(h, c, rules)?),
        20 => quoted(&decode_as::<TeletexString<'_>>(h, c, rules)?),
        21 => quoted(&decode_as::<VideotexString<'_>>(h, c, rules)?),
        22 => quoted(&decode_as::<Ia5String<'_>>(h, c, rules)?),
        23 => format!("{}", decode_as::<UtcTime>(h, c, rules)?),
        24 => format!("{}", decode_as::<GeneralizedTime>(h, c, rules)?),
        25 => quoted(&decode_as::<GraphicString<'_>>(h, c, rules)?),
        26 => quoted(&decode_as::<VisibleString<'_>>(h, c, rules)?),
        27 => quoted(&decode_as::<GeneralString<'_>>(h, c, rules)?),
        28 => quoted(&decode_as::<UniversalString<'_>>(h, c, rules)?),
        30 => quoted(&decode_as::<BmpString<'_>>(h, c, rules)?),
        _ => hex(c, 32),
    })
}

/// Renders one top-level value as an indented tree: offset, header length, length, tag
/// and decoded value. Returns what was rendered so far and the outcome.
pub fn dump(input: &[u8], rules: Rules) -> (String, Result<()>) {
    let mut out = String::new();
    let res = walk(input, rules, Limits::DEFAULT, |e| {
        match e {
            Event::Begin { header, depth } => {
                let len = match header.length {
                    crate::Length::Definite(n) => format!("{n}"),
                    crate::Length::Indefinite => String::from("inf"),
                };
                let _ = writeln!(
                    out,
                    "{:>6} {:>2} {:>6}: {:indent$}{} {{",
                    header.offset,
                    header.header_len,
                    len,
                    "",
                    header.tag,
                    indent = 2 * depth as usize
                );
            }
            Event::End { depth } => {
                let _ = writeln!(
                    out,
                    "{:>6} {:>2} {:>6}: {:indent$}}}",
                    "",
                    "",
                    "",
                    "",
                    indent = 2 * depth as usize
                );
            }
            Event::Primitive {
                header,
                content,
                depth,
            } => {
                let value = describe_primitive(&header, content, rules)?;
                let _ = writeln!(
                    out,
                    "{:>6} {:>2} {:>6}: {:indent$}{}{}{}",
                    header.offset,
                    header.header_len,
                    content.len(),
                    "",
                    header.tag,
                    if value.is_empty() { "" } else { " " },
                    value,
                    indent = 2 * depth as usize
                );
            }
        }
        Ok(())
    });
    (out, res)
}
