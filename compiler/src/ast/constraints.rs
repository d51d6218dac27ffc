use super::{Braced, Name, Span, Type, Value};

/// A parenthesised constraint with its optional exception specification.
#[derive(Debug, Clone)]
pub struct Constraint {
    /// The constraint proper.
    pub kind: ConstraintKind,
    /// `! exception` if written.
    pub exception: Option<ExceptionSpec>,
    /// The span including the parentheses.
    pub span: Span,
}

/// An exception specification (X.680 53).
#[derive(Debug, Clone)]
pub enum ExceptionSpec {
    /// `! 5` or `! -1`.
    Number(num_bigint::BigInt, Span),
    /// `! errorValue`.
    Value(Value),
    /// `! INTEGER : 5`.
    Typed(Box<Type>, Value),
}

/// What a constraint says.
#[derive(Debug, Clone)]
pub enum ConstraintKind {
    /// Subtype elements combined with set operators (X.680 50).
    ElementSet(ElementSetSpecs),
    /// `{ObjectSet}` with optional `{@a, @.b}` relation; without relation a braced
    /// single value is possible too, which analysis decides.
    Table {
        /// The braced object set (or value).
        set: Braced,
        /// The component relation, empty for a simple table constraint.
        relation: Vec<AtNotation>,
    },
    /// `CONTAINING Type [ENCODED BY value]` or `ENCODED BY value`.
    Contents {
        /// The contained type.
        containing: Option<Box<Type>>,
        /// The encoding's OID value.
        encoded_by: Option<Value>,
    },
    /// `CONSTRAINED BY { ... }`.
    UserDefined(Braced),
}

/// `@a.b`, `@.a`, `@..a` in a component relation constraint.
#[derive(Debug, Clone)]
pub struct AtNotation {
    /// The number of leading dots (0 for `@a`, meaning the outermost level).
    pub level: u32,
    /// The component names.
    pub path: Vec<Name>,
    /// Its span.
    pub span: Span,
}

/// Element set specifications: root, extension marker, additional set (X.680 50.1).
#[derive(Debug, Clone)]
pub struct ElementSetSpecs {
    /// The root set; `None` for `{ ... }` / `(...)`.
    pub root: Option<ElementSet>,
    /// Whether `...` appears.
    pub extensible: bool,
    /// The additional set after `..., `.
    pub additional: Option<ElementSet>,
    /// Its span.
    pub span: Span,
}

/// An element set: `ALL EXCEPT e` or a union of intersections.
#[derive(Debug, Clone)]
pub enum ElementSet {
    /// `ALL EXCEPT elements`.
    AllExcept(Box<Element>),
    /// `a | b ^ c`: the outer list is the union, the inner lists intersections.
    Union(Vec<Vec<IntersectionElement>>),
}

/// One operand of an intersection: `elements [EXCEPT elements]`.
#[derive(Debug, Clone)]
pub struct IntersectionElement {
    /// The element.
    pub element: Element,
    /// The excluded element, if `EXCEPT` follows.
    pub except: Option<Element>,
}

/// A subtype element, with its span.
#[derive(Debug, Clone)]
pub struct Element {
    /// What the element is.
    pub kind: ElementKind,
    /// Its span.
    pub span: Span,
}

/// An end point of a value range.
#[derive(Debug, Clone)]
pub enum Endpoint {
    /// `MIN`
    Min,
    /// `MAX`
    Max,
    /// A value.
    Value(Value),
}

/// Presence in a WITH COMPONENTS named constraint.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PresenceConstraint {
    /// `PRESENT`
    Present,
    /// `ABSENT`
    Absent,
    /// `OPTIONAL`
    Optional,
}

/// `name (constraint) PRESENT` inside WITH COMPONENTS.
#[derive(Debug, Clone)]
pub struct NamedConstraint {
    /// The component.
    pub name: Name,
    /// The value constraint, if any.
    pub constraint: Option<Constraint>,
    /// The presence constraint, if any.
    pub presence: Option<PresenceConstraint>,
}

/// Subtype elements (X.680 51).
#[derive(Debug, Clone)]
pub enum ElementKind {
    /// `SETTINGS "..."` (property settings of the time types).
    Settings(String),
    /// `SIZE (...)`.
    Size(Box<Constraint>),
    /// `FROM (...)`.
    From(Box<Constraint>),
    /// `PATTERN value`.
    Pattern(Value),
    /// `WITH COMPONENT (...)`.
    WithComponent(Box<Constraint>),
    /// `WITH COMPONENTS { [...,] a PRESENT, ... }`.
    WithComponents {
        /// True for the partial form starting with `...,`.
        partial: bool,
        /// The named constraints.
        items: Vec<NamedConstraint>,
    },
    /// `INCLUDES Type`.
    Includes(Box<Type>),
    /// `lo [<] .. [<] hi`.
    Range {
        /// Lower end point.
        lower: Endpoint,
        /// `<` after the lower end point (the end point itself is excluded).
        lower_open: bool,
        /// Upper end point.
        upper: Endpoint,
        /// `<` before the upper end point.
        upper_open: bool,
    },
    /// `( element set )`.
    Nested(Box<ElementSet>),
    /// A braced element: an object, a braced value, or a nested set.
    Braced(Braced),
    /// A single value, or a reference analysis may find to be a type or set.
    Value(Value),
    /// A built-in type used as an element (type inclusion without INCLUDES).
    Type(Box<Type>),
}
