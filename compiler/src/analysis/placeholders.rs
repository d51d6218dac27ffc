//! Pass helper: draft placeholders. Internet-Drafts leave numbers to be assigned as
//! `TBD`, `TBD1`, ... in OID arcs and module identifiers (`id-mod-x(TBD1)`); such a name
//! is defined nowhere, so the module cannot compile. The configuration may give each
//! placeholder a value (`Config::placeholder`, CLI `--placeholder TBD=0`); every use is
//! then reported as a warning so that the substitution is never silent.

use super::context::{Analyzer, Env};
use crate::ast;
use crate::diagnostics::{Code, Diagnostic};
use num_bigint::BigInt;

/// What a name used as a number (an OID arc, an INTEGER value) stands for.
pub(crate) enum NumberName {
    /// Defined, imported or a dummy parameter: resolve it the usual way.
    Defined,
    /// A configured placeholder with this value (a warning was reported).
    Placeholder(BigInt),
    /// Not defined and no placeholder: an error was reported.
    Undefined,
}

impl<'a> Analyzer<'a> {
    /// Classifies a reference written where a number is expected, reporting a
    /// placeholder warning or an unresolved-reference error that names the option.
    pub fn number_name(&mut self, module: usize, env: &Env, r: &ast::Reference) -> NumberName {
        let Some(name) = r.as_simple() else {
            return NumberName::Defined;
        };
        let info = &self.modules[module];
        if env.lookup(&name.text).is_some()
            || info.locals.contains_key(name.text.as_str())
            || info.imports.contains_key(name.text.as_str())
        {
            return NumberName::Defined;
        }
        if let Some(value) = self.placeholders.get(&name.text).cloned() {
            let key = (name.span.file.0, name.span.start, name.span.end);
            self.placeholder_uses
                .insert(key, (name.text.clone(), value.clone()));
            self.report(
                Diagnostic::new(
                    Code::Placeholder,
                    name.span,
                    format!(
                        "`{}` is a placeholder; using the configured value {value}",
                        name.text
                    ),
                )
                .with_label(format!("placeholder, replaced by {value}"))
                .with_note(
                    "the schema leaves this number unassigned; the generated code uses a value \
                     chosen by the build configuration, not an assigned one",
                ),
            );
            return NumberName::Placeholder(value);
        }
        let mut d = Diagnostic::new(
            Code::UnresolvedReference,
            name.span,
            format!("`{}` is not defined", name.text),
        )
        .with_label("not defined, imported or built in");
        // A value reference starts with a lower-case letter (X.680 12.4), so an upper-case
        // name where a number belongs is most likely a draft's `TBD`, not a typo.
        if name.text.starts_with(|c: char| c.is_ascii_uppercase()) {
            d = d.with_note(format!(
                "if `{}` is a draft's placeholder for a number yet to be assigned, give it a \
                 value with `--placeholder {}=NUMBER` (build.rs: `Config::placeholder`)",
                name.text, name.text
            ));
        }
        self.report(d);
        NumberName::Undefined
    }
}

impl<'a> Analyzer<'a> {
    /// The placeholders used inside `span`, for the IR.
    pub fn placeholders_in(&self, span: ast::Span) -> Vec<crate::ir::Placeholder> {
        self.placeholder_uses
            .range((span.file.0, span.start, 0)..=(span.file.0, span.end, u32::MAX))
            .filter(|((_, _, end), _)| *end <= span.end)
            .map(
                |(&(file, start, end), (name, value))| crate::ir::Placeholder {
                    name: name.clone(),
                    value: value.to_string(),
                    location: self.location(ast::Span {
                        file: ast::FileId(file),
                        start,
                        end,
                    }),
                },
            )
            .collect()
    }
}
