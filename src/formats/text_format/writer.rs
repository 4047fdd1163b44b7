//! Writing a world as text: the smallest origin that holds it, a legend
//! character for each type and for each block type of each mover, a layer
//! per y.

use std::fmt::Write as _;

use glam::IVec3;
use rustc_hash::FxHashMap;
use thiserror::Error;

use super::parser::DEFAULT_LEGEND;
use super::{MAGIC, MAX_CELL_COORDINATE, VERSION};
use crate::block::{BUILT_IN_TYPES, BlockId, BlockRegistry};
use crate::formats::block_line::block_line;
use crate::formats::limits::MAX_TEXT_CELLS;
use crate::movers::{Drive, Mover, PathEnds};
use crate::world::World;

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
    /// A mover that has moved: a text world holds where movers start.
    #[error(
        "mover {mover} has moved since it was made; a text world holds movers where they start"
    )]
    MoverUnderway {
        /// Its place among the world's movers.
        mover: usize,
    },
    /// A mover's cell where the world has a block, or another mover's cell:
    /// a character draws one of them only.
    #[error("mover {mover}'s cell {cell:?} is drawn over a block or another mover")]
    MoverOverlaps {
        /// Its place among the world's movers.
        mover: usize,
        /// The world cell.
        cell: [i32; 3],
    },
    /// A cell holds an id its world's registry has no type for.
    #[error("a cell holds block id {id}, which the world's registry does not define")]
    UnknownBlockId {
        /// The id.
        id: u16,
    },
}

/// Writes a world as text: the smallest origin that holds every non-air cell,
/// one layer per non-empty `y`, rows padded with `.` and closed with `|`.
///
/// ```
/// use voxwalk::glam::IVec3;
/// use voxwalk::block::BlockId;
/// use voxwalk::world::World;
/// use voxwalk::formats::text_format;
/// let mut w = World::new();
/// w.set_block(IVec3::new(3, 7, -2), BlockId::POST);
/// let text = text_format::to_text(&w, &[]).unwrap();
/// assert_eq!(text, "voxwalk-world 1\norigin 3 7 -2\nlayer 0\n|i|\nend\n");
/// assert_eq!(text_format::parse(&text).unwrap(), w);
/// ```
///
/// # Errors
/// [`TextWriteError`] when the name cannot be written on one line as it is,
/// the world (with its movers' cells) spans more than [`MAX_TEXT_CELLS`], or a
/// mover has moved since it was made or lies over a block or another mover.
pub fn to_text(world: &World, movers: &[Mover]) -> Result<String, TextWriteError> {
    let name = &world.name;
    check_name_and_spawn(world)?;
    let mut out = format!("{MAGIC} {VERSION}\n");
    // Writing to a String cannot fail; the results are ignored on purpose.
    if !name.is_empty() {
        let _ = writeln!(out, "name {name}");
    }
    let drawn = mover_cells(world, movers)?;
    let bounds = drawn.keys().fold(world.bounds(), |b, &cell| {
        Some(b.map_or((cell, cell), |(lo, hi)| (lo.min(cell), hi.max(cell))))
    });
    let Some((lo, hi)) = bounds else {
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
    let mover_symbols = mover_symbols(movers, &symbols)?;
    let _ = writeln!(out, "origin {} {} {}", lo.x, lo.y, lo.z);
    if let Some(s) = world.spawn {
        let _ = writeln!(out, "spawn {} {} {}", s.x, s.y, s.z);
    }
    let registry = world.registry();
    // Block lines come first: a legend or a mover line names their types.
    for id in BUILT_IN_TYPES..registry.len() {
        let Some(block) = registry.get(BlockId(id as u16)) else {
            continue;
        };
        let symbol = symbols.get(id).copied().flatten();
        if symbol.is_none() && mover_symbols.iter().all(|g| g.block.index() != id) {
            continue;
        }
        let _ = writeln!(out, "{}", block_line(block));
        if let Some(symbol) = symbol {
            let _ = writeln!(out, "legend {symbol} {}", block.name);
        }
    }
    for symbol in &mover_symbols {
        let _ = writeln!(out, "{}", mover_line(world, movers, &mover_symbols, symbol));
    }
    for y in lo.y..=hi.y {
        let rows: Vec<String> = (lo.z..=hi.z)
            .map(|z| {
                (lo.x..=hi.x)
                    .map(|x| {
                        let cell = IVec3::new(x, y, z);
                        if let Some(&(mover, block)) = drawn.get(&cell) {
                            return symbol_of(&mover_symbols, mover, block);
                        }
                        let id = world.block(cell);
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

/// Refuses a name that would not survive a line of its own, and a spawn
/// the reader would refuse.
fn check_name_and_spawn(world: &World) -> Result<(), TextWriteError> {
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
    Ok(())
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

/// A character drawing one block type of one mover.
struct MoverSymbol {
    mover: usize,
    block: BlockId,
    symbol: char,
}

/// The world cells of every mover, with the mover's index and the block,
/// each checked to be where it starts and clear of blocks and other movers.
fn mover_cells(
    world: &World,
    movers: &[Mover],
) -> Result<FxHashMap<IVec3, (usize, BlockId)>, TextWriteError> {
    let mut drawn = FxHashMap::default();
    for (index, mover) in movers.iter().enumerate() {
        if !is_at_its_start(mover) {
            return Err(TextWriteError::MoverUnderway { mover: index });
        }
        let base = mover.home().floor().as_ivec3();
        for b in mover.blocks() {
            if world.registry().get(b.block).is_none() {
                return Err(TextWriteError::UnknownBlockId { id: b.block.0 });
            }
            let cell = base + b.cell;
            if world.block(cell) != BlockId::AIR || drawn.insert(cell, (index, b.block)).is_some() {
                return Err(TextWriteError::MoverOverlaps {
                    mover: index,
                    cell: cell.to_array(),
                });
            }
        }
    }
    Ok(drawn)
}

/// Whether a mover is as it was made: where a file's mover starts.
fn is_at_its_start(mover: &Mover) -> bool {
    mover.position() == mover.home()
        && mover.previous() == mover.home()
        && mover.clock() == 0.0
        && mover.velocity() == glam::DVec3::ZERO
}

/// A character for each block type of each mover, from those the world's
/// legend leaves free.
fn mover_symbols(
    movers: &[Mover],
    symbols: &[Option<char>],
) -> Result<Vec<MoverSymbol>, TextWriteError> {
    let taken = |c: char| symbols.contains(&Some(c)) || DEFAULT_LEGEND.iter().any(|(d, _)| *d == c);
    let mut free = ('!'..='~').filter(|&c| c != '|' && !taken(c));
    let available = free.clone().count();
    let mut symbols_of_movers: Vec<MoverSymbol> = Vec::new();
    let mut wanted = 0;
    for (mover, m) in movers.iter().enumerate() {
        let first = symbols_of_movers.len();
        for b in m.blocks() {
            if symbols_of_movers[first..]
                .iter()
                .all(|g| g.block != b.block)
            {
                wanted += 1;
                let symbol = free.next().ok_or(TextWriteError::TooManyBlockTypes {
                    used: wanted,
                    available,
                })?;
                symbols_of_movers.push(MoverSymbol {
                    mover,
                    block: b.block,
                    symbol,
                });
            }
        }
    }
    Ok(symbols_of_movers)
}

/// The character drawing `block` of mover `mover`.
fn symbol_of(symbols_of_movers: &[MoverSymbol], mover: usize, block: BlockId) -> char {
    symbols_of_movers
        .iter()
        .find(|g| g.mover == mover && g.block == block)
        .map_or('.', |g| g.symbol)
}

/// The `mover` line of one symbol: the mover's start and drive on its first
/// symbol's line, `joins` on the others'.
fn mover_line(
    world: &World,
    movers: &[Mover],
    symbols_of_movers: &[MoverSymbol],
    symbol: &MoverSymbol,
) -> String {
    let name = world
        .registry()
        .get(symbol.block)
        .map_or("", |b| b.name.as_str());
    let mut line = format!("mover {} {name}", symbol.symbol);
    let mover = &movers[symbol.mover];
    // Glyphs are handed out in the order of the mover's blocks, so its
    // first symbol leads and the others join it.
    if let Some(leader) = symbols_of_movers.iter().find(|g| g.mover == symbol.mover)
        && leader.symbol != symbol.symbol
    {
        let _ = write!(line, " joins {}", leader.symbol);
        return line;
    }
    let at = mover.home();
    let _ = write!(line, " at {} {} {}", at.x, at.y, at.z);
    match &mover.drive {
        Drive::Velocity(v) if *v == glam::DVec3::ZERO => {}
        Drive::Velocity(v) => {
            let _ = write!(line, " velocity {} {} {}", v.x, v.y, v.z);
        }
        Drive::Path(path) => {
            let (mut speed, mut pause) = (None, 0.0);
            for w in path.waypoints() {
                if speed != Some(w.speed) {
                    let _ = write!(line, " speed {}", w.speed);
                    speed = Some(w.speed);
                }
                if pause != w.pause {
                    let _ = write!(line, " pause {}", w.pause);
                    pause = w.pause;
                }
                let _ = write!(line, " to {} {} {}", w.offset.x, w.offset.y, w.offset.z);
            }
            match path.ends() {
                PathEnds::Once => {}
                PathEnds::Loop => line.push_str(" loop"),
                PathEnds::PingPong => line.push_str(" ping-pong"),
            }
        }
    }
    if mover.through_blocks {
        line.push_str(" through-blocks");
    }
    if mover.on_crush == crate::movers::CrushRule::Report {
        line.push_str(" crush report");
    }
    line
}
