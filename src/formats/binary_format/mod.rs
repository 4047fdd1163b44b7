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

mod decode;
mod encode;
mod inflated;
mod payload;

use thiserror::Error;

pub use decode::{decode, decode_within};
pub use encode::encode;

use super::OverBudget;
/// Kept here too, where it was first written.
pub use super::atomic_write::write_atomically;
use crate::world::CHUNK_EDGE;

/// The first bytes of every binary world.
pub const MAGIC: &[u8; 8] = b"VOXWALKB";
/// The version this build writes; it reads this one and version 1.
pub const VERSION: u16 = 2;
/// Bytes before the payload.
pub const HEADER_BYTES: usize = 24;
use super::limits::{MAX_BINARY_NAME_BYTES as MAX_NAME_BYTES, MAX_PAYLOAD_BYTES};
/// Most chunks accepted, the limit every world file shares
/// ([`MAX_FILE_CHUNKS`](super::limits::MAX_FILE_CHUNKS)); a file claiming
/// more is refused before anything is built.
const MAX_CHUNKS: u64 = super::limits::MAX_FILE_CHUNKS as u64;

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
    #[error("spawn {spawn:?} is not finite or beyond ±{limit}", limit = crate::formats::text_format::MAX_CELL_COORDINATE)]
    SpawnOutOfRange {
        /// The spawn.
        spawn: [f64; 3],
    },
}

/// Column order: x slowest, then z, then y fastest.
fn column_order() -> impl Iterator<Item = glam::IVec3> {
    (0..CHUNK_EDGE).flat_map(|x| {
        (0..CHUNK_EDGE).flat_map(move |z| (0..CHUNK_EDGE).map(move |y| glam::IVec3::new(x, y, z)))
    })
}
