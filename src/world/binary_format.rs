//! The compact binary world format, `*.vxb`, for large worlds.
//!
//! ```text
//! offset  size  field
//!      0     8  magic "VOXWALKB"
//!      8     2  version (2), little-endian like every number here
//!     10     2  flags (0; any other value is refused)
//!     12     8  payload length after decompression
//!     20     4  CRC-32 of the decompressed payload
//!     24     …  the payload, raw DEFLATE
//! payload:
//!   name      varint byte length, UTF-8
//!   spawn     u8 0 or 1, then three f64 when 1
//!   blocks    varint count m, then the m block types the cells use beyond
//!             the 13 built-ins (file ids 13, 14, … in this order), each:
//!     name        varint byte length, UTF-8
//!     flags       u8: 1 solid, 2 has a glyph
//!     colour      three u8
//!     glyph       u32 (a Unicode scalar) when flag 2
//!     boxes       u8 count, then six f64 each (min x y z, max x y z)
//!     properties  u8 count, then each: varint length and UTF-8 name,
//!                 u8 kind, then an f64 (kind 0, a number) or a u8 (kind 1, a flag)
//!   chunks    varint count, then per chunk, in key order:
//!     key       three i32 (chunk coordinates)
//!     palette   varint length n (1..=4096), n distinct varint file ids
//!     cells     when n > 1: runs of (varint length, varint palette index)
//!               covering the 4096 cells column by column (x, then z,
//!               then y fastest), so each column of terrain is a few runs
//! ```
//!
//! Version 1 (still read) had no block types: its palettes were a u8 length
//! (1..=13) and built-in ids as bytes, its palette indices single bytes.
//! Types registered but used by no cell are not written.
//!
//! Reading never trusts a length: the payload is inflated only up to the length
//! the header states (and at most [`MAX_PAYLOAD_BYTES`]), counts are checked
//! against what is left, and every failure names the byte of the payload and
//! the chunk it was in.

use std::io::{BufRead, Read, Write};

use flate2::read::DeflateDecoder;
use flate2::write::DeflateEncoder;
use flate2::{Compression, CrcReader};
use glam::{DVec3, IVec3};
use thiserror::Error;

use super::voxel_world::stored_chunk_bytes;
use super::{
    BUILT_IN_TYPES, BlockId, BlockType, CHUNK_EDGE, Chunk, MAX_BOXES_PER_BLOCK, MAX_PROPERTIES,
    MixedCells, OverBudget, PropertyValue, ReadBudget, World,
};
use crate::geometry::Aabb;

/// The first bytes of every binary world.
pub const MAGIC: &[u8; 8] = b"VOXWALKB";
/// The version this build writes; it reads this one and version 1.
pub const VERSION: u16 = 2;
/// Bytes before the payload.
pub const HEADER_BYTES: usize = 24;
/// Largest decompressed payload accepted: far beyond real worlds (a
/// 256×96×256 world is tens of kilobytes), small enough to hold in memory.
pub const MAX_PAYLOAD_BYTES: u64 = 1 << 30;
/// Most chunks accepted, the limit every world file shares
/// ([`MAX_FILE_CHUNKS`](super::MAX_FILE_CHUNKS)); a file claiming more is
/// refused before anything is built.
pub const MAX_CHUNKS: u64 = super::MAX_FILE_CHUNKS as u64;
/// Longest world name accepted.
pub const MAX_NAME_BYTES: u64 = 4096;

const CELLS: usize = (CHUNK_EDGE * CHUNK_EDGE * CHUNK_EDGE) as usize;

/// What is wrong with a binary world.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum BinaryWorldError {
    /// The file is shorter than its header.
    #[error("{length} bytes is too short for the {HEADER_BYTES}-byte header")]
    TooShort {
        /// The file's length.
        length: usize,
    },
    /// The first bytes are not the magic.
    #[error("not a binary world (it does not start with VOXWALKB)")]
    NotBinaryWorld,
    /// A version this build does not read.
    #[error("version {found} (this build reads versions 1 and {VERSION})")]
    Version {
        /// The version in the file.
        found: u16,
    },
    /// Flags this build does not know.
    #[error("unknown flags {found:#06x} in the header")]
    Flags {
        /// The flags.
        found: u16,
    },
    /// The header claims a payload larger than allowed.
    #[error(
        "the header claims a {claimed}-byte payload, more than the {MAX_PAYLOAD_BYTES}-byte limit"
    )]
    PayloadTooLarge {
        /// The claimed length.
        claimed: u64,
    },
    /// The compressed data is broken or does not inflate to the stated length.
    #[error("compressed payload: {problem}")]
    Compression {
        /// What went wrong.
        problem: String,
    },
    /// The checksum does not match: the file was damaged.
    #[error(
        "checksum mismatch (header {stored:#010x}, payload {computed:#010x}): the file is damaged"
    )]
    Checksum {
        /// The checksum in the header.
        stored: u32,
        /// The checksum of the payload read.
        computed: u32,
    },
    /// Building the world would hold more than the read budget.
    #[error("payload byte {offset}: {source}")]
    OverBudget {
        /// Byte offset within the decompressed payload.
        offset: usize,
        /// What asked for more, and how much.
        source: OverBudget,
    },
    /// The payload is malformed at a place.
    #[error("payload byte {offset}{}: {problem}", .chunk.map(|c| format!(" (chunk {} at {:?})", c.0, c.1)).unwrap_or_default())]
    Payload {
        /// Byte offset within the decompressed payload.
        offset: usize,
        /// The index and key of the chunk being read, if any.
        chunk: Option<(u64, [i32; 3])>,
        /// What is wrong.
        problem: String,
    },
}

/// Why a world cannot be written as a binary world.
#[derive(Debug, Error, PartialEq)]
pub enum BinaryWriteError {
    /// A cell holds an id its world's registry has no type for, so the file
    /// could not say what the cell is.
    #[error("a cell holds block id {id}, which the world's registry does not define")]
    UnknownBlockId {
        /// The id.
        id: u16,
    },
    /// The spawn lies beyond the range every format reads.
    #[error("spawn {spawn:?} is not finite or beyond ±{limit}", limit = super::text_format::MAX_CELL_COORDINATE)]
    SpawnOutOfRange {
        /// The spawn.
        spawn: [f64; 3],
    },
}

/// Encodes `world` as a binary world.
///
/// ```
/// use glam::IVec3;
/// use voxwalk::world::{BlockId, World, binary_format};
/// let mut world = World::new();
/// world.fill(IVec3::new(-20, 0, -20), IVec3::new(20, 3, 20), BlockId::STONE);
/// world.set_block(IVec3::new(1, 4, 1), BlockId::POST);
/// let bytes = binary_format::encode(&world).unwrap();
/// let back = binary_format::decode(&bytes).unwrap();
/// assert_eq!(back.block(IVec3::new(1, 4, 1)), BlockId::POST);
/// assert_eq!(back.count_blocks(), world.count_blocks());
/// ```
///
/// # Errors
/// [`BinaryWriteError::UnknownBlockId`] when a cell holds an id the world's
/// registry does not define; [`BinaryWriteError::SpawnOutOfRange`] when the
/// spawn could not be read back.
pub fn encode(world: &World) -> Result<Vec<u8>, BinaryWriteError> {
    if let Some(spawn) = world.spawn
        && !(spawn.is_finite()
            && spawn.abs().max_element() <= f64::from(super::text_format::MAX_CELL_COORDINATE))
    {
        return Err(BinaryWriteError::SpawnOutOfRange {
            spawn: spawn.to_array(),
        });
    }
    let mut payload = Vec::new();
    put_varint(&mut payload, world.name.len() as u64);
    payload.extend_from_slice(world.name.as_bytes());
    match world.spawn {
        Some(s) => {
            payload.push(1);
            for v in s.to_array() {
                payload.extend_from_slice(&v.to_le_bytes());
            }
        }
        None => payload.push(0),
    }
    let file_ids = encode_block_types(&mut payload, world)?;
    let mut chunks: Vec<(IVec3, &Chunk)> = world.chunks().collect();
    chunks.sort_by_key(|(key, _)| key.to_array());
    put_varint(&mut payload, chunks.len() as u64);
    for (key, chunk) in chunks {
        encode_chunk(&mut payload, key, chunk, &file_ids);
    }
    let mut encoder = DeflateEncoder::new(Vec::new(), Compression::best());
    // Compressing into memory has no way to fail.
    let compressed = encoder
        .write_all(&payload)
        .and_then(|()| encoder.finish())
        .unwrap_or_default();
    let mut out = Vec::with_capacity(HEADER_BYTES + compressed.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&crc32fast::hash(&payload).to_le_bytes());
    out.extend_from_slice(&compressed);
    Ok(out)
}

/// Column order: x slowest, then z, then y fastest.
fn column_order() -> impl Iterator<Item = IVec3> {
    (0..CHUNK_EDGE).flat_map(|x| {
        (0..CHUNK_EDGE).flat_map(move |z| (0..CHUNK_EDGE).map(move |y| IVec3::new(x, y, z)))
    })
}

/// Writes the definitions of the types beyond the built-ins that cells use, and
/// returns each id's file id, indexed by id (built-ins keep theirs).
fn encode_block_types(out: &mut Vec<u8>, world: &World) -> Result<Vec<u64>, BinaryWriteError> {
    let counts = world.count_blocks();
    let registry = world.registry();
    if let Some(unknown) = (registry.len()..counts.len()).find(|&i| counts[i] > 0) {
        return Err(BinaryWriteError::UnknownBlockId { id: unknown as u16 });
    }
    let mut file_ids: Vec<u64> = (0..counts.len() as u64).collect();
    let used: Vec<(usize, &BlockType)> = (BUILT_IN_TYPES..counts.len())
        .filter(|&i| counts[i] > 0)
        .filter_map(|i| registry.get(BlockId(i as u16)).map(|t| (i, t)))
        .collect();
    put_varint(out, used.len() as u64);
    for (k, (id, block)) in used.into_iter().enumerate() {
        file_ids[id] = (BUILT_IN_TYPES + k) as u64;
        put_varint(out, block.name.len() as u64);
        out.extend_from_slice(block.name.as_bytes());
        out.push(u8::from(block.solid) | (u8::from(block.look.glyph.is_some()) << 1));
        out.extend_from_slice(&block.look.colour);
        if let Some(glyph) = block.look.glyph {
            out.extend_from_slice(&u32::from(glyph).to_le_bytes());
        }
        out.push(block.boxes.len() as u8);
        for b in &block.boxes {
            for v in b.to_array() {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        out.push(block.properties.len() as u8);
        for (name, value) in block.properties.iter() {
            put_varint(out, name.len() as u64);
            out.extend_from_slice(name.as_bytes());
            match value {
                PropertyValue::Number(x) => {
                    out.push(0);
                    out.extend_from_slice(&x.to_le_bytes());
                }
                PropertyValue::Flag(on) => out.extend_from_slice(&[1, u8::from(on)]),
            }
        }
    }
    Ok(file_ids)
}

fn encode_chunk(out: &mut Vec<u8>, key: IVec3, chunk: &Chunk, file_ids: &[u64]) {
    for v in key.to_array() {
        out.extend_from_slice(&v.to_le_bytes());
    }
    // Each id's place in the palette, by id: a search of the palette for
    // every cell is quadratic in a chunk of thousands of types.
    let mut palette: Vec<BlockId> = Vec::new();
    let mut place: rustc_hash::FxHashMap<BlockId, u64> = rustc_hash::FxHashMap::default();
    let cells: Vec<BlockId> = column_order().map(|local| chunk.block(local)).collect();
    for &b in &cells {
        place.entry(b).or_insert_with(|| {
            palette.push(b);
            palette.len() as u64 - 1
        });
    }
    put_varint(out, palette.len() as u64);
    for b in &palette {
        put_varint(
            out,
            file_ids.get(b.index()).copied().unwrap_or(u64::from(b.0)),
        );
    }
    if palette.len() == 1 {
        return;
    }
    let index = |b: BlockId| place.get(&b).copied().unwrap_or(0);
    let mut run = (cells[0], 0u64);
    for &b in &cells {
        if b == run.0 {
            run.1 += 1;
        } else {
            put_varint(out, run.1);
            put_varint(out, index(run.0));
            run = (b, 1);
        }
    }
    put_varint(out, run.1);
    put_varint(out, index(run.0));
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Decodes a binary world within the default [`ReadBudget`].
///
/// # Errors
/// [`BinaryWorldError`] naming what is wrong and where; nothing is allocated
/// beyond what the bytes actually present can fill.
pub fn decode(bytes: &[u8]) -> Result<World, BinaryWorldError> {
    decode_within(bytes, ReadBudget::default())
}

/// Bytes the inflater holds while it streams: its window and read buffer.
const INFLATER_BYTES: u64 = 128 << 10;

/// Decodes a binary world, holding at most `budget` bytes in all: the file's
/// own bytes, the inflater, and the world as it is built. The payload is
/// inflated as it is read, never whole.
///
/// # Errors
/// As [`decode`]; [`BinaryWorldError::OverBudget`] when the world would take
/// more than the budget, before the part that would is built.
pub fn decode_within(bytes: &[u8], budget: ReadBudget) -> Result<World, BinaryWorldError> {
    if bytes.len() < HEADER_BYTES {
        return Err(
            if bytes.starts_with(&MAGIC[..bytes.len().min(8)]) && !bytes.is_empty() {
                BinaryWorldError::TooShort {
                    length: bytes.len(),
                }
            } else {
                BinaryWorldError::NotBinaryWorld
            },
        );
    }
    if &bytes[..8] != MAGIC {
        return Err(BinaryWorldError::NotBinaryWorld);
    }
    let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
    let version = u16_at(8);
    if version != 1 && version != VERSION {
        return Err(BinaryWorldError::Version { found: version });
    }
    let flags = u16_at(10);
    if flags != 0 {
        return Err(BinaryWorldError::Flags { found: flags });
    }
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[12..20]);
    let claimed = u64::from_le_bytes(word);
    if claimed > MAX_PAYLOAD_BYTES {
        return Err(BinaryWorldError::PayloadTooLarge { claimed });
    }
    let stored = u32::from_le_bytes([bytes[20], bytes[21], bytes[22], bytes[23]]);
    let mut reader = PayloadReader {
        source: Inflated::new(&bytes[HEADER_BYTES..], claimed),
        chunk: None,
        version,
        file_types: BUILT_IN_TYPES,
        held_outside: bytes.len() as u64 + INFLATER_BYTES,
        budget,
        seen: Vec::new(),
    };
    let read = reader.world();
    // A damaged file is named as damaged, whatever the damage made the
    // payload look like: the rest is inflated (never kept) to learn its length
    // and checksum before any payload error is believed.
    let computed = reader.source.finish()?;
    if computed != stored {
        return Err(BinaryWorldError::Checksum { stored, computed });
    }
    read
}

/// The payload, inflated as it is read: counts the bytes given out, checks
/// them against the length the header claims, and sums their checksum.
struct Inflated<'a> {
    /// The checksum is summed under the buffer, a buffer at a time.
    decoder: std::io::BufReader<CrcReader<DeflateDecoder<&'a [u8]>>>,
    /// Bytes of the payload given out so far.
    at: u64,
    claimed: u64,
    /// The last bytes taken, for the reader to look at.
    scratch: Vec<u8>,
}

impl<'a> Inflated<'a> {
    fn new(compressed: &'a [u8], claimed: u64) -> Self {
        Self {
            decoder: std::io::BufReader::with_capacity(
                64 << 10,
                CrcReader::new(DeflateDecoder::new(compressed)),
            ),
            at: 0,
            claimed,
            scratch: Vec::new(),
        }
    }

    /// Bytes the header says are left.
    fn left(&self) -> u64 {
        self.claimed - self.at
    }

    /// The next `n` bytes; `Ok(None)` when the header says fewer are left.
    fn take(&mut self, n: usize) -> Result<Option<&[u8]>, BinaryWorldError> {
        if (n as u64) > self.left() {
            return Ok(None);
        }
        self.scratch.resize(n, 0);
        if let Err(error) = self.decoder.read_exact(&mut self.scratch) {
            return Err(self.broken(&error));
        }
        self.at += n as u64;
        Ok(Some(&self.scratch))
    }

    /// The next byte; `Ok(None)` when the header says none is left. Most of
    /// a payload is read a byte at a time, straight from the buffer.
    fn byte(&mut self) -> Result<Option<u8>, BinaryWorldError> {
        if self.left() == 0 {
            return Ok(None);
        }
        let next = match self.decoder.fill_buf() {
            Ok(buffer) => buffer.first().copied(),
            Err(error) => return Err(self.broken(&error)),
        };
        let Some(b) = next else {
            let eof = std::io::Error::from(std::io::ErrorKind::UnexpectedEof);
            return Err(self.broken(&eof));
        };
        self.decoder.consume(1);
        self.at += 1;
        Ok(Some(b))
    }

    fn broken(&mut self, error: &std::io::Error) -> BinaryWorldError {
        if error.kind() == std::io::ErrorKind::UnexpectedEof {
            // How much there was: the rest of what could be inflated.
            let mut rest = 0u64;
            let mut buffer = [0u8; 8192];
            while let Ok(n @ 1..) = self.decoder.read(&mut buffer) {
                rest += n as u64;
            }
            BinaryWorldError::Compression {
                problem: format!(
                    "inflates to {} bytes, the header says {}",
                    (self.at + rest).min(self.claimed),
                    self.claimed
                ),
            }
        } else {
            BinaryWorldError::Compression {
                problem: error.to_string(),
            }
        }
    }

    /// Inflates what the reader left (never keeping it) and one byte more,
    /// to check the payload is exactly as long as claimed; returns its
    /// checksum.
    fn finish(&mut self) -> Result<u32, BinaryWorldError> {
        let mut buffer = vec![0u8; 64 << 10];
        loop {
            let want = (self.left() + 1).min(buffer.len() as u64) as usize;
            match self.decoder.read(&mut buffer[..want]) {
                Ok(0) if self.left() == 0 => break,
                Ok(0) => {
                    return Err(BinaryWorldError::Compression {
                        problem: format!(
                            "inflates to {} bytes, the header says {}",
                            self.at, self.claimed
                        ),
                    });
                }
                Ok(n) if n as u64 > self.left() => {
                    return Err(BinaryWorldError::Compression {
                        problem: format!(
                            "inflates to {}+ bytes, the header says {}",
                            self.claimed, self.claimed
                        ),
                    });
                }
                Ok(n) => self.at += n as u64,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(error) => {
                    return Err(BinaryWorldError::Compression {
                        problem: error.to_string(),
                    });
                }
            }
        }
        Ok(self.decoder.get_ref().crc().sum())
    }
}

struct PayloadReader<'a> {
    source: Inflated<'a>,
    chunk: Option<(u64, [i32; 3])>,
    version: u16,
    /// How many file ids the file's types name (built-ins and its own).
    file_types: usize,
    /// What the read holds besides the world: the file and the inflater.
    held_outside: u64,
    budget: ReadBudget,
    /// Per file id, whether the palette being read named it already.
    seen: Vec<bool>,
}

impl PayloadReader<'_> {
    fn fail<T>(&self, problem: impl Into<String>) -> Result<T, BinaryWorldError> {
        Err(BinaryWorldError::Payload {
            offset: self.source.at as usize,
            chunk: self.chunk,
            problem: problem.into(),
        })
    }

    fn take(&mut self, n: usize) -> Result<&[u8], BinaryWorldError> {
        let left = self.source.left();
        if (n as u64) > left {
            return self.fail(format!("needs {n} more bytes, {left} are left"));
        }
        Ok(self.source.take(n)?.unwrap_or_default())
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], BinaryWorldError> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }

    fn byte(&mut self) -> Result<u8, BinaryWorldError> {
        match self.source.byte()? {
            Some(b) => Ok(b),
            None => self.fail("needs 1 more bytes, 0 are left"),
        }
    }

    fn varint(&mut self) -> Result<u64, BinaryWorldError> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            value |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(value);
            }
        }
        self.fail("a number runs on past ten bytes")
    }

    /// Whether the world, grown by `more` bytes, stays within the budget.
    fn afford(
        &self,
        world: &World,
        more: usize,
        what: impl FnOnce() -> String,
    ) -> Result<(), BinaryWorldError> {
        let held = self.held_outside + (world.storage_bytes() + more) as u64;
        self.budget
            .check(held, what)
            .map_err(|source| BinaryWorldError::OverBudget {
                offset: self.source.at as usize,
                source,
            })
    }

    fn world(&mut self) -> Result<World, BinaryWorldError> {
        let mut world = World::new();
        let name_len = self.varint()?;
        if name_len > MAX_NAME_BYTES {
            return self.fail(format!("a {name_len}-byte name (at most {MAX_NAME_BYTES})"));
        }
        let name = self.take(name_len as usize)?;
        world.name = match std::str::from_utf8(name) {
            Ok(n) => n.to_owned(),
            Err(_) => return self.fail("the name is not UTF-8"),
        };
        match self.byte()? {
            0 => {}
            1 => {
                let mut v = [0.0; 3];
                for slot in &mut v {
                    *slot = f64::from_le_bytes(self.array()?);
                }
                let spawn = DVec3::from_array(v);
                // The range every format reads, so a world converts to any other.
                let limit = f64::from(super::text_format::MAX_CELL_COORDINATE);
                if !spawn.is_finite() || spawn.abs().max_element() > limit {
                    return self.fail(format!("spawn {v:?} is not finite or beyond ±{limit}"));
                }
                world.spawn = Some(spawn);
            }
            other => return self.fail(format!("spawn flag {other} (expected 0 or 1)")),
        }
        if self.version >= 2 {
            self.block_types(&mut world)?;
        }
        let count = self.varint()?;
        if count > MAX_CHUNKS {
            return self.fail(format!("{count} chunks (at most {MAX_CHUNKS})"));
        }
        // Each chunk takes at least 14 bytes: refuse a count the bytes left cannot hold.
        let left = self.source.left();
        if count * 14 > left {
            return self.fail(format!(
                "{count} chunks cannot fit in the {left} bytes left"
            ));
        }
        for index in 0..count {
            self.chunk = Some((index, [0; 3]));
            let mut key = [0i32; 3];
            for slot in &mut key {
                *slot = i32::from_le_bytes(self.array()?);
            }
            self.chunk = Some((index, key));
            let key = IVec3::from_array(key);
            if key.abs().max_element() > (1 << 26) {
                return self.fail("chunk coordinates beyond ±2²⁶ (cells beyond ±2³⁰)");
            }
            if world.has_chunk(key) {
                return self.fail("the same chunk a second time");
            }
            let chunk = self.chunk_cells(&world)?;
            world.put_chunk(key, chunk);
        }
        if self.source.left() != 0 {
            self.chunk = None;
            return self.fail(format!("{} bytes after the last chunk", self.source.left()));
        }
        Ok(world)
    }

    /// Reads the file's own block types into `world`'s registry; they get the
    /// ids after the built-ins, in file order, so file ids are world ids.
    fn block_types(&mut self, world: &mut World) -> Result<(), BinaryWorldError> {
        let count = self.varint()?;
        // A definition takes at least 7 bytes.
        let left = self.source.left();
        let most = (super::MAX_BLOCK_TYPES - BUILT_IN_TYPES) as u64;
        if count > most || count * 7 > left {
            return self.fail(format!(
                "{count} block types (at most {most}, and what the {left} bytes left can hold)"
            ));
        }
        for index in 0..count {
            let start = self.source.at as usize;
            let block = self.block_type().map_err(|e| match e {
                BinaryWorldError::Payload {
                    offset, problem, ..
                } => BinaryWorldError::Payload {
                    offset,
                    chunk: None,
                    problem: format!("block type {}: {problem}", index + 1),
                },
                other => other,
            })?;
            self.afford(world, block.storage_bytes(), || {
                format!("block type {}", index + 1)
            })?;
            if let Err(error) = world.register_block(block) {
                return Err(BinaryWorldError::Payload {
                    offset: start,
                    chunk: None,
                    problem: format!("block type {}: {error}", index + 1),
                });
            }
        }
        self.file_types = world.registry().len();
        Ok(())
    }

    /// One block type's definition, not yet validated.
    fn block_type(&mut self) -> Result<BlockType, BinaryWorldError> {
        let name_len = self.varint()?;
        if name_len > super::MAX_NAME_BYTES as u64 {
            return self.fail(format!("a {name_len}-byte name"));
        }
        let Ok(name) = std::str::from_utf8(self.take(name_len as usize)?) else {
            return self.fail("the name is not UTF-8");
        };
        let mut block = BlockType::new(name);
        let flags = self.byte()?;
        if flags > 3 {
            return self.fail(format!("flags {flags} (only 1 and 2 are defined)"));
        }
        block.solid = flags & 1 != 0;
        block.look.colour = self.array()?;
        if flags & 2 != 0 {
            let code = u32::from_le_bytes(self.array()?);
            let Some(glyph) = char::from_u32(code) else {
                return self.fail(format!("glyph {code:#x} is not a character"));
            };
            block.look.glyph = Some(glyph);
        }
        let boxes = usize::from(self.byte()?);
        if boxes > MAX_BOXES_PER_BLOCK {
            return self.fail(format!("{boxes} boxes (at most {MAX_BOXES_PER_BLOCK})"));
        }
        for _ in 0..boxes {
            let mut v = [0.0; 6];
            for slot in &mut v {
                *slot = f64::from_le_bytes(self.array()?);
            }
            block.boxes.push(Aabb::from_array(v));
        }
        let properties = usize::from(self.byte()?);
        if properties > MAX_PROPERTIES {
            return self.fail(format!(
                "{properties} properties (at most {MAX_PROPERTIES})"
            ));
        }
        for _ in 0..properties {
            let len = self.varint()?;
            if len > super::MAX_NAME_BYTES as u64 {
                return self.fail(format!("a {len}-byte property name"));
            }
            let Ok(key) = std::str::from_utf8(self.take(len as usize)?).map(str::to_owned) else {
                return self.fail("a property name is not UTF-8");
            };
            let value = match self.byte()? {
                0 => PropertyValue::Number(f64::from_le_bytes(self.array()?)),
                1 => match self.byte()? {
                    0 => PropertyValue::Flag(false),
                    1 => PropertyValue::Flag(true),
                    other => return self.fail(format!("flag value {other} (0 or 1)")),
                },
                other => return self.fail(format!("property kind {other} (0 or 1)")),
            };
            if block.properties.get(&key).is_some() {
                return self.fail(format!("property {key:?} twice"));
            }
            block.properties.set(key, value);
        }
        Ok(block)
    }

    /// A palette length, an id or an index: a byte in version 1, a varint after.
    fn small_number(&mut self) -> Result<u64, BinaryWorldError> {
        if self.version == 1 {
            self.byte().map(u64::from)
        } else {
            self.varint()
        }
    }

    fn chunk_cells(&mut self, world: &World) -> Result<Chunk, BinaryWorldError> {
        let n = self.small_number()?;
        let most = if self.version == 1 {
            BUILT_IN_TYPES
        } else {
            CELLS.min(self.file_types)
        };
        if n == 0 || n > most as u64 {
            return self.fail(format!("palette of {n} blocks (1 to {most})"));
        }
        let n = n as usize;
        let storage = if n == 1 {
            std::mem::size_of::<Chunk>()
        } else {
            std::mem::size_of::<Chunk>() + MixedCells::storage_bytes_for(n)
        };
        let (index, key) = self.chunk.unwrap_or_default();
        self.afford(world, stored_chunk_bytes(storage), || {
            format!("chunk {index} at {key:?}")
        })?;
        // Distinct ids checked against a mark per file id, cleared after:
        // a search of the palette so far cost 8 million comparisons for a
        // palette of 4,096.
        self.seen.resize(self.file_types, false);
        let mut palette = Vec::with_capacity(n);
        let read = self.palette_into(&mut palette, n);
        for block in &palette {
            self.seen[block.index()] = false;
        }
        read?;
        if n == 1 {
            return Ok(Chunk::Uniform(palette[0]));
        }
        let mut indices = [0u16; CELLS];
        let mut cells = column_order();
        let mut filled = 0usize;
        while filled < CELLS {
            let run = self.varint()?;
            let index = self.small_number()?;
            if run == 0 || run > (CELLS - filled) as u64 {
                return self.fail(format!(
                    "a run of {run} cells where {} are left",
                    CELLS - filled
                ));
            }
            if index >= n as u64 {
                return self.fail(format!("palette index {index} (the palette has {n})"));
            }
            for local in cells.by_ref().take(run as usize) {
                indices[super::index_of(local)] = index as u16;
            }
            filled += run as usize;
        }
        let Some(cells) = MixedCells::from_indices(palette, &indices) else {
            return self.fail("a palette index beyond the palette");
        };
        let mut chunk = Chunk::Mixed(Box::new(cells));
        chunk.compact();
        Ok(chunk)
    }

    /// Reads `n` distinct palette ids into `palette`, marking each in `seen`.
    fn palette_into(
        &mut self,
        palette: &mut Vec<BlockId>,
        n: usize,
    ) -> Result<(), BinaryWorldError> {
        for _ in 0..n {
            let id = self.small_number()?;
            if id >= self.file_types as u64 {
                return self.fail(format!(
                    "block id {id} (the file defines {})",
                    self.file_types
                ));
            }
            let block = BlockId(id as u16);
            if std::mem::replace(&mut self.seen[block.index()], true) {
                return self.fail(format!("block id {id} twice in the palette"));
            }
            #[cfg(test)]
            tests::PALETTE_CHECKS.with(|c| c.set(c.get() + 1));
            palette.push(block);
        }
        Ok(())
    }
}

/// Kept here too, where it was first written.
pub use super::atomic_write::write_atomically;

#[cfg(test)]
mod tests {
    use glam::IVec3;

    use super::{decode, encode};
    use crate::world::{BlockId, BlockType, World};

    thread_local! {
        /// Palette entries checked for repeats, for the test that holds the
        /// check linear.
        pub(super) static PALETTE_CHECKS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    #[test]
    fn a_chunk_of_4096_types_reads_back_checking_each_palette_entry_once() {
        let mut world = World::new();
        for i in 0..4096 {
            world
                .register_block(BlockType::cube(format!("t{i}")))
                .unwrap();
        }
        let first = crate::world::BUILT_IN_TYPES as u16;
        for i in 0..4096u16 {
            let local = IVec3::new(
                i32::from(i / 256),
                i32::from(i / 16 % 16),
                i32::from(i % 16),
            );
            world.set_block(local, BlockId(first + i));
        }
        let bytes = encode(&world).unwrap();
        PALETTE_CHECKS.with(|c| c.set(0));
        let back = decode(&bytes).unwrap();
        assert_eq!(back, world);
        // One check an entry; searching the palette so far for each entry
        // is 8,386,560 comparisons.
        assert_eq!(PALETTE_CHECKS.with(std::cell::Cell::get), 4096);
    }
}
