//! Step 3 of a tick: the sneak edge guard, the move (pushing out first if
//! the body starts inside blocks), auto-step up a ledge and the snap down a
//! step, and the events of what the move met.

use super::body_view::BodyView;
use glam::DVec3;

use super::edge_guard::{guard_edges, is_guarded, leaves_the_surface};
use super::step_up::{Step, step_up};
use super::tick_records::{Moved, Plan, TickScratch};
use super::vanilla_move::{vanilla_motion, vanilla_stepped};
use super::{Body, Event, HorizontalAxis, Input, Settings};
use crate::geometry::Aabb;
use crate::resolver::{
    Motion, MoveError, Resolver, TOUCH_TOLERANCE, VanillaColliders, VanillaMove, collide_vanilla,
};
use crate::world::BlockSource;

/// Step 3 of a tick: the edge guard, the move (pushing out first if the
/// body starts inside blocks) and auto-step.
#[inline]
pub(crate) fn make_move<W: BlockSource>(
    world: &BodyView<'_, W>,
    scratch: &mut TickScratch,
    body: &Body,
    plan: &Plan<'_>,
    events: &mut Vec<Event>,
) -> Result<Moved, MoveError> {
    let (settings, input) = (plan.settings, plan.input);
    let TickScratch {
        resolver,
        support,
        motion,
        colliders,
        ..
    } = scratch;
    let flying = input.fly;
    let displacement = tick_displacement(settings, plan);
    let start = body.aabb;
    let mover = TickMove::new(resolver, colliders, settings, body, flying);
    let (displacement, cut, vanilla) = guarded_move(
        world,
        mover,
        support,
        motion,
        settings,
        body,
        input,
        displacement,
    )?;
    report_cuts(cut, events);
    let start_free = report_push_out(start, motion, events);
    let landed = motion.hits.as_slice().iter().any(|h| h.normal.y > 0.0);
    let mut end = motion.end;
    let mut blocked = motion.blocked;
    // Not while rising: a jump does its own climbing.
    let may_step = !flying && displacement.y <= 0.0 && (body.grounded || landed);
    let may_step = may_step && settings.walking.step_height > 0.0;
    let mut stepped = vanilla.is_some_and(|made| vanilla_stepped(made, displacement, events));
    // The vanilla order stepped inside its own move (`Entity.collide`).
    if vanilla.is_none()
        && may_step
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
    let ceiling = !stepped && motion.hits.as_slice().iter().any(|h| h.normal.y < 0.0);
    let mut snapped = false;
    if !landed
        && !stepped
        && may_snap(settings, body, plan)
        && let Some(onto) = snap_to_ground(world, resolver, settings, end)?
    {
        events.push(Event::Snapped {
            height: end.min.y - onto.min.y,
        });
        end = onto;
        blocked.y = true;
        snapped = true;
    }
    Ok(Moved {
        end,
        start_free,
        pushed_out: motion.depenetration.is_some(),
        blocked,
        cut,
        landed,
        stepped,
        snapped,
        ceiling,
        collided: vanilla.map(|made| made.movement),
    })
}

/// How far the tick's rate moves the body: in a cobweb, a share of it
/// (`makeStuckInBlock`).
fn tick_displacement(settings: &Settings, plan: &Plan<'_>) -> DVec3 {
    let displacement = plan.rate * settings.dt();
    match plan.rules.stuck {
        Some([h, v]) => displacement * DVec3::new(h, v, h),
        None => displacement,
    }
}

/// Whether a body that walked off its ground this tick is kept on it
/// ([`Walking::snap_to_ground`](crate::controller::Walking::snap_to_ground)): it stood on the ground, and neither
/// jumps, flies, swims nor climbs.
#[inline]
fn may_snap(settings: &Settings, body: &Body, plan: &Plan<'_>) -> bool {
    settings.walking.snap_to_ground
        && settings.walking.step_height > 0.0
        && body.grounded
        && plan.rate.y <= 0.0
        && !plan.input.fly
        && !plan.start.in_liquid
        && plan.rules.climbing.is_none()
}

/// The move, cut back by the sneak edge guard where it holds: the
/// displacement made and the axes the guard cut, the move in `motion`.
#[allow(clippy::too_many_arguments)] // the tick's scratch, split for the borrow
#[inline]
fn guarded_move<W: BlockSource>(
    world: &BodyView<'_, W>,
    mut mover: TickMove<'_>,
    support: &mut Vec<(f64, f64)>,
    motion: &mut Motion,
    settings: &Settings,
    body: &Body,
    input: Input,
    mut displacement: DVec3,
) -> Result<(DVec3, [bool; 2], Option<VanillaMove>), MoveError> {
    let start = body.aabb;
    let resolver = &mut *mover.resolver;
    let guarded = is_guarded(world, resolver, settings, body, input)?;
    let mut cut = [false; 2];
    if guarded {
        (displacement, cut) = guard_edges(
            world,
            resolver,
            support,
            &start,
            displacement,
            settings.walking.step_height,
        )?;
    }
    let mut made = mover.make(world, start, displacement, motion)?;
    if guarded
        && leaves_the_surface(
            world,
            mover.resolver,
            settings,
            &start,
            displacement,
            motion,
        )?
    {
        // Hold still rather than step off: see `leaves_the_surface`.
        for (slot, axis) in [0, 2].into_iter().enumerate() {
            cut[slot] |= displacement[axis] != 0.0;
        }
        displacement.x = 0.0;
        displacement.z = 0.0;
        made = mover.make(world, start, displacement, motion)?;
    }
    Ok((displacement, cut, made))
}

/// How the tick's move is made: by the exact resolver, or in Minecraft's
/// collision order ([`Collisions::vanilla_order`](crate::controller::Collisions::vanilla_order)).
struct TickMove<'a> {
    resolver: &'a mut Resolver,
    colliders: &'a mut VanillaColliders,
    vanilla: bool,
    grounded: bool,
    /// The step height as Minecraft keeps it (`maxUpStep`, a float).
    step: f32,
}

impl<'a> TickMove<'a> {
    /// How `body`'s tick moves it under `settings`.
    fn new(
        resolver: &'a mut Resolver,
        colliders: &'a mut VanillaColliders,
        settings: &Settings,
        body: &Body,
        flying: bool,
    ) -> Self {
        TickMove {
            resolver,
            colliders,
            vanilla: settings.collisions.vanilla_order,
            grounded: body.grounded,
            step: if flying {
                0.0
            } else {
                settings.walking.step_height as f32
            },
        }
    }

    /// Moves `start` by `displacement` into `motion`; in the vanilla order,
    /// what the client's collision made of it.
    fn make<W: BlockSource>(
        &mut self,
        world: &BodyView<'_, W>,
        start: Aabb,
        displacement: DVec3,
        motion: &mut Motion,
    ) -> Result<Option<VanillaMove>, MoveError> {
        if !self.vanilla {
            self.resolver
                .move_box_into(world, start, displacement, motion)?;
            return Ok(None);
        }
        let made = collide_vanilla(
            world,
            &start,
            displacement,
            self.grounded,
            self.step,
            self.colliders,
        )?;
        vanilla_motion(start, displacement, made.movement, motion);
        Ok(Some(made))
    }
}

/// Where a body that walked off its ground lands if it drops at most
/// `step_height`: the ground under a step down.
fn snap_to_ground<W: BlockSource>(
    world: &BodyView<'_, W>,
    resolver: &mut Resolver,
    settings: &Settings,
    end: Aabb,
) -> Result<Option<Aabb>, MoveError> {
    let down = DVec3::new(0.0, -settings.walking.step_height, 0.0);
    let probe = resolver.move_box(world, end, down)?;
    // A body resting on its floor (a bounce on slime that the momentum
    // cut-off left in place) is not over a step: Minecraft's own grounded
    // state stands there.
    let drop = end.min.y - probe.end.min.y;
    Ok(
        (probe.blocked.y && probe.depenetration.is_none() && drop > super::RESTING_PROBE)
            .then_some(probe.end),
    )
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
    world: &BodyView<'_, W>,
    resolver: &mut Resolver,
    settings: &Settings,
    start_free: &crate::geometry::Aabb,
    displacement: DVec3,
    motion: &Motion,
) -> Result<Option<Step>, MoveError> {
    if !(motion.blocked.x || motion.blocked.z)
        || !step_could_clear(
            world,
            motion,
            start_free.min.y + settings.walking.step_height,
        )
    {
        return Ok(None);
    }
    step_up(
        world,
        resolver,
        start_free,
        displacement,
        settings.walking.step_height,
        motion,
    )
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

/// Whether some wall the move hit may be low enough to step onto: a box of the
/// hit block whose top is at most `reach`. A climb cannot clear a wall whose
/// top is higher (it would meet the same face again), so bodies pressing into
/// tall walls skip the three trial moves of a step. A hit names the block, not
/// which of its boxes was met, so any low box counts: the lower step of a
/// stair is climbed although the block's upper box is out of reach.
fn step_could_clear<W: BlockSource>(world: &BodyView<'_, W>, motion: &Motion, reach: f64) -> bool {
    motion
        .hits
        .as_slice()
        .iter()
        .filter(|h| h.normal.y == 0.0)
        .any(|h| {
            let shape = world.shape_at(h.block);
            // No block of the world's there: the hit was a mover's box,
            // which a cell does not name, so the step is tried.
            shape.is_empty()
                || shape
                    .iter()
                    .any(|b| f64::from(h.block.y) + b.max.y <= reach + TOUCH_TOLERANCE)
        })
}
