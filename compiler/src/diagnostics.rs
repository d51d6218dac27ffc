//! Diagnostics: typed errors with a stable code, a primary span and labelled context,
//! rendered with codespan-reporting as `file:line:col` with the source line and a caret.

use crate::ast::Span;
use crate::source::SourceDb;
use codespan_reporting::diagnostic as cs;
use codespan_reporting::term;
use std::fmt;

/// The kind of a diagnostic. Each has a stable code (`E0104`) and a slug
/// (`unresolved-reference`) used by tests and tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Code {
    /// The text does not follow the ASN.1 grammar.
    Syntax,
    /// A file could not be read.
    Io,
    /// Two modules with the same name.
    DuplicateModule,
    /// An IMPORTS clause names a module that is not in any given file.
    ModuleNotFound,
    /// An imported name is not defined or not exported by its module.
    ImportNotExported,
    /// A name that is neither defined, imported nor built in.
    UnresolvedReference,
    /// Two assignments of the same name in one module.
    DuplicateDefinition,
    /// Two components or alternatives of the same name.
    DuplicateComponent,
    /// Components or alternatives whose tags are not distinct where X.680 requires it.
    TagClash,
    /// A constraint that cannot apply to its type, or an empty or inverted range.
    BadConstraint,
    /// A value that does not fit its type.
    BadValue,
    /// A named number, named bit or enumeration item defined twice.
    DuplicateNamedNumber,
    /// A type defined in terms of itself with no way out (infinite size).
    CyclicType,
    /// A value defined in terms of itself.
    CyclicValue,
    /// A DEFAULT value that does not fit the component's type.
    BadDefault,
    /// COMPONENTS OF applied to something that is not a SEQUENCE or SET.
    ComponentsOf,
    /// An instantiation with the wrong number or kind of actual parameters.
    ParameterCount,
    /// A reference to a class field that does not exist.
    UnknownField,
    /// An object that does not match its class (missing field, wrong syntax).
    ObjectSyntax,
    /// An OBJECT IDENTIFIER value with invalid arcs.
    BadOid,
    /// EXPORTS names something the module does not define.
    ExportsUnknown,
    /// A name imported from two modules and used.
    AmbiguousImport,
    /// Misplaced extension markers or version numbers.
    BadExtension,
    /// A tag that cannot be used (negative number, bad class).
    BadTag,
    /// A reference of the wrong kind (a value where a type is expected, ...).
    TypeMismatch,
    /// A construct the compiler accepts syntactically but cannot analyse yet.
    Unsupported,
    /// A warning: a draft placeholder (`TBD`) was given a value by the configuration
    /// (`Config::placeholder`, `--placeholder`), so the output is not the final schema.
    Placeholder,
}

impl Code {
    /// Every code, in order.
    pub const ALL: [Code; 27] = [
        Code::Syntax,
        Code::Io,
        Code::DuplicateModule,
        Code::ModuleNotFound,
        Code::ImportNotExported,
        Code::UnresolvedReference,
        Code::DuplicateDefinition,
        Code::DuplicateComponent,
        Code::TagClash,
        Code::BadConstraint,
        Code::BadValue,
        Code::DuplicateNamedNumber,
        Code::CyclicType,
        Code::CyclicValue,
        Code::BadDefault,
        Code::ComponentsOf,
        Code::ParameterCount,
        Code::UnknownField,
        Code::ObjectSyntax,
        Code::BadOid,
        Code::ExportsUnknown,
        Code::AmbiguousImport,
        Code::BadExtension,
        Code::BadTag,
        Code::TypeMismatch,
        Code::Unsupported,
        Code::Placeholder,
    ];

    /// The stable code, e.g. `E0104`.
    pub fn code(self) -> &'static str {
        match self {
            Code::Syntax => "E0001",
            Code::Io => "E0002",
            Code::DuplicateModule => "E0101",
            Code::ModuleNotFound => "E0102",
            Code::ImportNotExported => "E0103",
            Code::UnresolvedReference => "E0104",
            Code::DuplicateDefinition => "E0105",
            Code::AmbiguousImport => "E0106",
            Code::ExportsUnknown => "E0107",
            Code::TypeMismatch => "E0108",
            Code::DuplicateComponent => "E0201",
            Code::TagClash => "E0202",
            Code::ComponentsOf => "E0203",
            Code::BadExtension => "E0204",
            Code::BadTag => "E0205",
            Code::CyclicType => "E0206",
            Code::DuplicateNamedNumber => "E0207",
            Code::BadConstraint => "E0301",
            Code::BadValue => "E0401",
            Code::BadDefault => "E0402",
            Code::BadOid => "E0403",
            Code::CyclicValue => "E0404",
            Code::ParameterCount => "E0501",
            Code::UnknownField => "E0601",
            Code::ObjectSyntax => "E0602",
            Code::Unsupported => "E0901",
            Code::Placeholder => "W0101",
        }
    }

    /// The slug, e.g. `unresolved-reference`.
    pub fn slug(self) -> &'static str {
        match self {
            Code::Syntax => "syntax",
            Code::Io => "io",
            Code::DuplicateModule => "duplicate-module",
            Code::ModuleNotFound => "module-not-found",
            Code::ImportNotExported => "import-not-exported",
            Code::UnresolvedReference => "unresolved-reference",
            Code::DuplicateDefinition => "duplicate-definition",
            Code::DuplicateComponent => "duplicate-component",
            Code::TagClash => "tag-clash",
            Code::BadConstraint => "bad-constraint",
            Code::BadValue => "bad-value",
            Code::DuplicateNamedNumber => "duplicate-named-number",
            Code::CyclicType => "cyclic-type",
            Code::CyclicValue => "cyclic-value",
            Code::BadDefault => "bad-default",
            Code::ComponentsOf => "components-of",
            Code::ParameterCount => "parameter-count",
            Code::UnknownField => "unknown-field",
            Code::ObjectSyntax => "object-syntax",
            Code::BadOid => "bad-oid",
            Code::ExportsUnknown => "exports-unknown",
            Code::AmbiguousImport => "ambiguous-import",
            Code::BadExtension => "bad-extension",
            Code::BadTag => "bad-tag",
            Code::TypeMismatch => "type-mismatch",
            Code::Unsupported => "unsupported",
            Code::Placeholder => "placeholder",
        }
    }

    /// True for warnings: reported, but they do not stop compilation.
    pub fn is_warning(self) -> bool {
        matches!(self, Code::Placeholder)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]", self.code(), self.slug())
    }
}

/// A labelled span giving context to a diagnostic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What is there.
    pub message: String,
}

/// One error (or warning, see [`Code::is_warning`]) found in a schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The kind.
    pub code: Code,
    /// One sentence saying what is wrong.
    pub message: String,
    /// Where it is wrong; `None` only for errors not tied to a file (I/O on a path).
    pub primary: Option<Label>,
    /// Related places (the earlier definition, the other tag, ...).
    pub secondary: Vec<Label>,
    /// Advice on how to fix it.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// A diagnostic of `code` at `span`.
    pub fn new(code: Code, span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            message: message.into(),
            primary: Some(Label {
                span,
                message: String::new(),
            }),
            secondary: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// A diagnostic with no source location.
    pub fn without_span(code: Code, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            message: message.into(),
            primary: None,
            secondary: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// Sets the label on the primary span.
    pub fn with_label(mut self, message: impl Into<String>) -> Self {
        if let Some(primary) = &mut self.primary {
            primary.message = message.into();
        }
        self
    }

    /// Adds a labelled related span.
    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Self {
        self.secondary.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    /// Adds a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// `error` or `warning`, as rendered.
    pub fn severity(&self) -> &'static str {
        if self.code.is_warning() {
            "warning"
        } else {
            "error"
        }
    }

    fn to_codespan(&self) -> cs::Diagnostic<usize> {
        let mut labels = Vec::new();
        if let Some(p) = &self.primary {
            labels.push(
                cs::Label::primary(p.span.file.0 as usize, p.span.range())
                    .with_message(p.message.clone()),
            );
        }
        for s in &self.secondary {
            labels.push(
                cs::Label::secondary(s.span.file.0 as usize, s.span.range())
                    .with_message(s.message.clone()),
            );
        }
        let base = if self.code.is_warning() {
            cs::Diagnostic::warning()
        } else {
            cs::Diagnostic::error()
        };
        base.with_code(format!("{}", self.code))
            .with_message(self.message.clone())
            .with_labels(labels)
            .with_notes(self.notes.clone())
    }

    /// Renders the diagnostic as text without colour (`file:line:col`, source line, caret).
    pub fn render(&self, db: &SourceDb) -> String {
        let mut writer = term::termcolor::NoColor::new(Vec::new());
        let config = term::Config::default();
        if term::emit(&mut writer, &config, db.files(), &self.to_codespan()).is_err() {
            return format!("{}[{}]: {}\n", self.severity(), self.code, self.message);
        }
        String::from_utf8_lossy(&writer.into_inner()).into_owned()
    }

    /// Writes the diagnostic to a terminal stream, in colour when it is a terminal.
    pub fn emit(&self, db: &SourceDb, stream: &mut dyn term::termcolor::WriteColor) {
        let config = term::Config::default();
        if term::emit(stream, &config, db.files(), &self.to_codespan()).is_err() {
            let _ = writeln!(
                stream,
                "{}[{}]: {}",
                self.severity(),
                self.code,
                self.message
            );
        }
    }
}

/// Diagnostics collected by a pass; passes keep going after an error where they can.
#[derive(Debug, Default, Clone)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
}

impl Diagnostics {
    /// Records a diagnostic.
    pub fn push(&mut self, d: Diagnostic) {
        self.items.push(d);
    }

    /// True when nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The recorded diagnostics, sorted by file and position, duplicates removed.
    pub fn into_sorted(mut self) -> Vec<Diagnostic> {
        self.items.sort_by_key(|d| {
            d.primary
                .as_ref()
                .map(|p| (p.span.file.0, p.span.start, p.span.end))
                .unwrap_or((u32::MAX, 0, 0))
        });
        self.items.dedup();
        self.items
    }

    /// Number of diagnostics recorded.
    pub fn len(&self) -> usize {
        self.items.len()
    }
}
