//! A world that holds only the chunk columns near its bodies, loaded from a
//! [`ChunkSource`] before each tick and dropped when far, within a budget of
//! bytes it never exceeds.

use std::time::{Duration, Instant};

use glam::{DVec3, IVec2, IVec3};
use rustc_hash::{FxHashMap, FxHashSet};

use super::ChunkSource;
use crate::geometry::Aabb;
use crate::world::{BlockId, BlockRegistry, BlockSource, CHUNK_EDGE, World};

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
}

impl Default for StreamSettings {
    fn default() -> Self {
        StreamSettings {
            view_distance: 8,
            budget_bytes: 256 << 20,
            near_margin: 8.0,
            lookahead: 0.5,
            ahead_per_prepare: 64,
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
/// the tick, prepared before it.
///
/// What a tick reads depends only on the bodies' positions and velocities:
/// the columns around each are loaded before it runs (it waits for them),
/// and reading, which may use every core, is placed in one fixed order. A
/// walk on a streamed world gives, bit for bit, the walk on the same world
/// loaded whole.
#[derive(Debug)]
pub struct StreamingWorld<S: ChunkSource> {
    world: World,
    source: S,
    settings: StreamSettings,
    loaded: FxHashSet<IVec2>,
    stats: StreamStats,
    /// The last preparation left wanted columns out for the budget: a
    /// column still missing then is no reason to prepare again.
    budget_bound: bool,
    warnings: Vec<String>,
    warnings_left_out: usize,
}

/// Most column warnings kept; the rest are counted.
const MAX_WARNINGS: usize = 64;

impl<S: ChunkSource> StreamingWorld<S> {
    /// An empty world over `source` (nothing loaded until [`Self::prepare`]).
    pub fn new(source: S, settings: StreamSettings) -> Self {
        StreamingWorld {
            world: World::new(),
            source,
            settings,
            loaded: FxHashSet::default(),
            stats: StreamStats::default(),
            budget_bound: false,
            warnings: Vec::new(),
            warnings_left_out: 0,
        }
    }

    /// The blocks loaded now.
    #[must_use]
    pub fn loaded(&self) -> &World {
        &self.world
    }

    /// Columns loaded now.
    #[must_use]
    pub fn loaded_columns(&self) -> usize {
        self.loaded.len()
    }

    /// Whether column `column` is loaded.
    #[must_use]
    pub fn is_loaded(&self, column: IVec2) -> bool {
        self.loaded.contains(&column)
    }

    /// The source.
    #[must_use]
    pub fn source(&self) -> &S {
        &self.source
    }

    /// Figures so far.
    #[must_use]
    pub fn stats(&self) -> StreamStats {
        self.stats
    }

    /// The settings.
    #[must_use]
    pub fn settings(&self) -> StreamSettings {
        self.settings
    }

    /// Whether anything must load or drop for bodies with these boxes and
    /// velocities: false most ticks, so a caller need not touch the world.
    #[must_use]
    pub fn needs_preparing(&self, bodies: &[(Aabb, DVec3)]) -> bool {
        let (needed, wanted) = self.wanted(bodies);
        if needed.iter().any(|c| !self.loaded.contains(c)) {
            return true;
        }
        let wanted_set: FxHashSet<IVec2> = wanted.iter().copied().collect();
        self.loaded.iter().any(|c| !wanted_set.contains(c))
            || (!self.budget_bound && wanted.iter().any(|c| !self.loaded.contains(c)))
    }

    /// Loads what bodies with these boxes and velocities need before a tick
    /// (waiting for it), loads ahead around them as the budget allows and
    /// drops the columns farthest from them first when it would not.
    ///
    /// # Errors
    /// [`StreamError::BudgetTooSmall`] when the columns needed alone would
    /// exceed the budget; nothing needed is dropped then, and the tick must
    /// not run.
    pub fn prepare(&mut self, bodies: &[(Aabb, DVec3)]) -> Result<Prepared, StreamError> {
        let (needed, wanted) = self.wanted(bodies);
        let mut done = Prepared::default();
        let keep: FxHashSet<IVec2> = wanted.iter().copied().collect();
        let far: Vec<IVec2> = self
            .loaded
            .iter()
            .copied()
            .filter(|c| !keep.contains(c))
            .collect();
        for column in far {
            self.drop_column(column);
            done.dropped += 1;
        }
        let missing: Vec<IVec2> = needed
            .iter()
            .copied()
            .filter(|c| !self.loaded.contains(c))
            .collect();
        if !missing.is_empty() {
            let started = Instant::now();
            self.load(&missing, &wanted, &needed, &mut done, true)?;
            let waited = started.elapsed();
            self.stats.waits += 1;
            self.stats.longest_wait = self.stats.longest_wait.max(waited);
            done.waited_for = missing.len();
        }
        let ahead: Vec<IVec2> = wanted
            .iter()
            .copied()
            .filter(|c| !self.loaded.contains(c))
            .take(self.settings.ahead_per_prepare)
            .collect();
        if !ahead.is_empty() {
            self.load(&ahead, &wanted, &needed, &mut done, false)?;
        }
        self.budget_bound = done.left_out > 0;
        self.stats.peak_bytes = self.stats.peak_bytes.max(self.world.storage_bytes());
        Ok(done)
    }

    /// The columns bodies need this tick, and every column wanted around
    /// them, nearest first (ties by x, then z: a fixed order).
    fn wanted(&self, bodies: &[(Aabb, DVec3)]) -> (Vec<IVec2>, Vec<IVec2>) {
        let mut needed = FxHashSet::default();
        let mut distance: FxHashMap<IVec2, i32> = FxHashMap::default();
        let view = self.settings.view_distance.max(0);
        for (aabb, velocity) in bodies {
            let reach = self.settings.near_margin
                + velocity.length().min(1e6) * self.settings.lookahead.max(0.0);
            let (lo, hi) = (column_of(aabb.min - reach), column_of(aabb.max + reach));
            for x in lo.x..=hi.x {
                for z in lo.y..=hi.y {
                    needed.insert(IVec2::new(x, z));
                }
            }
            let centre = column_of(aabb.center());
            for x in -view..=view {
                for z in -view..=view {
                    let d = x.abs().max(z.abs());
                    let column = centre + IVec2::new(x, z);
                    let e = distance.entry(column).or_insert(d);
                    *e = (*e).min(d);
                }
            }
        }
        for column in &needed {
            distance.insert(*column, 0);
        }
        let mut wanted: Vec<(i32, IVec2)> = distance.into_iter().map(|(c, d)| (d, c)).collect();
        wanted.sort_unstable_by_key(|&(d, c)| (d, c.x, c.y));
        let mut needed: Vec<IVec2> = needed.into_iter().collect();
        needed.sort_unstable_by_key(|c| (c.x, c.y));
        (needed, wanted.into_iter().map(|(_, c)| c).collect())
    }

    /// Reads `columns` (on every core when the `parallel` feature is on)
    /// and places them in order, dropping wanted columns from the far end
    /// to make room; `must` says the columns are needed (an error when they
    /// cannot fit) rather than wanted ahead (left out then).
    fn load(
        &mut self,
        columns: &[IVec2],
        wanted: &[IVec2],
        needed: &[IVec2],
        done: &mut Prepared,
        must: bool,
    ) -> Result<(), StreamError> {
        let started = Instant::now();
        let reads = read_all(&self.source, columns);
        let needed: FxHashSet<IVec2> = needed.iter().copied().collect();
        for (column, read) in columns.iter().copied().zip(reads) {
            let read = read.unwrap_or_else(|problem| {
                self.note(format!(
                    "chunk column ({}, {}) skipped: {problem}",
                    column.x, column.y
                ));
                None
            });
            let bytes = read.as_ref().map_or(0, |r| self.source.most_bytes(r));
            // Room is made by dropping what is wanted least: the farthest
            // loaded columns that are not needed.
            let victims: Vec<IVec2> =
                if self.world.storage_bytes() + bytes > self.settings.budget_bytes {
                    wanted
                        .iter()
                        .rev()
                        .copied()
                        .filter(|c| self.loaded.contains(c) && !needed.contains(c))
                        .collect()
                } else {
                    Vec::new()
                };
            let mut victims = victims.into_iter();
            while self.world.storage_bytes() + bytes > self.settings.budget_bytes {
                match victims.next() {
                    Some(victim)
                        if must || position_of(wanted, victim) > position_of(wanted, column) =>
                    {
                        self.drop_column(victim);
                        done.dropped += 1;
                    }
                    _ if must => {
                        return Err(StreamError::BudgetTooSmall {
                            needed: self.world.storage_bytes() + bytes,
                            budget: self.settings.budget_bytes,
                        });
                    }
                    _ => {
                        done.left_out += 1;
                        break;
                    }
                }
            }
            if self.world.storage_bytes() + bytes > self.settings.budget_bytes {
                continue;
            }
            if let Some(read) = read {
                self.source.place(&mut self.world, column, read);
            }
            self.loaded.insert(column);
            self.stats.columns_loaded += 1;
            if !must {
                done.ahead += 1;
            }
        }
        self.stats.loading += started.elapsed();
        Ok(())
    }

    /// Keeps a warning for people, up to a limit.
    fn note(&mut self, warning: String) {
        if self.warnings.len() < MAX_WARNINGS {
            self.warnings.push(warning);
        } else {
            self.warnings_left_out += 1;
        }
    }

    /// What could not be read, and what the source says: one line each.
    #[must_use]
    pub fn warnings(&self) -> Vec<String> {
        let mut out = self.source.warnings();
        out.extend(self.warnings.iter().cloned());
        if self.warnings_left_out > 0 {
            out.push(format!("… {} more columns skipped", self.warnings_left_out));
        }
        out
    }

    fn drop_column(&mut self, column: IVec2) {
        if !self.loaded.remove(&column) {
            return;
        }
        let keys: Vec<IVec3> = self
            .world
            .chunks()
            .map(|(k, _)| k)
            .filter(|k| k.x == column.x && k.z == column.y)
            .collect();
        for key in keys {
            self.world.remove_chunk(key);
        }
        self.stats.columns_dropped += 1;
    }
}

fn position_of(wanted: &[IVec2], column: IVec2) -> usize {
    wanted
        .iter()
        .position(|&c| c == column)
        .unwrap_or(usize::MAX)
}

/// The chunk column of a position.
fn column_of(p: DVec3) -> IVec2 {
    let cell = p
        .floor()
        .clamp(DVec3::splat(-1e9), DVec3::splat(1e9))
        .as_ivec3();
    IVec2::new(cell.x.div_euclid(CHUNK_EDGE), cell.z.div_euclid(CHUNK_EDGE))
}

#[cfg(feature = "parallel")]
fn read_all<S: ChunkSource>(
    source: &S,
    columns: &[IVec2],
) -> Vec<Result<Option<S::Column>, String>> {
    use rayon::prelude::*;
    columns.par_iter().map(|&c| source.read(c)).collect()
}

#[cfg(not(feature = "parallel"))]
fn read_all<S: ChunkSource>(
    source: &S,
    columns: &[IVec2],
) -> Vec<Result<Option<S::Column>, String>> {
    columns.iter().map(|&c| source.read(c)).collect()
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
        self.source.lowest_block()
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
