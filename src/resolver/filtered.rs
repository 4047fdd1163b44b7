//! A world seen through a filter: only the blocks on some collision layers,
//! or that a test on their type accepts, or (for a query) passable blocks
//! such as water by their outline. The resolver, the controller and the
//! queries run on it as on any world.

use glam::IVec3;

use super::TOUCH_TOLERANCE;
use crate::block::DEFAULT_LAYERS;
use crate::block::{BlockId, BlockRegistry, BlockType};
use crate::geometry::Aabb;
use crate::world::{BlockSource, visit_cell_by_cell};

/// What a passable block without boxes (water) takes up: its cell.
const WHOLE_CELL: [Aabb; 1] = [Aabb {
    min: glam::DVec3::ZERO,
    max: glam::DVec3::ONE,
}];

/// Which blocks count, for a body's moves or a query.
///
/// ```
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::resolver::{CollisionFilter, Filtered, cast_ray};
/// use voxwalk::block::BlockId;
/// use voxwalk::world::World;
///
/// let mut world = World::new();
/// world.set_block(IVec3::new(3, 0, 0), BlockId::WATER);
/// world.set_block(IVec3::new(6, 0, 0), BlockId::STONE);
/// let from = DVec3::new(0.5, 0.5, 0.5);
/// // Water stops no ray: the stone is hit.
/// let hit = cast_ray(&world, from, DVec3::X, 20.0).unwrap().unwrap();
/// assert_eq!(hit.block, IVec3::new(6, 0, 0));
/// // Only liquids, passable ones included: the water is.
/// let liquids = CollisionFilter {
///     passable: true,
///     blocks: Some(&|t| t.properties.number("liquid_drag").is_some()),
///     ..CollisionFilter::ALL
/// };
/// let hit = cast_ray(&Filtered::new(&world, liquids), from, DVec3::X, 20.0).unwrap().unwrap();
/// assert_eq!(hit.block, IVec3::new(3, 0, 0));
/// ```
#[derive(Clone, Copy)]
pub struct CollisionFilter<'a> {
    /// The collision layers a block must share a bit with to count (its
    /// `collision_layers` property; layer 0 unless said).
    pub mask: u32,
    /// Count passable blocks too, by their outline (flowers) or, without
    /// one, as their whole cell (water): a ray that picks liquids.
    pub passable: bool,
    /// A further test on the block's type; `None` accepts every type.
    pub blocks: Option<&'a dyn Fn(&BlockType) -> bool>,
    /// A body's feet, for one-way blocks: one counts only while its top is
    /// not above them. `None` (a query) counts one-way blocks as solid.
    pub feet: Option<f64>,
    /// The body sneaks: one-way blocks that let a sneaking body down
    /// (`sneak_through`, scaffolding) do not count. Only with `feet`.
    pub descending: bool,
}

impl std::fmt::Debug for CollisionFilter<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CollisionFilter")
            .field("mask", &self.mask)
            .field("passable", &self.passable)
            .field("blocks", &self.blocks.map(|_| "a test"))
            .field("feet", &self.feet)
            .field("descending", &self.descending)
            .finish()
    }
}

impl CollisionFilter<'_> {
    /// Every solid block, as an unfiltered world has them.
    pub const ALL: CollisionFilter<'static> = CollisionFilter {
        mask: u32::MAX,
        passable: false,
        blocks: None,
        feet: None,
        descending: false,
    };

    /// Whether a body on this filter may meet every block of `registry` as
    /// the world has it, so that it needs no filter.
    #[must_use]
    pub fn lets_all_through(&self, registry: &BlockRegistry) -> bool {
        !self.passable
            && self.blocks.is_none()
            && self.mask & DEFAULT_LAYERS != 0
            && !registry.has_collision_filters()
    }
}

/// `world` with only the blocks `filter` lets count.
#[derive(Clone, Copy, Debug)]
pub struct Filtered<'w, W> {
    world: &'w W,
    filter: CollisionFilter<'w>,
}

impl<'w, W: BlockSource> Filtered<'w, W> {
    /// `world` through `filter`.
    pub fn new(world: &'w W, filter: CollisionFilter<'w>) -> Self {
        Filtered { world, filter }
    }

    /// The same, for a body that sneaks (`descending`) or not.
    #[must_use]
    pub fn descending(mut self, descending: bool) -> Self {
        self.filter.descending = descending;
        self
    }

    /// The boxes of the block `id` in `cell` as the filter has them.
    #[inline]
    fn shape_of(&self, cell: IVec3, id: BlockId) -> &[Aabb] {
        shape_through(self.world.registry(), &self.filter, cell, id)
    }
}

/// The boxes of the block `id` in `cell`, from `registry`, as `filter` has
/// them: none on a layer outside its mask, none for a one-way block above
/// its feet, none for a type its test refuses, the outline or whole cell of
/// a passable block where it counts those.
#[inline]
fn shape_through<'r>(
    registry: &'r BlockRegistry,
    filter: &CollisionFilter<'_>,
    cell: IVec3,
    id: BlockId,
) -> &'r [Aabb] {
    let behaviour = registry.behaviour(id);
    if behaviour.layers & filter.mask == 0 {
        return &[];
    }
    let mut shape = registry.collision_shape(id);
    if shape.is_empty() && filter.passable && id != BlockId::AIR {
        shape = registry.outline(id);
        if shape.is_empty() {
            // A liquid has no boxes: it fills its cell.
            shape = &WHOLE_CELL;
        }
    }
    if shape.is_empty() {
        return shape;
    }
    if let Some(test) = filter.blocks
        && !registry.get(id).is_some_and(test)
    {
        return &[];
    }
    if behaviour.one_way
        && let Some(feet) = filter.feet
    {
        if behaviour.sneak_through && filter.descending {
            return &[];
        }
        let top = shape.iter().map(|b| b.max.y).fold(f64::MIN, f64::max);
        if f64::from(cell.y) + top > feet + TOUCH_TOLERANCE {
            return &[];
        }
    }
    shape
}

impl<W: BlockSource> BlockSource for Filtered<'_, W> {
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
        self.shape_of(cell, self.world.block(cell))
    }

    #[inline]
    fn may_hold_behaviours(&self, lo: IVec3, hi: IVec3) -> bool {
        self.world.may_hold_behaviours(lo, hi)
    }

    #[inline]
    fn is_solid_at(&self, cell: IVec3) -> bool {
        !self.shape_at(cell).is_empty()
    }

    fn read_blocks(&self, lo: IVec3, hi: IVec3, out: &mut Vec<BlockId>) {
        self.world.read_blocks(lo, hi, out);
    }

    fn lowest_block(&self) -> Option<i32> {
        self.world.lowest_block()
    }

    /// The world's order, passable blocks aside (those are asked cell by
    /// cell, in x, y, z order).
    fn visits_in_chunk_order(&self) -> bool {
        !self.filter.passable && self.world.visits_in_chunk_order()
    }

    /// The world's solid cells the filter keeps, in the world's order;
    /// passable ones too when the filter counts them (cell by cell).
    #[inline]
    fn for_each_solid_in<F: FnMut(IVec3, &[Aabb])>(&self, lo: IVec3, hi: IVec3, mut visit: F) {
        if self.filter.passable {
            // The world visits only its solid cells; water is not one.
            visit_cell_by_cell(self, lo, hi, &mut visit);
            return;
        }
        self.world.for_each_solid_in(lo, hi, |cell, _| {
            let shape = self.shape_at(cell);
            if !shape.is_empty() {
                visit(cell, shape);
            }
        });
    }

    fn for_each_solid_in_dyn(&self, lo: IVec3, hi: IVec3, visit: &mut dyn FnMut(IVec3, &[Aabb])) {
        self.for_each_solid_in(lo, hi, visit);
    }
}
