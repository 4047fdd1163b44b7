//! The sneak edge guard: a sneaking body does not walk off a drop.

use glam::DVec3;

use crate::geometry::Aabb;
use crate::resolver::{CellRange, MoveError, Resolver, TOUCH_TOLERANCE};
use crate::world::BlockSource;

/// How much deeper than the step height the ground probe reaches, so that a drop
/// of exactly the step height counts as walkable (a resting body floats
/// [`crate::resolver::CONTACT_GAP`] above its floor).
const PROBE_MARGIN: f64 = 1e-6;

/// How far a body's footprint must overlap a block to stand on it, here. The
/// resolver counts overlaps below [`TOUCH_TOLERANCE`] as touching; a guard that
/// stopped at a thinner overlap would leave the body on a sliver the tick's
/// own move (or the next tick's rounding) does not see, and it would fall.
const SUPPORT_OVERLAP: f64 = 1e-6;

/// Cuts the horizontal part of `displacement` back, axis by axis (x, then z),
/// so that the body stays over ground no more than `step_height` below it at
/// every point of the way, not only where it ends: a tick long enough to carry
/// a body across a gap as wide as itself must stop it at the gap's near edge.
/// Returns the displacement to use and which of x and z were cut: the other
/// axis keeps its motion, so a body pushed at an edge slides along it.
///
/// Support is worked out exactly, not by trial moves: every block box whose top
/// lies between the body's feet and `step_height` below them supports an open
/// interval of positions along the axis (those where the footprint overlaps it
/// by at least [`SUPPORT_OVERLAP`] on both horizontal axes); the body may go as
/// far as the run of overlapping intervals that holds its start reaches.
pub(crate) fn guard_edges<W: BlockSource + ?Sized>(
    world: &W,
    resolver: &mut Resolver,
    support: &mut Vec<(f64, f64)>,
    start: &Aabb,
    displacement: DVec3,
    step_height: f64,
) -> Result<(DVec3, [bool; 2]), MoveError> {
    let mut at = *start;
    let mut out = displacement;
    let mut cut = [false; 2];
    for (slot, axis) in [0usize, 2].into_iter().enumerate() {
        if out[axis] == 0.0 {
            continue;
        }
        let mut along = DVec3::ZERO;
        along[axis] = out[axis];
        // Walls end the way before any drop can: look no farther than they let.
        let walked = resolver.move_box(world, at, along)?.end;
        let reach = supported_reach(world, support, &at, &walked, axis, step_height);
        let wanted = walked.min[axis] - at.min[axis];
        let allowed = reach - at.min[axis];
        if (wanted > 0.0 && allowed < wanted) || (wanted < 0.0 && allowed > wanted) {
            let kept = if wanted > 0.0 {
                allowed.max(0.0)
            } else {
                allowed.min(0.0)
            };
            out[axis] = kept;
            cut[slot] = true;
            along[axis] = kept;
            at = resolver.move_box(world, at, along)?.end;
        } else {
            at = walked;
        }
    }
    Ok((out, cut))
}

/// How far along `axis` the lower corner of `from` can go towards `to` with
/// the footprint over support all the way: the far end of the run of support
/// intervals that holds the start, or the start itself when none does.
fn supported_reach<W: BlockSource + ?Sized>(
    world: &W,
    intervals: &mut Vec<(f64, f64)>,
    from: &Aabb,
    to: &Aabb,
    axis: usize,
    step_height: f64,
) -> f64 {
    let other = 2 - axis;
    let width = from.max[axis] - from.min[axis];
    let feet = from.min.y;
    let lowest_top = feet - step_height - PROBE_MARGIN;
    let mut region = from.union(to);
    region.min.y = lowest_top;
    region.max.y = feet;
    let cells = CellRange::covering(&region, &world.registry().reach());
    // Open intervals of the corner's position along `axis` that a box supports
    // (kept between calls, so a warm controller allocates nothing).
    intervals.clear();
    world.for_each_solid_in(cells.lo, cells.hi, |cell, boxes| {
        let origin = cell.as_dvec3();
        for b in boxes {
            let (lo, hi) = (origin + b.min, origin + b.max);
            let top_in_reach = hi.y >= lowest_top && hi.y <= feet + TOUCH_TOLERANCE;
            // Half the margin across: a body the guard stopped at an edge of
            // this axis overlaps it by the margin, to the rounding of one move,
            // and must still slide along it.
            let across = 0.5 * SUPPORT_OVERLAP;
            let under_footprint =
                lo[other] < from.max[other] - across && hi[other] > from.min[other] + across;
            if top_in_reach && under_footprint {
                intervals.push((
                    lo[axis] - width + SUPPORT_OVERLAP,
                    hi[axis] - SUPPORT_OVERLAP,
                ));
            }
        }
    });
    let start = from.min[axis];
    let forward = to.min[axis] > start;
    // The start itself may stand on less than the margin (a body put there, or
    // one that came to rest on a sliver): it counts as supported by a box it
    // overlaps at all, so the body may walk back onto that box, never farther out.
    let loose = |&&(lo, hi): &&(f64, f64)| {
        lo - SUPPORT_OVERLAP - TOUCH_TOLERANCE < start
            && start < hi + SUPPORT_OVERLAP - TOUCH_TOLERANCE
    };
    let Some(reach) = intervals
        .iter()
        .filter(loose)
        .map(|&(lo, hi)| if forward { hi } else { lo })
        .reduce(|a, b| if forward { a.max(b) } else { a.min(b) })
    else {
        return start;
    };
    let mut reach = if forward {
        reach.max(start)
    } else {
        reach.min(start)
    };
    // Grow the run through every interval that holds its end, until none does.
    loop {
        let grown = intervals
            .iter()
            .filter(|&&(lo, hi)| lo <= reach && reach <= hi)
            .map(|&(lo, hi)| if forward { hi } else { lo })
            .fold(
                reach,
                |r, end| if forward { r.max(end) } else { r.min(end) },
            );
        if grown == reach {
            return reach;
        }
        reach = grown;
    }
}
