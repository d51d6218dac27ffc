//! View models: what the askama templates loop and branch over. Everything here is
//! plain data computed from the IR; the C syntax lives in `templates/`.

/// One generated module: a header and a source file.
#[derive(Debug, Clone, Default)]
pub struct ModuleVm {
    /// The ASN.1 module name.
    pub asn1_name: String,
    /// File stem and identifier prefix.
    pub stem: String,
    /// The include guard macro.
    pub guard: String,
    /// Sentences on draft placeholders in the module identifier.
    pub notes: Vec<String>,
    /// Headers of other modules whose types this header embeds by value.
    pub header_includes: Vec<String>,
    /// Headers of other modules the source file calls into.
    pub source_includes: Vec<String>,
    /// Integer and boolean constants (`#define`).
    pub defines: Vec<DefineVm>,
    /// OBJECT IDENTIFIER values as DER contents octets.
    pub oids: Vec<OidVm>,
    /// Types in dependency order (a type follows every type it embeds).
    pub types: Vec<TypeVm>,
}

/// A `#define NAME VALUE` with a comment.
#[derive(Debug, Clone)]
pub struct DefineVm {
    /// The macro name.
    pub name: String,
    /// The C expression.
    pub value: String,
    /// A one-line comment (the ASN.1 name).
    pub comment: String,
}

/// An OBJECT IDENTIFIER constant.
#[derive(Debug, Clone)]
pub struct OidVm {
    /// The array name.
    pub name: String,
    /// The `_LEN` macro.
    pub len_macro: String,
    /// The number of contents octets.
    pub len: usize,
    /// The contents octets as `0x2b, 0x06, ...`.
    pub bytes: String,
    /// Dotted form, for the comment.
    pub dotted: String,
    /// Draft placeholders in the value (`Placeholder: ...` sentences), for the comment.
    pub notes: Vec<String>,
}

/// How a type is shaped in C.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// SEQUENCE: a struct read in order.
    Sequence,
    /// SET: a struct read in any order.
    Set,
    /// CHOICE: a tag and a union.
    Choice,
    /// SEQUENCE OF / SET OF: a span of elements, iterated on demand.
    List,
    /// Everything else: a typedef of the value's C type.
    Alias,
}

/// A generated type with its functions.
#[derive(Debug, Clone)]
pub struct TypeVm {
    /// The C type name.
    pub name: String,
    /// The ASN.1-style name used in error messages (no module prefix).
    pub label: String,
    /// Upper-case form of the name, for macros.
    pub macro_name: String,
    /// Lines of the doc comment (ASN.1 text, module, file:line).
    pub doc: Vec<String>,
    /// The shape.
    pub shape: Shape,
    /// The default (outermost) tag as a C expression; `0` when the type has none of its
    /// own (untagged CHOICE, open type).
    pub tag: String,
    /// Components (SEQUENCE, SET) or alternatives (CHOICE).
    pub fields: Vec<FieldVm>,
    /// Extensible: unknown additions skipped, unknown alternatives kept raw.
    pub extensible: bool,
    /// LIST: the element codec; ALIAS: the value codec (reading from `cbs`).
    pub item: Option<FieldVm>,
    /// LIST: SET OF (DER order checked, sorted on encode).
    pub set_of: bool,
    /// Named numbers, bits and ENUMERATED items as macros.
    pub defines: Vec<DefineVm>,
    /// ENUMERATED items a non-extensible ENUMERATED accepts (empty: any value).
    pub enum_values: Vec<String>,
    /// `_MAX_SIZE` macro value when a SIZE constraint bounds the type.
    pub max_size: Option<String>,
    /// The C type the typedef names (ALIAS) or of the elements (LIST).
    pub value_type: String,
    /// Constraint checks on the whole value (a list's SIZE), over `out` / `in`.
    pub own_checks: Vec<CheckVm>,
    /// Open-type components dispatched through their object set's table.
    pub open_types: Vec<OpenTypeVm>,
}

/// An open-type component with a table: a decoder picking the row by the key member.
#[derive(Debug, Clone)]
pub struct OpenTypeVm {
    /// `<Struct>_<member>`: prefix of the value type and the decoder.
    pub name: String,
    /// Upper-case form, for the row constants.
    pub macro_name: String,
    /// The member holding the encoding.
    pub member: String,
    /// The member holding the key (an OBJECT IDENTIFIER's contents).
    pub key: String,
    /// The member is OPTIONAL.
    pub optional: bool,
    /// What the member holds: `the encoding` or `an OCTET STRING holding the encoding`.
    pub holds: &'static str,
    /// The object set, as written.
    pub object_set: String,
    /// Known rows.
    pub rows: Vec<RowVm>,
}

/// One row of an open-type table.
#[derive(Debug, Clone)]
pub struct RowVm {
    /// The union member (from the object's name).
    pub name: String,
    /// Its C type.
    pub c_type: String,
    /// Its codec.
    pub codec: String,
    /// The tag its codec reads (`0` for an untagged CHOICE or open type).
    pub tag: String,
    /// The key's contents octets as a C string literal.
    pub key: String,
    /// Their count.
    pub key_len: usize,
    /// The key, dotted.
    pub dotted: String,
}

impl TypeVm {
    /// SEQUENCE or SET.
    pub fn is_struct(&self) -> bool {
        matches!(self.shape, Shape::Sequence | Shape::Set)
    }
    /// SET.
    pub fn is_set(&self) -> bool {
        self.shape == Shape::Set
    }
    /// CHOICE.
    pub fn is_choice(&self) -> bool {
        self.shape == Shape::Choice
    }
    /// SEQUENCE OF / SET OF.
    pub fn is_list(&self) -> bool {
        self.shape == Shape::List
    }
    /// Whether decoding peeks at the next tag (a SET, or a conditional member).
    pub fn peeks(&self) -> bool {
        self.shape == Shape::Set || self.fields.iter().any(FieldVm::conditional)
    }
    /// Members with a `has_` flag.
    pub fn optional_fields(&self) -> Vec<&FieldVm> {
        self.fields.iter().filter(|f| f.optional).collect()
    }
}

impl FieldVm {
    /// Whether `_validate` has anything to check for this member.
    pub fn validates(&self) -> bool {
        !self.checks.is_empty() || self.nested_validate.is_some()
    }

    /// The layers innermost first (closing order).
    pub fn layers_rev(&self) -> Vec<&LayerVm> {
        self.layers.iter().rev().collect()
    }
    /// Present only sometimes: OPTIONAL, DEFAULT or an extension addition.
    pub fn conditional(&self) -> bool {
        self.optional || self.default_value.is_some()
    }
}

/// One explicit tag layer around a value.
#[derive(Debug, Clone)]
pub struct LayerVm {
    /// The cursor variable of this layer (`l0`).
    pub dvar: String,
    /// The enclosing cursor (`c` or `&l0`).
    pub dparent: String,
    /// The builder variable of this layer (`e0`).
    pub evar: String,
    /// The enclosing builder (`b` or `&e0`).
    pub eparent: String,
    /// The tag (C expression).
    pub tag: String,
}

/// A value read or written by a codec: a component, an alternative, a list element or
/// an alias's value.
#[derive(Debug, Clone)]
pub struct FieldVm {
    /// The C member name.
    pub name: String,
    /// Pointer to where the decoded value goes (`&out->serialNumber`).
    pub dst: String,
    /// Pointer to the value to encode (`&in->serialNumber`).
    pub src: String,
    /// `Type.component`, recorded in errors.
    pub label: String,
    /// A comment on the member (how a raw member is decoded).
    pub note: Option<String>,
    /// The member's C type.
    pub c_type: String,
    /// The codec prefix: `<codec>_decode` and `<codec>_encode`.
    pub codec: String,
    /// Explicit tag layers, outermost first.
    pub layers: Vec<LayerVm>,
    /// The cursor the codec reads from (`c` or the innermost layer's `&lN`).
    pub dinner: String,
    /// The builder the codec writes to (`b` or `&eN`).
    pub einner: String,
    /// The tag passed to the codec.
    pub inner_tag: String,
    /// The C test, over the peeked tag `t`, that the next element is this one.
    pub test: String,
    /// OPTIONAL (or DEFAULT without a C constant): has a `has_` flag.
    pub optional: bool,
    /// DEFAULT with a C constant.
    pub default_value: Option<DefaultVm>,
    /// An extension addition.
    pub extension: bool,
    /// Stored as a raw TLV; `Some(type)` when it must still be checked by decoding it
    /// into a temporary of `type` (recursion, import cycles).
    pub validate_as: Option<String>,
    /// Constraint checks.
    pub checks: Vec<CheckVm>,
    /// Checks of a value kept raw, made once it is decoded (only `ok_decoded` is set):
    /// the SIZE of a lazy list, measured as the Rust runtime measures a `Lazy` one.
    pub raw_checks: Vec<CheckVm>,
    /// A lazy CHOICE: the `<T>_accepts` its tag must pass once framed (the Rust `Lazy`
    /// checks it when the enclosing value is decoded).
    pub raw_accepts: Option<String>,
    /// A generated type held by value: `<this>_validate` checks it.
    pub nested_validate: Option<String>,
}

/// A DEFAULT value: what an absent component reads as, and how to recognise it.
#[derive(Debug, Clone)]
pub struct DefaultVm {
    /// The C expression of the value (assigned through `dst`).
    pub value: String,
    /// True when the decoded value (`*dst`) equals it.
    pub eq_decoded: String,
    /// True when the value to encode (`*src`) equals it (then it is left out).
    pub eq_encoded: String,
}

/// A constraint check on a decoded or encoded value.
#[derive(Debug, Clone)]
pub struct CheckVm {
    /// C boolean expression over the decoded value (`out->...`), true when valid.
    pub ok_decoded: String,
    /// The same over the value to encode (`in->...`).
    pub ok_encoded: String,
    /// The constraint text, the error detail.
    pub text: String,
}
