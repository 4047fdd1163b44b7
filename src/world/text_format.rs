//! The hand-editable text world format, `*.vxw`.
//!
//! ```text
//! voxwalk-world 1
//! # a test room: a floor, walls, one slab
//! name Test room
//! origin 0 0 0
//! spawn 2.5 1 2.5
//! legend X brick
//! layer 0
//! |XXXXX|
//! layer 1
//! |#._.#|
//! end
//! ```
//!
//! - The first line that is neither blank nor a comment is `voxwalk-world 1`.
//! - Outside rows, a line starting with `#` is a comment; blank lines are skipped.
//! - `name TEXT`; `origin X Y Z` (integers, the world cell of the first character
//!   of every layer's first row, default `0 0 0`; it must come before the first
//!   layer); `spawn X Y Z` (feet position); `legend C NAME` (one character to a
//!   block name, for the rows after it); `layer N` (the rows that follow are at
//!   `y = origin.y + N`).
//! - A row starts with `|`; row `k` of a layer is at `z = origin.z + k` and the
//!   character `i` after the `|` at `x = origin.x + i`. A closing `|` is optional;
//!   short rows are padded with air.
//! - `block NAME …` defines a block type for the `legend` lines after it (see
//!   below).
//! - Default legend: `.` and space air, `#` stone, `D` dirt, `G` grass, `S` sand,
//!   `W` wood, `L` leaves, `+` glass, `B` brick, `_` slab, `^` `top_slab`, `i` post,
//!   `~` water.
//! - Layers may come in any order and may repeat a `y` (later cells win).
//! - `end` closes the world: only blank lines and comments may follow. A
//!   file cut short (a copy that stopped, a disk that filled) has none, and a
//!   world read without one carries a warning saying so; files written
//!   before the marker existed still load, with that warning.
//!
//! A `block` line defines one block type, all on that line:
//!
//! ```text
//! block NAME [solid | passable] [box X0 Y0 Z0 X1 Y1 Z1]… [no-boxes]
//!            [colour R G B | colour #RRGGBB] [glyph C] [property KEY=VALUE]…
//! ```
//!
//! Boxes are in block units (the cell is `0 0 0 1 1 1`) and may reach half a
//! block out of the cell; without `box` the shape is the full cube, and
//! `no-boxes` gives a type no shape at all. `passable` types collide with
//! nothing. Property values are numbers or `true`/`false`. For example:
//!
//! ```text
//! block stair box 0 0 0 1 0.5 1 box 0.5 0.5 0 1 1 1 colour #8c6a3c
//! block fence box 0.375 0 0.375 0.625 1.5 0.625 colour 120 88 50 glyph f
//! block ice colour #a0c8ff property slipperiness=0.98
//! legend s stair
//! ```

use std::fmt::Write as _;
use std::sync::Arc;

use glam::{DVec3, IVec3};
use thiserror::Error;

use super::block_line::{block_line, parse_block_line};
use super::{BUILT_IN_TYPES, BlockError, BlockId, BlockRegistry, ReadBudget, World};

/// The line that opens every text world.
pub const MAGIC: &str = "voxwalk-world";
/// The only version this reader knows.
pub const VERSION: u32 = 1;
/// Largest |coordinate| of a cell a text world may place. Far beyond any use,
/// small enough that cell arithmetic can never overflow.
pub const MAX_CELL_COORDINATE: i32 = 1 << 30;

/// What is wrong with a text world, and where (1-based line and column).
#[derive(Debug, Error, PartialEq)]
#[error("line {line}, column {column}: {problem}")]
pub struct TextWorldError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What is wrong there.
    pub problem: TextProblem,
}

/// The kinds of mistake a text world can hold.
#[derive(Debug, Error, PartialEq)]
pub enum TextProblem {
    /// The file does not start with `voxwalk-world 1`.
    #[error("expected `{MAGIC} {VERSION}` as the first line, found {found:?}")]
    MissingHeader {
        /// What was there instead (empty at end of file).
        found: String,
    },
    /// The header names a version this reader does not know.
    #[error("unsupported version {found:?} (this reader knows version {VERSION})")]
    UnsupportedVersion {
        /// The version text.
        found: String,
    },
    /// A line starts with a word that is no directive.
    #[error(
        "unknown directive {word:?} (expected name, origin, spawn, block, legend, layer or end)"
    )]
    UnknownDirective {
        /// The word.
        word: String,
    },
    /// A directive has the wrong number or kind of arguments.
    #[error("`{directive}` expects {expected}, found {found:?}")]
    BadArguments {
        /// The directive.
        directive: &'static str,
        /// What it takes.
        expected: &'static str,
        /// What was there.
        found: String,
    },
    /// A `block` line is malformed.
    #[error("block definition: {problem}")]
    BadBlockDefinition {
        /// What is wrong.
        problem: String,
    },
    /// A `block` line's definition is refused by the registry.
    #[error("{0}")]
    Block(Box<BlockError>),
    /// A legend names a block that does not exist.
    #[error("unknown block name {name:?}")]
    UnknownBlock {
        /// The name.
        name: String,
    },
    /// A row uses a character with no legend entry.
    #[error("unknown block character {character:?} (add `legend {character} NAME`)")]
    UnknownCharacter {
        /// The character.
        character: char,
    },
    /// A row comes before any `layer` line.
    #[error("row outside a layer (add `layer N` above it)")]
    RowOutsideLayer,
    /// A `|` in the middle of a row.
    #[error("`|` inside a row (only the first and an optional last character may be `|`)")]
    BarInsideRow,
    /// `origin` after rows were placed relative to the old origin.
    #[error("`origin` must come before the first layer")]
    LateOrigin,
    /// A cell or spawn lies farther out than the format allows.
    #[error("position out of range (cells must lie within ±{MAX_CELL_COORDINATE})")]
    OutOfRange,
    /// A line after the closing `end`.
    #[error("{found:?} after `end` (only blank lines and comments may follow it)")]
    AfterEnd {
        /// The start of the line.
        found: String,
    },
    /// The world read so far would hold more than the read budget.
    #[error("{0}")]
    OverBudget(super::OverBudget),
    /// The rows so far open more chunks than a world file may hold.
    #[error(
        "this block opens chunk number {chunks}, more than the {limit} a world file may hold (MAX_FILE_CHUNKS)",
        chunks = super::MAX_FILE_CHUNKS + 1,
        limit = super::MAX_FILE_CHUNKS
    )]
    TooManyChunks,
}

/// Reads a text world.
///
/// ```
/// use glam::{DVec3, IVec3};
/// use voxwalk::world::{BlockId, BlockSource, text_format};
/// let w = text_format::parse("voxwalk-world 1\nspawn 1.5 1 0.5\nlayer 0\n|#_i|\n").unwrap();
/// assert_eq!(w.block(IVec3::new(1, 0, 0)), BlockId::SLAB);
/// assert_eq!(w.spawn, Some(DVec3::new(1.5, 1.0, 0.5)));
/// let err = text_format::parse("voxwalk-world 1\nlayer 0\n|#Q|\n").unwrap_err();
/// assert_eq!((err.line, err.column), (3, 3));
/// ```
///
/// # Errors
/// A [`TextWorldError`] naming the line and column of the first mistake.
pub fn parse(text: &str) -> Result<World, TextWorldError> {
    parse_with_registry(text, Arc::clone(BlockRegistry::built_in()))
}

/// Reads a text world whose cells start from `registry`'s types: its legend
/// may name them, and its `block` lines add to a copy of it. How a game loads
/// a hand-written level of its own blocks.
///
/// ```
/// use std::sync::Arc;
/// use glam::IVec3;
/// use voxwalk::world::{BlockRegistry, BlockType, text_format};
/// let mut registry = BlockRegistry::new();
/// let ore = registry.register(BlockType::cube("ore")).unwrap();
/// let w = text_format::parse_with_registry(
///     "voxwalk-world 1\nlegend o ore\nlayer 0\n|#o|\n",
///     Arc::new(registry),
/// )
/// .unwrap();
/// assert_eq!(w.block(IVec3::new(1, 0, 0)), ore);
/// ```
///
/// # Errors
/// As [`parse`].
pub fn parse_with_registry(
    text: &str,
    registry: Arc<BlockRegistry>,
) -> Result<World, TextWorldError> {
    parse_within(text, registry, ReadBudget::default()).map(|read| read.world)
}

/// A text world read, with what the reader noticed but did not refuse.
#[derive(Clone, Debug)]
pub struct TextWorld {
    /// The world.
    pub world: World,
    /// Remarks for people (a missing `end`), one line each.
    pub warnings: Vec<String>,
}

/// The warning for a world without its closing line.
pub const NO_END_WARNING: &str = "the file has no closing `end` line: it may have been cut short (files written before the \
     marker have none; saving the world again adds it)";

/// [`parse_with_registry`], holding at most `budget` bytes (the text and the
/// world built from it, checked at every cell and block type), and keeping
/// the warnings.
///
/// ```
/// use std::sync::Arc;
/// use voxwalk::world::{BlockRegistry, ReadBudget, text_format};
/// let registry = Arc::clone(BlockRegistry::built_in());
/// let text = "voxwalk-world 1\nlayer 0\n|#|\n";
/// let cut = text_format::parse_within(text, registry.clone(), ReadBudget::default()).unwrap();
/// assert_eq!(cut.warnings.len(), 1); // no `end`: perhaps cut short
/// let small = ReadBudget::new(1000);
/// let refused = text_format::parse_within(text, registry, small).unwrap_err();
/// assert_eq!((refused.line, refused.column), (3, 2));
/// ```
///
/// # Errors
/// As [`parse`]; [`TextProblem::OverBudget`] at the cell or `block` line that
/// would take the read over its budget.
pub fn parse_within(
    text: &str,
    registry: Arc<BlockRegistry>,
    budget: ReadBudget,
) -> Result<TextWorld, TextWorldError> {
    let text = without_byte_order_mark(text);
    let mut parser = Parser::new(registry, budget, text.len() as u64);
    let mut lines = 0;
    for (index, raw) in text.lines().enumerate() {
        parser.line(index + 1, raw)?;
        lines = index + 1;
    }
    parser.finish(lines + 1)
}

/// `text` without a leading UTF-8 byte order mark: editors on some systems
/// write one, and it says nothing about the world.
#[must_use]
pub fn without_byte_order_mark(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

struct Parser {
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
    fn new(registry: Arc<BlockRegistry>, budget: ReadBudget, text_bytes: u64) -> Self {
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

    fn line(&mut self, line: usize, raw: &str) -> Result<(), TextWorldError> {
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
            if self.world.chunk_count() > super::MAX_FILE_CHUNKS {
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

    fn finish(mut self, end_line: usize) -> Result<TextWorld, TextWorldError> {
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

const DEFAULT_LEGEND: &[(char, BlockId)] = &[
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

/// Why a world cannot be written as text without losing something.
#[derive(Debug, Error, PartialEq)]
pub enum TextWriteError {
    /// The name would not survive the round trip (a line break, or white space
    /// at either end).
    #[error("world name {name:?} cannot be written on one line as it is")]
    UnwritableName {
        /// The name.
        name: String,
    },
    /// The world's bounding box has more cells than a text world should hold:
    /// text spells out every cell of it, air included.
    #[error(
        "the world spans {cells} cells ({size:?}), more than the {MAX_TEXT_CELLS} a text world holds; write a binary world (.vxb) instead"
    )]
    TooLarge {
        /// Cells in the bounding box.
        cells: u64,
        /// Its size on each axis.
        size: [i64; 3],
    },
    /// More block types of its own than a legend has characters for.
    #[error(
        "the world uses {used} block types beyond the built-ins, more than the {available} legend characters left; write a binary world (.vxb) instead"
    )]
    TooManyBlockTypes {
        /// Types beyond the built-ins that cells use.
        used: usize,
        /// Characters free for them.
        available: usize,
    },
    /// The spawn lies beyond the range the reader takes.
    #[error("spawn {spawn:?} is not finite or beyond ±{MAX_CELL_COORDINATE}")]
    SpawnOutOfRange {
        /// The spawn.
        spawn: [f64; 3],
    },
    /// A cell holds an id its world's registry has no type for.
    #[error("a cell holds block id {id}, which the world's registry does not define")]
    UnknownBlockId {
        /// The id.
        id: u16,
    },
}

/// The most cells (of the bounding box) a text world is written with: a
/// 512×256×512 world, about 70 MB of text.
pub const MAX_TEXT_CELLS: u64 = 1 << 26;

/// Writes a world as text: the smallest origin that holds every non-air cell,
/// one layer per non-empty `y`, rows padded with `.` and closed with `|`.
///
/// ```
/// use glam::IVec3;
/// use voxwalk::world::{BlockId, World, text_format};
/// let mut w = World::new();
/// w.set_block(IVec3::new(3, 7, -2), BlockId::POST);
/// let text = text_format::to_text(&w).unwrap();
/// assert_eq!(text, "voxwalk-world 1\norigin 3 7 -2\nlayer 0\n|i|\nend\n");
/// assert_eq!(text_format::parse(&text).unwrap(), w);
/// ```
///
/// # Errors
/// [`TextWriteError`] when the name cannot be written on one line as it is, or
/// the world spans more than [`MAX_TEXT_CELLS`].
pub fn to_text(world: &World) -> Result<String, TextWriteError> {
    let name = &world.name;
    if name.chars().any(char::is_control) || name.trim() != name {
        return Err(TextWriteError::UnwritableName { name: name.clone() });
    }
    if let Some(spawn) = world.spawn
        && !(spawn.is_finite() && spawn.abs().max_element() <= f64::from(MAX_CELL_COORDINATE))
    {
        return Err(TextWriteError::SpawnOutOfRange {
            spawn: spawn.to_array(),
        });
    }
    let mut out = format!("{MAGIC} {VERSION}\n");
    // Writing to a String cannot fail; the results are ignored on purpose.
    if !name.is_empty() {
        let _ = writeln!(out, "name {name}");
    }
    let Some((lo, hi)) = world.bounds() else {
        if let Some(s) = world.spawn {
            let _ = writeln!(out, "spawn {} {} {}", s.x, s.y, s.z);
        }
        out.push_str("end\n");
        return Ok(out);
    };
    let size = (hi.as_i64vec3() - lo.as_i64vec3() + glam::I64Vec3::ONE).to_array();
    let cells = size.iter().map(|&n| n as u64).product::<u64>();
    if cells > MAX_TEXT_CELLS {
        return Err(TextWriteError::TooLarge { cells, size });
    }
    let symbols = legend_for(world)?;
    let _ = writeln!(out, "origin {} {} {}", lo.x, lo.y, lo.z);
    if let Some(s) = world.spawn {
        let _ = writeln!(out, "spawn {} {} {}", s.x, s.y, s.z);
    }
    let registry = world.registry();
    for (id, symbol) in symbols.iter().enumerate().skip(BUILT_IN_TYPES) {
        if let (Some(symbol), Some(block)) = (symbol, registry.get(BlockId(id as u16))) {
            let _ = writeln!(out, "{}", block_line(block));
            let _ = writeln!(out, "legend {symbol} {}", block.name);
        }
    }
    for y in lo.y..=hi.y {
        let rows: Vec<String> = (lo.z..=hi.z)
            .map(|z| {
                (lo.x..=hi.x)
                    .map(|x| {
                        let id = world.block(IVec3::new(x, y, z));
                        symbols.get(id.index()).copied().flatten().unwrap_or('.')
                    })
                    .collect()
            })
            .collect();
        if rows.iter().all(|r| r.chars().all(|c| c == '.')) {
            continue;
        }
        let _ = writeln!(out, "layer {}", y - lo.y);
        for row in rows {
            let _ = writeln!(out, "|{row}|");
        }
    }
    out.push_str("end\n");
    Ok(out)
}

/// The character of each id the world's cells use, indexed by id: the default
/// legend's for the built-ins, then printable ASCII characters the default
/// legend leaves free, in order, for the world's own types.
fn legend_for(world: &World) -> Result<Vec<Option<char>>, TextWriteError> {
    let counts = world.count_blocks();
    let registry: &BlockRegistry = world.registry();
    if counts.len() > registry.len() {
        let id = (registry.len()..counts.len())
            .find(|&i| counts[i] > 0)
            .map_or(0, |i| i as u16);
        return Err(TextWriteError::UnknownBlockId { id });
    }
    let mut symbols: Vec<Option<char>> = vec![None; counts.len()];
    for (c, block) in DEFAULT_LEGEND {
        if symbols[block.index()].is_none() {
            symbols[block.index()] = Some(*c);
        }
    }
    let mut free = ('!'..='~').filter(|c| *c != '|' && DEFAULT_LEGEND.iter().all(|(d, _)| d != c));
    let used: Vec<usize> = (BUILT_IN_TYPES..counts.len())
        .filter(|&i| counts[i] > 0)
        .collect();
    let available = free.clone().count();
    for &id in &used {
        symbols[id] = Some(free.next().ok_or(TextWriteError::TooManyBlockTypes {
            used: used.len(),
            available,
        })?);
    }
    Ok(symbols)
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
