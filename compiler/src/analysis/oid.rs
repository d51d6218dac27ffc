//! Pass: OBJECT IDENTIFIER and RELATIVE-OID values (X.680 32-33), including arcs built
//! from references to other OID values and integers of any size.

use super::context::{Analyzer, Env, Resolved};
use super::kinds::DefKind;
use super::placeholders::NumberName;
use crate::ast::{self, ValueKind};
use crate::diagnostics::Code;
use crate::ir;
use num_bigint::{BigInt, BigUint};
use num_traits::ToPrimitive;

/// Arcs that may be written by name alone (X.680 Annex A of X.660): top-level arcs, and
/// the second-level arcs under itu-t and iso.
fn well_known_arc(parent: &[BigUint], name: &str) -> Option<u32> {
    let parent: Vec<u64> = parent.iter().filter_map(|a| a.to_u64()).collect();
    match (parent.as_slice(), name) {
        ([], "itu-t" | "ccitt") => Some(0),
        ([], "iso") => Some(1),
        ([], "joint-iso-itu-t" | "joint-iso-ccitt") => Some(2),
        ([0], "recommendation") => Some(0),
        ([0], "question") => Some(1),
        ([0], "administration") => Some(2),
        ([0], "network-operator") => Some(3),
        ([0], "identified-organization") => Some(4),
        ([0], "r-recommendation") => Some(5),
        ([1], "standard") => Some(0),
        ([1], "registration-authority") => Some(1),
        ([1], "member-body") => Some(2),
        ([1], "identified-organization") => Some(3),
        _ => None,
    }
}

impl<'a> Analyzer<'a> {
    /// Evaluates `{ ... }` to arcs; `absolute` for OBJECT IDENTIFIER (checked against
    /// X.660's first- and second-arc rules), false for RELATIVE-OID.
    pub fn eval_oid(
        &mut self,
        module: usize,
        env: &Env,
        v: &ast::Value,
        absolute: bool,
    ) -> Option<Vec<BigUint>> {
        let v = self.materialize(v)?;
        let ValueKind::Items(items) = &v.kind else {
            self.error(
                Code::BadValue,
                v.span,
                "expected an OBJECT IDENTIFIER value in braces",
            );
            return None;
        };
        // OID components are juxtaposed; commas would separate items.
        if items.len() > 1 {
            self.error(
                Code::BadOid,
                v.span,
                "OBJECT IDENTIFIER components are separated by spaces, not commas",
            );
            return None;
        }
        let atoms = items.first().map(Vec::as_slice).unwrap_or(&[]);
        let mut arcs: Vec<BigUint> = Vec::new();
        for (i, atom) in atoms.iter().enumerate() {
            match &atom.kind {
                ValueKind::Integer(n) => arcs.push(self.arc(n, atom.span)?),
                ValueKind::NameAndNumber(_, number) => {
                    let n = match number {
                        ast::NumberOrRef::Number(n, _) => n.clone(),
                        ast::NumberOrRef::Ref(r) => self.integer_of_reference(module, env, r)?,
                    };
                    arcs.push(self.arc(&n, atom.span)?);
                }
                ValueKind::Reference(r, _) => {
                    let name = r.as_simple().map(|n| n.text.clone());
                    if absolute {
                        if let Some(known) = name.as_deref().and_then(|n| well_known_arc(&arcs, n))
                        {
                            if !self.modules[module]
                                .locals
                                .contains_key(name.as_deref().unwrap_or(""))
                            {
                                arcs.push(BigUint::from(known));
                                continue;
                            }
                        }
                    }
                    match self.number_name(module, env, r) {
                        NumberName::Defined => {}
                        NumberName::Placeholder(n) => {
                            arcs.push(self.arc(&n, atom.span)?);
                            continue;
                        }
                        NumberName::Undefined => return None,
                    }
                    match self.oid_reference(module, env, r, i == 0)? {
                        RefArcs::Prefix(prefix) => arcs.extend(prefix),
                        RefArcs::Arc(n) => arcs.push(self.arc(&n, atom.span)?),
                    }
                }
                _ => {
                    self.error(
                        Code::BadOid,
                        atom.span,
                        "not a valid OBJECT IDENTIFIER component",
                    );
                    return None;
                }
            }
        }
        if absolute {
            self.check_oid_arcs(&arcs, v.span)?;
        }
        Some(arcs)
    }

    fn arc(&mut self, n: &BigInt, span: ast::Span) -> Option<BigUint> {
        match n.to_biguint() {
            Some(a) => Some(a),
            None => {
                self.error(
                    Code::BadOid,
                    span,
                    "an OBJECT IDENTIFIER arc cannot be negative",
                );
                None
            }
        }
    }

    fn check_oid_arcs(&mut self, arcs: &[BigUint], span: ast::Span) -> Option<()> {
        match arcs {
            [] => {
                self.error(
                    Code::BadOid,
                    span,
                    "an OBJECT IDENTIFIER needs at least one arc",
                );
                None
            }
            [first, ..] if *first > BigUint::from(2u8) => {
                self.error(
                    Code::BadOid,
                    span,
                    format!("the first arc is {first}; it must be 0, 1 or 2"),
                );
                None
            }
            [first, second, ..] if *first < BigUint::from(2u8) && *second > BigUint::from(39u8) => {
                self.error(
                    Code::BadOid,
                    span,
                    format!("under arc {first} the second arc is at most 39, not {second}"),
                );
                None
            }
            _ => Some(()),
        }
    }

    fn not_an_arc(&mut self, r: &ast::Reference) -> Option<RefArcs> {
        self.error(
            Code::BadOid,
            r.span,
            format!(
                "`{}` is not an OBJECT IDENTIFIER or INTEGER value",
                r.text()
            ),
        );
        None
    }

    /// A reference inside an OID value: an OID value whose arcs are spliced in (first
    /// position only) or an INTEGER value used as an arc.
    fn oid_reference(
        &mut self,
        module: usize,
        env: &Env,
        r: &ast::Reference,
        first: bool,
    ) -> Option<RefArcs> {
        let (resolved, _) = self.resolve_reference(module, env, r)?;
        let value = match resolved {
            Resolved::Def(id) if self.def_kind(id) == DefKind::Value => self.value_of_def(id)?,
            Resolved::Param(b) => {
                let value = match &b.actual {
                    ast::ActualParameter::Value(v) => v.clone(),
                    ast::ActualParameter::Type(t) => match &t.kind {
                        ast::TypeKind::Reference(r2, _) => ast::Value {
                            kind: ValueKind::Reference(r2.clone(), Vec::new()),
                            span: t.span,
                        },
                        _ => return None,
                    },
                    ast::ActualParameter::Braced(br) => ast::Value {
                        kind: ValueKind::Braced(br.clone()),
                        span: br.span,
                    },
                };
                let oid_type = super::types::plain(ir::TypeKind::ObjectIdentifier, None);
                self.eval_value(b.module, &b.env, &value, &oid_type)?
            }
            _ => return self.not_an_arc(r),
        };
        match value {
            ir::Value::ObjectIdentifier(_) if !first => {
                self.error(
                    Code::BadOid,
                    r.span,
                    format!(
                        "`{}` is an OBJECT IDENTIFIER; it can only begin another one",
                        r.text()
                    ),
                );
                None
            }
            ir::Value::ObjectIdentifier(d) | ir::Value::RelativeOid(d) => {
                let arcs: Option<Vec<BigUint>> = d.split('.').map(|a| a.parse().ok()).collect();
                arcs.map(RefArcs::Prefix)
            }
            ir::Value::Integer(ir::BigInteger(n)) => Some(RefArcs::Arc(n)),
            _ => self.not_an_arc(r),
        }
    }
}

enum RefArcs {
    Prefix(Vec<BigUint>),
    Arc(BigInt),
}
