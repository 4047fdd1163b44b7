//! The loader of a streamed world: which chunk columns to read around the
//! bodies, in what order, and which to drop for the budget.

use std::time::Instant;

use glam::{DVec3, IVec2, IVec3};
use rustc_hash::{FxHashMap, FxHashSet};

use super::{ChunkSource, Prepared, StreamError, StreamSettings, StreamStats};
use crate::geometry::Aabb;
use crate::world::{CHUNK_EDGE, World};

/// What streams a world around bodies: which columns of `S` are loaded
/// into a [`World`], what to load or drop next, within the budget. A
/// [`StreamingWorld`](super::StreamingWorld) is a world with its streamer;
/// a program that keeps its own [`World`] (the viewer) keeps a streamer
/// beside it.
///
/// What a tick reads depends only on the bodies' positions and velocities:
/// the columns around each are loaded before it runs (it waits for them),
/// and reading, which may use every core, is placed in one fixed order.
#[derive(Debug)]
pub struct Streamer<S: ChunkSource> {
    source: S,
    settings: StreamSettings,
    loaded: FxHashSet<IVec2>,
    stats: StreamStats,
    /// Where the bodies were (each one's column and the columns it needed)
    /// at the last preparation after which nothing was left to do: every
    /// column wanted loaded, or the rest left out for the budget. While the
    /// bodies stay there, there is nothing to prepare.
    settled: Option<Vec<Footprint>>,
    warnings: Vec<String>,
    warnings_left_out: usize,
}

/// A body's column and the first and last columns it needs.
type Footprint = (IVec2, IVec2, IVec2);

/// Most column warnings kept; the rest are counted.
const MAX_WARNINGS: usize = 64;

impl<S: ChunkSource> Streamer<S> {
    /// A streamer over `source` that has loaded nothing yet.
    pub fn new(source: S, settings: StreamSettings) -> Self {
        Streamer {
            source,
            settings,
            loaded: FxHashSet::default(),
            stats: StreamStats::default(),
            settled: None,
            warnings: Vec::new(),
            warnings_left_out: 0,
        }
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

    /// Whether anything may load or drop for bodies with these boxes and
    /// speeds (blocks per second): false while they stay in the columns of
    /// the last preparation that left nothing to do, which is most ticks,
    /// so a caller need not touch the world, and the question costs a few
    /// divisions a body.
    #[must_use]
    pub fn needs_preparing(&self, bodies: &[(Aabb, f64)]) -> bool {
        self.settled.as_deref() != Some(&self.footprints(bodies)[..])
    }

    /// Each body's column and needed columns.
    fn footprints(&self, bodies: &[(Aabb, f64)]) -> Vec<Footprint> {
        bodies
            .iter()
            .map(|(aabb, speed)| {
                let (lo, hi) = self.needed_columns(aabb, *speed);
                (column_of(aabb.center()), lo, hi)
            })
            .collect()
    }

    /// The first and last columns a body with this box and speed can read
    /// in a tick: its box, the margin, and the look-ahead at its speed.
    fn needed_columns(&self, aabb: &Aabb, speed: f64) -> (IVec2, IVec2) {
        let reach = self.settings.near_margin + speed.min(1e6) * self.settings.lookahead.max(0.0);
        (column_of(aabb.min - reach), column_of(aabb.max + reach))
    }

    /// Loads what bodies with these boxes and velocities need before a tick
    /// (waiting for it), loads ahead around them as the budget allows and
    /// drops the columns farthest from them first when it would not.
    ///
    /// # Errors
    /// [`StreamError::BudgetTooSmall`] when the columns needed alone would
    /// exceed the budget; nothing needed is dropped then, and the tick must
    /// not run.
    pub fn prepare(
        &mut self,
        world: &mut World,
        bodies: &[(Aabb, f64)],
    ) -> Result<Prepared, StreamError> {
        self.settled = None;
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
            self.drop_column(world, column);
            done.dropped += 1;
        }
        let missing: Vec<IVec2> = needed
            .iter()
            .copied()
            .filter(|c| !self.loaded.contains(c))
            .collect();
        if !missing.is_empty() {
            let started = Instant::now();
            self.load(world, &missing, &wanted, &needed, &mut done, true)?;
            let waited = started.elapsed();
            self.stats.waits += 1;
            self.stats.longest_wait = self.stats.longest_wait.max(waited);
            done.waited_for = missing.len();
        }
        self.load_ahead(world, &wanted, &needed, &mut done)?;
        if done.left_out > 0 || wanted.iter().all(|c| self.loaded.contains(c)) {
            self.settled = Some(self.footprints(bodies));
        }
        self.stats.peak_bytes = self.stats.peak_bytes.max(world.storage_bytes());
        Ok(done)
    }

    /// Loads wanted columns that are not needed yet, nearest first, a batch
    /// at a time, until [`StreamSettings::ahead_per_prepare`] columns are
    /// read, the time [`StreamSettings::ahead_time`] is spent or the budget
    /// leaves one out.
    fn load_ahead(
        &mut self,
        world: &mut World,
        wanted: &[IVec2],
        needed: &[IVec2],
        done: &mut Prepared,
    ) -> Result<(), StreamError> {
        let started = Instant::now();
        let mut allowed = self.settings.ahead_per_prepare;
        while allowed > 0 {
            let batch: Vec<IVec2> = wanted
                .iter()
                .copied()
                .filter(|c| !self.loaded.contains(c))
                .take(allowed.min(read_batch()))
                .collect();
            if batch.is_empty() {
                break;
            }
            allowed -= batch.len();
            let left_out = done.left_out;
            self.load(world, &batch, wanted, needed, done, false)?;
            if done.left_out > left_out || started.elapsed() >= self.settings.ahead_time {
                break;
            }
        }
        Ok(())
    }

    /// The columns bodies need this tick, and every column wanted around
    /// them, nearest first (ties by x, then z: a fixed order).
    fn wanted(&self, bodies: &[(Aabb, f64)]) -> (Vec<IVec2>, Vec<IVec2>) {
        let mut needed = FxHashSet::default();
        let mut distance: FxHashMap<IVec2, i32> = FxHashMap::default();
        let view = self.settings.view_distance.max(0);
        for (aabb, speed) in bodies {
            let (lo, hi) = self.needed_columns(aabb, *speed);
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
        world: &mut World,
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
            let victims: Vec<IVec2> = if world.storage_bytes() + bytes > self.settings.budget_bytes
            {
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
            while world.storage_bytes() + bytes > self.settings.budget_bytes {
                match victims.next() {
                    Some(victim)
                        if must || position_of(wanted, victim) > position_of(wanted, column) =>
                    {
                        self.drop_column(world, victim);
                        done.dropped += 1;
                    }
                    _ if must => {
                        return Err(StreamError::BudgetTooSmall {
                            needed: world.storage_bytes() + bytes,
                            budget: self.settings.budget_bytes,
                        });
                    }
                    _ => {
                        done.left_out += 1;
                        break;
                    }
                }
            }
            if world.storage_bytes() + bytes > self.settings.budget_bytes {
                continue;
            }
            if let Some(read) = read {
                self.source.place(world, column, read);
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

    fn drop_column(&mut self, world: &mut World, column: IVec2) {
        if !self.loaded.remove(&column) {
            return;
        }
        let keys: Vec<IVec3> = world
            .chunks()
            .map(|(k, _)| k)
            .filter(|k| k.x == column.x && k.z == column.y)
            .collect();
        for key in keys {
            world.remove_chunk(key);
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

/// Columns read at once when loading ahead: one per core.
#[cfg(feature = "parallel")]
fn read_batch() -> usize {
    rayon::current_num_threads().max(1)
}

#[cfg(not(feature = "parallel"))]
fn read_batch() -> usize {
    1
}

#[cfg(feature = "parallel")]
fn read_all<S: ChunkSource>(
    source: &S,
    columns: &[IVec2],
) -> Vec<Result<Option<S::Column>, S::Error>> {
    use rayon::prelude::*;
    columns.par_iter().map(|&c| source.read(c)).collect()
}

#[cfg(not(feature = "parallel"))]
fn read_all<S: ChunkSource>(
    source: &S,
    columns: &[IVec2],
) -> Vec<Result<Option<S::Column>, S::Error>> {
    columns.iter().map(|&c| source.read(c)).collect()
}
