//! Encoding an MTCProof from owned parts (for building test proofs and issuing tools).

use super::MtcProof;

/// The parts of an MTCProof, owned. [`Self::encode`] writes them as they are: it checks
/// only that each value fits its encoding (lengths within their prefixes, `start` and
/// `end` within 48 bits), not the draft's ordering and subtree rules, so that invalid
/// proofs can be built for tests. [`MtcProof::decode`] checks those.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OwnedMtcProof {
    /// `(extension_type, extension_data)` pairs.
    pub extensions: Vec<(u16, Vec<u8>)>,
    /// First index of the subtree.
    pub start: u64,
    /// One past the last index of the subtree.
    pub end: u64,
    /// The inclusion proof hashes.
    pub inclusion_proof: Vec<Vec<u8>>,
    /// `(cosigner_id, signature)` pairs.
    pub signatures: Vec<(Vec<u8>, Vec<u8>)>,
}

/// Appends `v` with a `width`-byte big-endian length prefix; `None` when it does not fit.
fn vector(out: &mut Vec<u8>, width: usize, v: &[u8]) -> Option<()> {
    uint(out, width, u64::try_from(v.len()).ok()?)?;
    out.extend_from_slice(v);
    Some(())
}

/// Appends `value` as a `width`-byte big-endian integer; `None` when it does not fit.
fn uint(out: &mut Vec<u8>, width: usize, value: u64) -> Option<()> {
    let bytes = value.to_be_bytes();
    let skip = bytes.len().checked_sub(width)?;
    if bytes.get(..skip)?.iter().any(|&b| b != 0) {
        return None;
    }
    out.extend_from_slice(bytes.get(skip..)?);
    Some(())
}

impl OwnedMtcProof {
    /// The TLS encoding; `None` when a value does not fit its field.
    #[must_use]
    pub fn encode(&self) -> Option<Vec<u8>> {
        let mut ext = Vec::new();
        for (ty, data) in &self.extensions {
            ext.extend_from_slice(&ty.to_be_bytes());
            vector(&mut ext, 2, data)?;
        }
        let mut sigs = Vec::new();
        for (id, sig) in &self.signatures {
            vector(&mut sigs, 1, id)?;
            vector(&mut sigs, 2, sig)?;
        }
        let mut out = Vec::new();
        vector(&mut out, 2, &ext)?;
        uint(&mut out, 6, self.start)?;
        uint(&mut out, 6, self.end)?;
        vector(&mut out, 2, &self.inclusion_proof.concat())?;
        vector(&mut out, 2, &sigs)?;
        Some(out)
    }
}

impl MtcProof<'_> {
    /// The parts of this proof, owned (re-encoding them gives the same bytes).
    #[must_use]
    pub fn to_owned_parts(&self) -> OwnedMtcProof {
        OwnedMtcProof {
            extensions: self
                .extensions()
                .map(|e| (e.extension_type, e.data.to_vec()))
                .collect(),
            start: self.start,
            end: self.end,
            inclusion_proof: self.inclusion_proof().map(<[u8]>::to_vec).collect(),
            signatures: self
                .signatures()
                .map(|s| (s.cosigner_id.to_vec(), s.signature.to_vec()))
                .collect(),
        }
    }
}
