//! The sneak edge guard: a sneaking body does not walk off a drop.

use glam::DVec3;

use crate::geometry::Aabb;
use crate::resolver::{MoveError, Resolver};
use crate::world::BlockSource;

/// Bisection steps when cutting a move back to the edge: 2⁻³⁰ of a tick's move,
/// far below a nanometre of a block.
const BISECTION_STEPS: u32 = 30;

/// How much deeper than the step height the ground probe reaches, so that a drop
/// of exactly the step height counts as walkable (a resting body floats
/// [`crate::resolver::CONTACT_GAP`] above its floor).
const PROBE_MARGIN: f64 = 1e-6;

/// Cuts the horizontal part of `displacement` back, axis by axis (x, then z),
/// so that the body stays over ground no more than `step_height` below it.
/// Returns the displacement to use and which of x and z were cut: the other
/// axis keeps its motion, so a body pushed at an edge slides along it.
///
/// A position is supported when a box moved down by `step_height` from it hits
/// something; each cut is the supported point found by bisection between where
/// the body is (supported: it is on the ground) and where it wanted to go.
pub(crate) fn guard_edges<W: BlockSource + ?Sized>(
    world: &W,
    resolver: &mut Resolver,
    start: &Aabb,
    displacement: DVec3,
    step_height: f64,
) -> Result<(DVec3, [bool; 2]), MoveError> {
    let probe = DVec3::new(0.0, -(step_height + PROBE_MARGIN), 0.0);
    let supported = |r: &mut Resolver, b: Aabb| r.move_box(world, b, probe).map(|m| m.blocked.y);
    let mut at = *start;
    let mut out = displacement;
    let mut cut = [false; 2];
    for (slot, axis) in [0usize, 2].into_iter().enumerate() {
        if out[axis] == 0.0 {
            continue;
        }
        let mut along = DVec3::ZERO;
        along[axis] = out[axis];
        let full = resolver.move_box(world, at, along)?.end;
        if supported(resolver, full)? {
            at = full;
            continue;
        }
        let (mut lo, mut hi) = (0.0, 1.0);
        for _ in 0..BISECTION_STEPS {
            let mid = 0.5 * (lo + hi);
            let there = resolver.move_box(world, at, along * mid)?.end;
            if supported(resolver, there)? {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        out[axis] *= lo;
        at = resolver.move_box(world, at, along * lo)?.end;
        cut[slot] = true;
    }
    Ok((out, cut))
}
