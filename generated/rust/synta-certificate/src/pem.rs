//! PEM (RFC 7468): the blocks of a text, each an owned [`Pem`] (label and DER) that the
//! parsed objects borrow from (`Certificate::from_pem(&pem)`), and PEM bundles.

use crate::Certificate;
use core::fmt;

/// One PEM block, decoded: its label (`CERTIFICATE`, `X509 CRL`, ...) and its DER. It
/// owns the bytes, so that the objects parsed from it (which borrow) have something to
/// borrow from.
///
/// ```
/// use synta_certificate::{Certificate, Crl, Pem, PemErrorKind};
///
/// let text = include_bytes!("../../../../tests/corpus/pkcs7/bundle.pem");
/// let blocks = Pem::parse_all(text)?;
/// let cert = Certificate::from_pem(&blocks[0])?; // borrows from blocks[0]
/// assert!(cert.subject()?.starts_with("CN="));
/// // A certificate is not a CRL: the label is checked before the DER is read.
/// let e = Crl::from_pem(&blocks[0]).unwrap_err();
/// assert!(matches!(e.kind(), PemErrorKind::WrongLabel { expected: "X509 CRL", .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pem {
    label: String,
    der: Vec<u8>,
    offset: usize,
}

/// Why a PEM text or block was refused.
#[derive(Debug, Clone, PartialEq)]
pub enum PemErrorKind {
    /// The text is not UTF-8.
    NotUtf8,
    /// The text has no `-----BEGIN` line.
    NoBlock,
    /// A BEGIN line without its `-----END <label>-----` line.
    NoEndLine,
    /// A BEGIN line that does not end in `-----`.
    BadBeginLine,
    /// The base64 body does not decode (the reason).
    Base64(&'static str),
    /// The block's label is not one the caller accepts.
    WrongLabel {
        /// The label the caller expects (the first of those it accepts).
        expected: &'static str,
        /// The block's label.
        found: String,
    },
    /// The block's DER does not decode as the object its label names.
    Der(synta::Error),
}

/// A PEM error: what went wrong, in which block (counted from 0 over every block of the
/// text) and at which byte offset of the text that block's BEGIN line starts. For
/// [`PemErrorKind::Der`], the inner error's offset counts from the start of the DER.
#[derive(Debug, Clone, PartialEq)]
pub struct PemError {
    kind: PemErrorKind,
    block: usize,
    offset: usize,
}

impl PemError {
    fn new(kind: PemErrorKind, block: usize, offset: usize) -> Self {
        PemError {
            kind,
            block,
            offset,
        }
    }

    /// What went wrong.
    pub fn kind(&self) -> &PemErrorKind {
        &self.kind
    }

    /// The index of the block (0 for the first block of the text).
    pub fn block(&self) -> usize {
        self.block
    }

    /// The byte offset of the block's BEGIN line in the text.
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for PemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PEM block {} at byte {}: ", self.block, self.offset)?;
        match &self.kind {
            PemErrorKind::NotUtf8 => f.write_str("text is not UTF-8"),
            PemErrorKind::NoBlock => f.write_str("no -----BEGIN line"),
            PemErrorKind::NoEndLine => f.write_str("no matching -----END line"),
            PemErrorKind::BadBeginLine => f.write_str("malformed -----BEGIN line"),
            PemErrorKind::Base64(why) => write!(f, "{why}"),
            PemErrorKind::WrongLabel { expected, found } => {
                write!(f, "label is \"{found}\", expected \"{expected}\"")
            }
            PemErrorKind::Der(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PemError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            PemErrorKind::Der(e) => Some(e),
            _ => None,
        }
    }
}

/// A block as framed in the text: label, the text from BEGIN to the END line's end, and
/// where the BEGIN line starts.
struct Frame<'t> {
    label: &'t str,
    text: &'t str,
    offset: usize,
}

/// Frames every block of `text`, in order, without decoding base64. Text outside the
/// blocks is ignored (RFC 7468 section 5.2 allows explanatory text).
fn frames(text: &[u8]) -> Result<Vec<Frame<'_>>, PemError> {
    const BEGIN: &str = "-----BEGIN ";
    let text = std::str::from_utf8(text).map_err(|_| PemError::new(PemErrorKind::NotUtf8, 0, 0))?;
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(found) = text.get(from..).and_then(|rest| rest.find(BEGIN)) {
        let start = from + found;
        let fail = |kind| PemError::new(kind, out.len(), start);
        let after = &text[start + BEGIN.len()..];
        let line = after.lines().next().unwrap_or("");
        let label = line
            .trim_end()
            .strip_suffix("-----")
            .ok_or_else(|| fail(PemErrorKind::BadBeginLine))?;
        let end = format!("-----END {label}-----");
        let stop = after
            .find(&end)
            .ok_or_else(|| fail(PemErrorKind::NoEndLine))?;
        let block_end = start + BEGIN.len() + stop + end.len();
        out.push(Frame {
            label,
            text: &text[start..block_end],
            offset: start,
        });
        from = block_end;
    }
    Ok(out)
}

impl Frame<'_> {
    fn decode(&self, index: usize) -> Result<Pem, PemError> {
        let der = synta::pem::decode(self.text.as_bytes())
            .map_err(|why| PemError::new(PemErrorKind::Base64(why), index, self.offset))?;
        Ok(Pem {
            label: self.label.to_string(),
            der,
            offset: self.offset,
        })
    }
}

impl Pem {
    /// The first block of `text`; an error when there is none or it does not decode.
    pub fn parse(text: &[u8]) -> Result<Pem, PemError> {
        match frames(text)?.first() {
            Some(frame) => frame.decode(0),
            None => Err(PemError::new(PemErrorKind::NoBlock, 0, 0)),
        }
    }

    /// Every block of `text`, in order (none for a text without blocks).
    pub fn parse_all(text: &[u8]) -> Result<Vec<Pem>, PemError> {
        let frames = frames(text)?;
        frames
            .iter()
            .enumerate()
            .map(|(i, f)| f.decode(i))
            .collect()
    }

    /// The label (`CERTIFICATE` for `-----BEGIN CERTIFICATE-----`).
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The decoded bytes (DER for the labels of RFC 7468).
    pub fn der(&self) -> &[u8] {
        &self.der
    }

    /// The byte offset of the BEGIN line in the text it was parsed from.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The decoded bytes, by value.
    pub fn into_der(self) -> Vec<u8> {
        self.der
    }

    /// Parses the DER with `parse` when the label is one of `labels` (the first is the
    /// one RFC 7468 prefers, named in the error), borrowing from this block.
    pub(crate) fn parse_as<'a, T>(
        &'a self,
        labels: &[&'static str],
        parse: impl FnOnce(&'a [u8]) -> synta::Result<T>,
    ) -> Result<T, PemError> {
        let fail = |kind| PemError::new(kind, 0, self.offset);
        if !labels.contains(&self.label.as_str()) {
            return Err(fail(PemErrorKind::WrongLabel {
                expected: labels.first().copied().unwrap_or(""),
                found: self.label.clone(),
            }));
        }
        parse(&self.der).map_err(|e| fail(PemErrorKind::Der(e)))
    }
}

/// The DER bytes of each PEM block labelled `label` (`"CERTIFICATE"`), in order. Blocks
/// with other labels are skipped without being decoded; a block that does not frame or
/// decode gives an error naming its index and offset.
pub fn pem_blocks(text: &[u8], label: &str) -> Result<Vec<Vec<u8>>, PemError> {
    let frames = frames(text)?;
    let wanted = frames.iter().enumerate().filter(|(_, f)| f.label == label);
    wanted
        .map(|(i, f)| f.decode(i).map(Pem::into_der))
        .collect()
}

/// Parses every certificate of a PEM bundle; `ders` keeps the decoded bytes the
/// certificates borrow from (fill it with [`pem_blocks`]).
pub fn certificates_from_pem(ders: &[Vec<u8>]) -> synta::Result<Vec<Certificate<'_>>> {
    ders.iter().map(|d| Certificate::from_der(d)).collect()
}
