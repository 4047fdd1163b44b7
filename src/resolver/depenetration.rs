//! Moving a box out of the solids it starts inside (a block placed on it, a teleport).

use glam::{DVec3, IVec3};

use super::cell_range::CellRange;
use super::{CONTACT_GAP, Depenetration, MAX_PUSH_OUT_MARGIN, TOUCH_TOLERANCE};
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
    match best {
        Some((_, pushed)) => {
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
    let range = CellRange::covering(aabb, &world.registry().reach());
    *lookups += range.volume();
    let mut deepest: Option<f64> = None;
    let global = range.translated(origin);
    world.for_each_solid_in(global.lo, global.hi, |cell, boxes| {
        let base = (cell - origin).as_dvec3();
        for shape in boxes {
            let solid = shape.translated(base);
            if aabb.overlaps_beyond(&solid, TOUCH_TOLERANCE) {
                // Distance from the box's trailing face to the solid's far face.
                let depth = (solid.max - aabb.min).dot(direction.max(DVec3::ZERO))
                    + (aabb.max - solid.min).dot((-direction).max(DVec3::ZERO));
                deepest = Some(deepest.map_or(depth, |d: f64| d.max(depth)));
            }
        }
    });
    deepest
}
