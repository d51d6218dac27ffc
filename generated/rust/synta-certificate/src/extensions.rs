//! Extension lists of every kind: certificates, CRLs, CRL entries, CSR extension requests
//! and OCSP messages. The generated code has one extension type per object set
//! (`Extension{{CertExtensions}}`, `Extension{{CrlEntryExtensions}}`, ...); they share
//! the fields `extnID`, `critical` and `extnValue`, which [`ExtensionFields`] names, so
//! that finding an extension and decoding its value is written once, in [`Extensions`].

use crate::certificate::borrowed;
use crate::generated::pkix_common_types_2009 as common;
use synta::{Decode, Lazy, ObjectIdentifierRef, OctetStringRef, Result, Rules};

mod typed;

/// The fields every generated `Extension{{...}}` type has, whatever its object set.
pub trait ExtensionFields<'a> {
    /// `extnID`.
    fn oid(&self) -> &ObjectIdentifierRef<'a>;
    /// `critical` (false when absent).
    fn is_critical(&self) -> bool;
    /// `extnValue`: the OCTET STRING holding the value's DER, with its offset.
    fn value(&self) -> &OctetStringRef<'a>;
    /// Decodes the value as the type its object set gives `extnID` (the generated
    /// `extn_value_decoded()`), only to report an error: what `validate()` runs.
    fn check_value(&self) -> Result<()>;
}

/// Implements [`ExtensionFields`] for generated extension types.
macro_rules! extension_fields {
    ($($t:ident),+ $(,)?) => {$(
        impl<'a> ExtensionFields<'a> for common::$t<'a> {
            fn oid(&self) -> &ObjectIdentifierRef<'a> {
                &self.extn_id
            }
            fn is_critical(&self) -> bool {
                self.critical
            }
            fn value(&self) -> &OctetStringRef<'a> {
                &self.extn_value
            }
            fn check_value(&self) -> Result<()> {
                self.extn_value_decoded().map(|_| ())
            }
        }
    )+};
}

extension_fields!(
    ExtensionCertExtensions2,
    ExtensionCertExtensions,
    ExtensionCrlExtensions,
    ExtensionCrlEntryExtensions,
    Extension2,
    Extension3,
    ExtensionReOcspServiceLocator,
    ExtensionReOcspNonceReOcspExtendedRevoke,
);

/// The decoded extensions of one object, in order, with typed accessors by OID. It
/// dereferences to a slice of the generated extension type `E` (`extn_id`, `critical`,
/// `extn_value`, `extn_value_decoded()`), so it iterates like the list it holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Extensions<'a, E> {
    list: Vec<E>,
    _input: core::marker::PhantomData<&'a [u8]>,
}

impl<'a, E: ExtensionFields<'a>> Extensions<'a, E> {
    /// Decodes an optional lazily kept list where it lies in the input (so offsets stay
    /// absolute); absent gives an empty list. Errors start their path at `field`.
    pub(crate) fn decode(lazy: Option<&Lazy<'a, Vec<E>>>, field: &'static str) -> Result<Self>
    where
        Vec<E>: Decode<'a>,
    {
        let list = match lazy {
            Some(lazy) => synta::ResultExt::field(lazy.get(), field)?,
            None => Vec::new(),
        };
        Ok(Self::from_vec(list))
    }

    /// Wraps extensions decoded elsewhere (an extension request attribute).
    pub(crate) fn from_vec(list: Vec<E>) -> Self {
        Extensions {
            list,
            _input: core::marker::PhantomData,
        }
    }

    /// The generated extensions, by value.
    pub fn into_vec(self) -> Vec<E> {
        self.list
    }

    /// The extension with `oid`, if present (the first one: RFC 5280 allows one per OID,
    /// which [`Self::validate`] checks).
    pub fn get(&self, oid: &ObjectIdentifierRef<'_>) -> Option<&E> {
        self.list
            .iter()
            .find(|e| e.oid().as_bytes() == oid.as_bytes())
    }

    /// Decodes the value of the extension `oid` as `T` (for an extension without a typed
    /// accessor); `None` when absent. Errors carry the absolute offset and start their
    /// path at `name`.
    pub fn typed<T: Decode<'a>>(
        &self,
        oid: &ObjectIdentifierRef<'_>,
        name: &'static str,
    ) -> Result<Option<T>> {
        Ok(self.typed_at::<T>(oid, name)?.map(|(v, _)| v))
    }

    /// [`Self::typed`], with the absolute offset of the value.
    fn typed_at<T: Decode<'a>>(
        &self,
        oid: &ObjectIdentifierRef<'_>,
        name: &'static str,
    ) -> Result<Option<(T, usize)>> {
        let Some(e) = self.get(oid) else {
            return Ok(None);
        };
        let bytes = borrowed(e.value().borrowed(), "extnValue")?;
        // The extensions were decoded where they lie in the input, so the OCTET
        // STRING's offset is absolute.
        let at = e.value().offset();
        let v = synta::decode_at::<T>(bytes, at, Rules::Der);
        synta::ResultExt::field(v.map(|v| Some((v, at))), name)
    }

    /// [`Self::typed`], with the constraints of the value's type (`T` is an alias of a
    /// constrained type such as `SEQUENCE SIZE (1..MAX) OF`, which a component checks
    /// but a value decoded on its own does not), reported at the value's offset.
    pub fn typed_checked<T: Decode<'a> + synta::Measure>(
        &self,
        oid: &ObjectIdentifierRef<'_>,
        name: &'static str,
        constraint: &synta::Constraint,
    ) -> Result<Option<T>> {
        let Some((v, at)) = self.typed_at::<T>(oid, name)? else {
            return Ok(None);
        };
        synta::ResultExt::field(constraint.check(&v, at), name)?;
        Ok(Some(v))
    }

    /// Decodes every value as its object set's type and checks that no OID appears
    /// twice (RFC 5280 4.2, 5.2, 5.3). Errors name the extension's index.
    pub fn validate(&self) -> Result<()> {
        for (i, e) in self.list.iter().enumerate() {
            synta::ResultExt::index(e.check_value(), i)?;
            if self.list[..i]
                .iter()
                .any(|p| p.oid().as_bytes() == e.oid().as_bytes())
            {
                let why = synta::ErrorKind::InvalidValue("extension appears twice");
                // Reported at the extnValue contents of the second one.
                let err = synta::Error::new(why, e.value().offset());
                return Err(err.in_field("extnID").in_index(i));
            }
        }
        Ok(())
    }
}

impl<E> core::ops::Deref for Extensions<'_, E> {
    type Target = [E];
    fn deref(&self) -> &[E] {
        &self.list
    }
}

impl<E> IntoIterator for Extensions<'_, E> {
    type Item = E;
    type IntoIter = std::vec::IntoIter<E>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter()
    }
}

impl<'l, E> IntoIterator for &'l Extensions<'_, E> {
    type Item = &'l E;
    type IntoIter = core::slice::Iter<'l, E>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}
