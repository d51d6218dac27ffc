//! Pass: the module table, local symbol tables, IMPORTS and EXPORTS.

use super::context::{Analyzer, ImportBinding, ModuleInfo};
use crate::ast::{Exports, TagDefault};
use crate::diagnostics::{Code, Diagnostic};
use std::collections::HashMap;

impl<'a> Analyzer<'a> {
    /// Registers every module, reporting duplicate modules and duplicate definitions.
    pub fn build_module_table(&mut self) {
        let files = self.files;
        for (file, source) in files {
            for module in &source.modules {
                let same_name = self
                    .modules_named
                    .get(module.name.text.as_str())
                    .cloned()
                    .unwrap_or_default();
                // Modules are identified by name and OID (X.680 13.4): same-named modules
                // with different OIDs are different modules.
                let clash = same_name
                    .iter()
                    .find(|&&m| {
                        header_oid(self.modules[m].ast) == header_oid(module)
                            || header_oid(module).is_none()
                            || self.modules[m].file == *file
                    })
                    .copied();
                if let Some(prev) = clash {
                    let prev_span = self.modules[prev].ast.name_span;
                    self.report(
                        Diagnostic::new(
                            Code::DuplicateModule,
                            module.name_span,
                            format!("module `{}` is defined twice", module.name.text),
                        )
                        .with_label("second definition")
                        .with_secondary(prev_span, "first defined here"),
                    );
                    continue;
                }
                let mut locals: HashMap<&str, usize> = HashMap::new();
                for (index, a) in module.assignments.iter().enumerate() {
                    if let Some(&prev) = locals.get(a.name.text.as_str()) {
                        let prev_span = module.assignments[prev].name.span;
                        self.report(
                            Diagnostic::new(
                                Code::DuplicateDefinition,
                                a.name.span,
                                format!(
                                    "`{}` is defined twice in module `{}`",
                                    a.name.text, module.name.text
                                ),
                            )
                            .with_label("second definition")
                            .with_secondary(prev_span, "first defined here"),
                        );
                        continue;
                    }
                    locals.insert(a.name.text.as_str(), index);
                }
                self.by_name
                    .entry(module.name.text.as_str())
                    .or_insert(self.modules.len());
                self.modules_named
                    .entry(module.name.text.as_str())
                    .or_default()
                    .push(self.modules.len());
                self.modules.push(ModuleInfo {
                    ast: module,
                    file: *file,
                    tag_default: module.tag_default.unwrap_or(TagDefault::Explicit),
                    locals,
                    imports: HashMap::new(),
                });
            }
        }
    }

    /// Resolves IMPORTS clauses to modules and checks what they name; checks EXPORTS.
    pub fn check_imports_and_exports(&mut self) {
        for m in 0..self.modules.len() {
            let ast = self.modules[m].ast;
            if let Exports::Symbols(symbols) = &ast.exports {
                for s in symbols {
                    let defined = self.modules[m].locals.contains_key(s.text.as_str())
                        || ast
                            .imports
                            .iter()
                            .any(|i| i.symbols.iter().any(|n| n.text == s.text));
                    if !defined {
                        self.error(
                            Code::ExportsUnknown,
                            s.span,
                            format!(
                                "`{}` is exported but not defined in `{}`",
                                s.text, ast.name.text
                            ),
                        );
                    }
                }
            }
            let mut imports: HashMap<&'a str, ImportBinding> = HashMap::new();
            for clause in &ast.imports {
                let from = self.module_for_import(clause);
                match from {
                    None => {
                        self.report(
                            Diagnostic::new(
                                Code::ModuleNotFound,
                                clause.module.span,
                                format!("module `{}` is not found", clause.module.text),
                            )
                            .with_label("imported from here")
                            .with_note(
                                "give the file defining it on the command line, or its folder with -I",
                            ),
                        );
                    }
                    Some(from) => {
                        for s in &clause.symbols {
                            self.check_imported_symbol(from, s);
                        }
                    }
                }
                for s in &clause.symbols {
                    if let Some(&local) = self.modules[m].locals.get(s.text.as_str()) {
                        let local_span = ast.assignments[local].name.span;
                        self.report(
                            Diagnostic::new(
                                Code::DuplicateDefinition,
                                local_span,
                                format!(
                                    "`{}` is both imported and defined in `{}`",
                                    s.text, ast.name.text
                                ),
                            )
                            .with_secondary(s.span, "imported here"),
                        );
                    }
                    match imports.get_mut(s.text.as_str()) {
                        Some(existing) => {
                            if existing.from != from {
                                existing.also_from.push((from, s.span));
                            }
                        }
                        None => {
                            imports.insert(
                                s.text.as_str(),
                                ImportBinding {
                                    from,
                                    span: s.span,
                                    also_from: Vec::new(),
                                },
                            );
                        }
                    }
                }
            }
            self.modules[m].imports = imports;
        }
    }

    /// The module an IMPORTS clause names: by name, and by OID among same-named modules.
    fn module_for_import(&self, clause: &crate::ast::ImportFrom) -> Option<usize> {
        let candidates = self.modules_named.get(clause.module.text.as_str())?;
        if candidates.len() > 1 {
            if let Some(crate::ast::AssignedIdentifier::Oid(components)) = &clause.assigned {
                let wanted = oid_key(components);
                if let Some(&m) = candidates
                    .iter()
                    .find(|&&m| wanted.is_some() && header_oid(self.modules[m].ast) == wanted)
                {
                    return Some(m);
                }
            }
        }
        candidates.first().copied()
    }

    fn check_imported_symbol(&mut self, from: usize, symbol: &crate::ast::Name) {
        let target = self.modules[from].ast;
        let defined = self.modules[from].locals.contains_key(symbol.text.as_str())
            || target
                .imports
                .iter()
                .any(|i| i.symbols.iter().any(|n| n.text == symbol.text));
        let exported = match &target.exports {
            Exports::All => true,
            Exports::Symbols(list) => list.iter().any(|n| n.text == symbol.text),
        };
        if !defined || !exported {
            let what = if defined {
                "does not export"
            } else {
                "does not define"
            };
            let code = if defined {
                Code::ImportNotExported
            } else {
                Code::UnresolvedReference
            };
            self.report(
                Diagnostic::new(
                    code,
                    symbol.span,
                    format!("module `{}` {what} `{}`", target.name.text, symbol.text),
                )
                .with_secondary(target.name_span, "module defined here"),
            );
        }
    }
}

/// The numeric arcs of an OID written with numbers and name-and-number forms only.
fn oid_key(components: &[crate::ast::OidComponentAst]) -> Option<String> {
    use crate::ast::{NumberOrRef, OidComponentAst};
    let arcs: Option<Vec<String>> = components
        .iter()
        .map(|c| match c {
            OidComponentAst::Number(n, _) => Some(n.to_string()),
            OidComponentAst::NameAndNumber(_, NumberOrRef::Number(n, _)) => Some(n.to_string()),
            OidComponentAst::Name(r) => match r.as_simple()?.text.as_str() {
                "itu-t" | "ccitt" => Some("0".into()),
                "iso" => Some("1".into()),
                "joint-iso-itu-t" | "joint-iso-ccitt" => Some("2".into()),
                _ => None,
            },
            _ => None,
        })
        .collect();
    arcs.map(|a| a.join("."))
}

/// The module's definitive OID as a key, when written with numbers.
fn header_oid(m: &crate::ast::Module) -> Option<String> {
    m.oid.as_deref().and_then(oid_key)
}
