//! The cells around a body, copied out of the world: what its next ticks read.
//!
//! With many bodies spread over a large world, a tick's cost is mostly waiting
//! for memory: each body reads its chunks' cells, and the next body's chunks
//! are somewhere else. A walking body reads nearly the same few cells tick
//! after tick, so the [`super::Simulation`] keeps a copy of the cells around
//! each body beside it and answers the body's reads from there, refreshing
//! the copy when the body nears its edge, or when the world may have changed.

use glam::{DVec3, IVec3};

use crate::block::{BlockId, BlockRegistry};
use crate::geometry::Aabb;
use crate::resolver::CellRange;
use crate::world::{BlockSource, CHUNK_EDGE, chunk_of};

/// How far around the body's box the copy reaches, in blocks, beyond how far
/// block shapes reach out of their cells: a walking body (a fifth of a block
/// a tick) keeps one copy for several ticks.
const KEPT_AROUND: DVec3 = DVec3::new(1.5, 1.5, 1.5);

/// How much of the copy must lie around the body's box for a tick to use it:
/// the reads of a walking or jumping tick (its move, step-up, ground probe
/// and surroundings) then fall inside.
const NEEDED_AROUND: DVec3 = DVec3::new(0.5, 1.0, 0.5);

/// The world's cells `lo..=hi` as they were when copied.
#[derive(Clone, Debug)]
pub(crate) struct CellCopy {
    cells: CellRange,
    /// The [`super::Simulation`]'s count of mutable borrows of its world when
    /// the copy was taken: a copy from before the latest is stale.
    epoch: u64,
    /// Whether the world said some cell of the range may hold a behaviour.
    behaviours: bool,
    /// The blocks, x slowest and z fastest.
    blocks: Vec<BlockId>,
}

impl Default for CellCopy {
    /// A copy of nothing, which every tick refreshes.
    fn default() -> Self {
        Self {
            cells: CellRange {
                lo: IVec3::ONE,
                hi: IVec3::ZERO,
            },
            epoch: 0,
            behaviours: false,
            blocks: Vec::new(),
        }
    }
}

impl CellCopy {
    /// Makes the copy hold the cells a tick of a body at `aabb` is likely to
    /// read, copying them again from `world` when the body has neared the
    /// edge of the last copy or `epoch` says the world may have changed.
    pub fn refresh<W: BlockSource>(&mut self, world: &W, aabb: &Aabb, epoch: u64) {
        let reach = world.registry().reach();
        let needed = around(aabb, NEEDED_AROUND, &reach);
        if epoch == self.epoch && needed.is_some_and(|n| self.holds(&n)) {
            return;
        }
        let Some(kept) = around(aabb, KEPT_AROUND, &reach) else {
            // A body near the edge of the coordinates reads the world itself.
            *self = Self::default();
            return;
        };
        self.copy(world, kept, epoch, aabb.size());
    }

    /// Copies the cells `kept` from `world`. (Apart from `refresh`: it runs
    /// once in several ticks, and the check that runs every tick stays small.)
    #[inline(never)]
    fn copy<W: BlockSource>(&mut self, world: &W, kept: CellRange, epoch: u64, body: DVec3) {
        if self.blocks.capacity() == 0 {
            // Room for the largest range a box of this size can need, so the
            // copy never moves: the copies of a crowd stay in the order their
            // bodies were added, and a tick walks them in that order.
            let reach = world.registry().reach();
            let cells = (body + 2.0 * KEPT_AROUND + reach.above + reach.below + 2.0).as_uvec3();
            self.blocks
                .reserve_exact(cells.x as usize * cells.y as usize * cells.z as usize);
        }
        world.read_blocks(kept.lo, kept.hi, &mut self.blocks);
        self.cells = kept;
        self.epoch = epoch;
        // The world's "maybe", narrowed by the cells in hand: a storage with
        // no index of its own (the default answers for the whole registry)
        // spares its bodies the look around as `World` does, and the answer
        // can only turn from "maybe" to "no" where no copied cell acts.
        let registry = world.registry();
        self.behaviours = world.may_hold_behaviours(kept.lo, kept.hi)
            && self
                .blocks
                .iter()
                .any(|&id| !registry.behaviour(id).is_plain());
    }

    /// The same copy in storage of its own, as large as this one's: copies
    /// laid anew one after another lie in memory in that order.
    pub fn relaid(&self) -> Self {
        let mut blocks = Vec::with_capacity(self.blocks.capacity());
        blocks.extend_from_slice(&self.blocks);
        Self { blocks, ..*self }
    }

    /// Whether the copy holds every cell of `range`.
    #[inline]
    fn holds(&self, range: &CellRange) -> bool {
        range.lo.cmpge(self.cells.lo).all() && range.hi.cmple(self.cells.hi).all()
    }

    /// Where `cell` sits in `blocks`, if the copy holds it.
    #[inline]
    fn index_of(&self, cell: IVec3) -> Option<usize> {
        let at = cell - self.cells.lo;
        let size = self.cells.hi - self.cells.lo + IVec3::ONE;
        if at.cmplt(IVec3::ZERO).any() || at.cmpge(size).any() {
            return None;
        }
        Some(((at.x * size.y + at.y) * size.z + at.z) as usize)
    }
}

/// The cells whose blocks could reach into `aabb` grown by `margin`, or
/// `None` where that would leave the range the resolver works in.
fn around(aabb: &Aabb, margin: DVec3, reach: &crate::block::ShapeReach) -> Option<CellRange> {
    let grown = Aabb::new(aabb.min - margin, aabb.max + margin);
    let limit = crate::resolver::limits::MAX_COORDINATE;
    (grown.min.abs().max(grown.max.abs()).max_element() < limit)
        .then(|| CellRange::covering(&grown, reach))
}

/// A world read through a body's [`CellCopy`]: reads inside the copy come
/// from it, the others from the world. Answers exactly what the world does,
/// as long as the copy is fresh (see [`BlockSource::cells_can_be_copied`]).
pub(crate) struct CopiedCells<'a, W: ?Sized> {
    pub world: &'a W,
    pub copy: &'a CellCopy,
}

impl<W: BlockSource> BlockSource for CopiedCells<'_, W> {
    #[inline]
    fn block(&self, cell: IVec3) -> BlockId {
        match self.copy.index_of(cell) {
            Some(index) => self.copy.blocks[index],
            None => self.world.block(cell),
        }
    }

    #[inline]
    fn registry(&self) -> &BlockRegistry {
        self.world.registry()
    }

    #[inline]
    fn lowest_block(&self) -> Option<i32> {
        self.world.lowest_block()
    }

    /// The world's answer for the whole copy where the range lies inside it:
    /// a "maybe" never changes what is found, only whether cells are read.
    #[inline]
    fn may_hold_behaviours(&self, lo: IVec3, hi: IVec3) -> bool {
        if self.copy.holds(&CellRange { lo, hi }) {
            self.copy.behaviours
        } else {
            self.world.may_hold_behaviours(lo, hi)
        }
    }

    /// In `World`'s order: chunk by chunk, the cells of each in x, y, z order.
    #[allow(clippy::range_plus_one)]
    #[inline]
    fn for_each_solid_in<F: FnMut(IVec3, &[crate::geometry::Aabb])>(
        &self,
        lo: IVec3,
        hi: IVec3,
        mut visit: F,
    ) {
        let copy = self.copy;
        if !copy.holds(&CellRange { lo, hi }) {
            self.world.for_each_solid_in(lo, hi, visit);
            return;
        }
        let registry = self.world.registry();
        let size = copy.cells.hi - copy.cells.lo + IVec3::ONE;
        let (first, last) = (chunk_of(lo), chunk_of(hi));
        for cx in first.x..last.x + 1 {
            for cy in first.y..last.y + 1 {
                for cz in first.z..last.z + 1 {
                    let base = IVec3::new(cx, cy, cz) * CHUNK_EDGE;
                    let (from, to) = (lo.max(base), hi.min(base + IVec3::splat(CHUNK_EDGE - 1)));
                    for x in from.x..to.x + 1 {
                        for y in from.y..to.y + 1 {
                            let at = IVec3::new(x, y, from.z) - copy.cells.lo;
                            let row = (at.x * size.y + at.y) as usize;
                            let first = row * size.z as usize + at.z as usize;
                            let width = (to.z - from.z + 1) as usize;
                            let ids = &copy.blocks[first..first + width];
                            for (z, &id) in (from.z..).zip(ids) {
                                let shape = registry.collision_shape(id);
                                if !shape.is_empty() {
                                    visit(IVec3::new(x, y, z), shape);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::World;

    /// Blocks of every kind (fence posts reaching out of their cells, water,
    /// slabs) scattered over four chunks' corner, so ranges cross chunk edges.
    fn scattered(seed: u64) -> World {
        let mut world = World::new();
        let ids = [
            BlockId::STONE,
            BlockId::SLAB,
            BlockId::POST,
            BlockId::WATER,
            BlockId::TOP_SLAB,
        ];
        let mut h = seed;
        for x in 10..22 {
            for y in -3..5 {
                for z in 10..22 {
                    h = h.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    if (h >> 60) < 6 {
                        world.set_block(IVec3::new(x, y, z), ids[(h >> 33) as usize % ids.len()]);
                    }
                }
            }
        }
        world
    }

    fn visits<W: BlockSource>(w: &W, lo: IVec3, hi: IVec3) -> Vec<(IVec3, Vec<Aabb>)> {
        let mut out = Vec::new();
        w.for_each_solid_in(lo, hi, |cell, shape| out.push((cell, shape.to_vec())));
        out
    }

    proptest::proptest! {
        /// Inside the copy or not, reads through it are the world's: the same
        /// blocks, the same solids in the same order, and a "maybe" for
        /// behaviours wherever a cell holds one.
        #[test]
        fn reads_through_a_copy_are_the_worlds(
            seed in 0u64..1_000,
            feet in proptest::array::uniform3(8.0f64..24.0),
            corner in proptest::array::uniform3(7i32..25),
            extent in proptest::array::uniform3(0i32..5),
        ) {
            let world = scattered(seed);
            let feet = DVec3::from_array(feet) - DVec3::Y * 12.0;
            let body = Aabb::from_feet(feet, DVec3::new(0.6, 1.8, 0.6));
            let mut copy = CellCopy::default();
            copy.refresh(&world, &body, 1);
            let copied = CopiedCells { world: &world, copy: &copy };
            let lo = IVec3::from_array(corner) - IVec3::Y * 12;
            let hi = lo + IVec3::from_array(extent);
            proptest::prop_assert_eq!(visits(&copied, lo, hi), visits(&world, lo, hi));
            for x in lo.x..=hi.x {
                for y in lo.y..=hi.y {
                    for z in lo.z..=hi.z {
                        let cell = IVec3::new(x, y, z);
                        proptest::prop_assert_eq!(copied.block(cell), world.block(cell));
                    }
                }
            }
            let acting = (lo.x..=hi.x).any(|x| {
                (lo.y..=hi.y).any(|y| {
                    (lo.z..=hi.z).any(|z| {
                        !world.registry().behaviour(world.block(IVec3::new(x, y, z))).is_plain()
                    })
                })
            });
            if acting {
                proptest::prop_assert!(copied.may_hold_behaviours(lo, hi));
            }
        }
    }

    #[test]
    fn a_copy_is_kept_while_the_body_stays_and_taken_again_when_it_leaves_or_the_world_changes() {
        let world = scattered(7);
        let body = Aabb::from_feet(DVec3::new(15.5, 0.0, 15.5), DVec3::new(0.6, 1.8, 0.6));
        let mut copy = CellCopy::default();
        copy.refresh(&world, &body, 1);
        let first = copy.cells;
        copy.refresh(&world, &body.translated(DVec3::X * 0.5), 1);
        assert_eq!(copy.cells, first, "half a block: still inside");
        copy.refresh(&world, &body.translated(DVec3::X * 2.0), 1);
        assert_ne!(copy.cells, first, "two blocks: copied again");
        let moved = copy.cells;
        copy.refresh(&world, &body.translated(DVec3::X * 2.0), 2);
        assert_eq!(
            (copy.cells, copy.epoch),
            (moved, 2),
            "a new epoch copies again"
        );
    }

    #[test]
    fn worlds_read_regions_as_cell_by_cell_reads_do() {
        let world = scattered(3);
        let by_cell = |cell: IVec3| world.block(cell);
        let (lo, hi) = (IVec3::new(9, -4, 14), IVec3::new(33, 2, 17));
        let (mut fast, mut slow) = (Vec::new(), Vec::new());
        world.read_blocks(lo, hi, &mut fast);
        by_cell.read_blocks(lo, hi, &mut slow);
        assert_eq!(fast, slow);
        assert_eq!(fast.len(), 25 * 7 * 4);
    }
}
