//! The cells of a chunk that holds more than one block: a palette and an index
//! per cell.

use glam::IVec3;
use ndarray::Array3;

use super::coords::{CHUNK_EDGE, CHUNK_VOLUME};
use crate::block::BlockId;

/// A chunk's cells as indices into the palette of the ids it holds.
///
/// Ids are two bytes so that worlds can hold tens of thousands of types, but a
/// chunk rarely holds more than a few: with up to 256 distinct ids each cell is
/// one byte (4 KiB a chunk, and 512 bytes of occupancy mask), and only a chunk
/// with more switches to two-byte indices. Arrays are `[x, y, z]` in
/// chunk-local coordinates, z fastest.
#[derive(Clone, Debug)]
pub struct MixedCells {
    /// The distinct ids the cells point at (may hold ids no cell uses until
    /// [`MixedCells::compact`]).
    palette: Vec<BlockId>,
    indices: Indices,
    /// Which cells are not air: bit `z` of entry `x * 16 + y`. A range of a
    /// chunk is mostly air where bodies are (they stand in it), and the
    /// resolver's gather skips those cells on a bit test instead of reading
    /// each one's id and then its type.
    occupied: [u16; OCCUPANCY_ROWS],
}

/// Rows of [`MixedCells`]' occupancy mask: one per (x, y), a bit per z.
pub(crate) const OCCUPANCY_ROWS: usize = (CHUNK_EDGE * CHUNK_EDGE) as usize;

/// One palette index per cell.
#[derive(Clone, Debug, PartialEq)]
enum Indices {
    /// A palette of at most 256 ids.
    Narrow(Array3<u8>),
    /// A larger palette.
    Wide(Array3<u16>),
}

/// A chunk's cells laid flat, for loops that walk a range of them.
pub(crate) enum FlatCells<'a> {
    /// One-byte palette indices.
    Narrow(&'a [u8; CHUNK_VOLUME]),
    /// Two-byte palette indices.
    Wide(&'a [u16; CHUNK_VOLUME]),
}

impl PartialEq for MixedCells {
    /// Cells are equal when every cell holds the same id, however the palettes
    /// are ordered.
    fn eq(&self, other: &Self) -> bool {
        self.blocks().eq(other.blocks())
    }
}

#[inline]
fn index3(local: IVec3) -> [usize; 3] {
    [local.x as usize, local.y as usize, local.z as usize]
}

impl MixedCells {
    /// Every cell holding `block`.
    #[must_use]
    pub fn filled(block: BlockId) -> Self {
        let edge = CHUNK_EDGE as usize;
        let row = if block == BlockId::AIR { 0 } else { u16::MAX };
        Self {
            palette: vec![block],
            indices: Indices::Narrow(Array3::zeros((edge, edge, edge))),
            occupied: [row; OCCUPANCY_ROWS],
        }
    }

    /// The block at a chunk-local cell.
    #[inline]
    #[must_use]
    pub fn block(&self, local: IVec3) -> BlockId {
        let index = match &self.indices {
            Indices::Narrow(cells) => usize::from(cells[index3(local)]),
            Indices::Wide(cells) => usize::from(cells[index3(local)]),
        };
        self.palette[index]
    }

    /// Sets one chunk-local cell, adding `block` to the palette if it is new.
    #[inline]
    pub fn set(&mut self, local: IVec3, block: BlockId) {
        let at = index3(local);
        let index = if let Some(index) = self.palette.iter().position(|&p| p == block) {
            index
        } else {
            self.palette.push(block);
            if self.palette.len() == 257 {
                self.widen();
            }
            self.palette.len() - 1
        };
        match &mut self.indices {
            Indices::Narrow(cells) => cells[at] = index as u8,
            Indices::Wide(cells) => cells[at] = index as u16,
        }
        let (row, bit) = (at[0] * CHUNK_EDGE as usize + at[1], 1u16 << at[2]);
        if block == BlockId::AIR {
            self.occupied[row] &= !bit;
        } else {
            self.occupied[row] |= bit;
        }
    }

    /// Which cells are not air: bit `z` of entry `x * 16 + y`.
    #[inline]
    pub(crate) fn occupied_rows(&self) -> &[u16; OCCUPANCY_ROWS] {
        &self.occupied
    }

    /// Switches to two-byte indices (the palette outgrew one byte).
    fn widen(&mut self) {
        if let Indices::Narrow(cells) = &self.indices {
            self.indices = Indices::Wide(cells.mapv(u16::from));
        }
    }

    /// The ids the palette holds, in palette order.
    #[must_use]
    pub fn palette(&self) -> &[BlockId] {
        &self.palette
    }

    /// Every cell's block, `x` slowest and `z` fastest.
    pub fn blocks(&self) -> impl Iterator<Item = BlockId> + '_ {
        let (narrow, wide) = match &self.indices {
            Indices::Narrow(cells) => (Some(cells.iter().map(|&i| usize::from(i))), None),
            Indices::Wide(cells) => (None, Some(cells.iter().map(|&i| usize::from(i)))),
        };
        narrow
            .into_iter()
            .flatten()
            .chain(wide.into_iter().flatten())
            .map(|i| self.palette[i])
    }

    /// How many cells use each palette entry.
    fn uses(&self) -> Vec<u32> {
        fn count<I: Copy + Into<usize>>(cells: &Array3<I>, uses: &mut [u32]) {
            // The contiguous storage when there is one: iterating it is a
            // plain loop, where ndarray's own iterator steps through strides.
            match cells.as_slice() {
                Some(flat) => flat.iter().for_each(|&i| uses[i.into()] += 1),
                None => cells.iter().for_each(|&i| uses[i.into()] += 1),
            }
        }
        let mut uses = vec![0u32; self.palette.len()];
        match &self.indices {
            Indices::Narrow(cells) => count(cells, &mut uses),
            Indices::Wide(cells) => count(cells, &mut uses),
        }
        uses
    }

    /// Drops the palette entries no cell uses, keeping the others in order and
    /// renumbering the cells' indices to match; returns the block every cell
    /// holds when they all hold one (the chunk can then be uniform).
    pub fn compact(&mut self) -> Option<BlockId> {
        let uses = self.uses();
        let mut used = uses.iter().zip(&self.palette).filter(|(n, _)| **n > 0);
        if let (Some((_, &only)), None) = (used.next(), used.next()) {
            return Some(only);
        }
        if uses.iter().all(|&n| n > 0) {
            return None;
        }
        let mut renumbered = vec![0u16; uses.len()];
        let mut palette = Vec::with_capacity(uses.len());
        for (old, (&n, &block)) in uses.iter().zip(&self.palette).enumerate() {
            if n > 0 {
                renumbered[old] = palette.len() as u16;
                palette.push(block);
            }
        }
        let indices = match &self.indices {
            Indices::Narrow(cells) => {
                Indices::Narrow(cells.mapv(|i| renumbered[usize::from(i)] as u8))
            }
            Indices::Wide(cells) if palette.len() <= 256 => {
                Indices::Narrow(cells.mapv(|i| renumbered[usize::from(i)] as u8))
            }
            Indices::Wide(cells) => Indices::Wide(cells.mapv(|i| renumbered[usize::from(i)])),
        };
        self.palette = palette;
        self.indices = indices;
        None
    }

    /// The cells laid flat, indexed as [`super::index_of`] says.
    #[inline]
    pub(crate) fn flat(&self) -> Option<FlatCells<'_>> {
        match &self.indices {
            Indices::Narrow(cells) => cells
                .as_slice()
                .and_then(|c| <&[u8; CHUNK_VOLUME]>::try_from(c).ok())
                .map(FlatCells::Narrow),
            Indices::Wide(cells) => cells
                .as_slice()
                .and_then(|c| <&[u16; CHUNK_VOLUME]>::try_from(c).ok())
                .map(FlatCells::Wide),
        }
    }

    /// Bytes the cells and palette take on the heap, plus this struct.
    #[must_use]
    pub fn storage_bytes(&self) -> usize {
        Self::storage_bytes_for(self.palette.capacity())
    }

    /// What cells with a palette of `palette` ids take: one byte a cell up to
    /// 256 ids, two beyond.
    #[must_use]
    pub fn storage_bytes_for(palette: usize) -> usize {
        let cell = if palette <= 256 { 1 } else { 2 };
        std::mem::size_of::<Self>() + CHUNK_VOLUME * cell + palette * std::mem::size_of::<BlockId>()
    }

    /// Cells from a palette of distinct ids and each cell's index into it,
    /// laid out as [`super::index_of`] says: a chunk read whole is built in
    /// one pass, where setting cell by cell looks each id up in the palette
    /// (a pass over 4,096 ids a cell when a chunk holds that many types).
    ///
    /// `None` when an index lies outside the palette or the palette is empty.
    #[must_use]
    pub fn from_indices(palette: Vec<BlockId>, indices: &[u16; CHUNK_VOLUME]) -> Option<Self> {
        if indices.iter().any(|&i| usize::from(i) >= palette.len()) {
            return None;
        }
        let edge = CHUNK_EDGE as usize;
        let shape = (edge, edge, edge);
        let cells = if palette.len() <= 256 {
            Indices::Narrow(Array3::from_shape_fn(shape, |(x, y, z)| {
                indices[(x * edge + y) * edge + z] as u8
            }))
        } else {
            Indices::Wide(Array3::from_shape_fn(shape, |(x, y, z)| {
                indices[(x * edge + y) * edge + z]
            }))
        };
        let mut occupied = [0u16; OCCUPANCY_ROWS];
        for (row, bits) in occupied.iter_mut().enumerate() {
            for z in 0..edge {
                if palette[usize::from(indices[row * edge + z])] != BlockId::AIR {
                    *bits |= 1 << z;
                }
            }
        }
        Some(Self {
            palette,
            indices: cells,
            occupied,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_than_256_ids_widen_the_indices_and_keep_every_cell() {
        let mut cells = MixedCells::filled(BlockId::AIR);
        let edge = CHUNK_EDGE;
        let mut n = 0u16;
        for x in 0..edge {
            for y in 0..edge {
                for z in 0..2 {
                    cells.set(IVec3::new(x, y, z), BlockId(n + 1));
                    n += 1;
                }
            }
        }
        assert_eq!(n, 512);
        assert!(matches!(cells.flat(), Some(FlatCells::Wide(_))));
        let mut k = 0u16;
        for x in 0..edge {
            for y in 0..edge {
                for z in 0..2 {
                    assert_eq!(cells.block(IVec3::new(x, y, z)), BlockId(k + 1));
                    k += 1;
                }
                assert_eq!(cells.block(IVec3::new(x, y, 2)), BlockId::AIR);
            }
        }
    }

    proptest::proptest! {
        /// The occupancy mask says "not air" exactly where a cell is not air,
        /// whatever was written over what, and after compaction.
        #[test]
        fn occupancy_follows_every_write(
            start in 0u16..3,
            writes in proptest::collection::vec((0i32..16, 0i32..16, 0i32..16, 0u16..4), 0..300),
        ) {
            let mut cells = MixedCells::filled(BlockId(start));
            for &(x, y, z, id) in &writes {
                cells.set(IVec3::new(x, y, z), BlockId(id));
            }
            cells.compact();
            for x in 0..CHUNK_EDGE {
                for y in 0..CHUNK_EDGE {
                    let row = cells.occupied_rows()[(x * CHUNK_EDGE + y) as usize];
                    for z in 0..CHUNK_EDGE {
                        let occupied = row & (1 << z) != 0;
                        let block = cells.block(IVec3::new(x, y, z));
                        proptest::prop_assert_eq!(occupied, block != BlockId::AIR, "{} {} {}", x, y, z);
                    }
                }
            }
        }
    }

    #[test]
    fn dropping_unused_entries_keeps_the_cells() {
        let mut cells = MixedCells::filled(BlockId::STONE);
        cells.set(IVec3::new(1, 2, 3), BlockId::DIRT);
        cells.set(IVec3::new(1, 2, 3), BlockId::GRASS);
        let before: Vec<BlockId> = cells.blocks().collect();
        assert_eq!(cells.compact(), None);
        assert_eq!(cells.palette(), &[BlockId::STONE, BlockId::GRASS]);
        assert_eq!(cells.blocks().collect::<Vec<_>>(), before);
    }
}
