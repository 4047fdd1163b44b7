//! A world that holds only the chunk columns near its bodies, loaded from a
//! [`ChunkSource`] before each tick and dropped when far, within a budget of
//! bytes it never exceeds.

use std::time::Duration;

use glam::IVec3;

use super::{ChunkSource, Streamer};
use crate::block::{BlockId, BlockRegistry};
use crate::geometry::Aabb;
use crate::world::{BlockSource, World};

/// How far a streamed world reaches around its bodies, and what it may hold.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StreamSettings {
    /// Columns (chunks) kept around each body in x and z, loaded ahead as
    /// the budget allows.
    pub view_distance: i32,
    /// The most bytes of block storage ([`World::storage_bytes`]) held.
    pub budget_bytes: usize,
    /// Blocks around each body's box that must be loaded before a tick runs,
    /// beyond what its velocity covers in [`StreamSettings::lookahead`].
    pub near_margin: f64,
    /// Seconds of a body's velocity the loaded area must cover.
    pub lookahead: f64,
    /// Columns loaded ahead of need at most per [`StreamingWorld::prepare`].
    pub ahead_per_prepare: usize,
    /// Time one [`StreamingWorld::prepare`] may spend loading ahead of need:
    /// it reads in batches (a column per core) and starts no new batch once
    /// this is spent, so a column that is slow to read (a compression bomb,
    /// a slow disk) holds up a tick by one batch at most, and only when the
    /// bodies need it. Columns needed are always waited for. Which columns
    /// are ahead never changes what a tick reads, so a run's results do not
    /// depend on it.
    pub ahead_time: Duration,
}

impl Default for StreamSettings {
    fn default() -> Self {
        StreamSettings {
            view_distance: 8,
            budget_bytes: 256 << 20,
            near_margin: 8.0,
            lookahead: 0.5,
            ahead_per_prepare: 64,
            ahead_time: Duration::from_millis(4),
        }
    }
}

/// Why a streamed world could not get a tick ready.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum StreamError {
    /// The columns the bodies need this tick take more than the budget.
    #[error(
        "the chunks the bodies need take {needed} bytes, more than the budget of {budget}; raise it or spread the bodies less"
    )]
    BudgetTooSmall {
        /// Bytes needed.
        needed: usize,
        /// The budget.
        budget: usize,
    },
}

/// What one [`StreamingWorld::prepare`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Prepared {
    /// Columns the bodies needed that were not loaded: the tick waited for them.
    pub waited_for: usize,
    /// Columns loaded ahead of need.
    pub ahead: usize,
    /// Columns dropped.
    pub dropped: usize,
    /// Columns wanted ahead that the budget left out.
    pub left_out: usize,
}

/// Figures over a streamed world's life.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StreamStats {
    /// Columns read and placed.
    pub columns_loaded: usize,
    /// Columns dropped.
    pub columns_dropped: usize,
    /// Preparations that had to load a needed column (a tick waited).
    pub waits: usize,
    /// The longest a preparation waited for needed columns.
    pub longest_wait: Duration,
    /// All the time spent loading.
    pub loading: Duration,
    /// The most block storage held after a preparation.
    pub peak_bytes: usize,
}

/// A world streamed from `S` around the bodies: a plain [`BlockSource`] for
/// the tick, prepared before it ([`StreamingWorld::prepare`],
/// [`Simulation::stream`](crate::controller::Simulation::stream)). A walk on
/// a streamed world gives, bit for bit, the walk on the same world loaded
/// whole, as long as it stays above the source's lowest block.
#[derive(Debug)]
pub struct StreamingWorld<S: ChunkSource> {
    world: World,
    streamer: Streamer<S>,
}

impl<S: ChunkSource> StreamingWorld<S> {
    /// An empty world over `source` (nothing loaded until [`Self::prepare`]).
    pub fn new(source: S, settings: StreamSettings) -> Self {
        StreamingWorld {
            world: World::new(),
            streamer: Streamer::new(source, settings),
        }
    }

    /// The blocks loaded now.
    #[must_use]
    pub fn loaded(&self) -> &World {
        &self.world
    }

    /// What loads and drops its columns.
    #[must_use]
    pub fn streamer(&self) -> &Streamer<S> {
        &self.streamer
    }

    /// Whether the block column (x, z) is loaded now: what a plan over this
    /// world may step into (`navigate::Planner::plan_within`).
    #[must_use]
    pub fn holds_column(&self, column: glam::IVec2) -> bool {
        let edge = glam::IVec2::splat(crate::world::CHUNK_EDGE);
        self.streamer.is_loaded(column.div_euclid(edge))
    }

    /// Columns loaded now.
    #[must_use]
    pub fn loaded_columns(&self) -> usize {
        self.streamer.loaded_columns()
    }

    /// The source.
    #[must_use]
    pub fn source(&self) -> &S {
        self.streamer.source()
    }

    /// Figures so far.
    #[must_use]
    pub fn stats(&self) -> StreamStats {
        self.streamer.stats()
    }

    /// What could not be read, and what the source says: one line each.
    #[must_use]
    pub fn warnings(&self) -> Vec<String> {
        self.streamer.warnings()
    }

    /// Whether anything must load or drop for bodies with these boxes and
    /// velocities.
    #[must_use]
    pub fn needs_preparing(&self, bodies: &[(Aabb, f64)]) -> bool {
        self.streamer.needs_preparing(bodies)
    }

    /// [`Streamer::prepare`] for this world.
    ///
    /// # Errors
    /// As [`Streamer::prepare`].
    pub fn prepare(&mut self, bodies: &[(Aabb, f64)]) -> Result<Prepared, StreamError> {
        self.streamer.prepare(&mut self.world, bodies)
    }
}

impl<S: ChunkSource> BlockSource for StreamingWorld<S> {
    #[inline]
    fn block(&self, cell: IVec3) -> BlockId {
        self.world.block(cell)
    }

    #[inline]
    fn registry(&self) -> &BlockRegistry {
        self.world.registry()
    }

    #[inline]
    fn shape_at(&self, cell: IVec3) -> &[crate::geometry::Aabb] {
        self.world.shape_at(cell)
    }

    #[inline]
    fn may_hold_behaviours(&self, lo: IVec3, hi: IVec3) -> bool {
        self.world.may_hold_behaviours(lo, hi)
    }

    #[inline]
    fn is_solid_at(&self, cell: IVec3) -> bool {
        self.world.is_solid_at(cell)
    }

    fn read_blocks(&self, lo: IVec3, hi: IVec3, out: &mut Vec<BlockId>) {
        self.world.read_blocks(lo, hi, out);
    }

    fn cells_can_be_copied(&self) -> bool {
        self.world.cells_can_be_copied()
    }

    fn lowest_block(&self) -> Option<i32> {
        self.streamer.source().lowest_block()
    }

    #[inline]
    fn for_each_solid_in<F: FnMut(IVec3, &[crate::geometry::Aabb])>(
        &self,
        lo: IVec3,
        hi: IVec3,
        visit: F,
    ) {
        self.world.for_each_solid_in(lo, hi, visit);
    }

    fn for_each_solid_in_dyn(
        &self,
        lo: IVec3,
        hi: IVec3,
        visit: &mut dyn FnMut(IVec3, &[crate::geometry::Aabb]),
    ) {
        self.world.for_each_solid_in_dyn(lo, hi, visit);
    }
}
