//! The error of [`MtcProof::decode`](super::MtcProof::decode): what broke, where (a byte
//! offset into the proof) and in which field.

use core::fmt;

/// What made an MTCProof invalid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum MtcProofErrorKind {
    /// The hash size given to the decoder is zero.
    ZeroHashSize,
    /// A fixed-size field or length prefix runs past the end of the proof or of the
    /// vector that holds it.
    Truncated,
    /// A vector's length prefix counts more bytes than the proof (or the enclosing
    /// vector) has left.
    LengthOutOfBounds,
    /// Bytes follow the MTCProof.
    TrailingData,
    /// An extension's type is not greater than the previous one's (Section 5.2.1: the
    /// list MUST be in ascending order).
    ExtensionsOutOfOrder,
    /// Two extensions have the same type (Section 5.2.1: MUST NOT).
    DuplicateExtension,
    /// `[start, end)` is not a valid subtree (Section 4.1: start <= end and start a
    /// multiple of BIT_CEIL(end - start)).
    InvalidSubtree,
    /// `[start, end)` is empty, so it holds no log entry the proof could be for
    /// (Section 4.3.2 requires start <= index < end).
    EmptySubtree,
    /// The inclusion proof's length is not a multiple of the hash size.
    InclusionProofLength,
    /// A cosigner ID is empty (`TrustAnchorID<1..2^8-1>`).
    EmptyCosignerId,
    /// A cosigner ID does not come strictly after the previous one (Section 6.2:
    /// shorter before longer, then lexicographic).
    SignaturesOutOfOrder,
    /// Two signatures have the same cosigner ID (Section 6.2: MUST be unique).
    DuplicateCosignerId,
}

impl MtcProofErrorKind {
    /// A short description (also the `InvalidValue` reason of the synta error).
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            MtcProofErrorKind::ZeroHashSize => "MTCProof hash size is zero",
            MtcProofErrorKind::Truncated => "MTCProof truncated",
            MtcProofErrorKind::LengthOutOfBounds => "MTCProof vector length past its end",
            MtcProofErrorKind::TrailingData => "data after the MTCProof",
            MtcProofErrorKind::ExtensionsOutOfOrder => "MTCProof extensions not in ascending order",
            MtcProofErrorKind::DuplicateExtension => "MTCProof extension type repeated",
            MtcProofErrorKind::InvalidSubtree => "MTCProof [start, end) is not a valid subtree",
            MtcProofErrorKind::EmptySubtree => "MTCProof subtree is empty",
            MtcProofErrorKind::InclusionProofLength => {
                "MTCProof inclusion proof not a multiple of the hash size"
            }
            MtcProofErrorKind::EmptyCosignerId => "MTCProof cosigner ID is empty",
            MtcProofErrorKind::SignaturesOutOfOrder => {
                "MTCProof signatures not ordered by cosigner ID"
            }
            MtcProofErrorKind::DuplicateCosignerId => "MTCProof cosigner ID repeated",
        }
    }
}

impl fmt::Display for MtcProofErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// Where in the MTCProof an error is: a top-level field, optionally an element of it and
/// a member of that element (`signatures[2].cosigner_id`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Path {
    pub(crate) field: &'static str,
    pub(crate) index: Option<usize>,
    pub(crate) member: Option<&'static str>,
}

/// An MTCProof that breaks the draft's encoding rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MtcProofError {
    kind: MtcProofErrorKind,
    offset: usize,
    path: Path,
}

impl MtcProofError {
    pub(crate) const fn new(kind: MtcProofErrorKind, offset: usize, path: Path) -> Self {
        MtcProofError { kind, offset, path }
    }

    /// What went wrong.
    #[must_use]
    pub const fn kind(&self) -> MtcProofErrorKind {
        self.kind
    }

    /// The byte offset into the proof of the offending length prefix, field or element.
    #[must_use]
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The top-level MTCProof field (`extensions`, `start`, `end`, `inclusion_proof`,
    /// `signatures`; empty for data after the proof).
    #[must_use]
    pub const fn field(&self) -> &'static str {
        self.path.field
    }

    /// The element of a vector field, when the error is inside one.
    #[must_use]
    pub const fn index(&self) -> Option<usize> {
        self.path.index
    }

    /// The member of that element (`cosigner_id`, `extension_type`, ...).
    #[must_use]
    pub const fn member(&self) -> Option<&'static str> {
        self.path.member
    }

    /// The field path as text: `signatures[2].cosigner_id`.
    #[must_use]
    pub fn path(&self) -> String {
        let mut s = String::from(self.path.field);
        if let Some(i) = self.path.index {
            s.push_str(&format!("[{i}]"));
        }
        if let Some(m) = self.path.member {
            s.push('.');
            s.push_str(m);
        }
        s
    }

    /// The same error as a [`synta::Error`] with its offset moved by `base` (where the
    /// proof starts in a larger input) and the path under `MTCProof`: `Truncated` and
    /// `TrailingData` keep their kinds, the rest become `InvalidValue`.
    #[must_use]
    pub fn to_synta(&self, base: usize) -> synta::Error {
        let kind = match self.kind {
            MtcProofErrorKind::Truncated => synta::ErrorKind::Truncated,
            MtcProofErrorKind::TrailingData => synta::ErrorKind::TrailingData,
            k => synta::ErrorKind::InvalidValue(k.describe()),
        };
        let mut e = synta::Error::new(kind, base.saturating_add(self.offset));
        if let Some(m) = self.path.member {
            e = e.in_field(m);
        }
        if let Some(i) = self.path.index {
            e = e.in_index(i);
        }
        if !self.path.field.is_empty() {
            e = e.in_field(self.path.field);
        }
        e.in_field("MTCProof")
    }
}

impl fmt::Display for MtcProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}", self.offset)?;
        if !self.path.field.is_empty() {
            write!(f, " ({})", self.path())?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl std::error::Error for MtcProofError {}

impl From<MtcProofError> for synta::Error {
    fn from(e: MtcProofError) -> Self {
        e.to_synta(0)
    }
}
