//! Building a cluster of the coarse layer, from scratch or again after
//! edits: a column whose places' search read no edited cell keeps its
//! places, and a place whose steps' search and checks read none keeps its
//! steps; the rest are found and checked again (through the step memory).
//! What is kept is what a build from scratch would find, since each is a
//! function of the cells it read.

use glam::{DVec3, IVec2, IVec3};

use super::cluster::{Cluster, Edge, NearBox, Place};
use super::planner::Planner;
use super::read_box::{CellBox, ReadBox, holds, joined};
use super::standing::Standing;
use super::step::candidates;
use crate::block::{BlockId, BlockRegistry, LiquidKind};
use crate::geometry::Aabb;
use crate::world::BlockSource;

/// A cluster as it was, and the cells edited since it was built.
pub(super) type Before<'c> = (&'c Cluster, &'c [IVec3]);

/// Whether `shape` is a whole cube: a body's feet never rest inside it.
fn whole_cube(shape: &[Aabb]) -> bool {
    shape.len() == 1 && shape[0].min == DVec3::ZERO && shape[0].max == DVec3::ONE
}

/// Whether `read` holds one of `edits`.
fn touched(read: Option<CellBox>, edits: &[IVec3]) -> bool {
    edits.iter().any(|&cell| holds(read, cell))
}

impl Planner {
    /// Builds the cluster of `size` × `size` columns from `origin`, its
    /// places looked for from `heights.0` to `heights.1`, in the columns
    /// `known` accepts; from `before` where given (the columns known being
    /// the same): the cluster, and the work this build took.
    pub(super) fn build_cluster<W: BlockSource>(
        &mut self,
        world: &W,
        (origin, size): (IVec2, i32),
        (heights, known): ((i32, i32), &dyn Fn(IVec2) -> bool),
        before: Option<Before<'_>>,
    ) -> (Cluster, u64) {
        let world = ReadBox::new(world);
        self.places.note_reads(true);
        let mut cluster = Cluster::empty(origin, size);
        let (mut work, mut blocks) = (0, Vec::new());
        for dx in 0..size {
            for dz in 0..size {
                let column = origin + IVec2::new(dx, dz);
                let places = self.column_of(
                    &world,
                    &mut cluster,
                    column,
                    (heights, known),
                    before,
                    &mut blocks,
                );
                for place in places {
                    work += self.place_steps(&world, &mut cluster, (column, place), known, before);
                }
                cluster
                    .columns
                    .push(u32::try_from(cluster.places.len()).unwrap_or(u32::MAX));
            }
        }
        cluster.finish();
        self.places.release();
        (cluster, work)
    }

    /// Column `column`'s places, kept from `before` where what finding
    /// them read holds no edited cell, else found; what finding them read
    /// noted in `cluster`.
    fn column_of<W: BlockSource>(
        &mut self,
        world: &ReadBox<'_, W>,
        cluster: &mut Cluster,
        column: IVec2,
        (heights, known): ((i32, i32), &dyn Fn(IVec2) -> bool),
        before: Option<Before<'_>>,
        blocks: &mut Vec<BlockId>,
    ) -> Vec<Place> {
        let at = cluster.column_reads.len();
        if let Some((old, edits)) = before
            && !touched(old.column_reads[at], edits)
        {
            let range = old.columns[at] as usize..old.columns[at + 1] as usize;
            cluster.column_reads.push(old.column_reads[at]);
            return old.places[range].to_vec();
        }
        let mut found = Vec::new();
        if known(column) {
            world.take();
            self.places.take_read();
            self.find_places(world, column, heights, blocks, &mut found);
            cluster
                .column_reads
                .push(joined(world.take(), self.places.take_read()));
        } else {
            cluster.frontier = true;
            cluster.column_reads.push(None);
        }
        found
    }

    /// Adds `place` of `column` to `cluster` with its steps: kept from
    /// `before` where it stood there alike and what finding them read
    /// holds no edited cell, else found and checked. The work that took.
    fn place_steps<W: BlockSource>(
        &mut self,
        world: &ReadBox<'_, W>,
        cluster: &mut Cluster,
        (column, mut place): (IVec2, Place),
        known: &dyn Fn(IVec2) -> bool,
        before: Option<Before<'_>>,
    ) -> u64 {
        place.steps_from = u32::try_from(cluster.steps.len()).unwrap_or(u32::MAX);
        let cell = IVec3::new(column.x, place.y, column.y);
        let kept = before.and_then(|(old, edits)| {
            let i = old.index_of(cell)?;
            let was = old.places[i];
            let alike =
                was.feet_y.to_bits() == place.feet_y.to_bits() && was.afloat == place.afloat;
            (alike && !touched(was.reads.cells(cell), edits)).then_some((old, i))
        });
        if let Some((old, i)) = kept {
            cluster.steps.extend_from_slice(old.steps(i));
            cluster.places.push(Place {
                steps_from: place.steps_from,
                ..old.places[i]
            });
            return 0;
        }
        let from = Standing {
            cell,
            feet: DVec3::new(
                f64::from(cell.x) + 0.5,
                place.feet_y,
                f64::from(cell.z) + 0.5,
            ),
            afloat: place.afloat,
        };
        world.take();
        self.places.take_read();
        place.frontier = false;
        let mut work = 1u64;
        let mut moves = Vec::new();
        candidates(world, &mut self.places, &self.reach, &from, &mut moves);
        for &(to, kind) in &moves {
            if !self.within(known, &from, &to, kind) {
                place.frontier = true;
                continue;
            }
            let (step, cost) = self.check(world, &from, to, kind);
            work += cost;
            if let Some(step) = step
                && let Some(edge) = Edge::new(from.cell, to.cell, kind, step.ticks)
            {
                cluster.steps.push(edge);
            }
        }
        place.work = u32::try_from(work).unwrap_or(u32::MAX);
        place.reads = NearBox::new(cell, joined(world.take(), self.places.take_read()));
        cluster.places.push(place);
        work
    }

    /// Every place in `column` from `heights.0` to `heights.1`, lowest first.
    /// Only cells that could be one are asked: not a whole cube, and, for
    /// a body no wider than its column, with something solid below them
    /// that may hold it up (what [`super::standing::standing_in`] answers
    /// first, read here a column at a time).
    fn find_places<W: BlockSource>(
        &mut self,
        world: &W,
        column: IVec2,
        (lowest, highest): (i32, i32),
        blocks: &mut Vec<BlockId>,
        out: &mut Vec<Place>,
    ) {
        let registry = world.registry();
        let reach = registry.reach();
        #[allow(clippy::cast_possible_truncation)] // a box reaches a few blocks out
        let depth = (1.0 + reach.above.y).floor() as i32;
        let narrow = self.reach.size.x <= 1.0
            && self.reach.size.z <= 1.0
            && reach.below.x <= 0.0
            && reach.below.z <= 0.0
            && reach.above.x <= 0.0
            && reach.above.z <= 0.0;
        let bottom = lowest - depth;
        world.read_blocks(
            IVec3::new(column.x, bottom, column.y),
            IVec3::new(column.x, highest, column.y),
            blocks,
        );
        let mut loose = false;
        let region = Aabb::new(
            DVec3::new(f64::from(column.x), f64::from(bottom), f64::from(column.y)),
            DVec3::new(
                f64::from(column.x) + 1.0,
                f64::from(highest) + 1.0,
                f64::from(column.y) + 1.0,
            ),
        );
        world.for_each_loose_box(&region, &mut |_| loose = true);
        let skip_air = narrow && !loose;
        for y in lowest..=highest {
            #[allow(clippy::cast_sign_loss)] // from the bottom up
            let i = (y - bottom) as usize;
            if whole_cube(registry.collision_shape(blocks[i])) {
                continue;
            }
            #[allow(clippy::cast_sign_loss)]
            let below = i - depth as usize;
            // The top of water may hold a place afloat with nothing solid
            // under it (the highest cell's above is not read: asked).
            let afloat_maybe = water(registry, blocks[i])
                && blocks
                    .get(i + 1)
                    .is_none_or(|&above| !water(registry, above));
            if skip_air && !held_up(registry, &blocks[below..=i]) && !afloat_maybe {
                continue;
            }
            let cell = IVec3::new(column.x, y, column.y);
            if let Some(standing) = self.places.at(world, cell) {
                out.push(Place {
                    y,
                    steps_from: 0,
                    feet_y: standing.feet.y,
                    afloat: standing.afloat,
                    work: 0,
                    frontier: false,
                    reads: NearBox::new(IVec3::ZERO, None),
                });
            }
        }
    }
}

/// Whether any of `blocks` (a column's cells from the lowest whose boxes
/// reach into a cell, up to the cell) collides.
fn held_up(registry: &BlockRegistry, blocks: &[BlockId]) -> bool {
    blocks.iter().any(|&b| registry.is_solid(b))
}

/// Whether `block` is water, where a body may be afloat.
fn water(registry: &BlockRegistry, block: BlockId) -> bool {
    block != BlockId::AIR
        && registry
            .behaviour(block)
            .liquid
            .is_some_and(|l| l.kind == LiquidKind::Water)
}
