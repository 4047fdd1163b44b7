//! The world: a sparse map of chunks, unbounded in every direction.

use std::sync::Arc;

use glam::{DVec3, IVec3};
use rustc_hash::{FxHashMap, FxHashSet};

use super::coords::{CHUNK_EDGE, CHUNK_VOLUME, cell_of, chunk_of, local_of};
use super::{BlockSource, Chunk};
use crate::block::{BlockError, BlockId, BlockRegistry, BlockType};

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
/// use voxwalk::glam::IVec3;
/// use voxwalk::block::BlockId;
/// use voxwalk::world::World;
/// let mut w = World::new();
/// w.set_block(IVec3::new(-1, 0, 40), BlockId::BRICK);
/// assert_eq!(w.block(IVec3::new(-1, 0, 40)), BlockId::BRICK);
/// assert_eq!(w.block(IVec3::new(1_000_000, 5, -7)), BlockId::AIR);
/// ```
#[derive(Clone, Debug)]
pub struct World {
    pub(super) chunks: FxHashMap<IVec3, Chunk>,
    /// Chunks that may hold a block with behaviours (a ladder, water, ice):
    /// the controller looks for behaviours only there, so a body on plain
    /// ground reads no more than before. Kept conservatively as blocks are
    /// written (a chunk whose last ladder was removed stays in until the next
    /// `compact`), exactly by `put_chunk` and `compact`.
    pub(super) behaviour_chunks: FxHashSet<IVec3>,
    pub(super) registry: Arc<BlockRegistry>,
    /// What the chunks take (their storage and their slots in the maps),
    /// kept as they change so that a reader can ask it after every cell.
    pub(super) chunk_bytes: usize,
    /// The lowest chunk y of a chunk given a block other than air: kept as
    /// blocks are written (a chunk dug back to air keeps it until the next
    /// `compact`), so the world's lowest block is known without a look at
    /// every chunk.
    pub(super) lowest_chunk: Option<i32>,
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
            lowest_chunk: None,
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
        if block != BlockId::AIR {
            self.note_blocks_in(key);
        }
    }

    /// Lowers the lowest chunk with blocks to `key`'s, if it is lower.
    fn note_blocks_in(&mut self, key: IVec3) {
        self.lowest_chunk = Some(self.lowest_chunk.map_or(key.y, |y| y.min(key.y)));
    }

    /// Fills the inclusive cell range `lo..=hi` with `block`.
    ///
    /// ```
    /// use voxwalk::glam::IVec3;
    /// use voxwalk::block::BlockId;
    /// use voxwalk::world::World;
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
        if chunk.uniform_block() != Some(BlockId::AIR) {
            self.note_blocks_in(key);
        }
        if let Some(old) = self.chunks.insert(key, chunk) {
            self.chunk_bytes -= chunk_cost(&old);
        }
    }

    /// Takes the chunk at `key` out of the world (its cells read as air
    /// again): how a world streamed around its bodies drops what is far.
    pub fn remove_chunk(&mut self, key: IVec3) -> Option<Chunk> {
        let old = self.chunks.remove(&key)?;
        self.chunk_bytes -= chunk_cost(&old);
        self.behaviour_chunks.remove(&key);
        Some(old)
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
    /// use voxwalk::glam::IVec3;
    /// use voxwalk::block::BlockId;
    /// use voxwalk::world::World;
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
        self.lowest_chunk = self.chunks.keys().map(|key| key.y).min();
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
    /// use voxwalk::glam::{DVec3, IVec3};
    /// use voxwalk::block::BlockId;
    /// use voxwalk::world::World;
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
    /// use voxwalk::glam::IVec3;
    /// use voxwalk::block::BlockId;
    /// use voxwalk::world::World;
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
