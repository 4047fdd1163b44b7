//! A world that notes the box of cells read through it: what a cluster of
//! the coarse layer was built from, so an edit outside that box is known
//! to leave the cluster as it is.

use std::cell::Cell;

use glam::IVec3;

use crate::block::{BlockId, BlockRegistry};
use crate::geometry::Aabb;
use crate::world::BlockSource;

/// A box of cells, its lowest and highest corners.
pub(super) type CellBox = (IVec3, IVec3);

/// The smallest box holding both.
pub(super) fn joined(a: Option<CellBox>, b: Option<CellBox>) -> Option<CellBox> {
    match (a, b) {
        (Some((a0, a1)), Some((b0, b1))) => Some((a0.min(b0), a1.max(b1))),
        (a, None) => a,
        (None, b) => b,
    }
}

/// Whether `cells` holds `cell`.
pub(super) fn holds(cells: Option<CellBox>, cell: IVec3) -> bool {
    cells.is_some_and(|(lo, hi)| cell.cmpge(lo).all() && cell.cmple(hi).all())
}

/// `world`, with the smallest box holding every cell read through it.
pub(super) struct ReadBox<'w, W> {
    world: &'w W,
    /// The lowest and highest cells read; `lo > hi` before the first.
    read: Cell<(IVec3, IVec3)>,
}

impl<'w, W: BlockSource> ReadBox<'w, W> {
    pub(super) fn new(world: &'w W) -> Self {
        ReadBox {
            world,
            read: Cell::new((IVec3::MAX, IVec3::MIN)),
        }
    }

    /// The box of cells read since it was made or last taken, if any, and
    /// a fresh start.
    pub(super) fn take(&self) -> Option<CellBox> {
        let (lo, hi) = self.read.replace((IVec3::MAX, IVec3::MIN));
        lo.cmple(hi).all().then_some((lo, hi))
    }

    /// Notes `lo..=hi` as read.
    pub(super) fn note(&self, lo: IVec3, hi: IVec3) {
        let (a, b) = self.read.get();
        self.read.set((a.min(lo), b.max(hi)));
    }

    /// The cells a box of `region` can be held up by or meet.
    #[allow(clippy::cast_possible_truncation)] // cells near a body
    fn note_region(&self, region: &Aabb) {
        let lo = region.min.floor().as_ivec3() - IVec3::ONE;
        let hi = region.max.floor().as_ivec3() + IVec3::ONE;
        self.note(lo, hi);
    }
}

impl<W: BlockSource> BlockSource for ReadBox<'_, W> {
    fn block(&self, cell: IVec3) -> BlockId {
        self.note(cell, cell);
        self.world.block(cell)
    }

    fn registry(&self) -> &BlockRegistry {
        self.world.registry()
    }

    fn shape_at(&self, cell: IVec3) -> &[Aabb] {
        self.note(cell, cell);
        self.world.shape_at(cell)
    }

    fn may_hold_behaviours(&self, lo: IVec3, hi: IVec3) -> bool {
        // A hint that spares reads, never a fact a build depends on.
        self.world.may_hold_behaviours(lo, hi)
    }

    fn is_solid_at(&self, cell: IVec3) -> bool {
        self.note(cell, cell);
        self.world.is_solid_at(cell)
    }

    fn read_blocks(&self, lo: IVec3, hi: IVec3, out: &mut Vec<BlockId>) {
        self.note(lo, hi);
        self.world.read_blocks(lo, hi, out);
    }

    fn lowest_block(&self) -> Option<i32> {
        self.world.lowest_block()
    }

    fn visits_in_chunk_order(&self) -> bool {
        self.world.visits_in_chunk_order()
    }

    fn cells_can_be_copied(&self) -> bool {
        self.world.cells_can_be_copied()
    }

    fn for_each_solid_in<F: FnMut(IVec3, &[Aabb])>(&self, lo: IVec3, hi: IVec3, mut visit: F) {
        self.note(lo, hi);
        self.world.for_each_solid_in_dyn(lo, hi, &mut visit);
    }

    fn for_each_solid_in_dyn(&self, lo: IVec3, hi: IVec3, visit: &mut dyn FnMut(IVec3, &[Aabb])) {
        self.note(lo, hi);
        self.world.for_each_solid_in_dyn(lo, hi, visit);
    }

    fn for_each_loose_box(&self, region: &Aabb, visit: &mut dyn FnMut(&Aabb)) {
        self.note_region(region);
        self.world.for_each_loose_box(region, visit);
    }
}
