//! Reading a binary world: the header checked, the payload inflated as it is
//! read and read within the read budget.

use super::inflated::Inflated;
use super::payload::PayloadReader;
use super::{BinaryWorldError, HEADER_BYTES, MAGIC, MAX_PAYLOAD_BYTES, VERSION};
use crate::block::BUILT_IN_TYPES;
use crate::formats::ReadBudget;
use crate::world::World;

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
