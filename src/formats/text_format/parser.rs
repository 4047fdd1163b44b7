//! Reading a text world line by line: the header, directives, `block`
//! lines and rows, every cell checked against the read budget.

use std::sync::Arc;

use glam::{DVec3, IVec3};

use super::{MAGIC, MAX_CELL_COORDINATE, NO_END_WARNING, TextProblem, TextWorld, TextWorldError};
use crate::formats::ReadBudget;
use crate::formats::block_line::parse_block_line;
use crate::world::{BlockId, BlockRegistry, World};

pub(super) struct Parser {
    world: World,
    budget: ReadBudget,
    /// The text's own bytes, held while the world is built.
    text_bytes: u64,
    seen_header: bool,
    /// Whether the closing `end` was read.
    ended: bool,
    origin: IVec3,
    legend: [Option<BlockId>; 128],
    layer: Option<i32>,
    row_in_layer: i32,
    any_layer: bool,
}

impl Parser {
    pub(super) fn new(registry: Arc<BlockRegistry>, budget: ReadBudget, text_bytes: u64) -> Self {
        let mut legend = [None; 128];
        for (c, block) in DEFAULT_LEGEND {
            legend[*c as usize] = Some(*block);
        }
        Self {
            world: World::with_registry(registry),
            budget,
            text_bytes,
            seen_header: false,
            ended: false,
            origin: IVec3::ZERO,
            legend,
            layer: None,
            row_in_layer: 0,
            any_layer: false,
        }
    }

    pub(super) fn line(&mut self, line: usize, raw: &str) -> Result<(), TextWorldError> {
        let trimmed = raw.trim_start();
        let indent = raw.chars().count() - trimmed.chars().count();
        let at = |column: usize, problem| TextWorldError {
            line,
            column,
            problem,
        };
        if trimmed.trim_end().is_empty() {
            return Ok(());
        }
        if self.ended {
            if trimmed.starts_with('#') {
                return Ok(());
            }
            let found = trimmed.chars().take(40).collect();
            return Err(at(indent + 1, TextProblem::AfterEnd { found }));
        }
        if let Some(row) = trimmed.strip_prefix('|') {
            if !self.seen_header {
                return Err(at(indent + 1, missing_header(trimmed)));
            }
            return self.row(line, indent + 2, row);
        }
        if trimmed.starts_with('#') {
            return Ok(());
        }
        let (word, rest) = split_word(trimmed.trim_end());
        let rest_column = column_of(raw, rest);
        if !self.seen_header {
            if word != MAGIC {
                return Err(at(indent + 1, missing_header(trimmed)));
            }
            if rest != "1" {
                let problem = TextProblem::UnsupportedVersion {
                    found: rest.to_string(),
                };
                return Err(at(rest_column, problem));
            }
            self.seen_header = true;
            return Ok(());
        }
        self.directive(line, indent, raw, word, rest)
    }

    /// One directive line (`name`, `origin`, `spawn`, `legend`, `layer`).
    fn directive(
        &mut self,
        line: usize,
        indent: usize,
        raw: &str,
        word: &str,
        rest: &str,
    ) -> Result<(), TextWorldError> {
        let at = |column: usize, problem| TextWorldError {
            line,
            column,
            problem,
        };
        let rest_column = column_of(raw, rest);
        let args = |directive: &'static str, expected: &'static str| {
            let found = rest.to_string();
            at(
                rest_column,
                TextProblem::BadArguments {
                    directive,
                    expected,
                    found,
                },
            )
        };
        match word {
            "end" if rest.is_empty() => self.ended = true,
            "name" => self.world.name = rest.to_string(),
            "origin" => {
                if self.any_layer {
                    return Err(at(indent + 1, TextProblem::LateOrigin));
                }
                let v =
                    parse_numbers::<i32>(rest).ok_or_else(|| args("origin", "three integers"))?;
                let origin = IVec3::from_array(v);
                if origin.abs().max_element() > MAX_CELL_COORDINATE {
                    return Err(at(rest_column, TextProblem::OutOfRange));
                }
                self.origin = origin;
            }
            "spawn" => {
                let v = parse_numbers::<f64>(rest)
                    .filter(|v| v.iter().all(|x| x.is_finite()))
                    .ok_or_else(|| args("spawn", "three finite numbers"))?;
                if v.iter().any(|x| x.abs() > f64::from(MAX_CELL_COORDINATE)) {
                    return Err(at(rest_column, TextProblem::OutOfRange));
                }
                self.world.spawn = Some(DVec3::from_array(v));
            }
            "legend" => {
                let (symbol, name) = split_word(rest);
                let mut chars = symbol.chars();
                let (Some(c), None) = (chars.next(), chars.next()) else {
                    return Err(args("legend", "one character and a block name"));
                };
                if c == '|' || !c.is_ascii_graphic() || name.is_empty() {
                    return Err(args(
                        "legend",
                        "one printable character other than `|` and a block name",
                    ));
                }
                let block = self.world.registry().id(name).ok_or_else(|| {
                    at(
                        column_of(raw, name),
                        TextProblem::UnknownBlock {
                            name: name.to_string(),
                        },
                    )
                })?;
                self.legend[c as usize] = Some(block);
            }
            "block" => {
                let words = words_with_columns(raw, rest);
                let definition = parse_block_line(&words).map_err(|(column, problem)| {
                    at(
                        if column == 0 { rest_column } else { column },
                        TextProblem::BadBlockDefinition { problem },
                    )
                })?;
                let more = definition.block.storage_bytes();
                self.afford(more, line, indent + 1)?;
                if let Err(error) = self.world.register_block(definition.block.clone()) {
                    return Err(at(
                        definition.column_of(&error),
                        TextProblem::Block(Box::new(error)),
                    ));
                }
            }
            "layer" => {
                let n: i32 = rest.parse().map_err(|_| args("layer", "one integer"))?;
                if n.abs() > MAX_CELL_COORDINATE {
                    return Err(at(rest_column, TextProblem::OutOfRange));
                }
                self.layer = Some(n);
                self.row_in_layer = 0;
                self.any_layer = true;
            }
            _ => {
                let problem = TextProblem::UnknownDirective {
                    word: word.to_string(),
                };
                return Err(at(indent + 1, problem));
            }
        }
        Ok(())
    }

    fn row(&mut self, line: usize, first_column: usize, row: &str) -> Result<(), TextWorldError> {
        let at = |column: usize, problem| TextWorldError {
            line,
            column,
            problem,
        };
        let Some(layer) = self.layer else {
            return Err(at(first_column - 1, TextProblem::RowOutsideLayer));
        };
        // An optional closing bar, possibly followed by trailing white space.
        let body = match row.trim_end().strip_suffix('|') {
            Some(body) => body,
            None => row,
        };
        let z = self.origin.z + self.row_in_layer;
        let y = self.origin.y + layer;
        self.row_in_layer += 1;
        for (i, c) in body.chars().enumerate() {
            let column = first_column + i;
            if c == '|' {
                return Err(at(column, TextProblem::BarInsideRow));
            }
            let block = self.legend.get(c as usize).copied().flatten();
            let block = block.ok_or(at(column, TextProblem::UnknownCharacter { character: c }))?;
            let x = self.origin.x + i as i32;
            if x.abs() > MAX_CELL_COORDINATE
                || y.abs() > MAX_CELL_COORDINATE
                || z.abs() > MAX_CELL_COORDINATE
            {
                return Err(at(column, TextProblem::OutOfRange));
            }
            self.world.set_block(IVec3::new(x, y, z), block);
            if self.world.chunk_count() > crate::formats::MAX_FILE_CHUNKS {
                return Err(at(column, TextProblem::TooManyChunks));
            }
            // After the cell: a cell grows the world by one chunk at most,
            // 9 KB over the budget before the read stops.
            self.afford(0, line, column)?;
        }
        Ok(())
    }

    /// Whether the text and the world, grown by `more` bytes, stay within
    /// the budget.
    fn afford(&self, more: usize, line: usize, column: usize) -> Result<(), TextWorldError> {
        let held = self.text_bytes + (self.world.storage_bytes() + more) as u64;
        self.budget
            .check(held, || format!("line {line}"))
            .map_err(|e| TextWorldError {
                line,
                column,
                problem: TextProblem::OverBudget(e),
            })
    }

    pub(super) fn finish(mut self, end_line: usize) -> Result<TextWorld, TextWorldError> {
        if !self.seen_header {
            let problem = TextProblem::MissingHeader {
                found: String::new(),
            };
            return Err(TextWorldError {
                line: end_line,
                column: 1,
                problem,
            });
        }
        self.world.compact();
        let warnings = if self.ended {
            Vec::new()
        } else {
            vec![NO_END_WARNING.to_owned()]
        };
        Ok(TextWorld {
            world: self.world,
            warnings,
        })
    }
}

pub(super) const DEFAULT_LEGEND: &[(char, BlockId)] = &[
    ('.', BlockId::AIR),
    (' ', BlockId::AIR),
    ('#', BlockId::STONE),
    ('D', BlockId::DIRT),
    ('G', BlockId::GRASS),
    ('S', BlockId::SAND),
    ('W', BlockId::WOOD),
    ('L', BlockId::LEAVES),
    ('+', BlockId::GLASS),
    ('B', BlockId::BRICK),
    ('_', BlockId::SLAB),
    ('^', BlockId::TOP_SLAB),
    ('i', BlockId::POST),
    ('~', BlockId::WATER),
];

fn missing_header(found: &str) -> TextProblem {
    TextProblem::MissingHeader {
        found: found.trim_end().to_string(),
    }
}

/// The 1-based character column where `part`, a slice of `line`, starts; one past
/// the end of the line when `part` is empty and not inside it.
fn column_of(line: &str, part: &str) -> usize {
    let start = line.as_ptr() as usize;
    let offset = (part.as_ptr() as usize).wrapping_sub(start);
    let offset = if offset <= line.len() && line.is_char_boundary(offset) {
        offset
    } else {
        line.len()
    };
    line[..offset].chars().count() + 1
}

/// The white-space separated words of `part` (a slice of `line`), each with
/// its 1-based column in `line`. The columns are counted as the words go, so
/// a line of a million words costs a million steps, not a million squared.
fn words_with_columns<'a>(line: &str, part: &'a str) -> Vec<(usize, &'a str)> {
    let mut cursor = ColumnCursor::new(line);
    part.split_whitespace()
        .map(|w| (cursor.column_of(w), w))
        .collect()
}

/// Columns of successive parts of one line, each counted from the last.
struct ColumnCursor<'l> {
    line: &'l str,
    /// Byte offset and 1-based column reached so far.
    offset: usize,
    column: usize,
    /// Characters counted, for the test that holds the cost linear.
    #[cfg(test)]
    visited: usize,
}

impl<'l> ColumnCursor<'l> {
    fn new(line: &'l str) -> Self {
        ColumnCursor {
            line,
            offset: 0,
            column: 1,
            #[cfg(test)]
            visited: 0,
        }
    }

    /// The column of `part`, a slice of the line at or after the last part
    /// asked about (else counted from the line's start).
    fn column_of(&mut self, part: &str) -> usize {
        let start = self.line.as_ptr() as usize;
        let offset = (part.as_ptr() as usize).wrapping_sub(start);
        let offset = if offset <= self.line.len() && self.line.is_char_boundary(offset) {
            offset
        } else {
            self.line.len()
        };
        if offset < self.offset {
            (self.offset, self.column) = (0, 1);
        }
        let counted = self.line[self.offset..offset].chars().count();
        #[cfg(test)]
        {
            self.visited += counted;
        }
        self.column += counted;
        self.offset = offset;
        self.column
    }
}

/// The first white-space separated word and the rest, trimmed.
fn split_word(s: &str) -> (&str, &str) {
    match s.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (s, &s[s.len()..]),
    }
}

fn parse_numbers<T: std::str::FromStr>(s: &str) -> Option<[T; 3]> {
    let mut parts = s.split_whitespace().map(str::parse::<T>);
    let v = [
        parts.next()?.ok()?,
        parts.next()?.ok()?,
        parts.next()?.ok()?,
    ];
    parts.next().is_none().then_some(v)
}

#[cfg(test)]
mod tests {
    #[test]
    fn columns_of_a_long_line_are_counted_once() {
        let line = format!("block b{}", " solid".repeat(100_000));
        let rest = &line[6..];
        let mut cursor = super::ColumnCursor::new(&line);
        let columns: Vec<usize> = rest
            .split_whitespace()
            .map(|w| cursor.column_of(w))
            .collect();
        assert_eq!(columns[0], 7);
        assert_eq!(columns[1], 9);
        assert_eq!(*columns.last().unwrap(), line.len() - 4);
        // Each character counted once: linear, where a count from the
        // line's start for every word is a hundred thousand times that.
        assert!(
            cursor.visited <= line.len(),
            "{} steps for {} characters",
            cursor.visited,
            line.len()
        );
    }
}
