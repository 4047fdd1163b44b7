//! One fixed tick of one body, top to bottom: the start of Minecraft's
//! `aiStep` (jump wait, momentum cut-off, sprinting, the jump), the rules of
//! motion (`block_effects`, one per axis, see `recurrence`), the edge guard,
//! the move, auto-step, and what the move's contacts do to the momentum.

use glam::{DVec2, DVec3};

use super::block_effects::{Gait, Rules};
use super::edge_guard::guard_edges;
use super::settings::minecraft;
use super::step_up::step_up;
use super::surroundings::{Surroundings, ground_cell, holds_liquid, on_climbable, speed_factor_at};
use super::{Body, Event, HorizontalAxis, Input, Settings};
use crate::resolver::{Motion, MoveError, Resolver, TOUCH_TOLERANCE};
use crate::world::BlockSource;

/// How far below `step_height` under its feet a guarded sneaking body may end a
/// tick before the guard's fallback holds it in place: resting heights differ
/// from the floor by [`crate::resolver::CONTACT_GAP`], never by more.
const SNEAK_DROP_TOLERANCE: f64 = 1e-6;

/// The angle under which a wall the body runs along does not stop its
/// sprint (`LocalPlayer.isHorizontalCollisionMinor`: 8°).
const MINOR_COLLISION: f64 = 0.139_626_339_077_949_52;

/// Slime damps a body walking on it while its vertical velocity is below
/// this (`SlimeBlock.stepOn`: 0.1 a tick).
const SLIME_STEP_SPEED: f64 = 0.1 * minecraft::TICKS;

/// Advances `body` by one tick of `settings.dt()` seconds under `input`, pushing
/// what happened onto `events`.
///
/// 1. The start of Minecraft's `LivingEntity.aiStep`: the jump wait runs
///    down, momentum below the cut-off is dropped, sprinting starts or stops
///    (`LocalPlayer.aiStep`), and a body on the ground with jump held jumps.
/// 2. The rules of motion for each axis ([`Rules`]) give the velocity the
///    body moves with; a cobweb takes its share.
/// 3. The sneak edge guard cuts the move back at drops; the resolver moves
///    the box (pushing it out first if it starts inside blocks); a body on
///    the ground stopped by a wall tries to step up onto it.
/// 4. The momentum the body keeps: what was stopped loses its velocity, a
///    landing on slime sends it back, a ladder lifts, a swimmer against a
///    ledge it can climb out onto is lifted; the rest follows the rules.
pub(crate) fn tick_body<W: BlockSource + ?Sized>(
    world: &W,
    scratch: &mut TickScratch,
    settings: &Settings,
    body: &mut Body,
    input: Input,
    events: &mut Vec<Event>,
) -> Result<Contacts, MoveError> {
    let around = surroundings(world, body, input.fly, events);
    let start = start_of_step(settings, body, input, around.as_ref(), events);
    let plan = plan_move(settings, body, input, around.as_ref(), start);
    let moved = make_move(world, scratch, settings, body, input, &plan, events)?;
    let momentum = momentum_kept(world, &mut scratch.resolver, &plan, &moved, events)?;

    // The body is written only here, once its move is made: a refused move
    // leaves it as it was.
    let mut velocity = plan.rate;
    for axis in 0..3 {
        if moved.stopped[axis] {
            velocity[axis] = 0.0;
        }
    }
    if let Some([h, v]) = plan.rules.stuck {
        velocity *= DVec3::new(h, v, h);
    }
    body.aabb = moved.end;
    body.velocity = velocity;
    body.momentum = momentum;
    body.grounded = moved.landed || moved.stepped;
    body.in_liquid = start.in_liquid;
    body.climbing = around.as_ref().is_some_and(|a| a.climbing);
    body.sprinting = start.sprinting;
    body.wall_head_on = moved.walled && !minor_collision(start.wish, velocity);
    body.jump_wait = start.jump_wait;
    body.takeoff = start.takeoff;
    body.takeoff_slipperiness = start.takeoff_slipperiness;
    body.against_wall = moved.walled;
    body.cutoff_clock = start.cutoff_clock;
    Ok(Contacts {
        ground: body.grounded,
        ceiling: moved.ceiling,
        wall_x: moved.stopped[0] && !moved.cut[0],
        wall_z: moved.stopped[2] && !moved.cut[1],
    })
}

/// What the start of Minecraft's `aiStep` leaves for the rest of the tick.
#[derive(Clone, Copy, Debug)]
struct Start {
    momentum: DVec3,
    wish: DVec2,
    sprinting: bool,
    in_liquid: bool,
    /// Sneaking in a liquid (`goDownInWater`).
    sinking: bool,
    jump_wait: f64,
    takeoff: f64,
    takeoff_slipperiness: f64,
    /// The slipperiness of the ground under the body now.
    ground_slipperiness: f64,
    cutoff_clock: f64,
}

/// Step 1 of a tick: the start of `aiStep`.
fn start_of_step(
    settings: &Settings,
    body: &Body,
    input: Input,
    around: Option<&Surroundings>,
    events: &mut Vec<Event>,
) -> Start {
    let dt = settings.dt();
    let flying = input.fly;
    let in_liquid = around.is_some_and(|a| a.liquid.is_some());
    // A sneaking swimmer sinks (`goDownInWater`, before the cut-off).
    let sinking = in_liquid && input.sneak;
    let sink = if sinking {
        settings.swim_up_acceleration / minecraft::TICKS
    } else {
        0.0
    };
    // The cut-off is an event of 1/20 s: at a finer rate a body starting
    // to move has gained only part of a Minecraft tick's momentum after one
    // tick, and cutting it then would never let it start.
    let (cuts, cutoff_clock) = once_per_minecraft_tick(body.cutoff_clock, dt);
    let mut momentum = if cuts {
        cut_off(body.momentum, settings.momentum_cutoff, sink)
    } else {
        body.momentum
    };
    let (wish, forward) = keys_wish(settings, body, input);
    let sprinting = sprinting(body, input, forward, flying || in_liquid);
    let ground_slipperiness = around.map_or(crate::world::DEFAULT_SLIPPERINESS, |a| {
        a.ground.slipperiness
    });
    let mut start = Start {
        momentum,
        wish,
        sprinting,
        in_liquid,
        sinking,
        jump_wait: run_down(body.jump_wait, dt),
        takeoff: run_down(body.takeoff, dt),
        takeoff_slipperiness: body.takeoff_slipperiness,
        ground_slipperiness,
        cutoff_clock,
    };
    if !input.jump {
        start.jump_wait = 0.0;
    } else if !flying && !in_liquid && body.grounded && start.jump_wait == 0.0 {
        // `LivingEntity.jumpFromGround`.
        let factor = around.map_or(1.0, |a| a.jump_factor);
        momentum.y = momentum.y.max(settings.jump_speed * factor);
        if sprinting {
            // Along the way the body faces.
            momentum.x += body.heading.x * settings.sprint_jump_boost;
            momentum.z += body.heading.y * settings.sprint_jump_boost;
        }
        start.momentum = momentum;
        start.jump_wait = settings.jump_delay;
        // The jump tick is a tick on the ground: its friction brakes the
        // body for 1/20 s, at any tick rate.
        start.takeoff = 1.0 / minecraft::TICKS;
        start.takeoff_slipperiness = ground_slipperiness;
        events.push(Event::Jumped);
    }
    start
}

/// The rules a tick moves by, the velocity it moves with, and what the
/// momentum is worked out from afterwards.
#[derive(Clone, Copy, Debug)]
struct Plan<'a> {
    settings: &'a Settings,
    input: Input,
    around: Option<&'a Surroundings>,
    start: Start,
    /// The rules of the tick's last stretch, made for its length: the whole
    /// tick, or what is left of it after the jump's first 1/20 s.
    rules: Rules,
    /// The momentum that stretch starts from.
    from: DVec3,
    rate: DVec3,
}

/// Step 2 of a tick: the rules of motion, and the velocity moved with.
#[inline]
fn plan_move<'a>(
    settings: &'a Settings,
    body: &Body,
    input: Input,
    around: Option<&'a Surroundings>,
    start: Start,
) -> Plan<'a> {
    let dt = settings.dt();
    let n = settings.minecraft_ticks();
    let flying = input.fly;
    let climbing = around.is_some_and(|a| a.climbing);
    let gait = Gait {
        wish: start.wish,
        sprinting: start.sprinting,
        flying,
        jump: input.jump,
        sinking: start.sinking,
        up_down: f64::from(u8::from(input.up)) - f64::from(u8::from(input.down)),
        lifted: climbing && (input.jump || body.against_wall),
        ground_slipperiness: (body.grounded && !flying).then_some(start.ground_slipperiness),
    };
    let rules = Rules::new(settings, &gait, around);
    let taking_off =
        start.takeoff > 0.0 && !body.grounded && !flying && !start.in_liquid && !climbing;
    let mut plan = Plan {
        settings,
        input,
        around,
        start,
        rules,
        from: start.momentum,
        rate: DVec3::ZERO,
    };
    if taking_off {
        // Still inside the jump's first 1/20 s: the ground's rules for that
        // long, the air's after it.
        let on_ground = Rules::new(
            settings,
            &Gait {
                ground_slipperiness: Some(start.takeoff_slipperiness),
                ..gait
            },
            around,
        );
        split_rate(&mut plan, &on_ground, start.takeoff.min(dt), dt, n);
    } else {
        plan.rate = plan.rules.rate(start.momentum, input.sneak);
    }
    plan
}

/// What the move did.
#[derive(Clone, Copy, Debug)]
#[allow(clippy::struct_excessive_bools)] // one flag per kind of contact
struct Moved {
    /// Where the body ended.
    end: crate::geometry::Aabb,
    /// Where it started, after any push-out.
    start_free: crate::geometry::Aabb,
    /// Axes the move was stopped along (a wall, a floor, a ceiling, the
    /// edge guard).
    stopped: [bool; 3],
    /// Axes the edge guard cut (x, z).
    cut: [bool; 2],
    landed: bool,
    stepped: bool,
    ceiling: bool,
    /// A wall or the edge guard stopped it sideways.
    walled: bool,
}

/// Step 3 of a tick: the edge guard, the move (pushing out first if the
/// body starts inside blocks) and auto-step. The resolver's `Motion` stays
/// a local of this function: handed back from it, it would be copied each
/// tick.
fn make_move<W: BlockSource + ?Sized>(
    world: &W,
    scratch: &mut TickScratch,
    settings: &Settings,
    body: &Body,
    input: Input,
    plan: &Plan<'_>,
    events: &mut Vec<Event>,
) -> Result<Moved, MoveError> {
    let TickScratch { resolver, support } = scratch;
    let flying = input.fly;
    let mut displacement = plan.rate * settings.dt();
    if let Some([h, v]) = plan.rules.stuck {
        // In a cobweb the tick moves a share of what it would (`makeStuckInBlock`).
        displacement *= DVec3::new(h, v, h);
    }
    let start = body.aabb;
    let guarded = input.sneak && !flying && body.grounded && settings.sneak_edge_guard;
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
    report_cuts(cut, events);
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
    report_contacts(&motion, stepped, landed, body.grounded, plan.rate.y, events);
    Ok(Moved {
        end,
        start_free,
        stopped: [blocked.x || cut[0], blocked.y, blocked.z || cut[1]],
        cut,
        landed,
        stepped,
        ceiling: !stepped && motion.hits.as_slice().iter().any(|h| h.normal.y < 0.0),
        walled: blocked.x || blocked.z || cut[0] || cut[1],
    })
}

/// Step 4 of a tick: the momentum the body keeps. What was stopped loses
/// its velocity, a landing on slime sends it back, the rest follows the
/// rules (the speed factor read where the move ended); slime damps a body
/// walking on it, a ladder lifts one pushing into it or jumping, a swimmer
/// against a ledge it can climb out onto is lifted.
fn momentum_kept<W: BlockSource + ?Sized>(
    world: &W,
    resolver: &mut Resolver,
    plan: &Plan<'_>,
    moved: &Moved,
    events: &mut Vec<Event>,
) -> Result<DVec3, MoveError> {
    let (settings, input, rate) = (plan.settings, plan.input, plan.rate);
    let n = settings.minecraft_ticks();
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
        momentum[axis] = if moved.stopped[axis] || plan.rules.stuck.is_some() {
            // `Entity.move` ends the velocity along what stopped the body
            // (a cobweb ends all of it), before the tick's drag.
            rule.after_event(0.0)
        } else if plan.rules.climbing.is_some() {
            rule.after_moving(rule.momentum_moving_at(rate[axis]))
        } else {
            rule.after_moving(plan.from[axis])
        };
    }
    let mut bounced = false;
    if moved.landed && !moved.stepped {
        let under = world
            .registry()
            .behaviour(world.block(ground_cell(&moved.end)));
        if under.bounce > 0.0 && !input.sneak {
            // `SlimeBlock.updateEntityMovementAfterFallOn`: the landing
            // velocity sent back up, then the tick's gravity and drag.
            let speed = -rate.y;
            momentum.y = plan.rules.axes[1].after_event(speed * under.bounce);
            bounced = true;
            events.push(Event::Bounced {
                normal: [0.0, 1.0, 0.0],
                speed,
            });
        }
    }
    if let Some(a) = plan.around {
        let moving_up = if bounced { -rate.y } else { 0.0 };
        if (moved.landed || moved.stepped)
            && !input.sneak
            && a.ground.bounce > 0.0
            && moving_up.abs() < SLIME_STEP_SPEED
        {
            // `SlimeBlock.stepOn`, once per 1/20 s.
            let hold = (0.4 + 0.2 * moving_up.abs() / minecraft::TICKS).powf(n);
            momentum.x *= hold;
            momentum.z *= hold;
        }
        if a.liquid.is_some()
            && moved.walled
            && settings.liquid_exit_height > 0.0
            && ledge_exit_is_free(
                world,
                resolver,
                settings,
                &moved.start_free,
                &moved.end,
                momentum,
            )?
        {
            momentum.y = settings.liquid_exit_speed;
        }
    }
    // The ladder's lift, after its gravity and drag: `onClimbable` asked
    // where the move ended, so a body that falls onto a ladder catches it.
    if !flying && (moved.walled || input.jump) && on_climbable(world, &moved.end) {
        momentum.y = settings.climb_speed;
    }
    Ok(momentum)
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

/// The edge guard's cuts, as events; a cut axis loses its momentum as a
/// wall's would.
fn report_cuts(cut: [bool; 2], events: &mut Vec<Event>) {
    for (slot, name) in [HorizontalAxis::X, HorizontalAxis::Z]
        .into_iter()
        .enumerate()
    {
        if cut[slot] {
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

/// `left` seconds less one tick, at least zero. A wait is summed in floating
/// point (0.5 s less ten ticks of 0.05 s is 3e-17, not 0): what is left of
/// it within a microsecond of its end has ended.
fn run_down(left: f64, dt: f64) -> f64 {
    let rest = left - dt;
    if rest < 1e-6 { 0.0 } else { rest }
}

/// Whether an event of Minecraft's tick falls in this tick, given the
/// seconds since it last did, and the seconds since then after this tick.
/// At 20 ticks a second (or fewer) it falls in every tick.
fn once_per_minecraft_tick(since: f64, dt: f64) -> (bool, f64) {
    let period = 1.0 / minecraft::TICKS;
    let now = since + dt;
    // Within a microsecond counts as on time: the seconds are summed in
    // floating point.
    if now >= period - 1e-6 {
        (true, (now - period).clamp(0.0, period))
    } else {
        (false, now)
    }
}

/// Velocity below the cut-off is dropped, as Minecraft's `aiStep` drops
/// what is below 0.003 a tick (horizontally by length, the way the player's
/// check does). `sink` is what a sneaking swimmer's sinking takes from the
/// vertical momentum before the cut-off looks at it.
fn cut_off(mut momentum: DVec3, cutoff: f64, sink: f64) -> DVec3 {
    if momentum.x * momentum.x + momentum.z * momentum.z < cutoff * cutoff {
        momentum.x = 0.0;
        momentum.z = 0.0;
    }
    if (momentum.y - sink).abs() < cutoff {
        momentum.y = sink;
    }
    momentum
}

/// The keys' wish (`LocalPlayer.modifyInput`), in Minecraft's input units
/// and in the world frame, and whether it has a forward impulse (along the
/// body's heading, `east`): the keys' direction times 0.98 and sneaking's
/// share, then stretched towards the unit square so that a diagonal is no
/// slower than a straight line, at most 1 long. Computed in single
/// precision, as Minecraft computes it, so that ticks at 20 a second meet
/// its figures to the last digits. A stick (which Minecraft has not) adds
/// to the keys and stays linear: tilted half way, it walks at half speed in
/// any direction.
fn keys_wish(settings: &Settings, body: &Body, input: Input) -> (DVec2, bool) {
    let axis = |plus: bool, minus: bool| f64::from(u8::from(plus)) - f64::from(u8::from(minus));
    let keys = DVec2::new(axis(input.east, input.west), axis(input.south, input.north));
    let share = if input.sneak && !input.fly && settings.walk_speed > 0.0 {
        (settings.sneak_speed / settings.walk_speed) as f32
    } else {
        1.0
    };
    let (wish, forward) = if input.analog == DVec2::ZERO {
        let compass = keys.as_vec2().normalize_or_zero();
        if compass == glam::Vec2::ZERO {
            return (DVec2::ZERO, false);
        }
        let wish = compass * minecraft::INPUT as f32 * share;
        let length = wish.length();
        let direction = wish * (1.0 / length);
        let (x, y) = (direction.x.abs(), direction.y.abs());
        let tan = if y > x { x / y } else { y / x };
        let stretched = direction * (length * (1.0 + tan * tan).sqrt()).min(1.0);
        (stretched.as_dvec2(), compass.x > 1.0e-5)
    } else {
        let compass = (keys.normalize_or_zero() + input.analog_wish()).clamp_length_max(1.0);
        (
            compass * minecraft::INPUT * f64::from(share),
            compass.x > 1.0e-5,
        )
    };
    // Into the body's frame; the default heading (1, 0) leaves it exactly as is.
    let h = body.heading;
    let world = DVec2::new(wish.x * h.x - wish.y * h.y, wish.x * h.y + wish.y * h.x);
    (world, forward)
}

/// Whether the body sprints this tick (`LocalPlayer.aiStep`): it starts
/// with sprint held while it walks forward, neither sneaking nor in a
/// liquid, and keeps on, the key held or not, until it stops walking
/// forward, enters a liquid or flies, or ran into a wall head on in its last
/// tick (a wall it only brushes, within 8°, does not stop it).
fn sprinting(body: &Body, input: Input, forward: bool, swimming_or_flying: bool) -> bool {
    // Started, then stopped in the same step where a stop applies: a key
    // held against a wall does not keep a sprint.
    let started = body.sprinting || (input.sprint && !input.sneak);
    started && forward && !swimming_or_flying && !body.wall_head_on
}

/// Whether a wall met while wishing `wish` and moving at `rate` only
/// brushes the body (`LocalPlayer.isHorizontalCollisionMinor`).
fn minor_collision(wish: DVec2, rate: DVec3) -> bool {
    let moved = DVec2::new(rate.x, rate.z);
    let scale = minecraft::TICKS * minecraft::TICKS;
    if wish.length_squared() < 1e-5 || moved.length_squared() < 1e-5 * scale {
        return false;
    }
    wish.angle_to(moved).abs() < MINOR_COLLISION
}

/// Splits `plan`'s tick: its first `first` seconds follow `first_rules`,
/// the rest `plan.rules` (both made for a whole tick). Sets the velocity
/// moved with, and the last stretch's rules and the momentum it starts from.
fn split_rate(plan: &mut Plan<'_>, first_rules: &Rules, first: f64, dt: f64, n: f64) {
    // No ladder here (`taking_off`): sneaking changes no rate.
    let momentum = plan.start.momentum;
    if first >= dt {
        plan.rules = *first_rules;
        plan.rate = first_rules.rate(momentum, false);
        return;
    }
    let n_first = n * first / dt;
    let first_rules = first_rules.lasting(n_first);
    plan.rules = plan.rules.lasting(n - n_first);
    let rate_first = first_rules.rate(momentum, false);
    plan.from = DVec3::from_array(
        [0, 1, 2].map(|axis| first_rules.axes[axis].after_moving(momentum[axis])),
    );
    let rate_rest = plan.rules.rate(plan.from, false);
    plan.rate = (rate_first * first + rate_rest * (dt - first)) / dt;
}

/// Whether a swimmer that met a wall may climb out over it
/// (`LivingEntity.travelInFluid`, `isFree`): its box, moved by a tick of its
/// momentum and raised `liquid_exit_height` above where the tick began,
/// meets no block and no liquid.
fn ledge_exit_is_free<W: BlockSource + ?Sized>(
    world: &W,
    resolver: &mut Resolver,
    settings: &Settings,
    start: &crate::geometry::Aabb,
    end: &crate::geometry::Aabb,
    momentum: DVec3,
) -> Result<bool, MoveError> {
    let tick = momentum / minecraft::TICKS;
    let raised = DVec3::new(
        tick.x,
        tick.y + settings.liquid_exit_height - (end.min.y - start.min.y),
        tick.z,
    );
    let probe = end.translated(raised);
    if holds_liquid(world, &probe) {
        return Ok(false);
    }
    // Free of blocks: the way up to it and across is open.
    let up = resolver.move_box(world, *end, DVec3::new(0.0, raised.y, 0.0))?;
    if up.blocked.y || up.depenetration.is_some() {
        return Ok(false);
    }
    let across = resolver.move_box(world, up.end, DVec3::new(raised.x, 0.0, raised.z))?;
    Ok(!across.blocked.x && !across.blocked.z)
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
