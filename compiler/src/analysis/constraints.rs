//! Pass: normalizing constraints (X.680 49-51, X.682) into effective value ranges, size
//! ranges, permitted alphabets, single values and extensibility.

use super::context::{Analyzer, Env, Resolved};
use super::kinds::DefKind;
use crate::ast::{self, ConstraintKind, ElementKind, ElementSet, Endpoint};
use crate::diagnostics::Code;
use crate::ir::{self, BigInteger, CharRange, Constraints, Range, TypeKind};
use num_bigint::BigInt;

/// A set of integers as sorted, disjoint, non-adjacent intervals; `None` bounds are
/// infinite.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Intervals(pub Vec<(Option<BigInt>, Option<BigInt>)>);

impl Intervals {
    pub fn all() -> Self {
        Intervals(vec![(None, None)])
    }
    pub fn none() -> Self {
        Intervals(Vec::new())
    }
    pub fn single(v: BigInt) -> Self {
        Intervals(vec![(Some(v.clone()), Some(v))])
    }
    pub fn range(lo: Option<BigInt>, hi: Option<BigInt>) -> Self {
        match (&lo, &hi) {
            (Some(l), Some(h)) if l > h => Intervals::none(),
            _ => Intervals(vec![(lo, hi)]),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn normalize(mut v: Vec<(Option<BigInt>, Option<BigInt>)>) -> Self {
        v.sort_by(|a, b| cmp_lower(&a.0, &b.0));
        let mut out: Vec<(Option<BigInt>, Option<BigInt>)> = Vec::new();
        for (lo, hi) in v {
            if let Some(last) = out.last_mut() {
                let touches = match (&last.1, &lo) {
                    (None, _) | (_, None) => true,
                    (Some(h), Some(l)) => *l <= h + 1,
                };
                if touches {
                    if cmp_upper(&hi, &last.1) == std::cmp::Ordering::Greater {
                        last.1 = hi;
                    }
                    continue;
                }
            }
            out.push((lo, hi));
        }
        Intervals(out)
    }

    pub fn union(&self, other: &Intervals) -> Intervals {
        Intervals::normalize(self.0.iter().chain(&other.0).cloned().collect())
    }

    pub fn intersect(&self, other: &Intervals) -> Intervals {
        let mut out = Vec::new();
        for (a_lo, a_hi) in &self.0 {
            for (b_lo, b_hi) in &other.0 {
                let lo = if cmp_lower(a_lo, b_lo) == std::cmp::Ordering::Greater {
                    a_lo
                } else {
                    b_lo
                };
                let hi = if cmp_upper(a_hi, b_hi) == std::cmp::Ordering::Less {
                    a_hi
                } else {
                    b_hi
                };
                let empty = matches!((lo, hi), (Some(l), Some(h)) if l > h);
                if !empty {
                    out.push((lo.clone(), hi.clone()));
                }
            }
        }
        Intervals::normalize(out)
    }

    pub fn complement(&self) -> Intervals {
        let mut out = Vec::new();
        let mut cursor: Option<BigInt> = None;
        let mut open_start = true;
        for (lo, hi) in &self.0 {
            match lo {
                None => {}
                Some(l) => {
                    let start = if open_start { None } else { cursor.clone() };
                    out.push((start, Some(l - 1)));
                }
            }
            match hi {
                None => return Intervals::normalize(out),
                Some(h) => {
                    cursor = Some(h + 1);
                    open_start = false;
                }
            }
        }
        let start = if open_start { None } else { cursor };
        out.push((start, None));
        Intervals::normalize(out)
    }

    pub fn minus(&self, other: &Intervals) -> Intervals {
        self.intersect(&other.complement())
    }

    pub fn is_subset_of(&self, other: &Intervals) -> bool {
        &self.intersect(other) == self
    }

    pub fn to_ranges(&self) -> Vec<Range> {
        self.0
            .iter()
            .map(|(lo, hi)| Range {
                min: lo.clone().map(BigInteger),
                max: hi.clone().map(BigInteger),
            })
            .collect()
    }

    pub fn hull(&self) -> Option<Range> {
        let first = self.0.first()?;
        let last = self.0.last()?;
        Some(Range {
            min: first.0.clone().map(BigInteger),
            max: last.1.clone().map(BigInteger),
        })
    }
}

fn cmp_lower(a: &Option<BigInt>, b: &Option<BigInt>) -> std::cmp::Ordering {
    match (a, b) {
        (None, None) => std::cmp::Ordering::Equal,
        (None, _) => std::cmp::Ordering::Less,
        (_, None) => std::cmp::Ordering::Greater,
        (Some(x), Some(y)) => x.cmp(y),
    }
}

fn cmp_upper(a: &Option<BigInt>, b: &Option<BigInt>) -> std::cmp::Ordering {
    match (a, b) {
        (None, None) => std::cmp::Ordering::Equal,
        (None, _) => std::cmp::Ordering::Greater,
        (_, None) => std::cmp::Ordering::Less,
        (Some(x), Some(y)) => x.cmp(y),
    }
}

/// The effect of an element set on each facet of a type; `None` means unconstrained in
/// that facet.
#[derive(Debug, Clone, Default)]
struct Facets {
    values: Option<Intervals>,
    size: Option<Intervals>,
    alphabet: Option<Intervals>,
    singles: Vec<ir::Value>,
    pattern: Option<String>,
    contents: Option<ir::Contents>,
    components: Vec<ir::ComponentConstraint>,
    element: Option<Box<Constraints>>,
    user_defined: Option<String>,
}

impl Facets {
    fn union(self, other: Facets) -> Facets {
        let join = |a: Option<Intervals>, b: Option<Intervals>| match (a, b) {
            (Some(a), Some(b)) => Some(a.union(&b)),
            _ => None,
        };
        let mut singles = self.singles;
        singles.extend(other.singles);
        Facets {
            values: join(self.values, other.values),
            size: join(self.size, other.size),
            alphabet: join(self.alphabet, other.alphabet),
            singles,
            pattern: self.pattern.or(other.pattern),
            contents: self.contents.or(other.contents),
            components: [self.components, other.components].concat(),
            element: self.element.or(other.element),
            user_defined: self.user_defined.or(other.user_defined),
        }
    }

    fn intersect(self, other: Facets) -> Facets {
        let meet = |a: Option<Intervals>, b: Option<Intervals>| match (a, b) {
            (Some(a), Some(b)) => Some(a.intersect(&b)),
            (a, None) => a,
            (None, b) => b,
        };
        let singles = if self.singles.is_empty() {
            other.singles
        } else if other.singles.is_empty() {
            self.singles
        } else {
            self.singles
                .into_iter()
                .filter(|v| other.singles.contains(v))
                .collect()
        };
        Facets {
            values: meet(self.values, other.values),
            size: meet(self.size, other.size),
            alphabet: meet(self.alphabet, other.alphabet),
            singles,
            pattern: self.pattern.or(other.pattern),
            contents: self.contents.or(other.contents),
            components: [self.components, other.components].concat(),
            element: self.element.or(other.element),
            user_defined: self.user_defined.or(other.user_defined),
        }
    }
}

/// What kind of constraint a type accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Category {
    Integer,
    Sized,
    CharString,
    Constructed,
    Other,
}

fn category(t: &ir::Type) -> Category {
    match &t.kind {
        TypeKind::Integer { .. } => Category::Integer,
        TypeKind::String { .. } => Category::CharString,
        TypeKind::BitString { .. }
        | TypeKind::OctetString
        | TypeKind::SequenceOf(_)
        | TypeKind::SetOf(_) => Category::Sized,
        TypeKind::Sequence(_) | TypeKind::Set(_) | TypeKind::Choice(_) => Category::Constructed,
        _ => Category::Other,
    }
}

impl<'a> Analyzer<'a> {
    /// Applies serial constraints to `ty` (already lowered), storing the normalized
    /// result in `ty.constraints`.
    pub fn apply_constraints(
        &mut self,
        module: usize,
        env: &Env,
        ty: &mut ir::Type,
        constraints: &[ast::Constraint],
        field_class: Option<super::context::DefId>,
    ) {
        let Some(base) = self.base_type(ty) else {
            return;
        };
        let mut facets = Facets::default();
        let mut extensible = false;
        let mut text: Vec<String> = Vec::new();
        // Constraints inherited from a referenced type bound what may be added.
        let parent: Option<Constraints> = base.constraints.as_deref().cloned();
        if let Some(p) = &parent {
            facets = facets_of(p);
            text.push(p.text.clone());
        }
        for c in constraints {
            text.push(self.text(c.span).to_string());
            let this = match &c.kind {
                ConstraintKind::ElementSet(specs) => {
                    let root = match &specs.root {
                        Some(set) => self.element_set(module, env, set, &base, c.span),
                        None => Facets::default(),
                    };
                    extensible = specs.extensible;
                    if let (Some(p), Some(values)) = (&parent, &root.values) {
                        if !p.extensible && !p.values.is_empty() {
                            let parent_set = intervals_of(&p.values);
                            if !values.is_subset_of(&parent_set) {
                                self.error(
                                    Code::BadConstraint,
                                    c.span,
                                    format!("this constraint allows values outside the parent type's {}", p.text),
                                );
                            }
                        }
                    }
                    root
                }
                ConstraintKind::Table { set, relation } => {
                    self.apply_table_constraint(module, env, ty, field_class, set, relation);
                    continue;
                }
                ConstraintKind::Contents {
                    containing,
                    encoded_by,
                } => {
                    if !matches!(
                        base.kind,
                        TypeKind::BitString { .. } | TypeKind::OctetString
                    ) {
                        self.error(
                            Code::BadConstraint,
                            c.span,
                            "CONTAINING and ENCODED BY apply only to BIT STRING and OCTET STRING",
                        );
                        continue;
                    }
                    let containing = containing
                        .as_ref()
                        .map(|t| Box::new(self.lower_type(module, env, t)));
                    let oid_type = super::types::plain(TypeKind::ObjectIdentifier, None);
                    let encoded_by = encoded_by.as_ref().and_then(|v| {
                        match self.eval_value(module, env, v, &oid_type) {
                            Some(ir::Value::ObjectIdentifier(d)) => Some(d),
                            _ => None,
                        }
                    });
                    Facets {
                        contents: Some(ir::Contents {
                            containing,
                            encoded_by,
                        }),
                        ..Facets::default()
                    }
                }
                ConstraintKind::UserDefined(b) => Facets {
                    user_defined: Some(self.text(b.span).to_string()),
                    ..Facets::default()
                },
            };
            facets = facets.intersect(this);
            if facets.values.as_ref().is_some_and(Intervals::is_empty)
                || facets.size.as_ref().is_some_and(Intervals::is_empty)
            {
                self.error(
                    Code::BadConstraint,
                    c.span,
                    "this constraint excludes every value",
                );
            }
        }
        let has_anything = facets.values.is_some()
            || facets.size.is_some()
            || facets.alphabet.is_some()
            || !facets.singles.is_empty()
            || facets.pattern.is_some()
            || facets.contents.is_some()
            || !facets.components.is_empty()
            || facets.element.is_some()
            || facets.user_defined.is_some();
        if !has_anything && !extensible {
            return;
        }
        let values = facets.values.map(|v| v.to_ranges()).unwrap_or_default();
        let value_range = intervals_of(&values).hull().filter(|_| !values.is_empty());
        ty.constraints = Some(Box::new(Constraints {
            value_range,
            values,
            size: facets.size.and_then(|s| s.hull()),
            alphabet: facets.alphabet.map(|a| alphabet_ranges(&a)),
            single_values: facets.singles,
            pattern: facets.pattern,
            contents: facets.contents,
            components: facets.components,
            element: facets.element,
            user_defined: facets.user_defined,
            extensible,
            text: text
                .into_iter()
                .filter(|t| !t.is_empty())
                .collect::<Vec<_>>()
                .join(""),
        }));
    }

    fn element_set(
        &mut self,
        module: usize,
        env: &Env,
        set: &ElementSet,
        base: &ir::Type,
        span: ast::Span,
    ) -> Facets {
        match set {
            ElementSet::AllExcept(e) => {
                let excluded = self.element(module, env, e, base);
                Facets {
                    values: excluded.values.map(|v| v.complement()),
                    size: excluded.size.map(|v| v.complement()),
                    alphabet: excluded.alphabet.map(|v| v.complement()),
                    ..Facets::default()
                }
            }
            ElementSet::Union(unions) => {
                let mut acc: Option<Facets> = None;
                for intersection in unions {
                    let mut inner: Option<Facets> = None;
                    for ie in intersection {
                        let mut f = self.element(module, env, &ie.element, base);
                        if let Some(except) = &ie.except {
                            let x = self.element(module, env, except, base);
                            if let (Some(v), Some(xv)) = (&f.values, &x.values) {
                                f.values = Some(v.minus(xv));
                            } else if let Some(xv) = &x.values {
                                f.values = Some(xv.complement());
                            }
                            if let (Some(v), Some(xv)) = (&f.alphabet, &x.alphabet) {
                                f.alphabet = Some(v.minus(xv));
                            }
                            if let (Some(v), Some(xv)) = (&f.size, &x.size) {
                                f.size = Some(v.minus(xv));
                            }
                        }
                        inner = Some(match inner {
                            None => f,
                            Some(prev) => prev.intersect(f),
                        });
                    }
                    let f = inner.unwrap_or_default();
                    acc = Some(match acc {
                        None => f,
                        Some(prev) => prev.union(f),
                    });
                }
                let _ = span;
                acc.unwrap_or_default()
            }
        }
    }

    fn element(&mut self, module: usize, env: &Env, e: &ast::Element, base: &ir::Type) -> Facets {
        let cat = category(base);
        match &e.kind {
            ElementKind::Settings(text) => {
                if !matches!(base.kind, TypeKind::Time { .. }) {
                    self.error(
                        Code::BadConstraint,
                        e.span,
                        "SETTINGS applies only to the time types",
                    );
                }
                Facets {
                    pattern: Some(format!("SETTINGS {text}")),
                    ..Facets::default()
                }
            }
            ElementKind::Size(c) => {
                if !matches!(cat, Category::Sized | Category::CharString) {
                    self.error(
                        Code::BadConstraint,
                        e.span,
                        format!("SIZE does not apply to {}", super::values::type_name(base)),
                    );
                    return Facets::default();
                }
                let sizes = self.integer_constraint(module, env, c);
                if sizes
                    .0
                    .iter()
                    .any(|(lo, _)| lo.as_ref().is_some_and(|l| *l < BigInt::from(0)))
                {
                    self.error(Code::BadConstraint, e.span, "a SIZE cannot be negative");
                }
                let sizes = sizes.intersect(&Intervals::range(Some(0.into()), None));
                Facets {
                    size: Some(sizes),
                    ..Facets::default()
                }
            }
            ElementKind::From(c) => {
                if cat != Category::CharString {
                    self.error(
                        Code::BadConstraint,
                        e.span,
                        format!(
                            "FROM (a permitted alphabet) does not apply to {}",
                            super::values::type_name(base)
                        ),
                    );
                    return Facets::default();
                }
                let chars = self.alphabet_constraint(module, env, c);
                Facets {
                    alphabet: Some(chars),
                    ..Facets::default()
                }
            }
            ElementKind::Pattern(v) => {
                if cat != Category::CharString {
                    self.error(
                        Code::BadConstraint,
                        e.span,
                        "PATTERN applies only to character strings",
                    );
                }
                let text = match &v.kind {
                    ast::ValueKind::CString(s) => s.clone(),
                    _ => self.text(v.span).to_string(),
                };
                Facets {
                    pattern: Some(text),
                    ..Facets::default()
                }
            }
            ElementKind::WithComponent(c) => match &base.kind {
                TypeKind::SequenceOf(of) | TypeKind::SetOf(of) => {
                    let mut element = (*of.element).clone();
                    self.apply_constraints(
                        module,
                        env,
                        &mut element,
                        std::slice::from_ref(c),
                        None,
                    );
                    Facets {
                        element: element.constraints,
                        ..Facets::default()
                    }
                }
                _ => {
                    self.error(
                        Code::BadConstraint,
                        e.span,
                        "WITH COMPONENT applies only to SEQUENCE OF and SET OF",
                    );
                    Facets::default()
                }
            },
            ElementKind::WithComponents { items, .. } => {
                let body = match &base.kind {
                    TypeKind::Sequence(b) | TypeKind::Set(b) | TypeKind::Choice(b) => b.clone(),
                    // Constrained through their associated SEQUENCE types (X.680 37-44),
                    // which this compiler does not spell out: kept as written.
                    TypeKind::External
                    | TypeKind::EmbeddedPdv
                    | TypeKind::CharacterString
                    | TypeKind::Real
                    | TypeKind::InstanceOf { .. } => {
                        return Facets {
                            components: items
                                .iter()
                                .map(|i| ir::ComponentConstraint {
                                    name: i.name.text.clone(),
                                    presence: i.presence,
                                    constraints: None,
                                })
                                .collect(),
                            ..Facets::default()
                        };
                    }
                    _ => {
                        self.error(
                            Code::BadConstraint,
                            e.span,
                            "WITH COMPONENTS applies only to SEQUENCE, SET and CHOICE",
                        );
                        return Facets::default();
                    }
                };
                let mut components = Vec::new();
                for item in items {
                    let Some(comp) = body.components.iter().find(|c| c.name == item.name.text)
                    else {
                        self.error(
                            Code::BadConstraint,
                            item.name.span,
                            format!("the type has no component `{}`", item.name.text),
                        );
                        continue;
                    };
                    if item.presence == Some(ast::PresenceConstraint::Absent)
                        && matches!(comp.presence, ir::Presence::Required)
                        && !matches!(base.kind, TypeKind::Choice(_))
                    {
                        self.error(
                            Code::BadConstraint,
                            item.name.span,
                            format!(
                                "`{}` is not optional, so it cannot be ABSENT",
                                item.name.text
                            ),
                        );
                    }
                    let constraints = item.constraint.as_ref().and_then(|c| {
                        let mut t = comp.ty.clone();
                        self.apply_constraints(module, env, &mut t, std::slice::from_ref(c), None);
                        t.constraints
                    });
                    components.push(ir::ComponentConstraint {
                        name: item.name.text.clone(),
                        presence: item.presence,
                        constraints,
                    });
                }
                Facets {
                    components,
                    ..Facets::default()
                }
            }
            ElementKind::Includes(t) | ElementKind::Type(t) => {
                let included = self.lower_type(module, env, t);
                match included.constraints.as_deref() {
                    Some(c) => facets_of(c),
                    None => Facets::default(),
                }
            }
            ElementKind::Range {
                lower,
                lower_open,
                upper,
                upper_open,
            } => {
                if cat == Category::CharString {
                    // Only meaningful inside FROM; as a plain element, a range of strings.
                    return Facets::default();
                }
                if cat != Category::Integer {
                    if !matches!(base.kind, TypeKind::Real | TypeKind::Enumerated { .. }) {
                        self.error(
                            Code::BadConstraint,
                            e.span,
                            format!(
                                "a value range does not apply to {}",
                                super::values::type_name(base)
                            ),
                        );
                    }
                    return Facets::default();
                }
                let lo = self.endpoint(module, env, lower, base).map(|v| {
                    if *lower_open {
                        v + 1
                    } else {
                        v
                    }
                });
                let hi = self.endpoint(module, env, upper, base).map(|v| {
                    if *upper_open {
                        v - 1
                    } else {
                        v
                    }
                });
                if let (Some(l), Some(h)) = (&lo, &hi) {
                    if l > h {
                        self.error(
                            Code::BadConstraint,
                            e.span,
                            format!("the range is empty: its lower bound {l} is above its upper bound {h}"),
                        );
                    }
                }
                Facets {
                    values: Some(Intervals::range(lo, hi)),
                    ..Facets::default()
                }
            }
            ElementKind::Nested(set) => self.element_set(module, env, set, base, e.span),
            ElementKind::Braced(b) => {
                let v = ast::Value {
                    kind: ast::ValueKind::Braced(b.clone()),
                    span: b.span,
                };
                self.single_value(module, env, &v, base)
            }
            ElementKind::Value(v) => {
                if let ast::ValueKind::Reference(r, _) = &v.kind {
                    if let Some(f) = self.element_from_reference(module, env, r, base) {
                        return f;
                    }
                }
                // An upper-case reference is a type or value set: type inclusion.
                if let ast::ValueKind::Reference(r, args) = &v.kind {
                    if r.segments.first().is_some_and(|s| s.is_upper()) && r.segments.len() == 1 {
                        let t = ast::Type {
                            kind: ast::TypeKind::Reference(r.clone(), args.clone()),
                            constraints: Vec::new(),
                            span: v.span,
                        };
                        if self.reference_is_type(module, env, r) {
                            let included = self.lower_type(module, env, &t);
                            return match included.constraints.as_deref() {
                                Some(c) => facets_of(c),
                                None => Facets::default(),
                            };
                        }
                    }
                }
                self.single_value(module, env, v, base)
            }
        }
    }

    /// Elements that a reference denotes besides a value or type: the values of a field
    /// across an object set (`Set.&id`, X.681 15), or a value set parameter bound to a
    /// braced set.
    fn element_from_reference(
        &mut self,
        module: usize,
        env: &Env,
        r: &ast::Reference,
        base: &ir::Type,
    ) -> Option<Facets> {
        let (resolved, rest) = {
            self.quiet += 1;
            let x = self
                .resolve_reference(module, env, r)
                .map(|(a, b)| (a, b.to_vec()));
            self.quiet -= 1;
            x?
        };
        match resolved {
            Resolved::Def(id) if rest.len() == 1 && self.def_kind(id) == DefKind::ObjectSet => {
                let set = self.object_set_of_def(id)?;
                let field = &rest[0].text;
                let mut facets = Facets::default();
                let mut values = Intervals::none();
                for entry in &set.objects {
                    for (name, setting) in &entry.object.fields {
                        if name == field {
                            if let ir::FieldSetting::Value { value } = setting {
                                match value {
                                    ir::Value::Integer(BigInteger(i))
                                        if category(base) == Category::Integer =>
                                    {
                                        values = values.union(&Intervals::single(i.clone()));
                                    }
                                    other => facets.singles.push(other.clone()),
                                }
                            }
                        }
                    }
                }
                if category(base) == Category::Integer {
                    facets.values = Some(values);
                }
                Some(facets)
            }
            Resolved::Param(b) if rest.is_empty() => match &b.actual {
                ast::ActualParameter::Braced(br) => {
                    let text = self.file_text(br.span.file);
                    let specs = crate::parse::reparse_braced_set(text, br.span).ok()??;
                    let set = specs.root?;
                    Some(self.element_set(b.module, &b.env, &set, base, br.span))
                }
                _ => None,
            },
            _ => None,
        }
    }

    fn reference_is_type(&mut self, module: usize, env: &Env, r: &ast::Reference) -> bool {
        match self.resolve_reference_quiet(module, env, r) {
            Some(Resolved::Def(id)) => {
                matches!(self.def_kind(id), DefKind::Type | DefKind::ValueSet)
            }
            Some(Resolved::Param(b)) => matches!(b.actual, ast::ActualParameter::Type(_)),
            _ => false,
        }
    }

    fn single_value(
        &mut self,
        module: usize,
        env: &Env,
        v: &ast::Value,
        base: &ir::Type,
    ) -> Facets {
        let Some(value) = self.eval_value(module, env, v, base) else {
            return Facets::default();
        };
        match (&value, category(base)) {
            (ir::Value::Integer(BigInteger(i)), Category::Integer) => Facets {
                values: Some(Intervals::single(i.clone())),
                ..Facets::default()
            },
            _ => Facets {
                singles: vec![value],
                ..Facets::default()
            },
        }
    }

    fn endpoint(
        &mut self,
        module: usize,
        env: &Env,
        e: &Endpoint,
        base: &ir::Type,
    ) -> Option<BigInt> {
        match e {
            Endpoint::Min | Endpoint::Max => None,
            Endpoint::Value(v) => match self.eval_value(module, env, v, base)? {
                ir::Value::Integer(BigInteger(i)) => Some(i),
                _ => None,
            },
        }
    }

    /// The integers a constraint (SIZE's inner constraint) allows.
    fn integer_constraint(&mut self, module: usize, env: &Env, c: &ast::Constraint) -> Intervals {
        let int_type = super::types::plain(
            TypeKind::Integer {
                named_numbers: Vec::new(),
                repr: ir::IntegerRepr::Big,
            },
            None,
        );
        match &c.kind {
            ConstraintKind::ElementSet(specs) => match &specs.root {
                Some(set) => self
                    .element_set(module, env, set, &int_type, c.span)
                    .values
                    .unwrap_or_else(Intervals::all),
                None => Intervals::all(),
            },
            _ => Intervals::all(),
        }
    }

    /// The characters a FROM constraint allows, as code point intervals.
    fn alphabet_constraint(&mut self, module: usize, env: &Env, c: &ast::Constraint) -> Intervals {
        let ConstraintKind::ElementSet(specs) = &c.kind else {
            return Intervals::all();
        };
        let Some(set) = &specs.root else {
            return Intervals::all();
        };
        self.char_set(module, env, set)
    }

    fn char_set(&mut self, module: usize, env: &Env, set: &ElementSet) -> Intervals {
        match set {
            ElementSet::AllExcept(e) => self.char_element(module, env, e).complement(),
            ElementSet::Union(unions) => {
                let mut acc = Intervals::none();
                for intersection in unions {
                    let mut inner: Option<Intervals> = None;
                    for ie in intersection {
                        let mut s = self.char_element(module, env, &ie.element);
                        if let Some(x) = &ie.except {
                            s = s.minus(&self.char_element(module, env, x));
                        }
                        inner = Some(match inner {
                            None => s,
                            Some(p) => p.intersect(&s),
                        });
                    }
                    acc = acc.union(&inner.unwrap_or_else(Intervals::all));
                }
                acc
            }
        }
    }

    fn char_element(&mut self, module: usize, env: &Env, e: &ast::Element) -> Intervals {
        let char_of = |this: &mut Self, v: &ast::Value| -> Option<u32> {
            let v = this.materialize(v)?;
            match &v.kind {
                ast::ValueKind::CString(s) if s.chars().count() == 1 => {
                    s.chars().next().map(u32::from)
                }
                ast::ValueKind::Items(items) if items.len() == 4 || items.len() == 2 => {
                    // Quadruple {group, plane, row, cell} or tuple {column, row}.
                    let nums: Option<Vec<u32>> = items
                        .iter()
                        .map(|i| match i.as_slice() {
                            [ast::Value {
                                kind: ast::ValueKind::Integer(n),
                                ..
                            }] => u32::try_from(n).ok(),
                            _ => None,
                        })
                        .collect();
                    match nums?.as_slice() {
                        [g, p, r, c] => Some((g << 24) | (p << 16) | (r << 8) | c),
                        [col, row] => Some(col * 16 + row),
                        _ => None,
                    }
                }
                _ => {
                    this.error(
                        Code::BadConstraint,
                        v.span,
                        "a range in FROM needs single characters as bounds",
                    );
                    None
                }
            }
        };
        match &e.kind {
            ElementKind::Value(v) => match &v.kind {
                ast::ValueKind::CString(s) => {
                    let mut acc = Intervals::none();
                    for ch in s.chars() {
                        acc = acc.union(&Intervals::single(u32::from(ch).into()));
                    }
                    acc
                }
                _ => Intervals::all(),
            },
            ElementKind::Range {
                lower,
                upper,
                lower_open,
                upper_open,
            } => {
                let lo = match lower {
                    Endpoint::Value(v) => {
                        char_of(self, v).map(|c| BigInt::from(c) + i32::from(*lower_open))
                    }
                    _ => Some(BigInt::from(0)),
                };
                let hi = match upper {
                    Endpoint::Value(v) => {
                        char_of(self, v).map(|c| BigInt::from(c) - i32::from(*upper_open))
                    }
                    _ => Some(BigInt::from(0x10FFFF)),
                };
                Intervals::range(lo, hi)
            }
            ElementKind::Nested(set) => self.char_set(module, env, set),
            ElementKind::Includes(t) | ElementKind::Type(t) => {
                let t = self.lower_type(module, env, t);
                match t.constraints.as_deref().and_then(|c| c.alphabet.clone()) {
                    Some(a) => Intervals::normalize(
                        a.iter()
                            .map(|r| {
                                (
                                    Some(BigInt::from(u32::from(r.from))),
                                    Some(BigInt::from(u32::from(r.to))),
                                )
                            })
                            .collect(),
                    ),
                    None => Intervals::all(),
                }
            }
            _ => Intervals::all(),
        }
    }
}

fn intervals_of(ranges: &[Range]) -> Intervals {
    Intervals::normalize(
        ranges
            .iter()
            .map(|r| (r.min.clone().map(|b| b.0), r.max.clone().map(|b| b.0)))
            .collect(),
    )
}

/// The facets already established by a referenced type's constraints.
fn facets_of(c: &Constraints) -> Facets {
    Facets {
        values: (!c.values.is_empty()).then(|| intervals_of(&c.values)),
        size: c
            .size
            .as_ref()
            .map(|s| intervals_of(std::slice::from_ref(s))),
        alphabet: c.alphabet.as_ref().map(|a| {
            Intervals::normalize(
                a.iter()
                    .map(|r| {
                        (
                            Some(BigInt::from(u32::from(r.from))),
                            Some(BigInt::from(u32::from(r.to))),
                        )
                    })
                    .collect(),
            )
        }),
        singles: c.single_values.clone(),
        pattern: c.pattern.clone(),
        contents: c.contents.clone(),
        components: c.components.clone(),
        element: c.element.clone(),
        user_defined: c.user_defined.clone(),
    }
}

fn alphabet_ranges(a: &Intervals) -> Vec<CharRange> {
    use num_traits::ToPrimitive;
    a.0.iter()
        .filter_map(|(lo, hi)| {
            let from = lo.as_ref().map_or(Some(0), |l| l.to_u32())?;
            let to = hi.as_ref().map_or(Some(0x10FFFF), |h| h.to_u32())?;
            Some(CharRange {
                from: char::from_u32(from)?,
                to: char::from_u32(to)?,
            })
        })
        .collect()
}
