//! Open types dispatched through object sets.
//!
//! A component constrained by a table (`ALGORITHM.&Params({Set}{@algorithm})`, or an
//! OCTET STRING `CONTAINING EXTENSION.&ExtnType({Set}{@extnID})`) stays raw in its struct
//! (zero-copy, so parsing never pays for it); the backend emits one enum per object set
//! and field, with a variant per object, and an accessor on the struct that decodes the
//! component by its key. Unknown keys give `Unknown` with the raw value. A SET OF /
//! SEQUENCE OF open values (an Attribute's `values`) gets an accessor that decodes
//! every element by the one key.
//!
//! Errors inside the value carry offsets into the whole input, as every decoding error
//! does: an `AnyRef`/`Any` keeps the offset it was read at, and the contents of an OCTET
//! STRING decode at `OctetStringRef::offset()` (an owned `OctetString` keeps it too).

use proc_macro2::{Ident, Span};
use quote::quote;

use super::values::{byte_slice, oid_contents};
use super::{names, Generator, RustName};
use crate::ir::{Component, Constructed, OpenTypeTable, Presence, TypeKind, Value};

/// How the open value is carried in its struct.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Carrier {
    /// An open type: `AnyRef` (`Option<AnyRef>` when OPTIONAL).
    Element { optional: bool },
    /// The contents of an OCTET STRING.
    Octets,
    /// The elements of a required SET OF (`SetOfVec<AnyRef>`) or SEQUENCE OF
    /// (`Vec<AnyRef>`) of open values.
    List { set: bool },
}

/// The table constraining a component, and how its value is carried.
fn table_of(c: &Component) -> Option<(&OpenTypeTable, Carrier)> {
    let optional = !matches!(c.presence, Presence::Required) || c.extension.is_some();
    if let TypeKind::OpenType { table: Some(t), .. } = &c.ty.kind {
        return Some((t, Carrier::Element { optional }));
    }
    if optional {
        return None;
    }
    if let TypeKind::SetOf(list) | TypeKind::SequenceOf(list) = &c.ty.kind {
        return match &list.element.kind {
            TypeKind::OpenType { table: Some(t), .. } if list.element.tagging.is_empty() => {
                let set = matches!(c.ty.kind, TypeKind::SetOf(_));
                Some((t, Carrier::List { set }))
            }
            _ => None,
        };
    }
    let containing =
        c.ty.constraints
            .as_ref()?
            .contents
            .as_ref()?
            .containing
            .as_ref()?;
    match (&c.ty.kind, &containing.kind) {
        (TypeKind::OctetString, TypeKind::OpenType { table: Some(t), .. }) => {
            Some((t, Carrier::Octets))
        }
        _ => None,
    }
}

impl<'ir> Generator<'ir> {
    /// Emits the enums and accessors for the table-constrained components of a struct.
    pub(super) fn open_type_accessors(
        &mut self,
        owner: &RustName,
        body: &'ir Constructed,
        owner_asn1: &str,
    ) {
        let mut methods = Vec::new();
        for c in &body.components {
            let Some((table, carrier)) = table_of(c) else {
                continue;
            };
            let key_name = table
                .key_component
                .trim_start_matches('@')
                .trim_start_matches('.')
                .rsplit('.')
                .next()
                .unwrap_or_default();
            let Some(key) = body.components.iter().find(|k| k.name == key_name) else {
                continue;
            };
            if !matches!(key.presence, Presence::Required)
                || !matches!(
                    self.resolved_kind(&key.ty),
                    Some(TypeKind::ObjectIdentifier)
                )
            {
                continue;
            }
            let field = match (&c.ty.kind, carrier) {
                (TypeKind::OpenType { field, .. }, Carrier::Element { .. }) => field.as_deref(),
                (TypeKind::SetOf(list) | TypeKind::SequenceOf(list), Carrier::List { .. }) => {
                    match &list.element.kind {
                        TypeKind::OpenType { field, .. } => field.as_deref(),
                        _ => None,
                    }
                }
                _ => {
                    c.ty.constraints
                        .as_ref()
                        .and_then(|k| k.contents.as_ref())
                        .and_then(|k| k.containing.as_ref())
                        .and_then(|t| match &t.kind {
                            TypeKind::OpenType { field, .. } => field.as_deref(),
                            _ => None,
                        })
                }
            };
            let label = format!("{owner_asn1}-{}", c.name);
            // A list's elements are open values like an Element's: one enum serves both.
            let enum_carrier = match carrier {
                Carrier::List { .. } => Carrier::Element { optional: false },
                other => other,
            };
            let Some(enum_name) = self.open_type_enum(table, field, enum_carrier, &label) else {
                continue;
            };
            let path = self.path_to(&enum_name);
            let method = names::field_name(&format!("{}-decoded", c.name));
            let value = names::field_name(&c.name);
            let key_field = names::field_name(&key.name);
            let name = c.name.as_str();
            let doc = format!(
                " `{}` decoded as the type that `{}` gives it in the object set `{}` \
                 (`Unknown` for a key outside the set).",
                c.name, key.name, table.object_set
            );
            // The accessor's return type and, for open values, the body of its
            // `_decoded_with(rules)` form.
            let (doc, ret, body) = match carrier {
                Carrier::Octets => {
                    // The contents of an OCTET STRING are an encoding of their own (DER),
                    // decoded at their offset so that errors count from the start of the
                    // whole input.
                    let ret = if self.options.mode.is_owned() {
                        path.clone()
                    } else {
                        let ident = &enum_name.ident;
                        if enum_name.module == self.current {
                            quote!(#ident<'_>)
                        } else {
                            let m = Ident::new(&enum_name.module, Span::call_site());
                            quote!(super::#m::#ident<'_>)
                        }
                    };
                    methods.push(quote! {
                        #[doc = #doc]
                        pub fn #method(&self) -> ::synta::Result<#ret> {
                            ::synta::ResultExt::field(
                                <#ret>::decode_at(
                                    &self.#key_field,
                                    self.#value.as_bytes(),
                                    self.#value.offset(),
                                ),
                                #name,
                            )
                        }
                    });
                    continue;
                }
                Carrier::Element { optional } => {
                    let arg = if optional {
                        quote!(self.#value.as_ref())
                    } else {
                        quote!(::core::option::Option::Some(&self.#value))
                    };
                    let body = quote! {
                        ::synta::ResultExt::field(
                            <#path>::decode_with(&self.#key_field, #arg, rules),
                            #name,
                        )
                    };
                    (doc, path.clone(), body)
                }
                Carrier::List { set } => {
                    let doc = format!(
                        " Each element of `{}` decoded as the type that `{}` gives it in \
                         the object set `{}` (`Unknown` for a key outside the set); an \
                         error names the element's index.",
                        c.name, key.name, table.object_set
                    );
                    let elements = if set {
                        quote!(self.#value.0.iter())
                    } else {
                        quote!(self.#value.iter())
                    };
                    let body = quote! {
                        #elements
                            .enumerate()
                            .map(|(i, v)| ::synta::ResultExt::field(
                                ::synta::ResultExt::index(
                                    <#path>::decode_with(
                                        &self.#key_field,
                                        ::core::option::Option::Some(v),
                                        rules,
                                    ),
                                    i,
                                ),
                                #name,
                            ))
                            .collect()
                    };
                    (doc, quote!(::std::vec::Vec<#path>), body)
                }
            };
            // An open value follows the rules its enclosing encoding was read with;
            // `_decoded()` is the DER case.
            let with = names::field_name(&format!("{}-decoded-with", c.name));
            let doc_with = format!("{doc} Under `rules`, those the value was read with.");
            methods.push(quote! {
                #[doc = #doc]
                pub fn #method(&self) -> ::synta::Result<#ret> {
                    self.#with(::synta::Rules::Der)
                }

                #[doc = #doc_with]
                pub fn #with(&self, rules: ::synta::Rules) -> ::synta::Result<#ret> {
                    #body
                }
            });
        }
        if methods.is_empty() {
            return;
        }
        let ident = &owner.ident;
        let generics = self.options.mode.generics(owner.lifetime);
        let doc = format!(" Open types of `{owner_asn1}`.");
        self.push_item(quote! {
            #[doc = #doc]
            impl #generics #ident #generics {
                #(#methods)*
            }
        });
    }

    /// The enum for a table.
    ///
    /// Emitted once per distinct table and carrier, and named after the first component
    /// using it (`label`, such as `Extension-extnValue`): the object set as written may
    /// be a template's dummy parameter, shared by instances with different objects.
    fn open_type_enum(
        &mut self,
        table: &'ir OpenTypeTable,
        field: Option<&str>,
        carrier: Carrier,
        label: &str,
    ) -> Option<RustName> {
        let octets = carrier == Carrier::Octets;
        let key = format!(
            "{octets}{}",
            serde_json::to_string(&(&table.rows, table.extensible, field)).ok()?
        );
        if let Some((name, _)) = self.open_type_enums.get(&key) {
            return Some(name.clone());
        }
        let base = label.to_string();
        let ident =
            self.take_type_name(&self.current.clone(), &names::type_name(&base).to_string());
        let mode = self.options.mode;
        let name = RustName {
            module: self.current.clone(),
            ident: ident.clone(),
            lifetime: !mode.is_owned(),
        };
        // A raw value kept in `Unknown`: copied out of the struct in owned mode.
        let keep = if mode.is_owned() {
            quote!(v.clone())
        } else {
            quote!(*v)
        };
        let keep_octets = if mode.is_owned() {
            quote!(value.to_vec())
        } else {
            quote!(value)
        };
        self.open_type_enums.insert(key, (name.clone(), octets));

        let mut taken = std::collections::HashSet::new();
        let mut seen_keys = std::collections::HashSet::new();
        let mut variants = Vec::new();
        let mut arms = Vec::new();
        // Whether any arm decodes (and so reads `rules` or `offset`).
        let mut typed = false;
        for (i, row) in table.rows.iter().enumerate() {
            let Value::ObjectIdentifier(dotted) = &row.key else {
                continue;
            };
            let Some(bytes) = oid_contents(dotted) else {
                continue;
            };
            if !seen_keys.insert(bytes.clone()) {
                continue;
            }
            let label = row
                .object
                .as_ref()
                .map_or_else(|| format!("row-{i}"), |o| o.name.clone());
            let v = super::take(&mut taken, &names::type_name(&label).to_string());
            let pattern = byte_slice(&bytes);
            let doc = format!(" `{label}` ({dotted}).");
            match &row.ty {
                Some(t) => {
                    let ty = self.type_expr(t, &format!("{base}-{label}"), 0);
                    variants.push(quote!(#[doc = #doc] #v(#ty)));
                    typed = true;
                    arms.push(match carrier {
                        Carrier::Octets => quote! {
                            #pattern => ::synta::decode_at(value, offset, ::synta::Rules::Der).map(Self::#v),
                        },
                        Carrier::Element { .. } | Carrier::List { .. } => quote! {
                            #pattern => match value {
                                ::core::option::Option::Some(v) => v.decode_as(rules).map(Self::#v),
                                ::core::option::Option::None => Ok(Self::Absent),
                            },
                        },
                    });
                }
                None => {
                    variants.push(quote!(#[doc = #doc] #v));
                    arms.push(match carrier {
                        Carrier::Octets => quote!(#pattern => Ok(Self::Unknown(#keep_octets)),),
                        Carrier::Element { .. } | Carrier::List { .. } => quote! {
                            #pattern => match value {
                                ::core::option::Option::Some(v) => Ok(Self::Unknown(#keep)),
                                ::core::option::Option::None => Ok(Self::#v),
                            },
                        },
                    });
                }
            }
        }
        let any = mode.any();
        let unknown_octets = mode.unknown_octets();
        let (extra, value_ty, fallback) = match carrier {
            Carrier::Octets => (
                quote! {
                    #[doc = " A key outside the object set: the contents octets."]
                    Unknown(#unknown_octets)
                },
                if mode.is_owned() {
                    quote!(&[u8])
                } else {
                    quote!(&'a [u8])
                },
                quote!(_ => Ok(Self::Unknown(#keep_octets)),),
            ),
            Carrier::Element { .. } | Carrier::List { .. } => (
                quote! {
                    #[doc = " The component is absent."]
                    Absent,
                    #[doc = " A key outside the object set, or a value its object does not define."]
                    Unknown(#any)
                },
                quote!(::core::option::Option<&#any>),
                quote!(_ => Ok(match value {
                    ::core::option::Option::Some(v) => Self::Unknown(#keep),
                    ::core::option::Option::None => Self::Absent,
                }),),
            ),
        };
        let doc = format!(
            " The values of `{}` for the objects of `{}`, keyed by `{}`.",
            field.unwrap_or("the open type"),
            table.object_set,
            table.key_field
        );
        let generics = mode.generics(true);
        let oid_key = mode.oid_key();
        let decoders = match carrier {
            Carrier::Octets => {
                let offset = if typed {
                    quote!(offset)
                } else {
                    quote!(_offset)
                };
                quote! {
                    /// Decodes `value` as the type the object set gives `key` (DER); error
                    /// offsets count from the start of `value`.
                    pub fn decode(key: &#oid_key, value: #value_ty) -> ::synta::Result<Self> {
                        Self::decode_at(key, value, 0)
                    }

                    /// [`Self::decode`] for a `value` found at absolute offset `offset` of a
                    /// larger input (the OCTET STRING's `offset()`): error offsets count
                    /// from the start of that input.
                    pub fn decode_at(key: &#oid_key, value: #value_ty, #offset: usize) -> ::synta::Result<Self> {
                        match key.as_bytes() {
                            #(#arms)*
                            #fallback
                        }
                    }
                }
            }
            // An open value is part of its enclosing encoding, so it follows the rules
            // that encoding was read with (`decode_with`); `decode` is the DER case.
            Carrier::Element { .. } | Carrier::List { .. } => {
                let rules = if typed { quote!(rules) } else { quote!(_rules) };
                quote! {
                    /// Decodes `value` as the type the object set gives `key` (DER).
                    pub fn decode(key: &#oid_key, value: #value_ty) -> ::synta::Result<Self> {
                        Self::decode_with(key, value, ::synta::Rules::Der)
                    }

                    /// Decodes `value` as the type the object set gives `key` under `rules`,
                    /// those the enclosing value was read with.
                    pub fn decode_with(
                        key: &#oid_key,
                        value: #value_ty,
                        #rules: ::synta::Rules,
                    ) -> ::synta::Result<Self> {
                        match key.as_bytes() {
                            #(#arms)*
                            #fallback
                        }
                    }
                }
            }
        };
        self.push_item(quote! {
            #[doc = #doc]
            #[derive(Debug, Clone, PartialEq)]
            pub enum #ident #generics {
                #(#variants,)*
                #extra
            }

            impl #generics #ident #generics {
                #decoders
            }
        });
        Some(name)
    }
}
