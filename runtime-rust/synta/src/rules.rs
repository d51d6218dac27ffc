//! The encoding rules a [`Reader`](crate::Reader) or [`Writer`](crate::Writer) works under.

/// ASN.1 encoding rules of the X.690 family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rules {
    /// Distinguished Encoding Rules (X.690 clause 10): one encoding per value.
    Der,
    /// Basic Encoding Rules (X.690 clause 8): every form the standard allows.
    Ber,
    /// Canonical Encoding Rules (X.690 clause 9): indefinite lengths for constructed
    /// values, strings segmented into 1000-octet chunks.
    Cer,
}

impl Rules {
    /// True for the canonical rules (DER and CER), which share the value restrictions of
    /// X.690 clause 11 (BOOLEAN as 0xFF, minimal times, sorted SET OF, ...).
    #[must_use]
    pub const fn is_canonical(self) -> bool {
        matches!(self, Rules::Der | Rules::Cer)
    }

    /// Short lower-case name (`der`, `ber`, `cer`), as used in the test vectors.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rules::Der => "der",
            Rules::Ber => "ber",
            Rules::Cer => "cer",
        }
    }
}

impl core::fmt::Display for Rules {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Rules::Der => "DER",
            Rules::Ber => "BER",
            Rules::Cer => "CER",
        })
    }
}

/// Limits applied across every nested and tagged decode of one input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Deepest nesting of constructed or tagged values (the top-level value is depth 1).
    pub max_depth: u32,
    /// Largest definite length accepted for one element's contents.
    pub max_length: usize,
    /// Most elements accepted in one SEQUENCE OF / SET OF, or segments in one string.
    pub max_elements: usize,
}

impl Limits {
    /// The defaults: depth 64, lengths bounded only by the input, 2^20 elements.
    pub const DEFAULT: Limits = Limits {
        max_depth: 64,
        max_length: usize::MAX,
        max_elements: 1 << 20,
    };
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}
