//! Box–box overlap and least-penetration push-out (instantaneous, no velocity).

use glam::DVec3;

use super::Aabb;

/// Penetration depth of two boxes on each axis: positive on an axis where they overlap.
///
/// Per axis this is `(half_a + half_b) - |centre_a - centre_b|`; the boxes overlap
/// when all three are positive.
///
/// ```
/// use voxwalk::glam::DVec3;
/// use voxwalk::geometry::{Aabb, penetration_depths_box_box};
/// let a = Aabb::new(DVec3::ZERO, DVec3::ONE);
/// let b = a.translated(DVec3::new(0.75, 0.5, -2.0));
/// assert_eq!(penetration_depths_box_box(&a, &b), DVec3::new(0.25, 0.5, -1.0));
/// ```
#[inline]
#[must_use]
pub fn penetration_depths_box_box(a: &Aabb, b: &Aabb) -> DVec3 {
    let half_sum = (a.size() + b.size()) * 0.5;
    half_sum - (a.center() - b.center()).abs()
}

/// The shortest axis-aligned vector that moves `moving` out of `fixed`, or `None`
/// when they do not overlap (touching is not overlapping).
///
/// Without history there is no telling where `moving` came from, so it leaves
/// through the side it penetrates least: the side it most likely entered by.
/// After adding the vector the two boxes touch.
///
/// ```
/// use voxwalk::glam::DVec3;
/// use voxwalk::geometry::{Aabb, push_out_box_box};
/// let wall = Aabb::new(DVec3::ZERO, DVec3::ONE);
/// // Mostly left of the wall, 0.25 into it: pushed left by 0.25.
/// let body = Aabb::new(DVec3::new(-0.5, 0.2, 0.2), DVec3::new(0.25, 0.8, 0.8));
/// assert_eq!(push_out_box_box(&body, &wall), Some(DVec3::new(-0.25, 0.0, 0.0)));
/// let apart = body.translated(DVec3::new(-1.0, 0.0, 0.0));
/// assert_eq!(push_out_box_box(&apart, &wall), None);
/// ```
#[must_use]
pub fn push_out_box_box(moving: &Aabb, fixed: &Aabb) -> Option<DVec3> {
    let depth = penetration_depths_box_box(moving, fixed);
    if depth.cmple(DVec3::ZERO).any() {
        return None;
    }
    let away = moving.center() - fixed.center();
    let axis = least_axis(depth);
    let sign = if away[axis] < 0.0 { -1.0 } else { 1.0 };
    let mut push = DVec3::ZERO;
    push[axis] = sign * depth[axis];
    Some(push)
}

/// Index of the smallest component; ties go to the lower index (x, then y, then z).
#[inline]
fn least_axis(v: DVec3) -> usize {
    if v.x <= v.y && v.x <= v.z {
        0
    } else if v.y <= v.z {
        1
    } else {
        2
    }
}
