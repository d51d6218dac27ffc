//! The source files of a compilation and their names.

use crate::ast::FileId;
use codespan_reporting::files::SimpleFiles;

/// The schema texts being compiled, addressed by [`FileId`].
pub struct SourceDb {
    files: SimpleFiles<String, String>,
    texts: Vec<(String, String)>,
}

impl Default for SourceDb {
    fn default() -> Self {
        Self::new()
    }
}

impl SourceDb {
    /// An empty database.
    pub fn new() -> Self {
        SourceDb {
            files: SimpleFiles::new(),
            texts: Vec::new(),
        }
    }

    /// Adds a file's name and text, returning its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let name = name.into();
        let text = text.into();
        let id = self.files.add(name.clone(), text.clone());
        self.texts.push((name, text));
        FileId(u32::try_from(id).unwrap_or(u32::MAX))
    }

    /// The text of a file.
    pub fn text(&self, id: FileId) -> &str {
        self.texts
            .get(id.0 as usize)
            .map_or("", |(_, t)| t.as_str())
    }

    /// The name of a file, as given to [`SourceDb::add`].
    pub fn name(&self, id: FileId) -> &str {
        self.texts
            .get(id.0 as usize)
            .map_or("", |(n, _)| n.as_str())
    }

    /// The ids of all files, in the order added.
    pub fn ids(&self) -> impl Iterator<Item = FileId> + '_ {
        (0..self.texts.len()).map(|i| FileId(u32::try_from(i).unwrap_or(u32::MAX)))
    }

    /// One-based line and column of a byte offset.
    pub fn line_col(&self, id: FileId, offset: u32) -> (usize, usize) {
        let text = self.text(id);
        let offset = (offset as usize).min(text.len());
        let mut cut = offset;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        let before = &text[..cut];
        let line = before.matches('\n').count() + 1;
        let col = before
            .rfind('\n')
            .map_or(before.len(), |nl| before.len() - nl - 1)
            + 1;
        (line, col)
    }

    /// The files for codespan-reporting.
    pub(crate) fn files(&self) -> &SimpleFiles<String, String> {
        &self.files
    }
}
