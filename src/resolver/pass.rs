//! One move between its passes: where the box is in the move's frame, what
//! is left, and how a pass stops a hair short of the face it met and slides.

use glam::{BVec3, DVec3, IVec3};

use super::depenetration::{depenetrate, overlaps_solid};
use super::sweep_box_box::Sweep;
use super::{CONTACT_GAP, Depenetration, Hit, Hits, Motion, TOUCH_TOLERANCE};
use crate::geometry::Aabb;
use crate::world::BlockSource;

/// A solid box, in the move's local frame, and the cell of its block.
#[derive(Clone, Copy, Debug)]
pub(super) struct Candidate {
    /// The solid box, in the move's local frame.
    pub(super) solid: Aabb,
    /// The cell of the block it belongs to, in world coordinates.
    pub(super) cell: IVec3,
}

/// The earliest contact of one pass.
#[derive(Clone, Copy, Debug)]
pub(super) struct PassHit {
    pub(super) sweep: Sweep,
    pub(super) candidate: Candidate,
}

/// The state of one move between its passes, in the move's frame (whose
/// origin is the cell of the start box's minimum corner).
pub(super) struct Pass {
    /// The cell the frame is centred on, and its corner in world space.
    pub(super) origin: IVec3,
    frame: DVec3,
    /// The box so far, in the frame.
    pub(super) current: Aabb,
    /// What is left of the displacement.
    pub(super) remaining: DVec3,
    /// The share of the move made so far.
    elapsed: f64,
    /// The axes a face stopped.
    blocked: BVec3,
    /// Axes on which the box was placed against a face: their world
    /// coordinate is set exactly (`face ∓ CONTACT_GAP` in world space), not
    /// rounded back from the local frame, so resting positions are the same
    /// numbers everywhere.
    pins: [Option<Pin>; 3],
    /// Whether the stored candidates hold every solid around what is left of
    /// the path: later passes stay inside the bounding box of an earlier
    /// one's path (unless a placement pulls the box back).
    pub(super) gathered_whole_path: bool,
    /// The stored candidates were gathered for a path longer than a
    /// segment: where two are met at once, a walk in segments names one.
    pub(super) gathered_long: bool,
    depenetration: Option<Depenetration>,
    pub(super) lookups: u64,
}

impl Pass {
    #[inline]
    pub(super) fn new(aabb: Aabb, displacement: DVec3, origin: IVec3) -> Self {
        let frame = origin.as_dvec3();
        Self {
            origin,
            frame,
            current: aabb.translated(-frame),
            remaining: displacement,
            elapsed: 0.0,
            blocked: BVec3::FALSE,
            pins: [None; 3],
            gathered_whole_path: false,
            gathered_long: false,
            depenetration: None,
            lookups: 0,
        }
    }

    /// 1. Out of anything the box starts inside, by the least push. A box
    ///    no push within reach frees holds still: the sweep passes through
    ///    what a box already overlaps, so moving it could only sink it deeper.
    pub(super) fn push_out<W: BlockSource>(&mut self, world: &W) {
        self.depenetration = depenetrate(world, &mut self.current, self.origin, &mut self.lookups);
        if self.depenetration.is_some_and(|d| !d.resolved) {
            self.remaining = DVec3::ZERO;
        }
    }

    /// 3. Moves the box to the contact, a hair short of the face it met,
    ///    zeroes the blocked axis of what is left (the slide), and records
    ///    the hit in `hits`.
    #[inline]
    pub(super) fn stop_and_slide<W: BlockSource>(
        &mut self,
        world: &W,
        &PassHit { sweep, candidate }: &PassHit,
        hits: &mut Hits,
    ) {
        let axis = sweep.axis;
        let toward = self.remaining[axis].signum();
        let mut stopped = self.current.translated(self.remaining * sweep.toi);
        let (origin, lookups) = (self.origin, &mut self.lookups);
        let free = |b: &Aabb| !overlaps_solid(world, b, origin, lookups);
        if place_short_of_face(
            &self.current,
            &mut stopped,
            &candidate.solid,
            axis,
            toward,
            free,
        ) {
            let face = if toward > 0.0 {
                candidate.solid.min[axis]
            } else {
                candidate.solid.max[axis]
            };
            // A pull-back leaves the bounding box the stored candidates cover.
            if (stopped.min[axis] - self.current.min[axis]) * toward < 0.0 {
                self.gathered_whole_path = false;
            }
            self.pins[axis] = Some(Pin {
                value: (face + self.frame[axis]) - toward * CONTACT_GAP,
                toward,
            });
        }
        self.elapsed += (1.0 - self.elapsed) * sweep.toi;
        self.remaining *= 1.0 - sweep.toi;
        self.remaining[axis] = 0.0;
        let mut normal = DVec3::ZERO;
        normal[axis] = -toward;
        hits.push(Hit {
            block: candidate.cell,
            normal,
            toi: self.elapsed,
            at: to_world(&stopped, self.frame, &self.pins),
        });
        self.blocked.set(axis, true);
        self.current = stopped;
    }

    /// Writes where the move ended and what stopped it into `motion`.
    #[inline]
    pub(super) fn finish(&self, motion: &mut Motion) {
        motion.end = to_world(&self.current, self.frame, &self.pins);
        motion.blocked = self.blocked;
        motion.depenetration = self.depenetration;
        motion.truncated = self.remaining != DVec3::ZERO;
        motion.lookups = self.lookups;
    }
}

/// The world coordinate of the side of the box that was placed against a face.
#[derive(Clone, Copy, Debug)]
struct Pin {
    /// Exactly `face ∓ CONTACT_GAP`, computed in world coordinates.
    value: f64,
    /// `+1` when the box's max side was placed, `-1` for its min side.
    toward: f64,
}

/// A local-frame box in world coordinates; pinned sides get their exact value and
/// the opposite side keeps the box's extent.
#[inline]
fn to_world(local: &Aabb, frame: DVec3, pins: &[Option<Pin>; 3]) -> Aabb {
    let mut world = local.translated(frame);
    for (axis, pin) in pins.iter().enumerate() {
        if let Some(Pin { value, toward }) = *pin {
            let extent = local.max[axis] - local.min[axis];
            if toward > 0.0 {
                (world.min[axis], world.max[axis]) = (value - extent, value);
            } else {
                (world.min[axis], world.max[axis]) = (value, value + extent);
            }
        }
    }
    world
}

/// Puts the blocked axis of `stopped` exactly [`CONTACT_GAP`] short of the face of
/// `solid` it met, so resting positions are exact and repeatable, and says whether
/// it did.
///
/// A box that began the pass closer to the face than that (spawned touching it, or
/// brought there by a second contact a hair after the first) is pulled back to the
/// gap only if nothing is in the way there; otherwise it stays where it began on
/// that axis (wedged between two faces less than its size plus the gap apart).
#[inline]
fn place_short_of_face(
    start: &Aabb,
    stopped: &mut Aabb,
    solid: &Aabb,
    axis: usize,
    toward: f64,
    pull_back_is_free: impl FnOnce(&Aabb) -> bool,
) -> bool {
    let target = if toward > 0.0 {
        solid.min[axis] - CONTACT_GAP
    } else {
        solid.max[axis] + CONTACT_GAP
    };
    let shift = if toward > 0.0 {
        target - start.max[axis]
    } else {
        target - start.min[axis]
    };
    let mut placed = *stopped;
    placed.min[axis] = start.min[axis] + shift;
    placed.max[axis] = start.max[axis] + shift;
    // A pull-back within the touch tolerance (rounding) cannot create an overlap
    // beyond it, so only a real one is checked.
    if shift * toward >= -TOUCH_TOLERANCE || pull_back_is_free(&placed) {
        *stopped = placed;
        true
    } else {
        stopped.min[axis] = start.min[axis];
        stopped.max[axis] = start.max[axis];
        false
    }
}
