//! How the resolver and the controller read a [`World`]: its
//! [`BlockSource`] answers, walking only the chunks a range touches and
//! skipping air on a chunk's occupancy mask.

use glam::IVec3;

use super::coords::{CHUNK_EDGE, CHUNK_VOLUME, chunk_of, index_of};
use super::mixed_cells::{FlatCells, OCCUPANCY_ROWS};
use super::{BlockSource, Chunk, World};
use crate::block::{BlockId, BlockRegistry, ShapeSpan};
use crate::geometry::Aabb;

impl BlockSource for World {
    #[inline]
    fn block(&self, cell: IVec3) -> BlockId {
        World::block(self, cell)
    }

    #[inline]
    fn registry(&self) -> &BlockRegistry {
        &self.registry
    }

    #[inline]
    fn may_hold_behaviours(&self, lo: IVec3, hi: IVec3) -> bool {
        World::may_hold_behaviours(self, lo, hi)
    }

    /// Each chunk of the range is looked up once, and its cells are copied
    /// row by row along z.
    #[allow(clippy::range_plus_one)]
    fn read_blocks(&self, lo: IVec3, hi: IVec3, out: &mut Vec<BlockId>) {
        out.clear();
        if lo.cmpgt(hi).any() {
            return;
        }
        let size = (hi - lo + IVec3::ONE).as_uvec3();
        out.resize(
            size.x as usize * size.y as usize * size.z as usize,
            BlockId::AIR,
        );
        let (first, last) = (chunk_of(lo), chunk_of(hi));
        for cx in first.x..last.x + 1 {
            for cy in first.y..last.y + 1 {
                for cz in first.z..last.z + 1 {
                    let key = IVec3::new(cx, cy, cz);
                    let Some(chunk) = self.chunks.get(&key) else {
                        continue; // air, as `out` already says
                    };
                    let base = key * CHUNK_EDGE;
                    let (from, to) = (lo.max(base), hi.min(base + IVec3::splat(CHUNK_EDGE - 1)));
                    let rows = RowCopy {
                        out_first: ((from.x - lo.x) as usize * size.y as usize
                            + (from.y - lo.y) as usize)
                            * size.z as usize
                            + (from.z - lo.z) as usize,
                        out_plane: size.y as usize * size.z as usize,
                        out_row: size.z as usize,
                        local_first: index_of(from - base),
                        count: (to - from + IVec3::ONE).as_uvec3(),
                    };
                    match chunk {
                        Chunk::Uniform(b) => rows.copy(out, |_| *b),
                        Chunk::Mixed(cells) => {
                            let palette = cells.palette();
                            match cells.flat() {
                                Some(FlatCells::Narrow(flat)) => rows.copy(out, |i| {
                                    palette[usize::from(flat[i & (CHUNK_VOLUME - 1)])]
                                }),
                                Some(FlatCells::Wide(flat)) => rows.copy(out, |i| {
                                    palette[usize::from(flat[i & (CHUNK_VOLUME - 1)])]
                                }),
                                None => rows.copy(out, |i| cells.block(local_of_index(i))),
                            }
                        }
                    }
                }
            }
        }
    }

    /// The bottom of the lowest chunk given a block, kept as blocks are
    /// written: asking costs nothing.
    #[inline]
    /// The bottom of the lowest chunk given a block; a world without one
    /// has the default floor.
    fn lowest_block(&self) -> Option<i32> {
        Some(
            self.lowest_chunk
                .map_or(super::DEFAULT_LOWEST_BLOCK, |y| y * CHUNK_EDGE),
        )
    }

    /// A `World` changes only through `&mut self`, and visits chunk by chunk.
    fn cells_can_be_copied(&self) -> bool {
        true
    }

    fn visits_in_chunk_order(&self) -> bool {
        true
    }

    /// The chunked visit below, for a `&dyn BlockSource`.
    fn for_each_solid_in_dyn(&self, lo: IVec3, hi: IVec3, visit: &mut dyn FnMut(IVec3, &[Aabb])) {
        self.for_each_solid_in(lo, hi, visit);
    }

    /// Looks each chunk of the range up once; chunks that are missing or all of a
    /// non-solid block are skipped without visiting their cells.
    // Exclusive ranges on purpose: see the loops below.
    #[allow(clippy::range_plus_one)]
    #[inline]
    fn for_each_solid_in<F: FnMut(IVec3, &[Aabb])>(&self, lo: IVec3, hi: IVec3, mut visit: F) {
        if lo.cmpgt(hi).any() {
            return;
        }
        let (first, last) = (chunk_of(lo), chunk_of(hi));
        if first == last {
            // A small range (a walking tick's) usually lies in one chunk.
            self.visit_solids_in_chunk(first, lo, hi, &mut visit);
            return;
        }
        // Exclusive ranges: an inclusive one carries an extra "exhausted" flag
        // through every step of these small loops.
        for cx in first.x..last.x + 1 {
            for cy in first.y..last.y + 1 {
                for cz in first.z..last.z + 1 {
                    let key = IVec3::new(cx, cy, cz);
                    let base = key * CHUNK_EDGE;
                    let top = base + IVec3::splat(CHUNK_EDGE - 1);
                    self.visit_solids_in_chunk(key, lo.max(base), hi.min(top), &mut visit);
                }
            }
        }
    }
}

impl World {
    /// Calls `visit` for every solid cell of `lo..=hi`, a range inside the chunk `key`.
    ///
    /// The loops run over exclusive ranges: an inclusive range carries an extra
    /// "exhausted" flag through every step, which costs these loops of two or
    /// three steps more than their bodies.
    #[allow(clippy::range_plus_one)]
    #[inline]
    fn visit_solids_in_chunk<F: FnMut(IVec3, &[Aabb])>(
        &self,
        key: IVec3,
        lo: IVec3,
        hi: IVec3,
        visit: &mut F,
    ) {
        let Some(chunk) = self.chunks.get(&key) else {
            return;
        };
        let base = key * CHUNK_EDGE;
        // The range in chunk-local coordinates.
        let (from, to) = (lo - base, hi - base);
        let registry = &*self.registry;
        match chunk {
            Chunk::Uniform(b) => {
                let shape = registry.collision_shape(*b);
                if shape.is_empty() {
                    return;
                }
                for x in from.x..to.x + 1 {
                    for y in from.y..to.y + 1 {
                        for z in from.z..to.z + 1 {
                            visit(base + IVec3::new(x, y, z), shape);
                        }
                    }
                }
            }
            Chunk::Mixed(cells) => {
                let palette = cells.palette();
                let occupied = cells.occupied_rows();
                match cells.flat() {
                    Some(FlatCells::Narrow(flat)) => {
                        let span_of = |index: usize| registry.collision_span(palette[index]);
                        visit_solids_in_cells(
                            flat, occupied, span_of, registry, base, from, to, visit,
                        );
                    }
                    Some(FlatCells::Wide(flat)) => {
                        let span_of = |index: usize| registry.collision_span(palette[index]);
                        visit_solids_in_cells(
                            flat, occupied, span_of, registry, base, from, to, visit,
                        );
                    }
                    None => {
                        for x in from.x..to.x + 1 {
                            for y in from.y..to.y + 1 {
                                for z in from.z..to.z + 1 {
                                    let local = IVec3::new(x, y, z);
                                    let shape = registry.collision_shape(cells.block(local));
                                    if !shape.is_empty() {
                                        visit(base + local, shape);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The part of a region read ([`BlockSource::read_blocks`]) that lies in one
/// chunk: where its first cell goes in the output and comes from in the chunk,
/// the output's strides, and how many cells it spans on each axis.
struct RowCopy {
    out_first: usize,
    out_plane: usize,
    out_row: usize,
    local_first: usize,
    count: glam::UVec3,
}

impl RowCopy {
    /// Writes `block_at(flat index in the chunk)` for every cell of the part.
    #[inline]
    fn copy(&self, out: &mut [BlockId], block_at: impl Fn(usize) -> BlockId) {
        let width = self.count.z as usize;
        for dx in 0..self.count.x as usize {
            for dy in 0..self.count.y as usize {
                let to = self.out_first + dx * self.out_plane + dy * self.out_row;
                let from = self.local_first + (dx * CHUNK_EDGE as usize + dy) * CHUNK_EDGE as usize;
                for (dz, slot) in out[to..to + width].iter_mut().enumerate() {
                    *slot = block_at(from + dz);
                }
            }
        }
    }
}

/// The chunk-local cell at flat index `i` (x slowest, z fastest).
fn local_of_index(i: usize) -> IVec3 {
    let edge = CHUNK_EDGE as usize;
    IVec3::new(
        (i / (edge * edge)) as i32,
        (i / edge % edge) as i32,
        (i % edge) as i32,
    )
}

/// Calls `visit` for every solid cell of the chunk-local range `from..=to` of a
/// chunk's flat palette indices, whose collision boxes `span_of` locates in
/// `registry` by palette index; `base` is the chunk's first world cell.
///
/// Walks the rows along z (the fastest axis of the layout) through the
/// chunk's occupancy mask: air, most of what a body's range holds, costs a
/// bit test per row rather than a read per cell, and only the cells that
/// hold something have their type looked up. Cells come in x, y, z order, as
/// every other path visits them. Indices masked to the volume need no bounds
/// check.
#[allow(clippy::too_many_arguments, clippy::range_plus_one)]
#[inline]
fn visit_solids_in_cells<I: Copy + Into<usize>, F: FnMut(IVec3, &[Aabb])>(
    flat: &[I; CHUNK_VOLUME],
    occupied: &[u16; OCCUPANCY_ROWS],
    span_of: impl Fn(usize) -> ShapeSpan,
    registry: &BlockRegistry,
    base: IVec3,
    from: IVec3,
    to: IVec3,
    visit: &mut F,
) {
    let width = (to.z - from.z + 1) as u32;
    let z_range = (((1u32 << width) - 1) << from.z) as u16;
    for x in from.x..to.x + 1 {
        for y in from.y..to.y + 1 {
            let row = (x * CHUNK_EDGE + y) as usize;
            let mut bits = occupied[row & (OCCUPANCY_ROWS - 1)] & z_range;
            while bits != 0 {
                let z = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let index = row * CHUNK_EDGE as usize + z;
                let span = span_of(flat[index & (CHUNK_VOLUME - 1)].into());
                if !span.is_empty() {
                    visit(base + IVec3::new(x, y, z as i32), registry.boxes_in(span));
                }
            }
        }
    }
}
