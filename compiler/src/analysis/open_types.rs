//! Pass: table and component relation constraints (X.682 10): the object set of an open
//! type becomes a table of (key value -> type).

use super::context::{Analyzer, Env};
use super::kinds::ClassRef;
use crate::ast::{self, FieldGovernor};
use crate::ir;

impl<'a> Analyzer<'a> {
    /// Applies `({Set}{@key})` or `({Set})` to a lowered type.
    pub fn apply_table_constraint(
        &mut self,
        module: usize,
        env: &Env,
        ty: &mut ir::Type,
        field_class: Option<super::context::DefId>,
        set: &ast::Braced,
        relation: &[ast::AtNotation],
    ) {
        let field = match &ty.kind {
            ir::TypeKind::OpenType { field: Some(f), .. } => Some(f.clone()),
            _ => None,
        };
        let Some(field) = field else {
            // Not an open type: a simple table constraint on a fixed-type field, or a
            // braced single value; the values are checked where the set is used.
            return;
        };
        let Some((_, field_name)) = field.rsplit_once('.') else {
            return;
        };
        let Some(class_id) = field_class else {
            return;
        };
        let text = self.file_text(set.span.file);
        let specs = match crate::parse::reparse_braced_set(text, set.span) {
            Ok(Some(specs)) => specs,
            Ok(None) => return,
            Err(d) => {
                self.report(d);
                return;
            }
        };
        let class = ClassRef::plain(class_id);
        let objects = self.object_set(module, env, &class, &specs);
        let Some((_, def)) = self.class_def(&class) else {
            return;
        };
        let key_field = def
            .fields
            .iter()
            .find(|f| f.unique)
            .or_else(|| {
                def.fields.iter().find(|f| {
                    !f.name.is_upper() && matches!(f.governor, Some(FieldGovernor::Type(_)))
                })
            })
            .map(|f| f.name.text.clone())
            .unwrap_or_else(|| "&id".to_string());
        if relation.is_empty() {
            return;
        }
        let rows = objects
            .objects
            .iter()
            .filter_map(|entry| {
                let key = entry.object.fields.iter().find_map(|(n, s)| match s {
                    ir::FieldSetting::Value { value } if *n == key_field => Some(value.clone()),
                    _ => None,
                })?;
                let ty = entry.object.fields.iter().find_map(|(n, s)| match s {
                    ir::FieldSetting::Type { ty } if n == field_name => Some(ty.clone()),
                    _ => None,
                });
                Some(ir::OpenTypeRow {
                    key,
                    object: entry.name.clone(),
                    ty,
                })
            })
            .collect();
        let key_component = relation
            .iter()
            .map(|at| {
                format!(
                    "@{}{}",
                    ".".repeat(at.level as usize),
                    at.path
                        .iter()
                        .map(|n| n.text.as_str())
                        .collect::<Vec<_>>()
                        .join(".")
                )
            })
            .collect::<Vec<_>>()
            .join(", ");
        if let ir::TypeKind::OpenType { table, .. } = &mut ty.kind {
            *table = Some(ir::OpenTypeTable {
                object_set: self.text(set.span).to_string(),
                key_component,
                key_field,
                rows,
                extensible: objects.extensible,
            });
        }
    }
}
