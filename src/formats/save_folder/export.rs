//! Writing worlds as a Minecraft save folder: `level.dat` and one region
//! file at a time, so a world far larger than memory can be written piece
//! by piece (a generator's regions, one after another).

use std::collections::BTreeMap;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use fastanvil::Region;
use glam::IVec3;
use serde::Serialize;

use super::level_dat::{EXPORT_DATA_VERSION, LevelDat};
use crate::block::BlockId;
use crate::block::{Behaviour, BubbleColumn, Liquid, LiquidKind};
use crate::formats::import::vanilla_state_of_built_in;
use crate::formats::write_atomically;
use crate::movers::Mover;
use crate::world::{CHUNK_EDGE, Chunk, World};

/// The lowest and highest section y a 1.18+ overworld holds (blocks −64 to 319).
pub const EXPORT_SECTIONS: (i32, i32) = (-4, 19);

/// Why a world cannot be written as a save without losing something.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// A block type that is not one of the built-ins, which have vanilla names.
    #[error("block type {name:?} has no vanilla name to write (only the built-in types do)")]
    NoVanillaName {
        /// The type's name.
        name: String,
    },
    /// A block above or below what a game's overworld holds.
    #[error("chunk {chunk} lies outside the heights a save holds (blocks -64 to 319)")]
    OutOfHeight {
        /// The chunk.
        chunk: IVec3,
    },
    /// The world declares movers, which a save folder does not hold: written
    /// without them the world would lose them unsaid.
    #[error(
        "the world has {count} movers, which a Minecraft save does not hold; write a text world (.vxw) instead"
    )]
    HasMovers {
        /// How many.
        count: usize,
    },
    /// The folder already holds a save: it is never overwritten.
    #[error("{path} already holds a save (level.dat or region files); write to a new folder")]
    NotEmpty {
        /// The folder.
        path: PathBuf,
    },
    /// Writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the file system said.
        source: std::io::Error,
    },
}

/// A save folder being written.
#[derive(Debug)]
pub struct SaveWriter {
    folder: PathBuf,
    /// Chunk columns written so far.
    pub columns: usize,
    /// Region files written so far.
    pub regions: usize,
}

impl SaveWriter {
    /// Starts a save in `folder` (made if missing; refused if it holds a
    /// save already) and writes its `level.dat`.
    ///
    /// # Errors
    /// [`ExportError::NotEmpty`] for a folder with a save in it;
    /// [`ExportError::Io`] when the folder or file cannot be written.
    pub fn create(folder: &Path, level: &LevelDat) -> Result<SaveWriter, ExportError> {
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| ExportError::Io { path, source }
        };
        let regions = folder.join("region");
        if folder.join("level.dat").exists()
            || std::fs::read_dir(&regions).is_ok_and(|mut d| d.next().is_some())
        {
            return Err(ExportError::NotEmpty {
                path: folder.to_path_buf(),
            });
        }
        std::fs::create_dir_all(&regions).map_err(io(&regions))?;
        let level_path = folder.join("level.dat");
        write_atomically(&level_path, &level.to_bytes()).map_err(io(&level_path))?;
        Ok(SaveWriter {
            folder: folder.to_path_buf(),
            columns: 0,
            regions: 0,
        })
    }

    /// Writes region `region` (its 32 × 32 chunk columns) with the chunks of
    /// `world` that lie in it; nothing when it has none.
    ///
    /// # Errors
    /// [`ExportError`] for a block with no vanilla name, a chunk beyond the
    /// heights a save holds, or a file that cannot be written.
    pub fn write_region(&mut self, region: (i32, i32), world: &World) -> Result<(), ExportError> {
        let mut columns: BTreeMap<(i32, i32), Vec<(i32, &Chunk)>> = BTreeMap::new();
        for (key, chunk) in world.chunks() {
            if key.x.div_euclid(32) != region.0 || key.z.div_euclid(32) != region.1 {
                continue;
            }
            if chunk.uniform_block() == Some(BlockId::AIR) {
                continue;
            }
            if key.y < EXPORT_SECTIONS.0 || key.y > EXPORT_SECTIONS.1 {
                return Err(ExportError::OutOfHeight { chunk: key });
            }
            columns
                .entry((key.x, key.z))
                .or_default()
                .push((key.y, chunk));
        }
        if columns.is_empty() {
            return Ok(());
        }
        let mut file = Region::create(Cursor::new(Vec::new())).map_err(|e| anvil_error(&e))?;
        for ((x, z), mut sections) in columns {
            sections.sort_by_key(|(y, _)| *y);
            let nbt = column_nbt(world, x, z, &sections)?;
            file.write_chunk(x.rem_euclid(32) as usize, z.rem_euclid(32) as usize, &nbt)
                .map_err(|e| anvil_error(&e))?;
            self.columns += 1;
        }
        let bytes = file
            .into_inner()
            .map_err(|e| anvil_error(&fastanvil::Error::IO(e)))?
            .into_inner();
        let path = self
            .folder
            .join(format!("region/r.{}.{}.mca", region.0, region.1));
        write_atomically(&path, &bytes).map_err(|source| ExportError::Io { path, source })?;
        self.regions += 1;
        Ok(())
    }
}

/// Writes `world` as a save in `folder`, a region at a time: how
/// `voxwalk convert world.vxb folder/` exports. `movers` are those that
/// start in the world (as [`save`](crate::formats::save) takes them): a
/// save holds none, so a world with some is refused rather than written
/// without them.
///
/// # Errors
/// [`ExportError::HasMovers`] when `movers` is not empty (nothing is
/// written); otherwise as [`SaveWriter::create`] and
/// [`SaveWriter::write_region`].
pub fn export_world(
    world: &World,
    movers: &[Mover],
    folder: &Path,
) -> Result<SaveWriter, ExportError> {
    if !movers.is_empty() {
        return Err(ExportError::HasMovers {
            count: movers.len(),
        });
    }
    let level = LevelDat {
        name: world.name.clone(),
        data_version: Some(EXPORT_DATA_VERSION),
        spawn: world.spawn.map(|s| s.floor().as_ivec3()),
        player: None,
    };
    let mut writer = SaveWriter::create(folder, &level)?;
    let mut regions: Vec<(i32, i32)> = world
        .chunks()
        .map(|(k, _)| (k.x.div_euclid(32), k.z.div_euclid(32)))
        .collect();
    regions.sort_unstable();
    regions.dedup();
    for region in regions {
        writer.write_region(region, world)?;
    }
    Ok(writer)
}

fn anvil_error(e: &fastanvil::Error) -> ExportError {
    ExportError::Io {
        path: PathBuf::from("region"),
        source: std::io::Error::other(e.to_string()),
    }
}

#[derive(Serialize)]
struct ColumnOut {
    #[serde(rename = "DataVersion")]
    data_version: i32,
    #[serde(rename = "xPos")]
    x: i32,
    #[serde(rename = "zPos")]
    z: i32,
    #[serde(rename = "yPos")]
    y: i32,
    #[serde(rename = "Status")]
    status: &'static str,
    sections: Vec<SectionOut>,
}

#[derive(Serialize)]
struct SectionOut {
    #[serde(rename = "Y")]
    y: i8,
    block_states: StatesOut,
    biomes: BiomesOut,
}

#[derive(Serialize)]
struct StatesOut {
    palette: Vec<StateOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    data: Option<fastnbt::LongArray>,
}

#[derive(Serialize)]
struct StateOut {
    #[serde(rename = "Name")]
    name: &'static str,
    #[serde(rename = "Properties", skip_serializing_if = "BTreeMap::is_empty")]
    properties: BTreeMap<&'static str, &'static str>,
}

#[derive(Serialize)]
struct BiomesOut {
    palette: Vec<&'static str>,
}

/// The NBT of chunk column (`x`, `z`), its sections given bottom up.
fn column_nbt(
    world: &World,
    x: i32,
    z: i32,
    sections: &[(i32, &Chunk)],
) -> Result<Vec<u8>, ExportError> {
    let mut out = Vec::with_capacity(sections.len());
    for &(y, chunk) in sections {
        out.push(SectionOut {
            y: y as i8,
            block_states: states_of(world, chunk)?,
            biomes: BiomesOut {
                palette: vec!["minecraft:plains"],
            },
        });
    }
    let column = ColumnOut {
        data_version: EXPORT_DATA_VERSION,
        x,
        z,
        y: EXPORT_SECTIONS.0,
        status: "minecraft:full",
        sections: out,
    };
    Ok(fastnbt::to_bytes(&column).unwrap_or_default())
}

/// The vanilla state of a liquid type the importer makes: water or lava of a
/// level, a bubble column either way, with Minecraft's numbers and nothing
/// else (no boxes, no other behaviour). A game's own liquid, or a
/// waterlogged block, has none and is refused by name.
fn vanilla_liquid_of(
    world: &World,
    id: BlockId,
) -> Option<(&'static str, &'static [(&'static str, &'static str)])> {
    const LEVELS: [&[(&str, &str)]; 16] = [
        &[("level", "0")],
        &[("level", "1")],
        &[("level", "2")],
        &[("level", "3")],
        &[("level", "4")],
        &[("level", "5")],
        &[("level", "6")],
        &[("level", "7")],
        &[("level", "8")],
        &[("level", "9")],
        &[("level", "10")],
        &[("level", "11")],
        &[("level", "12")],
        &[("level", "13")],
        &[("level", "14")],
        &[("level", "15")],
    ];
    let registry = world.registry();
    if !registry.collision_shape(id).is_empty() {
        return None;
    }
    let behaviour = *registry.behaviour(id);
    let liquid = behaviour.liquid?;
    let vanilla_water = Liquid {
        drag: f64::from(0.8_f32),
        gravity: 1.0 / 16.0,
        kind: LiquidKind::Water,
        level: liquid.level,
        push: LiquidKind::Water.push(),
    };
    // The save written is an overworld: lava that pushes as the Nether's
    // does is no lava of it, and is refused by name.
    let vanilla_lava = Liquid {
        drag: 0.5,
        gravity: 0.25,
        kind: LiquidKind::Lava,
        push: LiquidKind::Lava.push(),
        ..vanilla_water
    };
    let only_liquid = Behaviour {
        liquid: Some(liquid),
        bubble_column: behaviour.bubble_column,
        ..Behaviour::PLAIN
    } == behaviour;
    if !only_liquid {
        return None;
    }
    match (behaviour.bubble_column, liquid) {
        (Some(column), l)
            if l == Liquid {
                level: 0,
                ..vanilla_water
            } =>
        {
            Some((
                "minecraft:bubble_column",
                if column == BubbleColumn::Drags {
                    &[("drag", "true")]
                } else {
                    &[("drag", "false")]
                },
            ))
        }
        (None, l) if l == vanilla_water => Some(("minecraft:water", LEVELS[usize::from(l.level)])),
        (None, l) if l == vanilla_lava => Some(("minecraft:lava", LEVELS[usize::from(l.level)])),
        _ => None,
    }
}

/// A section's palette and packed cells, as 1.18+ stores them: indices of
/// at least four bits, as many to a long as fit whole, cell `y·256 + z·16 + x`.
fn states_of(world: &World, chunk: &Chunk) -> Result<StatesOut, ExportError> {
    let vanilla = |id: BlockId| {
        let (name, properties) = vanilla_state_of_built_in(id)
            .or_else(|| vanilla_liquid_of(world, id))
            .ok_or_else(|| ExportError::NoVanillaName {
                name: world.registry().name(id).to_owned(),
            })?;
        Ok(StateOut {
            name,
            properties: properties.iter().copied().collect(),
        })
    };
    if let Some(only) = chunk.uniform_block() {
        return Ok(StatesOut {
            palette: vec![vanilla(only)?],
            data: None,
        });
    }
    let mut palette_ids: Vec<BlockId> = Vec::new();
    let mut cells = vec![0u16; 4096];
    let edge = CHUNK_EDGE as usize;
    for y in 0..edge {
        for z in 0..edge {
            for x in 0..edge {
                let block = chunk.block(IVec3::new(x as i32, y as i32, z as i32));
                let index = if let Some(i) = palette_ids.iter().position(|&b| b == block) {
                    i
                } else {
                    palette_ids.push(block);
                    palette_ids.len() - 1
                };
                cells[y * 256 + z * 16 + x] = index as u16;
            }
        }
    }
    let palette = palette_ids
        .iter()
        .map(|&id| vanilla(id))
        .collect::<Result<Vec<_>, ExportError>>()?;
    let data = (palette.len() > 1).then(|| {
        let bits = (usize::BITS - (palette.len() - 1).leading_zeros()).max(4) as usize;
        let per_long = 64 / bits;
        let mut longs = vec![0i64; 4096_usize.div_ceil(per_long)];
        for (i, &cell) in cells.iter().enumerate() {
            let shift = (i % per_long) * bits;
            longs[i / per_long] |= (i64::from(cell)) << shift;
        }
        fastnbt::LongArray::new(longs)
    });
    Ok(StatesOut { palette, data })
}
