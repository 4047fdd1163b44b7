//! What the blocks around a body do to it this tick: the ground's grip, speed,
//! jump and bounce, and whether it climbs, swims or is stuck.
//!
//! Read as Minecraft reads them (`Entity` and `LivingEntity`, 1.21.7): the
//! ground is the block [`GROUND_PROBE`] under the middle of the feet
//! (`getBlockPosBelowThatAffectsMyMovement`), its speed and jump factors
//! give way to the block at the feet where that has its own
//! (`getBlockSpeedFactor`, `getBlockJumpFactor`), climbing needs a climbable
//! block where the feet are, and liquids and cobwebs act on a body whose box
//! reaches into them. This is the one place that reads blocks for what they
//! do to a body; `rules` and `momentum` turn what it finds into motion.

use glam::{DVec3, IVec3};

use super::Body;
use super::inside_cells::cells_along_move;
use super::liquid_cells::Reach;
use super::settings::minecraft;
use crate::block::{Behaviour, Liquid, LiquidKind};
use crate::world::BlockSource;

/// How far under the middle of the feet the ground is: Minecraft's
/// `getBlockPosBelowThatAffectsMyMovement` looks 0.5000001 down, so a body on
/// a carpet or a bottom slab feels the block beneath it, and a body
/// resting a contact gap above a floor feels the floor.
pub const GROUND_PROBE: f64 = 0.500_000_1;
/// How far a body's box is shrunk before asking which cells it is inside, so
/// a body that only touches a liquid's surface or a cobweb's side is not in it.
const INSIDE_MARGIN: f64 = 1e-3;

/// The behaviours acting on one body at the start of a tick.
#[derive(Clone, Copy, Debug, PartialEq)]
#[allow(clippy::struct_excessive_bools)] // one answer each, as the client asks them
pub(crate) struct Surroundings {
    /// The block underfoot (its slipperiness counts when the body stands,
    /// its bounce when it lands).
    pub ground: Behaviour,
    /// Share of horizontal momentum kept through the move (soul sand, honey).
    pub speed_factor: f64,
    /// Share of the jump speed.
    pub jump_factor: f64,
    /// On a climbable block.
    pub climbing: bool,
    /// On a climbable block a sneaking body slides down (scaffolding,
    /// `sneak_through`): sneaking does not hold it (`handleOnClimbable`).
    pub slides_sneaking: bool,
    /// In a liquid: the liquid whose rules move the body. Water's kind
    /// first, as Minecraft asks `isInWater` before `isInLava`; of several
    /// of a kind, the one with the strongest drag.
    pub liquid: Option<Liquid>,
    /// How far the highest surface of a water-kind liquid the body reaches
    /// into lies above the bottom of its box, less 0.001
    /// (`getFluidHeight(WATER)`); 0 out of water.
    pub water_height: f64,
    /// The same for lava (`getFluidHeight(LAVA)`).
    pub lava_height: f64,
    /// What the liquids' currents add to the body's momentum this
    /// Minecraft tick, in blocks a tick (`updateFluidHeightAndDoFluidPushing`).
    pub current: DVec3,
    /// In a cobweb: the smallest shares of motion of those it reaches into.
    pub stuck: Option<[f64; 2]>,
    /// The cell at the feet holds water, whatever its surface
    /// (`getFluidState(blockPosition).is(WATER)`): where a swim may start.
    pub feet_in_water: bool,
    /// The cell 0.9 above the feet holds a liquid: a swimmer looking up
    /// still turns towards its look there (`Player.travel`).
    pub liquid_at_chest: bool,
    /// A swimmer lying flat whose swim ends this tick crouches: a crouch
    /// fits where it is and standing does not, or sneak is held and a crouch
    /// fits (`LocalPlayer.crouching`, read before the pose is updated). Set
    /// by the tick for swimmers only.
    pub crouches_after_swim: bool,
}

impl Surroundings {
    /// Plain ground, open air.
    pub const NONE: Surroundings = Surroundings {
        ground: Behaviour::PLAIN,
        speed_factor: 1.0,
        jump_factor: 1.0,
        climbing: false,
        slides_sneaking: false,
        liquid: None,
        water_height: 0.0,
        lava_height: 0.0,
        current: DVec3::ZERO,
        stuck: None,
        feet_in_water: false,
        liquid_at_chest: false,
        crouches_after_swim: false,
    };

    /// What acts on `body` where it is; `None` when nothing does (plain
    /// ground, open air), which is what a tick on plain terrain carries
    /// along: a word, not the whole struct. A world that says no cell around
    /// the body may hold a behaviour ([`BlockSource::may_hold_behaviours`])
    /// costs one question and no cell reads.
    #[inline]
    pub fn around<W: BlockSource>(world: &W, body: &Body) -> Option<Surroundings> {
        // Most worlds, and most of any world, hold no behaviour block: ask
        // before working out where to look.
        if !world.may_hold_behaviours(IVec3::MIN, IVec3::MAX) {
            return None;
        }
        let found = Self::search(world, body);
        (!found.is_none()).then_some(found)
    }

    #[inline(never)]
    fn search<W: BlockSource>(world: &W, body: &Body) -> Surroundings {
        let b = body.aabb;
        let centre = b.center();
        let under = DVec3::new(centre.x, b.min.y - GROUND_PROBE, centre.z);
        let feet = feet_cell(&b);
        // `getY() + 1.0 - 0.1`, rounded as the client rounds it.
        let chest = DVec3::new(centre.x, b.min.y + 1.0 - 0.1, centre.z);
        let inside_lo = b.min + INSIDE_MARGIN;
        let inside_hi = b.max - INSIDE_MARGIN;
        let lo = cell_of(inside_lo.min(under));
        let hi = cell_of(inside_hi.max(under).max(chest));
        if !world.may_hold_behaviours(lo, hi) {
            return Surroundings::NONE;
        }
        let registry = world.registry();
        let mut out = Surroundings::NONE;
        out.ground = *registry.behaviour(world.block(cell_of(under)));
        let at_feet = registry.behaviour(world.block(feet));
        out.climbing = at_feet.climbable;
        out.slides_sneaking = at_feet.climbable && at_feet.sneak_through;
        out.feet_in_water = at_feet.liquid.is_some_and(|l| l.kind == LiquidKind::Water);
        out.liquid_at_chest = registry
            .behaviour(world.block(cell_of(chest)))
            .liquid
            .is_some();
        out.speed_factor = own_or_ground(at_feet, &out.ground, |b| b.speed_factor);
        out.jump_factor = own_or_ground(at_feet, &out.ground, |b| b.jump_factor);
        let (lo, hi) = (cell_of(inside_lo), cell_of(inside_hi));
        let mut reach = Reach::default();
        for x in lo.x..=hi.x {
            for y in lo.y..=hi.y {
                for z in lo.z..=hi.z {
                    let cell = IVec3::new(x, y, z);
                    let id = world.block(cell);
                    let behaviour = registry.behaviour(id);
                    if !behaviour.acts_inside() {
                        continue;
                    }
                    if let Some(liquid) = behaviour.liquid {
                        out.reach_liquid(world, cell, liquid, (inside_lo, inside_hi), &mut reach);
                    }
                    if behaviour.stuck.is_none() || (behaviour.stuck_at_feet && cell != feet) {
                        continue;
                    }
                    // Inside its outline where it has one (a cobweb's
                    // boxes), else anywhere in the cell.
                    let origin = cell.as_dvec3();
                    let outline = registry.outline(id);
                    let reaches = outline.is_empty()
                        || outline.iter().any(|o| {
                            let o = o.translated(origin);
                            o.min.cmplt(inside_hi).all() && inside_lo.cmplt(o.max).all()
                        });
                    if !reaches {
                        continue;
                    }
                    if let Some([h, v]) = behaviour.stuck {
                        out.stuck = Some(match out.stuck {
                            None => [h, v],
                            Some([h0, v0]) => [h0.min(h), v0.min(v)],
                        });
                    }
                }
            }
        }
        out.water_height = reach.water;
        out.lava_height = reach.lava;
        out.current = reach.push(body.momentum / minecraft::TICKS, false);
        out
    }

    /// Counts `liquid` in `cell` in `reach` ([`Reach::count`]: the box,
    /// already shrunk by 0.001, below its surface) and, if it counted, takes
    /// it as the body's medium where its rules win.
    fn reach_liquid<W: BlockSource>(
        &mut self,
        world: &W,
        cell: IVec3,
        liquid: Liquid,
        inside: (DVec3, DVec3),
        reach: &mut Reach,
    ) {
        let Some(depth) = reach.count(world, cell, liquid, inside) else {
            return;
        };
        // Water's rules win over lava's; within a kind, the strongest drag.
        let better = match self.liquid {
            None => liquid.kind == LiquidKind::Water || depth > 0.0,
            Some(held) if held.kind == liquid.kind => liquid.drag < held.drag,
            Some(_) => liquid.kind == LiquidKind::Water,
        };
        if better {
            self.liquid = Some(liquid);
        }
    }

    /// Whether the body is in water (`isInWater`): its box reaches below the
    /// surface of a water-kind liquid.
    #[inline]
    pub fn in_water(&self) -> bool {
        self.liquid.is_some_and(|l| l.kind == LiquidKind::Water)
    }

    /// Whether the body is in lava (`isInLava`: its lava height above 0).
    #[inline]
    pub fn in_lava(&self) -> bool {
        self.lava_height > 0.0
    }

    /// Whether nothing acts on the body (plain ground, open air): the tick
    /// then takes the path it took before behaviours existed.
    #[inline]
    pub fn is_none(&self) -> bool {
        !self.climbing
            && self.liquid.is_none()
            && self.current == DVec3::ZERO
            && self.stuck.is_none()
            && self.ground.is_plain()
            && self.speed_factor == 1.0
            && self.jump_factor == 1.0
    }
}

/// The cell at the middle of a body's feet (`Entity.blockPosition`): what it
/// climbs, and the first place its speed and jump factors are read.
#[inline]
fn feet_cell(aabb: &crate::geometry::Aabb) -> IVec3 {
    let c = aabb.center();
    cell_of(DVec3::new(c.x, aabb.min.y, c.z))
}

/// What the liquids' currents push `body` by where it is, in blocks per
/// second gained each 1/20 s (`updateFluidHeightAndDoFluidPushing`); zero
/// out of liquids and in still ones. For showing a current: the tick applies
/// it itself.
///
/// ```
/// use voxwalk::controller::{current_on, Body};
/// use voxwalk::glam::DVec3;
/// use voxwalk::world::World;
/// let body = Body::new(DVec3::new(0.5, 1.0, 0.5), Body::DEFAULT_SIZE).unwrap();
/// assert_eq!(current_on(&World::new(), &body), DVec3::ZERO);
/// ```
#[must_use]
pub fn current_on<W: BlockSource>(world: &W, body: &Body) -> DVec3 {
    Surroundings::around(world, body).map_or(DVec3::ZERO, |a| a.current * minecraft::TICKS)
}

/// The cell whose block is the ground of a body with box `aabb`.
#[inline]
#[must_use]
pub fn ground_cell(aabb: &crate::geometry::Aabb) -> IVec3 {
    let c = aabb.center();
    cell_of(DVec3::new(c.x, aabb.min.y - GROUND_PROBE, c.z))
}

/// The factor of the block at the feet where it has one of its own (water's
/// is its own, 1; lava's is the ground's, as Minecraft asks for water and
/// bubble columns only), else the ground's (`Entity.getBlockSpeedFactor`,
/// `LivingEntity.getBlockJumpFactor`): soul sand slows a body standing in
/// its top, a carpet on soul sand does not stop it slowing one.
fn own_or_ground(at_feet: &Behaviour, ground: &Behaviour, factor: fn(&Behaviour) -> f64) -> f64 {
    let water = at_feet.liquid.is_some_and(|l| l.kind == LiquidKind::Water);
    if water || factor(at_feet) != 1.0 {
        factor(at_feet)
    } else {
        factor(ground)
    }
}

/// The speed factor a body with box `aabb` moves with, read where it is
/// (Minecraft reads it inside `move`, where the move ended).
pub(crate) fn speed_factor_at<W: BlockSource>(world: &W, aabb: &crate::geometry::Aabb) -> f64 {
    let feet = feet_cell(aabb);
    let under = ground_cell(aabb);
    if !world.may_hold_behaviours(under, feet) {
        return 1.0;
    }
    let registry = world.registry();
    let at_feet = registry.behaviour(world.block(feet));
    let ground = registry.behaviour(world.block(under));
    own_or_ground(at_feet, ground, |b| b.speed_factor)
}

/// Whether a body with box `aabb` is on a climbable block: the block at the
/// middle of its feet (`LivingEntity.onClimbable`).
pub(crate) fn on_climbable<W: BlockSource>(world: &W, aabb: &crate::geometry::Aabb) -> bool {
    let feet = feet_cell(aabb);
    world.may_hold_behaviours(feet, feet) && world.registry().behaviour(world.block(feet)).climbable
}

/// Whether any cell `aabb` reaches into holds a liquid (Minecraft's
/// `containsAnyLiquid`, which keeps a swimmer's ledge exit from lifting it
/// along a wall under water): the cells from the floor of its low corner up
/// to, not including, the ceiling of its high one, so a box that ends on a
/// cell's side does not count that cell.
pub(crate) fn holds_liquid<W: BlockSource>(world: &W, aabb: &crate::geometry::Aabb) -> bool {
    let (lo, hi) = (cell_of(aabb.min), cell_of(aabb.max.ceil() - 1.0));
    if !world.may_hold_behaviours(lo, hi) {
        return false;
    }
    let registry = world.registry();
    for x in lo.x..=hi.x {
        for y in lo.y..=hi.y {
            for z in lo.z..=hi.z {
                let id = world.block(IVec3::new(x, y, z));
                if registry.behaviour(id).liquid.is_some() {
                    return true;
                }
            }
        }
    }
    false
}

/// A tick's vertical velocity (blocks a tick) after the bubble columns the
/// move from box `start` to box `end` took the body into
/// (`Entity.applyEffectsFromBlocks`, [`cells_along_move`];
/// `BubbleColumnBlock.entityInside`): each column cell pushes in turn, a top
/// cell (nothing above it that stops a body or holds a liquid) as
/// `onAboveBubbleColumn`, the others as `onInsideBubbleColumn`.
pub(crate) fn bubbled<W: BlockSource>(
    world: &W,
    (start, end): (&crate::geometry::Aabb, &crate::geometry::Aabb),
    vertical: f64,
) -> f64 {
    let (lo, hi) = (
        cell_of(start.min.min(end.min)),
        cell_of(start.max.max(end.max)),
    );
    if !world.may_hold_behaviours(lo, hi) {
        return vertical;
    }
    let registry = world.registry();
    let mut vertical = vertical;
    cells_along_move(start, end, |cell| {
        let Some(column) = registry.behaviour(world.block(cell)).bubble_column else {
            return;
        };
        let above = cell + IVec3::Y;
        let in_top = world.shape_at(above).is_empty()
            && registry.behaviour(world.block(above)).liquid.is_none();
        vertical = column.pushed(vertical, in_top);
    });
    vertical
}

/// A tick's momentum (blocks a tick, after its gravity and drag) after the
/// sides the box `aabb` slides down (`HoneyBlock.entityInside`, the box
/// shrunk by 1e-5): a body off the ground, its feet no higher than 1/16
/// under the block's top, falling faster than 0.08 a tick before this
/// tick's gravity and drag (`getOldDeltaY`), and pressed into the cell's
/// side (its middle more than 7/16 and half its width from the cell's
/// middle), is slowed to a fall of 0.05 a tick, its sideways momentum by
/// the same share where it fell faster than 0.13. `gravity` and `drag` are
/// the tick's (a tick of 1/20 s).
pub(crate) fn wall_slid<W: BlockSource>(
    world: &W,
    aabb: &crate::geometry::Aabb,
    momentum: DVec3,
    (gravity, drag): (f64, f64),
) -> DVec3 {
    const INSIDE: f64 = 1e-5;
    let (lo, hi) = (cell_of(aabb.min + INSIDE), cell_of(aabb.max - INSIDE));
    if !world.may_hold_behaviours(lo, hi) {
        return momentum;
    }
    let registry = world.registry();
    let before = |y: f64| y / drag + gravity;
    let centre = aabb.center();
    #[allow(clippy::cast_possible_truncation)] // the client's float width
    let reach = 0.4375 + f64::from((aabb.max.x - aabb.min.x) as f32 / 2.0);
    let mut momentum = momentum;
    for x in lo.x..=hi.x {
        for y in lo.y..=hi.y {
            for z in lo.z..=hi.z {
                let cell = IVec3::new(x, y, z);
                if !registry.behaviour(world.block(cell)).wall_slide {
                    continue;
                }
                let side = (f64::from(x) + 0.5 - centre.x).abs() + 1e-7 > reach
                    || (f64::from(z) + 0.5 - centre.z).abs() + 1e-7 > reach;
                let low = aabb.min.y <= f64::from(y) + 0.9375 - 1e-7;
                let old = before(momentum.y);
                if !(side && low && old < -0.08) {
                    continue;
                }
                if old < -0.13 {
                    let share = -0.05 / old;
                    momentum.x *= share;
                    momentum.z *= share;
                }
                momentum.y = (-0.05 - gravity) * drag;
            }
        }
    }
    momentum
}

/// The cell holding `p`; `floor` is a call into the maths library on
/// baseline x86-64, and this runs a few times every tick near behaviours.
#[inline]
fn cell_of(p: DVec3) -> IVec3 {
    crate::world::cell_containing(p)
}
