//! `#[derive(Enumerated)]`.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Data, DeriveInput, Fields};

use crate::attrs;

pub fn expand(input: &DeriveInput) -> syn::Result<TokenStream> {
    let Data::Enum(data) = &input.data else {
        return Err(syn::Error::new_spanned(input, "expected an enum"));
    };
    let cattrs = attrs::container(&input.attrs)?;
    let ident = &input.ident;
    let type_name = cattrs.name.clone().unwrap_or_else(|| ident.to_string());
    let mut arms = Vec::new();
    let mut rev = Vec::new();
    let mut fallback = None;
    for v in &data.variants {
        let name = &v.ident;
        // One `Variant(i64)` holds values added in later versions of an extensible type.
        if let Fields::Unnamed(f) = &v.fields {
            if f.unnamed.len() == 1 && fallback.is_none() && cattrs.extensible {
                fallback = Some(name.clone());
                rev.push(quote!(Self::#name(n) => *n,));
                continue;
            }
        }
        if !matches!(v.fields, Fields::Unit) {
            return Err(syn::Error::new_spanned(
                v,
                "ENUMERATED variants have no fields (an extensible one may have one `Name(i64)`)",
            ));
        }
        let Some((_, disc)) = &v.discriminant else {
            return Err(syn::Error::new_spanned(
                v,
                "ENUMERATED variants need an explicit value (`A = 0`)",
            ));
        };
        arms.push(quote!(x if x == (#disc) as i64 => Ok(Self::#name),));
        rev.push(quote!(Self::#name => (#disc) as i64,));
    }
    let unknown = match &fallback {
        Some(name) => quote!(x => {
            let _ = at;
            Ok(Self::#name(x))
        }),
        None => quote!(_ => Err(::synta::Error::new(
            ::synta::ErrorKind::InvalidValue("unknown ENUMERATED value"),
            at,
        )
        .in_type(#type_name)),),
    };
    Ok(quote! {
        impl ::synta::FixedTag for #ident {
            const TAG: ::synta::Tag = ::synta::Tag::ENUMERATED;
        }

        impl<'__synta> ::synta::DecodeValue<'__synta> for #ident {
            fn decode_value(
                r: &mut ::synta::Reader<'__synta>,
                h: &::synta::Header,
            ) -> ::synta::Result<Self> {
                let at = r.offset();
                let v = <::synta::Enumerated as ::synta::DecodeValue>::decode_value(r, h)?;
                match v.0 {
                    #(#arms)*
                    #unknown
                }
            }
        }

        impl ::synta::EncodeValue for #ident {
            fn value_len(&self, rules: ::synta::Rules) -> ::synta::Result<usize> {
                ::synta::EncodeValue::value_len(&::synta::Enumerated(self.number()), rules)
            }

            fn encode_value(&self, w: &mut ::synta::Writer) -> ::synta::Result<()> {
                ::synta::EncodeValue::encode_value(&::synta::Enumerated(self.number()), w)
            }
        }

        impl #ident {
            /// The ENUMERATED number of this value.
            #[must_use]
            pub fn number(&self) -> i64 {
                match self { #(#rev)* }
            }
        }
    })
}
