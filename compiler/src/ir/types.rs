use super::{Constraints, Location, QualifiedName, Value};
pub use crate::ast::TagClass;
use serde::Serialize;

/// A tag as it appears on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Tag {
    /// The class.
    pub class: TagClass,
    /// The number.
    pub number: u32,
    /// Whether the encoding is constructed.
    pub constructed: bool,
}

/// IMPLICIT or EXPLICIT, after applying the module default and X.680 31.2.7.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TagMode {
    /// The tag replaces the inner tag.
    Implicit,
    /// The tag wraps the inner encoding.
    Explicit,
}

/// A tag written on a type, with its resolved mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct AppliedTag {
    /// The class.
    pub class: TagClass,
    /// The number.
    pub number: u32,
    /// IMPLICIT or EXPLICIT.
    pub mode: TagMode,
}

/// A type with its tags and constraints.
#[derive(Debug, Clone, Serialize)]
pub struct Type {
    /// The outermost tag on the wire; `None` for an untagged CHOICE, ANY or open type,
    /// whose tag is that of the value.
    pub tag: Option<Tag>,
    /// Tags written on this type, outermost first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tagging: Vec<AppliedTag>,
    /// What the type is.
    #[serde(flatten)]
    pub kind: TypeKind,
    /// The normalized constraints, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub constraints: Option<Box<Constraints>>,
    /// For the expansion of a parameterized type: the template and the arguments, so
    /// backends can name (and share) identical instances.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance: Option<Box<super::Instance>>,
}

/// The native representation chosen for an INTEGER from its effective value range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum IntegerRepr {
    U8,
    U16,
    U32,
    U64,
    I8,
    I16,
    I32,
    I64,
    /// Unbounded or wider than 64 bits.
    Big,
}

/// The restricted and unrestricted character string types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[allow(missing_docs)]
pub enum StringKind {
    BMPString,
    GeneralString,
    GraphicString,
    IA5String,
    NumericString,
    PrintableString,
    TeletexString,
    UniversalString,
    UTF8String,
    VideotexString,
    VisibleString,
    ObjectDescriptor,
}

/// The time types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[allow(missing_docs)]
pub enum TimeKind {
    UTCTime,
    GeneralizedTime,
    DATE,
    #[serde(rename = "TIME-OF-DAY")]
    TimeOfDay,
    #[serde(rename = "DATE-TIME")]
    DateTime,
    DURATION,
    TIME,
}

/// A named number, named bit, or enumeration item.
#[derive(Debug, Clone, Serialize)]
pub struct NamedNumber {
    /// The identifier.
    pub name: String,
    /// Its value.
    pub value: i64,
}

/// Presence of a SEQUENCE or SET component.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "presence", content = "default", rename_all = "lowercase")]
pub enum Presence {
    /// Always present.
    Required,
    /// OPTIONAL.
    Optional,
    /// DEFAULT, with the evaluated value (omitted in DER when equal to it).
    Default(Value),
}

/// Where a component stands relative to the extension marker.
#[derive(Debug, Clone, Serialize)]
pub struct ExtensionAddition {
    /// The index of the extension addition group it belongs to (counted from 0 in
    /// textual order), or `None` for an addition outside any group.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<u32>,
    /// The group's version number, if written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<u64>,
}

/// A component of a SEQUENCE or SET, or an alternative of a CHOICE.
#[derive(Debug, Clone, Serialize)]
pub struct Component {
    /// The identifier.
    pub name: String,
    /// Its type.
    #[serde(rename = "type")]
    pub ty: Type,
    /// Presence (always required for CHOICE alternatives).
    #[serde(flatten)]
    pub presence: Presence,
    /// Set for extension additions; root components have none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extension: Option<ExtensionAddition>,
    /// True when the component came from COMPONENTS OF.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub from_components_of: bool,
    /// Where it is written.
    pub location: Location,
}

/// The body of a SEQUENCE, SET or CHOICE.
#[derive(Debug, Clone, Serialize)]
pub struct Constructed {
    /// Components in textual (encoding) order: root, additions, second root part.
    pub components: Vec<Component>,
    /// Whether the type is extensible (written `...` or EXTENSIBILITY IMPLIED).
    pub extensible: bool,
}

/// SEQUENCE OF / SET OF.
#[derive(Debug, Clone, Serialize)]
pub struct CollectionOf {
    /// The element name, if written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub element_name: Option<String>,
    /// The element type.
    pub element: Box<Type>,
}

/// One row of an open-type table: a key value of the object set and the type its
/// objects give the open type.
#[derive(Debug, Clone, Serialize)]
pub struct OpenTypeRow {
    /// The key (the value of the UNIQUE field, usually an OBJECT IDENTIFIER).
    pub key: Value,
    /// The object supplying the row, if it is a named object.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub object: Option<QualifiedName>,
    /// The type of the open type for this key; `None` when the object leaves the
    /// field unset (an optional field such as absent parameters).
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub ty: Option<Type>,
}

/// How an open type is resolved: from a component relation constraint.
#[derive(Debug, Clone, Serialize)]
pub struct OpenTypeTable {
    /// The object set, as written.
    pub object_set: String,
    /// The component holding the key, as an @-path (`@algorithm`, `@.id`).
    pub key_component: String,
    /// The class field whose value is the key (`&id`).
    pub key_field: String,
    /// The rows, in object set order.
    pub rows: Vec<OpenTypeRow>,
    /// Whether the object set is extensible (unknown keys must be kept raw).
    pub extensible: bool,
}

/// The kinds of types.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TypeKind {
    /// BOOLEAN.
    Boolean,
    /// NULL.
    Null,
    /// INTEGER.
    Integer {
        /// Named numbers.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        named_numbers: Vec<NamedNumber>,
        /// The chosen native representation.
        repr: IntegerRepr,
    },
    /// ENUMERATED.
    Enumerated {
        /// Root items.
        items: Vec<NamedNumber>,
        /// Whether `...` appears.
        extensible: bool,
        /// Items after the extension marker.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        additions: Vec<NamedNumber>,
    },
    /// REAL.
    Real,
    /// BIT STRING.
    BitString {
        /// Named bits.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        named_bits: Vec<NamedNumber>,
    },
    /// OCTET STRING.
    OctetString,
    /// OBJECT IDENTIFIER.
    ObjectIdentifier,
    /// RELATIVE-OID.
    RelativeOid,
    /// OID-IRI.
    OidIri,
    /// RELATIVE-OID-IRI.
    RelativeOidIri,
    /// A character string type.
    String {
        /// Which one.
        string: StringKind,
    },
    /// A time type.
    Time {
        /// Which one.
        time: TimeKind,
    },
    /// EXTERNAL.
    External,
    /// EMBEDDED PDV.
    EmbeddedPdv,
    /// CHARACTER STRING.
    CharacterString,
    /// SEQUENCE.
    Sequence(Constructed),
    /// SET.
    Set(Constructed),
    /// CHOICE.
    Choice(Constructed),
    /// SEQUENCE OF.
    SequenceOf(CollectionOf),
    /// SET OF.
    SetOf(CollectionOf),
    /// A reference to a named type definition (kept so backends can name it and so
    /// recursion terminates).
    Reference {
        /// The referenced definition.
        target: QualifiedName,
    },
    /// An open type (`CLASS.&Type`, ANY, ANY DEFINED BY), with its table when a
    /// component relation constraint gives one.
    OpenType {
        /// The class and type field, e.g. `ALGORITHM.&Params`; empty for ANY.
        #[serde(skip_serializing_if = "Option::is_none")]
        field: Option<String>,
        /// For ANY DEFINED BY: the identifier of the component holding the key.
        #[serde(skip_serializing_if = "Option::is_none")]
        defined_by: Option<String>,
        /// The table, when the type has a component relation constraint.
        #[serde(skip_serializing_if = "Option::is_none")]
        table: Option<OpenTypeTable>,
    },
    /// INSTANCE OF a class (X.681 annex C): a SEQUENCE of type-id and value.
    InstanceOf {
        /// The class.
        class: QualifiedName,
    },
}

/// An information object class.
#[derive(Debug, Clone, Serialize)]
pub struct Class {
    /// The fields.
    pub fields: Vec<ClassField>,
    /// The WITH SYNTAX text, if given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub syntax: Option<String>,
}

/// The kind of a class field (X.681 9.2).
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "field_kind", rename_all = "snake_case")]
pub enum ClassFieldKind {
    /// `&Type`
    Type,
    /// `&id OBJECT IDENTIFIER [UNIQUE]`
    FixedTypeValue {
        /// The type.
        #[serde(rename = "type")]
        ty: Type,
        /// UNIQUE.
        unique: bool,
    },
    /// `&value &Type`
    VariableTypeValue {
        /// The governing type field.
        type_field: String,
    },
    /// `&Values Type`
    FixedTypeValueSet {
        /// The type.
        #[serde(rename = "type")]
        ty: Type,
    },
    /// `&Values &Type`
    VariableTypeValueSet {
        /// The governing type field.
        type_field: String,
    },
    /// `&obj CLASS`
    Object {
        /// The class.
        class: QualifiedName,
    },
    /// `&Objs CLASS`
    ObjectSet {
        /// The class.
        class: QualifiedName,
    },
}

/// A field of a class.
#[derive(Debug, Clone, Serialize)]
pub struct ClassField {
    /// The name with `&`.
    pub name: String,
    /// Its kind.
    #[serde(flatten)]
    pub kind: ClassFieldKind,
    /// OPTIONAL.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub optional: bool,
    /// DEFAULT setting, as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<String>,
    /// Where it is written.
    pub location: Location,
}

/// The setting of one field of an object.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "setting", rename_all = "snake_case")]
pub enum FieldSetting {
    /// A type.
    Type {
        /// The type.
        #[serde(rename = "type")]
        ty: Type,
    },
    /// A value.
    Value {
        /// The value.
        value: Value,
    },
    /// A value set, object, object set or other setting kept as written.
    Other {
        /// The setting's text.
        text: String,
    },
}

/// An information object: its settings by field name (`&id`), in class order.
#[derive(Debug, Clone, Serialize)]
pub struct Object {
    /// Field settings; unset optional fields are left out.
    pub fields: Vec<(String, FieldSetting)>,
}

/// An element of an object set.
#[derive(Debug, Clone, Serialize)]
pub struct ObjectSetEntry {
    /// The named object, when the element is a reference.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<QualifiedName>,
    /// The object.
    pub object: Object,
}

/// An information object set, flattened.
#[derive(Debug, Clone, Serialize)]
pub struct ObjectSet {
    /// The objects, in order, duplicates kept once.
    pub objects: Vec<ObjectSetEntry>,
    /// Whether the set is extensible.
    pub extensible: bool,
}
