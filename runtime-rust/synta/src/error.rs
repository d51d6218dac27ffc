//! Decoding and encoding errors: a kind, an absolute byte offset and a field path.
//!
//! Errors are small values (see the size test) so that `Result<T, Error>` stays cheap on
//! the hot path; the field path is boxed and only allocated once an error unwinds through
//! a named field.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;

use crate::Tag;

/// Result alias used throughout the crate.
pub type Result<T, E = Error> = core::result::Result<T, E>;

/// Which canonical-form rule an encoding broke, with its X.690 clause.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NonCanonical {
    /// Long-form length where the short form suffices, or a leading zero octet.
    LengthNotMinimal,
    /// Indefinite length under DER.
    IndefiniteLength,
    /// Definite length on a constructed encoding under CER.
    DefiniteConstructed,
    /// High-tag-number form for a number below 31, or a leading 0x80 octet.
    TagNotMinimal,
    /// INTEGER / ENUMERATED content with a redundant leading octet.
    IntegerNotMinimal,
    /// BOOLEAN TRUE not encoded as 0xFF.
    Boolean,
    /// Non-zero unused bits in a BIT STRING.
    BitStringPadding,
    /// Constructed (segmented) string where the primitive form is required.
    ConstructedString,
    /// CER string segments that are not 1000-octet chunks.
    SegmentSize,
    /// OBJECT IDENTIFIER or RELATIVE-OID sub-identifier with a leading 0x80 octet.
    OidNotMinimal,
    /// UTCTime / GeneralizedTime not in the canonical form.
    Time,
    /// REAL not in the canonical form.
    Real,
    /// SET OF elements not sorted by their encodings.
    SetOfOrder,
    /// SET components not in canonical tag order.
    SetOrder,
    /// A component equal to its DEFAULT value was encoded.
    DefaultEncoded,
}

impl NonCanonical {
    /// Human-readable reason and the X.690 clause it comes from.
    #[must_use]
    pub const fn describe(self) -> (&'static str, &'static str) {
        match self {
            NonCanonical::LengthNotMinimal => ("non-minimal length encoding", "10.1"),
            NonCanonical::IndefiniteLength => ("indefinite length not allowed", "10.1"),
            NonCanonical::DefiniteConstructed => {
                ("constructed encoding must use indefinite length", "9.1")
            }
            NonCanonical::TagNotMinimal => ("non-minimal tag encoding", "8.1.2.4"),
            NonCanonical::IntegerNotMinimal => ("non-minimal INTEGER encoding", "8.3.2"),
            NonCanonical::Boolean => ("BOOLEAN TRUE must be 0xFF", "11.1"),
            NonCanonical::BitStringPadding => ("BIT STRING padding bits not zero", "11.2.1"),
            NonCanonical::ConstructedString => ("string must use the primitive form", "10.2"),
            NonCanonical::SegmentSize => ("string segments must be 1000 octets", "9.2"),
            NonCanonical::OidNotMinimal => ("sub-identifier with leading 0x80", "8.19.2"),
            NonCanonical::Time => ("time not in canonical form", "11.7/11.8"),
            NonCanonical::Real => ("REAL not in canonical form", "11.3"),
            NonCanonical::SetOfOrder => ("SET OF elements not sorted", "11.6"),
            NonCanonical::SetOrder => ("SET components not in tag order", "10.3"),
            NonCanonical::DefaultEncoded => ("DEFAULT value encoded", "11.5"),
        }
    }
}

/// What went wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input ends inside an element.
    Truncated,
    /// Bytes follow the single value that was expected.
    TrailingData,
    /// Nesting deeper than [`Limits::max_depth`](crate::Limits).
    DepthExceeded,
    /// A length or element count above the configured [`Limits`](crate::Limits).
    LimitExceeded,
    /// An element had another tag than the one expected (`None`: one of several).
    UnexpectedTag {
        /// The tag that was expected, when there is exactly one.
        expected: Option<Tag>,
        /// The tag found in the input.
        actual: Tag,
    },
    /// A required element is missing (the enclosing value ended).
    MissingElement {
        /// The tag that was expected, when there is exactly one.
        expected: Option<Tag>,
    },
    /// A malformed identifier octet sequence (or an end-of-contents where a value is due).
    InvalidTag,
    /// A malformed length (reserved 0xFF, indefinite on a primitive, too large).
    InvalidLength,
    /// Valid BER but not the canonical form the rules demand.
    NonCanonical(NonCanonical),
    /// The contents are not a valid value of the type.
    InvalidValue(&'static str),
    /// The value does not fit the requested Rust type.
    Overflow,
    /// A valid encoding this implementation does not support.
    Unsupported(&'static str),
    /// The value breaks a subtype constraint of the schema (its ASN.1 text).
    ConstraintViolated(&'static str),
}

impl ErrorKind {
    /// Stable short name used by the test vectors (`error:<slug>`).
    #[must_use]
    pub const fn slug(&self) -> &'static str {
        match self {
            ErrorKind::Truncated => "truncated",
            ErrorKind::TrailingData => "trailing-data",
            ErrorKind::DepthExceeded => "depth-exceeded",
            ErrorKind::LimitExceeded => "limit-exceeded",
            ErrorKind::UnexpectedTag { .. } => "unexpected-tag",
            ErrorKind::MissingElement { .. } => "missing-element",
            ErrorKind::InvalidTag => "invalid-tag",
            ErrorKind::InvalidLength => "invalid-length",
            ErrorKind::NonCanonical(_) => "non-canonical",
            ErrorKind::InvalidValue(_) => "invalid-value",
            ErrorKind::Overflow => "overflow",
            ErrorKind::Unsupported(_) => "unsupported",
            ErrorKind::ConstraintViolated(_) => "constraint",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Truncated => f.write_str("input truncated"),
            ErrorKind::TrailingData => f.write_str("trailing data after value"),
            ErrorKind::DepthExceeded => f.write_str("nesting depth limit exceeded"),
            ErrorKind::LimitExceeded => f.write_str("length or element-count limit exceeded"),
            ErrorKind::UnexpectedTag {
                expected: Some(e),
                actual,
            } => write!(f, "expected {e}, found {actual}"),
            ErrorKind::UnexpectedTag {
                expected: None,
                actual,
            } => write!(f, "unexpected {actual}"),
            ErrorKind::MissingElement { expected: Some(e) } => write!(f, "missing {e}"),
            ErrorKind::MissingElement { expected: None } => f.write_str("missing element"),
            ErrorKind::InvalidTag => f.write_str("invalid tag encoding"),
            ErrorKind::InvalidLength => f.write_str("invalid length encoding"),
            ErrorKind::NonCanonical(n) => {
                let (why, clause) = n.describe();
                write!(f, "{why} (X.690 {clause})")
            }
            ErrorKind::InvalidValue(why) => write!(f, "invalid value: {why}"),
            ErrorKind::Overflow => f.write_str("value out of range for the target type"),
            ErrorKind::Unsupported(what) => write!(f, "unsupported: {what}"),
            ErrorKind::ConstraintViolated(c) => write!(f, "value violates the constraint {c}"),
        }
    }
}

/// One step of a field path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathSegment {
    /// A type name (shown only as the outermost segment).
    Type(&'static str),
    /// A named component.
    Field(&'static str),
    /// An element index in a SEQUENCE OF / SET OF.
    Index(usize),
}

/// A decoding or encoding error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    offset: usize,
    /// Innermost segment first (segments are pushed while the error unwinds).
    // Boxed so that an error without a path costs one pointer (see the size test).
    #[allow(clippy::box_collection)]
    path: Option<Box<Vec<PathSegment>>>,
}

impl Error {
    /// A new error of `kind` at absolute byte `offset`.
    #[must_use]
    #[inline]
    pub const fn new(kind: ErrorKind, offset: usize) -> Self {
        Error {
            kind,
            offset,
            path: None,
        }
    }

    /// The error kind.
    #[must_use]
    pub const fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// Absolute byte offset in the input where the error was found.
    #[must_use]
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// Path segments, outermost first.
    pub fn path(&self) -> impl Iterator<Item = PathSegment> + '_ {
        self.path.iter().flat_map(|p| p.iter().rev().copied())
    }

    fn push(mut self, seg: PathSegment) -> Self {
        self.path.get_or_insert_with(Default::default).push(seg);
        self
    }

    /// Records that the error happened inside field `name`.
    #[must_use]
    pub fn in_field(self, name: &'static str) -> Self {
        self.push(PathSegment::Field(name))
    }

    /// Records that the error happened inside element `index`.
    #[must_use]
    pub fn in_index(self, index: usize) -> Self {
        self.push(PathSegment::Index(index))
    }

    /// Moves the error `by` bytes further into the input: for an error found in a part
    /// of a larger input that was read on its own (the value inside an OCTET STRING).
    #[must_use]
    pub fn shifted(mut self, by: usize) -> Self {
        self.offset = self.offset.saturating_add(by);
        self
    }

    /// Records the type being decoded.
    #[must_use]
    pub fn in_type(self, name: &'static str) -> Self {
        self.push(PathSegment::Type(name))
    }

    /// Renders the field path (`TBSCertificate.extensions[3].extnValue`).
    pub fn write_path(&self, f: &mut dyn fmt::Write) -> fmt::Result {
        let mut first = true;
        for seg in self.path() {
            match seg {
                // Type names of inner values repeat information the field names give.
                PathSegment::Type(t) if first => f.write_str(t)?,
                PathSegment::Type(_) => continue,
                PathSegment::Field(n) if first => f.write_str(n)?,
                PathSegment::Field(n) => write!(f, ".{n}")?,
                PathSegment::Index(i) => write!(f, "[{i}]")?,
            }
            first = false;
        }
        Ok(())
    }
}

impl From<Error> for ErrorKind {
    fn from(e: Error) -> Self {
        e.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}", self.offset)?;
        if self.path.is_some() {
            f.write_str(" (")?;
            self.write_path(f)?;
            f.write_str(")")?;
        }
        write!(f, ": {}", self.kind)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Error {}

/// Adds path context to results while they unwind.
pub trait ResultExt {
    /// Adds a field name to an error.
    #[must_use]
    fn field(self, name: &'static str) -> Self;
    /// Adds an element index to an error.
    #[must_use]
    fn index(self, index: usize) -> Self;
    /// Adds a type name to an error.
    #[must_use]
    fn type_name(self, name: &'static str) -> Self;
}

impl<T> ResultExt for Result<T> {
    #[inline]
    fn field(self, name: &'static str) -> Self {
        self.map_err(|e| e.in_field(name))
    }
    #[inline]
    fn index(self, index: usize) -> Self {
        self.map_err(|e| e.in_index(index))
    }
    #[inline]
    fn type_name(self, name: &'static str) -> Self {
        self.map_err(|e| e.in_type(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shifted_error_keeps_its_kind_and_path() {
        let e = Error::new(ErrorKind::InvalidLength, 3)
            .in_field("a")
            .shifted(100);
        assert_eq!(e.offset(), 103);
        assert_eq!(e.kind(), &ErrorKind::InvalidLength);
        assert_eq!(e.path().collect::<Vec<_>>(), [PathSegment::Field("a")]);
        assert_eq!(
            Error::new(ErrorKind::InvalidLength, usize::MAX)
                .shifted(1)
                .offset(),
            usize::MAX
        );
    }
}
