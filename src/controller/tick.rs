//! One fixed tick of one body, top to bottom: what acts on it
//! (`surroundings`), the start of Minecraft's `aiStep` (`ai_step`), the
//! rules of motion and the velocity moved with (`block_effects`, one
//! `recurrence` per axis), the edge guard, the move, auto-step, and the
//! momentum kept (`block_effects` again).

use glam::DVec3;

use super::ai_step::{Start, minor_collision, start_of_step};
use super::block_effects::{Gait, Rules, momentum_kept};
use super::edge_guard::{guard_edges, is_guarded, leaves_the_surface};
use super::step_up::{Step, step_up};
use super::surroundings::Surroundings;
use super::{Body, Contacts, Event, HorizontalAxis, Input, Settings};
use crate::resolver::{Motion, MoveError, Resolver, TOUCH_TOLERANCE};
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
        if moved.stopped(axis) {
            velocity[axis] = 0.0;
        }
    }
    if let Some([h, v]) = plan.rules.stuck {
        velocity *= DVec3::new(h, v, h);
    }
    body.previous = body.aabb;
    body.aabb = moved.end;
    body.velocity = velocity;
    body.momentum = momentum;
    body.grounded = moved.landed || moved.stepped;
    body.in_liquid = start.in_liquid;
    body.climbing = around.as_ref().is_some_and(|a| a.climbing);
    body.sprinting = start.sprinting;
    body.wall_head_on = moved.walled() && !minor_collision(start.wish, velocity);
    body.jump_wait = start.jump_wait;
    body.takeoff = start.takeoff;
    body.takeoff_slipperiness = start.takeoff_slipperiness;
    body.cutoff_clock = start.cutoff_clock;
    body.touching = Contacts {
        ground: body.grounded,
        ceiling: moved.ceiling,
        wall_x: moved.blocked.x,
        wall_z: moved.blocked.z,
    };
    Ok(body.touching)
}

/// The rules a tick moves by, the velocity it moves with, and what the
/// momentum is worked out from afterwards.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan<'a> {
    pub(crate) settings: &'a Settings,
    pub(crate) input: Input,
    pub(crate) start: Start,
    /// The rules of the tick's last stretch, made for its length: the whole
    /// tick, or what is left of it after the jump's first 1/20 s.
    pub(crate) rules: Rules,
    /// The momentum that stretch starts from.
    pub(crate) from: DVec3,
    pub(crate) rate: DVec3,
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

/// What the move did.
#[derive(Clone, Copy, Debug)]
#[allow(clippy::struct_excessive_bools)] // one flag per kind of contact
pub(crate) struct Moved {
    /// Where the body ended.
    pub(crate) end: crate::geometry::Aabb,
    /// Where it started, after any push-out.
    pub(crate) start_free: crate::geometry::Aabb,
    /// Axes a block stopped the move along (a wall, a floor, a ceiling).
    pub(crate) blocked: glam::BVec3,
    /// Axes the edge guard cut (x, z).
    pub(crate) cut: [bool; 2],
    pub(crate) landed: bool,
    pub(crate) stepped: bool,
    pub(crate) ceiling: bool,
}

impl Moved {
    /// Whether the move was stopped along `axis`, by a block or the guard.
    pub(crate) fn stopped(&self, axis: usize) -> bool {
        let cut = match axis {
            0 => self.cut[0],
            2 => self.cut[1],
            _ => false,
        };
        self.blocked.test(axis) || cut
    }

    /// Whether a wall stopped it sideways (the edge guard is not a wall: it
    /// lifts no climber and stops no sprint, as Minecraft's back-off).
    pub(crate) fn walled(&self) -> bool {
        self.blocked.x || self.blocked.z
    }
}

/// Step 3 of a tick: the edge guard, the move (pushing out first if the
/// body starts inside blocks) and auto-step.
fn make_move<W: BlockSource>(
    world: &W,
    scratch: &mut TickScratch,
    settings: &Settings,
    body: &Body,
    input: Input,
    plan: &Plan<'_>,
    events: &mut Vec<Event>,
) -> Result<Moved, MoveError> {
    let TickScratch {
        resolver,
        support,
        motion,
    } = scratch;
    let flying = input.fly;
    let mut displacement = plan.rate * settings.dt();
    if let Some([h, v]) = plan.rules.stuck {
        // In a cobweb the tick moves a share of what it would (`makeStuckInBlock`).
        displacement *= DVec3::new(h, v, h);
    }
    let start = body.aabb;
    let guarded = is_guarded(world, resolver, settings, body, input)?;
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
    resolver.move_box_into(world, start, displacement, motion)?;
    if guarded && leaves_the_surface(world, resolver, settings, &start, displacement, motion)? {
        // Hold still rather than step off: see `leaves_the_surface`.
        for (slot, axis) in [0, 2].into_iter().enumerate() {
            cut[slot] |= displacement[axis] != 0.0;
        }
        displacement.x = 0.0;
        displacement.z = 0.0;
        resolver.move_box_into(world, start, displacement, motion)?;
    }
    report_cuts(cut, events);
    let start_free = report_push_out(start, motion, events);
    let landed = motion.hits.as_slice().iter().any(|h| h.normal.y > 0.0);
    let mut end = motion.end;
    let mut blocked = motion.blocked;
    // Not while rising: a jump does its own climbing.
    let may_step =
        !flying && settings.step_height > 0.0 && displacement.y <= 0.0 && (body.grounded || landed);
    let mut stepped = false;
    if may_step
        && let Some(step) = auto_step(world, resolver, settings, &start_free, displacement, motion)?
    {
        end = step.end;
        blocked = step.blocked;
        blocked.y = true;
        stepped = true;
        events.push(Event::Stepped {
            height: step.height,
        });
    }
    report_contacts(motion, stepped, landed, body, plan.rate.y, events);
    Ok(Moved {
        end,
        start_free,
        blocked,
        cut,
        landed,
        stepped,
        ceiling: !stepped && motion.hits.as_slice().iter().any(|h| h.normal.y < 0.0),
    })
}

/// Where the move really started: the body's box, moved by any push-out
/// the resolver made first (which the events report).
#[inline]
fn report_push_out(
    start: crate::geometry::Aabb,
    motion: &Motion,
    events: &mut Vec<Event>,
) -> crate::geometry::Aabb {
    let Some(d) = motion.depenetration else {
        return start;
    };
    events.push(Event::PushedOut {
        offset: d.offset,
        resolved: d.resolved,
    });
    start.translated(d.offset)
}

/// Auto-step after a move a wall stopped sideways, when a block it met is
/// low enough to climb: the cheap test first, so tall walls skip the step's
/// trial moves.
#[inline]
fn auto_step<W: BlockSource>(
    world: &W,
    resolver: &mut Resolver,
    settings: &Settings,
    start_free: &crate::geometry::Aabb,
    displacement: DVec3,
    motion: &Motion,
) -> Result<Option<Step>, MoveError> {
    if !(motion.blocked.x || motion.blocked.z)
        || !step_could_clear(world, motion, start_free.min.y + settings.step_height)
    {
        return Ok(None);
    }
    step_up(
        world,
        resolver,
        start_free,
        displacement,
        settings.step_height,
        motion,
    )
}

/// What one body's tick needs besides the world and the body, kept between
/// ticks so that a warm tick allocates nothing.
#[derive(Debug)]
pub(crate) struct TickScratch {
    pub resolver: Resolver,
    /// The edge guard's support intervals.
    pub support: Vec<(f64, f64)>,
    /// The tick's move, written in place (`move_box_into`): a `Motion`
    /// returned by value is copied on the way out, every tick.
    pub motion: Motion,
}

impl Default for TickScratch {
    fn default() -> TickScratch {
        TickScratch {
            resolver: Resolver::default(),
            support: Vec::new(),
            motion: Motion::at_rest(crate::geometry::Aabb::default()),
        }
    }
}

/// Step 5 of a tick: the events of the move's contacts. A climb replaces the
/// plain move's contacts, but a body that came down onto the ledge it climbs
/// has still landed (fall damage keys on it). A wall is reported when the
/// body starts to touch it: one pressed into for many ticks is one
/// `HitWall`, and [`Body::touching`] says it is still there.
fn report_contacts(
    motion: &Motion,
    stepped: bool,
    landed: bool,
    body: &Body,
    fall_velocity: f64,
    events: &mut Vec<Event>,
) {
    let was_grounded = body.grounded;
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
            let touched = if hit.normal.x == 0.0 {
                body.touching.wall_z
            } else {
                body.touching.wall_x
            };
            if !touched {
                events.push(Event::HitWall { normal: hit.normal });
            }
        }
    }
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

/// Whether some wall the move hit may be low enough to step onto: a box of the
/// hit block whose top is at most `reach`. A climb cannot clear a wall whose
/// top is higher (it would meet the same face again), so bodies pressing into
/// tall walls skip the three trial moves of a step. A hit names the block, not
/// which of its boxes was met, so any low box counts: the lower step of a
/// stair is climbed although the block's upper box is out of reach.
fn step_could_clear<W: BlockSource>(world: &W, motion: &Motion, reach: f64) -> bool {
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
