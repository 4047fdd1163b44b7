//! The start of Minecraft's `LivingEntity.aiStep` and `LocalPlayer.aiStep`
//! for one body: the keys' wish, sprinting, the jump wait, the momentum
//! cut-off, and the jump itself. What it leaves is a [`Start`] for the rest
//! of the tick (`tick.rs`).

use glam::{DVec2, DVec3};

use super::settings::minecraft;
use super::surroundings::Surroundings;
use super::swimming;
use super::{Body, Event, Input, Pose, Settings};

/// The angle under which a wall the body runs along does not stop its
/// sprint (`LocalPlayer.isHorizontalCollisionMinor`: 8°).
const MINOR_COLLISION: f64 = 0.139_626_339_077_949_52;

/// What the start of Minecraft's `aiStep` leaves for the rest of the tick.
#[derive(Clone, Copy, Debug)]
#[allow(clippy::struct_excessive_bools)] // aiStep's own flags, one each
pub(crate) struct Start {
    pub(crate) momentum: DVec3,
    pub(crate) wish: DVec2,
    pub(crate) sprinting: bool,
    /// Swimming this tick (`Entity.updateSwimming`, `swimming.rs`).
    pub(crate) swimming: bool,
    pub(crate) in_liquid: bool,
    /// Sneaking in water (`goDownInWater`).
    pub(crate) sinking: bool,
    /// Jump held in a liquid swims up this tick (`jumpInLiquid`) rather
    /// than jumping from the ground.
    pub(crate) swims_up: bool,
    pub(crate) jump_wait: f64,
    /// Jump was held in a tick since the last of Minecraft's.
    pub(crate) jump_held: bool,
    pub(crate) takeoff: f64,
    pub(crate) takeoff_slipperiness: f64,
    /// The slipperiness of the ground under the body now.
    pub(crate) ground_slipperiness: f64,
    pub(crate) cutoff_clock: f64,
    /// A Minecraft tick (1/20 s) ends in this tick: its once-a-tick events
    /// (the cut-off, the currents, the bubble columns) happen.
    pub(crate) minecraft_tick: bool,
}

/// Step 1 of a tick: the start of `aiStep`.
#[inline]
pub(crate) fn start_of_step(
    settings: &Settings,
    body: &Body,
    input: Input,
    around: Option<&Surroundings>,
    events: &mut Vec<Event>,
) -> Start {
    let dt = settings.dt();
    let flying = input.fly;
    let in_liquid = around.is_some_and(|a| a.liquid.is_some());
    let in_water = around.is_some_and(Surroundings::in_water);
    // A sneaking swimmer sinks in water (`goDownInWater`, before the cut-off).
    let sinking = in_water && input.sneak;
    let sink = if sinking {
        settings.swimming.up_acceleration / minecraft::TICKS
    } else {
        0.0
    };
    // The cut-off is an event of 1/20 s: at a finer rate a body starting
    // to move has gained only part of a Minecraft tick's momentum after one
    // tick, and cutting it then would never let it start.
    let (cuts, cutoff_clock) = once_per_minecraft_tick(body.cutoff_clock, dt);
    // The liquids' currents push once every 1/20 s, before the cut-off
    // (`baseTick`'s fluid pushing comes before `aiStep`); never a flyer
    // (`Player.isPushedByFluid`).
    let momentum = match around {
        Some(a) if cuts && !flying && a.current != DVec3::ZERO => {
            body.momentum + a.current * minecraft::TICKS
        }
        _ => body.momentum,
    };
    let momentum = if cuts {
        cut_off(momentum, settings.air.momentum_cutoff, sink)
    } else {
        momentum
    };
    let swimming = swimming::swims(
        body,
        in_water,
        around.is_some_and(|a| a.feet_in_water),
        flying,
    );
    let crouches = around.is_some_and(|a| a.crouches_after_swim);
    let (wish, forward) = keys_wish(settings, body, input, (swimming, in_water, crouches));
    let sprinting = sprinting(body, input, forward, (in_water, swimming, crouches));
    let ground_slipperiness = around.map_or(crate::block::DEFAULT_SLIPPERINESS, |a| {
        a.ground.slipperiness
    });
    let mut start = Start {
        momentum,
        wish,
        sprinting,
        swimming,
        in_liquid,
        sinking,
        swims_up: false,
        jump_wait: run_down(body.jump_wait, dt),
        jump_held: false,
        takeoff: run_down(body.takeoff, dt),
        takeoff_slipperiness: body.takeoff_slipperiness,
        ground_slipperiness,
        cutoff_clock,
        minecraft_tick: cuts,
    };
    jump_keys(settings, body, (input, around), &mut start, events);
    if swimming && cuts {
        steer(settings, input, around, &mut start);
    }
    start
}

/// What jump held does this tick: swim up in a liquid, or jump from the
/// ground once the jump wait is over.
#[inline]
fn jump_keys(
    settings: &Settings,
    body: &Body,
    (input, around): (Input, Option<&Surroundings>),
    start: &mut Start,
    events: &mut Vec<Event>,
) {
    // Jump held in any tick since the last of Minecraft's counts at the
    // next: a key pressed for one tick at a finer rate is not lost.
    let jump_held = input.jump || body.jump_held;
    if !input.jump {
        start.jump_wait = 0.0;
    }
    if jump_held && !input.fly {
        if swims_up(body, around) {
            start.swims_up = input.jump;
        } else if (body.grounded || body.coyote > 0.0)
            && start.jump_wait == 0.0
            && start.minecraft_tick
        {
            // A jump from the ground is part of Minecraft's tick, as the
            // cut-off is: at a finer rate a body that lands within a 1/20 s
            // waits on the ground for the next, so holding the keys it
            // jumps every 12 ticks of 1/20 s, and its samples stay on the
            // client's.
            jump_from_ground(settings, body, around, start);
            events.push(Event::Jumped);
        }
    }
    start.jump_held = jump_held && !start.minecraft_tick;
}

/// `LivingEntity.jumpFromGround`: up at the jump speed (the ground's share
/// of it), a sprinter also forward along the way it faces.
fn jump_from_ground(
    settings: &Settings,
    body: &Body,
    around: Option<&Surroundings>,
    start: &mut Start,
) {
    let factor = around.map_or(1.0, |a| a.jump_factor);
    let momentum = &mut start.momentum;
    momentum.y = momentum.y.max(settings.jumping.speed * factor);
    if start.sprinting {
        momentum.x += body.heading.x * settings.jumping.sprint_boost;
        momentum.z += body.heading.y * settings.jumping.sprint_boost;
    }
    start.jump_wait = settings.jumping.delay;
    // The jump tick is a tick on the ground: its friction brakes the body
    // for 1/20 s, at any tick rate.
    start.takeoff = 1.0 / minecraft::TICKS;
    start.takeoff_slipperiness = start.ground_slipperiness;
}

/// A swimmer's vertical momentum turned towards its look, once every 1/20 s
/// (`Player.travel`, after `jumpInLiquid` and `goDownInWater`).
fn steer(settings: &Settings, input: Input, around: Option<&Surroundings>, start: &mut Start) {
    let look_up = swimming::look_up(input.pitch_degrees());
    let at_chest = around.is_some_and(|a| a.liquid_at_chest);
    if !swimming::turns(look_up, input.jump, at_chest) {
        return;
    }
    let rise = f64::from(u8::from(start.swims_up)) - f64::from(u8::from(start.sinking));
    let rise = rise * settings.swimming.up_acceleration / minecraft::TICKS;
    start.momentum.y = swimming::steered(start.momentum.y, rise, look_up);
}

/// Whether jump held swims up (`LivingEntity.aiStep`'s `jumpInLiquid`): in
/// water or lava, unless the body stands on the ground in liquid no deeper
/// than the jump threshold, where it jumps from the ground as on land.
fn swims_up(body: &Body, around: Option<&Surroundings>) -> bool {
    let Some(around) = around else {
        return false;
    };
    let (in_lava, in_water) = (around.in_lava(), around.in_water());
    let depth = if in_lava {
        around.lava_height
    } else {
        around.water_height
    };
    let shallow_footing = body.grounded && depth <= FLUID_JUMP_THRESHOLD;
    let swimming = in_water && depth > 0.0;
    (swimming || in_lava) && !shallow_footing
}

/// `Entity.getFluidJumpThreshold`: 0.4 for a body whose eyes are at least
/// that high (every pose of Minecraft's player).
pub(crate) const FLUID_JUMP_THRESHOLD: f64 = 0.4;

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
fn keys_wish(
    settings: &Settings,
    body: &Body,
    input: Input,
    (swimming, in_water, crouches_after_swim): (bool, bool, bool),
) -> (DVec2, bool) {
    let axis = |plus: bool, minus: bool| f64::from(u8::from(plus)) - f64::from(u8::from(minus));
    let keys = DVec2::new(axis(input.east, input.west), axis(input.south, input.north));
    let slow = moving_slowly(body, swimming, in_water, crouches_after_swim);
    let share = if slow && settings.walking.speed > 0.0 {
        (settings.walking.sneak_speed / settings.walking.speed) as f32
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

/// Whether the body moves at the sneaking share (`LocalPlayer.isMovingSlowly`):
/// crouched, by the key or for want of room, unless it swims (`crouching`),
/// or flat out of water (`isVisuallyCrawling`). A swimmer whose swim ends
/// this tick still lies flat, and crouches where only a crouch fits.
fn moving_slowly(body: &Body, swimming: bool, in_water: bool, crouches_after_swim: bool) -> bool {
    match body.pose {
        Pose::Standing => false,
        Pose::Sneaking => !swimming,
        Pose::Crawling => (!swimming && crouches_after_swim) || !in_water,
    }
}

/// Whether the body sprints this tick (`LocalPlayer.aiStep`). It starts
/// with sprint held while it walks forward, not slowly and not in water,
/// unless its eyes are under water, where either is allowed. It keeps on,
/// the key held or not, until it stops walking forward, flies, is in water
/// with its eyes out of it, or ran into a wall head on in its last tick (a
/// wall it only brushes, within 8°, does not stop it); a swimmer's sprint
/// ends only when it leaves the water, or stops walking forward while
/// neither on the ground nor sneaking.
fn sprinting(
    body: &Body,
    input: Input,
    forward: bool,
    (in_water, swimming, crouches_after_swim): (bool, bool, bool),
) -> bool {
    let under_water = body.under_water;
    let may_start = forward
        && !input.fly
        && (!moving_slowly(body, swimming, in_water, crouches_after_swim) || under_water)
        && (!in_water || under_water);
    // Started, then stopped in the same step where a stop applies: a key
    // held against a wall does not keep a sprint.
    let started = body.sprinting || (input.sprint && may_start);
    let stops = if swimming {
        !in_water || (!forward && !body.grounded && !input.sneak)
    } else {
        !forward || body.wall_head_on || (in_water && !under_water)
    };
    started && !stops && !input.fly
}

/// Whether a wall met while wishing `wish` and making `moved` in a
/// Minecraft tick (1/20 s) only brushes the body
/// (`LocalPlayer.isHorizontalCollisionMinor`), computed as the client does,
/// `acos(w·m / √(|w|²|m|²))` against 8° with its float thresholds, through
/// `math` (glam's `angle_to` would call the platform's `atan2`).
pub(crate) fn minor_collision(wish: DVec2, moved: DVec3) -> bool {
    let moved = DVec2::new(moved.x, moved.z);
    let (wished, made) = (wish.length_squared(), moved.length_squared());
    let small = f64::from(1.0e-5_f32);
    if wished < small || made < small {
        return false;
    }
    crate::math::acos(wish.dot(moved) / (wished * made).sqrt()) < MINOR_COLLISION
}
