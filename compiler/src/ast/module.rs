use super::{ClassDef, ElementSetSpecs, Name, Reference, Span, Type, Value};

/// A parsed source file: the modules it defines.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// Modules in the order written.
    pub modules: Vec<Module>,
}

/// The tagging default of a module header (X.680 13.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TagDefault {
    /// `EXPLICIT TAGS`, also the default when nothing is said.
    Explicit,
    /// `IMPLICIT TAGS`.
    Implicit,
    /// `AUTOMATIC TAGS`.
    Automatic,
}

/// One component of an OBJECT IDENTIFIER value in `{ ... }` notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OidComponentAst {
    /// `1`
    Number(num_bigint::BigUint, Span),
    /// `iso(1)` or `iso(arc-value)`
    NameAndNumber(Name, NumberOrRef),
    /// `iso`, or a reference to an OID value whose arcs are spliced in.
    Name(Reference),
}

/// A number or a reference to an INTEGER value, as used in named numbers and tags.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumberOrRef {
    /// A literal (possibly negative) number.
    Number(num_bigint::BigInt, Span),
    /// A reference to an INTEGER value.
    Ref(Reference),
}

/// A module definition (X.680 13).
#[derive(Debug, Clone)]
pub struct Module {
    /// The module reference.
    pub name: Name,
    /// The definitive OBJECT IDENTIFIER, if given.
    pub oid: Option<Vec<OidComponentAst>>,
    /// The definitive IRI, if given.
    pub iri: Option<String>,
    /// The tagging default; `None` when the header says nothing (meaning EXPLICIT).
    pub tag_default: Option<TagDefault>,
    /// `EXTENSIBILITY IMPLIED`.
    pub extensibility_implied: bool,
    /// The EXPORTS clause.
    pub exports: Exports,
    /// The IMPORTS clause, one entry per `... FROM Module`.
    pub imports: Vec<ImportFrom>,
    /// The assignments in the order written.
    pub assignments: Vec<Assignment>,
    /// The span of the module name (used to point at the module).
    pub name_span: Span,
    /// The span of the whole module.
    pub span: Span,
}

/// The EXPORTS clause.
#[derive(Debug, Clone)]
pub enum Exports {
    /// No EXPORTS clause, or `EXPORTS ALL`: everything is exported.
    All,
    /// `EXPORTS a, B;` (possibly empty: nothing is exported).
    Symbols(Vec<Name>),
}

/// How the imported module is identified besides its name.
#[derive(Debug, Clone)]
pub enum AssignedIdentifier {
    /// `{ iso ... }`
    Oid(Vec<OidComponentAst>),
    /// A reference to an OBJECT IDENTIFIER value.
    Value(Reference),
}

/// `symbols FROM Module [oid] [WITH SUCCESSORS | WITH DESCENDANTS]`.
#[derive(Debug, Clone)]
pub struct ImportFrom {
    /// The imported names.
    pub symbols: Vec<Name>,
    /// The module they come from.
    pub module: Name,
    /// The module's identifier, if given.
    pub assigned: Option<AssignedIdentifier>,
    /// `WITH SUCCESSORS` / `WITH DESCENDANTS` (the module name alone then decides).
    pub selection: Option<String>,
    /// The span of the whole import clause.
    pub span: Span,
}

/// A dummy parameter of a parameterized assignment (X.683 8.3).
#[derive(Debug, Clone)]
pub struct Parameter {
    /// The governor, for value, value set, object and object set parameters.
    pub governor: Option<Type>,
    /// The dummy reference.
    pub name: Name,
}

/// An assignment, in the neutral form the grammar can tell apart.
#[derive(Debug, Clone)]
pub struct Assignment {
    /// The name being defined.
    pub name: Name,
    /// Dummy parameters of a parameterized assignment.
    pub params: Vec<Parameter>,
    /// What is assigned.
    pub kind: AssignmentKind,
    /// The span of the whole assignment.
    pub span: Span,
}

/// The right-hand side of an assignment.
#[derive(Debug, Clone)]
pub enum AssignmentKind {
    /// `Name ::= Type` (a class assignment when the type is a reference to a class).
    Type(Type),
    /// `NAME ::= CLASS { ... }`.
    Class(ClassDef),
    /// `Name Governor ::= { ... }`: a value set, or an object set when the governor is a
    /// class.
    Set {
        /// The type or class governing the set.
        governor: Type,
        /// The set's elements; `None` for `{}`.
        body: Option<ElementSetSpecs>,
    },
    /// `name Governor ::= value`: a value, or an object when the governor is a class.
    Value {
        /// The type or class governing the value.
        governor: Type,
        /// The value (a braced one is kept as tokens).
        value: Value,
    },
}

impl AssignmentKind {
    /// A short word naming the kind, for diagnostics.
    pub fn describe(&self) -> &'static str {
        match self {
            AssignmentKind::Type(_) => "type",
            AssignmentKind::Class(_) => "class",
            AssignmentKind::Set { .. } => "set",
            AssignmentKind::Value { .. } => "value",
        }
    }
}
