//! The MTCProof of a Merkle Tree Certificate (draft-ietf-plants-merkle-tree-certs
//! Section 6.2): the TLS-presentation-language structure an MTC certificate carries in
//! its signatureValue instead of a signature. [`MtcProof::decode`] checks every rule the
//! draft sets for the encoding and borrows from the input.
//!
//! ```text
//! struct { uint16 extension_type; opaque extension_data<0..2^16-1>; } MTCLogEntryExtension;
//! struct { opaque cosigner_id<1..2^8-1>; opaque signature<0..2^16-1>; } SubtreeSignature;
//! struct {
//!     MTCLogEntryExtension extensions<0..2^16-1>;
//!     uint48 start;
//!     uint48 end;
//!     HashValue inclusion_proof<0..2^16-1>;
//!     SubtreeSignature signatures<0..2^16-1>;
//! } MTCProof;
//! ```

mod encode;
mod error;
#[cfg(test)]
mod tests;

pub use encode::OwnedMtcProof;
use error::Path;
pub use error::{MtcProofError, MtcProofErrorKind};

/// The hash size of SHA-256, the log hash of every current deployment.
pub const SHA256_HASH_SIZE: usize = 32;

/// One `MTCLogEntryExtension` of the proof (Section 5.2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LogEntryExtension<'a> {
    /// `extension_type`.
    pub extension_type: u16,
    /// `extension_data`, without its length prefix.
    pub data: &'a [u8],
}

/// One `SubtreeSignature` of the proof: a cosigner's signature over the subtree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SubtreeSignature<'a> {
    /// The cosigner's trust anchor ID in binary form (1 to 255 bytes).
    pub cosigner_id: &'a [u8],
    /// The signature value (Section 5.3.1).
    pub signature: &'a [u8],
}

/// A decoded, checked MTCProof, borrowing from its encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MtcProof<'a> {
    raw: &'a [u8],
    /// The `extensions` field with its 2-byte length prefix, as the log entry hash takes
    /// it (Section 7.2).
    extensions: &'a [u8],
    extension_count: usize,
    /// First index of the subtree.
    pub start: u64,
    /// One past the last index of the subtree.
    pub end: u64,
    inclusion_proof: &'a [u8],
    hash_size: usize,
    signatures: &'a [u8],
    signature_count: usize,
}

/// True when `[start, end)` is a valid subtree (Section 4.1): `start <= end` and `start`
/// a multiple of BIT_CEIL(end - start), following the draft's overflow-safe example.
#[must_use]
pub fn is_valid_subtree(start: u64, end: u64) -> bool {
    let Some(size) = end.checked_sub(start) else {
        return false;
    };
    match size.checked_next_power_of_two() {
        Some(ceil) => start & (ceil - 1) == 0,
        // BIT_CEIL(size) is 2^64: only 0 is a multiple of it.
        None => start == 0,
    }
}

/// A position in the proof with a limit (the end of the proof or of a vector).
struct Cursor<'a> {
    buf: &'a [u8],
    pos: usize,
    end: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let stop = self.pos.checked_add(n).filter(|&s| s <= self.end)?;
        let s = self.buf.get(self.pos..stop)?;
        self.pos = stop;
        Some(s)
    }

    /// A big-endian unsigned integer of `n` (at most 8) bytes, or `Truncated` at its
    /// offset.
    fn uint(&mut self, n: usize, path: Path) -> Result<u64, MtcProofError> {
        let at = self.pos;
        let bytes =
            self.take(n)
                .ok_or(MtcProofError::new(MtcProofErrorKind::Truncated, at, path))?;
        Ok(bytes.iter().fold(0, |v, &b| (v << 8) | u64::from(b)))
    }

    /// A vector with an `n`-byte length prefix: its contents, errors at the prefix.
    fn vector(&mut self, n: usize, path: Path) -> Result<&'a [u8], MtcProofError> {
        let at = self.pos;
        let len = self.uint(n, path)?;
        usize::try_from(len)
            .ok()
            .and_then(|len| self.take(len))
            .ok_or(MtcProofError::new(
                MtcProofErrorKind::LengthOutOfBounds,
                at,
                path,
            ))
    }

    /// A cursor over the next `len` bytes, which this one then skips.
    fn sub(&self, contents: &[u8]) -> Cursor<'a> {
        Cursor {
            buf: self.buf,
            pos: self.pos.saturating_sub(contents.len()),
            end: self.pos,
        }
    }

    fn at_end(&self) -> bool {
        self.pos >= self.end
    }
}

const fn top(field: &'static str) -> Path {
    Path {
        field,
        index: None,
        member: None,
    }
}

const fn elem(field: &'static str, index: usize, member: &'static str) -> Path {
    Path {
        field,
        index: Some(index),
        member: Some(member),
    }
}

fn err(kind: MtcProofErrorKind, offset: usize, path: Path) -> MtcProofError {
    MtcProofError::new(kind, offset, path)
}

impl<'a> MtcProof<'a> {
    /// Decodes an MTCProof whose log hash is `hash_size` bytes long, checking the draft's
    /// rules: every length inside the input, extensions in strictly ascending type order,
    /// `[start, end)` a valid non-empty subtree, the inclusion proof a whole number of
    /// hashes, cosigner IDs non-empty and strictly ordered, and nothing after the proof.
    /// Errors carry the offset of the offending length prefix, field or element.
    pub fn decode(bytes: &'a [u8], hash_size: usize) -> Result<Self, MtcProofError> {
        use MtcProofErrorKind as K;
        if hash_size == 0 {
            return Err(err(K::ZeroHashSize, 0, top("inclusion_proof")));
        }
        let mut c = Cursor {
            buf: bytes,
            pos: 0,
            end: bytes.len(),
        };
        let ext_start = c.pos;
        let ext = c.vector(2, top("extensions"))?;
        let extensions = bytes.get(ext_start..c.pos).unwrap_or_default();
        let extension_count = check_extensions(c.sub(ext))?;

        let start_at = c.pos;
        let start = c.uint(6, top("start"))?;
        let end_at = c.pos;
        let end = c.uint(6, top("end"))?;
        // Section 4.1 defines a valid subtree; Section 4.3.2 (step 1) fails any proof
        // whose entry index is not in [start, end), which an empty subtree cannot meet.
        if !is_valid_subtree(start, end) {
            let at = if start > end { end_at } else { start_at };
            let field = if start > end { "end" } else { "start" };
            return Err(err(K::InvalidSubtree, at, top(field)));
        }
        if start == end {
            return Err(err(K::EmptySubtree, end_at, top("end")));
        }

        let proof_at = c.pos;
        let inclusion_proof = c.vector(2, top("inclusion_proof"))?;
        if inclusion_proof.len() % hash_size != 0 {
            return Err(err(
                K::InclusionProofLength,
                proof_at,
                top("inclusion_proof"),
            ));
        }

        let sigs = c.vector(2, top("signatures"))?;
        let signature_count = check_signatures(c.sub(sigs))?;

        if !c.at_end() {
            return Err(err(K::TrailingData, c.pos, top("")));
        }
        Ok(MtcProof {
            raw: bytes,
            extensions,
            extension_count,
            start,
            end,
            inclusion_proof,
            hash_size,
            signatures: sigs,
            signature_count,
        })
    }

    /// [`Self::decode`] with SHA-256 as the log hash (32-byte hashes).
    pub fn decode_sha256(bytes: &'a [u8]) -> Result<Self, MtcProofError> {
        Self::decode(bytes, SHA256_HASH_SIZE)
    }

    /// The whole encoding.
    #[must_use]
    pub fn raw(&self) -> &'a [u8] {
        self.raw
    }

    /// The `extensions` field as encoded, length prefix included: what the log entry's
    /// hash covers (Section 7.2, "Write the extensions field from the MTCProof").
    #[must_use]
    pub fn extensions_der(&self) -> &'a [u8] {
        self.extensions
    }

    /// The log entry extensions, in (ascending) order.
    pub fn extensions(&self) -> Extensions<'a> {
        Extensions {
            rest: self.extensions.get(2..).unwrap_or_default(),
            left: self.extension_count,
        }
    }

    /// The hashes of the subtree inclusion proof, `hash_size` bytes each.
    pub fn inclusion_proof(&self) -> impl ExactSizeIterator<Item = &'a [u8]> + 'a {
        self.inclusion_proof.chunks_exact(self.hash_size)
    }

    /// The hash size the proof was decoded with.
    #[must_use]
    pub fn hash_size(&self) -> usize {
        self.hash_size
    }

    /// The cosigners' subtree signatures, in (cosigner ID) order.
    pub fn signatures(&self) -> Signatures<'a> {
        Signatures {
            rest: self.signatures,
            left: self.signature_count,
        }
    }

    /// True when log entry `index` lies in the proof's subtree `[start, end)`.
    #[must_use]
    pub fn covers(&self, index: u64) -> bool {
        self.start <= index && index < self.end
    }
}

/// Checks the elements of the `extensions` vector; returns how many there are.
fn check_extensions(mut c: Cursor<'_>) -> Result<usize, MtcProofError> {
    use MtcProofErrorKind as K;
    let mut previous: Option<u16> = None;
    let mut i = 0;
    while !c.at_end() {
        let at = c.pos;
        let ty = c.uint(2, elem("extensions", i, "extension_type"))?;
        let ty = u16::try_from(ty).unwrap_or(u16::MAX);
        c.vector(2, elem("extensions", i, "extension_data"))?;
        match previous {
            Some(p) if p == ty => {
                return Err(err(
                    K::DuplicateExtension,
                    at,
                    elem("extensions", i, "extension_type"),
                ))
            }
            Some(p) if p > ty => {
                return Err(err(
                    K::ExtensionsOutOfOrder,
                    at,
                    elem("extensions", i, "extension_type"),
                ))
            }
            _ => {}
        }
        previous = Some(ty);
        i += 1;
    }
    Ok(i)
}

/// Checks the elements of the `signatures` vector; returns how many there are.
fn check_signatures(mut c: Cursor<'_>) -> Result<usize, MtcProofError> {
    use MtcProofErrorKind as K;
    let mut previous: Option<&[u8]> = None;
    let mut i = 0;
    while !c.at_end() {
        let at = c.pos;
        let path = elem("signatures", i, "cosigner_id");
        let id = c.vector(1, path)?;
        if id.is_empty() {
            return Err(err(K::EmptyCosignerId, at, path));
        }
        c.vector(2, elem("signatures", i, "signature"))?;
        if let Some(p) = previous {
            // Section 6.2: shorter IDs first, then lexicographic; strictly increasing.
            match (p.len(), p).cmp(&(id.len(), id)) {
                core::cmp::Ordering::Less => {}
                core::cmp::Ordering::Equal => return Err(err(K::DuplicateCosignerId, at, path)),
                core::cmp::Ordering::Greater => return Err(err(K::SignaturesOutOfOrder, at, path)),
            }
        }
        previous = Some(id);
        i += 1;
    }
    Ok(i)
}

/// Splits a `u16`-length-prefixed vector off the front of `rest`.
fn split_vec16<'a>(rest: &mut &'a [u8]) -> Option<&'a [u8]> {
    let (len, tail) = rest.split_first_chunk::<2>()?;
    let len = usize::from(u16::from_be_bytes(*len));
    let (v, tail) = tail.split_at_checked(len)?;
    *rest = tail;
    Some(v)
}

/// The extensions of an [`MtcProof`] (already checked by the decoder).
#[derive(Debug, Clone)]
pub struct Extensions<'a> {
    rest: &'a [u8],
    left: usize,
}

impl<'a> Iterator for Extensions<'a> {
    type Item = LogEntryExtension<'a>;

    fn next(&mut self) -> Option<Self::Item> {
        let (ty, mut tail) = self.rest.split_first_chunk::<2>()?;
        let data = split_vec16(&mut tail)?;
        self.rest = tail;
        self.left = self.left.saturating_sub(1);
        Some(LogEntryExtension {
            extension_type: u16::from_be_bytes(*ty),
            data,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Extensions<'_> {}

/// The subtree signatures of an [`MtcProof`] (already checked by the decoder).
#[derive(Debug, Clone)]
pub struct Signatures<'a> {
    rest: &'a [u8],
    left: usize,
}

impl<'a> Iterator for Signatures<'a> {
    type Item = SubtreeSignature<'a>;

    fn next(&mut self) -> Option<Self::Item> {
        let (len, tail) = self.rest.split_first()?;
        let (cosigner_id, mut tail) = tail.split_at_checked(usize::from(*len))?;
        let signature = split_vec16(&mut tail)?;
        self.rest = tail;
        self.left = self.left.saturating_sub(1);
        Some(SubtreeSignature {
            cosigner_id,
            signature,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Signatures<'_> {}
