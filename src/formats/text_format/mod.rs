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
//! - `mover C BLOCK …` gives the character `C` to the cells of a mover (see
//!   below); drawn in rows, they are the mover's and the world there stays
//!   air.
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
//!
//! A `mover` line starts a mover, or adds block types to one:
//!
//! ```text
//! mover C BLOCK [at X Y Z] [speed S] [pause P] [to X Y Z]… [once | loop | ping-pong]
//!               [velocity X Y Z] [through-blocks] [crush stop | report]
//! mover C BLOCK joins D
//! ```
//!
//! The origin is `at`, or the lowest corner of the cells drawn; each `to` is
//! a waypoint, an offset from the origin, with the `speed` and `pause` given
//! before it. The movers come back beside the world ([`TextWorld::movers`]);
//! [`parse`], which gives the world alone, refuses a text that declares any.

mod line_words;
mod mover_line;
mod parser;
pub(super) mod writer;

use std::sync::Arc;

use thiserror::Error;

use self::parser::Parser;
pub use self::writer::{TextWriteError, to_text};
use super::ReadBudget;
use crate::block::{BlockError, BlockRegistry};
use crate::movers::{Mover, MoverError};
use crate::world::World;

/// The line that opens every text world.
pub const MAGIC: &str = "voxwalk-world";
/// The only version this reader knows.
pub const VERSION: u32 = 1;
pub(crate) use super::limits::MAX_CELL_COORDINATE;

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
        "unknown directive {word:?} (expected name, origin, spawn, block, legend, mover, layer or end)"
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
    /// A `mover` line is malformed.
    #[error("mover: {problem}")]
    BadMover {
        /// What is wrong.
        problem: String,
    },
    /// A mover's cells or drive are refused (no cells drawn, a cell drawn
    /// twice, too many or too wide, a velocity too fast); the error is at
    /// its `mover` line, or at the cell past the most a mover holds.
    #[error("{0}")]
    Mover(MoverError),
    /// The text declares movers, which a world read alone would leave
    /// behind ([`parse`], [`parse_with_registry`]); [`parse_within`] and
    /// [`load`](crate::formats::load) keep them.
    #[error(
        "the world declares {count} movers, which reading its blocks alone leaves behind; read it with `formats::load` or `text_format::parse_within`"
    )]
    MoversLeftBehind {
        /// How many.
        count: usize,
    },
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
        chunks = super::limits::MAX_FILE_CHUNKS + 1,
        limit = super::limits::MAX_FILE_CHUNKS
    )]
    TooManyChunks,
}

/// Reads a text world.
///
/// ```
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::block::BlockId;
/// use voxwalk::world::BlockSource;
/// use voxwalk::formats::text_format;
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
/// use voxwalk::glam::IVec3;
/// use voxwalk::block::{BlockRegistry, BlockType};
/// use voxwalk::formats::text_format;
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
/// As [`parse`]; [`TextProblem::MoversLeftBehind`] at the first `mover` line
/// of a text that declares movers, which the world alone would leave behind.
pub fn parse_with_registry(
    text: &str,
    registry: Arc<BlockRegistry>,
) -> Result<World, TextWorldError> {
    let (read, first_mover_line) = read(text, registry, ReadBudget::default())?;
    match first_mover_line {
        None => Ok(read.world),
        Some(line) => Err(TextWorldError {
            line,
            column: 1,
            problem: TextProblem::MoversLeftBehind {
                count: read.movers.len(),
            },
        }),
    }
}

/// A text world read, with what the reader noticed but did not refuse.
#[derive(Clone, Debug)]
pub struct TextWorld {
    /// The world's blocks.
    pub world: World,
    /// The movers it declares, where they start, in the order of their
    /// `mover` lines.
    pub movers: Vec<Mover>,
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
/// use voxwalk::block::BlockRegistry;
/// use voxwalk::formats::{ReadBudget, text_format};
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
    read(text, registry, budget).map(|(read, _)| read)
}

/// The world `text` describes, and the line of its first `mover` line.
fn read(
    text: &str,
    registry: Arc<BlockRegistry>,
    budget: ReadBudget,
) -> Result<(TextWorld, Option<usize>), TextWorldError> {
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
