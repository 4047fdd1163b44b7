//! The world: a sparse map of chunks, unbounded in every direction.

use std::sync::Arc;

use glam::{DVec3, IVec3};
use rustc_hash::{FxHashMap, FxHashSet};

use super::coords::{CHUNK_EDGE, CHUNK_VOLUME, cell_of, chunk_of, index_of, local_of};
use super::mixed_cells::{FlatCells, OCCUPANCY_ROWS};
use super::{BlockError, BlockId, BlockRegistry, BlockSource, BlockType, Chunk, ShapeSpan};
use crate::geometry::Aabb;

/// What one stored chunk's slot costs beyond its storage: its key in the
/// chunk map and the index of behaviour chunks, with room for the slack a
/// hash table keeps as it grows (its capacity runs up to twice its length).
const CHUNK_SLOT_BYTES: usize = 2
    * (std::mem::size_of::<IVec3>() + std::mem::size_of::<Chunk>() + 1)
    + 2 * std::mem::size_of::<IVec3>();

/// What a stored chunk costs in all.
fn chunk_cost(chunk: &Chunk) -> usize {
    stored_chunk_bytes(chunk.storage_bytes())
}

/// What storing a chunk of `storage` bytes ([`Chunk::storage_bytes`]) adds to
/// [`World::storage_bytes`], for readers that ask their budget before they
/// build the chunk.
pub(crate) fn stored_chunk_bytes(storage: usize) -> usize {
    storage + CHUNK_SLOT_BYTES
}

/// A voxel world: chunks keyed by chunk coordinate, the registry of the block
/// types its cells name, a name and a spawn point.
///
/// Chunks that do not exist are air: a query outside everything ever set answers
/// [`BlockId::AIR`], so the world has no edge to fall off except into the void.
/// The registry is shared (cloning a world does not copy it) until a clone
/// registers a type of its own.
///
/// ```
/// use glam::IVec3;
/// use voxwalk::world::{BlockId, World};
/// let mut w = World::new();
/// w.set_block(IVec3::new(-1, 0, 40), BlockId::BRICK);
/// assert_eq!(w.block(IVec3::new(-1, 0, 40)), BlockId::BRICK);
/// assert_eq!(w.block(IVec3::new(1_000_000, 5, -7)), BlockId::AIR);
/// ```
#[derive(Clone, Debug)]
pub struct World {
    chunks: FxHashMap<IVec3, Chunk>,
    /// Chunks that may hold a block with behaviours (a ladder, water, ice):
    /// the controller looks for behaviours only there, so a body on plain
    /// ground reads no more than before. Kept conservatively as blocks are
    /// written (a chunk whose last ladder was removed stays in until the next
    /// `compact`), exactly by `put_chunk` and `compact`.
    behaviour_chunks: FxHashSet<IVec3>,
    registry: Arc<BlockRegistry>,
    /// What the chunks take (their storage and their slots in the maps),
    /// kept as they change so that a reader can ask it after every cell.
    chunk_bytes: usize,
    /// A human-readable name, one line.
    pub name: String,
    /// Where a body's feet go when nothing else says (bottom centre of the body).
    pub spawn: Option<DVec3>,
}

impl PartialEq for World {
    /// Worlds are equal when their blocks, registries, names and spawns are;
    /// the index of chunks with behaviours follows from those.
    fn eq(&self, other: &Self) -> bool {
        self.chunks == other.chunks
            && self.registry == other.registry
            && self.name == other.name
            && self.spawn == other.spawn
    }
}

impl Default for World {
    fn default() -> Self {
        Self::with_registry(Arc::clone(BlockRegistry::built_in()))
    }
}

impl World {
    /// An empty world of the built-in block types: all air, no name, no spawn.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty world whose cells name the types of `registry`.
    #[must_use]
    pub fn with_registry(registry: Arc<BlockRegistry>) -> Self {
        Self {
            chunks: FxHashMap::default(),
            behaviour_chunks: FxHashSet::default(),
            registry,
            chunk_bytes: 0,
            name: String::new(),
            spawn: None,
        }
    }

    /// The block types this world's cells name.
    #[inline]
    #[must_use]
    pub fn registry(&self) -> &BlockRegistry {
        &self.registry
    }

    /// The registry, shared, to build other worlds of the same types.
    #[must_use]
    pub fn shared_registry(&self) -> &Arc<BlockRegistry> {
        &self.registry
    }

    /// Validates `block` and adds it to this world's registry.
    ///
    /// # Errors
    /// [`BlockError`] naming the block and the field; nothing changes then.
    pub fn register_block(&mut self, block: BlockType) -> Result<BlockId, BlockError> {
        Arc::make_mut(&mut self.registry).register(block)
    }

    /// The block at world cell `cell`; air where no chunk exists.
    #[inline]
    #[must_use]
    pub fn block(&self, cell: IVec3) -> BlockId {
        self.chunks
            .get(&chunk_of(cell))
            .map_or(BlockId::AIR, |chunk| chunk.block(local_of(cell)))
    }

    /// Sets the block of one cell, creating its chunk when needed.
    ///
    /// `block` should be an id of this world's registry; an id beyond it
    /// collides as a full cube (see [`BlockRegistry::collision_shape`]).
    pub fn set_block(&mut self, cell: IVec3, block: BlockId) {
        let key = chunk_of(cell);
        if block == BlockId::AIR && !self.chunks.contains_key(&key) {
            return;
        }
        let chunk = match self.chunks.entry(key) {
            std::collections::hash_map::Entry::Occupied(slot) => slot.into_mut(),
            std::collections::hash_map::Entry::Vacant(slot) => {
                self.chunk_bytes += CHUNK_SLOT_BYTES;
                slot.insert(Chunk::default())
            }
        };
        let before = chunk.storage_bytes();
        chunk.set(local_of(cell), block);
        self.chunk_bytes = self.chunk_bytes + chunk.storage_bytes() - before;
        if !self.registry.behaviour(block).is_plain() {
            self.behaviour_chunks.insert(key);
        }
    }

    /// Fills the inclusive cell range `lo..=hi` with `block`.
    ///
    /// ```
    /// use glam::IVec3;
    /// use voxwalk::world::{BlockId, World};
    /// let mut w = World::new();
    /// w.fill(IVec3::new(0, 0, 0), IVec3::new(31, 0, 31), BlockId::STONE);
    /// assert_eq!(w.count_blocks()[BlockId::STONE.index()], 32 * 32);
    /// ```
    pub fn fill(&mut self, lo: IVec3, hi: IVec3, block: BlockId) {
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
        if self.has_behaviours(&chunk) {
            self.behaviour_chunks.insert(key);
        } else {
            self.behaviour_chunks.remove(&key);
        }
        self.chunk_bytes += chunk_cost(&chunk);
        if let Some(old) = self.chunks.insert(key, chunk) {
            self.chunk_bytes -= chunk_cost(&old);
        }
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

    /// Whether `chunk` holds a block whose type has behaviours.
    fn has_behaviours(&self, chunk: &Chunk) -> bool {
        let plain = |id: &BlockId| self.registry.behaviour(*id).is_plain();
        match chunk {
            Chunk::Uniform(id) => !plain(id),
            Chunk::Mixed(cells) => !cells.palette().iter().all(plain),
        }
    }

    /// Whether a cell of `lo..=hi` may hold a block with behaviours: false
    /// when no chunk the range touches has one, so the controller skips the
    /// search.
    #[inline]
    #[must_use]
    pub fn may_hold_behaviours(&self, lo: IVec3, hi: IVec3) -> bool {
        if self.behaviour_chunks.is_empty() {
            return false;
        }
        if lo == IVec3::MIN && hi == IVec3::MAX {
            // Anywhere at all: yes, there is a chunk.
            return true;
        }
        let (lo, hi) = (chunk_of(lo), chunk_of(hi));
        (lo.x..=hi.x).any(|x| {
            (lo.y..=hi.y).any(|y| {
                (lo.z..=hi.z).any(|z| self.behaviour_chunks.contains(&IVec3::new(x, y, z)))
            })
        })
    }

    /// Bytes this world holds: its chunks (their cells, palettes and slots in
    /// the chunk maps) and its registry's types. Kept as the world changes,
    /// so asking costs nothing; readers check it against their
    /// [`ReadBudget`](crate::formats::ReadBudget) as they build.
    ///
    /// ```
    /// use glam::IVec3;
    /// use voxwalk::world::{BlockId, World};
    /// let mut w = World::new();
    /// let empty = w.storage_bytes();
    /// w.set_block(IVec3::new(1, 2, 3), BlockId::STONE);
    /// assert!(w.storage_bytes() >= empty + 4096); // a mixed chunk: a byte a cell
    /// ```
    #[must_use]
    pub fn storage_bytes(&self) -> usize {
        self.chunk_bytes + self.registry.storage_bytes()
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
            .retain(|_, c| c.uniform_block() != Some(BlockId::AIR));
        self.chunk_bytes = self.chunks.values().map(chunk_cost).sum();
        let with: Vec<IVec3> = self
            .chunks
            .iter()
            .filter(|(_, c)| self.has_behaviours(c))
            .map(|(k, _)| *k)
            .collect();
        self.behaviour_chunks = with.into_iter().collect();
    }

    /// Where a body can start: the world's `spawn` if it has one, else on top
    /// of the highest solid block of the column nearest the middle of the
    /// world that has two free cells above it (imported worlds rarely say).
    /// `None` for a world with no solid block.
    ///
    /// ```
    /// use glam::{DVec3, IVec3};
    /// use voxwalk::world::{BlockId, World};
    /// let mut w = World::new();
    /// w.fill(IVec3::new(0, 0, 0), IVec3::new(4, 2, 4), BlockId::STONE);
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
                        .find(|&y| self.is_solid_at(IVec3::new(x, y, z)));
                    if let Some(y) = top {
                        let free = (1..=2).all(|dy| !self.is_solid_at(IVec3::new(x, y + dy, z)));
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

    /// How many cells of each block the stored chunks hold, indexed by
    /// [`BlockId::index`]: one entry per registered type, more if cells hold ids
    /// beyond the registry. Air counts only cells inside stored chunks.
    #[must_use]
    pub fn count_blocks(&self) -> Vec<u64> {
        let mut counts = vec![0u64; self.registry.len()];
        let mut add = |block: BlockId, n: u64| {
            if counts.len() <= block.index() {
                counts.resize(block.index() + 1, 0);
            }
            counts[block.index()] += n;
        };
        for chunk in self.chunks.values() {
            match chunk {
                Chunk::Uniform(b) => add(*b, CHUNK_VOLUME as u64),
                Chunk::Mixed(cells) => cells.blocks().for_each(|b| add(b, 1)),
            }
        }
        counts
    }

    /// How many cells of each block type but air the stored chunks hold, by
    /// name, for the types any cell holds: what survives a save and load, which
    /// may renumber ids (types no cell uses are not written).
    ///
    /// ```
    /// use glam::IVec3;
    /// use voxwalk::world::{BlockId, World};
    /// let mut w = World::new();
    /// w.set_block(IVec3::ZERO, BlockId::POST);
    /// assert_eq!(w.count_blocks_by_name().get("post"), Some(&1));
    /// assert_eq!(w.count_blocks_by_name().len(), 1);
    /// ```
    #[must_use]
    pub fn count_blocks_by_name(&self) -> std::collections::BTreeMap<String, u64> {
        self.count_blocks()
            .iter()
            .enumerate()
            .filter(|&(index, &n)| n > 0 && index != BlockId::AIR.index())
            .map(|(index, &n)| (self.registry.name(BlockId(index as u16)).to_owned(), n))
            .collect()
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
                Chunk::Uniform(BlockId::AIR) => {}
                Chunk::Uniform(_) => {
                    include(cell_of(*key, IVec3::ZERO));
                    include(cell_of(*key, IVec3::splat(CHUNK_EDGE - 1)));
                }
                Chunk::Mixed(cells) => {
                    let edge = CHUNK_EDGE as usize;
                    for (i, b) in cells.blocks().enumerate() {
                        if b != BlockId::AIR {
                            let local = IVec3::new(
                                (i / (edge * edge)) as i32,
                                ((i / edge) % edge) as i32,
                                (i % edge) as i32,
                            );
                            include(cell_of(*key, local));
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

    /// A `World` changes only through `&mut self`, and visits chunk by chunk.
    fn cells_can_be_copied(&self) -> bool {
        true
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
