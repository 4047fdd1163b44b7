//! One fixed tick of one body, top to bottom: what acts on it
//! (`surroundings`), the start of Minecraft's `aiStep` (`ai_step`), the
//! rules of motion and the velocity moved with (`rules`, one `recurrence`
//! per axis), the edge guard, the move, auto-step (`make_move`), and the
//! momentum kept (`momentum`). The records the steps hand on live in
//! `tick_records`; this file runs the steps in order and nothing imports
//! it back.

use super::body_view::BodyView;
use glam::DVec3;

use super::ai_step::{Start, minor_collision, start_of_step};
use super::make_move::make_move;
use super::momentum::momentum_kept;
use super::pose::{pose_after_swimming, pose_after_tick, update_pose};
use super::riding::settle_riding;
use super::rules::{Gait, Rules};
use super::settings::minecraft;
use super::surroundings::Surroundings;
use super::swimming;
use super::tick_records::{Moved, Plan, TickScratch};
use super::{Body, Contacts, Event, Input, Pose, Settings};
use crate::geometry::Aabb;
use crate::movers::Movers;
use crate::resolver::MoveError;
use crate::world::BlockSource;

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
pub(crate) fn tick_body<W: BlockSource>(
    world: &W,
    movers: &Movers,
    scratch: &mut TickScratch,
    settings: &Settings,
    body: &mut Body,
    input: Input,
    events: &mut Vec<Event>,
) -> Result<Contacts, MoveError> {
    if !movers.is_empty() || body.riding.is_some() {
        return tick_among_movers(world, movers, scratch, settings, body, input, events);
    }
    let view = BodyView::of(world, None, body).descending(input.sneak && !input.fly);
    tick_in(&view, scratch, settings, body, input, events)
}

/// [`tick_body`] in a world with movers: the body reads the world with the
/// movers near it, and afterwards which one it rides.
#[inline(never)]
fn tick_among_movers<W: BlockSource>(
    world: &W,
    movers: &Movers,
    scratch: &mut TickScratch,
    settings: &Settings,
    body: &mut Body,
    input: Input,
    events: &mut Vec<Event>,
) -> Result<Contacts, MoveError> {
    let riding = body.riding;
    let mut near = std::mem::take(&mut scratch.near_movers);
    // Every read of the tick lies within this of the body (a move at its
    // speed, a step, a probe under the feet, room to stand up); a read
    // beyond it looks at every mover, so the margin only saves time.
    let reach = 3.0 + body.standing_height + 2.0 * (body.momentum.length() + 10.0) * settings.dt();
    let covered = Aabb::new(
        body.aabb.min - DVec3::splat(reach),
        body.aabb.max + DVec3::splat(reach),
    );
    movers.near(&covered, 0.0, &mut near);
    let ticked = {
        let view = BodyView::of(world, Some(movers), body)
            .near(&near, covered)
            .descending(input.sneak && !input.fly);
        tick_in(&view, scratch, settings, body, input, events).inspect(|_| {
            settle_riding(&view, movers, settings, body, riding, events);
        })
    };
    scratch.near_movers = near;
    ticked
}

/// [`tick_body`] in the world as this body meets it.
#[inline]
fn tick_in<W: BlockSource>(
    world: &BodyView<'_, W>,
    scratch: &mut TickScratch,
    settings: &Settings,
    body: &mut Body,
    input: Input,
    events: &mut Vec<Event>,
) -> Result<Contacts, MoveError> {
    if let Some(lowest) = world.lowest_block()
        && body.aabb.max.y < f64::from(lowest) - settings.collisions.left_world_depth
    {
        hold_below_the_world(body, events);
        return Ok(Contacts::default());
    }
    body.left_world = false;
    let events_at_start = events.len();
    let was_grounded = body.grounded;
    look_before_the_first_tick(world, settings, body);
    update_pose(world, &mut scratch.resolver, settings, body, input, false)?;
    let mut around = surroundings(world, body, input.fly, events);
    room_after_swim(world, scratch, settings, (body, input), &mut around)?;
    let mut start = start_of_step(settings, body, input, around.as_ref(), events);
    let mut plan = plan_move(settings, body, input, around.as_ref(), start);
    let mut moved = make_move(world, scratch, body, &plan, events)?;
    if moved.pushed_out {
        // Something came into the box since its last tick: the pose it
        // holds may no longer fit. The body is untouched but for its pose
        // so far; weigh every pose and make the tick again.
        events.truncate(events_at_start);
        let again = Again {
            around: &mut around,
            start: &mut start,
            plan: &mut plan,
            moved: &mut moved,
        };
        again.make(world, scratch, settings, body, input, events)?;
    }
    let momentum = momentum_kept(world, &mut scratch.resolver, &plan, &moved, events)?;

    // The body is written only here, once its move is made: a refused move
    // leaves it as it was.
    let mut velocity = plan.rate;
    for axis in 0..3 {
        if moved.stopped(axis) {
            velocity[axis] = 0.0;
        }
    }
    if let Some([h, v]) = plan.rules.stuck {
        velocity *= DVec3::new(h, v, h);
    }
    body.aabb = moved.end;
    body.velocity = velocity;
    body.momentum = momentum;
    body.grounded = moved.landed || moved.stepped || moved.snapped;
    body.in_liquid = start.in_liquid;
    body.climbing = around.as_ref().is_some_and(|a| a.climbing);
    body.sprinting = start.sprinting;
    body.swimming = start.swimming;
    look_at_the_eyes(world, scratch, settings, body, input)?;
    // Whether the wall met was head on. The client judges it by the move it
    // made (`isHorizontalCollisionMinor` of the collided movement, the part
    // of a cut axis made before the wall included): so does the vanilla
    // order. The exact order reads the velocity, the cut axis zeroed, which
    // its scenarios pin (`wall_seams_full_speed`); the two part only on the
    // tick a wall is first met at a shallow angle.
    let judged = moved.collided.unwrap_or(velocity / minecraft::TICKS);
    body.wall_head_on = moved.walled() && !minor_collision(start.wish, judged);
    keep_the_clocks(body, &start);
    let jumped = events[events_at_start..].contains(&Event::Jumped);
    body.coyote = coyote_left(settings, body, was_grounded, jumped);
    body.touching = Contacts {
        ground: body.grounded,
        ceiling: moved.ceiling,
        wall_x: moved.blocked.x,
        wall_z: moved.blocked.z,
    };
    Ok(body.touching)
}

/// Where a tick made again after finding something in the body's box
/// writes its steps 1–3: the common path keeps them in its own locals.
struct Again<'t, 'a> {
    around: &'t mut Option<Surroundings>,
    start: &'t mut Start,
    plan: &'t mut Plan<'a>,
    moved: &'t mut Moved,
}

impl<'a> Again<'_, 'a> {
    /// Steps 1–3 again, every pose weighed from where the body is: the rare
    /// tick, kept out of the common path.
    #[cold]
    #[inline(never)]
    fn make<W: BlockSource>(
        self,
        world: &BodyView<'_, W>,
        scratch: &mut TickScratch,
        settings: &'a Settings,
        body: &mut Body,
        input: Input,
        events: &mut Vec<Event>,
    ) -> Result<(), MoveError> {
        update_pose(world, &mut scratch.resolver, settings, body, input, true)?;
        *self.around = surroundings(world, body, input.fly, events);
        room_after_swim(world, scratch, settings, (body, input), self.around)?;
        *self.start = start_of_step(settings, body, input, self.around.as_ref(), events);
        *self.plan = plan_move(settings, body, input, self.around.as_ref(), *self.start);
        *self.moved = make_move(world, scratch, body, self.plan, events)?;
        Ok(())
    }
}

/// Whether a swimmer lying flat would crouch were its swim to end this tick
/// ([`Surroundings::crouches_after_swim`]): the pose it would take is a
/// crouch. Only swimmers ask the room.
#[inline]
fn room_after_swim<W: BlockSource>(
    world: &BodyView<'_, W>,
    scratch: &mut TickScratch,
    settings: &Settings,
    (body, input): (&Body, Input),
    around: &mut Option<Surroundings>,
) -> Result<(), MoveError> {
    if body.swimming
        && body.pose == Pose::Crawling
        && let Some(around) = around.as_mut()
    {
        let after = pose_after_swimming(world, &mut scratch.resolver, settings, body, input)?;
        around.crouches_after_swim = after == Pose::Sneaking;
    }
    Ok(())
}

/// A body's first tick looks where its eyes are as it was placed, as the
/// client's first `baseTick` does.
#[inline]
fn look_before_the_first_tick<W: BlockSource>(
    world: &BodyView<'_, W>,
    settings: &Settings,
    body: &mut Body,
) {
    if body.eyes_in_water.is_none() {
        first_look(world, settings, body);
    }
}

/// [`look_before_the_first_tick`]'s look, once a body.
#[cold]
fn first_look<W: BlockSource>(world: &BodyView<'_, W>, settings: &Settings, body: &mut Body) {
    let eye_height = body.pose.eye_height(settings, body.standing_height);
    body.eyes_in_water = Some(swimming::eyes_in_water(world, body, eye_height));
}

/// Where the eyes are after the tick, read under water or not as the
/// client reads them at the start of its next (`updateFluidOnEyes`, in the
/// pose `updatePlayerPose` leaves), and the look before, which the client
/// reads a tick late (`isUnderWater`), made the one the next tick goes by.
fn look_at_the_eyes<W: BlockSource>(
    world: &BodyView<'_, W>,
    scratch: &mut TickScratch,
    settings: &Settings,
    body: &mut Body,
    input: Input,
) -> Result<(), MoveError> {
    body.under_water = body.eyes_in_water.unwrap_or(false);
    if !world.may_hold_behaviours(glam::IVec3::MIN, glam::IVec3::MAX) {
        body.eyes_in_water = Some(false);
        return Ok(());
    }
    // The pose the client's eyes are read in is the one `updatePlayerPose`
    // leaves after the tick, which the body takes at the start of its next:
    // a swimmer's is the crawling pose; any other stands up, or crouches,
    // where the keys ask and there is room (a crouch forced by a ceiling
    // ends where the ceiling does).
    let pose = pose_after_tick(world, &mut scratch.resolver, settings, body, input)?;
    let eye_height = pose.eye_height(settings, body.standing_height);
    body.eyes_in_water = Some(swimming::eyes_in_water(world, body, eye_height));
    Ok(())
}

/// The jump's and the cut-off's clocks as the tick's start left them, for
/// the next tick.
fn keep_the_clocks(body: &mut Body, start: &Start) {
    body.jump_wait = start.jump_wait;
    body.jump_held = start.jump_held;
    body.takeoff = start.takeoff;
    body.takeoff_slipperiness = start.takeoff_slipperiness;
    body.cutoff_clock = start.cutoff_clock;
}

/// Seconds left in which a jump still leaves as from the ground, after a
/// tick that left `body` so: the settings' coyote time from the tick it
/// walks off an edge (not one it left rising: a jump, a bounce, a push up),
/// counted down in the air; none on the ground, in a liquid or on a ladder.
fn coyote_left(settings: &Settings, body: &Body, was_grounded: bool, jumped: bool) -> f64 {
    if body.grounded || jumped || body.in_liquid || body.climbing {
        0.0
    } else if was_grounded {
        if body.momentum.y <= 0.0 {
            settings.jumping.coyote_time
        } else {
            0.0
        }
    } else {
        (body.coyote - settings.dt()).max(0.0)
    }
}

/// A body that fell out of the world stops where it is, reported once.
fn hold_below_the_world(body: &mut Body, events: &mut Vec<Event>) {
    if !body.left_world {
        events.push(Event::LeftWorld);
        body.left_world = true;
    }
    body.velocity = DVec3::ZERO;
    body.momentum = DVec3::ZERO;
    body.grounded = false;
}

/// Step 2 of a tick: the rules of motion, and the velocity moved with.
#[inline]
fn plan_move<'a>(
    settings: &'a Settings,
    body: &Body,
    input: Input,
    around: Option<&Surroundings>,
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
        jump: start.swims_up,
        sinking: start.sinking,
        up_down: f64::from(u8::from(input.up)) - f64::from(u8::from(input.down)),
        lifted: climbing && (input.jump || body.touching.wall()),
        ground_slipperiness: (body.grounded && !flying).then_some(start.ground_slipperiness),
    };
    let rules = Rules::new(settings, &gait, around);
    let taking_off =
        start.takeoff > 0.0 && !body.grounded && !flying && !start.in_liquid && !climbing;
    let mut plan = Plan {
        settings,
        input,
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

/// Step 0 of a tick: the behaviours around the body, and the events of
/// entering and leaving a liquid.
fn surroundings<W: BlockSource>(
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
