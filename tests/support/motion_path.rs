//! The straight pieces a resolver move reports, for checks that walk them.

#![allow(dead_code)]

use glam::DVec3;
use voxwalk::geometry::Aabb;
use voxwalk::resolver::Motion;

/// The path a move of `by` took, as the boxes at its corners: the start, then for
/// each hit the box touching the face (reached in a straight line along what was
/// left of the move, blocked axes removed) and the box stopped the gap short of it,
/// then the end.
pub fn path(m: &Motion, by: DVec3) -> Vec<Aabb> {
    let mut points = vec![m.start];
    let (mut velocity, mut time) = (by, 0.0);
    for h in m.hits.as_slice() {
        let previous = *points.last().unwrap();
        points.push(previous.translated(velocity * (h.toi - time)));
        points.push(h.at);
        velocity[h.normal.abs().max_position()] = 0.0;
        time = h.toi;
    }
    points.push(m.end);
    points
}

/// Whether the hits of `m` are what a resolver promises: at most one per axis,
/// in time order, each within `[0, 1]`; otherwise what is wrong.
pub fn hits_in_order(m: &Motion) -> Result<(), String> {
    let mut seen = [false; 3];
    let mut last = 0.0;
    for h in m.hits.as_slice() {
        let axis = h.normal.abs().max_position();
        if seen[axis] {
            return Err(format!("two hits on axis {axis}"));
        }
        seen[axis] = true;
        if !(h.toi >= last && h.toi <= 1.0) {
            return Err(format!("hit at toi {} after {last}", h.toi));
        }
        last = h.toi;
    }
    Ok(())
}
