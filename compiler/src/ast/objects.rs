use super::{Name, RawTokens, Span, Type};

/// `CLASS { fields } [WITH SYNTAX { ... }]` (X.681 9).
#[derive(Debug, Clone)]
pub struct ClassDef {
    /// The field specifications.
    pub fields: Vec<FieldSpec>,
    /// The defined syntax, if given.
    pub syntax: Option<Vec<SyntaxItem>>,
    /// Its span.
    pub span: Span,
}

/// What governs a field: a type (or class), or another field (`&value &Type`).
#[derive(Debug, Clone)]
pub enum FieldGovernor {
    /// A type, or a reference analysis may find to be a class.
    Type(Type),
    /// A field path `&Type` (variable-type value and value set fields).
    FieldPath(Vec<Name>),
}

/// OPTIONAL or DEFAULT on a field.
#[derive(Debug, Clone)]
pub enum FieldPresence {
    /// Mandatory.
    Required,
    /// `OPTIONAL`
    Optional,
    /// `DEFAULT setting`, kept as tokens: a type, value, value set, object or object set.
    Default(RawTokens),
}

/// A field specification; its kind follows from the name's case and the governor.
#[derive(Debug, Clone)]
pub struct FieldSpec {
    /// The field name with its `&`.
    pub name: Name,
    /// The governor, absent for type fields.
    pub governor: Option<FieldGovernor>,
    /// `UNIQUE`.
    pub unique: bool,
    /// OPTIONAL / DEFAULT.
    pub presence: FieldPresence,
    /// Its span.
    pub span: Span,
}

/// An item of a WITH SYNTAX specification.
#[derive(Debug, Clone)]
pub enum SyntaxItem {
    /// A literal word or comma.
    Literal(Name),
    /// A field name whose setting goes here.
    Field(Name),
    /// `[ ... ]`, an optional group.
    Optional(Vec<SyntaxItem>, Span),
}
