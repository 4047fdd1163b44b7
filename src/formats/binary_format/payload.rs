//! The fields of a binary world's payload, read one by one with every count
//! checked against what is left and every allocation against the budget.

use glam::{DVec3, IVec3};

use super::inflated::Inflated;
use super::{BinaryWorldError, CELLS, MAX_CHUNKS, MAX_NAME_BYTES, column_order};
use crate::block::limits::{MAX_BOXES_PER_BLOCK, MAX_PROPERTIES};
use crate::block::{BUILT_IN_TYPES, BlockId, BlockType, PropertyValue};
use crate::formats::ReadBudget;
use crate::geometry::Aabb;
use crate::world::stored_chunk_bytes;
use crate::world::{Chunk, MixedCells, World};

pub(super) struct PayloadReader<'a> {
    pub(super) source: Inflated<'a>,
    pub(super) chunk: Option<(u64, [i32; 3])>,
    pub(super) version: u16,
    /// How many file ids the file's types name (built-ins and its own).
    pub(super) file_types: usize,
    /// What the read holds besides the world: the file and the inflater.
    pub(super) held_outside: u64,
    pub(super) budget: ReadBudget,
    /// Per file id, whether the palette being read named it already.
    pub(super) seen: Vec<bool>,
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

    pub(super) fn world(&mut self) -> Result<World, BinaryWorldError> {
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
                let limit = f64::from(crate::formats::text_format::MAX_CELL_COORDINATE);
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
        let most = (crate::block::limits::MAX_BLOCK_TYPES - BUILT_IN_TYPES) as u64;
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
        if name_len > crate::block::limits::MAX_NAME_BYTES as u64 {
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
            if len > crate::block::limits::MAX_NAME_BYTES as u64 {
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
                indices[crate::world::index_of(local)] = index as u16;
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

#[cfg(test)]
mod tests {
    use glam::IVec3;

    use crate::block::{BlockId, BlockType};
    use crate::formats::binary_format::{decode, encode};
    use crate::world::World;

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
        let first = crate::block::BUILT_IN_TYPES as u16;
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
