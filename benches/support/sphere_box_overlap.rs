//! Five ways to ask "does this sphere overlap this box?", all with one answer:
//! the variants of the article `../shared/seeds/` holds, kept for the benchmark
//! that compares them (`benches/sphere_box.rs`) and the test that holds them
//! equal (`tests/geometry.rs`). The library itself needs none of them.
//!
//! They differ only in speed. All treat touching as
//! not overlapping: the squared distance from the centre to the box must be
//! strictly less than `r²`. Each takes the box as `min`/`max` corners except the
//! folded form, which wants centre and half-size and so takes them precomputed.

use glam::DVec3;

use voxwalk::geometry::Aabb;

/// Arvo's test (Graphics Gems): sum the squared distance outside the box per axis.
#[inline]
#[must_use]
#[allow(dead_code)] // each user takes what it compares
pub fn arvo(center: DVec3, radius: f64, aabb: &Aabb) -> bool {
    let mut d = 0.0;
    for i in 0..3 {
        if center[i] < aabb.min[i] {
            let e = center[i] - aabb.min[i];
            d += e * e;
        } else if center[i] > aabb.max[i] {
            let e = center[i] - aabb.max[i];
            d += e * e;
        }
    }
    d < radius * radius
}

/// Larsson's quick rejections interleaved: give up on the first axis where the
/// centre is farther than `r` outside the box.
#[inline]
#[must_use]
#[allow(dead_code)] // each user takes what it compares
pub fn quick_rejection_interleaved(center: DVec3, radius: f64, aabb: &Aabb) -> bool {
    let mut d = 0.0;
    for i in 0..3 {
        let below = center[i] - aabb.min[i];
        if below < 0.0 {
            if below < -radius {
                return false;
            }
            d += below * below;
        } else {
            let above = center[i] - aabb.max[i];
            if above > 0.0 {
                if above > radius {
                    return false;
                }
                d += above * above;
            }
        }
    }
    d < radius * radius
}

/// Quick rejections first: reject against the box grown by `r` on all axes, then
/// run Arvo's sum.
#[inline]
#[must_use]
#[allow(dead_code)] // each user takes what it compares
pub fn quick_rejection_first(center: DVec3, radius: f64, aabb: &Aabb) -> bool {
    let grown_min = aabb.min - DVec3::splat(radius);
    let grown_max = aabb.max + DVec3::splat(radius);
    if center.cmplt(grown_min).any() || center.cmpgt(grown_max).any() {
        return false;
    }
    arvo(center, radius, aabb)
}

/// Branch-free: the distance outside the box on each axis is
/// `max(min − c, 0) + max(c − max, 0)`, so no comparisons steer the flow.
///
/// (The form this comes from returns early with the comparison inverted; an early
/// return would bring the branch back, so this one sums all three axes.)
#[inline]
#[must_use]
#[allow(dead_code)] // each user takes what it compares
pub fn branch_free(center: DVec3, radius: f64, aabb: &Aabb) -> bool {
    let outside = (aabb.min - center).max(DVec3::ZERO) + (center - aabb.max).max(DVec3::ZERO);
    outside.length_squared() < radius * radius
}

/// Fold to the first octant: with the box as centre `box_center` and half-size
/// `half`, `u = max(|p − c| − h, 0)` is the offset from the box to the mirrored
/// centre, and the sphere overlaps when `|u| < r`.
#[inline]
#[must_use]
#[allow(dead_code)] // each user takes what it compares
pub fn folded(center: DVec3, radius: f64, box_center: DVec3, half: DVec3) -> bool {
    let u = ((center - box_center).abs() - half).max(DVec3::ZERO);
    u.length_squared() < radius * radius
}
