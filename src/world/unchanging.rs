//! A game's own storage, declared unchanging behind a shared borrow, so that
//! a simulation may keep copies of the cells around each body.

use glam::IVec3;

use super::BlockSource;
use super::coords::{CHUNK_EDGE, chunk_of};
use crate::block::{BlockId, BlockRegistry};
use crate::geometry::Aabb;

/// Wraps a storage whose cells never change while it is borrowed shared (no
/// `Cell`, `RefCell` or locks behind `block`): the promise
/// [`BlockSource::cells_can_be_copied`] asks for. With it a
/// [`Simulation`](crate::controller::Simulation) answers each body's reads
/// from a copy of the cells around it, as it does on [`World`](super::World).
/// Every method is the storage's; cells are visited in `World`'s order, by
/// the storage's own visitor where it says it visits so
/// ([`BlockSource::visits_in_chunk_order`]) and cell by cell in that order
/// otherwise, so the answers are `World`'s to the bit either way.
///
/// ```
/// use voxwalk::glam::IVec3;
/// use voxwalk::block::{BlockId, BlockRegistry};
/// use voxwalk::world::{BlockSource, Unchanging};
///
/// struct Floor(BlockRegistry);
/// impl BlockSource for Floor {
///     fn block(&self, cell: IVec3) -> BlockId {
///         if cell.y < 0 { BlockId::STONE } else { BlockId::AIR }
///     }
///     fn registry(&self) -> &BlockRegistry {
///         &self.0
///     }
/// }
/// let floor = Unchanging(Floor(BlockRegistry::built_in().as_ref().clone()));
/// assert!(floor.cells_can_be_copied());
/// assert!(floor.is_solid_at(IVec3::new(3, -1, 3)));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Unchanging<S>(pub S);

impl<S: BlockSource> BlockSource for Unchanging<S> {
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
        true
    }

    fn cells_can_be_copied(&self) -> bool {
        true
    }

    /// The storage's own visitor where it visits in `World`'s order (and
    /// says so), else the cells in that order, asked one by one.
    #[inline]
    fn for_each_solid_in<F: FnMut(IVec3, &[Aabb])>(&self, lo: IVec3, hi: IVec3, mut visit: F) {
        if self.0.visits_in_chunk_order() {
            self.0.for_each_solid_in(lo, hi, visit);
        } else {
            visit_chunk_by_chunk(self, lo, hi, &mut visit);
        }
    }

    fn for_each_solid_in_dyn(&self, lo: IVec3, hi: IVec3, visit: &mut dyn FnMut(IVec3, &[Aabb])) {
        if self.0.visits_in_chunk_order() {
            self.0.for_each_solid_in_dyn(lo, hi, visit);
        } else {
            visit_chunk_by_chunk(self, lo, hi, visit);
        }
    }

    fn for_each_loose_box(&self, region: &Aabb, visit: &mut dyn FnMut(&Aabb)) {
        self.0.for_each_loose_box(region, visit);
    }
}

/// The solid cells of `lo..=hi` in `World`'s order: chunks of 16³ in x, y,
/// z order, the cells of each in x, y, z order.
fn visit_chunk_by_chunk<S: BlockSource + ?Sized>(
    source: &S,
    lo: IVec3,
    hi: IVec3,
    visit: &mut dyn FnMut(IVec3, &[Aabb]),
) {
    if lo.cmpgt(hi).any() {
        return;
    }
    let (first, last) = (chunk_of(lo), chunk_of(hi));
    for cx in first.x..=last.x {
        for cy in first.y..=last.y {
            for cz in first.z..=last.z {
                let base = IVec3::new(cx, cy, cz) * CHUNK_EDGE;
                let (from, to) = (lo.max(base), hi.min(base + IVec3::splat(CHUNK_EDGE - 1)));
                for x in from.x..=to.x {
                    for y in from.y..=to.y {
                        for z in from.z..=to.z {
                            let cell = IVec3::new(x, y, z);
                            let shape = source.shape_at(cell);
                            if !shape.is_empty() {
                                visit(cell, shape);
                            }
                        }
                    }
                }
            }
        }
    }
}
