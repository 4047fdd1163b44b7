//! Where a plan starts: the place a body stands, or, for one that stands
//! nowhere a plan can start from, the place it comes to first: where it
//! comes to rest when falling or on the edge of a hole, its own place
//! afloat in deep water, the nearest bank in water too shallow to float.

use glam::{DVec2, DVec3, IVec3};

use super::planner::{PlanError, Planner};
use super::standing::Standing;
use super::step::MOST_SWUM;
use crate::controller::{Body, Input};
use crate::world::BlockSource;

/// The most ticks a body is let fall or sink, with no keys, to find where
/// it comes to rest (30 seconds at 20 ticks a second: a fall of hundreds
/// of blocks, a sink through deep water).
pub(super) const SETTLE_TICKS: u32 = 600;

/// How far apart two feet heights may be and still be level: more than the
/// gap the resolver leaves below a face, less than any block's step.
const LEVEL: f64 = 1e-3;

impl Planner {
    /// Where a plan for `body` starts: where it stands; else, once it has
    /// fallen or sunk to rest with no keys (the follower gives none until
    /// it has), the place nearest its feet across, in its cell's column or
    /// the eight about it, from a block below to a block above. The
    /// follower walks it there first ([`Follower`](super::Follower)). Every
    /// place is asked afresh, since the world may have changed since the
    /// last search.
    ///
    /// # Errors
    /// [`PlanError::NotStanding`] when no place is found: the body falls
    /// out of the world, or for longer than [`SETTLE_TICKS`], or rests
    /// where no place is near.
    pub(super) fn start_place<W: BlockSource>(
        &mut self,
        world: &W,
        body: &Body,
    ) -> Result<Standing, PlanError> {
        let feet = body.feet();
        self.places.forget();
        // A body whose feet are below its cell's place is inside the block
        // that place stands on: a one-way plank it passes up or down
        // through, or a partial block it sank into.
        if let Some(place) = self.places.at(world, feet.floor().as_ivec3())
            && feet.y > place.feet.y - LEVEL
        {
            return Ok(place);
        }
        let mut settled = *body;
        let mut events = Vec::new();
        for _ in 0..SETTLE_TICKS {
            if settled.grounded {
                break;
            }
            if settled.in_liquid || in_liquid(world, settled.feet()) {
                let at = settled.feet();
                return self
                    .afloat_over(world, at)
                    .or_else(|| self.nearest_bank(world, at))
                    .ok_or(PlanError::NotStanding(feet));
            }
            events.clear();
            let ticked = self
                .controller
                .tick(world, &mut settled, Input::IDLE, &mut events);
            if ticked.is_err() || settled.left_world {
                return Err(PlanError::NotStanding(feet));
            }
        }
        if !settled.grounded {
            return Err(PlanError::NotStanding(feet));
        }
        self.nearest_place(world, settled.feet())
            .ok_or(PlanError::NotStanding(feet))
    }

    /// The place afloat in the column of `feet`, a body in water: the
    /// water's top, from a cell below the feet (a body bobbing clear of
    /// it) up through at most [`MOST_SWUM`] cells of water (one sunk
    /// deep). `None` for water a body stands in, or too shallow to float.
    fn afloat_over<W: BlockSource>(&mut self, world: &W, feet: DVec3) -> Option<Standing> {
        let cell = feet.floor().as_ivec3();
        for up in -1..=MOST_SWUM {
            let at = cell + IVec3::Y * up;
            if let Some(place) = self.places.at(world, at)
                && place.afloat
            {
                return Some(place);
            }
            if up >= 0 && !in_liquid(world, at.as_dvec3()) {
                return None;
            }
        }
        None
    }

    /// The place out of the liquid nearest `feet` across, within a swim
    /// ([`MOST_SWUM`] columns), from two blocks above them to three below:
    /// where a body afloat swims to first, jump held.
    fn nearest_bank<W: BlockSource>(&mut self, world: &W, feet: DVec3) -> Option<Standing> {
        let cell = feet.floor().as_ivec3();
        let mut best: Option<(f64, Standing)> = None;
        for ring in 0..=MOST_SWUM {
            // A place in the next ring may still be nearer across.
            if best.is_some_and(|(d, _)| d < f64::from(ring) - 0.5) {
                break;
            }
            for (dx, dz) in ring_of(ring) {
                for dy in [0, 1, 2, -1, -2, -3] {
                    let at = cell + IVec3::new(dx, dy, dz);
                    let Some(place) = self.places.at(world, at) else {
                        continue;
                    };
                    if in_liquid(world, place.feet) {
                        continue;
                    }
                    let off = DVec2::new(place.feet.x - feet.x, place.feet.z - feet.z).length();
                    if best.is_none_or(|(d, _)| off < d) {
                        best = Some((off, place));
                    }
                    break;
                }
            }
        }
        best.map(|(_, place)| place)
    }

    /// The place nearest `feet` across in the 3 × 3 columns about them, a
    /// block below to a step above: ground before water, then those level
    /// with the feet or below them (a body inside a one-way plank rests
    /// under the plank's own place, which only a jump reaches); ties to
    /// the first in that order.
    fn nearest_place<W: BlockSource>(&mut self, world: &W, feet: DVec3) -> Option<Standing> {
        let cell = feet.floor().as_ivec3();
        let step_height = self.reach.step_height;
        let mut best: Option<((bool, bool, f64), Standing)> = None;
        for dy in [0, 1, -1] {
            for dx in -1..=1 {
                for dz in -1..=1 {
                    let Some(place) = self.places.at(world, cell + IVec3::new(dx, dy, dz)) else {
                        continue;
                    };
                    let above = place.feet.y - feet.y;
                    if above > step_height {
                        continue;
                    }
                    let off = DVec2::new(place.feet.x - feet.x, place.feet.z - feet.z).length();
                    let rank = (place.afloat, above > LEVEL, off);
                    if best.is_none_or(|(d, _)| rank < d) {
                        best = Some((rank, place));
                    }
                }
            }
        }
        best.map(|(_, place)| place)
    }
}

/// Whether the cell of `feet` holds a liquid.
fn in_liquid<W: BlockSource>(world: &W, feet: DVec3) -> bool {
    let block = world.block(feet.floor().as_ivec3());
    world.registry().behaviour(block).liquid.is_some()
}

/// The columns `ring` away from the middle (a square's edge; the middle
/// alone for ring 0), in a fixed order.
fn ring_of(ring: i32) -> impl Iterator<Item = (i32, i32)> {
    (-ring..=ring).flat_map(move |dx| {
        (-ring..=ring)
            .filter(move |&dz| dx.abs() == ring || dz.abs() == ring)
            .map(move |dz| (dx, dz))
    })
}

/// The feet a search takes the body's to be: its own where it stands in
/// the start's cell, else the start's (it is walked there first).
pub(super) fn search_feet(body: &Body, start: &Standing) -> DVec3 {
    let feet = body.feet();
    if feet.floor().as_ivec3() == start.cell {
        feet
    } else {
        start.feet
    }
}

/// The size `body` is planned for: its box across, its standing height
/// (whatever pose it holds now), each to a millionth of a block, so that
/// a body far from the origin, whose box's sides differ from its size in
/// the last bits, finds the planner of its size.
pub(super) fn standing_size(body: &Body) -> DVec3 {
    let mut size = body.aabb.max - body.aabb.min;
    size.y = body.standing_height();
    (size * 1e6).round() / 1e6
}
