//! Pass: evaluating values against their governing type.

use super::context::{Analyzer, DefId, Env, Resolved};
use super::kinds::DefKind;
use crate::ast::{self, NumberOrRef, ValueKind};
use crate::diagnostics::{Code, Diagnostic};
use crate::ir::{self, BigInteger, TypeKind};
use num_bigint::BigInt;
use num_traits::ToPrimitive;

impl<'a> Analyzer<'a> {
    /// Turns a braced value kept as tokens into items by re-parsing its span.
    pub fn materialize(&mut self, v: &ast::Value) -> Option<ast::Value> {
        match &v.kind {
            ValueKind::Braced(b) => {
                let text = self.file_text(b.span.file);
                match crate::parse::reparse_value(text, b.span) {
                    Ok(parsed) => Some(parsed),
                    Err(d) => {
                        self.report(Diagnostic {
                            code: Code::BadValue,
                            message: d.message.replace("syntax error: ", "not a valid value: "),
                            ..d
                        });
                        None
                    }
                }
            }
            _ => Some(v.clone()),
        }
    }

    /// Follows references until a type that is not a reference (its IR).
    pub fn base_type(&mut self, ty: &ir::Type) -> Option<ir::Type> {
        let mut current = ty.clone();
        for _ in 0..64 {
            match &current.kind {
                TypeKind::Reference { target } => {
                    let id = self.def_by_qualified(target)?;
                    let lowered = self.lower_def(id)?;
                    let mut next = (*lowered).clone();
                    if next.constraints.is_none() {
                        next.constraints = current.constraints.clone();
                    }
                    current = next;
                }
                _ => return Some(current),
            }
        }
        None
    }

    /// Evaluates a value notation governed by `ty`; reports and returns `None` when the
    /// value does not fit.
    pub fn eval_value(
        &mut self,
        module: usize,
        env: &Env,
        v: &ast::Value,
        ty: &ir::Type,
    ) -> Option<ir::Value> {
        let v = self.materialize(v)?;
        let base = self.base_type(ty)?;
        // A reference is a value reference unless the type gives the identifier a meaning.
        if let ValueKind::Reference(r, _) = &v.kind {
            if let Some(name) = r.as_simple() {
                if let Some(value) = identifier_in_type(&base, &name.text) {
                    return Some(value);
                }
                if let TypeKind::Enumerated {
                    items, additions, ..
                } = &base.kind
                {
                    if self.resolve_reference_quiet(module, env, r).is_none() {
                        let names: Vec<&str> = items
                            .iter()
                            .chain(additions)
                            .map(|i| i.name.as_str())
                            .collect();
                        self.error(
                            Code::BadValue,
                            name.span,
                            format!(
                                "`{}` is not an item of the ENUMERATED type ({})",
                                name.text,
                                names.join(", ")
                            ),
                        );
                        return None;
                    }
                }
                if let TypeKind::Integer { named_numbers, .. } = &base.kind {
                    if !named_numbers.is_empty()
                        && self.resolve_reference_quiet(module, env, r).is_none()
                    {
                        self.error(
                            Code::BadValue,
                            name.span,
                            format!(
                                "`{}` is neither a named number of the INTEGER type nor a value",
                                name.text
                            ),
                        );
                        return None;
                    }
                }
            }
            // An INTEGER value may be a draft's placeholder (`version INTEGER ::= TBD`).
            if matches!(base.kind, TypeKind::Integer { .. }) {
                match self.number_name(module, env, r) {
                    super::placeholders::NumberName::Defined => {}
                    super::placeholders::NumberName::Placeholder(n) => {
                        let value = ir::Value::Integer(BigInteger(n));
                        self.check_value_constraints(&value, &base, v.span);
                        return Some(value);
                    }
                    super::placeholders::NumberName::Undefined => return None,
                }
            }
            let value = self.value_of_reference(module, env, r, ty)?;
            if !value_fits(&value, &base) {
                self.error(
                    Code::TypeMismatch,
                    r.span,
                    format!("`{}` is not a {} value", r.text(), type_name(&base)),
                );
                return None;
            }
            self.check_value_constraints(&value, &base, v.span);
            return Some(value);
        }
        let value = self.eval_literal(module, env, &v, &base)?;
        self.check_value_constraints(&value, &base, v.span);
        Some(value)
    }

    fn mismatch(&mut self, v: &ast::Value, base: &ir::Type) -> Option<ir::Value> {
        self.report(
            Diagnostic::new(
                Code::BadValue,
                v.span,
                format!("this value is not a valid {} value", type_name(base)),
            )
            .with_label("does not fit the type"),
        );
        None
    }

    fn eval_literal(
        &mut self,
        module: usize,
        env: &Env,
        v: &ast::Value,
        base: &ir::Type,
    ) -> Option<ir::Value> {
        use ValueKind as V;
        match (&base.kind, &v.kind) {
            (TypeKind::Boolean, V::Boolean(b)) => Some(ir::Value::Boolean(*b)),
            (TypeKind::Null, V::Null) => Some(ir::Value::Null),
            (TypeKind::Integer { .. }, V::Integer(i)) => {
                Some(ir::Value::Integer(BigInteger(i.clone())))
            }
            (TypeKind::Real, V::Integer(i)) => Some(ir::Value::Real(i.to_string())),
            (TypeKind::Real, V::Real(r)) => Some(ir::Value::Real(r.clone())),
            (TypeKind::Real, V::PlusInfinity) => Some(ir::Value::Real("PLUS-INFINITY".into())),
            (TypeKind::Real, V::MinusInfinity) => Some(ir::Value::Real("MINUS-INFINITY".into())),
            (TypeKind::Real, V::NotANumber) => Some(ir::Value::Real("NOT-A-NUMBER".into())),
            (TypeKind::Real, V::Items(items)) => self.real_from_items(module, env, v, items, base),
            (TypeKind::BitString { named_bits }, V::BString(bits)) => {
                let _ = named_bits;
                Some(ir::Value::BitString(bits.clone()))
            }
            (TypeKind::BitString { .. }, V::HString(hex)) => {
                Some(ir::Value::BitString(hex_to_bits(hex)))
            }
            (TypeKind::BitString { named_bits }, V::Items(items)) => {
                let mut set = Vec::new();
                for item in items {
                    let name = match item.as_slice() {
                        [ast::Value {
                            kind: V::Reference(r, _),
                            ..
                        }] => r.as_simple().map(|n| n.text.clone()),
                        _ => None,
                    };
                    match name.and_then(|n| named_bits.iter().find(|b| b.name == n)) {
                        Some(b) => set.push(b.value),
                        None => return self.mismatch(v, base),
                    }
                }
                let len = set.iter().max().map_or(0, |m| m + 1);
                let bits: String = (0..len)
                    .map(|i| if set.contains(&i) { '1' } else { '0' })
                    .collect();
                Some(ir::Value::BitString(bits))
            }
            (TypeKind::BitString { .. } | TypeKind::OctetString, V::Containing(inner)) => Some(
                ir::Value::Text(format!("CONTAINING {}", self.text(inner.span))),
            ),
            (TypeKind::OctetString, V::HString(hex)) => {
                Some(ir::Value::OctetString(hex.to_uppercase()))
            }
            (TypeKind::OctetString, V::BString(bits)) => {
                Some(ir::Value::OctetString(bits_to_hex(bits)))
            }
            (TypeKind::ObjectIdentifier, V::Items(_)) => {
                let arcs = self.eval_oid(module, env, v, true)?;
                Some(ir::Value::ObjectIdentifier(dotted(&arcs)))
            }
            (TypeKind::RelativeOid, V::Items(_)) => {
                let arcs = self.eval_oid(module, env, v, false)?;
                Some(ir::Value::RelativeOid(dotted(&arcs)))
            }
            (TypeKind::OidIri | TypeKind::RelativeOidIri, V::CString(s)) => {
                Some(ir::Value::String(s.clone()))
            }
            (TypeKind::String { string }, V::CString(s)) => {
                if let Some(bad) = s.chars().find(|c| !in_alphabet(*string, *c)) {
                    self.error(
                        Code::BadValue,
                        v.span,
                        format!("{bad:?} is not a character of {string:?}"),
                    );
                    return None;
                }
                Some(ir::Value::String(s.clone()))
            }
            (TypeKind::Time { .. }, V::CString(s)) => Some(ir::Value::String(s.clone())),
            (TypeKind::String { .. }, V::Items(_)) => {
                Some(ir::Value::Text(self.text(v.span).to_string()))
            }
            (TypeKind::Sequence(body) | TypeKind::Set(body), V::Items(items)) => {
                self.eval_sequence(module, env, v, items, body, base)
            }
            (TypeKind::SequenceOf(of) | TypeKind::SetOf(of), V::Items(items)) => {
                let mut out = Vec::new();
                for item in items {
                    let element = match item.as_slice() {
                        [one] => one,
                        // A named element: `{ name value }`.
                        [_, value] => value,
                        _ => return self.mismatch(v, base),
                    };
                    out.push(self.eval_value(module, env, element, &of.element)?);
                }
                Some(ir::Value::SequenceOf(out))
            }
            (TypeKind::Choice(body), V::Choice(name, inner)) => {
                match body.components.iter().find(|c| c.name == name.text) {
                    Some(c) => {
                        let ty = c.ty.clone();
                        let value = self.eval_value(module, env, inner, &ty)?;
                        Some(ir::Value::Choice(name.text.clone(), Box::new(value)))
                    }
                    None => {
                        self.error(
                            Code::BadValue,
                            name.span,
                            format!("the CHOICE has no alternative `{}`", name.text),
                        );
                        None
                    }
                }
            }
            (TypeKind::OpenType { .. }, V::OpenTypeValue(t, inner)) => {
                let t = self.lower_type(module, env, t);
                let value = self.eval_value(module, env, inner, &t)?;
                Some(ir::Value::Open {
                    text: self.text(v.span).to_string(),
                    ty: ir::OpenValueType(Box::new(t)),
                    value: Box::new(value),
                })
            }
            (
                TypeKind::OpenType { .. }
                | TypeKind::External
                | TypeKind::EmbeddedPdv
                | TypeKind::CharacterString
                | TypeKind::InstanceOf { .. },
                _,
            ) => Some(ir::Value::Text(self.text(v.span).to_string())),
            _ => self.mismatch(v, base),
        }
    }

    fn real_from_items(
        &mut self,
        module: usize,
        env: &Env,
        v: &ast::Value,
        items: &[Vec<ast::Value>],
        base: &ir::Type,
    ) -> Option<ir::Value> {
        let mut parts = std::collections::HashMap::new();
        for item in items {
            if let [ast::Value {
                kind: ValueKind::Reference(r, _),
                ..
            }, value] = item.as_slice()
            {
                let n = match &value.kind {
                    ValueKind::Integer(i) => Some(i.clone()),
                    ValueKind::Reference(vr, _) => self.integer_of_reference(module, env, vr),
                    _ => None,
                };
                if let (Some(name), Some(n)) = (r.as_simple(), n) {
                    parts.insert(name.text.clone(), n);
                    continue;
                }
            }
            return self.mismatch(v, base);
        }
        match (
            parts.get("mantissa"),
            parts.get("base"),
            parts.get("exponent"),
        ) {
            (Some(m), Some(b), Some(e))
                if (b == &BigInt::from(2) || b == &BigInt::from(10)) && parts.len() == 3 =>
            {
                Some(ir::Value::Real(format!("{m}*{b}^{e}")))
            }
            _ => self.mismatch(v, base),
        }
    }

    fn eval_sequence(
        &mut self,
        module: usize,
        env: &Env,
        v: &ast::Value,
        items: &[Vec<ast::Value>],
        body: &ir::Constructed,
        base: &ir::Type,
    ) -> Option<ir::Value> {
        let mut out = Vec::new();
        let mut next = 0usize;
        for item in items {
            let (name, value) = match item.as_slice() {
                [ast::Value {
                    kind: ValueKind::Reference(r, _),
                    ..
                }, value] => match r.as_simple() {
                    Some(n) => (n.clone(), value),
                    None => return self.mismatch(v, base),
                },
                _ => return self.mismatch(v, base),
            };
            let Some(pos) = body.components.iter().position(|c| c.name == name.text) else {
                self.error(
                    Code::BadValue,
                    name.span,
                    format!("`{}` is not a component of this type", name.text),
                );
                return None;
            };
            if pos < next && matches!(base.kind, TypeKind::Sequence(_)) {
                self.error(
                    Code::BadValue,
                    name.span,
                    "components of a SEQUENCE value must be in order",
                );
            }
            next = pos + 1;
            let ty = body.components[pos].ty.clone();
            let value = self.eval_value(module, env, value, &ty)?;
            out.push((name.text.clone(), value));
        }
        for c in &body.components {
            if matches!(c.presence, ir::Presence::Required)
                && c.extension.is_none()
                && !out.iter().any(|(n, _)| *n == c.name)
            {
                self.error(
                    Code::BadValue,
                    v.span,
                    format!("the value has no `{}`, which is not optional", c.name),
                );
                return None;
            }
        }
        Some(ir::Value::Sequence(out))
    }

    /// The value a reference denotes.
    fn value_of_reference(
        &mut self,
        module: usize,
        env: &Env,
        r: &ast::Reference,
        ty: &ir::Type,
    ) -> Option<ir::Value> {
        let (resolved, rest) = self.resolve_reference(module, env, r)?;
        if !rest.is_empty() {
            // A value from an object (`obj.&id`).
            return self.value_from_object(module, env, r);
        }
        match resolved {
            Resolved::Def(id) => match self.def_kind(id) {
                DefKind::Value => self.value_of_def(id),
                other => {
                    self.error(
                        Code::TypeMismatch,
                        r.span,
                        format!("`{}` is {}, not a value", r.text(), other.describe()),
                    );
                    None
                }
            },
            Resolved::Param(b) => match &b.actual {
                ast::ActualParameter::Value(v) => {
                    let v = v.clone();
                    self.eval_value(b.module, &b.env, &v, ty)
                }
                ast::ActualParameter::Type(t) => {
                    // A lone identifier in an actual parameter parses as a type.
                    if let ast::TypeKind::Reference(r2, _) = &t.kind {
                        let r2 = r2.clone();
                        let value = ast::Value {
                            kind: ValueKind::Reference(r2, Vec::new()),
                            span: t.span,
                        };
                        return self.eval_value(b.module, &b.env, &value, ty);
                    }
                    None
                }
                ast::ActualParameter::Braced(br) => {
                    let value = ast::Value {
                        kind: ValueKind::Braced(br.clone()),
                        span: br.span,
                    };
                    self.eval_value(b.module, &b.env, &value, ty)
                }
            },
            Resolved::BuiltinClass(_) => None,
        }
    }

    /// The evaluated value of a value assignment (memoized; cycles reported).
    pub fn value_of_def(&mut self, id: DefId) -> Option<ir::Value> {
        let span = self.assignment(id).name.span;
        if !self.enter_chain(span) {
            return None;
        }
        let result = self.value_of_def_inner(id);
        self.leave_chain();
        result
    }

    fn value_of_def_inner(&mut self, id: DefId) -> Option<ir::Value> {
        if let Some(v) = self.values.get(&id) {
            return v.clone();
        }
        let a = self.assignment(id);
        if !self.values_in_progress.insert(id) {
            self.error(
                Code::CyclicValue,
                a.name.span,
                format!("the value `{}` is defined in terms of itself", a.name.text),
            );
            self.values.insert(id, None);
            return None;
        }
        let value = match &a.kind {
            ast::AssignmentKind::Value { governor, value } if a.params.is_empty() => {
                let ty = self.lower_type(id.module, &Env::root(), governor);
                self.eval_value(id.module, &Env::root(), value, &ty)
            }
            _ => None,
        };
        self.values_in_progress.remove(&id);
        self.values.insert(id, value.clone());
        value
    }

    /// The INTEGER value a reference denotes.
    pub fn integer_of_reference(
        &mut self,
        module: usize,
        env: &Env,
        r: &ast::Reference,
    ) -> Option<BigInt> {
        match self.number_name(module, env, r) {
            super::placeholders::NumberName::Defined => {}
            super::placeholders::NumberName::Placeholder(v) => return Some(v),
            super::placeholders::NumberName::Undefined => return None,
        }
        let int_type = super::types::plain(
            TypeKind::Integer {
                named_numbers: Vec::new(),
                repr: ir::IntegerRepr::Big,
            },
            None,
        );
        match self.value_of_reference(module, env, r, &int_type)? {
            ir::Value::Integer(BigInteger(i)) => Some(i),
            _ => {
                self.error(
                    Code::TypeMismatch,
                    r.span,
                    format!("`{}` is not an INTEGER value", r.text()),
                );
                None
            }
        }
    }

    /// A number or INTEGER reference that must fit in 64 bits.
    pub fn small_integer(&mut self, module: usize, env: &Env, n: &NumberOrRef) -> Option<i64> {
        let (value, span) = match n {
            NumberOrRef::Number(v, span) => (v.clone(), *span),
            NumberOrRef::Ref(r) => (self.integer_of_reference(module, env, r)?, r.span),
        };
        match value.to_i64() {
            Some(v) => Some(v),
            None => {
                self.error(Code::BadValue, span, "this number does not fit in 64 bits");
                None
            }
        }
    }

    /// Reports an INTEGER value outside the type's root constraint (when not extensible).
    fn check_value_constraints(&mut self, value: &ir::Value, base: &ir::Type, span: ast::Span) {
        let (ir::Value::Integer(BigInteger(i)), Some(c)) = (value, base.constraints.as_deref())
        else {
            return;
        };
        if c.extensible || c.values.is_empty() {
            return;
        }
        let inside = c.values.iter().any(|r| {
            r.min.as_ref().is_none_or(|m| &m.0 <= i) && r.max.as_ref().is_none_or(|m| i <= &m.0)
        });
        if !inside {
            self.error(
                Code::BadValue,
                span,
                format!("{i} is outside the type's constraint {}", c.text),
            );
        }
    }
}

/// The meaning of an identifier inside a type: an enumeration item or named number.
fn identifier_in_type(base: &ir::Type, name: &str) -> Option<ir::Value> {
    match &base.kind {
        TypeKind::Enumerated {
            items, additions, ..
        } => items
            .iter()
            .chain(additions)
            .find(|i| i.name == name)
            .map(|i| ir::Value::Enumerated(i.name.clone(), i.value)),
        TypeKind::Integer { named_numbers, .. } => named_numbers
            .iter()
            .find(|n| n.name == name)
            .map(|n| ir::Value::Integer(BigInteger(n.value.into()))),
        _ => None,
    }
}

pub(crate) fn type_name(t: &ir::Type) -> &'static str {
    match &t.kind {
        TypeKind::Boolean => "BOOLEAN",
        TypeKind::Null => "NULL",
        TypeKind::Integer { .. } => "INTEGER",
        TypeKind::Enumerated { .. } => "ENUMERATED",
        TypeKind::Real => "REAL",
        TypeKind::BitString { .. } => "BIT STRING",
        TypeKind::OctetString => "OCTET STRING",
        TypeKind::ObjectIdentifier => "OBJECT IDENTIFIER",
        TypeKind::RelativeOid => "RELATIVE-OID",
        TypeKind::OidIri => "OID-IRI",
        TypeKind::RelativeOidIri => "RELATIVE-OID-IRI",
        TypeKind::String { .. } => "character string",
        TypeKind::Time { .. } => "time",
        TypeKind::Sequence(_) => "SEQUENCE",
        TypeKind::Set(_) => "SET",
        TypeKind::Choice(_) => "CHOICE",
        TypeKind::SequenceOf(_) => "SEQUENCE OF",
        TypeKind::SetOf(_) => "SET OF",
        _ => "such",
    }
}

fn hex_to_bits(hex: &str) -> String {
    hex.chars()
        .filter_map(|c| c.to_digit(16))
        .map(|d| format!("{d:04b}"))
        .collect()
}

fn bits_to_hex(bits: &str) -> String {
    let mut padded: Vec<u8> = bits.bytes().map(|b| b - b'0').collect();
    while padded.len() % 8 != 0 {
        padded.push(0);
    }
    padded
        .chunks(4)
        .map(|nibble| {
            let v = nibble.iter().fold(0u32, |acc, b| acc * 2 + u32::from(*b));
            char::from_digit(v, 16).unwrap_or('0').to_ascii_uppercase()
        })
        .collect()
}

pub(crate) fn dotted(arcs: &[num_bigint::BigUint]) -> String {
    arcs.iter()
        .map(|a| a.to_string())
        .collect::<Vec<_>>()
        .join(".")
}

/// Whether an evaluated value can be a value of `base` (for references to values).
fn value_fits(value: &ir::Value, base: &ir::Type) -> bool {
    use ir::Value as V;
    match (&base.kind, value) {
        (TypeKind::Boolean, V::Boolean(_)) => true,
        (TypeKind::Integer { .. }, V::Integer(_)) => true,
        (TypeKind::Enumerated { .. }, V::Enumerated(..)) => true,
        (TypeKind::Real, V::Real(_) | V::Integer(_)) => true,
        (TypeKind::Null, V::Null) => true,
        (TypeKind::BitString { .. }, V::BitString(_) | V::Text(_)) => true,
        (TypeKind::OctetString, V::OctetString(_) | V::Text(_)) => true,
        (TypeKind::ObjectIdentifier, V::ObjectIdentifier(_)) => true,
        (TypeKind::RelativeOid, V::RelativeOid(_)) => true,
        (
            TypeKind::String { .. }
            | TypeKind::Time { .. }
            | TypeKind::OidIri
            | TypeKind::RelativeOidIri,
            V::String(_) | V::Text(_),
        ) => true,
        (TypeKind::Sequence(_) | TypeKind::Set(_), V::Sequence(_)) => true,
        (TypeKind::SequenceOf(_) | TypeKind::SetOf(_), V::SequenceOf(_)) => true,
        (TypeKind::Choice(_), V::Choice(..)) => true,
        (
            TypeKind::Boolean
            | TypeKind::Integer { .. }
            | TypeKind::Enumerated { .. }
            | TypeKind::Real
            | TypeKind::Null
            | TypeKind::BitString { .. }
            | TypeKind::OctetString
            | TypeKind::ObjectIdentifier
            | TypeKind::RelativeOid
            | TypeKind::String { .. }
            | TypeKind::Time { .. }
            | TypeKind::Sequence(_)
            | TypeKind::Set(_)
            | TypeKind::SequenceOf(_)
            | TypeKind::SetOf(_)
            | TypeKind::Choice(_),
            _,
        ) => false,
        _ => true,
    }
}

/// Whether a character belongs to a restricted string type's alphabet (X.680 41).
fn in_alphabet(kind: ir::StringKind, c: char) -> bool {
    use ir::StringKind as S;
    match kind {
        S::NumericString => c.is_ascii_digit() || c == ' ',
        S::PrintableString => c.is_ascii_alphanumeric() || " '()+,-./:=?".contains(c),
        S::IA5String => c.is_ascii(),
        S::VisibleString => (' '..='~').contains(&c),
        S::BMPString => u32::from(c) <= 0xFFFF,
        _ => true,
    }
}
