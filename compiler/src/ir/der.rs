//! DER encoding of evaluated values (X.690 clauses 8, 10 and 11), at compile time.
//!
//! Backends use it for DEFAULT values that have no constant form in the target language:
//! the generated code keeps the DER encoding and compares encodings byte for byte, which
//! is exact where a value comparison is not (a decoded value may carry offsets).
//!
//! [`encode`] gives the complete encoding of a value of a type, with every tag written on
//! the type (a component's own tag included, when the type is a component's). It returns
//! `None` for anything it does not encode exactly: REAL, time types, strings whose octets
//! depend on a character set it does not implement, values kept as text, and values that
//! do not match their type; callers then keep their fallback.

use num_bigint::BigInt;

use super::{
    AppliedTag, Constructed, Presence, QualifiedName, StringKind, TagClass, TagMode, Type,
    TypeKind, Value,
};

/// How deep references and nested values may go before giving up (a recursive type with
/// a recursive value is finite, but a broken IR must not loop).
const MAX_DEPTH: usize = 64;

/// The DER encoding of `value` as a value of `ty`, tags included; `types` resolves type
/// references. `None` when the value cannot be encoded exactly (see the module
/// documentation).
pub fn encode<'t>(
    ty: &'t Type,
    value: &'t Value,
    types: &dyn Fn(&QualifiedName) -> Option<&'t Type>,
) -> Option<Vec<u8>> {
    Encoder { types }.typed(ty, &ty.tagging, value, 0)
}

struct Encoder<'t, 'f> {
    types: &'f dyn Fn(&QualifiedName) -> Option<&'t Type>,
}

impl<'t> Encoder<'t, '_> {
    /// `value` under the tags `tagging` (outermost first) and then the kind of `ty`.
    fn typed(
        &self,
        ty: &'t Type,
        tagging: &[AppliedTag],
        value: &'t Value,
        depth: usize,
    ) -> Option<Vec<u8>> {
        if depth > MAX_DEPTH {
            return None;
        }
        let Some((outer, rest)) = tagging.split_first() else {
            return self.kind(ty, value, depth + 1);
        };
        let inner = self.typed(ty, rest, value, depth + 1)?;
        match outer.mode {
            TagMode::Explicit => Some(tlv(outer.class, outer.number, true, &inner)),
            TagMode::Implicit => {
                // X.690 8.14.3: the tag replaces the inner one; the form stays.
                let (constructed, contents) = split_tlv(&inner)?;
                Some(tlv(outer.class, outer.number, constructed, contents))
            }
        }
    }

    /// `value` as a value of the untagged kind of `ty` (a reference brings its own tags).
    fn kind(&self, ty: &'t Type, value: &'t Value, depth: usize) -> Option<Vec<u8>> {
        let u = |number: u32, constructed: bool, contents: &[u8]| {
            Some(tlv(TagClass::Universal, number, constructed, contents))
        };
        match (&ty.kind, value) {
            (TypeKind::Reference { target }, _) => {
                let def = (self.types)(target)?;
                self.typed(def, &def.tagging, value, depth + 1)
            }
            (_, Value::Open { ty, value, .. }) => {
                self.typed(&ty.0, &ty.0.tagging, value, depth + 1)
            }
            (TypeKind::Boolean, Value::Boolean(b)) => u(1, false, &[if *b { 0xff } else { 0 }]),
            (TypeKind::Integer { .. }, Value::Integer(i)) => u(2, false, &integer_contents(&i.0)),
            (TypeKind::Enumerated { .. }, Value::Enumerated(_, n)) => {
                u(10, false, &integer_contents(&BigInt::from(*n)))
            }
            (TypeKind::Null, Value::Null) => u(5, false, &[]),
            (TypeKind::ObjectIdentifier, Value::ObjectIdentifier(d)) => {
                u(6, false, &oid_contents(d)?)
            }
            (TypeKind::RelativeOid, Value::RelativeOid(d)) => {
                u(13, false, &relative_oid_contents(d)?)
            }
            (TypeKind::BitString { named_bits }, Value::BitString(bits)) => u(
                3,
                false,
                &bit_string_contents(bits, !named_bits.is_empty())?,
            ),
            (TypeKind::OctetString, Value::OctetString(hex)) => u(4, false, &hex_octets(hex)?),
            (TypeKind::String { string }, Value::String(s)) => {
                let (number, octets) = string_octets(*string, s)?;
                u(number, false, &octets)
            }
            (TypeKind::Sequence(body), Value::Sequence(parts)) => {
                u(16, true, &self.components(body, parts, false, depth)?)
            }
            (TypeKind::Set(body), Value::Sequence(parts)) => {
                u(17, true, &self.components(body, parts, true, depth)?)
            }
            (TypeKind::SequenceOf(of), Value::SequenceOf(items)) => {
                let parts = self.elements(&of.element, items, depth)?;
                u(16, true, &parts.concat())
            }
            (TypeKind::SetOf(of), Value::SequenceOf(items)) => {
                // X.690 11.6: SET OF elements in ascending order of their encodings.
                let mut parts = self.elements(&of.element, items, depth)?;
                parts.sort();
                u(17, true, &parts.concat())
            }
            (TypeKind::Choice(body), Value::Choice(alt, v)) => {
                let c = body.components.iter().find(|c| c.name == *alt)?;
                self.typed(&c.ty, &c.ty.tagging, v, depth + 1)
            }
            _ => None,
        }
    }

    fn elements(
        &self,
        element: &'t Type,
        items: &'t [Value],
        depth: usize,
    ) -> Option<Vec<Vec<u8>>> {
        items
            .iter()
            .map(|v| self.typed(element, &element.tagging, v, depth + 1))
            .collect()
    }

    /// The contents of a SEQUENCE or SET value: components in textual order (a SET in
    /// tag order, X.690 10.3), each omitted when it encodes as its DEFAULT (11.5).
    fn components(
        &self,
        body: &'t Constructed,
        parts: &'t [(String, Value)],
        set: bool,
        depth: usize,
    ) -> Option<Vec<u8>> {
        if parts
            .iter()
            .any(|(n, _)| !body.components.iter().any(|c| c.name == *n))
        {
            return None;
        }
        let mut out: Vec<Vec<u8>> = Vec::new();
        for c in &body.components {
            let Some((_, v)) = parts.iter().find(|(n, _)| *n == c.name) else {
                if matches!(c.presence, Presence::Required) && c.extension.is_none() {
                    return None;
                }
                continue;
            };
            let enc = self.typed(&c.ty, &c.ty.tagging, v, depth + 1)?;
            if let Presence::Default(d) = &c.presence {
                if self.typed(&c.ty, &c.ty.tagging, d, depth + 1).as_ref() == Some(&enc) {
                    continue;
                }
            }
            out.push(enc);
        }
        if set {
            out.sort_by_key(|e| tag_key(e));
        }
        Some(out.concat())
    }
}

/// A complete element: identifier octets (X.690 8.1.2), definite length (10.1) and
/// contents.
fn tlv(class: TagClass, number: u32, constructed: bool, contents: &[u8]) -> Vec<u8> {
    let class_bits: u8 = match class {
        TagClass::Universal => 0x00,
        TagClass::Application => 0x40,
        TagClass::Context => 0x80,
        TagClass::Private => 0xc0,
    };
    let form = if constructed { 0x20 } else { 0 };
    let mut out = Vec::with_capacity(contents.len() + 8);
    if number < 31 {
        // Lossless: `number` is below 31.
        out.push(class_bits | form | number.to_be_bytes()[3]);
    } else {
        out.push(class_bits | form | 0x1f);
        push_base128(&mut out, u128::from(number));
    }
    let len = contents.len();
    if len < 0x80 {
        out.push(len.to_be_bytes()[std::mem::size_of::<usize>() - 1]);
    } else {
        let bytes = len.to_be_bytes();
        let skip = bytes.iter().take_while(|b| **b == 0).count();
        let n = bytes.len() - skip;
        out.push(0x80 | n.to_be_bytes()[std::mem::size_of::<usize>() - 1]);
        out.extend_from_slice(&bytes[skip..]);
    }
    out.extend_from_slice(contents);
    out
}

/// The form and contents of an element this module encoded (so always well formed).
fn split_tlv(enc: &[u8]) -> Option<(bool, &[u8])> {
    let first = *enc.first()?;
    let mut i = 1;
    if first & 0x1f == 0x1f {
        while enc.get(i)? & 0x80 != 0 {
            i += 1;
        }
        i += 1;
    }
    let len_octet = *enc.get(i)?;
    i += 1;
    if len_octet & 0x80 != 0 {
        i += usize::from(len_octet & 0x7f);
    }
    Some((first & 0x20 != 0, enc.get(i..)?))
}

/// The (class, number) of an element's tag, the order of SET components (X.690 10.3,
/// X.680 8.6: universal, application, context-specific, private; then by number).
fn tag_key(enc: &[u8]) -> (u8, u128) {
    let first = enc.first().copied().unwrap_or(0);
    let class = first >> 6;
    if first & 0x1f != 0x1f {
        return (class, u128::from(first & 0x1f));
    }
    let mut n: u128 = 0;
    for b in enc.iter().skip(1) {
        n = (n << 7) | u128::from(b & 0x7f);
        if b & 0x80 == 0 {
            break;
        }
    }
    (class, n)
}

/// The contents octets of a dotted OBJECT IDENTIFIER (X.690 8.19), or `None` when it is
/// not a valid absolute OID.
pub fn oid_contents(dotted: &str) -> Option<Vec<u8>> {
    let arcs = arcs(dotted)?;
    let (&first, rest) = arcs.split_first()?;
    let (&second, rest) = rest.split_first()?;
    if first > 2 || (first < 2 && second > 39) {
        return None;
    }
    let mut out = Vec::new();
    push_base128(&mut out, first.checked_mul(40)?.checked_add(second)?);
    for &arc in rest {
        push_base128(&mut out, arc);
    }
    Some(out)
}

/// The contents octets of a dotted RELATIVE-OID (X.690 8.20).
fn relative_oid_contents(dotted: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    for arc in arcs(dotted)? {
        push_base128(&mut out, arc);
    }
    Some(out)
}

fn arcs(dotted: &str) -> Option<Vec<u128>> {
    dotted.split('.').map(|a| a.parse::<u128>().ok()).collect()
}

/// Base-128 digits, most significant first, all but the last with bit 8 set.
fn push_base128(out: &mut Vec<u8>, mut v: u128) {
    let mut groups = vec![low7(v)];
    v >>= 7;
    while v > 0 {
        groups.push(low7(v) | 0x80);
        v >>= 7;
    }
    out.extend(groups.iter().rev());
}

/// The low seven bits of `v`.
fn low7(v: u128) -> u8 {
    (v & 0x7f).to_be_bytes()[15]
}

/// Minimal two's-complement contents octets of an INTEGER (X.690 8.3).
pub fn integer_contents(v: &BigInt) -> Vec<u8> {
    v.to_signed_bytes_be()
}

/// BIT STRING contents (X.690 8.6): the number of unused bits, then the bits. With a
/// named bit list, trailing zero bits are not encoded (11.2.2).
fn bit_string_contents(bits: &str, named: bool) -> Option<Vec<u8>> {
    let bits = if named {
        bits.trim_end_matches('0')
    } else {
        bits
    };
    let mut out = vec![0u8];
    for chunk in bits.as_bytes().chunks(8) {
        let mut octet = 0u8;
        for (i, b) in chunk.iter().enumerate() {
            match b {
                b'1' => octet |= 0x80 >> i,
                b'0' => {}
                _ => return None,
            }
        }
        out.push(octet);
    }
    // `bits.len() % 8` is below 8.
    let unused = (8 - bits.len() % 8) % 8;
    out[0] = unused.to_be_bytes()[std::mem::size_of::<usize>() - 1];
    Some(out)
}

fn hex_octets(hex: &str) -> Option<Vec<u8>> {
    let digits: Vec<u8> = hex
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_digit(16).and_then(|d| u8::try_from(d).ok()))
        .collect::<Option<_>>()?;
    // X.680 22.12: an odd number of digits is completed with a zero digit.
    Some(
        digits
            .chunks(2)
            .map(|p| (p[0] << 4) | p.get(1).copied().unwrap_or(0))
            .collect(),
    )
}

/// The universal tag number and contents octets of a character string value; `None` for
/// string types whose octets depend on a character set not implemented here (non-ASCII
/// text in the ISO 2022 types).
fn string_octets(kind: StringKind, s: &str) -> Option<(u32, Vec<u8>)> {
    use StringKind as K;
    let number = match kind {
        K::UTF8String => return Some((12, s.as_bytes().to_vec())),
        K::BMPString => {
            let mut out = Vec::new();
            for c in s.chars() {
                let unit = u16::try_from(u32::from(c)).ok()?;
                out.extend_from_slice(&unit.to_be_bytes());
            }
            return Some((30, out));
        }
        K::UniversalString => {
            let out = s.chars().flat_map(|c| u32::from(c).to_be_bytes()).collect();
            return Some((28, out));
        }
        K::NumericString => 18,
        K::PrintableString => 19,
        K::TeletexString => 20,
        K::VideotexString => 21,
        K::IA5String => 22,
        K::GraphicString => 25,
        K::VisibleString => 26,
        K::GeneralString => 27,
        K::ObjectDescriptor => 7,
    };
    s.is_ascii().then(|| (number, s.as_bytes().to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{CollectionOf, Component, Location, Tag};

    fn ty(kind: TypeKind) -> Type {
        Type {
            tag: None::<Tag>,
            tagging: Vec::new(),
            kind,
            constraints: None,
            instance: None,
        }
    }

    fn tagged(mut t: Type, number: u32, mode: TagMode) -> Type {
        t.tagging.insert(
            0,
            AppliedTag {
                class: TagClass::Context,
                number,
                mode,
            },
        );
        t
    }

    fn component(name: &str, ty: Type, presence: Presence) -> Component {
        Component {
            name: name.into(),
            ty,
            presence,
            extension: None,
            from_components_of: false,
            location: Location {
                file: String::new(),
                line: 0,
                column: 0,
            },
        }
    }

    fn enc(t: &Type, v: &Value) -> Option<Vec<u8>> {
        encode(t, v, &|_| None)
    }

    #[test]
    fn primitives() {
        let oid = ty(TypeKind::ObjectIdentifier);
        let v = Value::ObjectIdentifier("1.3.14.3.2.26".into());
        assert_eq!(
            enc(&oid, &v),
            Some(vec![0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a])
        );
        assert_eq!(enc(&ty(TypeKind::Null), &Value::Null), Some(vec![5, 0]));
        let bits = ty(TypeKind::BitString {
            named_bits: vec![crate::ir::NamedNumber {
                name: "b".into(),
                value: 1,
            }],
        });
        // Named bits: trailing zeros dropped (X.690 11.2.2).
        assert_eq!(
            enc(&bits, &Value::BitString("0100".into())),
            Some(vec![3, 2, 6, 0x40])
        );
        assert_eq!(
            enc(&bits, &Value::BitString("000".into())),
            Some(vec![3, 1, 0])
        );
        let utf8 = ty(TypeKind::String {
            string: StringKind::UTF8String,
        });
        assert_eq!(
            enc(&utf8, &Value::String("hé".into())),
            Some(vec![12, 3, b'h', 0xc3, 0xa9])
        );
        let ia5 = ty(TypeKind::String {
            string: StringKind::IA5String,
        });
        assert_eq!(enc(&ia5, &Value::String("hé".into())), None);
        assert_eq!(enc(&ty(TypeKind::Real), &Value::Real("1".into())), None);
        // A value of the wrong kind is not encoded.
        assert_eq!(enc(&oid, &Value::Null), None);
    }

    #[test]
    fn tags_and_sequences() {
        let int = ty(TypeKind::Integer {
            named_numbers: Vec::new(),
            repr: crate::ir::IntegerRepr::I64,
        });
        let seq = ty(TypeKind::Sequence(Constructed {
            components: vec![
                component("a", ty(TypeKind::ObjectIdentifier), Presence::Required),
                component(
                    "b",
                    tagged(int.clone(), 0, TagMode::Implicit),
                    Presence::Default(Value::Integer(crate::ir::BigInteger(5.into()))),
                ),
            ],
            extensible: false,
        }));
        let value = |b: i64| {
            Value::Sequence(vec![
                ("a".into(), Value::ObjectIdentifier("2.5".into())),
                ("b".into(), Value::Integer(crate::ir::BigInteger(b.into()))),
            ])
        };
        // `b` equal to its DEFAULT is omitted (X.690 11.5).
        assert_eq!(enc(&seq, &value(5)), Some(vec![0x30, 3, 6, 1, 0x55]));
        assert_eq!(
            enc(&seq, &value(6)),
            Some(vec![0x30, 6, 6, 1, 0x55, 0x80, 1, 6])
        );
        let explicit = tagged(seq, 3, TagMode::Explicit);
        assert_eq!(
            enc(&explicit, &value(5)),
            Some(vec![0xa3, 5, 0x30, 3, 6, 1, 0x55])
        );
        let set_of = ty(TypeKind::SetOf(CollectionOf {
            element_name: None,
            element: Box::new(int),
        }));
        let items = Value::SequenceOf(vec![
            Value::Integer(crate::ir::BigInteger(300.into())),
            Value::Integer(crate::ir::BigInteger(2.into())),
        ]);
        assert_eq!(
            enc(&set_of, &items),
            Some(vec![0x31, 7, 2, 1, 2, 2, 2, 1, 0x2c])
        );
    }
}
