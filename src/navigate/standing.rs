//! Where a body can stand: the nodes a plan is made of.

use glam::{DVec3, IVec3};
use rustc_hash::FxHashMap;

use super::read_box::{CellBox, ReadBox, joined};
use crate::block::{BlockId, LiquidKind};
use crate::controller::surface;
use crate::geometry::Aabb;
use crate::resolver::{CollisionFilter, Filtered, Resolver};
use crate::world::BlockSource;

/// A place a body stands: the cell its feet are in and where they rest,
/// in the middle of the cell's column; or a place afloat, where it treads
/// water.
///
/// A swimmer is never at rest: with jump held it bobs about the surface.
/// So a place afloat is the top cell of water too deep to stand in (no
/// place within it or the two cells below, as a swim step's rule has it),
/// with room above for the body; its `feet` are the water's surface in the
/// middle of the column, the height the body bobs about. A body has come
/// to one when it is in the liquid near the middle of its column with its
/// feet in its cell or the one below, where the bobbing has them.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Standing {
    /// The cell holding the feet (afloat: the top cell of the water).
    pub cell: IVec3,
    /// The feet: the middle of the cell across, at rest on what is under it
    /// (afloat: at the water's surface).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec3"))]
    pub feet: DVec3,
    /// Whether this is a place afloat, where the body treads water.
    pub afloat: bool,
}

impl Standing {
    /// Whether this is a place a plan could hold: finite feet in its
    /// cell's column (a place read back from a save is asked).
    #[cfg(feature = "serde")]
    pub(crate) fn in_range(&self) -> bool {
        let feet = self.feet;
        feet.is_finite()
            && feet.x.floor() == f64::from(self.cell.x)
            && feet.z.floor() == f64::from(self.cell.z)
    }
}

/// The places one search has looked at: each cell is asked once (a search
/// asks about the same cells again and again, from every neighbour).
#[derive(Debug)]
pub(crate) struct Places {
    resolver: Resolver,
    size: DVec3,
    /// The collision layers the body meets ([`Body::collision_mask`]):
    /// blocks on none of them are not there for it.
    ///
    /// [`Body::collision_mask`]: crate::controller::Body::collision_mask
    mask: u32,
    known: FxHashMap<IVec3, Option<Standing>>,
    /// While a cluster is built: the cells each answer read, and the box
    /// of those of every answer given since last taken, so that what a
    /// place's steps read is known though the answers are shared.
    reads: Option<(AnswersRead, Option<CellBox>)>,
    /// Where the body stands crouched, for a body whose crouch is lower
    /// than its standing height ([`Places::crouching`]).
    crouched: Option<Box<Places>>,
}

/// The cells each answer read.
type AnswersRead = FxHashMap<IVec3, Option<CellBox>>;

impl Places {
    /// No place looked at yet, for a body of `size` meeting the blocks of
    /// the collision layers in `mask`.
    pub(crate) fn new(size: DVec3, mask: u32) -> Places {
        Places {
            resolver: Resolver::new(),
            size,
            mask,
            known: FxHashMap::default(),
            reads: None,
            crouched: None,
        }
    }

    /// These places, and where the body stands crouched `height` high
    /// (none where that is not lower than its standing height).
    pub(crate) fn crouching(mut self, height: Option<f64>) -> Places {
        self.crouched = height.map(|height| {
            let size = DVec3::new(self.size.x, height, self.size.z);
            Box::new(Places::new(size, self.mask))
        });
        self
    }

    /// Whether the body crouches lower than it stands.
    pub(crate) fn crouches(&self) -> bool {
        self.crouched.is_some()
    }

    /// Where the body stands crouched in `cell`, if it can.
    pub(crate) fn crouched_at<W: BlockSource>(
        &mut self,
        world: &W,
        cell: IVec3,
    ) -> Option<Standing> {
        let found = self.crouched.as_mut()?.at(world, cell);
        // What the crouched answer read is read by this place's steps too.
        if let (Some((_, read)), Some(crouched)) = (&mut self.reads, &mut self.crouched) {
            *read = joined(*read, crouched.take_read());
        }
        found
    }

    /// Starts or stops noting what each answer read (forgetting every
    /// place either way).
    pub(crate) fn note_reads(&mut self, on: bool) {
        self.forget();
        self.reads = on.then(|| (FxHashMap::default(), None));
        if let Some(crouched) = &mut self.crouched {
            crouched.note_reads(on);
        }
    }

    /// The box of the cells read by every answer given since this was last
    /// asked, while noting reads.
    pub(crate) fn take_read(&mut self) -> Option<CellBox> {
        self.reads.as_mut().and_then(|(_, read)| read.take())
    }

    /// Forgets every place: the world may have changed since.
    pub(crate) fn forget(&mut self) {
        self.known.clear();
        if let Some((boxes, read)) = &mut self.reads {
            boxes.clear();
            *read = None;
        }
        if let Some(crouched) = &mut self.crouched {
            crouched.forget();
        }
    }

    /// Forgets every place and gives back the memory they took.
    pub(crate) fn release(&mut self) {
        self.known = FxHashMap::default();
        self.reads = None;
        if let Some(crouched) = &mut self.crouched {
            crouched.release();
        }
    }

    /// Where the body stands in `cell`, if it can ([`standing_in`]).
    pub(crate) fn at<W: BlockSource>(&mut self, world: &W, cell: IVec3) -> Option<Standing> {
        if let Some((boxes, read)) = &mut self.reads {
            if let Some(&known) = self.known.get(&cell) {
                *read = joined(*read, boxes.get(&cell).copied().flatten());
                return known;
            }
            let noted = ReadBox::new(world);
            let found = standing_for(&noted, &mut self.resolver, (self.size, self.mask), cell);
            let cells = noted.take();
            boxes.insert(cell, cells);
            *read = joined(*read, cells);
            self.known.insert(cell, found);
            return found;
        }
        if let Some(&known) = self.known.get(&cell) {
            return known;
        }
        let found = standing_for(world, &mut self.resolver, (self.size, self.mask), cell);
        self.known.insert(cell, found);
        found
    }
}

/// [`standing_in`] for a body meeting only the blocks of the collision
/// layers in `mask`: the others are air to it (a fence on a layer it
/// passes is stood in). One-way blocks are floors here, as they are to a
/// body whose feet are on them.
pub(crate) fn standing_for<W: BlockSource>(
    world: &W,
    resolver: &mut Resolver,
    (size, mask): (DVec3, u32),
    cell: IVec3,
) -> Option<Standing> {
    if mask == u32::MAX {
        return standing_in(world, resolver, size, cell)
            .or_else(|| afloat_in(world, resolver, size, cell));
    }
    let filter = CollisionFilter {
        mask,
        ..CollisionFilter::ALL
    };
    let world = Filtered::new(world, filter);
    standing_in(&world, resolver, size, cell).or_else(|| afloat_in(&world, resolver, size, cell))
}

/// Where a body of `size` treads water in `cell`, if it does: the cell is
/// the top of water (none above it), the body stands nowhere in it or the
/// two cells below (deeper than a walk along the bottom), and its box with
/// its feet at the surface meets no block. Lava is never a place: a plan
/// does not swim it.
pub(crate) fn afloat_in<W: BlockSource>(
    world: &W,
    resolver: &mut Resolver,
    size: DVec3,
    cell: IVec3,
) -> Option<Standing> {
    let water = |cell: IVec3| {
        let block = world.block(cell);
        if block == BlockId::AIR {
            return None;
        }
        world
            .registry()
            .behaviour(block)
            .liquid
            .filter(|l| l.kind == LiquidKind::Water)
    };
    let liquid = water(cell)?;
    if water(cell + IVec3::Y).is_some() {
        return None;
    }
    let bottom_within_reach =
        (1..=2).any(|down| standing_in(world, resolver, size, cell - IVec3::Y * down).is_some());
    if bottom_within_reach {
        return None;
    }
    let top = cell.as_dvec3() + DVec3::new(0.5, 0.0, 0.5);
    let feet = DVec3::new(top.x, surface(world, cell, liquid), top.z);
    let room = resolver
        .move_box(world, Aabb::from_feet(feet, size), DVec3::ZERO)
        .ok()?;
    room.depenetration.is_none().then_some(Standing {
        cell,
        feet,
        afloat: true,
    })
}

/// Where a body of `size` stands in `cell`, if it can: its box, centred on
/// the cell's column and lowered from the cell's top, comes to rest on
/// something with its feet still in the cell, and nowhere meets a block on
/// the way. Where a ceiling leaves no room for the box at the cell's top
/// (a tunnel two blocks high), it is lowered from the cell's bottom
/// instead, onto a floor level with it. `None` for a cell with no floor
/// within it, a cell filled to its top, or too little room above.
pub(crate) fn standing_in<W: BlockSource>(
    world: &W,
    resolver: &mut Resolver,
    size: DVec3,
    cell: IVec3,
) -> Option<Standing> {
    let top = cell.as_dvec3() + DVec3::new(0.5, 1.0, 0.5);
    let start = Aabb::from_feet(top, size);
    if filled_to_its_top(world, cell, &start) || nothing_to_stand_on(world, cell, &start) {
        return None;
    }
    let feet_y = match rest_from(world, resolver, start)? {
        Rest::On(y) => y,
        Rest::Blocked => match rest_from(world, resolver, Aabb::from_feet(top - DVec3::Y, size))? {
            Rest::On(y) => y,
            Rest::Blocked => return None,
        },
    };
    // Resting on the cell's own top belongs to the cell above.
    (feet_y.floor() as i32 == cell.y).then_some(Standing {
        cell,
        feet: DVec3::new(top.x, feet_y, top.z),
        afloat: false,
    })
}

/// What a box lowered from where it starts comes to.
enum Rest {
    /// It stops with its feet at this height.
    On(f64),
    /// It meets a block where it starts.
    Blocked,
}

/// Where the feet of a box at `start` come to rest lowered by up to a
/// block; `None` when nothing holds it up or the resolver cannot move it.
fn rest_from<W: BlockSource>(world: &W, resolver: &mut Resolver, start: Aabb) -> Option<Rest> {
    let probe = resolver.move_box(world, start, DVec3::ZERO).ok()?;
    if probe.depenetration.is_some() {
        return Some(Rest::Blocked);
    }
    let fall = resolver
        .move_box(world, start, DVec3::new(0.0, -1.0, 0.0))
        .ok()?;
    if !fall.blocked.y || fall.depenetration.is_some() {
        return None;
    }
    Some(Rest::On(fall.end.min.y))
}

/// Whether a box of `cell`'s block under the body's footprint (`start`, the
/// box at the cell's top) reaches the top of the cell: the body then comes
/// to rest at the top or higher, which is the cell above's place. Answers
/// what the resolver would, without its search for a way out of blocks the
/// box overlaps (most of a search's cells are in the ground).
fn filled_to_its_top<W: BlockSource>(world: &W, cell: IVec3, start: &Aabb) -> bool {
    let corner = cell.as_dvec3();
    world.shape_at(cell).iter().any(|b| {
        b.max.y >= 1.0
            && b.min.y < 1.0
            && corner.x + b.min.x < start.max.x
            && corner.x + b.max.x > start.min.x
            && corner.z + b.min.z < start.max.z
            && corner.z + b.max.z > start.min.z
    })
}

/// Whether no block can hold the body up within `cell`: none of the cells
/// whose boxes could reach under its footprint (`start`, the box at the
/// cell's top) with a top within the cell collides, and the world has no
/// loose boxes there. The other common answer (a cell in the open air),
/// without the resolver's two moves.
fn nothing_to_stand_on<W: BlockSource>(world: &W, cell: IVec3, start: &Aabb) -> bool {
    let reach = world.registry().reach();
    // A box of cell c spans c - below .. c + 1 + above on each axis.
    let lo = IVec3::new(
        (start.min.x - 1.0 - reach.above.x).floor() as i32,
        (f64::from(cell.y) - 1.0 - reach.above.y).ceil() as i32,
        (start.min.z - 1.0 - reach.above.z).floor() as i32,
    );
    let hi = IVec3::new(
        (start.max.x + reach.below.x).floor() as i32,
        cell.y,
        (start.max.z + reach.below.z).floor() as i32,
    );
    let mut loose = false;
    let region = Aabb::new(start.min - DVec3::Y, start.max);
    world.for_each_loose_box(&region, &mut |_| loose = true);
    !loose
        && (lo.y..=hi.y).all(|y| {
            (lo.x..=hi.x).all(|x| (lo.z..=hi.z).all(|z| !world.is_solid_at(IVec3::new(x, y, z))))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::block::BlockId;
    use crate::world::World;

    #[test]
    fn a_body_stands_over_a_floor_on_a_slab_and_not_in_a_wall() {
        let mut world = World::new();
        world.fill(IVec3::new(-2, 0, -2), IVec3::new(2, 0, 2), BlockId::STONE);
        world.set_block(IVec3::new(1, 1, 0), BlockId::SLAB);
        world.set_block(IVec3::new(-1, 1, 0), BlockId::STONE);
        let mut resolver = Resolver::new();
        let size = DVec3::new(0.6, 1.8, 0.6);
        let on_floor = standing_in(&world, &mut resolver, size, IVec3::new(0, 1, 0)).unwrap();
        assert!((on_floor.feet.y - 1.0).abs() < 1e-6);
        let on_slab = standing_in(&world, &mut resolver, size, IVec3::new(1, 1, 0)).unwrap();
        assert!((on_slab.feet.y - 1.5).abs() < 1e-6);
        assert!(standing_in(&world, &mut resolver, size, IVec3::new(-1, 1, 0)).is_none());
        // In mid-air there is nothing to stand on within the cell.
        assert!(standing_in(&world, &mut resolver, size, IVec3::new(0, 3, 0)).is_none());
    }

    #[test]
    fn a_body_stands_in_a_tunnel_two_high_and_not_in_one_lower() {
        let mut world = World::new();
        world.fill(IVec3::new(-2, 0, -2), IVec3::new(2, 0, 2), BlockId::STONE);
        world.fill(IVec3::new(-2, 3, -2), IVec3::new(2, 3, 2), BlockId::STONE);
        let mut resolver = Resolver::new();
        let size = DVec3::new(0.6, 1.8, 0.6);
        let cell = IVec3::new(0, 1, 0);
        let in_tunnel = standing_in(&world, &mut resolver, size, cell).unwrap();
        assert!((in_tunnel.feet.y - 1.0).abs() < 1e-6);
        // A slab on the floor leaves 1.5 blocks: too low.
        world.set_block(cell, BlockId::SLAB);
        assert!(standing_in(&world, &mut resolver, size, cell).is_none());
    }
}
