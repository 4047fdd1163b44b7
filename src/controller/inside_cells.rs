//! The cells a body's move took it into, in the order Minecraft visits them
//! for the blocks that act on a body inside them (1.21.7:
//! `Entity.checkInsideBlocks` over the move's `Movement`, split by axis;
//! `BlockGetter.forEachBlockIntersectedBetween` and
//! `addCollisionsAlongTravel` along each leg).
//!
//! The client records a move as one path from where the body was to where
//! it ended, and walks it axis by axis in its collision order (y, then the
//! longer horizontal axis): each leg counts the cells of the box where the
//! leg ends, shrunk by 10⁻⁵, and a leg of a block or more also the cells the
//! box's low corner swept on the way. A cell counts once, where it is first
//! met. Which cells and in what order matters where effects stop at a cap
//! (a bubble column lifts to 0.7 a tick inside it, to 1.8 in its top cell).

use glam::{DVec3, IVec3};

use crate::geometry::Aabb;

/// How far a leg's box is shrunk (`deflate(1.0E-5F)`, a float).
fn inset() -> f64 {
    f64::from(1.0e-5_f32)
}

/// The longest leg whose end box alone is looked at (`0.99999F`, a float).
fn short_leg() -> f64 {
    f64::from(0.999_99_f32)
}

/// Calls `visit` with each cell the move from box `start` to box `end`
/// (the same box, moved) took the body into, once each, in the client's
/// order.
pub(crate) fn cells_along_move(start: &Aabb, end: &Aabb, mut visit: impl FnMut(IVec3)) {
    let mut seen: Vec<IVec3> = Vec::new();
    let mut once = |cell: IVec3| {
        if !seen.contains(&cell) {
            seen.push(cell);
            visit(cell);
        }
    };
    let travel = end.min - start.min;
    if travel == DVec3::ZERO {
        cells_of_leg(DVec3::ZERO, end, &mut once);
        return;
    }
    // `Entity.axisStepOrder`: y, then the longer horizontal axis.
    let order = if travel.x.abs() < travel.z.abs() {
        [1, 2, 0]
    } else {
        [1, 0, 2]
    };
    let mut at = start.min;
    for axis in order {
        if travel[axis] == 0.0 {
            continue;
        }
        let mut leg = DVec3::ZERO;
        leg[axis] = travel[axis];
        at += leg;
        let leg_end = end.translated(at - end.min);
        cells_of_leg(leg, &leg_end, &mut once);
    }
}

/// One leg of `travel` ending at box `end` (`forEachBlockIntersectedBetween`).
fn cells_of_leg(travel: DVec3, end: &Aabb, visit: &mut impl FnMut(IVec3)) {
    let inside = Aabb::new(end.min + inset(), end.max - inset());
    if travel.length_squared() >= short_leg() * short_leg() {
        let corner = inside.min;
        swept_cells(corner - travel, corner, inside.max - inside.min, visit);
    }
    let (lo, hi) = (floor_cell(inside.min), floor_cell(inside.max));
    // `BlockPos.betweenClosed`: x fastest, then y, then z.
    for z in lo.z..=hi.z {
        for y in lo.y..=hi.y {
            for x in lo.x..=hi.x {
                visit(IVec3::new(x, y, z));
            }
        }
    }
}

/// The cells a box of `size` covers where its low corner, going from `from`
/// to `to`, enters each cell on the way (`addCollisionsAlongTravel`: a walk
/// of at most 17 cells, from the point where the corner's line enters the
/// cell, held 10⁻⁵ inside it).
fn swept_cells(from: DVec3, to: DVec3, size: DVec3, visit: &mut impl FnMut(IVec3)) {
    let travel = to - from;
    let mut cell = floor_cell(from);
    let step = IVec3::new(sign(travel.x), sign(travel.y), sign(travel.z));
    let mut delta = DVec3::ZERO;
    let mut next = DVec3::ZERO;
    for axis in 0..3 {
        delta[axis] = if step[axis] == 0 {
            f64::MAX
        } else {
            f64::from(step[axis]) / travel[axis]
        };
        let frac = from[axis] - from[axis].floor();
        next[axis] = delta[axis] * if step[axis] > 0 { 1.0 - frac } else { frac };
    }
    let mut steps = 0;
    while next.x <= 1.0 || next.y <= 1.0 || next.z <= 1.0 {
        let axis = if next.x < next.y {
            if next.x < next.z { 0 } else { 2 }
        } else if next.y < next.z {
            1
        } else {
            2
        };
        cell[axis] += step[axis];
        next[axis] += delta[axis];
        steps += 1;
        if steps > 17 {
            break;
        }
        let lo = cell.as_dvec3();
        let Some(entry) = clip(lo, lo + DVec3::ONE, from, to) else {
            continue;
        };
        let held = entry.clamp(lo + inset(), lo + DVec3::ONE - inset());
        let far = floor_cell(held + size);
        for x in cell.x..=far.x {
            for y in cell.y..=far.y {
                for z in cell.z..=far.z {
                    visit(IVec3::new(x, y, z));
                }
            }
        }
    }
}

/// Where the segment `from`–`to` enters the box `lo`–`hi` through a face it
/// crosses going in, strictly between its ends (`AABB.clip`); `None` if it
/// crosses none.
fn clip(lo: DVec3, hi: DVec3, from: DVec3, to: DVec3) -> Option<DVec3> {
    const EPS: f64 = 1e-7;
    let d = to - from;
    let mut best = 1.0;
    let mut hit = false;
    for axis in 0..3 {
        let plane = if d[axis] > EPS {
            lo[axis]
        } else if d[axis] < -EPS {
            hi[axis]
        } else {
            continue;
        };
        let t = (plane - from[axis]) / d[axis];
        let (a, b) = ((axis + 1) % 3, (axis + 2) % 3);
        let pa = from[a] + t * d[a];
        let pb = from[b] + t * d[b];
        let within = |p: f64, i: usize| lo[i] - EPS < p && p < hi[i] + EPS;
        if 0.0 < t && t < best && within(pa, a) && within(pb, b) {
            best = t;
            hit = true;
        }
    }
    hit.then(|| from + d * best)
}

/// `Mth.sign` of a double: −1, 0 or 1.
fn sign(x: f64) -> i32 {
    if x > 0.0 {
        1
    } else if x < 0.0 {
        -1
    } else {
        0
    }
}

/// The cell holding `p`.
#[allow(clippy::cast_possible_truncation)] // a world's coordinates fit an i32
fn floor_cell(p: DVec3) -> IVec3 {
    p.floor().as_ivec3()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn box_at(feet: DVec3) -> Aabb {
        Aabb::new(
            feet - DVec3::new(0.3, 0.0, 0.3),
            feet + DVec3::new(0.3, 1.8, 0.3),
        )
    }

    fn cells(start: DVec3, end: DVec3) -> Vec<IVec3> {
        let mut out = Vec::new();
        cells_along_move(&box_at(start), &box_at(end), |c| out.push(c));
        out
    }

    /// A body standing still: the cells of its box, x fastest.
    #[test]
    fn a_box_at_rest_counts_its_own_cells_x_first() {
        let found = cells(DVec3::new(0.9, 0.0, 0.5), DVec3::new(0.9, 0.0, 0.5));
        assert_eq!(
            found,
            [(0, 0), (1, 0), (0, 1), (1, 1)].map(|(x, y)| IVec3::new(x, y, 0))
        );
    }

    /// A step sideways then up counts the cells of the box after its y leg
    /// too: a cell the end box has left behind still counts.
    #[test]
    fn the_y_leg_counts_before_the_sideways_one() {
        let found = cells(DVec3::new(0.5, 0.0, 0.5), DVec3::new(0.8, 0.3, 0.5));
        assert_eq!(found[0], IVec3::new(0, 0, 0));
        // After the y leg the box spans x 0.2–0.8: cell 0 only; after the x
        // leg, cells 0 and 1.
        assert!(found.contains(&IVec3::new(1, 0, 0)));
        assert_eq!(found.iter().filter(|c| **c == IVec3::ZERO).count(), 1);
    }

    /// A fall of three blocks in one tick counts the cells passed on the way.
    #[test]
    fn a_long_fall_counts_the_cells_passed() {
        let found = cells(DVec3::new(0.5, 5.2, 0.5), DVec3::new(0.5, 2.2, 0.5));
        for y in 2..=6 {
            assert!(found.contains(&IVec3::new(0, y, 0)), "{y}: {found:?}");
        }
    }
}
