//! Balls: spheres that fall, bounce off blocks and come to rest.

use glam::DVec3;

use super::body::{BodyError, check_position};
use super::{Event, Settings};
use crate::geometry::{Aabb, push_out_sphere_box};
use crate::resolver::{CellRange, Resolver};
use crate::world::BlockSource;

/// A sphere thrown into the world.
///
/// ```
/// use voxwalk::glam::DVec3;
/// use voxwalk::controller::Ball;
/// let ball = Ball::new(DVec3::new(0.5, 3.0, 0.5), 0.25, DVec3::ZERO).unwrap();
/// assert!(!ball.resting);
/// assert!(Ball::new(DVec3::ZERO, 0.0, DVec3::ZERO).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ball {
    /// Centre of the sphere.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec3"))]
    pub center: DVec3,
    /// Radius, between [`Ball::MIN_RADIUS`] and [`Ball::MAX_RADIUS`].
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub radius: f64,
    /// Blocks per second.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec3"))]
    pub velocity: DVec3,
    /// Lying still on a surface after the last tick.
    pub resting: bool,
    /// Ticks in a row the ball has been held up and slower than the sleep speed.
    pub quiet_ticks: u32,
}

/// Steps per tick are capped: a ball at the speed limit and the smallest radius
/// takes fewer than this.
const MAX_SUBSTEPS: u64 = 4096;

/// Push-out rounds per step. Sequential push-outs settle a ball in a corner in
/// two or three rounds, but between two faces at a sharp angle (a face and a
/// block's edge) each round only halves what is left; past this many the
/// step is undone instead.
const CONTACT_ROUNDS: usize = 32;

/// A supported ball this slow is at rest at once (its speed is rounding).
const REST_SPEED_EPSILON: f64 = 1e-9;
/// A supported ball slower than this (blocks/s) for [`SLEEP_TICKS`] ticks in a
/// row is put to rest.
const SLEEP_SPEED: f64 = 0.25;
const SLEEP_TICKS: u32 = 10;

/// Overlaps this small count as touching: the push-outs settle to within it.
const SETTLED: f64 = 1e-9;

impl Ball {
    /// The smallest radius: a marble of a tenth of a block across.
    pub const MIN_RADIUS: f64 = 0.05;
    /// The largest radius.
    pub const MAX_RADIUS: f64 = 8.0;
    /// The fastest a ball may be thrown (blocks/s).
    pub const MAX_SPEED: f64 = 1000.0;

    /// A ball at `center`.
    ///
    /// # Errors
    /// [`BodyError`] for a non-finite or far-out centre, a radius outside
    /// [`Ball::MIN_RADIUS`]..=[`Ball::MAX_RADIUS`], or a speed above [`Ball::MAX_SPEED`].
    pub fn new(center: DVec3, radius: f64, velocity: DVec3) -> Result<Ball, BodyError> {
        check_position("ball centre", center)?;
        if !(Self::MIN_RADIUS..=Self::MAX_RADIUS).contains(&radius) {
            return Err(BodyError::BadSize {
                what: "ball radius",
                value: [radius; 3],
                limit: Self::MAX_RADIUS,
            });
        }
        if !velocity.is_finite() || velocity.length() > Self::MAX_SPEED {
            return Err(BodyError::BadSize {
                what: "ball velocity",
                value: velocity.to_array(),
                limit: Self::MAX_SPEED,
            });
        }
        Ok(Ball {
            center,
            radius,
            velocity,
            resting: false,
            quiet_ticks: 0,
        })
    }
}

/// The velocity after a contact along `normal`: the part into the surface is
/// reflected and scaled by the restitution (or ended, below the rest speed),
/// and friction slows the sliding part.
fn respond(
    mut v: DVec3,
    normal: DVec3,
    settings: &Settings,
    step_dt: f64,
    events: &mut Vec<Event>,
) -> DVec3 {
    let into = -v.dot(normal);
    if into > 0.0 {
        let bounce = if into > settings.balls.rest_speed {
            events.push(Event::Bounced {
                normal,
                speed: into,
            });
            into * settings.balls.restitution
        } else {
            0.0
        };
        v += normal * (into + bounce);
    }
    let along = normal * v.dot(normal);
    let sliding = v - along;
    let slowed = sliding.length() - settings.balls.friction * step_dt;
    along + sliding.normalize_or_zero() * slowed.max(0.0)
}

/// One round of push-outs: the sphere at `center` is pushed out of each solid
/// box it overlaps by more than [`SETTLED`], one box after another, and
/// `on_push` hears each push. Returns whether there was any.
fn push_out_of_blocks<W: BlockSource>(
    world: &W,
    center: &mut DVec3,
    radius: f64,
    mut on_push: impl FnMut(DVec3),
) -> bool {
    let reach = DVec3::splat(radius);
    let range = CellRange::covering(
        &Aabb::new(*center - reach, *center + reach),
        &world.registry().reach(),
    );
    let mut pushed = false;
    world.for_each_solid_in(range.lo, range.hi, |cell, boxes| {
        for shape in boxes {
            let solid = shape.translated(cell.as_dvec3());
            if let Some(push) = push_out_sphere_box(*center, radius, &solid)
                && push.length() > SETTLED
            {
                *center += push;
                pushed = true;
                on_push(push);
            }
        }
    });
    pushed
}

/// Whether the sphere overlaps a solid box by more than [`SETTLED`].
fn overlaps_solid<W: BlockSource>(world: &W, center: DVec3, radius: f64) -> bool {
    let mut probe = center;
    push_out_of_blocks(world, &mut probe, radius, |_| {})
}

/// A ball placed inside blocks (spawned there, or blocks set around it) is
/// moved to where its bounding cube is free, by the resolver's least-penetration
/// push-out: a free cube holds a free sphere. Steps start from a free position
/// after this, which is what undoing a step relies on.
fn free_if_buried<W: BlockSource>(
    world: &W,
    resolver: &mut Resolver,
    ball: &mut Ball,
    events: &mut Vec<Event>,
) {
    if !overlaps_solid(world, ball.center, ball.radius) {
        return;
    }
    let reach = DVec3::splat(ball.radius);
    let cube = Aabb::new(ball.center - reach, ball.center + reach);
    let start = ball.center;
    if let Ok(motion) = resolver.move_box(world, cube, DVec3::ZERO)
        && motion.depenetration.is_some_and(|d| d.resolved)
    {
        ball.center = motion.end.center();
    } else if let Some(free) = (1..=BURIED_SEARCH_STEPS)
        .map(|k| start + DVec3::new(0.0, f64::from(k) * BURIED_SEARCH_STEP, 0.0))
        .find(|&c| !overlaps_solid(world, c, ball.radius))
    {
        // Deeper than a push-out reaches (inside terrain): up to the first free spot.
        ball.center = free;
    }
    let offset = ball.center - start;
    events.push(Event::PushedOut {
        offset,
        resolved: offset != DVec3::ZERO,
    });
}

/// How a buried ball searches upwards for space when pushing out fails: in
/// quarter blocks, up to 256 blocks.
const BURIED_SEARCH_STEP: f64 = 0.25;
const BURIED_SEARCH_STEPS: u32 = 1024;

/// A ball in a liquid floats and drifts as Minecraft's items do
/// (`ItemEntity.tick`): where the liquid is more than 0.1 deep over its
/// bottom, no gravity; a rise of 5e-4 a tick per tick while slower than 0.06
/// a tick up; 0.99 of its horizontal velocity kept a tick in water, 0.95 in
/// lava, and 0.98 of all of it (the item's friction); the currents' push,
/// normalised. Spread over the tick at any rate. Whether it did.
fn swim<W: BlockSource>(world: &W, ball: &Ball, dt: f64, v: &mut DVec3) -> bool {
    use super::settings::minecraft::TICKS;
    let reach = DVec3::splat(ball.radius);
    let aabb = crate::geometry::Aabb::new(ball.center - reach, ball.center + reach);
    let wet = super::liquid_cells::immersion(world, &aabb, *v / TICKS);
    let keep = if wet.water > 0.1 {
        0.99
    } else if wet.lava > 0.1 {
        0.95
    } else {
        return false;
    };
    let n = dt * TICKS;
    let held = crate::math::powf(0.98, n);
    v.x *= crate::math::powf(keep, n) * held;
    v.z *= crate::math::powf(keep, n) * held;
    if v.y < 0.06 * TICKS {
        v.y += 5e-4 * TICKS * n;
    }
    v.y *= held;
    *v += wet.push * TICKS * n;
    true
}

/// Advances a ball by one tick.
///
/// Gravity first; then the tick's travel in steps of at most half the radius
/// (so the ball cannot pass through a block between two checks), each step
/// followed by the sphere–box push-out against every solid box the ball
/// overlaps (centre outside: along the separating direction; centre inside:
/// out through the nearest face). A push reflects the velocity into the
/// surface, scaled by the restitution; bounces slower than the rest speed end
/// instead, and friction slows the sliding part. Push-outs that do not settle
/// undo the step. A ball that touched ground and has no velocity left is resting.
pub(crate) fn tick_ball<W: BlockSource>(
    world: &W,
    resolver: &mut Resolver,
    settings: &Settings,
    ball: &mut Ball,
    events: &mut Vec<Event>,
) {
    let dt = settings.dt();
    free_if_buried(world, resolver, ball, events);
    let mut v = ball.velocity;
    if !swim(world, ball, dt, &mut v) {
        v.y = (v.y - settings.air.gravity * dt).max(-settings.terminal_speed());
    }
    let travel = v * dt;
    let max_step = (ball.radius * 0.5).min(0.25);
    let steps = ((travel.abs().max_element() / max_step) as u64 + 1).min(MAX_SUBSTEPS);
    let step_dt = dt / steps as f64;
    let mut on_ground = false;
    let mut center = ball.center;
    for _ in 0..steps {
        let before = center;
        center += v * step_dt;
        let mut settled = false;
        for _ in 0..CONTACT_ROUNDS {
            let pushed = push_out_of_blocks(world, &mut center, ball.radius, |push| {
                let normal = push.normalize();
                on_ground |= normal.y > 0.0;
                v = respond(v, normal, settings, step_dt, events);
            });
            if !pushed {
                settled = true;
                break;
            }
        }
        if !settled {
            // Wedged where the push-outs do not agree (a ball a hair wider than
            // the slot it fell onto): stay where the step began, which was free,
            // and stop. A ball wedged on its way down is held up: it rests.
            on_ground |= center.y < before.y;
            center = before;
            v = DVec3::ZERO;
        }
    }
    // A supported ball that stays this slow for a while is put to rest: contacts
    // with edges can otherwise keep a ball rocking by a hair for ever, and
    // rounding leaves a ball balanced on a corner a few ulps of speed.
    let quiet = on_ground && v.length() < SLEEP_SPEED;
    ball.quiet_ticks = if quiet {
        ball.quiet_ticks.saturating_add(1)
    } else {
        0
    };
    let resting = quiet && (ball.quiet_ticks >= SLEEP_TICKS || v.length() <= REST_SPEED_EPSILON);
    if resting {
        v = DVec3::ZERO;
        if ball.resting {
            // Asleep: stays exactly where it came to rest while it is held up.
            center = ball.center;
        }
    }
    if resting && !ball.resting {
        events.push(Event::CameToRest);
    }
    ball.center = center;
    ball.velocity = v;
    ball.resting = resting;
}
