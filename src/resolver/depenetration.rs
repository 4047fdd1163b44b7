//! Moving a box out of the solids it starts inside (a block placed on it, a teleport).

use glam::{DVec3, IVec3};

use super::cell_range::CellRange;
use super::limits::MAX_PUSH_OUT_MARGIN;
use super::{CONTACT_GAP, Depenetration, TOUCH_TOLERANCE};
use crate::geometry::Aabb;
use crate::world::BlockSource;

/// The directions a stuck box may leave by; on equal distance the first wins, so
/// a body sunk into the ground comes out on top.
const DIRECTIONS: [DVec3; 6] = [
    DVec3::Y,
    DVec3::NEG_Y,
    DVec3::X,
    DVec3::NEG_X,
    DVec3::Z,
    DVec3::NEG_Z,
];

/// Pushes `aabb` (in the frame whose origin is cell `origin`) out of every solid it
/// overlaps, by the least penetration: of the six axis directions, the one that
/// frees the box with the shortest push. Against a single block this is exactly the
/// box–box least-penetration rule ([`crate::geometry::push_out_box_box`]); against
/// several it keeps pushing the same way until nothing overlaps.
///
/// A place that combines pushes along two or three axes is taken where it is
/// nearer (straight-line distance) than every axis push, or where no axis
/// push frees the box at all: wedged in a corner or along an edge, each axis
/// way out meets another solid ([`nearest_free_place`]).
///
/// Returns `None` when the box overlaps nothing (the usual case, one range
/// lookup); otherwise what was done. A box that no push within its largest edge
/// plus [`MAX_PUSH_OUT_MARGIN`] frees is left where it is.
pub(super) fn depenetrate<W: BlockSource>(
    world: &W,
    aabb: &mut Aabb,
    origin: IVec3,
    lookups: &mut u64,
) -> Option<Depenetration> {
    if !overlaps_solid(world, aabb, origin, lookups) {
        return None;
    }
    let limit = aabb.size().max_element() + MAX_PUSH_OUT_MARGIN;
    let mut best: Option<(f64, Aabb)> = None;
    for direction in DIRECTIONS {
        let mut pushed = *aabb;
        let mut distance = 0.0;
        while let Some(depth) = deepest_penetration(world, &pushed, direction, origin, lookups) {
            let step = depth + CONTACT_GAP;
            distance += step;
            if distance > limit || best.is_some_and(|(d, _)| distance >= d) {
                distance = f64::INFINITY;
                break;
            }
            pushed = pushed.translated(direction * step);
        }
        if distance.is_finite() && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, pushed));
        }
    }
    // A corner or an edge may free it sooner along two or three axes at
    // once, or be the only way out within reach.
    let bound = best.map_or(limit, |(d, _)| d);
    let best = match nearest_free_place(world, aabb, origin, bound, lookups) {
        Some((d, pushed)) if best.is_none_or(|(axis, _)| d < axis) => Some(pushed),
        _ => best.map(|(_, pushed)| pushed),
    };
    match best {
        Some(pushed) => {
            let offset = pushed.min - aabb.min;
            *aabb = pushed;
            Some(Depenetration {
                offset,
                resolved: true,
            })
        }
        None => Some(Depenetration {
            offset: DVec3::ZERO,
            resolved: false,
        }),
    }
}

/// Whether `aabb` overlaps any solid by more than the touch tolerance.
pub(super) fn overlaps_solid<W: BlockSource>(
    world: &W,
    aabb: &Aabb,
    origin: IVec3,
    lookups: &mut u64,
) -> bool {
    deepest_penetration(world, aabb, DVec3::Y, origin, lookups).is_some()
}

/// How far `aabb` must move along `direction` to leave the solid box it
/// penetrates deepest that way; `None` when it overlaps no solid.
fn deepest_penetration<W: BlockSource>(
    world: &W,
    aabb: &Aabb,
    direction: DVec3,
    origin: IVec3,
    lookups: &mut u64,
) -> Option<f64> {
    let mut deepest: Option<f64> = None;
    for_each_overlapped(world, aabb, origin, lookups, |solid| {
        // Distance from the box's trailing face to the solid's far face.
        let depth = (solid.max - aabb.min).dot(direction.max(DVec3::ZERO))
            + (aabb.max - solid.min).dot((-direction).max(DVec3::ZERO));
        deepest = Some(deepest.map_or(depth, |d: f64| d.max(depth)));
    });
    deepest
}

/// Calls `visit` with every solid box (in the frame) that `aabb` overlaps
/// by more than the touch tolerance.
#[inline]
fn for_each_overlapped<W: BlockSource>(
    world: &W,
    aabb: &Aabb,
    origin: IVec3,
    lookups: &mut u64,
    mut visit: impl FnMut(Aabb),
) {
    let range = CellRange::covering(aabb, &world.registry().reach());
    *lookups += range.volume();
    let global = range.translated(origin);
    world.for_each_solid_in(global.lo, global.hi, |cell, boxes| {
        let base = (cell - origin).as_dvec3();
        for shape in boxes {
            let solid = shape.translated(base);
            if aabb.overlaps_beyond(&solid, TOUCH_TOLERANCE) {
                visit(solid);
            }
        }
    });
}

/// How many solids' faces per axis and per side a corner search combines:
/// the nearest ones (a box wedged in a corner is freed by the faces of the
/// blocks it is in or beside; farther ones only lengthen the push).
const FACES_PER_SIDE: usize = 4;

/// How many times a corner search widens its set of solids to those the
/// places it tried ran into.
const CORNER_ROUNDS: usize = 3;

/// The nearest place nearer than `limit` (straight-line distance) where `aabb`
/// overlaps no solid, moved along any mix of the three axes: each axis's
/// offsets are those that put a face of the box a contact gap beyond a face
/// of a solid it met, and the combinations are tried nearest first (on
/// equal distance, the one generated first: up before down, then x, then z).
/// The solids are those the box overlaps, widened by those each tried place
/// overlapped, for a few rounds; `None` if none of the places is free.
/// Returns the distance and the box there.
fn nearest_free_place<W: BlockSource>(
    world: &W,
    aabb: &Aabb,
    origin: IVec3,
    limit: f64,
    lookups: &mut u64,
) -> Option<(f64, Aabb)> {
    let mut solids = Vec::new();
    overlapped_solids(world, aabb, origin, lookups, &mut solids);
    let mut tried: Vec<DVec3> = Vec::new();
    for _ in 0..CORNER_ROUNDS {
        let per_axis = [0, 1, 2].map(|axis| face_offsets(aabb, &solids, axis, limit));
        let mut places: Vec<(f64, DVec3)> = Vec::new();
        for &y in &per_axis[1] {
            for &x in &per_axis[0] {
                for &z in &per_axis[2] {
                    let offset = DVec3::new(x, y, z);
                    let distance = offset.length();
                    if distance > 0.0 && distance < limit && !tried.contains(&offset) {
                        places.push((distance, offset));
                    }
                }
            }
        }
        places.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut met = Vec::new();
        for (distance, offset) in places {
            tried.push(offset);
            let moved = aabb.translated(offset);
            let before = met.len();
            overlapped_solids(world, &moved, origin, lookups, &mut met);
            if met.len() == before {
                return Some((distance, moved));
            }
        }
        let grown = solids.len();
        for solid in met {
            if !solids.contains(&solid) {
                solids.push(solid);
            }
        }
        if solids.len() == grown {
            return None;
        }
    }
    None
}

/// The offsets along `axis` that put `aabb` a contact gap past a face of one
/// of `solids`, the nearest [`FACES_PER_SIDE`] each way within `limit`,
/// after a zero (no move along the axis); positive ones before negative.
fn face_offsets(aabb: &Aabb, solids: &[Aabb], axis: usize, limit: f64) -> Vec<f64> {
    let nearest = |mut side: Vec<f64>| {
        side.sort_by(|a, b| a.abs().total_cmp(&b.abs()));
        side.dedup();
        side.truncate(FACES_PER_SIDE);
        side
    };
    let up = solids
        .iter()
        .map(|s| s.max[axis] + CONTACT_GAP - aabb.min[axis])
        .filter(|&d| d > 0.0 && d <= limit)
        .collect();
    let down = solids
        .iter()
        .map(|s| s.min[axis] - CONTACT_GAP - aabb.max[axis])
        .filter(|&d| d < 0.0 && d >= -limit)
        .collect();
    let mut offsets = vec![0.0];
    offsets.extend(nearest(up));
    offsets.extend(nearest(down));
    offsets
}

/// Pushes onto `out` every solid box (in the frame) that `aabb` overlaps by
/// more than the touch tolerance.
fn overlapped_solids<W: BlockSource>(
    world: &W,
    aabb: &Aabb,
    origin: IVec3,
    lookups: &mut u64,
    out: &mut Vec<Aabb>,
) {
    for_each_overlapped(world, aabb, origin, lookups, |solid| out.push(solid));
}
