//! `#[derive(Sequence)]` and `#[derive(Set)]`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::{Data, DeriveInput, Fields};

use crate::attrs;
use crate::fields::{decode_lifetime, Component};

pub fn components(fields: &Fields, c: &attrs::ContainerAttrs) -> syn::Result<Vec<Component>> {
    fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let member = match &f.ident {
                Some(id) => syn::Member::Named(id.clone()),
                None => syn::Member::Unnamed(syn::Index::from(i)),
            };
            Component::new(member, f.ty.clone(), attrs::field(&f.attrs)?, c)
        })
        .collect()
}

pub fn expand(input: &DeriveInput, set: bool) -> syn::Result<TokenStream> {
    let Data::Struct(data) = &input.data else {
        return Err(syn::Error::new_spanned(input, "expected a struct"));
    };
    if input.generics.type_params().next().is_some() {
        return Err(syn::Error::new_spanned(
            &input.generics,
            "type parameters are not supported",
        ));
    }
    let cattrs = attrs::container(&input.attrs)?;
    let comps = components(&data.fields, &cattrs)?;
    let ident = &input.ident;
    let type_name = cattrs.name.clone().unwrap_or_else(|| ident.to_string());
    let (lt, fresh) = decode_lifetime(&input.generics);
    let (impl_g, ty_g, where_c) = input.generics.split_for_impl();
    let decode_generics = if fresh {
        quote!(<#lt>)
    } else {
        quote!(#impl_g)
    };
    let tag = if set {
        quote!(::synta::Tag::SET)
    } else {
        quote!(::synta::Tag::SEQUENCE)
    };

    let vars: Vec<_> = (0..comps.len())
        .map(|i| format_ident!("__f{}", i))
        .collect();
    let construct = match &data.fields {
        Fields::Named(_) => {
            let names = comps.iter().map(|c| &c.member);
            quote!(Self { #(#names: #vars),* })
        }
        Fields::Unnamed(_) => quote!(Self(#(#vars),*)),
        Fields::Unit => quote!(Self),
    };
    let skip = if cattrs.extensible {
        quote!(::synta::skip_extensions(r)?;)
    } else {
        quote!()
    };

    let body = if set {
        set_decode(&comps, &vars, cattrs.extensible, &construct)
    } else {
        let steps = comps.iter().zip(&vars).map(|(c, v)| {
            let d = c.decode();
            let name = &c.name;
            quote!(let #v = ::synta::ResultExt::field(#d, #name)?;)
        });
        quote!(#(#steps)* #skip Ok(#construct))
    };

    // The DER fast path (`synta::fast`) for a SEQUENCE; a SET keeps the default (its
    // general decoder), its components being in any order.
    let fast = if set {
        quote!()
    } else {
        let steps = comps.iter().zip(&vars).map(|(c, v)| {
            let d = c.decode_fast();
            quote!(let #v = #d?;)
        });
        let skip = if cattrs.extensible {
            quote!(::synta::skip_extensions_fast(r)?;)
        } else {
            quote!()
        };
        quote! {
            const FAST_READS_ALL: bool = true;

            #[inline]
            fn decode_value_fast(
                r: &mut ::synta::FastReader<#lt>,
                _header: &::synta::FastHeader,
            ) -> ::core::option::Option<Self> {
                #(#steps)*
                #skip
                if !r.is_finished() {
                    return ::core::option::Option::None;
                }
                ::core::option::Option::Some(#construct)
            }
        }
    };

    let lens = comps.iter().map(Component::len);
    let encode = if set {
        set_encode(&comps)
    } else {
        let encs = comps.iter().map(Component::encode);
        quote!(#( #encs?; )* Ok(()))
    };

    Ok(quote! {
        impl #impl_g ::synta::FixedTag for #ident #ty_g #where_c {
            const TAG: ::synta::Tag = #tag;
        }

        impl #decode_generics ::synta::DecodeValue<#lt> for #ident #ty_g #where_c {
            #[inline]
            fn decode_value(
                r: &mut ::synta::Reader<#lt>,
                _header: &::synta::Header,
            ) -> ::synta::Result<Self> {
                let inner = |r: &mut ::synta::Reader<#lt>| -> ::synta::Result<Self> { #body };
                ::synta::ResultExt::type_name(inner(r), #type_name)
            }

            #fast
        }

        impl #impl_g ::synta::EncodeValue for #ident #ty_g #where_c {
            fn value_len(&self, rules: ::synta::Rules) -> ::synta::Result<usize> {
                let mut n = 0usize;
                #( n += #lens?; )*
                Ok(n)
            }

            fn encode_value(&self, w: &mut ::synta::Writer) -> ::synta::Result<()> {
                #encode
            }
        }
    })
}

fn set_decode(
    comps: &[Component],
    vars: &[syn::Ident],
    extensible: bool,
    construct: &TokenStream,
) -> TokenStream {
    let slots = comps.iter().zip(vars).map(|(c, v)| {
        let base = c.base();
        quote!(let mut #v: ::core::option::Option<#base> = ::core::option::Option::None;)
    });
    let arms = comps.iter().zip(vars).map(|(c, v)| {
        let accepts = c.accepts();
        let dec = c.decode_present();
        let name = &c.name;
        let cer_tag = c.order_tag_cer();
        let read = match c.reject_default_in_set() {
            None => quote!(::synta::ResultExt::field(#dec, #name)?),
            Some(reject) => quote!({
                let start = r.remaining();
                let value = ::synta::ResultExt::field(#dec, #name)?;
                ::synta::ResultExt::field(#reject, #name)?;
                value
            }),
        };
        quote! {
            if #accepts {
                if #v.is_some() {
                    return Err(::synta::duplicate_component(at).in_field(#name));
                }
                {
                    let rules = r.rules();
                    let key = if rules == ::synta::Rules::Cer { #cer_tag } else { tag };
                    order.next(key, rules, at)?;
                }
                #v = ::core::option::Option::Some(#read);
                continue;
            }
        }
    });
    let unknown = if extensible {
        quote! { order.next(tag, r.rules(), at)?; r.read_element()?; }
    } else {
        quote! { return Err(::synta::unexpected_element(tag, at)); }
    };
    let finals = comps.iter().zip(vars).map(|(c, v)| {
        let name = &c.name;
        if let Some(d) = &c.attrs.default {
            quote!(let #v = ::synta::ResultExt::field(::synta::resolve_default(end, r.rules(), #v, #d), #name)?;)
        } else if let Some(absent) = c.absent_default(&quote!(end)) {
            quote!(let #v = match #v {
                ::core::option::Option::Some(v) => v,
                ::core::option::Option::None => ::synta::ResultExt::field(#absent, #name)?,
            };)
        } else if c.inner.is_some() {
            quote!()
        } else {
            quote!(let #v = #v.ok_or_else(|| ::synta::missing_component(end).in_field(#name))?;)
        }
    });
    // Boxed (recursive) components are decoded as their base type, then boxed.
    let reboxes = comps
        .iter()
        .zip(vars)
        .filter(|(c, _)| c.unboxed.is_some())
        .map(|(c, v)| {
            if c.inner.is_some() {
                quote!(let #v = #v.map(::core::convert::From::from);)
            } else {
                quote!(let #v = ::core::convert::From::from(#v);)
            }
        });
    quote! {
        #(#slots)*
        let mut order = ::synta::SetOrder::new();
        while !r.is_finished() {
            let at = r.offset();
            let tag = match r.peek_tag()? {
                ::core::option::Option::Some(t) => t,
                ::core::option::Option::None => break,
            };
            #(#arms)*
            #unknown
        }
        let end = r.offset();
        #(#finals)*
        #(#reboxes)*
        Ok(#construct)
    }
}

fn set_encode(comps: &[Component]) -> TokenStream {
    let n = comps.len();
    let entries = comps.iter().enumerate().map(|(i, c)| {
        let dyn_tag = c.encoded_tag();
        let cer_tag = c.order_tag_cer();
        let tag = quote!(if w.rules() == ::synta::Rules::Cer { #cer_tag } else { #dyn_tag });
        let present = c.is_present();
        quote!((#tag, #i, #present))
    });
    let arms = comps.iter().enumerate().map(|(i, c)| {
        let e = c.encode();
        quote!(#i => #e?,)
    });
    quote! {
        // X.690 10.3: components in the order of the tags encoded (an untagged CHOICE by
        // its alternative's tag); CER 9.3: by the smallest tag of each component's type.
        let mut order: [(::synta::Tag, usize, bool); #n] = [#(#entries),*];
        order.sort_unstable_by_key(|e| e.0);
        for (_, i, present) in order {
            if !present {
                continue;
            }
            match i {
                #(#arms)*
                _ => {}
            }
        }
        Ok(())
    }
}
