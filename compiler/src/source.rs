//! The source files of a compilation and their names.

use crate::ast::FileId;
use codespan_reporting::files::SimpleFiles;

/// The schema texts being compiled, addressed by [`FileId`].
pub struct SourceDb {
    files: SimpleFiles<String, String>,
    texts: Vec<(String, String)>,
    /// Byte offsets at which each line starts, per file.
    line_starts: Vec<Vec<usize>>,
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
            line_starts: Vec::new(),
        }
    }

    /// Adds a file's name and text, returning its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let name = name.into();
        let text = text.into();
        let id = self.files.add(name.clone(), text.clone());
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        self.line_starts.push(starts);
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

    /// One-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, id: FileId, offset: u32) -> (usize, usize) {
        let text = self.text(id);
        let mut offset = (offset as usize).min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let starts = self
            .line_starts
            .get(id.0 as usize)
            .map_or(&[0][..], Vec::as_slice);
        let line = starts.partition_point(|&s| s <= offset).max(1);
        let line_start = starts.get(line - 1).copied().unwrap_or(0).min(offset);
        let col = text[line_start..offset].chars().count() + 1;
        (line, col)
    }

    /// The files for codespan-reporting.
    pub(crate) fn files(&self) -> &SimpleFiles<String, String> {
        &self.files
    }
}
