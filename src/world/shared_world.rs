//! A world held by reference count: cloned in a moment, so that a thread
//! planning beside the simulation's step reads the same blocks the step
//! does, and edited in place between ticks once no other thread holds it.

use std::sync::Arc;

use glam::IVec3;

use super::BlockSource;
use crate::block::{BlockId, BlockRegistry};
use crate::geometry::Aabb;

/// A world of type `W` behind an [`Arc`]: a simulation over it
/// ([`Simulation::new`](crate::controller::Simulation::new)) hands out a
/// clone of its world (`sim.world().clone()`, no blocks copied) to a
/// thread that reads it while the step runs, as a crowd's planning does
/// ([`Crowd::inputs_beside`](crate::navigate::Crowd::inputs_beside)).
/// Edits go through [`SharedWorld::edit`], which copies the world only if
/// another clone is still alive (hand the clones back first).
///
/// ```
/// use voxwalk::block::BlockId;
/// use voxwalk::glam::IVec3;
/// use voxwalk::world::{BlockSource, SharedWorld, World};
///
/// let mut shared = SharedWorld::new(World::new());
/// shared.edit().set_block(IVec3::ZERO, BlockId::STONE);
/// let seen = shared.clone();
/// assert_eq!(seen.block(IVec3::ZERO), BlockId::STONE);
/// drop(seen);
/// shared.edit().set_block(IVec3::ZERO, BlockId::AIR); // no copy: the only holder
/// assert_eq!(shared.block(IVec3::ZERO), BlockId::AIR);
/// ```
#[derive(Debug, Default)]
pub struct SharedWorld<W>(Arc<W>);

impl<W> Clone for SharedWorld<W> {
    fn clone(&self) -> Self {
        SharedWorld(Arc::clone(&self.0))
    }
}

impl<W> SharedWorld<W> {
    /// `world`, held by reference count.
    pub fn new(world: W) -> Self {
        SharedWorld(Arc::new(world))
    }

    /// The world, to read.
    #[must_use]
    pub fn get(&self) -> &W {
        &self.0
    }
}

impl<W: Clone> SharedWorld<W> {
    /// The world, to edit: copied first if another clone of it is alive
    /// (which keeps reading the blocks as they were).
    pub fn edit(&mut self) -> &mut W {
        Arc::make_mut(&mut self.0)
    }
}

impl<W: BlockSource> BlockSource for SharedWorld<W> {
    #[inline]
    fn block(&self, cell: IVec3) -> BlockId {
        self.0.block(cell)
    }

    #[inline]
    fn registry(&self) -> &BlockRegistry {
        self.0.registry()
    }

    #[inline]
    fn shape_at(&self, cell: IVec3) -> &[Aabb] {
        self.0.shape_at(cell)
    }

    #[inline]
    fn may_hold_behaviours(&self, lo: IVec3, hi: IVec3) -> bool {
        self.0.may_hold_behaviours(lo, hi)
    }

    #[inline]
    fn is_solid_at(&self, cell: IVec3) -> bool {
        self.0.is_solid_at(cell)
    }

    fn read_blocks(&self, lo: IVec3, hi: IVec3, out: &mut Vec<BlockId>) {
        self.0.read_blocks(lo, hi, out);
    }

    fn lowest_block(&self) -> Option<i32> {
        self.0.lowest_block()
    }

    fn visits_in_chunk_order(&self) -> bool {
        self.0.visits_in_chunk_order()
    }

    /// As the world's: its cells change only through [`SharedWorld::edit`],
    /// a mutable borrow.
    fn cells_can_be_copied(&self) -> bool {
        self.0.cells_can_be_copied()
    }

    #[inline]
    fn for_each_solid_in<F: FnMut(IVec3, &[Aabb])>(&self, lo: IVec3, hi: IVec3, visit: F) {
        self.0.for_each_solid_in(lo, hi, visit);
    }

    fn for_each_solid_in_dyn(&self, lo: IVec3, hi: IVec3, visit: &mut dyn FnMut(IVec3, &[Aabb])) {
        self.0.for_each_solid_in_dyn(lo, hi, visit);
    }

    fn for_each_loose_box(&self, region: &Aabb, visit: &mut dyn FnMut(&Aabb)) {
        self.0.for_each_loose_box(region, visit);
    }
}
