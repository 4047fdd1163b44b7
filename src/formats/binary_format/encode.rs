//! Writing a binary world: the types its cells use, then its chunks as
//! palettes and runs.

use std::io::Write;

use flate2::Compression;
use flate2::write::DeflateEncoder;
use glam::IVec3;

use super::{BinaryWriteError, HEADER_BYTES, MAGIC, VERSION, column_order};
use crate::block::{BUILT_IN_TYPES, BlockId, BlockType, PropertyValue};
use crate::world::{Chunk, World};

/// Encodes `world` as a binary world.
///
/// ```
/// use voxwalk::glam::IVec3;
/// use voxwalk::block::BlockId;
/// use voxwalk::world::World;
/// use voxwalk::formats::binary_format;
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
            && spawn.abs().max_element()
                <= f64::from(crate::formats::text_format::MAX_CELL_COORDINATE))
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
