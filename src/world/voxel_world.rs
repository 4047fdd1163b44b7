//! The world: a sparse map of chunks, unbounded in every direction.

use glam::{DVec3, IVec3};
use rustc_hash::FxHashMap;

use super::coords::{CHUNK_EDGE, CHUNK_VOLUME, cell_of, chunk_of, index_of, local_of};
use super::{Block, BlockSource, Chunk};

/// A voxel world: chunks keyed by chunk coordinate, plus a name and a spawn point.
///
/// Chunks that do not exist are air: a query outside everything ever set answers
/// [`Block::Air`], so the world has no edge to fall off except into the void.
///
/// ```
/// use glam::IVec3;
/// use voxwalk::world::{Block, World};
/// let mut w = World::new();
/// w.set_block(IVec3::new(-1, 0, 40), Block::Brick);
/// assert_eq!(w.block(IVec3::new(-1, 0, 40)), Block::Brick);
/// assert_eq!(w.block(IVec3::new(1_000_000, 5, -7)), Block::Air);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct World {
    chunks: FxHashMap<IVec3, Chunk>,
    /// A human-readable name, one line.
    pub name: String,
    /// Where a body's feet go when nothing else says (bottom centre of the body).
    pub spawn: Option<DVec3>,
}

impl World {
    /// An empty world: all air, no name, no spawn.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The block at world cell `cell`; air where no chunk exists.
    #[inline]
    #[must_use]
    pub fn block(&self, cell: IVec3) -> Block {
        self.chunks
            .get(&chunk_of(cell))
            .map_or(Block::Air, |chunk| chunk.block(local_of(cell)))
    }

    /// Sets the block of one cell, creating its chunk when needed.
    pub fn set_block(&mut self, cell: IVec3, block: Block) {
        let key = chunk_of(cell);
        if block == Block::Air && !self.chunks.contains_key(&key) {
            return;
        }
        self.chunks
            .entry(key)
            .or_default()
            .set(local_of(cell), block);
    }

    /// Fills the inclusive cell range `lo..=hi` with `block`.
    ///
    /// ```
    /// use glam::IVec3;
    /// use voxwalk::world::{Block, World};
    /// let mut w = World::new();
    /// w.fill(IVec3::new(0, 0, 0), IVec3::new(31, 0, 31), Block::Stone);
    /// assert_eq!(w.count_blocks()[Block::Stone as usize], 32 * 32);
    /// ```
    pub fn fill(&mut self, lo: IVec3, hi: IVec3, block: Block) {
        for x in lo.x..=hi.x {
            for y in lo.y..=hi.y {
                for z in lo.z..=hi.z {
                    self.set_block(IVec3::new(x, y, z), block);
                }
            }
        }
    }

    /// Stores `chunk` at chunk coordinate `key`, replacing what was there. A
    /// stored all-air chunk marks the chunk as present (generated), unlike a
    /// missing one.
    pub fn put_chunk(&mut self, key: IVec3, chunk: Chunk) {
        self.chunks.insert(key, chunk);
    }

    /// Whether a chunk is stored at `key` (missing chunks read as air).
    #[must_use]
    pub fn has_chunk(&self, key: IVec3) -> bool {
        self.chunks.contains_key(&key)
    }

    /// The chunk at chunk coordinate `key`, if it exists.
    #[inline]
    #[must_use]
    pub fn chunk(&self, key: IVec3) -> Option<&Chunk> {
        self.chunks.get(&key)
    }

    /// Every stored chunk with its key, in no particular order.
    pub fn chunks(&self) -> impl Iterator<Item = (IVec3, &Chunk)> {
        self.chunks.iter().map(|(k, c)| (*k, c))
    }

    /// Number of stored chunks.
    #[must_use]
    pub fn chunk_count(&self) -> usize {
        self.chunks.len()
    }

    /// Turns every chunk that became all one block back into a uniform chunk and
    /// drops chunks of air.
    pub fn compact(&mut self) {
        for chunk in self.chunks.values_mut() {
            chunk.compact();
        }
        self.chunks
            .retain(|_, c| c.uniform_block() != Some(Block::Air));
    }

    /// Where a body can start: the world's `spawn` if it has one, else on top
    /// of the highest solid block of the column nearest the middle of the
    /// world that has two free cells above it (imported worlds rarely say).
    /// `None` for a world with no solid block.
    ///
    /// ```
    /// use glam::{DVec3, IVec3};
    /// use voxwalk::world::{Block, World};
    /// let mut w = World::new();
    /// w.fill(IVec3::new(0, 0, 0), IVec3::new(4, 2, 4), Block::Stone);
    /// assert_eq!(w.start_position(), Some(DVec3::new(2.5, 3.0, 2.5)));
    /// ```
    #[must_use]
    pub fn start_position(&self) -> Option<DVec3> {
        if self.spawn.is_some() {
            return self.spawn;
        }
        let (lo, hi) = self.bounds()?;
        let middle = (lo + hi) / 2;
        // Columns in rings around the middle, nearest first.
        for radius in 0..=(hi - lo).max_element().max(0) {
            for dx in -radius..=radius {
                for dz in -radius..=radius {
                    if dx.abs() != radius && dz.abs() != radius {
                        continue;
                    }
                    let (x, z) = (middle.x + dx, middle.z + dz);
                    let top = (lo.y..=hi.y)
                        .rev()
                        .find(|&y| self.block(IVec3::new(x, y, z)).is_solid());
                    if let Some(y) = top {
                        let free =
                            (1..=2).all(|dy| !self.block(IVec3::new(x, y + dy, z)).is_solid());
                        if free {
                            return Some(DVec3::new(
                                f64::from(x) + 0.5,
                                f64::from(y + 1),
                                f64::from(z) + 0.5,
                            ));
                        }
                    }
                }
            }
        }
        None
    }

    /// How many cells of each block the stored chunks hold, indexed by the block's
    /// byte value. Air counts only cells inside stored chunks.
    #[must_use]
    pub fn count_blocks(&self) -> [u64; Block::ALL.len()] {
        let mut counts = [0u64; Block::ALL.len()];
        for chunk in self.chunks.values() {
            match chunk {
                Chunk::Uniform(b) => counts[*b as usize] += super::coords::CHUNK_VOLUME as u64,
                Chunk::Mixed(cells) => {
                    for b in cells.iter() {
                        counts[*b as usize] += 1;
                    }
                }
            }
        }
        counts
    }

    /// The smallest inclusive cell range holding every non-air cell, `None` for an
    /// all-air world.
    #[must_use]
    pub fn bounds(&self) -> Option<(IVec3, IVec3)> {
        let mut range: Option<(IVec3, IVec3)> = None;
        let mut include = |cell: IVec3| {
            range = Some(match range {
                None => (cell, cell),
                Some((lo, hi)) => (lo.min(cell), hi.max(cell)),
            });
        };
        for (key, chunk) in &self.chunks {
            match chunk {
                Chunk::Uniform(Block::Air) => {}
                Chunk::Uniform(_) => {
                    include(cell_of(*key, IVec3::ZERO));
                    include(cell_of(*key, IVec3::splat(CHUNK_EDGE - 1)));
                }
                Chunk::Mixed(cells) => {
                    for ((x, y, z), b) in cells.indexed_iter() {
                        if *b != Block::Air {
                            include(cell_of(*key, IVec3::new(x as i32, y as i32, z as i32)));
                        }
                    }
                }
            }
        }
        range
    }
}

impl BlockSource for World {
    #[inline]
    fn block(&self, cell: IVec3) -> Block {
        World::block(self, cell)
    }

    /// Looks each chunk of the range up once; chunks that are missing or all of a
    /// non-solid block are skipped without visiting their cells.
    // Exclusive ranges on purpose: see the loops below.
    #[allow(clippy::range_plus_one)]
    #[inline]
    fn for_each_solid_in<F: FnMut(IVec3, Block)>(&self, lo: IVec3, hi: IVec3, mut visit: F) {
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
    fn visit_solids_in_chunk<F: FnMut(IVec3, Block)>(
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
        match chunk {
            Chunk::Uniform(b) if !b.is_solid() => {}
            Chunk::Uniform(b) => {
                for x in from.x..to.x + 1 {
                    for y in from.y..to.y + 1 {
                        for z in from.z..to.z + 1 {
                            visit(base + IVec3::new(x, y, z), *b);
                        }
                    }
                }
            }
            Chunk::Mixed(cells) => {
                // The flat storage, looked up once per chunk, as an array of the
                // chunk's exact size (every array this module builds has the
                // standard layout and that size).
                let flat = cells
                    .as_slice()
                    .and_then(|cells| <&[Block; CHUNK_VOLUME]>::try_from(cells).ok());
                if let Some(flat) = flat {
                    visit_solids_in_cells(flat, base, from, to, visit);
                    return;
                }
                for x in from.x..to.x + 1 {
                    for y in from.y..to.y + 1 {
                        for z in from.z..to.z + 1 {
                            let local = IVec3::new(x, y, z);
                            let b = chunk.block(local);
                            if b.is_solid() {
                                visit(base + local, b);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Calls `visit` for every solid cell of the chunk-local range `from..=to` of a
/// chunk's flat storage; `base` is the chunk's first world cell.
///
/// Walks rows along z (the fastest axis of the layout), stepping the flat index
/// instead of recomputing it; an index masked to the volume needs no bounds
/// check.
#[inline]
fn visit_solids_in_cells<F: FnMut(IVec3, Block)>(
    flat: &[Block; CHUNK_VOLUME],
    base: IVec3,
    from: IVec3,
    to: IVec3,
    visit: &mut F,
) {
    let size = (to - from + IVec3::ONE).as_uvec3();
    let corner = base + from;
    let mut plane = index_of(from);
    for dx in 0..size.x {
        let mut row = plane;
        for dy in 0..size.y {
            for dz in 0..size.z {
                let b = flat[(row + dz as usize) & (CHUNK_VOLUME - 1)];
                if b.is_solid() {
                    visit(corner + IVec3::new(dx as i32, dy as i32, dz as i32), b);
                }
            }
            row += CHUNK_EDGE as usize;
        }
        plane += (CHUNK_EDGE * CHUNK_EDGE) as usize;
    }
}
