//! The literal resolver of the swept-AABB article, kept as a test oracle.
//!
//! Every pass enumerates every cell of the whole swept bounding box and sweeps
//! the box against each solid block box as a ray against the Minkowski box, face
//! by face; the earliest hit stops the box `CONTACT_GAP` short of the face and
//! the rest of the motion loses its component along the normal. It is slow on
//! purpose and shares no code with the resolver beyond the block shapes and the
//! two tolerances, so agreement between them means something.

#![allow(dead_code)]

use glam::{DVec3, IVec3};
use voxwalk::block::limits::MAX_SHAPE_REACH;
use voxwalk::geometry::Aabb;
use voxwalk::resolver::{CONTACT_GAP, TOUCH_TOLERANCE};
use voxwalk::world::BlockSource;

/// The earliest face of one block box the moving box reaches.
#[derive(Clone, Copy, Debug)]
pub struct FaceHit {
    pub s: f64,
    pub axis: usize,
    pub face: f64,
}

/// Sweeps `a` by `d` against `b`: the Minkowski box of offsets at which `a`
/// overlaps `b` is `(b.min - a.max, b.max - a.min)`; the ray `t·d` from the
/// origin meets its faces. A face counts if the ray crosses it moving inwards at
/// `s ∈ [0, limit)` and, at `s`, is strictly inside the face on the other two
/// axes (touching is not colliding).
pub fn sweep_faces(a: &Aabb, d: DVec3, b: &Aabb, limit: f64) -> Option<FaceHit> {
    let m_min = b.min - a.max;
    let m_max = b.max - a.min;
    let mut best: Option<FaceHit> = None;
    for axis in 0..3 {
        let (plane, inward) = if d[axis] > 0.0 {
            (m_min[axis], true)
        } else if d[axis] < 0.0 {
            (m_max[axis], true)
        } else {
            (0.0, false)
        };
        if !inward {
            continue;
        }
        // Already past the plane by more than the tolerance: that face is behind.
        if (d[axis] > 0.0 && plane < -TOUCH_TOLERANCE) || (d[axis] < 0.0 && plane > TOUCH_TOLERANCE)
        {
            continue;
        }
        let s = (plane / d[axis]).max(0.0);
        if s >= limit || best.is_some_and(|h| s >= h.s) {
            continue;
        }
        let inside_others = (0..3).filter(|&o| o != axis).all(|o| {
            let at = s * d[o];
            at > m_min[o] + TOUCH_TOLERANCE && at < m_max[o] - TOUCH_TOLERANCE
        });
        if inside_others {
            let face = if d[axis] > 0.0 {
                b.min[axis]
            } else {
                b.max[axis]
            };
            best = Some(FaceHit { s, axis, face });
        }
    }
    best
}

/// Every solid block box of the cells that could reach into the swept bounding
/// box of `a` moving by `d`: the cells it covers widened by the most any shape
/// may reach out of its cell, on every side (not the registry's own reach, so
/// that a mistake there shows).
pub fn solids_in_swept_box<W: BlockSource>(world: &W, a: &Aabb, d: DVec3) -> Vec<Aabb> {
    let swept = a.union(&a.translated(d));
    let lo = (swept.min - DVec3::splat(1.0 + MAX_SHAPE_REACH))
        .floor()
        .as_ivec3();
    let hi = (swept.max + DVec3::splat(MAX_SHAPE_REACH))
        .floor()
        .as_ivec3();
    let mut out = Vec::new();
    for x in lo.x..=hi.x {
        for y in lo.y..=hi.y {
            for z in lo.z..=hi.z {
                let cell = IVec3::new(x, y, z);
                for shape in world.shape_at(cell) {
                    out.push(shape.translated(cell.as_dvec3()));
                }
            }
        }
    }
    out
}

/// The end box of moving `a` by `d`, and the axes that were blocked.
pub fn reference_move<W: BlockSource>(world: &W, a: Aabb, d: DVec3) -> (Aabb, [bool; 3]) {
    let mut a = a;
    let mut d = d;
    let mut blocked = [false; 3];
    for _ in 0..8 {
        if d == DVec3::ZERO {
            break;
        }
        let mut best: Option<FaceHit> = None;
        for b in solids_in_swept_box(world, &a, d) {
            if let Some(h) = sweep_faces(
                &a,
                d,
                &b,
                best.map_or(f64::INFINITY, |h| h.s).min(1.0 + 1e-15),
            ) {
                best = Some(h);
            }
        }
        let Some(hit) = best.filter(|h| h.s <= 1.0) else {
            a = a.translated(d);
            break;
        };
        let mut next = a.translated(d * hit.s);
        let i = hit.axis;
        if d[i] > 0.0 {
            let target = hit.face - CONTACT_GAP;
            let shift = if target > a.max[i] {
                target - a.max[i]
            } else {
                0.0
            };
            next.min[i] = a.min[i] + shift;
            next.max[i] = a.max[i] + shift;
        } else {
            let target = hit.face + CONTACT_GAP;
            let shift = if target < a.min[i] {
                target - a.min[i]
            } else {
                0.0
            };
            next.min[i] = a.min[i] + shift;
            next.max[i] = a.max[i] + shift;
        }
        // Slide: the rest of the motion without its component along the normal.
        d *= 1.0 - hit.s;
        d[i] = 0.0;
        blocked[i] = true;
        a = next;
    }
    (a, blocked)
}

/// Whether `a` overlaps any solid of `world` by more than the touch tolerance.
pub fn overlaps_solid<W: BlockSource>(world: &W, a: &Aabb) -> bool {
    solids_in_swept_box(world, a, DVec3::ZERO)
        .iter()
        .any(|b| a.overlaps_beyond(b, TOUCH_TOLERANCE))
}

/// Whether the straight move of `a` by `d` passes through any solid: whether for
/// some `t` in `[0, 1]` the box `a + t·d` overlaps a solid box by more than the
/// touch tolerance.
pub fn segment_blocked<W: BlockSource>(world: &W, a: &Aabb, d: DVec3) -> bool {
    solids_in_swept_box(world, a, d)
        .iter()
        .any(|b| passes_through(a, d, b, TOUCH_TOLERANCE))
}

/// Whether for some `t` in `[0, 1]` the box `a + t·d` overlaps `b` by more than
/// `tolerance`. Exact: per axis the overlap times form an open interval, and the
/// move passes through `b` when the three intervals and `[0, 1]` meet.
pub fn passes_through(a: &Aabb, d: DVec3, b: &Aabb, tolerance: f64) -> bool {
    let (mut from, mut to) = (0.0_f64, 1.0_f64);
    for i in 0..3 {
        let (lo, hi) = (
            b.min[i] + tolerance - a.max[i],
            b.max[i] - tolerance - a.min[i],
        );
        if d[i] == 0.0 {
            if !(lo < 0.0 && 0.0 < hi) {
                return false;
            }
        } else {
            let (t0, t1) = if d[i] > 0.0 {
                (lo / d[i], hi / d[i])
            } else {
                (hi / d[i], lo / d[i])
            };
            from = from.max(t0);
            to = to.min(t1);
        }
    }
    from < to
}
