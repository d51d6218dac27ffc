//! The language-neutral intermediate representation: the only input of the backends.
//!
//! Everything a backend would otherwise re-derive from the AST is resolved here: each
//! type's effective tag and tagging mode, normalized constraints, INTEGER native
//! representation, components with presence and extension position, open-type tables
//! built from object sets, evaluated values, and source locations.

mod constraints;
pub mod der;
mod types;
mod values;

pub use constraints::*;
pub use types::*;
pub use values::*;

use serde::Serialize;

/// The result of analysing a set of modules.
#[derive(Debug, Clone, Serialize)]
pub struct Ir {
    /// The modules, in the order their files were given and then as written.
    pub modules: Vec<Module>,
}

/// A module-qualified name of a definition.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct QualifiedName {
    /// The module reference.
    pub module: String,
    /// The definition's name in that module.
    pub name: String,
}

/// Where something is defined.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Location {
    /// The file name as given to the compiler.
    pub file: String,
    /// One-based line.
    pub line: usize,
    /// One-based column.
    pub column: usize,
}

/// The tagging default of a module.
pub use crate::ast::TagDefault;

/// One IMPORTS clause.
#[derive(Debug, Clone, Serialize)]
pub struct Import {
    /// The module imported from.
    pub module: String,
    /// The names imported.
    pub symbols: Vec<String>,
}

/// A module and its definitions.
#[derive(Debug, Clone, Serialize)]
pub struct Module {
    /// The module reference.
    pub name: String,
    /// The definitive OBJECT IDENTIFIER, dotted, if given and resolvable.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub oid: Option<String>,
    /// The definitive IRI, if given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iri: Option<String>,
    /// The tagging default in force.
    pub tag_default: TagDefault,
    /// `EXTENSIBILITY IMPLIED`.
    pub extensibility_implied: bool,
    /// Where the module starts.
    pub location: Location,
    /// The IMPORTS clauses.
    pub imports: Vec<Import>,
    /// The exported names; `None` when everything is exported.
    pub exports: Option<Vec<String>>,
    /// The definitions, in source order, followed by instances of parameterized types.
    pub definitions: Vec<Definition>,
    /// Draft placeholders given a value in the module header (its OID).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub placeholders: Vec<Placeholder>,
}

/// A draft's unassigned number (`TBD`) replaced by a configured value: backends say so
/// in the documentation of what uses it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Placeholder {
    /// The name written in the schema (`TBD`).
    pub name: String,
    /// The value used, in decimal.
    pub value: String,
    /// Where the schema uses it.
    pub location: Location,
}

impl Placeholder {
    /// One sentence for generated documentation.
    pub fn describe(&self) -> String {
        format!(
            "Placeholder: `{}` ({}:{}:{}) is unassigned in the schema; this build uses {} \
             (`--placeholder`), not an assigned number.",
            self.name, self.location.file, self.location.line, self.location.column, self.value
        )
    }
}

/// A named definition.
#[derive(Debug, Clone, Serialize)]
pub struct Definition {
    /// The name (for an instance, the template name with its arguments).
    pub name: String,
    /// Where it is defined (for an instance: the template).
    pub location: Location,
    /// The ASN.1 text of the definition, for documentation.
    pub asn1: String,
    /// What it defines.
    #[serde(flatten)]
    pub kind: DefinitionKind,
    /// Draft placeholders given a value inside this definition.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub placeholders: Vec<Placeholder>,
}

impl Definition {
    /// The lines of the definition's text without the comments after it that stand
    /// apart from it (after a blank line): those head the next part of the module.
    /// Comments right under the definition stay, they are about it.
    pub fn own_text(&self) -> Vec<&str> {
        let lines: Vec<&str> = self.asn1.trim_end().lines().collect();
        let is_comment = |l: &str| l.trim().is_empty() || l.trim_start().starts_with("--");
        let last_code = lines.iter().rposition(|l| !is_comment(l)).unwrap_or(0);
        let end = lines[last_code..]
            .iter()
            .position(|l| l.trim().is_empty())
            .map_or(lines.len(), |blank| last_code + blank);
        lines[..end].to_vec()
    }
}

/// What a definition defines.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DefinitionKind {
    /// A type.
    Type {
        /// The type.
        #[serde(rename = "type")]
        ty: Type,
        /// True when the type refers back to itself (backends need indirection).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        recursive: bool,
        /// For an instance of a parameterized type: the template and the arguments.
        #[serde(skip_serializing_if = "Option::is_none")]
        instance_of: Option<Instance>,
    },
    /// A value.
    Value {
        /// Its type.
        #[serde(rename = "type")]
        ty: Type,
        /// The evaluated value.
        value: Value,
    },
    /// A value set (a type defined by its values).
    ValueSet {
        /// The type, with the set as its constraint.
        #[serde(rename = "type")]
        ty: Type,
    },
    /// An information object class.
    Class(Class),
    /// An information object.
    Object {
        /// Its class.
        class: QualifiedName,
        /// Its field settings.
        object: Object,
    },
    /// An information object set.
    ObjectSet {
        /// Its class.
        class: QualifiedName,
        /// The objects.
        set: ObjectSet,
    },
    /// A parameterized assignment: a template, emitted through its instances.
    Parameterized {
        /// What the template defines once instantiated.
        of: String,
        /// The dummy parameters.
        parameters: Vec<String>,
    },
}

/// The template and arguments of an instance of a parameterized type.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Instance {
    /// The parameterized type.
    pub template: QualifiedName,
    /// The actual parameters, as written.
    pub arguments: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn own_text(text: &str) -> Vec<String> {
        let def = Definition {
            name: "A".into(),
            location: Location {
                file: "a.asn1".into(),
                line: 1,
                column: 1,
            },
            asn1: text.into(),
            kind: DefinitionKind::Parameterized {
                of: "type".into(),
                parameters: Vec::new(),
            },
            placeholders: Vec::new(),
        };
        def.own_text().into_iter().map(String::from).collect()
    }

    #[test]
    fn a_definition_keeps_the_comments_under_it_and_drops_the_next_heading() {
        let text = "A ::= SEQUENCE OF B\n    -- about A\n\n-- ====\n-- Next part\n-- ====\n";
        assert_eq!(own_text(text), ["A ::= SEQUENCE OF B", "    -- about A"]);
        assert_eq!(own_text("B ::= INTEGER"), ["B ::= INTEGER"]);
        let inner_blank = "C ::= SEQUENCE {\n\n  a INTEGER\n}\n\n-- later";
        assert_eq!(
            own_text(inner_blank),
            ["C ::= SEQUENCE {", "", "  a INTEGER", "}"]
        );
    }
}
