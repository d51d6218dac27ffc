//! A generic, iterative TLV walk: every element of one top-level value, in order.
//!
//! The walk keeps its own stack of readers, so hostile nesting ends in
//! [`ErrorKind::DepthExceeded`](crate::ErrorKind) instead of a stack overflow.

use alloc::vec::Vec;

use crate::error::{Error, ErrorKind, Result};
use crate::{Header, Length, Limits, Reader, Rules};

/// What the walk reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event<'a> {
    /// A primitive element and its contents.
    Primitive {
        /// The header.
        header: Header,
        /// The contents octets.
        content: &'a [u8],
        /// Nesting depth (0 for the top-level value).
        depth: u32,
    },
    /// Start of a constructed element.
    Begin {
        /// The header.
        header: Header,
        /// Nesting depth.
        depth: u32,
    },
    /// End of the constructed element begun at the same depth.
    End {
        /// Nesting depth.
        depth: u32,
    },
}

/// Walks exactly one top-level element of `input`; trailing bytes are an error.
pub fn walk<'a>(
    input: &'a [u8],
    rules: Rules,
    limits: Limits,
    mut visit: impl FnMut(Event<'a>) -> Result<()>,
) -> Result<()> {
    let mut root = Reader::with_limits(input, rules, limits);
    let mut stack: Vec<Reader<'a>> = Vec::new();
    let mut started = false;
    loop {
        let depth = u32::try_from(stack.len()).map_err(|_| root.error(ErrorKind::DepthExceeded))?;
        let top = match stack.last_mut() {
            Some(t) => t,
            None if started => break,
            None => &mut root,
        };
        started = true;
        if depth > 0 && top.is_finished() {
            let done = stack
                .pop()
                .ok_or_else(|| Error::new(ErrorKind::Truncated, 0))?;
            match stack.last_mut() {
                Some(parent) => parent.close_child(done)?,
                None => root.close_child(done)?,
            }
            visit(Event::End { depth: depth - 1 })?;
            continue;
        }
        let header = top.read_header()?;
        if header.tag.constructed {
            let child = top.child(&header)?;
            visit(Event::Begin { header, depth })?;
            stack.push(child);
        } else {
            let n = match header.length {
                Length::Definite(n) => n,
                Length::Indefinite => 0,
            };
            let content = top.read_bytes(n)?;
            visit(Event::Primitive {
                header,
                content,
                depth,
            })?;
        }
    }
    root.finish()
}

/// Walks `input` and decodes every primitive universal value under `rules`; counts
/// the elements.
pub fn validate(input: &[u8], rules: Rules) -> Result<usize> {
    let mut n = 0usize;
    walk(input, rules, Limits::DEFAULT, |e| {
        if let Event::Primitive {
            header, content, ..
        } = e
        {
            crate::dump::describe_primitive(&header, content, rules)?;
        }
        if !matches!(e, Event::End { .. }) {
            n += 1;
        }
        Ok(())
    })?;
    Ok(n)
}
