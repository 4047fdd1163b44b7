//! Writing a world as text: the smallest origin that holds it, a legend
//! character for each type, a layer per y.

use std::fmt::Write as _;

use glam::IVec3;
use thiserror::Error;

use super::parser::DEFAULT_LEGEND;
use super::{MAGIC, MAX_CELL_COORDINATE, VERSION};
use crate::formats::block_line::block_line;
use crate::world::{BUILT_IN_TYPES, BlockId, BlockRegistry, World};

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
/// use voxwalk::glam::IVec3;
/// use voxwalk::world::{BlockId, World};
/// use voxwalk::formats::text_format;
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
