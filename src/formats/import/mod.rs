//! Worlds other tools wrote: MagicaVoxel `.vox`, Sponge schematics `.schem`,
//! Minecraft Anvil regions `.mca` and bare chunks `.nbt`.
//!
//! Formats are told apart by content. Every importer bounds what a file can
//! make it allocate or inflate, and reports what it could not carry over
//! (unknown block states become full blocks and are counted) as warnings.

pub(crate) mod anvil;
mod block_states;
mod materials;
pub(crate) mod nbt_guard;
pub(super) mod schem;
pub(super) mod section_check;
mod vanilla_blocks;
mod vanilla_shapes;
pub(super) mod vox;
pub(super) mod vox_chunks;

use std::collections::BTreeMap;
use std::fmt;
use std::io::Read;

use flate2::read::GzDecoder;
use thiserror::Error;

pub use anvil::{DecodedColumn, region_of_name};
pub use block_states::{Mapped, map_block_state, split_state, vanilla_state_of_built_in};
pub use materials::material_colour;
pub use vanilla_shapes::{GameVersion, ShapeTableError, StateShape, UnknownState, VanillaShapes};

use super::ReadBudget;
use crate::printable::LineBreaks;
use crate::world::World;

pub(crate) use super::limits::MAX_INFLATED_BYTES;

/// The formats this module reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImportFormat {
    /// MagicaVoxel.
    Vox,
    /// Sponge schematic, version 2 or 3.
    Schematic,
    /// Minecraft Anvil region.
    Region,
    /// One Minecraft chunk's NBT.
    Chunk,
}

impl fmt::Display for ImportFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ImportFormat::Vox => "MagicaVoxel (.vox)",
            ImportFormat::Schematic => "Sponge schematic (.schem)",
            ImportFormat::Region => "Minecraft region (.mca)",
            ImportFormat::Chunk => "Minecraft chunk (.nbt)",
        })
    }
}

/// Why a file could not be imported.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("{problem}")]
pub struct ImportError {
    /// What is wrong, and where when it can say.
    pub problem: String,
}

impl From<String> for ImportError {
    fn from(problem: String) -> Self {
        ImportError::format(problem)
    }
}

impl From<&str> for ImportError {
    fn from(problem: &str) -> Self {
        ImportError::format(problem)
    }
}

impl ImportError {
    /// An error whose words may quote the file (a key, a state, a parser's
    /// message about its bytes): line breaks and control characters are
    /// written as escapes, so the error stays one line and cannot drive a
    /// terminal.
    pub(super) fn format(problem: impl Into<String>) -> ImportError {
        ImportError {
            problem: crate::printable::terminal_safe(&problem.into(), LineBreaks::Escape),
        }
    }
}

/// A read's budget and what an import holds besides the world it builds (the
/// file, what it inflated, the tree parsed from that), for the importers to
/// check as the world grows.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Held {
    budget: ReadBudget,
    outside: u64,
}

impl Held {
    /// Whether `world`, with what is held outside it, stays within the
    /// budget; `place` names where in the file the import is.
    pub(crate) fn check(
        &self,
        world: &World,
        place: impl FnOnce() -> String,
    ) -> Result<(), ImportError> {
        self.budget
            .check(self.outside + world.storage_bytes() as u64, place)
            .map_err(|e| ImportError::format(e.to_string()))
    }
}

/// What an import could not carry over exactly.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Warnings {
    /// Block states no rule knew, with how many cells had each; they became
    /// full stone blocks.
    pub unknown_states: BTreeMap<String, u64>,
    /// Other remarks (skipped chunks, trailing data, …).
    pub notes: Vec<String>,
}

/// Most notes kept; the rest are counted.
const MAX_NOTES: usize = 32;

impl Warnings {
    fn unknown_state(&mut self, state: &str) {
        if let Some(n) = self.unknown_states.get_mut(state) {
            *n += 1;
        } else if self.unknown_states.len() < 4096 {
            self.unknown_states.insert(state.to_owned(), 1);
        }
    }

    pub(crate) fn note(&mut self, note: String) {
        if self.notes.len() < MAX_NOTES {
            // One line each, whatever the file's bytes said.
            let one_line = crate::printable::terminal_safe(&note, LineBreaks::Escape);
            self.notes
                .push(if one_line == note { note } else { one_line });
        } else if self.notes.len() == MAX_NOTES {
            self.notes.push("… more notes left out".into());
        }
    }

    /// Whether there is nothing to say.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.unknown_states.is_empty() && self.notes.is_empty()
    }

    /// One line per remark, for people.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if !self.unknown_states.is_empty() {
            let cells: u64 = self.unknown_states.values().sum();
            let mut by_count: Vec<(&String, &u64)> = self.unknown_states.iter().collect();
            by_count.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            let top: Vec<String> = by_count
                .iter()
                .take(8)
                .map(|(s, n)| format!("{s} ×{n}"))
                .collect();
            out.push(format!(
                "{cells} cells of {} unknown block states became full blocks: {}{}",
                self.unknown_states.len(),
                top.join(", "),
                if by_count.len() > 8 { ", …" } else { "" }
            ));
        }
        out.extend(self.notes.iter().cloned());
        out
    }
}

/// An imported world and what did not carry over.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The world.
    pub world: World,
    /// What the importer has to say.
    pub warnings: Warnings,
}

/// Which importer reads `bytes`, by content; `None` for none.
#[must_use]
pub fn detect(bytes: &[u8]) -> Option<ImportFormat> {
    if bytes.starts_with(b"VOX ") {
        return Some(ImportFormat::Vox);
    }
    if bytes.starts_with(&[0x1f, 0x8b]) {
        // Gzip: a schematic, or a gzipped chunk; told apart after inflating.
        return Some(ImportFormat::Schematic);
    }
    if anvil::looks_like_region(bytes) {
        return Some(ImportFormat::Region);
    }
    if bytes.first() == Some(&10) {
        return Some(ImportFormat::Chunk);
    }
    None
}

/// Imports a file of any importable format. `file_name` gives a region file
/// its coordinates (`r.X.Z.mca`; without it the region is placed at 0, 0).
/// `progress` hears `(done, total)` chunks of a region as they are read. The
/// import holds at most `budget` bytes: the file, what it inflates, and the
/// world it builds.
///
/// # Errors
/// [`ImportError`] saying what is wrong with the file.
pub fn import(
    bytes: &[u8],
    file_name: Option<&str>,
    budget: ReadBudget,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<(ImportFormat, Imported), ImportError> {
    let held = Held {
        budget,
        outside: bytes.len() as u64,
    };
    match detect(bytes) {
        // The parsed models hold a voxel in 4 bytes, as the file does.
        Some(ImportFormat::Vox) => vox::read(
            bytes,
            Held {
                outside: 2 * held.outside,
                ..held
            },
        )
        .map(|i| (ImportFormat::Vox, i)),
        Some(ImportFormat::Region) => {
            let region = file_name.and_then(region_of_name);
            let mut imported = anvil::read_region(bytes, region.unwrap_or((0, 0)), held, progress)?;
            if region.is_none() {
                imported
                    .warnings
                    .note("the file name is not r.X.Z.mca: the region is placed at 0, 0".into());
            }
            Ok((ImportFormat::Region, imported))
        }
        Some(ImportFormat::Schematic) => {
            let mut inflated = Vec::new();
            GzDecoder::new(bytes)
                .take(MAX_INFLATED_BYTES + 1)
                .read_to_end(&mut inflated)
                .map_err(|e| ImportError::format(format!("gzip: {e}")))?;
            if inflated.len() as u64 > MAX_INFLATED_BYTES {
                return Err(ImportError::format(format!(
                    "inflates past {MAX_INFLATED_BYTES} bytes"
                )));
            }
            // The inflated bytes, and the tree parsed from them about as large.
            let outside = held.outside + 2 * inflated.len() as u64;
            held.check(&World::new(), || "the inflated schematic".into())?;
            nbt(&inflated, Held { outside, ..held })
        }
        Some(ImportFormat::Chunk) => nbt(
            bytes,
            Held {
                outside: 2 * held.outside,
                ..held
            },
        ),
        None => Err(ImportError::format("not a format this program imports")),
    }
}

/// An NBT file: a schematic if it has one's fields, else a chunk.
fn nbt(bytes: &[u8], held: Held) -> Result<(ImportFormat, Imported), ImportError> {
    nbt_guard::check(bytes)?;
    let root: fastnbt::Value =
        fastnbt::from_bytes(bytes).map_err(|e| ImportError::format(format!("NBT: {e}")))?;
    let fastnbt::Value::Compound(root) = root else {
        return Err(ImportError::format("NBT root is not a compound"));
    };
    let is_schematic = root.contains_key("Schematic")
        || (root.contains_key("Palette") && root.contains_key("BlockData"));
    if is_schematic {
        schem::read(&root, held).map(|i| (ImportFormat::Schematic, i))
    } else {
        anvil::read_chunk_file(bytes, held).map(|i| (ImportFormat::Chunk, i))
    }
}
