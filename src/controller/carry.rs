//! The movers' part of a tick: each mover in slot order carries the bodies
//! riding it and pushes the bodies its boxes sweep into, through the
//! resolver, and stops against a body it cannot move.

use glam::DVec3;
use thiserror::Error;

use super::body_view::BodyView;
use super::riding::rests_on;
use super::{Body, Event};
use crate::block::{BlockId, BlockRegistry};
use crate::geometry::Aabb;
use crate::movers::{ColumnGrid, CrushRule, Mover, MoverError, MoverHandle, Movers, meets};
use crate::resolver::{
    CONTACT_GAP, CellRange, MoveError, Resolver, TOUCH_TOLERANCE, sweep_box_box,
};
use crate::world::BlockSource;

/// Times a mover held back by a body tries a shorter move before it stays
/// where it is for the tick. One retry settles every case met so far (the
/// shorter move is what the blocking body allows); the rest is a margin.
const ATTEMPTS: usize = 3;
/// How near a mover's sweep a body must be to be looked at: riders float a
/// contact gap above its top.
const NEAR_SWEEP: f64 = 4.0 * CONTACT_GAP;

/// Why the movers could not move.
#[derive(Debug, Error)]
pub enum CarryError {
    /// A mover's drive is out of range (a velocity that is NaN or too fast).
    #[error("{mover}: {source}")]
    Mover {
        /// The mover.
        mover: MoverHandle,
        /// What is wrong.
        source: MoverError,
    },
    /// The resolver refused to move a body a mover carried or pushed (it
    /// left the coordinate range).
    #[error("moving body {body} out of the way of {mover}: {source}")]
    Move {
        /// The body, by its index in the list given.
        body: usize,
        /// The mover.
        mover: MoverHandle,
        /// What the resolver said.
        source: MoveError,
    },
}

/// Scratch of the movers' part of a tick, kept so a warm tick allocates
/// nothing.
#[derive(Debug, Default)]
pub(crate) struct CarryScratch {
    /// Bodies near the mover at hand, by index.
    candidates: Vec<usize>,
    /// Whether each candidate rides it.
    riders: Vec<bool>,
    /// Where each candidate would end.
    trial: Vec<Aabb>,
    /// Candidates that held the mover back this tick.
    blockers: Vec<usize>,
    /// The bodies by the columns they stand in, as the tick's mover phase
    /// began, each box grown by [`DRIFT`]: a mover finds the bodies near
    /// its sweep without looking at every body.
    bodies_by_column: ColumnGrid,
    /// Each body's box when it was listed.
    listed_at: Vec<Aabb>,
    /// Bodies listed near the mover at hand.
    listed: Vec<u32>,
    /// The other movers near a body it moves.
    movers_near: Vec<u32>,
    /// Whether this tick's movers are many enough to find the bodies by
    /// column ([`LIST_BODIES_FROM`]).
    by_column: bool,
}

/// Below this many movers each looks at every body: listing thousands of
/// bodies by column each tick costs more than a few scans of them.
const LIST_BODIES_FROM: usize = 8;

/// How far a body may be carried or pushed in the movers' phase before the
/// columns it is listed under are made again: a box listed grown by this
/// is found by every sweep it can reach until it has moved that far.
const DRIFT: f64 = 2.0;

impl CarryScratch {
    /// Lists every body by the columns its box, grown by [`DRIFT`], crosses.
    fn list_bodies(&mut self, bodies: &[Body]) {
        self.bodies_by_column.clear();
        self.listed_at.clear();
        for (index, body) in bodies.iter().enumerate() {
            #[allow(clippy::cast_possible_truncation)] // bodies are counted in u32 handles
            self.bodies_by_column
                .insert(index as u32, &grown(&body.aabb, DRIFT));
            self.listed_at.push(body.aabb);
        }
        self.bodies_by_column.finish();
    }

    /// Notes that `body` was moved: past [`DRIFT`] from where it was
    /// listed, every body is listed again before the next mover looks.
    fn moved(&mut self, index: usize, aabb: &Aabb) {
        // Not listed this tick (few movers look at every body) or past
        // its drift: nothing listed by column stands.
        let drifted = self
            .listed_at
            .get(index)
            .is_none_or(|from| (aabb.min - from.min).abs().max_element() > DRIFT);
        if drifted {
            self.bodies_by_column.stale();
        }
    }
}

/// `aabb` grown by `by` on every side.
fn grown(aabb: &Aabb, by: f64) -> Aabb {
    Aabb::new(aabb.min - DVec3::splat(by), aabb.max + DVec3::splat(by))
}

/// Moves every mover by a tick of `dt` seconds, in slot order, carrying and
/// pushing `bodies`; the events of a body go to `event` with its index.
///
/// A body is moved only through the resolver, against the world and the
/// other movers where they are at that moment, so it never enters a block.
/// When a body cannot be moved far enough (a wall behind it, a ceiling over
/// a rider), the mover moves only as far as leaves it free, and the body
/// hears [`Event::Caught`] or [`Event::Crushed`] by the mover's
/// [`CrushRule`]; a path waits.
///
/// # Errors
/// [`CarryError`]: the movers before the failing one have moved.
pub(crate) fn move_movers<W: BlockSource>(
    world: &W,
    movers: &mut Movers,
    resolver: &mut Resolver,
    scratch: &mut CarryScratch,
    dt: f64,
    bodies: &mut [Body],
    mut event: impl FnMut(usize, Event),
) -> Result<(), CarryError> {
    scratch.bodies_by_column.stale();
    scratch.by_column = movers.len() >= LIST_BODIES_FROM;
    for slot in 0..movers.slot_count() {
        let Some(mover) = movers.in_slot(slot) else {
            continue;
        };
        let handle = movers.handle_of(slot);
        let (target, clock) = mover.plan(dt).map_err(|source| CarryError::Mover {
            mover: handle,
            source,
        })?;
        let start = mover.position();
        let mut travel = target - start;
        let mut clipped = false;
        if travel != DVec3::ZERO && !mover.through_blocks {
            let allowed = share_the_world_allows(world, mover, travel);
            clipped = allowed < 1.0;
            travel *= allowed;
        }
        let share = if travel == DVec3::ZERO {
            1.0
        } else {
            let moved = carry_and_push(
                world, movers, slot, mover, handle, resolver, scratch, travel, bodies,
            )
            .map_err(|(body, source)| CarryError::Move {
                body,
                mover: handle,
                source,
            })?;
            for &index in &scratch.blockers {
                event(
                    index,
                    match mover.on_crush {
                        CrushRule::Stop => Event::Caught { mover: handle },
                        CrushRule::Report => Event::Crushed { mover: handle },
                    },
                );
            }
            moved
        };
        let whole = share == 1.0 && !clipped;
        // A mover that went all the way is exactly where its path says; a
        // held-back one where it got to, and its path waits.
        let end = if whole {
            target
        } else {
            start + travel * share
        };
        if let Some(mover) = movers.in_slot_mut(slot) {
            mover.settle(end, dt, whole.then_some(clock));
        }
        movers.moved(slot);
    }
    movers.index_bounds();
    Ok(())
}

/// Moves the bodies near `mover` out of its way for a move by `travel`:
/// riders ride along, bodies its boxes sweep into are pushed ahead of them.
/// Returns the share of `travel` the mover may make (1 unless a body held it
/// back); the bodies are left where that share puts them.
#[allow(clippy::too_many_arguments)] // the world, the mover, and the bodies
fn carry_and_push<W: BlockSource>(
    world: &W,
    movers: &Movers,
    slot: usize,
    mover: &Mover,
    handle: MoverHandle,
    resolver: &mut Resolver,
    scratch: &mut CarryScratch,
    travel: DVec3,
    bodies: &mut [Body],
) -> Result<f64, (usize, MoveError)> {
    gather_near(world.registry(), mover, handle, travel, bodies, scratch);
    if scratch.candidates.is_empty() {
        return Ok(1.0);
    }
    let mut share = 1.0;
    for _ in 0..ATTEMPTS {
        let trial = (world, movers, slot);
        match try_share(trial, mover, resolver, scratch, travel * share, bodies)? {
            None => {
                for k in 0..scratch.candidates.len() {
                    let (index, end) = (scratch.candidates[k], scratch.trial[k]);
                    bodies[index].aabb = end;
                    scratch.moved(index, &end);
                }
                return Ok(share);
            }
            Some(allowed) => share *= allowed,
        }
    }
    // Held back every time: it stays, and so does everyone.
    Ok(0.0)
}

/// Lists in `scratch` the bodies near the path of `mover` moving by
/// `travel`, and which of them ride it.
fn gather_near(
    registry: &BlockRegistry,
    mover: &Mover,
    handle: MoverHandle,
    travel: DVec3,
    bodies: &[Body],
    scratch: &mut CarryScratch,
) {
    let bounds = mover.bounds();
    let swept = bounds.union(&bounds.translated(travel));
    let near = Aabb::new(
        swept.min - DVec3::splat(NEAR_SWEEP),
        swept.max + DVec3::splat(NEAR_SWEEP),
    );
    scratch.candidates.clear();
    scratch.riders.clear();
    scratch.blockers.clear();
    if scratch.by_column {
        if !scratch.bodies_by_column.is_built() {
            scratch.list_bodies(bodies);
        }
        scratch.bodies_by_column.near(&near, &mut scratch.listed);
    } else {
        scratch.listed.clear();
        #[allow(clippy::cast_possible_truncation)] // bodies are counted in u32 handles
        scratch.listed.extend(0..bodies.len() as u32);
    }
    for &index in &scratch.listed {
        let index = index as usize;
        let body = &bodies[index];
        if body.aabb.overlaps_beyond(&near, 0.0) {
            scratch.candidates.push(index);
            // A rider stood on this mover at the end of its last tick and
            // still does (a game may have moved it since).
            scratch.riders.push(
                !body.is_static()
                    && body.riding == Some(handle)
                    && mover
                        .boxes_near(mover.position(), &body.aabb)
                        .any(|(b, block)| {
                            meets_box(registry, body, block, &b) && rests_on(&body.aabb, &b)
                        }),
            );
        }
    }
}

/// Moves every gathered body as `mover` moving by `step` would carry or
/// push it, into `scratch.trial` (the bodies themselves stay). `None` when
/// every body clears the mover there; otherwise the share of `step` the
/// mover can take before it meets the first body that could not make way.
fn try_share<W: BlockSource>(
    (world, movers, slot): (&W, &Movers, usize),
    mover: &Mover,
    resolver: &mut Resolver,
    scratch: &mut CarryScratch,
    step: DVec3,
    bodies: &[Body],
) -> Result<Option<f64>, (usize, MoveError)> {
    let start = mover.position();
    let after = start + step;
    let CarryScratch {
        candidates,
        riders,
        trial,
        blockers,
        movers_near,
        ..
    } = scratch;
    trial.clear();
    let mut allowed: Option<f64> = None;
    let registry = world.registry();
    for (k, &index) in candidates.iter().enumerate() {
        let body = &bodies[index];
        let wanted = if riders[k] {
            step
        } else {
            push_needed(registry, mover, start, step, body)
        };
        let end = if wanted == DVec3::ZERO || body.is_static() {
            body.aabb
        } else {
            // Through the body's own view, the pushing mover left out, and
            // of the others only those near the way it is moved.
            let way = body.aabb.union(&body.aabb.translated(wanted));
            // The resolver reads whole cells about the way, one beyond.
            let covered = grown(&way, 3.0);
            movers.near(&covered, 0.0, movers_near);
            let view = BodyView::of(world, Some(movers), body)
                .except(slot)
                .near(movers_near, covered);
            resolver
                .move_box(&view, body.aabb, wanted)
                .map_err(|e| (index, e))?
                .end
        };
        trial.push(end);
        if mover.boxes_near(after, &end).any(|(b, block)| {
            meets_box(registry, body, block, &b) && b.overlaps_beyond(&end, TOUCH_TOLERANCE)
        }) {
            let meeting = share_before_meeting(registry, mover, start, step, body, &end);
            allowed = Some(allowed.map_or(meeting, |a| a.min(meeting)));
            if !blockers.contains(&index) {
                blockers.push(index);
            }
        }
    }
    Ok(allowed)
}

/// How far a body with box `body` must move for `mover`, moving from
/// `start` by `step`, to pass it: along each axis on which one of its boxes
/// sweeps into the body, to a contact gap beyond where that box ends.
fn push_needed(
    registry: &BlockRegistry,
    mover: &Mover,
    start: DVec3,
    step: DVec3,
    pushed: &Body,
) -> DVec3 {
    let body = &pushed.aabb;
    let mut wanted = DVec3::ZERO;
    // The boxes that can sweep into the body are across it from where they
    // end, or from where they start.
    let reach = body.union(&body.translated(-step));
    for (b, block) in mover.boxes_near(start, &reach) {
        if !meets_box(registry, pushed, block, &b) {
            continue;
        }
        let Some(sweep) = sweep_box_box(&b, step, body) else {
            continue;
        };
        let axis = sweep.axis;
        if step[axis] > 0.0 {
            wanted[axis] =
                wanted[axis].max(b.max[axis] + step[axis] + CONTACT_GAP - body.min[axis]);
        } else if step[axis] < 0.0 {
            wanted[axis] =
                wanted[axis].min(b.min[axis] + step[axis] - CONTACT_GAP - body.max[axis]);
        }
    }
    wanted
}

/// The share of `step` `mover` can make from `start` before one of its
/// boxes comes within a contact gap of `obstacle`.
fn share_before_meeting(
    registry: &BlockRegistry,
    mover: &Mover,
    start: DVec3,
    step: DVec3,
    body: &Body,
    obstacle: &Aabb,
) -> f64 {
    let mut share: f64 = 1.0;
    let reach = obstacle.union(&obstacle.translated(-step));
    for (b, block) in mover.boxes_near(start, &reach) {
        if !meets_box(registry, body, block, &b) {
            continue;
        }
        if b.overlaps_beyond(obstacle, TOUCH_TOLERANCE) {
            return 0.0;
        }
        if let Some(sweep) = sweep_box_box(&b, step, obstacle) {
            share = share.min(short_of_contact(sweep.toi, step[sweep.axis]));
        }
    }
    share
}

/// Whether `body` meets the box `aabb` of a mover's `block` (its collision
/// mask; a one-way block only below its feet): one it passes neither carries
/// nor pushes it.
#[inline]
fn meets_box(registry: &BlockRegistry, body: &Body, block: BlockId, aabb: &Aabb) -> bool {
    let sneaking = body.pose == super::Pose::Sneaking;
    meets(
        registry,
        (body.collision_mask, Some(body.aabb.min.y), sneaking),
        block,
        aabb,
    )
}

/// The share of a move `travel` that `mover` makes before a box of it meets
/// a block of `world`, stopping a contact gap short.
fn share_the_world_allows<W: BlockSource>(world: &W, mover: &Mover, travel: DVec3) -> f64 {
    let reach = world.registry().reach();
    let mut share: f64 = 1.0;
    for (b, _) in mover.boxes() {
        let swept = b.union(&b.translated(travel));
        let cells = CellRange::covering(&swept, &reach);
        world.for_each_solid_in(cells.lo, cells.hi, |cell, shape| {
            let origin = cell.as_dvec3();
            for solid in shape {
                if let Some(sweep) = sweep_box_box(&b, travel, &solid.translated(origin)) {
                    share = share.min(short_of_contact(sweep.toi, travel[sweep.axis]));
                }
            }
        });
    }
    share
}

/// The share of a move whose contact comes at `toi`, stopped a contact gap
/// short along the contact's axis, on which the move goes `along`.
#[inline]
fn short_of_contact(toi: f64, along: f64) -> f64 {
    (toi - CONTACT_GAP / along.abs()).max(0.0)
}
