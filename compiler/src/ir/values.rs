use serde::{Serialize, Serializer};

/// An integer of any size; serialized as a JSON number when it fits in 64 bits, else as
/// a decimal string.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BigInteger(pub num_bigint::BigInt);

impl Serialize for BigInteger {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use num_traits::ToPrimitive;
        match self.0.to_i64() {
            Some(v) => s.serialize_i64(v),
            None => s.serialize_str(&self.0.to_string()),
        }
    }
}

/// An evaluated value.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "value_kind", content = "value", rename_all = "snake_case")]
pub enum Value {
    /// BOOLEAN.
    Boolean(bool),
    /// INTEGER.
    Integer(BigInteger),
    /// ENUMERATED: the identifier and its number.
    Enumerated(String, i64),
    /// REAL, in its decimal text or a special value (`PLUS-INFINITY`, ...).
    Real(String),
    /// NULL.
    Null,
    /// BIT STRING: the bits as `0`/`1` characters.
    BitString(String),
    /// OCTET STRING: hex digits (upper case).
    OctetString(String),
    /// OBJECT IDENTIFIER, dotted.
    ObjectIdentifier(String),
    /// RELATIVE-OID, dotted.
    RelativeOid(String),
    /// A character string or time value (also OID-IRI values).
    String(String),
    /// SEQUENCE or SET: component values in order.
    Sequence(Vec<(String, Value)>),
    /// SEQUENCE OF or SET OF.
    SequenceOf(Vec<Value>),
    /// CHOICE: the alternative and its value.
    Choice(String, Box<Value>),
    /// A value of an open type (`Type : value`): the type named, the value of that type,
    /// and the notation as written (for documentation).
    Open {
        /// The notation as written.
        text: String,
        /// The type the value is of.
        #[serde(rename = "type")]
        ty: OpenValueType,
        /// The value.
        value: Box<Value>,
    },
    /// A value the compiler keeps as written (CONTAINING, EXTERNAL, CHARACTER STRING).
    Text(String),
}

/// The type of an open type value. Equality ignores it: the notation (`text`) of the
/// value names the type, and comparing values compares the notation.
#[derive(Debug, Clone, Serialize)]
#[serde(transparent)]
pub struct OpenValueType(pub Box<super::Type>);

impl PartialEq for OpenValueType {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
