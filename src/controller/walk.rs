//! One fixed tick of one body: input to velocity, velocity to a resolved move.

use glam::{DVec2, DVec3};

use super::edge_guard::guard_edges;
use super::step_up::step_up;
use super::surroundings::Surroundings;
use super::{Body, Event, HorizontalAxis, Input, Settings};
use crate::resolver::{Motion, MoveError, Resolver, TOUCH_TOLERANCE};
use crate::world::Behaviour;
use crate::world::BlockSource;

/// How far below `step_height` under its feet a guarded sneaking body may end a
/// tick before the guard's fallback holds it in place: resting heights differ
/// from the floor by [`crate::resolver::CONTACT_GAP`], never by more.
const SNEAK_DROP_TOLERANCE: f64 = 1e-6;

/// Advances `body` by one tick of `settings.dt()` seconds under `input`, pushing
/// what happened onto `events`.
///
/// The order is semi-implicit Euler, so a resting body reports zero velocity:
/// 1. velocity: horizontal towards the wished velocity at the ground, air or
///    fly acceleration; a jump from the ground; gravity, capped at terminal speed;
/// 2. the sneak edge guard cuts the move back at drops;
/// 3. the resolver moves the box (pushing it out first if it starts inside blocks);
/// 4. a body on the ground (and not rising) that was stopped by a wall tries to
///    step up onto it;
/// 5. each blocked axis ends the velocity along it, and the body is grounded when
///    it came down onto something.
pub(crate) fn tick_body<W: BlockSource + ?Sized>(
    world: &W,
    scratch: &mut TickScratch,
    settings: &Settings,
    body: &mut Body,
    input: Input,
    events: &mut Vec<Event>,
) -> Result<Contacts, MoveError> {
    let TickScratch { resolver, support } = scratch;
    let flying = input.fly;
    // 0. What the blocks around do; a flying body ignores them.
    let around = surroundings(world, body, flying, events);
    let mut velocity = next_velocity(settings, body, input, around.as_ref(), events);

    // 2 and 3. The edge guard, and the move. The move stays a local of this
    // function: a `Motion` handed back from a helper is copied each tick.
    let start = body.aabb;
    let guarded = input.sneak && !flying && body.grounded && settings.sneak_edge_guard;
    let mut displacement = velocity * settings.dt();
    if let Some([h, v]) = around.as_ref().and_then(|a| a.stuck) {
        // In a cobweb the tick moves a share of what it would (`makeStuckInBlock`).
        displacement *= DVec3::new(h, v, h);
    }
    let mut cut = [false; 2];
    if guarded {
        (displacement, cut) = guard_edges(
            world,
            resolver,
            support,
            &start,
            displacement,
            settings.step_height,
        )?;
    }
    let mut motion = resolver.move_box(world, start, displacement)?;
    if guarded && leaves_the_surface(world, resolver, settings, &start, displacement, &motion)? {
        // Hold still rather than step off: see `leaves_the_surface`.
        for (slot, axis) in [0, 2].into_iter().enumerate() {
            cut[slot] |= displacement[axis] != 0.0;
        }
        displacement.x = 0.0;
        displacement.z = 0.0;
        motion = resolver.move_box(world, start, displacement)?;
    }
    report_cuts(cut, &mut velocity, events);
    let mut start_free = start;
    if let Some(d) = motion.depenetration {
        events.push(Event::PushedOut {
            offset: d.offset.to_array(),
            resolved: d.resolved,
        });
        start_free = start.translated(d.offset);
    }
    let landed = motion.hits.as_slice().iter().any(|h| h.normal.y > 0.0);
    let mut end = motion.end;
    let mut blocked = motion.blocked;

    // 4. Auto-step.
    // Not while rising: a jump does its own climbing.
    let may_step =
        !flying && settings.step_height > 0.0 && displacement.y <= 0.0 && (body.grounded || landed);
    let mut stepped = false;
    if may_step
        && (blocked.x || blocked.z)
        && step_could_clear(world, &motion, start_free.min.y + settings.step_height)
        && let Some(step) = step_up(
            world,
            resolver,
            &start_free,
            displacement,
            settings.step_height,
            &motion,
        )?
    {
        end = step.end;
        blocked = step.blocked;
        blocked.y = true;
        stepped = true;
        events.push(Event::Stepped {
            height: step.height,
        });
    }

    // 5. What the contacts mean.
    report_contacts(&motion, stepped, landed, body.grounded, velocity.y, events);
    let ceiling = !stepped && motion.hits.as_slice().iter().any(|h| h.normal.y < 0.0);
    let landing_speed = (landed && !stepped).then_some(-velocity.y);
    for axis in 0..3 {
        if blocked.test(axis) {
            velocity[axis] = 0.0;
        }
    }
    let mut bounced = false;
    // Only a real fall can bounce: a body standing on slime meets it every
    // tick at the speed one tick of gravity gives, and stays.
    let fell = landing_speed.filter(|&s| s > 2.0 * settings.gravity * settings.dt());
    if around.is_some() || fell.is_some() {
        bounced = after_move(
            world,
            resolver,
            settings,
            around.as_ref(),
            input,
            &end,
            blocked.x || blocked.z,
            fell,
            &mut velocity,
            events,
        )?;
    }
    // The body is written only here, once its move is made: a refused move
    // leaves it as it was.
    body.aabb = end;
    body.velocity = velocity;
    body.grounded = (landed || stepped) && !bounced;
    body.in_liquid = around.as_ref().is_some_and(|a| a.liquid.is_some());
    body.climbing = around.as_ref().is_some_and(|a| a.climbing);
    Ok(Contacts {
        ground: body.grounded,
        ceiling,
        wall_x: blocked.x,
        wall_z: blocked.z,
    })
}

/// What a body touched during its tick: the blocks that stopped it.
///
/// A body that stands still on a floor touches it every tick (gravity presses
/// it down, the floor stops it), so `ground` is the grounded state after the
/// tick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // one flag per side a block can stop a body from
pub struct Contacts {
    /// Came down onto something (or climbed onto it).
    pub ground: bool,
    /// Rose into something.
    pub ceiling: bool,
    /// A wall stopped motion along x.
    pub wall_x: bool,
    /// A wall stopped motion along z.
    pub wall_z: bool,
}

/// What one body's tick needs besides the world and the body, kept between
/// ticks so that a warm tick allocates nothing.
#[derive(Debug, Default)]
pub(crate) struct TickScratch {
    pub resolver: Resolver,
    /// The edge guard's support intervals.
    pub support: Vec<(f64, f64)>,
}

/// Whether a guarded sneaking body's straight `motion` still leaves the
/// surface it stood on. The guard follows the way axis by axis; the move goes
/// straight, and falls while it goes: where that straight way cuts the corner
/// of a hole and ends over it, or rounding ends it on a sliver the guard
/// counted, the body keeps its place instead. Sneaking never leaves the
/// surface it stands on.
fn leaves_the_surface<W: BlockSource + ?Sized>(
    world: &W,
    resolver: &mut Resolver,
    settings: &Settings,
    start: &crate::geometry::Aabb,
    displacement: DVec3,
    motion: &Motion,
) -> Result<bool, MoveError> {
    let moved = displacement.x != 0.0 || displacement.z != 0.0;
    Ok(moved
        && motion.depenetration.is_none()
        && !ends_supported(
            world,
            resolver,
            &motion.end,
            start.min.y,
            settings.step_height,
        )?)
}

/// Step 5 of a tick: the events of the move's contacts. A climb replaces the
/// plain move's contacts, but a body that came down onto the ledge it climbs
/// has still landed (fall damage keys on it).
fn report_contacts(
    motion: &Motion,
    stepped: bool,
    landed: bool,
    was_grounded: bool,
    fall_velocity: f64,
    events: &mut Vec<Event>,
) {
    if stepped {
        if landed && !was_grounded {
            events.push(Event::Landed {
                speed: -fall_velocity,
            });
        }
        return;
    }
    for hit in motion.hits.as_slice() {
        if hit.normal.y > 0.0 {
            if !was_grounded {
                events.push(Event::Landed {
                    speed: -fall_velocity,
                });
            }
        } else if hit.normal.y < 0.0 {
            events.push(Event::HitCeiling);
        } else {
            events.push(Event::HitWall {
                normal: hit.normal.to_array(),
            });
        }
    }
}

/// Whether a body that ended at `end` stands on something no more than
/// `step_height` below `feet`, where it started.
fn ends_supported<W: BlockSource + ?Sized>(
    world: &W,
    resolver: &mut Resolver,
    end: &crate::geometry::Aabb,
    feet: f64,
    step_height: f64,
) -> Result<bool, MoveError> {
    let lowest = feet - step_height - SNEAK_DROP_TOLERANCE;
    if end.min.y < lowest {
        return Ok(false);
    }
    let probe = DVec3::new(0.0, (lowest - end.min.y).min(-SNEAK_DROP_TOLERANCE), 0.0);
    Ok(resolver.move_box(world, *end, probe)?.blocked.y)
}

/// The edge guard's cuts: each cut axis loses its velocity and says so.
fn report_cuts(cut: [bool; 2], velocity: &mut DVec3, events: &mut Vec<Event>) {
    for (slot, (axis, name)) in [(0, HorizontalAxis::X), (2, HorizontalAxis::Z)]
        .into_iter()
        .enumerate()
    {
        if cut[slot] {
            velocity[axis] = 0.0;
            events.push(Event::EdgeGuard { axis: name });
        }
    }
}

/// Step 0 of a tick: the behaviours around the body, and the events of
/// entering and leaving a liquid.
fn surroundings<W: BlockSource + ?Sized>(
    world: &W,
    body: &Body,
    flying: bool,
    events: &mut Vec<Event>,
) -> Option<Surroundings> {
    let around = if flying {
        None
    } else {
        Surroundings::around(world, body)
    };
    let in_liquid = around.as_ref().is_some_and(|a| a.liquid.is_some());
    if in_liquid != body.in_liquid {
        events.push(if in_liquid {
            Event::EnteredLiquid
        } else {
            Event::LeftLiquid
        });
    }
    around
}

/// Step 1 of a tick: the velocity the body moves with this tick.
#[inline]
fn next_velocity(
    settings: &Settings,
    body: &Body,
    input: Input,
    around: Option<&Surroundings>,
    events: &mut Vec<Event>,
) -> DVec3 {
    let dt = settings.dt();
    let flying = input.fly;
    let mut velocity = body.velocity;

    let axis = |plus: bool, minus: bool| f64::from(u8::from(plus)) - f64::from(u8::from(minus));
    let keys = DVec2::new(axis(input.east, input.west), axis(input.south, input.north))
        .normalize_or_zero();
    // The keys walk at full speed; a stick tilted part way walks slower. Both
    // at once add up, never past full speed.
    // Most inputs are keys alone: the stick costs nothing then.
    let compass = if input.analog == DVec2::ZERO {
        keys
    } else {
        (keys + input.analog_wish()).clamp_length_max(1.0)
    };
    // Into the body's frame; the default heading (1, 0) leaves it exactly as is.
    let h = body.heading;
    let wish = DVec2::new(
        compass.x * h.x - compass.y * h.y,
        compass.x * h.y + compass.y * h.x,
    );
    if around.is_some_and(|a| a.liquid.is_some()) {
        // Swimming (Minecraft's order): the stroke and the jump's lift are
        // added before the move; the liquid's drag and its share of gravity
        // act after it (`after_move`).
        velocity.x += wish.x * settings.swim_acceleration * dt;
        velocity.z += wish.y * settings.swim_acceleration * dt;
        if input.jump {
            velocity.y += settings.swim_up_acceleration * dt;
        }
        return velocity;
    }
    let ground = around.map_or(&Behaviour::PLAIN, |a| &a.ground);
    let speed = if flying {
        settings.fly_speed
    } else if input.sneak {
        settings.sneak_speed
    } else if input.sprint {
        settings.sprint_speed
    } else {
        settings.walk_speed
    } * ground.speed_factor;
    let grip = ground.grip();
    let rate = match (flying, wish == DVec2::ZERO, body.grounded) {
        (true, _, _) => settings.fly_acceleration,
        (false, false, true) => settings.ground_acceleration * grip,
        (false, false, false) => settings.air_acceleration,
        (false, true, true) => settings.ground_friction * grip,
        (false, true, false) => settings.air_friction,
    };
    let horizontal = move_towards(DVec2::new(velocity.x, velocity.z), wish * speed, rate * dt);
    (velocity.x, velocity.z) = (horizontal.x, horizontal.y);
    if flying {
        let wished = axis(input.up, input.down) * settings.fly_vertical_speed;
        velocity.y = move_towards_1d(velocity.y, wished, settings.fly_acceleration * dt);
    } else {
        if input.jump && body.grounded {
            velocity.y = settings.jump_speed * ground.jump_factor;
            events.push(Event::Jumped);
        }
        velocity.y = (velocity.y - settings.gravity * dt).max(-settings.terminal_speed);
        if around.is_some_and(|a| a.climbing) {
            // On a ladder (`handleOnClimbable`): held to a slow sideways
            // motion and a capped slide down, or none while sneaking.
            let cap = settings.climb_horizontal_speed;
            velocity.x = velocity.x.clamp(-cap, cap);
            velocity.z = velocity.z.clamp(-cap, cap);
            velocity.y = velocity.y.max(-settings.climb_descent_speed);
            if input.sneak && velocity.y < 0.0 {
                velocity.y = 0.0;
            }
        }
    }
    velocity
}

/// The part of a tick that comes after the move for bodies in a liquid, on a
/// ladder, in a cobweb or landing on a bouncy block: what Minecraft does to the
/// velocity once the body has moved. Returns whether the body bounced (it then
/// leaves the ground).
#[allow(clippy::too_many_arguments)] // the parts of one tick, handed down by the one caller
fn after_move<W: BlockSource + ?Sized>(
    world: &W,
    resolver: &mut Resolver,
    settings: &Settings,
    around: Option<&Surroundings>,
    input: Input,
    end: &crate::geometry::Aabb,
    walled: bool,
    landing_speed: Option<f64>,
    velocity: &mut DVec3,
    events: &mut Vec<Event>,
) -> Result<bool, MoveError> {
    let dt = settings.dt();
    let around = around.copied().unwrap_or(Surroundings::NONE);
    if let Some(liquid) = around.liquid {
        // Drag per 1/20 s, for any tick length; then the liquid's gravity.
        *velocity *= liquid.drag.powf(20.0 * dt);
        velocity.y =
            (velocity.y - settings.gravity * liquid.gravity * dt).max(-settings.terminal_speed);
        // Swimming against a ledge low enough to climb out onto lifts the body.
        if walled && settings.liquid_exit_height > 0.0 {
            let rise = DVec3::new(0.0, settings.liquid_exit_height, 0.0);
            if !resolver.move_box(world, *end, rise)?.blocked.y {
                velocity.y = settings.liquid_exit_speed;
            }
        }
    } else if around.climbing && (walled || input.jump) {
        velocity.y = settings.climb_speed;
    }
    if around.stuck.is_some() {
        // A cobweb keeps nothing of the tick's motion for the next.
        *velocity = DVec3::ZERO;
    }
    if let Some(speed) = landing_speed
        && !input.sneak
    {
        let c = end.center();
        let under = crate::world::cell_containing(DVec3::new(c.x, end.min.y - 1e-3, c.z));
        if world.may_hold_behaviours(under, under) {
            let bounce = world.registry().behaviour(world.block(under)).bounce;
            if bounce > 0.0 {
                velocity.y = speed * bounce;
                events.push(Event::Bounced {
                    normal: [0.0, 1.0, 0.0],
                    speed,
                });
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// Whether some wall the move hit may be low enough to step onto: a box of the
/// hit block whose top is at most `reach`. A climb cannot clear a wall whose
/// top is higher (it would meet the same face again), so bodies pressing into
/// tall walls skip the three trial moves of a step. A hit names the block, not
/// which of its boxes was met, so any low box counts: the lower step of a
/// stair is climbed although the block's upper box is out of reach.
fn step_could_clear<W: BlockSource + ?Sized>(world: &W, motion: &Motion, reach: f64) -> bool {
    motion
        .hits
        .as_slice()
        .iter()
        .filter(|h| h.normal.y == 0.0)
        .any(|h| {
            world
                .shape_at(h.block)
                .iter()
                .any(|b| f64::from(h.block.y) + b.max.y <= reach + TOUCH_TOLERANCE)
        })
}

/// `from` moved towards `to` by at most `max_change`, landing on it exactly.
#[inline]
fn move_towards(from: DVec2, to: DVec2, max_change: f64) -> DVec2 {
    let gap = to - from;
    let distance = gap.length();
    if distance <= max_change || distance == 0.0 {
        to
    } else {
        from + gap * (max_change / distance)
    }
}

#[inline]
fn move_towards_1d(from: f64, to: f64, max_change: f64) -> f64 {
    if (to - from).abs() <= max_change {
        to
    } else {
        from + max_change.copysign(to - from)
    }
}
