use super::{Braced, Constraint, ExceptionSpec, Name, NumberOrRef, Reference, Span, Value};

/// A type as written, with the constraints that follow it.
#[derive(Debug, Clone)]
pub struct Type {
    /// What the type is.
    pub kind: TypeKind,
    /// Constraints applied to it, in order (serial constraints).
    pub constraints: Vec<Constraint>,
    /// The span of the whole type notation.
    pub span: Span,
}

/// The class of a tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TagClass {
    /// `[UNIVERSAL n]`
    Universal,
    /// `[APPLICATION n]`
    Application,
    /// `[n]`
    Context,
    /// `[PRIVATE n]`
    Private,
}

/// IMPLICIT or EXPLICIT written after a tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TagMode {
    /// `IMPLICIT`
    Implicit,
    /// `EXPLICIT`
    Explicit,
}

/// A tag as written: `[APPLICATION 5]`.
#[derive(Debug, Clone)]
pub struct TagAst {
    /// Its class.
    pub class: TagClass,
    /// Its number, literal or a reference to an INTEGER value.
    pub number: NumberOrRef,
    /// The span of the brackets.
    pub span: Span,
}

/// Built-in types that have no inner structure in their notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[allow(missing_docs)]
pub enum SimpleType {
    Boolean,
    Null,
    Real,
    OctetString,
    ObjectIdentifier,
    RelativeOid,
    OidIri,
    RelativeOidIri,
    External,
    EmbeddedPdv,
    CharacterString,
    UtcTime,
    GeneralizedTime,
    Date,
    TimeOfDay,
    DateTime,
    Duration,
    Time,
    BmpString,
    GeneralString,
    GraphicString,
    Ia5String,
    Iso646String,
    NumericString,
    PrintableString,
    TeletexString,
    T61String,
    UniversalString,
    Utf8String,
    VideotexString,
    VisibleString,
    ObjectDescriptor,
}

/// A named number of INTEGER, a named bit of BIT STRING, or an enumeration item.
#[derive(Debug, Clone)]
pub struct NamedNumber {
    /// The identifier.
    pub name: Name,
    /// Its value (`None` for an enumeration item without a number).
    pub value: Option<NumberOrRef>,
    /// The span of the whole item.
    pub span: Span,
}

/// An item of an ENUMERATED list.
#[derive(Debug, Clone)]
pub enum EnumItem {
    /// `name` or `name(5)`.
    Named(NamedNumber),
    /// `...` with an optional exception specification.
    ExtensionMarker(Option<ExceptionSpec>, Span),
}

/// Whether a SEQUENCE or SET component may be absent.
#[derive(Debug, Clone)]
pub enum Presence {
    /// Always present.
    Required,
    /// `OPTIONAL`
    Optional,
    /// `DEFAULT value`
    Default(Value),
}

/// A named component of a SEQUENCE or SET, or an alternative of a CHOICE.
#[derive(Debug, Clone)]
pub struct NamedComponent {
    /// The identifier.
    pub name: Name,
    /// Its type.
    pub ty: Type,
    /// OPTIONAL / DEFAULT (always `Required` for CHOICE alternatives).
    pub presence: Presence,
    /// The span of the whole component.
    pub span: Span,
}

/// One item of a SEQUENCE, SET or CHOICE body.
#[derive(Debug, Clone)]
pub enum ComponentItem {
    /// A named component.
    Named(NamedComponent),
    /// `...` with an optional exception specification.
    ExtensionMarker(Option<ExceptionSpec>, Span),
    /// `[[ n: ... ]]`, an extension addition group.
    Group {
        /// The version number, if written.
        version: Option<(u64, Span)>,
        /// The group's components.
        items: Vec<ComponentItem>,
        /// The span of the group.
        span: Span,
    },
    /// `COMPONENTS OF Type`.
    ComponentsOf(Type),
}

/// What a type notation is.
#[derive(Debug, Clone)]
pub enum TypeKind {
    /// `[tag] [IMPLICIT|EXPLICIT] Type`.
    Tagged {
        /// The tag.
        tag: TagAst,
        /// IMPLICIT / EXPLICIT if written.
        mode: Option<TagMode>,
        /// The tagged type.
        inner: Box<Type>,
    },
    /// A built-in type without inner structure.
    Simple(SimpleType),
    /// `INTEGER { named numbers }`.
    Integer(Vec<NamedNumber>),
    /// `ENUMERATED { ... }`.
    Enumerated(Vec<EnumItem>),
    /// `BIT STRING { named bits }`.
    BitString(Vec<NamedNumber>),
    /// `SEQUENCE { ... }`.
    Sequence(Vec<ComponentItem>),
    /// `SET { ... }`.
    Set(Vec<ComponentItem>),
    /// `CHOICE { ... }`.
    Choice(Vec<ComponentItem>),
    /// `SEQUENCE [SIZE (...)] OF [name] Type`.
    SequenceOf(CollectionOf),
    /// `SET [SIZE (...)] OF [name] Type`.
    SetOf(CollectionOf),
    /// `ANY [DEFINED BY field]` (X.208).
    Any(Option<Name>),
    /// `INSTANCE OF CLASS`.
    InstanceOf(Reference),
    /// `alternative < ChoiceType`.
    Selection(Name, Box<Type>),
    /// A reference, possibly instantiated: `Name`, `Mod.Name`, `CLASS.&T`, `Name{args}`.
    Reference(Reference, Vec<ActualParameter>),
}

/// The body of SEQUENCE OF / SET OF.
#[derive(Debug, Clone)]
pub struct CollectionOf {
    /// The constraint written between the keyword and OF.
    pub constraint: Option<Constraint>,
    /// The element's name, if written (`SEQUENCE OF cert Certificate`).
    pub element_name: Option<Name>,
    /// The element type.
    pub element: Box<Type>,
}

/// An actual parameter of an instantiation (X.683 9.1); analysis decides what it is.
#[derive(Debug, Clone)]
pub enum ActualParameter {
    /// A braced group: an object set, object, or braced value.
    Braced(Braced),
    /// Something that parses as a type (possibly a reference to a value, class or set).
    Type(Type),
    /// Something that parses only as a value.
    Value(Value),
}

impl ActualParameter {
    /// Where the parameter is written.
    pub fn span(&self) -> Span {
        match self {
            ActualParameter::Braced(b) => b.span,
            ActualParameter::Type(t) => t.span,
            ActualParameter::Value(v) => v.span,
        }
    }
}
