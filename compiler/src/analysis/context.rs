//! The analysis context: module and symbol tables, memo tables and diagnostics.

use crate::ast::{self, FileId, Span};
use crate::diagnostics::{Code, Diagnostic, Diagnostics};
use crate::ir;
use crate::source::SourceDb;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// The deepest chain of definitions analysed inside one another (A refers to B, which
/// refers to C, ...) before analysis gives up; bounded so the stack cannot overflow.
pub(crate) const MAX_CHAIN: u32 = 1000;

/// Identifies an assignment: module index and assignment index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct DefId {
    pub module: usize,
    pub index: usize,
}

/// An imported name and where it was imported from.
#[derive(Debug, Clone)]
pub(crate) struct ImportBinding {
    /// Index of the module imported from (`None` when that module is missing).
    pub from: Option<usize>,
    /// The import clause's name span.
    pub span: Span,
    /// Other modules the same name is imported from (an ambiguity if used).
    pub also_from: Vec<(Option<usize>, Span)>,
}

/// One module and its symbol tables.
pub(crate) struct ModuleInfo<'a> {
    pub ast: &'a ast::Module,
    pub file: FileId,
    pub tag_default: ast::TagDefault,
    /// Local assignments by name (first definition wins; duplicates are reported).
    pub locals: HashMap<&'a str, usize>,
    /// Imported names.
    pub imports: HashMap<&'a str, ImportBinding>,
}

/// An actual parameter bound to a dummy reference, with the scope it was written in.
#[derive(Clone)]
pub(crate) struct Binding {
    pub actual: ast::ActualParameter,
    pub module: usize,
    pub env: Env,
}

/// Lexical environment of dummy-parameter bindings (innermost first).
#[derive(Clone, Default)]
pub(crate) struct Env(pub Option<Rc<EnvFrame>>);

pub(crate) struct EnvFrame {
    pub bindings: Vec<(String, Binding)>,
    pub parent: Env,
    pub depth: usize,
}

impl Env {
    /// The empty environment.
    pub fn root() -> Env {
        Env(None)
    }

    /// A new frame on top of `self`.
    pub fn extend(&self, bindings: Vec<(String, Binding)>) -> Env {
        let depth = self.depth() + 1;
        Env(Some(Rc::new(EnvFrame {
            bindings,
            parent: self.clone(),
            depth,
        })))
    }

    /// A frame whose parent is the root (templates are scoped in their own module),
    /// counting `depth` nested instantiations.
    pub fn root_with(bindings: Vec<(String, Binding)>, depth: usize) -> Env {
        Env(Some(Rc::new(EnvFrame {
            bindings,
            parent: Env::root(),
            depth,
        })))
    }

    /// Nesting depth of instantiations.
    pub fn depth(&self) -> usize {
        self.0.as_ref().map_or(0, |f| f.depth)
    }

    /// The binding of a dummy reference, searching outwards.
    pub fn lookup(&self, name: &str) -> Option<&Binding> {
        let mut env = self;
        while let Some(frame) = &env.0 {
            if let Some((_, b)) = frame.bindings.iter().find(|(n, _)| n == name) {
                return Some(b);
            }
            env = &frame.parent;
        }
        None
    }
}

/// What a name resolves to.
#[derive(Clone)]
pub(crate) enum Resolved {
    /// An assignment.
    Def(DefId),
    /// A dummy parameter bound to an actual parameter.
    Param(Binding),
    /// TYPE-IDENTIFIER or ABSTRACT-SYNTAX.
    BuiltinClass(&'static str),
}

/// The analysis state.
pub(crate) struct Analyzer<'a> {
    pub db: &'a SourceDb,
    pub files: &'a [(FileId, ast::SourceFile)],
    pub modules: Vec<ModuleInfo<'a>>,
    pub by_name: HashMap<&'a str, usize>,
    /// Every module of each name (same-named modules differ by OID).
    pub modules_named: HashMap<&'a str, Vec<usize>>,
    pub diags: Diagnostics,
    /// Memo: what each assignment defines.
    pub kinds: HashMap<DefId, super::kinds::DefKind>,
    pub kinds_in_progress: HashSet<DefId>,
    /// Memo: evaluated values of value assignments (`None` after an error).
    pub values: HashMap<DefId, Option<ir::Value>>,
    pub values_in_progress: HashSet<DefId>,
    /// Memo: outer shape (tag and kind) of type assignments, for tagging decisions.
    pub shapes: HashMap<DefId, Option<super::tagging::Shape>>,
    pub shapes_in_progress: HashSet<DefId>,
    /// Memo: lowered non-parameterized type assignments.
    pub lowered: HashMap<DefId, Option<Rc<ir::Type>>>,
    pub lowering_in_progress: HashSet<DefId>,
    /// Memo: flattened object sets.
    pub object_sets: HashMap<DefId, Option<Rc<ir::ObjectSet>>>,
    pub object_sets_in_progress: HashSet<DefId>,
    /// Memo: lowered classes.
    pub classes: HashMap<DefId, Option<Rc<ir::Class>>>,
    /// Memo: lowered objects.
    pub objects: HashMap<DefId, Option<Rc<ir::Object>>>,
    pub objects_in_progress: HashSet<DefId>,
    /// Diagnostics already reported for a span and code (reports happen once even when
    /// a definition is analysed from several places).
    reported: HashSet<(Code, FileId, u32, u32)>,
    /// While positive, diagnostics are dropped (speculative resolution).
    pub quiet: u32,
    /// Definitions being analysed inside one another (reference chains).
    pub chain_depth: u32,
    /// Nesting of SEQUENCE/SET/CHOICE bodies in the type being lowered (1 = outermost).
    pub constructed_depth: u32,
    /// Values for a draft's unassigned numbers (`TBD`), from the configuration.
    pub placeholders: std::collections::BTreeMap<String, num_bigint::BigInt>,
    /// Where placeholders were used: (file, start, end) -> (name, value).
    pub placeholder_uses: std::collections::BTreeMap<(u32, u32, u32), (String, num_bigint::BigInt)>,
}

impl<'a> Analyzer<'a> {
    pub fn new(db: &'a SourceDb, files: &'a [(FileId, ast::SourceFile)]) -> Self {
        Analyzer {
            db,
            files,
            modules: Vec::new(),
            by_name: HashMap::new(),
            modules_named: HashMap::new(),
            diags: Diagnostics::default(),
            kinds: HashMap::new(),
            kinds_in_progress: HashSet::new(),
            values: HashMap::new(),
            values_in_progress: HashSet::new(),
            shapes: HashMap::new(),
            shapes_in_progress: HashSet::new(),
            lowered: HashMap::new(),
            lowering_in_progress: HashSet::new(),
            object_sets: HashMap::new(),
            object_sets_in_progress: HashSet::new(),
            classes: HashMap::new(),
            objects: HashMap::new(),
            objects_in_progress: HashSet::new(),
            reported: HashSet::new(),
            quiet: 0,
            constructed_depth: 0,
            chain_depth: 0,
            placeholders: std::collections::BTreeMap::new(),
            placeholder_uses: std::collections::BTreeMap::new(),
        }
    }

    /// Enters the analysis of a definition from inside another; false (and an error at
    /// `span`) when reference chains are nested too deeply for the stack.
    pub fn enter_chain(&mut self, span: Span) -> bool {
        if self.chain_depth >= MAX_CHAIN {
            self.error(
                Code::CyclicType,
                span,
                format!("definitions refer to one another more than {MAX_CHAIN} levels deep"),
            );
            return false;
        }
        self.chain_depth += 1;
        true
    }

    /// Leaves a definition entered with [`Analyzer::enter_chain`].
    pub fn leave_chain(&mut self) {
        self.chain_depth = self.chain_depth.saturating_sub(1);
    }

    /// Records a diagnostic unless the same one was recorded already.
    pub fn report(&mut self, d: Diagnostic) {
        if self.quiet > 0 {
            return;
        }
        if let Some(p) = &d.primary {
            let key = (d.code, p.span.file, p.span.start, p.span.end);
            if !self.reported.insert(key) {
                return;
            }
        }
        self.diags.push(d);
    }

    /// Shorthand: report `code` at `span`.
    pub fn error(&mut self, code: Code, span: Span, message: impl Into<String>) {
        self.report(Diagnostic::new(code, span, message));
    }

    pub fn finish(self) -> Vec<Diagnostic> {
        self.diags.into_sorted()
    }

    /// The assignment of a definition.
    pub fn assignment(&self, id: DefId) -> &'a ast::Assignment {
        let ast: &'a ast::Module = self.modules[id.module].ast;
        &ast.assignments[id.index]
    }

    /// The source text of a span.
    pub fn text(&self, span: Span) -> &'a str {
        self.db.text(span.file).get(span.range()).unwrap_or("")
    }

    /// The full text of a file.
    pub fn file_text(&self, file: FileId) -> &'a str {
        self.db.text(file)
    }

    /// A location for the IR.
    pub fn location(&self, span: Span) -> ir::Location {
        let (line, column) = self.db.line_col(span.file, span.start);
        ir::Location {
            file: self.db.name(span.file).to_string(),
            line,
            column,
        }
    }

    /// The module-qualified name of a definition.
    pub fn qualified(&self, id: DefId) -> ir::QualifiedName {
        ir::QualifiedName {
            module: self.modules[id.module].ast.name.text.clone(),
            name: self.assignment(id).name.text.clone(),
        }
    }

    /// Resolves a simple name in a module and environment.
    pub fn resolve_name(&mut self, module: usize, env: &Env, name: &ast::Name) -> Option<Resolved> {
        if let Some(b) = env.lookup(&name.text) {
            return Some(Resolved::Param(b.clone()));
        }
        match name.text.as_str() {
            "TYPE-IDENTIFIER" => return Some(Resolved::BuiltinClass("TYPE-IDENTIFIER")),
            "ABSTRACT-SYNTAX" => return Some(Resolved::BuiltinClass("ABSTRACT-SYNTAX")),
            _ => {}
        }
        self.resolve_in_module(module, &name.text, name.span, &mut Vec::new())
    }

    /// Resolves a name defined in or imported into `module`, following re-exports.
    fn resolve_in_module(
        &mut self,
        module: usize,
        name: &str,
        span: Span,
        seen: &mut Vec<usize>,
    ) -> Option<Resolved> {
        if seen.contains(&module) {
            return None;
        }
        seen.push(module);
        let info = &self.modules[module];
        if let Some(&index) = info.locals.get(name) {
            return Some(Resolved::Def(DefId { module, index }));
        }
        let binding = info.imports.get(name).cloned();
        let Some(binding) = binding else {
            if seen.len() == 1 {
                self.report(
                    Diagnostic::new(
                        Code::UnresolvedReference,
                        span,
                        format!("`{name}` is not defined"),
                    )
                    .with_label("not defined, imported or built in"),
                );
            }
            return None;
        };
        if !binding.also_from.is_empty() && seen.len() == 1 {
            let mut d = Diagnostic::new(
                Code::AmbiguousImport,
                span,
                format!("`{name}` is imported from more than one module"),
            )
            .with_secondary(binding.span, "imported here");
            for (_, s) in &binding.also_from {
                d = d.with_secondary(*s, "and here");
            }
            self.report(d);
        }
        let from = binding.from?;
        self.resolve_in_module(from, name, span, seen)
    }

    /// Resolves the first segment of a reference and returns the remaining segments.
    pub fn resolve_reference<'r>(
        &mut self,
        module: usize,
        env: &Env,
        reference: &'r ast::Reference,
    ) -> Option<(Resolved, &'r [ast::Name])> {
        let (first, rest) = reference.segments.split_first()?;
        // `Module.name` external references.
        if let Some(second) = rest.first() {
            if !second.text.starts_with('&') && env.lookup(&first.text).is_none() {
                if let Some(&m) = self.by_name.get(first.text.as_str()) {
                    let r = self.resolve_in_module(m, &second.text, second.span, &mut Vec::new());
                    return r.map(|r| (r, &rest[1..]));
                }
            }
        }
        self.resolve_name(module, env, first).map(|r| (r, rest))
    }
}
