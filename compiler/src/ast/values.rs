use super::{ActualParameter, Braced, Name, NumberOrRef, Reference, Span};

/// A value as written.
#[derive(Debug, Clone)]
pub struct Value {
    /// What the value notation is.
    pub kind: ValueKind,
    /// Its span.
    pub span: Span,
}

/// Value notations. Braced values are kept as tokens until their governing type is known,
/// then re-parsed into [`ValueKind::Items`].
#[derive(Debug, Clone)]
pub enum ValueKind {
    /// `{ ... }` not yet interpreted.
    Braced(Braced),
    /// `{ a b, c d }`: comma-separated items, each a run of juxtaposed atoms.
    Items(Vec<Vec<Value>>),
    /// `name(5)` inside an OBJECT IDENTIFIER value.
    NameAndNumber(Name, NumberOrRef),
    /// `alternative : value`.
    Choice(Name, Box<Value>),
    /// `TRUE` / `FALSE`.
    Boolean(bool),
    /// `NULL`.
    Null,
    /// `PLUS-INFINITY`.
    PlusInfinity,
    /// `MINUS-INFINITY`.
    MinusInfinity,
    /// `NOT-A-NUMBER`.
    NotANumber,
    /// A (possibly negative) integer literal.
    Integer(num_bigint::BigInt),
    /// A real literal, as written.
    Real(String),
    /// `'0101'B`, the bits as written (whitespace removed).
    BString(String),
    /// `'0AF'H`, the hex digits as written (whitespace removed).
    HString(String),
    /// `"text"`, with `""` un-doubled and line breaks folded per X.680 12.14.
    CString(String),
    /// `Type : value` (the value of an open type, X.681 14.6).
    OpenTypeValue(Box<super::Type>, Box<Value>),
    /// `CONTAINING value`.
    Containing(Box<Value>),
    /// A reference to a value (or object), possibly instantiated.
    Reference(Reference, Vec<ActualParameter>),
}
