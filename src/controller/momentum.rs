//! What a body keeps after its move: the momentum left by what stopped it,
//! slime's bounce and damping, soul sand read where the move ended, the
//! ledge exit and the ladder's lift ([`momentum_kept`]). The rules it moved
//! by are `rules.rs`.
//!
//! Each rule cites the method of the 1.21.7 client it follows; the tick
//! (`tick.rs`) says in which order all this happens.

use glam::DVec3;

use super::body_view::BodyView;
use super::settings::minecraft;
use super::surroundings::{
    bubbled, ground_cell, holds_liquid, on_climbable, speed_factor_at, wall_slid,
};
use super::tick_records::{Moved, Plan};
use super::{Event, Settings};
use crate::resolver::{MoveError, Resolver};
use crate::world::BlockSource;

/// Slime damps a body walking on it while its vertical velocity is below
/// this (`SlimeBlock.stepOn`: 0.1 a tick).
const SLIME_STEP_SPEED: f64 = 0.1 * minecraft::TICKS;

/// Step 4 of a tick: the momentum the body keeps. What was stopped loses
/// its velocity, a landing on slime sends it back, the rest follows the
/// rules (the speed factor read where the move ended); slime damps a body
/// walking on it, a ladder lifts one pushing into it or jumping, a swimmer
/// against a ledge it can climb out onto is lifted.
#[inline]
pub(crate) fn momentum_kept<W: BlockSource>(
    world: &BodyView<'_, W>,
    resolver: &mut Resolver,
    plan: &Plan<'_>,
    moved: &Moved,
    events: &mut Vec<Event>,
) -> Result<DVec3, MoveError> {
    let (settings, input, rate) = (plan.settings, plan.input, plan.rate);
    let flying = input.fly;
    let end_rules = if flying || plan.start.in_liquid {
        plan.rules
    } else {
        plan.rules
            .with_speed_factor(speed_factor_at(world, &moved.end))
    };
    let mut momentum = DVec3::ZERO;
    for axis in 0..3 {
        let rule = &end_rules.axes[axis];
        momentum[axis] = if moved.stopped(axis) || plan.rules.stuck.is_some() {
            // `Entity.move` ends the velocity along what stopped the body
            // (a cobweb ends all of it), before the tick's drag.
            rule.after_event(0.0)
        } else if plan.rules.climbing.is_some() {
            rule.after_moving(rule.momentum_moving_at(rate[axis]))
        } else {
            rule.after_moving(plan.from[axis])
        };
    }
    bounce_and_damp(world, plan, moved, &mut momentum, events);
    if plan.start.in_liquid
        && moved.walled()
        && settings.swimming.exit_height > 0.0
        && ledge_exit_is_free(
            world,
            resolver,
            settings,
            &moved.start_free,
            &moved.end,
            momentum,
        )?
    {
        momentum.y = settings.swimming.exit_speed;
    }
    if !flying {
        momentum.y = lifted(world, plan, moved, momentum.y);
        let on_ground = moved.landed || moved.stepped || moved.snapped;
        if plan.start.minecraft_tick && !on_ground && world.registry().has_wall_slides() {
            momentum = slid(plan.settings, world, moved, momentum);
        }
    }
    Ok(momentum)
}

/// What the block under where the move ended does to a body on it
/// (`Entity.move`): a landing on a bouncy one is sent back up
/// (`updateEntityMovementAfterFallOn`), and a body walking on slime is
/// damped (`SlimeBlock.stepOn`), not sneaking either time.
#[inline]
fn bounce_and_damp<W: BlockSource>(
    world: &BodyView<'_, W>,
    plan: &Plan<'_>,
    moved: &Moved,
    momentum: &mut DVec3,
    events: &mut Vec<Event>,
) {
    // The block under where the move ended: what a landing falls on and a
    // walker steps on (`Entity.move`).
    let (input, rate, n) = (plan.input, plan.rate, plan.settings.minecraft_ticks());
    let on_ground = moved.landed || moved.stepped || moved.snapped;
    let under = if on_ground {
        world
            .registry()
            .behaviour(world.block(ground_cell(&moved.end)))
    } else {
        &crate::block::Behaviour::PLAIN
    };
    // The vertical velocity the move leaves: ended by the floor, or sent
    // back up by slime.
    let mut left_moving_up = 0.0;
    if moved.landed && !moved.stepped && under.bounce > 0.0 && !input.sneak {
        // `SlimeBlock.updateEntityMovementAfterFallOn`: the landing
        // velocity sent back up, then the tick's gravity and drag.
        let speed = -rate.y;
        left_moving_up = speed * under.bounce;
        momentum.y = plan.rules.axes[1].after_event(left_moving_up);
        events.push(Event::Bounced {
            normal: DVec3::Y,
            speed,
        });
    }
    if on_ground
        && !input.sneak
        && under.bounce > 0.0
        && !under.bounce_undamped
        && left_moving_up.abs() < SLIME_STEP_SPEED
    {
        // `SlimeBlock.stepOn`, once per 1/20 s.
        let hold = crate::math::powf(0.4 + 0.2 * left_moving_up.abs() / minecraft::TICKS, n);
        momentum.x *= hold;
        momentum.z *= hold;
    }
}

/// The vertical momentum after what lifts a body where its move ended: a
/// ladder it pushes into or jumps on (after its gravity and drag:
/// `onClimbable` asked where the move ended, so a body that falls onto a
/// ladder catches it), then bubble columns, once every 1/20 s.
fn lifted<W: BlockSource>(
    world: &BodyView<'_, W>,
    plan: &Plan<'_>,
    moved: &Moved,
    vertical: f64,
) -> f64 {
    let mut vertical = vertical;
    if (moved.walled() || plan.input.jump) && on_climbable(world, &moved.end) {
        vertical = plan.settings.climbing.speed;
    }
    // Most worlds have no bubble column at all: one question first.
    if plan.start.minecraft_tick && world.registry().has_bubble_columns() {
        let per_tick = vertical / minecraft::TICKS;
        let pushed = bubbled(world, (&moved.start_free, &moved.end), per_tick);
        if pushed != per_tick {
            vertical = pushed * minecraft::TICKS;
        }
    }
    vertical
}

/// A body falling down the side of a block it slides down (honey), in
/// blocks per second: `wall_slid` in Minecraft's units, once every 1/20 s.
#[cold]
fn slid<W: BlockSource>(
    settings: &Settings,
    world: &BodyView<'_, W>,
    moved: &Moved,
    momentum: DVec3,
) -> DVec3 {
    let per_tick = momentum / minecraft::TICKS;
    let gravity = settings.air.gravity / (minecraft::TICKS * minecraft::TICKS);
    let slid = wall_slid(
        world,
        &moved.end,
        per_tick,
        (gravity, settings.air.vertical_drag),
    );
    if slid == per_tick {
        momentum
    } else {
        slid * minecraft::TICKS
    }
}

/// Whether a swimmer that met a wall may climb out over it
/// (`LivingEntity.travelInFluid`, `isFree`): its box, moved by a tick of its
/// momentum and raised `liquid_exit_height` above where the tick began,
/// meets no block and no liquid.
fn ledge_exit_is_free<W: BlockSource>(
    world: &BodyView<'_, W>,
    resolver: &mut Resolver,
    settings: &Settings,
    start: &crate::geometry::Aabb,
    end: &crate::geometry::Aabb,
    momentum: DVec3,
) -> Result<bool, MoveError> {
    let tick = momentum / minecraft::TICKS;
    let raised = DVec3::new(
        tick.x,
        tick.y + settings.swimming.exit_height - (end.min.y - start.min.y),
        tick.z,
    );
    let probe = end.translated(raised);
    if holds_liquid(world, &probe) {
        return Ok(false);
    }
    // Free of blocks where it would be, as the client asks (`noCollision`
    // of that box alone, not of the way there): the lift that follows is a
    // move like any other, swept, so it passes through nothing.
    let there = resolver.move_box(world, probe, DVec3::ZERO)?;
    Ok(there.depenetration.is_none())
}
