//! A world with movers in it, as the resolver, the controller and the
//! queries read it: the world's blocks, then the movers' boxes where they
//! are.

use glam::IVec3;

use super::Movers;
use super::set::touches;
use crate::block::{BlockId, BlockRegistry};
use crate::geometry::Aabb;
use crate::resolver::{CollisionFilter, TOUCH_TOLERANCE};
use crate::world::{BlockSource, cell_containing};

/// `world` with the boxes of `movers` in it.
///
/// A mover's box is at a place of its own, not in a cell, so it is handed
/// to a visit of [`BlockSource::for_each_solid_in`] as one box in the cell
/// holding its lowest corner, after the world's blocks of the region: the
/// resolver and every query that reads boxes see it. Reads by cell
/// ([`BlockSource::block`], [`BlockSource::shape_at`]) are the world's.
///
/// ```
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::geometry::Aabb;
/// use voxwalk::movers::{Mover, Movers};
/// use voxwalk::resolver::move_box;
/// use voxwalk::block::{BlockId, BlockRegistry};
/// use voxwalk::world::World;
///
/// let mut movers = Movers::new();
/// let registry = BlockRegistry::built_in();
/// // A slab platform floating half way between cells.
/// movers.add(Mover::new(registry, [(IVec3::ZERO, BlockId::SLAB)], DVec3::new(0.0, 2.25, 0.0)).unwrap()).unwrap();
/// let world = World::new();
/// let body = Aabb::from_feet(DVec3::new(0.5, 5.0, 0.5), DVec3::new(0.6, 1.8, 0.6));
/// let fall = move_box(&movers.around(&world), body, DVec3::new(0.0, -10.0, 0.0)).unwrap();
/// assert!((fall.end.min.y - 2.75).abs() < 1e-6); // on the slab's top
/// ```
#[derive(Clone, Copy)]
pub struct WithMovers<'a, W> {
    world: &'a W,
    movers: &'a Movers,
    /// The movers near one body (slots), and the region they cover: a read
    /// inside it looks only at these; one outside looks at every mover.
    near: Option<(&'a [u32], Aabb)>,
    /// A mover left out: the one pushing a body, whose boxes move with it.
    except: Option<usize>,
    /// Which of the movers' blocks count for a body: the layers it meets,
    /// and its feet for one-way blocks; `None` counts them all.
    filter: Option<(u32, Option<f64>, bool)>,
}

impl<W> std::fmt::Debug for WithMovers<'_, W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WithMovers")
            .field("movers", &self.movers.len())
            .field("except", &self.except)
            .finish_non_exhaustive()
    }
}

impl<'a, W: BlockSource> WithMovers<'a, W> {
    /// `world` with every mover's boxes.
    pub fn new(world: &'a W, movers: &'a Movers) -> Self {
        WithMovers {
            world,
            movers,
            near: None,
            except: None,
            filter: None,
        }
    }

    /// Reads inside `covered` look only at the movers in the slots `near`.
    pub(crate) fn near(mut self, near: &'a [u32], covered: Aabb) -> Self {
        self.near = Some((near, covered));
        self
    }

    /// Leaves the mover in `slot` out.
    pub(crate) fn except(mut self, slot: usize) -> Self {
        self.except = Some(slot);
        self
    }

    /// Counts only the movers' blocks a body's `filter` keeps (its layer
    /// mask and feet; a test on types is for queries, which filter the world
    /// they hand in).
    pub(crate) fn filtered(mut self, filter: &CollisionFilter<'_>) -> Self {
        self.filter = Some((filter.mask, filter.feet, filter.descending));
        self
    }

    /// The same filter, for a body that sneaks (`descending`) or not.
    pub(crate) fn descending(mut self, descending: bool) -> Self {
        if let Some(filter) = &mut self.filter {
            filter.2 = descending;
        }
        self
    }

    /// Calls `visit` with the slot and world box of every mover box that
    /// overlaps or touches `region`, mover by mover in slot order.
    #[inline]
    pub(crate) fn for_each_mover_box(&self, region: &Aabb, mut visit: impl FnMut(usize, Aabb)) {
        let registry = self.world.registry();
        let mut look = |slot: usize| {
            if self.except == Some(slot) {
                return;
            }
            let Some(mover) = self.movers.in_slot(slot) else {
                return;
            };
            if !touches(&mover.bounds(), region) {
                return;
            }
            for (aabb, block) in mover.boxes_near(mover.position(), region) {
                if touches(&aabb, region) && self.keeps(registry, block, &aabb) {
                    visit(slot, aabb);
                }
            }
        };
        match self.near {
            Some((near, covered)) if contains(&covered, region) => {
                for &slot in near {
                    look(slot as usize);
                }
            }
            _ => (0..self.movers.slot_count()).for_each(look),
        }
    }

    /// Hands each mover box reaching into the cells `lo..=hi` to `visit` as
    /// one box in the cell holding its lowest corner.
    #[inline]
    pub(crate) fn visit_mover_boxes_in(
        &self,
        lo: IVec3,
        hi: IVec3,
        visit: &mut impl FnMut(IVec3, &[Aabb]),
    ) {
        let region = Aabb::new(lo.as_dvec3(), (hi + IVec3::ONE).as_dvec3());
        self.for_each_mover_box(&region, |_, aabb| {
            let anchor = cell_containing(aabb.min);
            let local = aabb.translated(-anchor.as_dvec3());
            visit(anchor, std::slice::from_ref(&local));
        });
    }

    #[inline]
    fn keeps(&self, registry: &BlockRegistry, block: BlockId, aabb: &Aabb) -> bool {
        self.filter.is_none_or(|(mask, feet, descending)| {
            meets(registry, (mask, feet, descending), block, aabb)
        })
    }
}

/// Whether a body of collision `mask`, its feet at `feet`, sneaking or not
/// (`descending`), meets the box `aabb` of a mover's `block`: the block is
/// on a layer of the mask, and is not a one-way block whose top is above
/// the feet or that a sneaking body passes down through.
#[inline]
pub(crate) fn meets(
    registry: &BlockRegistry,
    (mask, feet, descending): (u32, Option<f64>, bool),
    block: BlockId,
    aabb: &Aabb,
) -> bool {
    let behaviour = registry.behaviour(block);
    behaviour.layers & mask != 0
        && !(behaviour.one_way
            && feet.is_some_and(|feet| {
                aabb.max.y > feet + TOUCH_TOLERANCE || (behaviour.sneak_through && descending)
            }))
}

/// Whether `inner` lies inside `outer`.
#[inline]
fn contains(outer: &Aabb, inner: &Aabb) -> bool {
    outer.min.cmple(inner.min).all() && inner.max.cmple(outer.max).all()
}

impl<W: BlockSource> BlockSource for WithMovers<'_, W> {
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

    fn lowest_block(&self) -> Option<i32> {
        self.world.lowest_block()
    }

    /// The world's solid cells of `lo..=hi` in its order, then each mover
    /// box reaching into the cells, in the cell of its lowest corner.
    #[inline]
    fn for_each_solid_in<F: FnMut(IVec3, &[Aabb])>(&self, lo: IVec3, hi: IVec3, mut visit: F) {
        self.world.for_each_solid_in(lo, hi, &mut visit);
        self.visit_mover_boxes_in(lo, hi, &mut visit);
    }

    fn for_each_solid_in_dyn(&self, lo: IVec3, hi: IVec3, visit: &mut dyn FnMut(IVec3, &[Aabb])) {
        self.for_each_solid_in(lo, hi, visit);
    }

    /// The world's own loose boxes, then the movers' boxes.
    fn for_each_loose_box(&self, region: &Aabb, visit: &mut dyn FnMut(&Aabb)) {
        self.world.for_each_loose_box(region, visit);
        self.for_each_mover_box(region, |_, aabb| visit(&aabb));
    }
}
