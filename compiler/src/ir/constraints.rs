use super::{BigInteger, Type, Value};
use serde::Serialize;

/// An inclusive range; `None` bounds are unbounded (MIN / MAX).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Range {
    /// Lower bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<BigInteger>,
    /// Upper bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<BigInteger>,
}

/// An inclusive range of characters in a permitted alphabet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CharRange {
    /// First character.
    pub from: char,
    /// Last character.
    pub to: char,
}

/// A constraint on the contents of a BIT STRING or OCTET STRING.
#[derive(Debug, Clone, Serialize)]
pub struct Contents {
    /// The type the contents must encode.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub containing: Option<Box<Type>>,
    /// The encoding's OID, dotted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoded_by: Option<String>,
}

/// A constraint on one component, from WITH COMPONENTS.
#[derive(Debug, Clone, Serialize)]
pub struct ComponentConstraint {
    /// The component.
    pub name: String,
    /// PRESENT / ABSENT / OPTIONAL.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub presence: Option<crate::ast::PresenceConstraint>,
    /// The component's value constraint.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub constraints: Option<Box<Constraints>>,
}

/// The effect of a type's constraints, normalized (X.680 49-51).
///
/// Ranges are the effective root ranges: for an INTEGER the set of permitted values
/// folded to its hull; for SIZE the permitted lengths. Extensible constraints say so:
/// values outside the root are then valid too.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Constraints {
    /// Permitted values of an INTEGER or REAL-free numeric type, as intervals (sorted,
    /// disjoint); empty when unconstrained.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<Range>,
    /// The hull of `values`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_range: Option<Range>,
    /// Permitted sizes (string length, number of elements), hull.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<Range>,
    /// Permitted characters, sorted disjoint ranges.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alphabet: Option<Vec<CharRange>>,
    /// Single values permitted for types without ranges (OIDs, strings, ...).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub single_values: Vec<Value>,
    /// PATTERN regular expression, as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pattern: Option<String>,
    /// CONTAINING / ENCODED BY.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contents: Option<Contents>,
    /// WITH COMPONENT(S) constraints.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub components: Vec<ComponentConstraint>,
    /// WITH COMPONENT constraint on the elements of a SEQUENCE OF / SET OF.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub element: Option<Box<Constraints>>,
    /// CONSTRAINED BY, as written (not checkable by a compiler).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_defined: Option<String>,
    /// True when the constraint has an extension marker (values outside the root are
    /// allowed).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub extensible: bool,
    /// The constraints as written, for documentation.
    pub text: String,
}
