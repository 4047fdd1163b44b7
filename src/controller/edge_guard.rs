//! The sneak edge guard: a sneaking body does not walk off a drop.

use super::body_view::BodyView;
use glam::DVec3;

use super::{Body, Input, Settings};
use crate::geometry::Aabb;
use crate::resolver::{CellRange, Motion, MoveError, Resolver, TOUCH_TOLERANCE};
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
pub(crate) fn guard_edges<W: BlockSource>(
    world: &BodyView<'_, W>,
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
fn supported_reach<W: BlockSource>(
    world: &BodyView<'_, W>,
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
    let reach = if forward {
        reach.max(start)
    } else {
        reach.min(start)
    };
    run_end(intervals, reach, forward)
}

/// The end of the run of overlapping intervals that holds `reach`, going
/// `forward` (towards larger positions) or back: `reach` grows through every
/// interval that holds it, until none does.
///
/// Sorted by the end the run meets first, one pass finds it: an interval
/// whose near end lies beyond the run's end so far can be reached by none
/// after it either. A fixed point found by rescanning every interval until
/// nothing grows cost a pass per interval of a chain (quadratic in the boxes
/// under the footprint: a floor of 16-box blocks took seconds a tick).
fn run_end(intervals: &mut [(f64, f64)], mut reach: f64, forward: bool) -> f64 {
    if forward {
        intervals.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
        for &(lo, hi) in intervals.iter() {
            #[cfg(test)]
            tests::VISITS.with(|v| v.set(v.get() + 1));
            if lo > reach {
                break;
            }
            reach = reach.max(hi);
        }
    } else {
        intervals.sort_unstable_by(|a, b| b.1.total_cmp(&a.1));
        for &(lo, hi) in intervals.iter() {
            #[cfg(test)]
            tests::VISITS.with(|v| v.set(v.get() + 1));
            if hi < reach {
                break;
            }
            reach = reach.min(lo);
        }
    }
    reach
}

/// How far below `step_height` under its feet a guarded sneaking body may end a
/// tick before the guard's fallback holds it in place: resting heights differ
/// from the floor by [`crate::resolver::CONTACT_GAP`], never by more.
const SNEAK_DROP_TOLERANCE: f64 = 1e-6;

/// Whether the sneak edge guard holds this tick: sneaking, not flying, and
/// on the ground or standing within a step of it: a body sneaking on a
/// climbable or in a liquid may not have come down onto its floor this tick
/// (Minecraft's back-off asks the same, `Entity.isAboveGround`).
#[inline]
pub(super) fn is_guarded<W: BlockSource>(
    world: &BodyView<'_, W>,
    resolver: &mut Resolver,
    settings: &Settings,
    body: &Body,
    input: Input,
) -> Result<bool, MoveError> {
    Ok(input.sneak
        && !input.fly
        && settings.walking.sneak_edge_guard
        && (body.grounded
            || ends_supported(
                world,
                resolver,
                &body.aabb,
                body.aabb.min.y,
                settings.walking.step_height,
            )?))
}

/// Whether a guarded sneaking body's straight `motion` still leaves the
/// surface it stood on. The guard follows the way axis by axis; the move goes
/// straight, and falls while it goes: where that straight way cuts the corner
/// of a hole and ends over it, or rounding ends it on a sliver the guard
/// counted, the body keeps its place instead. Sneaking never leaves the
/// surface it stands on.
#[inline]
pub(super) fn leaves_the_surface<W: BlockSource>(
    world: &BodyView<'_, W>,
    resolver: &mut Resolver,
    settings: &Settings,
    start: &Aabb,
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
            settings.walking.step_height,
        )?)
}

/// Whether a body that ended at `end` stands on something no more than
/// `step_height` below `feet`, where it started.
#[inline]
pub(super) fn ends_supported<W: BlockSource>(
    world: &BodyView<'_, W>,
    resolver: &mut Resolver,
    end: &Aabb,
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

#[cfg(test)]
mod tests {
    use super::run_end;

    thread_local! {
        /// Intervals `run_end` looked at, for the test that holds it linear
        /// after the sort.
        pub(super) static VISITS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    /// The fixed point `run_end` replaces: grow through every interval
    /// holding the end until none does.
    fn by_rescanning(intervals: &[(f64, f64)], mut reach: f64, forward: bool) -> (f64, usize) {
        let mut passes = 0;
        loop {
            passes += 1;
            let grown = intervals
                .iter()
                .filter(|&&(lo, hi)| lo <= reach && reach <= hi)
                .map(|&(lo, hi)| if forward { hi } else { lo })
                .fold(reach, |r, e| if forward { r.max(e) } else { r.min(e) });
            if grown == reach {
                return (reach, passes);
            }
            reach = grown;
        }
    }

    proptest::proptest! {
        /// One sorted pass reaches exactly where the fixed point does.
        #[test]
        fn one_pass_reaches_the_fixed_point(
            raw in proptest::collection::vec((-20.0f64..20.0, 0.0f64..3.0), 0..40),
            start in -20.0f64..20.0,
            forward: bool,
        ) {
            let intervals: Vec<(f64, f64)> = raw.iter().map(|&(lo, w)| (lo, lo + w)).collect();
            let (expected, _) = by_rescanning(&intervals, start, forward);
            let mut sorted = intervals.clone();
            proptest::prop_assert_eq!(run_end(&mut sorted, start, forward).to_bits(), expected.to_bits());
        }
    }

    #[test]
    fn a_chain_listed_far_end_first_costs_one_pass() {
        // 4,000 touching intervals, the farthest first: the rescanning fixed
        // point grows by one interval a pass, 4,001 passes over all 4,000.
        let n = 4000;
        let chain: Vec<(f64, f64)> = (0..n)
            .rev()
            .map(|i| (f64::from(i), f64::from(i) + 1.0))
            .collect();
        let (expected, passes) = by_rescanning(&chain, 0.5, true);
        assert_eq!(passes, n as usize + 1);
        let mut sorted = chain.clone();
        VISITS.with(|v| v.set(0));
        assert_eq!(run_end(&mut sorted, 0.5, true), expected);
        assert_eq!(expected, f64::from(n));
        let visits = VISITS.with(std::cell::Cell::get);
        assert!(
            visits <= n as usize + 1,
            "{visits} visits for {n} intervals"
        );
    }
}
