//! Borrowed or owned output, and the runtime types each mode names.
//!
//! Borrowed mode (the default) emits zero-copy types with the lifetime `'a` of the input
//! (`OctetStringRef<'a>`, `AnyRef<'a>`, `synta::Lazy<'a, T>`). Owned mode emits types
//! without lifetimes that own their data (`OctetString`, `Any`, `Utf8StringBuf`), so a
//! decoded value is `'static` and outlives its input. Owned values decode through the
//! borrowed decoders and copy, so both modes accept exactly the same encodings.
//!
//! Components configured as lazy decode eagerly in owned mode: a lazy value exists to
//! skip work on bytes that stay around anyway, and an owned lazy value would have to copy
//! the raw TLV (the cost eager decoding was avoiding) and still decode it later.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ir::StringKind;

/// Whether generated types borrow from the input or own their data.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Zero-copy types that borrow from the input (`struct Foo<'a>`).
    #[default]
    Borrowed,
    /// Types without lifetimes that own their data (`struct Foo`, `T: 'static`).
    Owned,
}

impl std::str::FromStr for Mode {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "borrowed" => Ok(Mode::Borrowed),
            "owned" => Ok(Mode::Owned),
            _ => Err(format!(
                "unknown mode `{s}` (expected `borrowed` or `owned`)"
            )),
        }
    }
}

impl Mode {
    /// True in owned mode.
    pub fn is_owned(self) -> bool {
        self == Mode::Owned
    }

    /// The generics of a named type that borrows (`<'a>`), or nothing.
    pub(super) fn generics(self, lifetime: bool) -> TokenStream {
        if lifetime && !self.is_owned() {
            quote!(<'a>)
        } else {
            quote!()
        }
    }

    pub(super) fn octet_string(self) -> TokenStream {
        self.pick(
            quote!(::synta::OctetStringRef<'a>),
            quote!(::synta::OctetString),
        )
    }

    pub(super) fn bit_string(self) -> TokenStream {
        self.pick(
            quote!(::synta::BitStringRef<'a>),
            quote!(::synta::BitString),
        )
    }

    pub(super) fn object_identifier(self) -> TokenStream {
        self.pick(
            quote!(::synta::ObjectIdentifierRef<'a>),
            quote!(::synta::ObjectIdentifier),
        )
    }

    pub(super) fn relative_oid(self) -> TokenStream {
        self.pick(
            quote!(::synta::RelativeOidRef<'a>),
            quote!(::synta::RelativeOid),
        )
    }

    /// An INTEGER too wide for a native type.
    pub(super) fn big_integer(self) -> TokenStream {
        self.pick(quote!(::synta::IntRef<'a>), quote!(::synta::Int))
    }

    /// A raw element (open types, unknown alternatives).
    pub(super) fn any(self) -> TokenStream {
        self.pick(quote!(::synta::AnyRef<'a>), quote!(::synta::Any))
    }

    /// A universal type kept as raw contents under its own tag.
    pub(super) fn opaque(self, number: u32, constructed: bool) -> TokenStream {
        self.pick(
            quote!(::synta::Opaque<'a, #number, #constructed>),
            quote!(::synta::OpaqueBuf<#number, #constructed>),
        )
    }

    /// INSTANCE OF, kept as the elements of its SEQUENCE.
    pub(super) fn instance_of(self) -> TokenStream {
        self.pick(
            quote!(::synta::SequenceOf<'a, ::synta::AnyRef<'a>>),
            quote!(::std::vec::Vec<::synta::Any>),
        )
    }

    /// The contents of an OCTET STRING whose open type is not in the object set.
    pub(super) fn unknown_octets(self) -> TokenStream {
        self.pick(quote!(&'a [u8]), quote!(::std::vec::Vec<u8>))
    }

    /// The key parameter of an open-type enum's `decode`.
    pub(super) fn oid_key(self) -> TokenStream {
        self.pick(
            quote!(::synta::ObjectIdentifierRef<'_>),
            quote!(::synta::ObjectIdentifier),
        )
    }

    /// A character string type.
    pub(super) fn string(self, kind: StringKind) -> TokenStream {
        let borrowed = match kind {
            StringKind::BMPString => quote!(BmpString),
            StringKind::GeneralString => quote!(GeneralString),
            StringKind::GraphicString => quote!(GraphicString),
            StringKind::IA5String => quote!(Ia5String),
            StringKind::NumericString => quote!(NumericString),
            StringKind::PrintableString => quote!(PrintableString),
            StringKind::TeletexString => quote!(TeletexString),
            StringKind::UniversalString => quote!(UniversalString),
            StringKind::UTF8String => quote!(Utf8String),
            StringKind::VideotexString => quote!(VideotexString),
            StringKind::VisibleString => quote!(VisibleString),
            StringKind::ObjectDescriptor => quote!(ObjectDescriptor),
        };
        match self {
            Mode::Borrowed => quote!(::synta::#borrowed<'a>),
            Mode::Owned => {
                let owned = proc_macro2::Ident::new(
                    &format!("{borrowed}Buf"),
                    proc_macro2::Span::call_site(),
                );
                quote!(::synta::#owned)
            }
        }
    }

    fn pick(self, borrowed: TokenStream, owned: TokenStream) -> TokenStream {
        match self {
            Mode::Borrowed => borrowed,
            Mode::Owned => owned,
        }
    }
}
