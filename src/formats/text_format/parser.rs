//! Reading a text world line by line: the header, directives, `block`
//! lines and rows, every cell checked against the read budget.

use std::sync::Arc;

use glam::{DVec3, IVec3};

use super::line_words::{column_of, parse_numbers, split_word, words_with_columns};
use super::mover_line::{MoverPart, MoverStart, parse_mover_line};
use super::{MAGIC, MAX_CELL_COORDINATE, NO_END_WARNING, TextProblem, TextWorld, TextWorldError};
use crate::block::{BlockId, BlockRegistry};
use crate::formats::ReadBudget;
use crate::formats::block_line::parse_block_line;
use crate::movers::limits::MAX_MOVER_BLOCKS;
use crate::movers::mover_block_bytes;
use crate::movers::{Mover, MoverError};
use crate::world::World;

/// What a character of a row stands for.
#[derive(Clone, Copy)]
enum Symbol {
    /// A block of the world.
    Block(BlockId),
    /// A block of the mover at this index of `Parser::movers`.
    Mover { index: usize, block: BlockId },
}

/// A mover whose `mover` line has been read, gathering the cells drawn for
/// it; it is made when the file ends.
struct PendingMover {
    /// Where its line is, for errors about it as a whole.
    line: usize,
    column: usize,
    start: MoverStart,
    /// Its cells, in world cells.
    cells: Vec<(IVec3, BlockId)>,
}

pub(super) struct Parser {
    world: World,
    budget: ReadBudget,
    /// The text's own bytes, held while the world is built.
    text_bytes: u64,
    seen_header: bool,
    /// Whether the closing `end` was read.
    ended: bool,
    origin: IVec3,
    legend: [Option<Symbol>; 128],
    movers: Vec<PendingMover>,
    /// Cells drawn for movers, all movers together.
    mover_cells: usize,
    /// What those cells will cost as movers ([`mover_block_bytes`]).
    mover_bytes: usize,
    layer: Option<i32>,
    row_in_layer: i32,
    any_layer: bool,
}

impl Parser {
    pub(super) fn new(registry: Arc<BlockRegistry>, budget: ReadBudget, text_bytes: u64) -> Self {
        let mut legend = [None; 128];
        for (c, block) in DEFAULT_LEGEND {
            legend[*c as usize] = Some(Symbol::Block(*block));
        }
        Self {
            world: World::with_registry(registry),
            budget,
            text_bytes,
            seen_header: false,
            ended: false,
            origin: IVec3::ZERO,
            legend,
            movers: Vec::new(),
            mover_cells: 0,
            mover_bytes: 0,
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

    /// One directive line (`name`, `origin`, `spawn`, `legend`, `block`,
    /// `layer`, `end`).
    fn directive(
        &mut self,
        line: usize,
        indent: usize,
        raw: &str,
        word: &str,
        rest: &str,
    ) -> Result<(), TextWorldError> {
        let d = Directive {
            line,
            raw,
            rest,
            rest_column: column_of(raw, rest),
        };
        match word {
            "end" if rest.is_empty() => self.ended = true,
            "name" => self.world.name = rest.to_string(),
            "origin" => {
                if self.any_layer {
                    return Err(d.at(indent + 1, TextProblem::LateOrigin));
                }
                self.origin = d.cell("origin")?;
            }
            "spawn" => self.world.spawn = Some(d.spawn()?),
            "legend" => self.legend(&d)?,
            "block" => self.block(&d, indent)?,
            "mover" => self.mover(&d)?,
            "layer" => {
                let n: i32 = rest.parse().map_err(|_| d.args("layer", "one integer"))?;
                if n.abs() > MAX_CELL_COORDINATE {
                    return Err(d.at(d.rest_column, TextProblem::OutOfRange));
                }
                self.layer = Some(n);
                self.row_in_layer = 0;
                self.any_layer = true;
            }
            _ => {
                let problem = TextProblem::UnknownDirective {
                    word: word.to_string(),
                };
                return Err(d.at(indent + 1, problem));
            }
        }
        Ok(())
    }

    /// `legend C NAME`: a character for the rows after it.
    fn legend(&mut self, d: &Directive<'_>) -> Result<(), TextWorldError> {
        let (symbol, name) = split_word(d.rest);
        let mut chars = symbol.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(d.args("legend", "one character and a block name"));
        };
        if c == '|' || !c.is_ascii_graphic() || name.is_empty() {
            return Err(d.args(
                "legend",
                "one printable character other than `|` and a block name",
            ));
        }
        let block = self.world.registry().id(name).ok_or_else(|| {
            d.at(
                column_of(d.raw, name),
                TextProblem::UnknownBlock {
                    name: name.to_string(),
                },
            )
        })?;
        self.legend[c as usize] = Some(Symbol::Block(block));
        Ok(())
    }

    /// `mover C BLOCK …`: a character for a mover's cells in the rows after
    /// it (see `mover_line`).
    fn mover(&mut self, d: &Directive<'_>) -> Result<(), TextWorldError> {
        let words = words_with_columns(d.raw, d.rest);
        let bad = |(column, problem): (usize, String)| {
            d.at(
                if column == 0 { d.rest_column } else { column },
                TextProblem::BadMover { problem },
            )
        };
        let line = parse_mover_line(&words).map_err(bad)?;
        let (name, name_column) = line.block;
        let block = self.world.registry().id(name).ok_or_else(|| {
            d.at(
                name_column,
                TextProblem::UnknownBlock {
                    name: name.to_string(),
                },
            )
        })?;
        let index = match line.part {
            MoverPart::Leads(start) => {
                self.movers.push(PendingMover {
                    line: d.line,
                    column: d.rest_column,
                    start,
                    cells: Vec::new(),
                });
                self.movers.len() - 1
            }
            MoverPart::Joins(other, column) => {
                let Some(Symbol::Mover { index, .. }) = self.legend[other as usize] else {
                    let problem = format!("{other:?} draws no mover (give its `mover` line first)");
                    return Err(bad((column, problem)));
                };
                index
            }
        };
        self.legend[line.symbol as usize] = Some(Symbol::Mover { index, block });
        Ok(())
    }

    /// `block NAME …`: a block type, registered within the read's budget.
    fn block(&mut self, d: &Directive<'_>, indent: usize) -> Result<(), TextWorldError> {
        let words = words_with_columns(d.raw, d.rest);
        let definition = parse_block_line(&words).map_err(|(column, problem)| {
            d.at(
                if column == 0 { d.rest_column } else { column },
                TextProblem::BadBlockDefinition { problem },
            )
        })?;
        let more = definition.block.storage_bytes();
        self.afford(more, d.line, indent + 1)?;
        if let Err(error) = self.world.register_block(definition.block.clone()) {
            return Err(d.at(
                definition.column_of(&error),
                TextProblem::Block(Box::new(error)),
            ));
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
            let symbol = self.legend.get(c as usize).copied().flatten();
            let symbol =
                symbol.ok_or(at(column, TextProblem::UnknownCharacter { character: c }))?;
            let x = self.origin.x + i as i32;
            if x.abs() > MAX_CELL_COORDINATE
                || y.abs() > MAX_CELL_COORDINATE
                || z.abs() > MAX_CELL_COORDINATE
            {
                return Err(at(column, TextProblem::OutOfRange));
            }
            let cell = IVec3::new(x, y, z);
            let block = match symbol {
                Symbol::Block(block) => block,
                Symbol::Mover { index, block } => {
                    let cells = &mut self.movers[index].cells;
                    if cells.len() == MAX_MOVER_BLOCKS {
                        let problem = TextProblem::Mover(MoverError::TooManyBlocks {
                            count: MAX_MOVER_BLOCKS + 1,
                            limit: MAX_MOVER_BLOCKS,
                        });
                        return Err(at(column, problem));
                    }
                    cells.push((cell, block));
                    self.mover_cells += 1;
                    self.mover_bytes += mover_block_bytes(self.world.registry(), block);
                    // The world's cell stays what it was: air, unless drawn.
                    self.afford(0, line, column)?;
                    continue;
                }
            };
            self.world.set_block(cell, block);
            if self.world.chunk_count() > crate::formats::limits::MAX_FILE_CHUNKS {
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
        let held = self.text_bytes + (self.world.storage_bytes() + self.mover_bytes + more) as u64;
        self.budget
            .check(held, || format!("line {line}"))
            .map_err(|e| TextWorldError {
                line,
                column,
                problem: TextProblem::OverBudget(e),
            })
    }

    /// The world read, and the line of its first `mover` line if it has one.
    pub(super) fn finish(
        mut self,
        end_line: usize,
    ) -> Result<(TextWorld, Option<usize>), TextWorldError> {
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
        let first_mover_line = self.movers.first().map(|pending| pending.line);
        let mut movers = Vec::with_capacity(self.movers.len());
        for pending in std::mem::take(&mut self.movers) {
            movers.push(made_mover(self.world.registry(), pending)?);
        }
        let warnings = if self.ended {
            Vec::new()
        } else {
            vec![NO_END_WARNING.to_owned()]
        };
        let read = TextWorld {
            world: self.world,
            movers,
            warnings,
        };
        Ok((read, first_mover_line))
    }
}

/// The mover a `mover` line and its drawn cells describe; an error points
/// at its line.
fn made_mover(registry: &BlockRegistry, pending: PendingMover) -> Result<Mover, TextWorldError> {
    let PendingMover {
        line,
        column,
        start,
        cells,
    } = pending;
    let at = |problem| TextWorldError {
        line,
        column,
        problem,
    };
    if cells.is_empty() {
        return Err(at(TextProblem::Mover(MoverError::NoBlocks)));
    }
    let lowest = cells.iter().fold(IVec3::MAX, |m, (c, _)| m.min(*c));
    let origin = start.at.unwrap_or_else(|| lowest.as_dvec3());
    if origin.abs().max_element() > f64::from(MAX_CELL_COORDINATE) {
        return Err(at(TextProblem::OutOfRange));
    }
    let base = origin.floor().as_ivec3();
    let relative = cells.into_iter().map(|(cell, block)| (cell - base, block));
    let mut mover = Mover::new(registry, relative, origin)
        .map_err(|e| at(TextProblem::Mover(e)))?
        .with_drive(start.drive);
    mover.through_blocks = start.through_blocks;
    mover.on_crush = start.on_crush;
    // A velocity out of range is refused here, not on the first tick.
    mover
        .validate(registry)
        .map_err(|e| at(TextProblem::Mover(e)))?;
    Ok(mover)
}

/// A directive line being read: where it is, for errors.
struct Directive<'l> {
    line: usize,
    raw: &'l str,
    /// The line after the directive's word.
    rest: &'l str,
    rest_column: usize,
}

impl Directive<'_> {
    fn at(&self, column: usize, problem: TextProblem) -> TextWorldError {
        TextWorldError {
            line: self.line,
            column,
            problem,
        }
    }

    fn args(&self, directive: &'static str, expected: &'static str) -> TextWorldError {
        self.at(
            self.rest_column,
            TextProblem::BadArguments {
                directive,
                expected,
                found: self.rest.to_string(),
            },
        )
    }

    /// `origin X Y Z`: three integers within the format's range.
    fn cell(&self, directive: &'static str) -> Result<IVec3, TextWorldError> {
        let v = parse_numbers::<i32>(self.rest)
            .ok_or_else(|| self.args(directive, "three integers"))?;
        let cell = IVec3::from_array(v);
        if cell.abs().max_element() > MAX_CELL_COORDINATE {
            return Err(self.at(self.rest_column, TextProblem::OutOfRange));
        }
        Ok(cell)
    }

    /// `spawn X Y Z`: three finite numbers within the format's range.
    fn spawn(&self) -> Result<DVec3, TextWorldError> {
        let v = parse_numbers::<f64>(self.rest)
            .filter(|v| v.iter().all(|x| x.is_finite()))
            .ok_or_else(|| self.args("spawn", "three finite numbers"))?;
        if v.iter().any(|x| x.abs() > f64::from(MAX_CELL_COORDINATE)) {
            return Err(self.at(self.rest_column, TextProblem::OutOfRange));
        }
        Ok(DVec3::from_array(v))
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
