//! `#[derive(Choice)]`.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Data, DeriveInput, Fields};

use crate::attrs;
use crate::fields::{decode_lifetime, Component};

pub fn expand(input: &DeriveInput) -> syn::Result<TokenStream> {
    let Data::Enum(data) = &input.data else {
        return Err(syn::Error::new_spanned(input, "expected an enum"));
    };
    if input.generics.type_params().next().is_some() {
        return Err(syn::Error::new_spanned(
            &input.generics,
            "type parameters are not supported",
        ));
    }
    let cattrs = attrs::container(&input.attrs)?;
    let ident = &input.ident;
    let type_name = cattrs.name.clone().unwrap_or_else(|| ident.to_string());
    let mut alts = Vec::new();
    let mut unknown = None;
    for v in &data.variants {
        let Fields::Unnamed(f) = &v.fields else {
            return Err(syn::Error::new_spanned(v, "CHOICE variants hold one value"));
        };
        let Some(field) = f.unnamed.first().filter(|_| f.unnamed.len() == 1) else {
            return Err(syn::Error::new_spanned(v, "CHOICE variants hold one value"));
        };
        let mut fa = attrs::field(&v.attrs)?;
        if fa.unknown {
            // `#[asn1(unknown)] Other(AnyRef<'a>)` (or the owned `Other(Any)`): an
            // alternative added in a later version of an extensible CHOICE, kept as read.
            if unknown.is_some() || fa.tag.is_some() {
                return Err(syn::Error::new_spanned(
                    v,
                    "one untagged `unknown` variant at most",
                ));
            }
            unknown = Some(v.ident.clone());
            continue;
        }
        if fa.default.is_some() {
            return Err(syn::Error::new_spanned(
                v,
                "DEFAULT on a CHOICE alternative",
            ));
        }
        fa.name.get_or_insert_with(|| v.ident.to_string());
        let comp = Component::new(
            syn::Member::Unnamed(syn::Index::from(0)),
            field.ty.clone(),
            fa,
            &cattrs,
        )?;
        alts.push((v.ident.clone(), comp));
    }
    let (lt, fresh) = decode_lifetime(&input.generics);
    let (impl_g, ty_g, where_c) = input.generics.split_for_impl();
    let decode_generics = if fresh {
        quote!(<#lt>)
    } else {
        quote!(#impl_g)
    };

    let dec_arms = alts.iter().map(|(v, c)| {
        let accepts = c.accepts();
        let dec = c.rebox(c.decode_present(), false);
        let name = &c.name;
        quote! {
            if #accepts {
                return ::synta::ResultExt::type_name(
                    ::synta::ResultExt::field(#dec.map(Self::#v), #name),
                    #type_name,
                );
            }
        }
    });
    let fast_arms = alts.iter().map(|(v, c)| {
        let accepts = c.accepts();
        let dec = c.rebox(c.decode_present_fast(), false);
        quote! {
            if #accepts {
                return #dec.map(Self::#v);
            }
        }
    });
    let fast_fallback = match &unknown {
        Some(v) => quote!(::synta::Decode::decode_fast(r).map(Self::#v)),
        None => quote!(::core::option::Option::None),
    };
    let can_arms = alts.iter().map(|(_, c)| {
        let accepts = c.accepts();
        quote!(#accepts)
    });
    let fallback = match &unknown {
        // The variant's own type (`AnyRef<'a>`, or the owned `Any`) reads the element.
        Some(v) => quote!(::synta::Decode::decode(r).map(Self::#v)),
        None => quote!(Err(::synta::unexpected_element(tag, at).in_type(#type_name))),
    };
    let unknown_arms = unknown
        .iter()
        .map(|v| quote!(Self::#v(v) => ::synta::Encode::encoded_len(v, rules),));
    let unknown_enc = unknown
        .iter()
        .map(|v| quote!(Self::#v(v) => ::synta::Encode::encode(v, w),));
    let unknown_tag = unknown
        .iter()
        .map(|v| quote!(Self::#v(v) => ::core::option::Option::Some(v.tag()),));
    let len_arms = alts.iter().map(|(v, c)| {
        let len = present_len(c);
        let check = c.check_before_encode(&quote!(v));
        quote!(Self::#v(v) => #check.and_then(|()| #len),)
    });
    let tag_arms = alts.iter().map(|(v, c)| {
        let base = c.base();
        let t = match c.attrs.tag_tokens() {
            None => {
                let v = c.value_ref(&quote!(v));
                quote!(::synta::Encode::encoded_tag(#v))
            }
            Some(t) if c.implicit => {
                quote!(Some(#t.with_constructed(<#base as ::synta::FixedTag>::TAG.constructed)))
            }
            Some(t) => quote!(Some(#t.with_constructed(true))),
        };
        quote!(Self::#v(v) => #t,)
    });
    let min_terms = alts.iter().map(|(_, c)| {
        let base = c.base();
        match c.attrs.tag_tokens() {
            None => quote!(<#base as ::synta::Encode>::smallest_tag()),
            Some(t) if c.implicit => {
                quote!(Some(#t.with_constructed(<#base as ::synta::FixedTag>::TAG.constructed)))
            }
            Some(t) => quote!(Some(#t.with_constructed(true))),
        }
    });
    let enc_arms = alts.iter().map(|(v, c)| {
        let enc = present_encode(c);
        quote!(Self::#v(v) => #enc,)
    });

    Ok(quote! {
        impl #decode_generics ::synta::Decode<#lt> for #ident #ty_g #where_c {
            #[inline]
            fn decode(r: &mut ::synta::Reader<#lt>) -> ::synta::Result<Self> {
                let at = r.offset();
                let tag = match r.peek_tag()? {
                    ::core::option::Option::Some(t) => t,
                    ::core::option::Option::None => {
                        return Err(::synta::missing_component(at).in_type(#type_name));
                    }
                };
                #(#dec_arms)*
                #fallback
            }

            #[inline]
            fn decode_fast(r: &mut ::synta::FastReader<#lt>) -> ::core::option::Option<Self> {
                // At the end: missing, an error for the general path to report.
                let tag = r.peek_tag()??;
                #(#fast_arms)*
                #fast_fallback
            }

            fn can_decode(tag: ::synta::Tag, rules: ::synta::Rules) -> bool {
                // `r.rules()` in the shared predicates reads the rules from here.
                // Named to stay clear of user types used by the alternatives.
                struct __SyntaRulesOnly(::synta::Rules);
                impl __SyntaRulesOnly { fn rules(&self) -> ::synta::Rules { self.0 } }
                let r = __SyntaRulesOnly(rules);
                false #(|| #can_arms)*
            }
        }

        impl #impl_g ::synta::Encode for #ident #ty_g #where_c {
            fn encoded_len(&self, rules: ::synta::Rules) -> ::synta::Result<usize> {
                match self { #(#len_arms)* #(#unknown_arms)* }
            }

            fn encode(&self, w: &mut ::synta::Writer) -> ::synta::Result<()> {
                match self { #(#enc_arms)* #(#unknown_enc)* }
            }

            fn encoded_tag(&self) -> ::core::option::Option<::synta::Tag> {
                match self { #(#tag_arms)* #(#unknown_tag)* }
            }

            fn smallest_tag() -> ::core::option::Option<::synta::Tag> {
                [#(#min_terms),*].into_iter().flatten().min()
            }
        }
    })
}

fn present_len(c: &Component) -> TokenStream {
    let v = c.value_ref(&quote!(v));
    match c.attrs.tag_tokens() {
        None => quote!(::synta::Encode::encoded_len(#v, rules)),
        Some(t) if c.implicit => quote!(::synta::implicit_len(#v, #t, rules)),
        Some(t) => quote!(::synta::explicit_len(#v, #t, rules)),
    }
}

fn present_encode(c: &Component) -> TokenStream {
    let v = c.value_ref(&quote!(v));
    match c.attrs.tag_tokens() {
        None => quote!(::synta::Encode::encode(#v, w)),
        Some(t) if c.implicit => quote!(::synta::encode_implicit(#v, #t, w)),
        Some(t) => quote!(::synta::encode_explicit(#v, #t, w)),
    }
}
