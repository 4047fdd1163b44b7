//! What a liquid cell does to a body besides holding it: where its surface
//! is, and the way it flows (Minecraft 1.21.7: `FluidState.getHeight`,
//! `FlowingFluid.getFlow`, `Entity.updateFluidHeightAndDoFluidPushing`).
//!
//! A current is the flow of every liquid cell the body reaches into,
//! averaged per kind and scaled by the liquid's push (Minecraft's water
//! 0.014 a tick, lava 0.0023333, or 0.007 in an ultra-warm dimension), with
//! Minecraft's least push for a body nearly at rest. Liquids do not spread:
//! the flow is read from the levels the world holds.

use glam::{DVec3, IVec3};

use crate::block::{BlockId, Liquid, LiquidKind};
use crate::world::BlockSource;

/// The least push a body nearly at rest is given, a tick.
const LEAST_PUSH: f64 = 0.004_500_000_000_000_000_5;
/// Below this horizontal speed on both axes, a tick, the least push applies.
const AT_REST: f64 = 0.003;
/// Under this depth a cell's flow is scaled by the depth.
const SHALLOW: f64 = 0.4;
/// `FlowingFluid.getFlow`'s full height of a liquid one level down.
const FULL_OWN_HEIGHT: f32 = 0.888_888_9;

/// The four horizontal directions in Minecraft's order (`Direction.Plane.HORIZONTAL`:
/// north, east, south, west).
const HORIZONTAL: [IVec3; 4] = [IVec3::NEG_Z, IVec3::X, IVec3::Z, IVec3::NEG_X];

/// The liquid in `cell`, if any.
fn liquid_at<W: BlockSource>(world: &W, cell: IVec3) -> Option<Liquid> {
    let id = world.block(cell);
    if id == BlockId::AIR {
        return None;
    }
    world.registry().behaviour(id).liquid
}

/// Where `liquid`'s surface in `cell` is, in world height
/// (`(float) y + FluidState.getHeight`, summed in single precision as the
/// client sums it): the top of the cell where the same kind of liquid lies
/// above, its own height otherwise.
pub(crate) fn surface<W: BlockSource>(world: &W, cell: IVec3, liquid: Liquid) -> f64 {
    let same_above = liquid_at(world, cell + IVec3::Y).is_some_and(|l| l.kind == liquid.kind);
    let height = if same_above {
        1.0
    } else {
        liquid.own_height() as f32
    };
    #[allow(clippy::cast_precision_loss)] // as the client does
    f64::from(cell.y as f32 + height)
}

/// The direction `liquid` in `cell` flows, of length 1 or 0
/// (`FlowingFluid.getFlow`): towards lower neighbours of its kind and open
/// cells over them, down a falling liquid's side where a wall stands beside
/// it.
pub(crate) fn flow<W: BlockSource>(world: &W, cell: IVec3, liquid: Liquid) -> DVec3 {
    let own = liquid.own_height() as f32;
    let affects = |l: Option<Liquid>| l.is_none_or(|l| l.kind == liquid.kind);
    let height = |l: Option<Liquid>| l.map_or(0.0, |l| l.own_height() as f32);
    let (mut x, mut z) = (0.0_f64, 0.0_f64);
    for step in HORIZONTAL {
        let beside = cell + step;
        let there = liquid_at(world, beside);
        if !affects(there) {
            continue;
        }
        let mut drop = 0.0_f32;
        let f = height(there);
        if f == 0.0 {
            let below = liquid_at(world, beside - IVec3::Y);
            let open = world.shape_at(beside).is_empty();
            if open && affects(below) && height(below) > 0.0 {
                drop = own - (height(below) - FULL_OWN_HEIGHT);
            }
        } else if f > 0.0 {
            drop = own - f;
        }
        if drop != 0.0 {
            #[allow(clippy::cast_precision_loss)] // -1, 0 or 1
            {
                x += f64::from(step.x as f32 * drop);
                z += f64::from(step.z as f32 * drop);
            }
        }
    }
    let mut flow = DVec3::new(x, 0.0, z);
    if liquid.level >= 8 {
        let walled = HORIZONTAL.iter().any(|&step| {
            solid_face(world, cell + step, step, liquid)
                || solid_face(world, cell + step + IVec3::Y, step, liquid)
        });
        if walled {
            flow = normalize(flow) + DVec3::new(0.0, -6.0, 0.0);
        }
    }
    normalize(flow)
}

/// `Vec3.normalize`: zero under 1e-5 long.
fn normalize(v: DVec3) -> DVec3 {
    let length = v.length();
    if length < 1.0e-5 {
        DVec3::ZERO
    } else {
        v / length
    }
}

/// `FlowingFluid.isSolidFace`: the block at `cell` has a whole face on its
/// side `towards` (its boxes cover it), is not the same liquid, and is not
/// marked [`no_waterfall_wall`](crate::block::Behaviour::no_waterfall_wall)
/// (ice).
fn solid_face<W: BlockSource>(world: &W, cell: IVec3, towards: IVec3, liquid: Liquid) -> bool {
    let id = world.block(cell);
    let behaviour = world.registry().behaviour(id);
    if behaviour.no_waterfall_wall || behaviour.liquid.is_some_and(|l| l.kind == liquid.kind) {
        return false;
    }
    let axis = if towards.x != 0 { 0 } else { 2 };
    let other = 2 - axis;
    world.shape_at(cell).iter().any(|b| {
        let at_face = if towards[axis] > 0 {
            b.min[axis] <= 0.0
        } else {
            b.max[axis] >= 1.0
        };
        at_face && b.min.y <= 0.0 && b.max.y >= 1.0 && b.min[other] <= 0.0 && b.max[other] >= 1.0
    })
}

/// The flows of the liquid cells a body reaches into, per kind, as
/// `updateFluidHeightAndDoFluidPushing` sums them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Currents {
    water: Flows,
    lava: Flows,
}

/// One kind's flows: their sum, how many cells, and the strongest push of
/// those cells (in Minecraft one a kind, as the dimension sets lava's).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Flows {
    sum: DVec3,
    count: u32,
    push: f64,
}

impl Currents {
    /// Counts one cell of `liquid` flowing along `flow`, scaled by the
    /// kind's `depth` so far where that is under 0.4.
    pub(crate) fn add(&mut self, liquid: Liquid, flow: DVec3, depth: f64) {
        let flow = if depth < SHALLOW { flow * depth } else { flow };
        let flows = match liquid.kind {
            LiquidKind::Water => &mut self.water,
            LiquidKind::Lava => &mut self.lava,
        };
        flows.sum += flow;
        flows.count += 1;
        flows.push = flows.push.max(liquid.push);
    }

    /// What the currents add to a momentum of `per_tick` (blocks a tick), a
    /// tick, water's push then lava's: for a player (`normalised` false) or
    /// for any other entity, whose averaged flow is normalised first (a
    /// ball, as Minecraft pushes an item).
    pub(crate) fn push_as(&self, per_tick: DVec3, normalised: bool) -> DVec3 {
        let mut moving = per_tick;
        for Flows {
            sum,
            count,
            push: strength,
        } in [self.water, self.lava]
        {
            if sum.length() > 0.0 {
                let mut push = sum * (1.0 / f64::from(count.max(1)));
                if normalised {
                    push = normalize(push);
                }
                let mut push = push * strength;
                if moving.x.abs() < AT_REST
                    && moving.z.abs() < AT_REST
                    && push.length() < LEAST_PUSH
                {
                    push = normalize(push) * LEAST_PUSH;
                }
                moving += push;
            }
        }
        moving - per_tick
    }
}

/// The liquids a box reaches into, cell by cell, as
/// `updateFluidHeightAndDoFluidPushing` counts them: the deepest surface of
/// each kind over the box's bottom, and the cells' flows.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Reach {
    /// How far the highest water-kind surface lies over the box's bottom.
    pub(crate) water: f64,
    /// The same for lava.
    pub(crate) lava: f64,
    currents: Currents,
}

impl Reach {
    /// Counts `liquid` in `cell` if the box (`lo`..`hi`, already shrunk by
    /// 0.001) reaches below its surface: the cells from the floor of the low
    /// corner up to, not including, the ceiling of the high one. The depth
    /// of this cell's surface over the box's bottom, if it counted.
    pub(crate) fn count<W: BlockSource>(
        &mut self,
        world: &W,
        cell: IVec3,
        liquid: Liquid,
        (lo, hi): (DVec3, DVec3),
    ) -> Option<f64> {
        if !cell.as_dvec3().cmplt(hi).all() {
            return None;
        }
        let depth = surface(world, cell, liquid) - lo.y;
        if depth < 0.0 {
            return None;
        }
        let deepest = match liquid.kind {
            LiquidKind::Water => &mut self.water,
            LiquidKind::Lava => &mut self.lava,
        };
        *deepest = deepest.max(depth);
        self.currents
            .add(liquid, flow(world, cell, liquid), *deepest);
        Some(depth)
    }

    /// What the currents counted add to a momentum of `per_tick` (blocks a
    /// tick), a tick ([`Currents::push_as`]).
    pub(crate) fn push(&self, per_tick: DVec3, normalised: bool) -> DVec3 {
        self.currents.push_as(per_tick, normalised)
    }
}

/// What the liquids do to a box that is not a body's (a ball's): the
/// deepest water-kind and lava-kind depth it reaches, and the currents'
/// push on it a tick, normalised as for any entity but a player.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Immersion {
    pub(crate) water: f64,
    pub(crate) lava: f64,
    pub(crate) push: DVec3,
}

/// The [`Immersion`] of `aabb` moving at `per_tick` (blocks a tick).
pub(crate) fn immersion<W: BlockSource>(
    world: &W,
    aabb: &crate::geometry::Aabb,
    per_tick: DVec3,
) -> Immersion {
    let inside = (aabb.min + 0.001, aabb.max - 0.001);
    let (first, last) = (
        crate::world::cell_containing(inside.0),
        crate::world::cell_containing(inside.1),
    );
    if !world.may_hold_behaviours(first, last) {
        return Immersion::default();
    }
    let mut reach = Reach::default();
    for x in first.x..=last.x {
        for y in first.y..=last.y {
            for z in first.z..=last.z {
                let cell = IVec3::new(x, y, z);
                if let Some(liquid) = liquid_at(world, cell) {
                    reach.count(world, cell, liquid, inside);
                }
            }
        }
    }
    Immersion {
        water: reach.water,
        lava: reach.lava,
        push: reach.push(per_tick, true),
    }
}
