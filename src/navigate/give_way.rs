//! Who waits for whom in a crowd: the rule that keeps bodies sent the same
//! way from pressing into each other at a door.
//!
//! Bodies push each other apart, so a crowd that only walks its plans
//! flows: through a one-wide door a pushing crowd passes about twice as
//! fast as a queue that keeps its distance. But two bodies pressing side by
//! side into the door hold each other there for good. So only a jam waits:
//! a body that has come no closer to its step for a while gives way to one
//! further along its own plan (less distance left, ties by the order the
//! bodies were sent) that is ahead of it or beside it, pressing on it, and
//! not walking away. That is a total order, so the body first in it never
//! waits, someone always moves, and no two bodies wait for each other.

use glam::{DVec2, DVec3};
use rustc_hash::FxHashMap;

/// Room between two boxes, blocks, within which the one behind waits.
const GAP: f64 = 0.1;
/// How far behind a body's facing the other may be and still be in its
/// way (the cosine of the angle, negative: a little behind abeam): a body
/// beside it heads for the same door.
const BESIDE: f64 = 0.0;
/// How far apart in height two bodies are on different floors.
const ANOTHER_FLOOR: f64 = 1.0;
/// A body ahead moving away slower than this, blocks a second, is standing
/// in the way.
const STANDING: f64 = 0.4;
/// The side of the grid cells bodies are sorted into, blocks: no body a
/// rule concerns is further than this from another.
const CELL: f64 = 2.0;

/// A body following a plan, as the rule sees it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Walker {
    /// Its feet.
    pub feet: DVec3,
    /// Which way it heads across (unit, or zero when it is on its mark).
    pub toward: DVec2,
    /// Its speed across, blocks a second.
    pub velocity: DVec2,
    /// Half its width across.
    pub half_width: f64,
    /// How far it has left to go along its plan.
    pub left: f64,
    /// It has come no closer to the end of its step for a while.
    pub stalled: bool,
}

/// Sets `waits[i]` for each of `walkers` that gives way this tick. The
/// order ties break in is the walkers' order.
pub(crate) fn who_gives_way(walkers: &[Walker], waits: &mut Vec<bool>) {
    waits.clear();
    waits.resize(walkers.len(), false);
    if !walkers.iter().any(|w| w.stalled) {
        return; // a crowd that flows: no one to ask
    }
    let mut grid: FxHashMap<(i64, i64), Vec<usize>> = FxHashMap::default();
    for (i, w) in walkers.iter().enumerate() {
        grid.entry(cell_of(w.feet)).or_default().push(i);
    }
    for (i, me) in walkers.iter().enumerate() {
        if !me.stalled {
            continue;
        }
        let (cx, cz) = cell_of(me.feet);
        waits[i] = (cx - 1..=cx + 1)
            .flat_map(|x| (cz - 1..=cz + 1).map(move |z| (x, z)))
            .filter_map(|c| grid.get(&c))
            .flatten()
            .any(|&j| j != i && first(walkers, j, i) && in_the_way(me, &walkers[j]));
    }
}

/// Whether walker `a` goes before walker `b`.
fn first(walkers: &[Walker], a: usize, b: usize) -> bool {
    (walkers[a].left, a) < (walkers[b].left, b)
}

/// Whether `other` is where `me` is heading, close enough to press on, and
/// not moving away as fast as `me` comes on: a body in a file walking at
/// the pace of the one ahead does not stop.
fn in_the_way(me: &Walker, other: &Walker) -> bool {
    if (other.feet.y - me.feet.y).abs() >= ANOTHER_FLOOR {
        return false;
    }
    let offset = DVec2::new(other.feet.x - me.feet.x, other.feet.z - me.feet.z);
    let distance = offset.length();
    let away = other.velocity.dot(me.toward);
    distance < me.half_width + other.half_width + GAP
        && offset.dot(me.toward) > BESIDE * distance
        && away < me.velocity.dot(me.toward).max(STANDING)
}

#[allow(clippy::cast_possible_truncation)] // saturating: a body is in range
fn cell_of(feet: DVec3) -> (i64, i64) {
    (
        (feet.x / CELL).floor() as i64,
        (feet.z / CELL).floor() as i64,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walker(x: f64, z: f64, toward: DVec2, left: f64) -> Walker {
        Walker {
            feet: DVec3::new(x, 1.0, z),
            toward: toward.normalize(),
            velocity: DVec2::ZERO,
            half_width: 0.3,
            left,
            stalled: true,
        }
    }

    #[test]
    fn of_two_side_by_side_at_a_door_the_one_further_behind_waits() {
        // Both head for the middle of the cell past the door, (21.5, 20.5).
        let walkers = [
            walker(19.7, 20.8, DVec2::new(1.8, -0.3), 9.01),
            walker(19.7, 20.2, DVec2::new(1.8, 0.3), 9.0),
        ];
        let mut waits = Vec::new();
        who_gives_way(&walkers, &mut waits);
        assert_eq!(waits, [true, false]);
        let mut flowing = walkers;
        flowing[0].stalled = false;
        who_gives_way(&flowing, &mut waits);
        assert_eq!(waits, [false, false], "only a stalled body gives way");
    }

    #[test]
    fn a_tie_goes_to_the_one_sent_first_and_nobody_waits_for_one_behind() {
        let ahead = walker(5.0, 5.0, DVec2::X, 4.0);
        let behind = walker(4.4, 5.0, DVec2::X, 4.0);
        let mut waits = Vec::new();
        who_gives_way(&[behind, ahead], &mut waits);
        assert_eq!(waits, [false, false], "the one ahead is not in the way");
        let facing = walker(5.0, 5.0, -DVec2::X, 4.0);
        who_gives_way(&[facing, behind], &mut waits);
        assert_eq!(waits, [false, true], "head on, the tie goes to the first");
        let mut leaving = ahead;
        leaving.velocity = DVec2::new(4.3, 0.0);
        who_gives_way(&[leaving, behind], &mut waits);
        assert_eq!(waits, [false, false], "one walking away is not in the way");
        let far = walker(5.2, 5.0, DVec2::X, 1.0);
        who_gives_way(&[behind, far], &mut waits);
        assert_eq!(waits, [false, false], "0.8 apart is not pressing");
    }
}
