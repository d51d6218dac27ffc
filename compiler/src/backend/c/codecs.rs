//! From IR types to view models: which codec reads each value, its tags, presence test
//! and constraint checks, and the named / inline types they need.

use num_traits::ToPrimitive;

use super::model::{
    CheckVm, DefaultVm, DefineVm, FieldVm, LayerVm, OidVm, OpenTypeVm, RowVm, Shape, TypeVm,
};
use super::{names, Generator};
use crate::backend::rust::values::oid_contents;
use crate::ir::{
    Component, Constructed, IntegerRepr, NamedNumber, Presence, StringKind, Tag, TagClass, TagMode,
    TimeKind, Type, TypeKind, Value,
};

/// How one (untagged) value is read and written.
#[derive(Debug, Clone)]
struct Codec {
    /// The C type holding the value.
    c_type: String,
    /// The function prefix (`<codec>_decode`, `<codec>_encode`).
    codec: String,
    /// The value's own outermost tag; `None` for an untagged CHOICE or open type.
    tag: Option<Tag>,
    /// For a CHOICE: the function telling whether a tag starts one of its alternatives.
    accepts: Option<String>,
    /// Kept raw and checked by decoding into this type.
    validate_as: Option<String>,
    /// Kept raw (lazy, recursive or across an include cycle): no constraint checks but
    /// the SIZE of a lazy list (`raw_list_checks`).
    raw: bool,
    /// Kept raw by choice (lazy): the type that decodes it on demand.
    lazy_type: Option<String>,
    /// A type of the generated code (held by value): it has its own `_validate`.
    generated: bool,
}

impl Codec {
    fn runtime(c_type: &str, codec: &str, tag: Option<Tag>) -> Codec {
        Codec {
            c_type: c_type.to_string(),
            codec: codec.to_string(),
            tag,
            accepts: None,
            validate_as: None,
            raw: false,
            lazy_type: None,
            generated: false,
        }
    }
}

/// Where a value lives relative to its container.
pub(super) enum Slot<'s> {
    /// A SEQUENCE / SET member.
    Member(&'s str),
    /// A CHOICE alternative (in the union `u`).
    Alternative(&'s str),
    /// A list element (the local `item`).
    Element,
    /// An alias's whole value (`out` / `in`).
    Whole,
}

fn universal(number: u32, constructed: bool) -> Tag {
    Tag {
        class: TagClass::Universal,
        number,
        constructed,
    }
}

/// The universal tag of a built-in type.
fn builtin_tag(kind: &TypeKind) -> Option<Tag> {
    Some(match kind {
        TypeKind::Boolean => universal(1, false),
        TypeKind::Integer { .. } => universal(2, false),
        TypeKind::BitString { .. } => universal(3, false),
        TypeKind::OctetString => universal(4, false),
        TypeKind::Null => universal(5, false),
        TypeKind::ObjectIdentifier => universal(6, false),
        TypeKind::External | TypeKind::InstanceOf { .. } => universal(8, true),
        TypeKind::Real => universal(9, false),
        TypeKind::Enumerated { .. } => universal(10, false),
        TypeKind::EmbeddedPdv => universal(11, true),
        TypeKind::RelativeOid => universal(13, false),
        TypeKind::Sequence(_) | TypeKind::SequenceOf(_) => universal(16, true),
        TypeKind::Set(_) | TypeKind::SetOf(_) => universal(17, true),
        TypeKind::CharacterString => universal(29, true),
        TypeKind::OidIri => universal(35, false),
        TypeKind::RelativeOidIri => universal(36, false),
        TypeKind::String { string } => universal(string_tag(*string), false),
        TypeKind::Time { time } => universal(
            match time {
                TimeKind::UTCTime => 23,
                TimeKind::GeneralizedTime => 24,
                TimeKind::DATE => 31,
                TimeKind::TimeOfDay => 32,
                TimeKind::DateTime => 33,
                TimeKind::DURATION => 34,
                TimeKind::TIME => 14,
            },
            false,
        ),
        TypeKind::Choice(_) | TypeKind::OpenType { .. } | TypeKind::Reference { .. } => {
            return None
        }
    })
}

fn string_tag(kind: StringKind) -> u32 {
    match kind {
        StringKind::UTF8String => 12,
        StringKind::NumericString => 18,
        StringKind::PrintableString => 19,
        StringKind::TeletexString => 20,
        StringKind::VideotexString => 21,
        StringKind::IA5String => 22,
        StringKind::GraphicString => 25,
        StringKind::VisibleString => 26,
        StringKind::GeneralString => 27,
        StringKind::UniversalString => 28,
        StringKind::BMPString => 30,
        StringKind::ObjectDescriptor => 7,
    }
}

fn string_codec(kind: StringKind) -> &'static str {
    match kind {
        StringKind::UTF8String => "synta_gen_utf8",
        StringKind::NumericString => "synta_gen_numeric",
        StringKind::PrintableString => "synta_gen_printable",
        StringKind::TeletexString => "synta_gen_teletex",
        StringKind::VideotexString => "synta_gen_videotex",
        StringKind::IA5String => "synta_gen_ia5",
        StringKind::GraphicString => "synta_gen_graphic",
        StringKind::VisibleString => "synta_gen_visible",
        StringKind::GeneralString => "synta_gen_general",
        StringKind::UniversalString => "synta_gen_universal",
        StringKind::BMPString => "synta_gen_bmp",
        StringKind::ObjectDescriptor => "synta_gen_objdesc",
    }
}

/// A tag as a C expression.
pub(super) fn tag_expr(tag: &Tag) -> String {
    let class = match tag.class {
        TagClass::Universal => {
            let c = if tag.constructed {
                " | SYNTA_CONSTRUCTED"
            } else {
                ""
            };
            return format!("(0x{:02X}u{c})", tag.number);
        }
        TagClass::Context => {
            return if tag.constructed {
                format!("SYNTA_CONTEXT_CONSTRUCTED({})", tag.number)
            } else {
                format!("SYNTA_CONTEXT({})", tag.number)
            };
        }
        TagClass::Application => "SYNTA_CLASS_APPLICATION",
        TagClass::Private => "SYNTA_CLASS_PRIVATE",
    };
    let c = if tag.constructed {
        " | SYNTA_CONSTRUCTED"
    } else {
        ""
    };
    format!("({class}{c} | {}u)", tag.number)
}

fn integer_codec(repr: IntegerRepr) -> (&'static str, &'static str) {
    match repr {
        IntegerRepr::U8 => ("uint8_t", "synta_gen_u8"),
        IntegerRepr::U16 => ("uint16_t", "synta_gen_u16"),
        IntegerRepr::U32 => ("uint32_t", "synta_gen_u32"),
        IntegerRepr::U64 => ("uint64_t", "synta_gen_u64"),
        IntegerRepr::I8 => ("int8_t", "synta_gen_i8"),
        IntegerRepr::I16 => ("int16_t", "synta_gen_i16"),
        IntegerRepr::I32 => ("int32_t", "synta_gen_i32"),
        IntegerRepr::I64 => ("int64_t", "synta_gen_i64"),
        IntegerRepr::Big => ("synta_span", "synta_gen_int"),
    }
}

impl<'ir> Generator<'ir> {
    /// The codec of `ty` without the tags written on it; inline types are emitted
    /// (named after `hint`) as a side effect.
    fn codec(&mut self, ty: &'ir Type, hint: &str) -> Codec {
        let tag = builtin_tag(&ty.kind);
        let lazy_instance = ty
            .instance
            .as_ref()
            .is_some_and(|i| self.is_lazy(&i.template.name, &i.template.module));
        if lazy_instance && !matches!(ty.kind, TypeKind::Reference { .. }) {
            // An expansion of a lazy template: kept raw, decoded on demand with the
            // instance's own functions (still generated).
            let name = self.inline_type(ty, hint);
            return Codec {
                raw: true,
                lazy_type: Some(name),
                ..Codec::runtime("synta_span", "synta_gen_lazy", tag)
            };
        }
        match &ty.kind {
            TypeKind::Boolean => Codec::runtime("int", "synta_gen_bool", tag),
            TypeKind::Null => Codec::runtime("synta_null_t", "synta_gen_null", tag),
            TypeKind::Integer { repr, .. } => {
                let (c, f) = integer_codec(*repr);
                Codec::runtime(c, f, tag)
            }
            TypeKind::Real => Codec::runtime("synta_span", "synta_gen_real", tag),
            TypeKind::BitString { .. } => Codec::runtime("synta_bit_string", "synta_gen_bits", tag),
            TypeKind::OctetString => Codec::runtime("synta_span", "synta_gen_octets", tag),
            TypeKind::ObjectIdentifier => Codec::runtime("synta_span", "synta_gen_oid", tag),
            TypeKind::RelativeOid => Codec::runtime("synta_span", "synta_gen_roid", tag),
            TypeKind::String { string } => Codec::runtime("synta_span", string_codec(*string), tag),
            TypeKind::Time {
                time: TimeKind::UTCTime,
            } => Codec::runtime("synta_time", "synta_gen_utctime", tag),
            TypeKind::Time {
                time: TimeKind::GeneralizedTime,
            } => Codec::runtime("synta_time", "synta_gen_gentime", tag),
            TypeKind::Time { .. }
            | TypeKind::OidIri
            | TypeKind::RelativeOidIri
            | TypeKind::External
            | TypeKind::EmbeddedPdv
            | TypeKind::CharacterString => Codec::runtime("synta_span", "synta_gen_contents", tag),
            TypeKind::InstanceOf { .. } => Codec::runtime("synta_span", "synta_gen_elements", tag),
            TypeKind::OpenType { .. } => Codec::runtime("synta_span", "synta_gen_any", None),
            TypeKind::Sequence(_)
            | TypeKind::Set(_)
            | TypeKind::Choice(_)
            | TypeKind::Enumerated { .. }
            | TypeKind::SequenceOf(_)
            | TypeKind::SetOf(_) => {
                let name = self.inline_type(ty, hint);
                let accepts =
                    matches!(ty.kind, TypeKind::Choice(_)).then(|| format!("{name}_accepts"));
                Codec {
                    c_type: name.clone(),
                    codec: name,
                    tag,
                    accepts,
                    validate_as: None,
                    raw: false,
                    lazy_type: None,
                    generated: true,
                }
            }
            TypeKind::Reference { target } => self.reference_codec(ty, target),
        }
    }

    fn reference_codec(&mut self, ty: &'ir Type, target: &crate::ir::QualifiedName) -> Codec {
        let Some(name) = self.names.get(target).cloned() else {
            // A module left out of the compilation: keep the element raw.
            return Codec::runtime("synta_span", "synta_gen_any", None);
        };
        let target_ty = self.definition_type(target);
        let tag = target_ty.and_then(|t| t.tag);
        let is_choice = target_ty.is_some_and(|t| {
            t.tagging.is_empty() && matches!(self.resolved_kind(t), Some(TypeKind::Choice(_)))
        });
        let accepts = is_choice.then(|| format!("{name}_accepts"));
        let lazy = match &ty.instance {
            Some(inst) => self.is_lazy(&inst.template.name, &inst.template.module),
            None => self.is_lazy(&target.name, &target.module),
        } || self.is_lazy(&target.name, &target.module);
        let recursive = self.recursive.contains(target);
        let by_value = !lazy && !recursive;
        let included = self.use_module(&target.module, by_value);
        if by_value && included {
            self.ensure(target);
            return Codec {
                c_type: name.clone(),
                codec: name,
                tag,
                accepts,
                validate_as: None,
                raw: false,
                lazy_type: None,
                generated: true,
            };
        }
        Codec {
            c_type: "synta_span".to_string(),
            // A lazy value is framed before its tag is compared (as the Rust Lazy); one
            // kept raw for recursion is read as its type: tag first.
            codec: if lazy {
                "synta_gen_lazy"
            } else {
                "synta_gen_raw"
            }
            .to_string(),
            tag,
            accepts,
            lazy_type: lazy.then(|| name.clone()),
            validate_as: (!lazy).then_some(name),
            raw: true,
            generated: false,
        }
    }

    /// The name used in error messages: the C name without the module prefix.
    pub(super) fn label(&self, c_name: &str) -> String {
        c_name
            .strip_prefix(&format!("{}_", self.vm.stem))
            .unwrap_or(c_name)
            .to_string()
    }

    /// The kind of `ty` after following references.
    pub(super) fn resolved_kind<'t>(&'t self, ty: &'t Type) -> Option<&'t TypeKind> {
        let mut current = ty;
        for _ in 0..64 {
            match &current.kind {
                TypeKind::Reference { target } => current = self.definition_type(target)?,
                kind => return Some(kind),
            }
        }
        None
    }

    /// Names and emits an inline SEQUENCE / SET / CHOICE / ENUMERATED / SEQUENCE OF,
    /// sharing identical expansions within the module.
    fn inline_type(&mut self, ty: &'ir Type, hint: &str) -> String {
        let key = serde_json::to_string(&(&ty.kind, &ty.constraints, &ty.instance)).ok();
        if let Some(found) = key.as_ref().and_then(|k| self.inline.get(k)) {
            return found.clone();
        }
        let base = match &ty.instance {
            Some(inst) => format!(
                "{}_{}",
                self.vm.stem,
                names::ident(&crate::backend::rust::names::instance_name(
                    &inst.template.name,
                    &inst.arguments
                ))
            ),
            None => hint.to_string(),
        };
        let name = self.take(&base);
        if let Some(k) = key {
            self.inline.insert(k, name.clone());
        }
        let doc = match &ty.instance {
            Some(inst) => vec![format!(
                "{}{{{}}}: an instance of the parameterized type {} (module {}).",
                inst.template.name,
                super::comment_safe(&inst.arguments.join(", ")),
                inst.template.name,
                inst.template.module
            )],
            None => vec![format!("An inline type of {}.", hint)],
        };
        self.body_type(&name, ty, builtin_tag(&ty.kind), doc);
        name
    }

    /// A named type definition: its body, or an alias over its tags.
    pub(super) fn named_type(&mut self, name: &str, ty: &'ir Type, doc: Vec<String>) {
        let constructed = matches!(
            ty.kind,
            TypeKind::Sequence(_)
                | TypeKind::Set(_)
                | TypeKind::Choice(_)
                | TypeKind::Enumerated { .. }
                | TypeKind::SequenceOf(_)
                | TypeKind::SetOf(_)
        );
        let explicit = ty.tagging.iter().any(|t| t.mode == TagMode::Explicit);
        if constructed && !explicit {
            // Only IMPLICIT tags: the body itself, read under the outer tag.
            self.body_type(name, ty, ty.tag, doc);
        } else {
            self.alias_type(name, ty, doc);
        }
    }

    /// A typedef of another codec, with the type's own tags and constraints.
    fn alias_type(&mut self, name: &str, ty: &'ir Type, doc: Vec<String>) {
        let item = self.field(ty, &format!("{name}_untagged"), name, Slot::Whole, true);
        let value_type = item.c_type.clone();
        let mut defines = Vec::new();
        named_defines(&mut defines, name, &ty.kind);
        let max_size = max_size(ty);
        let tag = ty.tag.as_ref().map_or_else(|| "0".to_string(), tag_expr);
        self.push_type(TypeVm {
            label: self.label(name),
            macro_name: names::macro_name(name),
            name: name.to_string(),
            doc,
            shape: Shape::Alias,
            tag,
            fields: Vec::new(),
            extensible: false,
            item: Some(item),
            set_of: false,
            defines,
            enum_values: Vec::new(),
            max_size,
            value_type,
            own_checks: Vec::new(),
            open_types: Vec::new(),
        });
    }

    /// A SEQUENCE / SET / CHOICE / ENUMERATED / list body read under `tag`.
    fn body_type(&mut self, name: &str, ty: &'ir Type, tag: Option<Tag>, doc: Vec<String>) {
        let tag = tag.as_ref().map_or_else(|| "0".to_string(), tag_expr);
        let mut vm = TypeVm {
            label: self.label(name),
            name: name.to_string(),
            macro_name: names::macro_name(name),
            doc,
            shape: Shape::Alias,
            tag,
            fields: Vec::new(),
            extensible: false,
            item: None,
            set_of: false,
            defines: Vec::new(),
            enum_values: Vec::new(),
            max_size: max_size(ty),
            value_type: String::new(),
            own_checks: Vec::new(),
            open_types: Vec::new(),
        };
        match &ty.kind {
            TypeKind::Sequence(c) | TypeKind::Set(c) | TypeKind::Choice(c) => {
                vm.shape = match ty.kind {
                    TypeKind::Sequence(_) => Shape::Sequence,
                    TypeKind::Set(_) => Shape::Set,
                    _ => Shape::Choice,
                };
                vm.extensible = c.extensible;
                vm.fields = self.components(name, c, vm.shape == Shape::Choice);
                if vm.shape != Shape::Choice {
                    vm.open_types = self.open_types(name, c, &vm.fields);
                }
            }
            TypeKind::SequenceOf(c) | TypeKind::SetOf(c) => {
                vm.shape = Shape::List;
                vm.set_of = matches!(ty.kind, TypeKind::SetOf(_));
                let hint = format!(
                    "{name}_{}",
                    names::ident(c.element_name.as_deref().unwrap_or("item"))
                );
                let item = self.field(&c.element, &hint, name, Slot::Element, false);
                vm.value_type = item.c_type.clone();
                vm.item = Some(item);
                vm.own_checks = self.checks(ty, "out", "in");
            }
            TypeKind::Enumerated {
                items,
                extensible,
                additions,
            } => {
                vm.value_type = "int64_t".to_string();
                vm.item = Some(whole_value("synta_gen_enum", "int64_t", &vm.label));
                named_defines(&mut vm.defines, name, &ty.kind);
                if !extensible {
                    vm.enum_values = items
                        .iter()
                        .chain(additions)
                        .map(|i| i64_literal(i.value))
                        .collect();
                }
            }
            _ => {}
        }
        self.push_type(vm);
    }

    fn components(&mut self, parent: &str, c: &'ir Constructed, choice: bool) -> Vec<FieldVm> {
        let mut out = Vec::new();
        let mut taken = std::collections::HashSet::new();
        for comp in &c.components {
            let mut member = names::ident(&comp.name);
            while !taken.insert(member.clone()) {
                member.push('_');
            }
            let hint = format!("{parent}_{member}");
            let slot = if choice {
                Slot::Alternative(&member)
            } else {
                Slot::Member(&member)
            };
            let mut f = self.field(&comp.ty, &hint, parent, slot, false);
            f.label = format!("{}.{}", self.label(parent), comp.name);
            self.presence(&mut f, comp);
            out.push(f);
        }
        out
    }

    /// The dispatch tables of a SEQUENCE / SET's open-type members keyed by a sibling
    /// OBJECT IDENTIFIER (`@algorithm`, `@.extnID`); others stay raw only.
    fn open_types(
        &mut self,
        parent: &str,
        c: &'ir Constructed,
        fields: &[FieldVm],
    ) -> Vec<OpenTypeVm> {
        let mut out = Vec::new();
        for (comp, field) in c.components.iter().zip(fields) {
            let (table, contents) = match (&comp.ty.kind, comp.ty.constraints.as_deref()) {
                (TypeKind::OpenType { table: Some(t), .. }, _) => (t, false),
                (TypeKind::OctetString, Some(cons)) => match cons
                    .contents
                    .as_ref()
                    .and_then(|k| k.containing.as_deref())
                    .map(|t| &t.kind)
                {
                    Some(TypeKind::OpenType { table: Some(t), .. }) => (t, true),
                    _ => continue,
                },
                _ => continue,
            };
            let key_name = table
                .key_component
                .trim_start_matches('@')
                .trim_start_matches('.');
            let Some(key) = c
                .components
                .iter()
                .zip(fields)
                .find(|(k, _)| k.name == key_name)
                .map(|(_, f)| f)
            else {
                continue;
            };
            if key.c_type != "synta_span" || !key.layers.is_empty() {
                continue;
            }
            let name = format!("{parent}_{}", field.name);
            let mut rows: Vec<RowVm> = Vec::new();
            for (i, row) in table.rows.iter().enumerate() {
                let (Value::ObjectIdentifier(dotted), Some(ty)) = (&row.key, &row.ty) else {
                    continue;
                };
                let Some(bytes) = oid_contents(dotted) else {
                    continue;
                };
                if !ty.tagging.is_empty() || rows.iter().any(|r| r.dotted == *dotted) {
                    continue;
                }
                let mut member = row
                    .object
                    .as_ref()
                    .map_or_else(|| format!("row{i}"), |o| names::ident(&o.name));
                while rows.iter().any(|r| r.name == member) {
                    member.push('_');
                }
                let codec = self.codec(ty, &format!("{name}_{member}"));
                if codec.raw && codec.validate_as.is_some() {
                    // Kept raw to break a cycle: not embeddable by value.
                    continue;
                }
                rows.push(RowVm {
                    name: member,
                    tag: codec.tag.as_ref().map_or_else(|| "0".to_string(), tag_expr),
                    c_type: codec.c_type,
                    codec: codec.codec,
                    key: c_octets_literal(&bytes),
                    key_len: bytes.len(),
                    dotted: dotted.clone(),
                });
            }
            if rows.is_empty() {
                continue;
            }
            out.push(OpenTypeVm {
                macro_name: names::macro_name(&name),
                name,
                member: field.name.clone(),
                key: key.name.clone(),
                optional: field.optional,
                holds: if contents {
                    "its contents octets"
                } else {
                    "its encoding"
                },
                object_set: super::comment_safe(&table.object_set),
                rows,
            });
        }
        out
    }

    fn presence(&self, f: &mut FieldVm, comp: &Component) {
        f.extension = comp.extension.is_some();
        // A DEFAULT's constant has the type behind any typedef (`Version` is a span).
        let base_type = match self.resolved_kind(&comp.ty) {
            Some(TypeKind::Integer { repr, .. }) if f.validate_as.is_none() => {
                integer_codec(*repr).0.to_string()
            }
            Some(TypeKind::Boolean) => "int".to_string(),
            Some(TypeKind::Enumerated { .. }) => "int64_t".to_string(),
            _ => f.c_type.clone(),
        };
        match &comp.presence {
            Presence::Required => f.optional = f.extension,
            Presence::Optional => f.optional = true,
            Presence::Default(v) => match default_constant(v, &base_type) {
                Some(value) => {
                    let eq = |p: &str| {
                        if base_type == "synta_span" {
                            format!("synta_span_eq(*({p}), {value}.data, {value}.len)")
                        } else {
                            format!("*({p}) == {value}")
                        }
                    };
                    f.default_value = Some(DefaultVm {
                        eq_decoded: eq(&f.dst),
                        eq_encoded: eq(&f.src),
                        value,
                    });
                }
                None => f.optional = true,
            },
        }
    }

    /// The view model of one value of type `ty` in `slot`. `own_tag` makes the
    /// outermost tag the `tag` parameter of the enclosing function (aliases).
    fn field(
        &mut self,
        ty: &'ir Type,
        hint: &str,
        parent: &str,
        slot: Slot<'_>,
        own_tag: bool,
    ) -> FieldVm {
        let codec = self.codec(ty, hint);
        // Tags from the innermost (the value's own) outwards.
        let mut inner_tag = codec.tag;
        let mut layers: Vec<Tag> = Vec::new();
        for applied in ty.tagging.iter().rev() {
            let tag = Tag {
                class: applied.class,
                number: applied.number,
                constructed: true,
            };
            match applied.mode {
                TagMode::Explicit => layers.insert(0, tag),
                TagMode::Implicit => match layers.first_mut() {
                    Some(outer) => *outer = tag,
                    None => {
                        let constructed = inner_tag.is_none_or(|t| t.constructed);
                        inner_tag = Some(Tag { constructed, ..tag });
                    }
                },
            }
        }
        let mut layer_tags: Vec<String> = layers.iter().map(tag_expr).collect();
        let mut inner = inner_tag.as_ref().map_or_else(|| "0".to_string(), tag_expr);
        // A string's element may come constructed (BER segments): it is still this
        // component (and then refused by the codec, which reads primitive strings only),
        // not an unknown addition to skip.
        let segmentable = !codec.raw
            && matches!(
                self.resolved_kind(ty),
                Some(
                    TypeKind::OctetString
                        | TypeKind::BitString { .. }
                        | TypeKind::String { .. }
                        | TypeKind::Time { .. }
                )
            );
        let test = match (layer_tags.first(), &inner_tag, &codec.accepts) {
            (Some(t), _, _) => format!("t == {t}"),
            (None, Some(_), _) if segmentable => {
                format!("(t | SYNTA_CONSTRUCTED) == ({inner} | SYNTA_CONSTRUCTED)")
            }
            (None, Some(_), _) => format!("t == {inner}"),
            (None, None, Some(f)) => format!("{f}(t)"),
            (None, None, None) => "1".to_string(),
        };
        if own_tag {
            match layer_tags.first_mut() {
                Some(t) => *t = "tag".to_string(),
                None => inner = "tag".to_string(),
            }
        }
        let layers: Vec<LayerVm> = layer_tags
            .into_iter()
            .enumerate()
            .map(|(i, tag)| LayerVm {
                dvar: format!("l{i}"),
                dparent: if i == 0 {
                    "c".to_string()
                } else {
                    format!("&l{}", i - 1)
                },
                evar: format!("e{i}"),
                eparent: if i == 0 {
                    "b".to_string()
                } else {
                    format!("&e{}", i - 1)
                },
                tag,
            })
            .collect();
        let (dinner, einner) = match layers.last() {
            Some(l) => (format!("&{}", l.dvar), format!("&{}", l.evar)),
            None => ("c".to_string(), "b".to_string()),
        };
        let (name, dst, src) = match slot {
            Slot::Member(m) => (m.to_string(), format!("&out->{m}"), format!("&in->{m}")),
            Slot::Alternative(m) => (m.to_string(), format!("&out->u.{m}"), format!("&in->u.{m}")),
            Slot::Element => ("item".to_string(), "&item".to_string(), "&item".to_string()),
            Slot::Whole => ("value".to_string(), "out".to_string(), "in".to_string()),
        };
        let checks = if codec.raw {
            Vec::new()
        } else {
            self.checks(ty, &dst, &src)
        };
        let raw_checks = if codec.lazy_type.is_some() {
            self.raw_list_checks(ty, &dst)
        } else {
            Vec::new()
        };
        let raw_accepts = codec.lazy_type.as_ref().and(codec.accepts.clone());
        let note = codec
            .lazy_type
            .as_ref()
            .map(|t| format!("raw TLV, decoded on demand with {t}_parse"));
        let nested_validate = codec.generated.then(|| codec.codec.clone());
        FieldVm {
            note,
            label: self.label(parent),
            name,
            dst,
            src,
            c_type: codec.c_type,
            codec: codec.codec,
            layers,
            dinner,
            einner,
            inner_tag: inner,
            test,
            optional: false,
            default_value: None,
            extension: false,
            nested_validate,
            validate_as: codec.validate_as,
            checks,
            raw_checks,
            raw_accepts,
        }
    }

    /// The SIZE check of a list kept raw (lazy), made when the enclosing value is decoded
    /// as the Rust runtime checks a `Lazy` list: the constraints written on it and,
    /// through references to untagged definitions, on the types it names, intersected;
    /// the elements are framed, not decoded (`synta_gen_raw_size_ok`).
    fn raw_list_checks(&self, ty: &Type, dst: &str) -> Vec<CheckVm> {
        let (mut min, mut max, mut text) = (0u64, None::<u64>, Vec::new());
        let mut current = ty;
        for _ in 0..64 {
            let Some(kind) = self.resolved_kind(current) else {
                break;
            };
            if let (Some(c), TypeKind::SequenceOf(_) | TypeKind::SetOf(_)) =
                (&current.constraints, kind)
            {
                if let (false, Some(r)) = (c.extensible, &c.size) {
                    min = min.max(r.min.as_ref().and_then(|v| v.0.to_u64()).unwrap_or(0));
                    if let Some(m) = r.max.as_ref().and_then(|v| v.0.to_u64()) {
                        max = Some(max.map_or(m, |x: u64| x.min(m)));
                    }
                    text.push(c_text(&c.text));
                }
            }
            let TypeKind::Reference { target } = &current.kind else {
                break;
            };
            match self.definition_type(target) {
                // A tagged definition is a wrapper the runtime does not measure.
                Some(next) if next.tagging.is_empty() => current = next,
                _ => break,
            }
        }
        if text.is_empty() {
            return Vec::new();
        }
        let max = max.map_or_else(|| "UINT64_MAX".to_string(), |m| format!("UINT64_C({m})"));
        vec![CheckVm {
            ok_decoded: format!(
                "synta_gen_raw_size_ok(*({dst}), c->ctx->rules, UINT64_C({min}), {max})"
            ),
            ok_encoded: String::new(),
            text: text.join(" "),
        }]
    }

    /// Checks of the SIZE and value constraints written on `ty` (not extensible ones).
    fn checks(&self, ty: &Type, dst: &str, src: &str) -> Vec<CheckVm> {
        let Some(c) = ty.constraints.as_deref() else {
            return Vec::new();
        };
        if c.extensible {
            return Vec::new();
        }
        let Some(kind) = self.resolved_kind(ty) else {
            return Vec::new();
        };
        let text = c_text(&c.text);
        let mut out = Vec::new();
        if let Some(r) = &c.size {
            let measure = |v: &str| match kind {
                TypeKind::OctetString => Some(format!("(uint64_t)({v})->len")),
                TypeKind::String { string } => Some(format!(
                    "synta_gen_chars(0x{:02X}u, *({v}))",
                    string_tag(*string)
                )),
                TypeKind::BitString { .. } => Some(format!("synta_gen_bit_len({v})")),
                TypeKind::SequenceOf(_) | TypeKind::SetOf(_) => {
                    Some(format!("(uint64_t)({v})->count"))
                }
                _ => None,
            };
            let min = r.min.as_ref().and_then(|v| v.0.to_u64()).unwrap_or(0);
            let max = r
                .max
                .as_ref()
                .and_then(|v| v.0.to_u64())
                .map_or_else(|| "UINT64_MAX".to_string(), |m| format!("UINT64_C({m})"));
            if let (Some(d), Some(e)) = (measure(dst), measure(src)) {
                out.push(CheckVm {
                    ok_decoded: format!("synta_gen_size_ok({d}, UINT64_C({min}), {max})"),
                    ok_encoded: format!("synta_gen_size_ok({e}, UINT64_C({min}), {max})"),
                    text: text.clone(),
                });
            }
        }
        if let (Some(r), TypeKind::Integer { repr, .. }) = (&c.value_range, kind) {
            let unsigned = matches!(
                repr,
                IntegerRepr::U8 | IntegerRepr::U16 | IntegerRepr::U32 | IntegerRepr::U64
            );
            if *repr == IntegerRepr::Big {
                let bound =
                    |b: &Option<crate::ir::BigInteger>| match b.as_ref().and_then(|v| v.0.to_i64())
                    {
                        Some(v) => format!("1, {}", i64_literal(v)),
                        None => "0, 0".to_string(),
                    };
                let (lo, hi) = (bound(&r.min), bound(&r.max));
                out.push(CheckVm {
                    ok_decoded: format!("synta_gen_int_range_ok(*({dst}), {lo}, {hi})"),
                    ok_encoded: format!("synta_gen_int_range_ok(*({src}), {lo}, {hi})"),
                    text: text.clone(),
                });
            } else {
                let (f, cast, lo, hi) = if unsigned {
                    (
                        "synta_gen_urange_ok",
                        "uint64_t",
                        r.min
                            .as_ref()
                            .and_then(|v| v.0.to_u64())
                            .map_or_else(|| "0".to_string(), |v| format!("UINT64_C({v})")),
                        r.max
                            .as_ref()
                            .and_then(|v| v.0.to_u64())
                            .map_or_else(|| "UINT64_MAX".to_string(), |v| format!("UINT64_C({v})")),
                    )
                } else {
                    (
                        "synta_gen_irange_ok",
                        "int64_t",
                        r.min
                            .as_ref()
                            .and_then(|v| v.0.to_i64())
                            .map_or_else(|| "INT64_MIN".to_string(), i64_literal),
                        r.max
                            .as_ref()
                            .and_then(|v| v.0.to_i64())
                            .map_or_else(|| "INT64_MAX".to_string(), i64_literal),
                    )
                };
                out.push(CheckVm {
                    ok_decoded: format!("{f}(({cast})*({dst}), {lo}, {hi})"),
                    ok_encoded: format!("{f}(({cast})*({src}), {lo}, {hi})"),
                    text,
                });
            }
        }
        out
    }

    /// A value assignment: OIDs as contents octets, INTEGER and BOOLEAN as macros.
    pub(super) fn value(
        &mut self,
        module: &str,
        def: &crate::ir::Definition,
        _ty: &Type,
        value: &Value,
    ) {
        let prefix = self.prefixes[module].clone();
        let name = format!("{prefix}_{}", names::ident(&def.name));
        match value {
            Value::ObjectIdentifier(dotted) => {
                if let Some(bytes) = oid_contents(dotted) {
                    let name = self.take(&name);
                    self.vm.oids.push(OidVm {
                        len_macro: format!("{}_LEN", names::macro_name(&name)),
                        name,
                        len: bytes.len(),
                        bytes: bytes
                            .iter()
                            .map(|b| format!("0x{b:02x}"))
                            .collect::<Vec<_>>()
                            .join(", "),
                        dotted: dotted.clone(),
                        notes: def.placeholders.iter().map(|p| p.describe()).collect(),
                    });
                }
            }
            Value::Integer(v) => {
                if let Some(i) = v.0.to_i64() {
                    let mut comment = def.name.clone();
                    for p in &def.placeholders {
                        comment = format!("{comment}. {}", p.describe());
                    }
                    self.vm.defines.push(DefineVm {
                        name: names::macro_name(&name),
                        value: i64_literal(i),
                        comment,
                    });
                }
            }
            Value::Boolean(b) => self.vm.defines.push(DefineVm {
                name: names::macro_name(&name),
                value: if *b { "1" } else { "0" }.to_string(),
                comment: def.name.clone(),
            }),
            _ => {}
        }
    }
}

/// Named numbers, named bits and enumeration items of a type as macros.
fn named_defines(out: &mut Vec<DefineVm>, type_name: &str, kind: &TypeKind) {
    let mut add = |items: &[NamedNumber]| {
        for n in items {
            out.push(DefineVm {
                name: names::macro_name(&format!("{type_name}_{}", names::ident(&n.name))),
                value: i64_literal(n.value),
                comment: n.name.clone(),
            });
        }
    };
    match kind {
        TypeKind::Integer { named_numbers, .. } => add(named_numbers),
        TypeKind::BitString { named_bits } => add(named_bits),
        TypeKind::Enumerated {
            items, additions, ..
        } => {
            add(items);
            add(additions);
        }
        _ => {}
    }
}

/// A DEFAULT value as a C constant of the member's type, where it has one.
fn default_constant(v: &Value, c_type: &str) -> Option<String> {
    let numeric = matches!(
        c_type,
        "uint8_t"
            | "uint16_t"
            | "uint32_t"
            | "uint64_t"
            | "int8_t"
            | "int16_t"
            | "int32_t"
            | "int64_t"
    );
    match v {
        Value::Boolean(b) if c_type == "int" => Some(if *b { "1" } else { "0" }.to_string()),
        Value::Integer(i) if numeric => {
            let i = i.0.to_i64()?;
            Some(format!("({c_type}){}", i64_literal(i)))
        }
        Value::Enumerated(_, n) if c_type == "int64_t" => Some(i64_literal(*n)),
        // An INTEGER of any size: its contents octets as a string literal (static
        // storage), one literal per octet so no escape runs into the next.
        Value::Integer(i) if c_type == "synta_span" => {
            let bytes = crate::backend::rust::values::integer_contents(&i.0);
            let text = c_octets_literal(&bytes);
            Some(format!(
                "((synta_span){{(const uint8_t *){text}, {}}})",
                bytes.len()
            ))
        }
        _ => None,
    }
}

/// The upper SIZE bound of a string or octet type, for a `_MAX_SIZE` macro.
fn max_size(ty: &Type) -> Option<String> {
    let c = ty.constraints.as_deref()?;
    if c.extensible
        || !matches!(
            ty.kind,
            TypeKind::OctetString | TypeKind::String { .. } | TypeKind::BitString { .. }
        )
    {
        return None;
    }
    let max = c.size.as_ref()?.max.as_ref()?.0.to_u64()?;
    Some(max.to_string())
}

/// The value of a type read directly by a runtime codec under the function's `tag`.
fn whole_value(codec: &str, c_type: &str, label: &str) -> FieldVm {
    FieldVm {
        note: None,
        name: "value".to_string(),
        dst: "out".to_string(),
        src: "in".to_string(),
        label: label.to_string(),
        c_type: c_type.to_string(),
        codec: codec.to_string(),
        layers: Vec::new(),
        dinner: "c".to_string(),
        einner: "b".to_string(),
        inner_tag: "tag".to_string(),
        test: "1".to_string(),
        optional: false,
        default_value: None,
        extension: false,
        nested_validate: None,
        validate_as: None,
        checks: Vec::new(),
        raw_checks: Vec::new(),
        raw_accepts: None,
    }
}

/// A constraint's text as a C string literal's contents (spaces normalized).
fn c_text(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

/// An `int64_t` constant; `INT64_MIN` has no literal form in C.
fn i64_literal(v: i64) -> String {
    if v == i64::MIN {
        "INT64_MIN".to_string()
    } else {
        format!("INT64_C({v})")
    }
}

/// Octets as a C string literal (static storage), one literal per octet so that no hex
/// escape runs into the next: `"\x55" "\x1d"`.
fn c_octets_literal(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("\"\\x{b:02x}\"")).collect()
}
