//! The world as one body meets it: the one view every move made for a body
//! reads, whoever makes the move.
//!
//! A body may stand legally inside a block it passes (a fence on a layer
//! outside its mask, a one-way plank it is jumping up through). A move made
//! for it through any other view (the plain world, or the world with every
//! mover) finds it stuck and pushes it out: the pops, falls through movers
//! and lifts through roofs this type exists to rule out. So the functions on
//! a body's path (its tick, the edge guard, steps, snap, pose changes, the
//! pushes of other bodies and of movers, the ground probe when it is added,
//! [`room_to_stand`](super::room_to_stand)) take a [`BodyView`], and a
//! `BodyView` is made only from a body.

use glam::IVec3;

use super::{Body, Pose};
use crate::block::{BlockId, BlockRegistry};
use crate::geometry::Aabb;
use crate::movers::{Movers, WithMovers};
use crate::resolver::{CollisionFilter, Filtered};
use crate::world::BlockSource;

/// `world`, and its movers, through one body's collision filter: blocks and
/// mover blocks on the layers its mask meets, one-way blocks only where
/// their top is not above its feet.
#[derive(Clone, Copy)]
pub(crate) struct BodyView<'a, W> {
    world: &'a W,
    /// The world through the body's mask and feet; `None` when the filter
    /// can leave no block of this world out, so the world's own reads (and
    /// fast paths) answer as they are.
    blocks: Option<Filtered<'a, W>>,
    /// The movers, through the same filter; `None` when there are none.
    movers: Option<WithMovers<'a, W>>,
}

impl<W> std::fmt::Debug for BodyView<'_, W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BodyView")
            .field("filters_blocks", &self.blocks.is_some())
            .field("movers", &self.movers)
            .finish_non_exhaustive()
    }
}

impl<'a, W: BlockSource> BodyView<'a, W> {
    /// The world and `movers` as `body` meets them where it is now.
    pub(crate) fn of(world: &'a W, movers: Option<&'a Movers>, body: &Body) -> Self {
        Self::with_feet(world, movers, body, body.aabb.min.y)
    }

    /// As [`BodyView::of`], one-way blocks judged from feet at `feet` (a
    /// tick judges them from where it started).
    pub(crate) fn with_feet(
        world: &'a W,
        movers: Option<&'a Movers>,
        body: &Body,
        feet: f64,
    ) -> Self {
        let filter = CollisionFilter {
            mask: body.collision_mask,
            feet: Some(feet),
            descending: body.pose == Pose::Sneaking,
            ..CollisionFilter::ALL
        };
        BodyView {
            world,
            blocks: (!filter.lets_all_through(world.registry()))
                .then(|| Filtered::new(world, filter)),
            movers: movers
                .filter(|m| !m.is_empty())
                .map(|m| WithMovers::new(world, m).filtered(&filter)),
        }
    }

    /// The same view for a body that sneaks this tick (`descending`: its
    /// keys, which a tick reads before its pose follows them) or not.
    pub(crate) fn descending(mut self, descending: bool) -> Self {
        self.blocks = self.blocks.map(|b| b.descending(descending));
        self.movers = self.movers.map(|m| m.descending(descending));
        self
    }

    /// Reads inside `covered` look only at the movers in the slots `near`.
    pub(crate) fn near(mut self, near: &'a [u32], covered: Aabb) -> Self {
        self.movers = self.movers.map(|m| m.near(near, covered));
        self
    }

    /// Leaves the mover in `slot` out (the one pushing the body).
    pub(crate) fn except(mut self, slot: usize) -> Self {
        self.movers = self.movers.map(|m| m.except(slot));
        self
    }

    /// Calls `visit` with the slot and world box of every mover box the body
    /// meets that overlaps or touches `region`, mover by mover in slot order.
    #[inline]
    pub(crate) fn for_each_mover_box(&self, region: &Aabb, visit: impl FnMut(usize, Aabb)) {
        if let Some(movers) = &self.movers {
            movers.for_each_mover_box(region, visit);
        }
    }
}

impl<W: BlockSource> BlockSource for BodyView<'_, W> {
    #[inline]
    fn block(&self, cell: IVec3) -> BlockId {
        self.world.block(cell)
    }

    #[inline]
    fn registry(&self) -> &BlockRegistry {
        self.world.registry()
    }

    #[inline]
    fn shape_at(&self, cell: IVec3) -> &[Aabb] {
        match &self.blocks {
            Some(filtered) => filtered.shape_at(cell),
            None => self.world.shape_at(cell),
        }
    }

    #[inline]
    fn may_hold_behaviours(&self, lo: IVec3, hi: IVec3) -> bool {
        self.world.may_hold_behaviours(lo, hi)
    }

    #[inline]
    fn is_solid_at(&self, cell: IVec3) -> bool {
        match &self.blocks {
            Some(filtered) => filtered.is_solid_at(cell),
            None => self.world.is_solid_at(cell),
        }
    }

    fn read_blocks(&self, lo: IVec3, hi: IVec3, out: &mut Vec<BlockId>) {
        self.world.read_blocks(lo, hi, out);
    }

    fn lowest_block(&self) -> Option<i32> {
        self.world.lowest_block()
    }

    /// The world's solid cells the body meets, in the world's order, then
    /// the mover boxes it meets, as [`WithMovers`] hands them.
    #[inline]
    fn for_each_solid_in<F: FnMut(IVec3, &[Aabb])>(&self, lo: IVec3, hi: IVec3, mut visit: F) {
        match &self.blocks {
            Some(filtered) => filtered.for_each_solid_in(lo, hi, &mut visit),
            None => self.world.for_each_solid_in(lo, hi, &mut visit),
        }
        if let Some(movers) = &self.movers {
            movers.visit_mover_boxes_in(lo, hi, &mut visit);
        }
    }

    fn for_each_solid_in_dyn(&self, lo: IVec3, hi: IVec3, visit: &mut dyn FnMut(IVec3, &[Aabb])) {
        self.for_each_solid_in(lo, hi, visit);
    }

    fn for_each_loose_box(&self, region: &Aabb, visit: &mut dyn FnMut(&Aabb)) {
        self.for_each_mover_box(region, |_, aabb| visit(&aabb));
    }
}
