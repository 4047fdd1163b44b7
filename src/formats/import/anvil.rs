//! Minecraft Anvil regions (`.mca`) and bare chunks (`.nbt`), with the
//! 1.13–1.20 section layouts read by `fastanvil`.
//!
//! The region container is read here, tolerantly: a chunk whose stored length
//! stops short of its zlib checksum (some tools write them so) still reads,
//! because the DEFLATE stream is inflated without the checksum; every chunk is
//! inflated to at most [`MAX_CHUNK_BYTES`]; a chunk that cannot be read is
//! skipped and counted in a warning, and the rest of the region still loads.
//! Chunk `(cx, cz)` of region file `r.X.Z.mca` lands at cells
//! `x = (32·X + cx)·16 …`, `z = (32·Z + cz)·16 …`, y as in the game.

use std::collections::HashMap;
use std::io::Read;

use fastanvil::{Chunk as _, JavaChunk};
use flate2::read::{DeflateDecoder, GzDecoder};
use glam::IVec3;

use super::block_states::Mapped;
use super::section_check::{SectionLayout, check_sections};
use super::vanilla_blocks::VanillaBlocks;
use super::{ImportError, Imported, Warnings, nbt_guard};
use crate::block::BlockId;
use crate::formats::limits::MAX_CHUNK_BYTES;
use crate::formats::limits::MAX_FILE_CHUNKS;
use crate::formats::limits::MAX_REGION_INFLATED_BYTES;
use crate::world::{Chunk, World};

const SECTOR: usize = 4096;

/// Whether `bytes` look like a region file: a whole number of sectors, at least
/// the two header sectors, and every used header entry pointing past them.
pub fn looks_like_region(bytes: &[u8]) -> bool {
    if bytes.len() < 2 * SECTOR || !bytes.len().is_multiple_of(SECTOR) {
        return false;
    }
    let mut used = 0;
    for entry in bytes[..SECTOR].chunks_exact(4) {
        let offset = u32::from_be_bytes([0, entry[0], entry[1], entry[2]]) as usize;
        let count = entry[3] as usize;
        if offset == 0 && count == 0 {
            continue;
        }
        if offset < 2 {
            return false;
        }
        used += 1;
    }
    used > 0
}

/// The region coordinates in a file name ending in `r.X.Z.mca` (anything may
/// come before the `r`, e.g. `world-r.-1.2.mca`).
///
/// ```
/// use voxwalk::formats::import::region_of_name;
/// assert_eq!(region_of_name("r.-1.2.mca"), Some((-1, 2)));
/// assert_eq!(region_of_name("saved-1.18-r.3.-4.mca"), Some((3, -4)));
/// assert_eq!(region_of_name("level.mca"), None);
/// ```
#[must_use]
pub fn region_of_name(name: &str) -> Option<(i32, i32)> {
    let parts: Vec<&str> = name.strip_suffix(".mca")?.split('.').collect();
    let [.., r, x, z] = parts.as_slice() else {
        return None;
    };
    if !r.ends_with('r') {
        return None;
    }
    Some((x.parse().ok()?, z.parse().ok()?))
}

/// Reads a region file; `region` is its coordinates (from the file name).
pub fn read_region(
    bytes: &[u8],
    region: (i32, i32),
    held: super::Held,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Imported, ImportError> {
    let mut world = World::new();
    let mut warnings = Warnings::default();
    let entries = region_entries(&bytes[..SECTOR], bytes.len() / SECTOR);
    let total = entries
        .iter()
        .filter(|e| **e != RegionEntry::Absent)
        .count();
    let mut skipped = 0;
    let mut inflated: u64 = 0;
    let mut done = 0;
    for (index, entry) in entries.into_iter().enumerate() {
        let (cx, cz) = ((index % 32) as i32, (index / 32) as i32);
        let key = (region.0 * 32 + cx, region.1 * 32 + cz);
        let offset = match entry {
            RegionEntry::Absent => continue,
            RegionEntry::At { offset, .. } => offset,
            RegionEntry::Overlapping { .. } => {
                progress(done, total);
                done += 1;
                skipped += 1;
                warnings.note(format!(
                    "chunk ({cx}, {cz}) skipped: {}",
                    entry.overlap_problem()
                ));
                continue;
            }
        };
        progress(done, total);
        done += 1;
        let nbt = match chunk_nbt(bytes, offset) {
            Ok(nbt) => nbt,
            Err(problem) => {
                skipped += 1;
                warnings.note(format!("chunk ({cx}, {cz}) skipped: {problem}"));
                continue;
            }
        };
        inflated += nbt.len() as u64;
        if inflated > MAX_REGION_INFLATED_BYTES {
            return Err(ImportError::format(format!(
                "chunk ({cx}, {cz}): the chunks so far inflate to {inflated} bytes, more than the \
                 {MAX_REGION_INFLATED_BYTES} one region may (MAX_REGION_INFLATED_BYTES)"
            )));
        }
        if let Err(problem) = place_chunk(&mut world, &nbt, key, &mut warnings) {
            skipped += 1;
            warnings.note(format!("chunk ({cx}, {cz}) skipped: {problem}"));
        }
        if world.chunk_count() > MAX_FILE_CHUNKS {
            return Err(ImportError::format(format!(
                "chunk ({cx}, {cz}): the region opens more than the {MAX_FILE_CHUNKS} chunks a \
                 world file may hold (MAX_FILE_CHUNKS)"
            )));
        }
        // Checked after each column: it overshoots by one column's sections
        // at most (a few megabytes).
        held.check(&world, || format!("chunk ({cx}, {cz})"))?;
    }
    progress(total, total);
    if skipped == total && total > 0 {
        let first = warnings.notes.first().map_or("", String::as_str);
        return Err(ImportError::format(format!(
            "none of the {total} chunks could be read; the first: {first}"
        )));
    }
    world.name = format!("Minecraft region r.{}.{}", region.0, region.1);
    world.compact();
    Ok(Imported { world, warnings })
}

/// One entry of a region's header, as every reading of a region takes it
/// (a region read whole, a column streamed out of a save folder): one rule,
/// so the same file gives the same world whichever way it is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RegionEntry {
    /// No chunk there.
    Absent,
    /// The chunk's first sector and its count.
    At { offset: usize, sectors: usize },
    /// Its sectors overlap those of an earlier entry (in header order), which
    /// a game never writes: skipped, naming the entry that holds them. A
    /// file whose 1,024 entries all name one chunk is so read once.
    Overlapping { offset: usize, first: usize },
}

impl RegionEntry {
    /// Why an overlapping entry is skipped.
    pub(crate) fn overlap_problem(self) -> String {
        match self {
            RegionEntry::Overlapping { offset, first } => format!(
                "its sectors from {offset} overlap those of chunk ({}, {})",
                first % 32,
                first / 32
            ),
            _ => String::new(),
        }
    }
}

/// The 1,024 entries of a region's `header` (its first 4 KiB), for a file of
/// `file_sectors` sectors.
pub(crate) fn region_entries(header: &[u8], file_sectors: usize) -> Vec<RegionEntry> {
    let mut owner: Vec<Option<usize>> = vec![None; file_sectors];
    header
        .chunks_exact(4)
        .enumerate()
        .map(|(index, e)| {
            let offset = u32::from_be_bytes([0, e[0], e[1], e[2]]) as usize;
            let sectors = e[3] as usize;
            if offset < 2 {
                return RegionEntry::Absent;
            }
            match claim_sectors(&mut owner, index, offset, sectors) {
                Ok(()) => RegionEntry::At { offset, sectors },
                Err(first) => RegionEntry::Overlapping { offset, first },
            }
        })
        .collect()
}

/// Marks the sectors of chunk `index` as its own, or names the chunk that
/// already holds one of them.
fn claim_sectors(
    owner: &mut [Option<usize>],
    index: usize,
    offset: usize,
    sectors: usize,
) -> Result<(), usize> {
    let claimed = offset.min(owner.len())..(offset + sectors.max(1)).min(owner.len());
    if let Some(first) = owner
        .get(claimed.clone())
        .into_iter()
        .flatten()
        .flatten()
        .next()
    {
        return Err(*first);
    }
    for sector in claimed {
        owner[sector] = Some(index);
    }
    Ok(())
}

/// The inflated NBT of the chunk stored at sector `offset`.
pub(crate) fn chunk_nbt(bytes: &[u8], offset: usize) -> Result<Vec<u8>, ImportError> {
    let start = offset
        .checked_mul(SECTOR)
        .filter(|s| s + 5 <= bytes.len())
        .ok_or("it lies past the end of the file")?;
    let length = u32::from_be_bytes([
        bytes[start],
        bytes[start + 1],
        bytes[start + 2],
        bytes[start + 3],
    ]) as usize;
    let scheme = bytes[start + 4];
    if length == 0 {
        return Err(ImportError::format("its length is zero"));
    }
    // Tolerate lengths that overrun the file by reading what is there.
    let end = (start + 4 + length).min(bytes.len());
    let data = &bytes[start + 5..end];
    let mut out = Vec::new();
    let limited = |r: &mut dyn Read, out: &mut Vec<u8>| -> Result<(), ImportError> {
        r.take(MAX_CHUNK_BYTES + 1)
            .read_to_end(out)
            .map_err(|e| format!("cannot inflate: {e}"))?;
        if out.len() as u64 > MAX_CHUNK_BYTES {
            return Err(ImportError::format(format!(
                "inflates past {MAX_CHUNK_BYTES} bytes"
            )));
        }
        Ok(())
    };
    match scheme & 0x7f {
        1 => limited(&mut GzDecoder::new(data), &mut out)?,
        2 => {
            // zlib: a two-byte header, DEFLATE, a checksum we do not need.
            if data.len() < 2 || (u16::from(data[0]) << 8 | u16::from(data[1])) % 31 != 0 {
                return Err(ImportError::format("not zlib data"));
            }
            limited(&mut DeflateDecoder::new(&data[2..]), &mut out)?;
        }
        3 => out = data.to_vec(),
        4 => {
            return Err(ImportError::format(
                "LZ4-compressed (Minecraft 1.20.5+ option), not supported",
            ));
        }
        other => return Err(ImportError::format(format!("unknown compression {other}"))),
    }
    if scheme & 0x80 != 0 {
        return Err(ImportError::format("stored outside the region (.mcc file)"));
    }
    Ok(out)
}

/// Reads a bare chunk (`.nbt`, uncompressed or gzip) and places it by its
/// `xPos`/`zPos`.
pub(crate) fn read_chunk_file(nbt: &[u8], held: super::Held) -> Result<Imported, ImportError> {
    let root: fastnbt::Value =
        fastnbt::from_bytes(nbt).map_err(|e| ImportError::format(format!("NBT: {e}")))?;
    let position = |c: &HashMap<String, fastnbt::Value>| match (c.get("xPos"), c.get("zPos")) {
        (Some(fastnbt::Value::Int(x)), Some(fastnbt::Value::Int(z))) => Some((*x, *z)),
        _ => None,
    };
    let key = match &root {
        fastnbt::Value::Compound(c) => position(c).or_else(|| match c.get("Level") {
            Some(fastnbt::Value::Compound(level)) => position(level),
            _ => None,
        }),
        _ => None,
    }
    .ok_or_else(|| ImportError::format("a chunk without xPos and zPos"))?;
    if key.0.abs() > 1 << 22 || key.1.abs() > 1 << 22 {
        return Err(ImportError::format(format!(
            "chunk position {key:?} is out of range"
        )));
    }
    let mut world = World::new();
    let mut warnings = Warnings::default();
    place_chunk(&mut world, nbt, key, &mut warnings)?;
    held.check(&world, || format!("chunk {key:?}"))?;
    world.name = format!("Minecraft chunk ({}, {})", key.0, key.1);
    world.compact();
    Ok(Imported { world, warnings })
}

/// Converts one chunk column's NBT into voxwalk chunks at column `key`.
fn place_chunk(
    world: &mut World,
    nbt: &[u8],
    key: (i32, i32),
    warnings: &mut Warnings,
) -> Result<(), ImportError> {
    let column = decode_column(nbt)?;
    // A region or chunk file alone does not say its dimension: an
    // overworld's lava.
    place_column(world, &column, key, false, warnings);
    Ok(())
}

/// A chunk column read out of its NBT, its block states not yet mapped to
/// a registry: the part of a load that needs no world, so that many columns
/// can be decoded at once and placed in a fixed order.
#[derive(Debug)]
pub struct DecodedColumn {
    data_version: Option<i32>,
    sections: Vec<DecodedSection>,
}

/// One 16³ section of a [`DecodedColumn`] that holds more than air.
#[derive(Debug)]
struct DecodedSection {
    /// Its section y (block y / 16).
    y: i32,
    /// Each state as `name|properties`.
    palette: Vec<String>,
    /// Index into `palette` of each cell, `x·256 + z·16 + y`, or `u16::MAX`
    /// for a cell the chunk leaves out.
    cells: Vec<u16>,
}

impl DecodedColumn {
    /// How many states each of its sections holds, bottom up.
    pub(crate) fn section_palettes(&self) -> impl Iterator<Item = usize> + '_ {
        self.sections.iter().map(|s| s.palette.len())
    }
}

/// Reads one chunk column's NBT, checking it as [`place_chunk`] does.
pub(crate) fn decode_column(nbt: &[u8]) -> Result<DecodedColumn, ImportError> {
    nbt_guard::check(nbt)?;
    let chunk = JavaChunk::from_bytes(nbt).map_err(|e| format!("not a chunk this reads: {e}"))?;
    // `fastanvil` indexes block states without checking their length: check first.
    let layout = match &chunk {
        JavaChunk::Post18(_) => SectionLayout::Padded,
        JavaChunk::Pre18(_) => SectionLayout::Legacy,
        JavaChunk::Pre13(_) => {
            return Err(ImportError::format(
                "a chunk from before Minecraft 1.13 (numeric block ids), which this does not read"
                    .to_owned(),
            ));
        }
    };
    let checked = check_sections(nbt, layout)?;
    let air_sections = checked.air_sections;
    let range = chunk.y_range();
    let (low, high) = (range.start.div_euclid(16), (range.end - 1).div_euclid(16));
    if low < -256 || high > 256 {
        return Err(ImportError::format(format!(
            "a height range {range:?} beyond any game's"
        )));
    }
    let mut sections = Vec::new();
    for sy in low..=high {
        if air_sections.iter().any(|&y| isize::from(y) == sy) {
            continue;
        }
        // Palette entries live as long as the chunk: indexed once each.
        let mut index: HashMap<*const fastanvil::Block, u16> = HashMap::new();
        let wet = waterlogged_states(&chunk, &checked.waterlogged, sy);
        let mut palette = Vec::new();
        let mut cells = vec![u16::MAX; 4096];
        for x in 0..16usize {
            for z in 0..16usize {
                for y in 0..16usize {
                    let world_y = sy * 16 + y as isize;
                    let Some(state) = chunk.block(x, world_y, z) else {
                        continue;
                    };
                    let at = *index.entry(std::ptr::from_ref(state)).or_insert_with(|| {
                        let mut described = state.encoded_description().to_owned();
                        if wet.iter().any(|&w| std::ptr::eq(w, state)) {
                            let joint = if described.ends_with('|') { "" } else { "," };
                            described = format!("{described}{joint}waterlogged=true");
                        }
                        palette.push(described);
                        (palette.len() - 1) as u16
                    });
                    cells[x * 256 + z * 16 + y] = at;
                }
            }
        }
        if !palette.is_empty() {
            sections.push(DecodedSection {
                y: sy as i32,
                palette,
                cells,
            });
        }
    }
    Ok(DecodedColumn {
        data_version: checked.data_version,
        sections,
    })
}

/// The palette entries of section `sy` that are waterlogged, as `fastanvil`
/// holds them (its descriptions leave the property out; the section check
/// read it).
fn waterlogged_states<'c>(
    chunk: &'c JavaChunk,
    waterlogged: &[(i8, Vec<usize>)],
    sy: isize,
) -> Vec<&'c fastanvil::Block> {
    let Some((_, entries)) = waterlogged.iter().find(|(y, _)| isize::from(*y) == sy) else {
        return Vec::new();
    };
    let palette: &[fastanvil::Block] = match chunk {
        JavaChunk::Post18(c) => c
            .sections
            .iter()
            .flat_map(fastanvil::SectionTower::sections)
            .find(|s| isize::from(s.y) == sy)
            .map_or(&[], |s| s.block_states.palette()),
        JavaChunk::Pre18(c) => c
            .level
            .sections
            .iter()
            .flat_map(fastanvil::SectionTower::sections)
            .find(|s| isize::from(s.y) == sy)
            .map_or(&[], |s| s.palette.as_slice()),
        JavaChunk::Pre13(_) => &[],
    };
    entries.iter().filter_map(|&i| palette.get(i)).collect()
}

/// Places a decoded column at column `key` of `world`, mapping its states
/// to the world's registry (registering the shapes it has not seen), in a
/// dimension that is `ultra_warm` (the Nether) or not.
pub(crate) fn place_column(
    world: &mut World,
    column: &DecodedColumn,
    key: (i32, i32),
    ultra_warm: bool,
    warnings: &mut Warnings,
) {
    let mut vanilla = VanillaBlocks::new(column.data_version).in_ultra_warm_dimension(ultra_warm);
    for decoded in &column.sections {
        let mapped: Vec<Mapped> = decoded
            .palette
            .iter()
            .map(|state| {
                let (name, props) = state.split_once('|').unwrap_or((state, ""));
                vanilla.block(world, name, props)
            })
            .collect();
        let mut section = Chunk::Uniform(BlockId::AIR);
        for (i, &at) in decoded.cells.iter().enumerate() {
            let Some(&Mapped { block, known }) = mapped.get(usize::from(at)) else {
                continue;
            };
            if !known {
                let state = &decoded.palette[usize::from(at)];
                warnings.unknown_state(state.split_once('|').map_or(state.as_str(), |(n, _)| n));
            }
            if block != BlockId::AIR {
                let (x, z, y) = (i / 256, (i / 16) % 16, i % 16);
                section.set(IVec3::new(x as i32, y as i32, z as i32), block);
            }
        }
        section.compact();
        if section != Chunk::Uniform(BlockId::AIR) {
            world.put_chunk(IVec3::new(key.0, decoded.y, key.1), section);
        }
    }
}
