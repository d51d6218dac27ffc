//! Per-component code: decode, optional decode, length and encode expressions.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{GenericArgument, PathArguments, Type};

use crate::attrs::{ContainerAttrs, FieldAttrs};

/// One SEQUENCE / SET component.
pub struct Component {
    /// The Rust field name (or index).
    pub member: syn::Member,
    /// Name shown in error paths.
    pub name: String,
    /// Declared type.
    pub ty: Type,
    /// `T` when the type is `Option<T>` (OPTIONAL).
    pub inner: Option<Type>,
    /// `T` when the (inner) type is `Box<T>`: recursive types decode and encode as `T`.
    pub unboxed: Option<Type>,
    pub attrs: FieldAttrs,
    pub implicit: bool,
}

/// `Some(T)` for `Box<T>`.
pub fn box_inner(ty: &Type) -> Option<Type> {
    generic_inner(ty, "Box")
}

/// `Some(T)` for `Option<T>`.
pub fn option_inner(ty: &Type) -> Option<Type> {
    generic_inner(ty, "Option")
}

fn generic_inner(ty: &Type, wrapper: &str) -> Option<Type> {
    let Type::Path(p) = ty else { return None };
    let seg = p.path.segments.last()?;
    if seg.ident != wrapper {
        return None;
    }
    let PathArguments::AngleBracketed(args) = &seg.arguments else {
        return None;
    };
    match args.args.first()? {
        GenericArgument::Type(t) => Some(t.clone()),
        _ => None,
    }
}

impl Component {
    pub fn new(
        member: syn::Member,
        ty: Type,
        attrs: FieldAttrs,
        container: &ContainerAttrs,
    ) -> syn::Result<Self> {
        let inner = option_inner(&ty);
        if inner.is_some() && (attrs.default.is_some() || attrs.default_der.is_some()) {
            return Err(syn::Error::new_spanned(
                &ty,
                "a DEFAULT component is not an Option",
            ));
        }
        let name = attrs.name.clone().unwrap_or_else(|| match &member {
            syn::Member::Named(i) => i.to_string(),
            syn::Member::Unnamed(i) => i.index.to_string(),
        });
        let implicit = attrs.is_implicit(container);
        let unboxed = box_inner(inner.as_ref().unwrap_or(&ty));
        Ok(Component {
            member,
            name,
            ty,
            inner,
            unboxed,
            attrs,
            implicit,
        })
    }

    /// The type the component decodes as when present (`T` for `Box<T>`).
    pub fn base(&self) -> &Type {
        self.unboxed
            .as_ref()
            .or(self.inner.as_ref())
            .unwrap_or(&self.ty)
    }

    /// A reference to the present value `v` as the base type.
    pub fn value_ref(&self, v: &TokenStream) -> TokenStream {
        if self.unboxed.is_some() {
            quote!(&**#v)
        } else {
            v.clone()
        }
    }

    /// Boxes a decoded `Result<Base>` (or `Result<Option<Base>>` when `optional`) for a
    /// `Box` component.
    pub fn rebox(&self, decoded: TokenStream, optional: bool) -> TokenStream {
        match (&self.unboxed, optional) {
            (None, _) => decoded,
            (Some(_), false) => quote!(#decoded.map(::core::convert::From::from)),
            (Some(_), true) => quote!(#decoded.map(|o| o.map(::core::convert::From::from))),
        }
    }

    /// Expression decoding the component as present-or-absent: `Result<Option<Base>>`.
    pub fn decode_optional(&self) -> TokenStream {
        let base = self.base();
        match self.attrs.tag_tokens() {
            None => quote!(<::core::option::Option<#base> as ::synta::Decode>::decode(r)),
            Some(tag) if self.implicit => {
                quote!(::synta::decode_implicit_optional::<#base>(r, #tag))
            }
            Some(tag) => quote!(::synta::decode_explicit_optional::<#base>(r, #tag)),
        }
    }

    /// Expression decoding the component in a SEQUENCE: `Result<Ty>`, with its
    /// constraint checked.
    pub fn decode(&self) -> TokenStream {
        self.rebox(self.checked(self.decode_unchecked()), self.inner.is_some())
    }

    /// Wraps a decode expression `Result<T>` with the component's constraint checks:
    /// its own, then its elements'.
    pub fn checked(&self, decode: TokenStream) -> TokenStream {
        let own =
            self.attrs.constraint.as_ref().map(
                |c| quote!(.and_then(|v| ::synta::Constraint::check(&#c, &v, __at).map(|()| v))),
            );
        let elements = self.attrs.element_constraint.as_ref().map(|c| {
            let explicit = self.attrs.tag.is_some() && !self.implicit;
            quote!(.and_then(|v| {
                ::synta::Constraint::check_elements(&#c, &v, |i| {
                    ::synta::element_offset(__list.clone(), #explicit, i).unwrap_or(__at)
                })
                .map(|()| v)
            }))
        });
        let nested = self.attrs.nested_element_constraint.as_ref().map(|c| {
            let explicit = self.attrs.tag.is_some() && !self.implicit;
            quote!(.and_then(|v| {
                ::synta::Constraint::check_nested_elements(&#c, &v, |i, j| {
                    let __list = __list.clone();
                    ::synta::nested_element_offset(__list, #explicit, i, false, j).unwrap_or(__at)
                })
                .map(|()| v)
            }))
        });
        if own.is_none() && elements.is_none() && nested.is_none() {
            return decode;
        }
        // The reader as it was, to find a failing element's offset (only on failure).
        let saved =
            (elements.is_some() || nested.is_some()).then(|| quote!(let __list = r.clone();));
        quote!({
            let __at = r.offset();
            #saved
            #decode #own #elements #nested
        })
    }

    /// `Result<()>`: checks the constraints of the value `v` before encoding it.
    pub fn check_before_encode(&self, v: &TokenStream) -> TokenStream {
        let mut check = quote!(::core::result::Result::<(), ::synta::Error>::Ok(()));
        if let Some(c) = &self.attrs.constraint {
            check = quote!(::synta::Constraint::check(&#c, #v, 0));
        }
        if let Some(c) = &self.attrs.element_constraint {
            check =
                quote!(#check.and_then(|()| ::synta::Constraint::check_elements(&#c, #v, |_| 0)));
        }
        if let Some(c) = &self.attrs.nested_element_constraint {
            check = quote!(#check.and_then(|()| {
                ::synta::Constraint::check_nested_elements(&#c, #v, |_, _| 0)
            }));
        }
        check
    }

    fn decode_unchecked(&self) -> TokenStream {
        let opt = self.decode_optional();
        if let Some(default) = &self.attrs.default {
            return quote!({
                let at = r.offset();
                let rules = r.rules();
                #opt.and_then(|v| ::synta::resolve_default(at, rules, v, #default))
            });
        }
        if let Some(der) = &self.attrs.default_der {
            let reencoded = self.encodes_as_default(&quote!(&v));
            let present = self.decode_present_unchecked();
            return quote!({
                let at = r.offset();
                let rules = r.rules();
                let start = r.remaining();
                match #opt {
                    ::core::result::Result::Ok(::core::option::Option::Some(v)) => {
                        let raw = ::synta::consumed_since(start, r);
                        ::synta::reject_encoded_default(at, rules, raw, #der, || #reencoded)
                            .map(|()| v)
                    }
                    ::core::result::Result::Ok(::core::option::Option::None) => {
                        ::synta::decode_absent_default(at, #der, |r| #present)
                    }
                    ::core::result::Result::Err(e) => ::core::result::Result::Err(e),
                }
            });
        }
        if self.inner.is_some() {
            return opt;
        }
        self.decode_present_unchecked()
    }

    /// `Result<Base>`: the component known to be present, constraints not checked.
    fn decode_present_unchecked(&self) -> TokenStream {
        let base = self.base();
        match self.attrs.tag_tokens() {
            None => quote!(<#base as ::synta::Decode>::decode(r)),
            Some(tag) if self.implicit => quote!(::synta::decode_implicit::<#base>(r, #tag)),
            Some(tag) => quote!(::synta::decode_explicit::<#base>(r, #tag)),
        }
    }

    /// For a `default_der` component of a SET: `Result<()>` rejecting the value `value`
    /// just read since `start` (the reader's remaining input before) when it is encoded
    /// as the default (X.690 11.5).
    pub fn reject_default_in_set(&self) -> Option<TokenStream> {
        let der = self.attrs.default_der.as_ref()?;
        let reencoded = self.encodes_as_default(&quote!(&value));
        Some(quote!(::synta::reject_encoded_default(
            at,
            r.rules(),
            ::synta::consumed_since(start, r),
            #der,
            || #reencoded,
        )))
    }

    /// For a `default_der` component of a SET: `Result<Base>` decoding the default of the
    /// absent component, `at` being where it would have been.
    pub fn absent_default(&self, at: &TokenStream) -> Option<TokenStream> {
        let der = self.attrs.default_der.as_ref()?;
        let present = self.decode_present_unchecked();
        Some(quote!(::synta::decode_absent_default(#at, #der, |r| #present)))
    }

    /// `Result<bool>`: is the present value `v` (a reference to the base type) encoded
    /// under DER as the component's `default_der`? `false` without one.
    pub fn encodes_as_default(&self, v: &TokenStream) -> TokenStream {
        let Some(der) = &self.attrs.default_der else {
            return quote!(::core::result::Result::<bool, ::synta::Error>::Ok(false));
        };
        let len = self.present_len(v);
        let enc = self.present_encode(v);
        quote!({
            let rules = ::synta::Rules::Der;
            ::synta::encodes_as_default(#der, #len, |w: &mut ::synta::Writer| #enc)
        })
    }

    /// Boolean expression: would an element with tag `tag` be this component?
    pub fn accepts(&self) -> TokenStream {
        let base = self.base();
        match self.attrs.tag_tokens() {
            None => quote!(<#base as ::synta::Decode>::can_decode(tag, r.rules())),
            Some(t) if self.implicit => {
                quote!(::synta::implicit_can_decode::<#base>(#t, tag, r.rules()))
            }
            Some(t) => quote!(tag == #t.with_constructed(true)),
        }
    }

    /// The tag CER orders this component by: the smallest tag of its type (X.690 9.3).
    pub fn order_tag_cer(&self) -> TokenStream {
        let base = self.base();
        match self.attrs.tag_tokens() {
            None => quote!(<#base as ::synta::Encode>::smallest_tag()
                .unwrap_or(::synta::Tag::new(::synta::Class::Private, u32::MAX, true))),
            Some(t) if self.implicit => {
                quote!(#t.with_constructed(<#base as ::synta::FixedTag>::TAG.constructed))
            }
            Some(t) => quote!(#t.with_constructed(true)),
        }
    }

    /// The tag this component is encoded with (for SET ordering); untagged components
    /// (a CHOICE among them) report the tag of the value they hold.
    pub fn encoded_tag(&self) -> TokenStream {
        let base = self.base();
        let m = &self.member;
        match self.attrs.tag_tokens() {
            None => quote!(::synta::Encode::encoded_tag(&self.#m)
                .unwrap_or(::synta::Tag::new(::synta::Class::Private, u32::MAX, true))),
            Some(t) if self.implicit => {
                quote!(#t.with_constructed(<#base as ::synta::FixedTag>::TAG.constructed))
            }
            Some(t) => quote!(#t.with_constructed(true)),
        }
    }

    fn present_len(&self, v: &TokenStream) -> TokenStream {
        match self.attrs.tag_tokens() {
            None => quote!(::synta::Encode::encoded_len(#v, rules)),
            Some(t) if self.implicit => quote!(::synta::implicit_len(#v, #t, rules)),
            Some(t) => quote!(::synta::explicit_len(#v, #t, rules)),
        }
    }

    fn present_encode(&self, v: &TokenStream) -> TokenStream {
        match self.attrs.tag_tokens() {
            None => quote!(::synta::Encode::encode(#v, w)),
            Some(t) if self.implicit => quote!(::synta::encode_implicit(#v, #t, w)),
            Some(t) => quote!(::synta::encode_explicit(#v, #t, w)),
        }
    }

    /// `Result<usize>`: encoded length of the component (0 when absent or default),
    /// after checking its constraint.
    pub fn len(&self) -> TokenStream {
        let m = &self.member;
        let check = self.check_before_encode(&quote!(&self.#m));
        let len = self.len_unchecked();
        quote!(#check.and_then(|()| #len))
    }

    fn len_unchecked(&self) -> TokenStream {
        let m = &self.member;
        let present = self.present_len(&self.value_ref(&quote!(v)));
        if self.inner.is_some() {
            quote!(match &self.#m { ::core::option::Option::Some(v) => #present, ::core::option::Option::None => Ok(0) })
        } else if let Some(d) = &self.attrs.default {
            quote!({ let v = &self.#m; if *v == #d { Ok(0) } else { #present } })
        } else if self.attrs.default_der.is_some() {
            let equal = self.encodes_as_default(&self.value_ref(&quote!(v)));
            quote!({ let v = &self.#m; if #equal? { Ok(0) } else { #present } })
        } else {
            quote!({ let v = &self.#m; #present })
        }
    }

    /// `Result<()>`: writes the component (nothing when absent or default).
    pub fn encode(&self) -> TokenStream {
        let m = &self.member;
        let present = self.present_encode(&self.value_ref(&quote!(v)));
        if self.inner.is_some() {
            quote!(match &self.#m { ::core::option::Option::Some(v) => #present, ::core::option::Option::None => Ok(()) })
        } else if let Some(d) = &self.attrs.default {
            quote!({ let v = &self.#m; if *v == #d { Ok(()) } else { #present } })
        } else if self.attrs.default_der.is_some() {
            let equal = self.encodes_as_default(&self.value_ref(&quote!(v)));
            quote!({ let v = &self.#m; if #equal? { Ok(()) } else { #present } })
        } else {
            quote!({ let v = &self.#m; #present })
        }
    }

    /// `bool`: is the component written at all?
    pub fn is_present(&self) -> TokenStream {
        let m = &self.member;
        if self.inner.is_some() {
            quote!(self.#m.is_some())
        } else if let Some(d) = &self.attrs.default {
            quote!(self.#m != #d)
        } else if self.attrs.default_der.is_some() {
            // An error comparing counts as present: encoding it reports the error.
            let equal = self.encodes_as_default(&self.value_ref(&quote!(v)));
            quote!({ let v = &self.#m; !::core::matches!(#equal, ::core::result::Result::Ok(true)) })
        } else {
            quote!(true)
        }
    }
}

/// The decode lifetime: the type's first lifetime parameter, or a fresh one.
pub fn decode_lifetime(generics: &syn::Generics) -> (syn::Lifetime, bool) {
    match generics.lifetimes().next() {
        Some(l) => (l.lifetime.clone(), false),
        None => (
            syn::Lifetime::new("'__synta", proc_macro2::Span::call_site()),
            true,
        ),
    }
}

/// The DER fast path (`synta::fast`): the same expressions returning `Option`, `None`
/// meaning "leave it to the general decoder".
impl Component {
    /// `Option<Option<Base>>`: the component as present-or-absent.
    fn decode_optional_fast(&self) -> TokenStream {
        let base = self.base();
        match self.attrs.tag_tokens() {
            None => quote!(<::core::option::Option<#base> as ::synta::Decode>::decode_fast(r)),
            Some(tag) if self.implicit => {
                quote!(::synta::decode_implicit_optional_fast::<#base>(r, #tag))
            }
            Some(tag) => quote!(::synta::decode_explicit_optional_fast::<#base>(r, #tag)),
        }
    }

    /// `Option<Base>`: the component known to be present (untagged, IMPLICIT or
    /// EXPLICIT).
    fn decode_present_fast_unchecked(&self) -> TokenStream {
        let base = self.base();
        match self.attrs.tag_tokens() {
            None => quote!(<#base as ::synta::Decode>::decode_fast(r)),
            Some(tag) if self.implicit => quote!(::synta::decode_implicit_fast::<#base>(r, #tag)),
            Some(tag) => quote!(::synta::decode_explicit_fast::<#base>(r, #tag)),
        }
    }

    /// Keeps a decoded `Option<T>` only when the component's constraint holds.
    fn checked_fast(&self, decode: TokenStream) -> TokenStream {
        let own = self
            .attrs
            .constraint
            .as_ref()
            .map(|c| quote!(.filter(|v| ::synta::Constraint::check(&#c, v, 0).is_ok())));
        let elements = self.attrs.element_constraint.as_ref().map(
            |c| quote!(.filter(|v| ::synta::Constraint::check_elements(&#c, v, |_| 0).is_ok())),
        );
        let nested = self.attrs.nested_element_constraint.as_ref().map(|c| {
            quote!(.filter(|v| {
                ::synta::Constraint::check_nested_elements(&#c, v, |_, _| 0).is_ok()
            }))
        });
        quote!(#decode #own #elements #nested)
    }

    /// Fast counterpart of [`Component::decode`]: `Option<Ty>`.
    pub fn decode_fast(&self) -> TokenStream {
        let unchecked = if let Some(default) = &self.attrs.default {
            // DER forbids encoding the default value (X.690 11.5): give up on it.
            let opt = self.decode_optional_fast();
            quote!(match #opt {
                ::core::option::Option::Some(::core::option::Option::Some(v)) => {
                    if v == #default { ::core::option::Option::None } else { ::core::option::Option::Some(v) }
                }
                ::core::option::Option::Some(::core::option::Option::None) => ::core::option::Option::Some(#default),
                ::core::option::Option::None => ::core::option::Option::None,
            })
        } else if let Some(der) = &self.attrs.default_der {
            // DER forbids encoding the default (X.690 11.5): give up on it. An absent
            // component decodes its default as the general decoder does.
            let opt = self.decode_optional_fast();
            let present = self.decode_present_unchecked();
            quote!({
                let start = r.position();
                match #opt {
                    ::core::option::Option::Some(::core::option::Option::Some(v)) => {
                        if r.slice(start, r.position()) == #der { ::core::option::Option::None } else { ::core::option::Option::Some(v) }
                    }
                    ::core::option::Option::Some(::core::option::Option::None) => {
                        ::synta::decode_absent_default(0, #der, |r| #present).ok()
                    }
                    ::core::option::Option::None => ::core::option::Option::None,
                }
            })
        } else if self.inner.is_some() {
            self.decode_optional_fast()
        } else {
            self.decode_present_fast_unchecked()
        };
        self.rebox(self.checked_fast(unchecked), self.inner.is_some())
    }

    /// Fast counterpart of [`Component::decode_present`]: `Option<Base>`.
    pub fn decode_present_fast(&self) -> TokenStream {
        self.checked_fast(self.decode_present_fast_unchecked())
    }
}

impl Component {
    /// Expression decoding the component known to be present: `Result<Base>`, with its
    /// constraint checked.
    pub fn decode_present(&self) -> TokenStream {
        let base = self.base();
        self.checked(match self.attrs.tag_tokens() {
            None => quote!(<#base as ::synta::Decode>::decode(r)),
            Some(tag) if self.implicit => quote!(::synta::decode_implicit::<#base>(r, #tag)),
            Some(tag) => quote!(::synta::decode_explicit::<#base>(r, #tag)),
        })
    }
}
