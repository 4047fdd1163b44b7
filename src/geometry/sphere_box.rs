//! Circle–box (2-D) and sphere–box (3-D) closest point, overlap and push-out.
//!
//! One implementation over `N` dimensions serves both; the public functions only
//! convert between glam vectors and arrays.

use glam::{DVec2, DVec3};

use super::Aabb;

/// A 2-D axis-aligned rectangle, the circle tests' counterpart of [`Aabb`].
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Rect {
    /// Corner with the smallest coordinates.
    pub min: DVec2,
    /// Corner with the largest coordinates.
    pub max: DVec2,
}

impl Rect {
    /// A rectangle from its two corners.
    #[must_use]
    pub const fn new(min: DVec2, max: DVec2) -> Self {
        Self { min, max }
    }
}

/// The point of the rectangle nearest to `center` (the centre itself when inside).
///
/// ```
/// use voxwalk::glam::DVec2;
/// use voxwalk::geometry::{Rect, closest_point_circle_box};
/// let r = Rect::new(DVec2::ZERO, DVec2::new(2.0, 1.0));
/// assert_eq!(closest_point_circle_box(DVec2::new(3.0, 0.5), &r), DVec2::new(2.0, 0.5));
/// assert_eq!(closest_point_circle_box(DVec2::new(1.0, 0.5), &r), DVec2::new(1.0, 0.5));
/// ```
#[must_use]
pub fn closest_point_circle_box(center: DVec2, rect: &Rect) -> DVec2 {
    center.clamp(rect.min, rect.max)
}

/// Whether a circle and a rectangle overlap (touching is not overlapping).
///
/// ```
/// use voxwalk::glam::DVec2;
/// use voxwalk::geometry::{Rect, overlap_circle_box};
/// let r = Rect::new(DVec2::ZERO, DVec2::ONE);
/// assert!(overlap_circle_box(DVec2::new(1.5, 0.5), 0.6, &r));
/// assert!(!overlap_circle_box(DVec2::new(1.5, 0.5), 0.5, &r));
/// ```
#[must_use]
pub fn overlap_circle_box(center: DVec2, radius: f64, rect: &Rect) -> bool {
    center.distance_squared(closest_point_circle_box(center, rect)) < radius * radius
}

/// The vector that moves the circle out of the rectangle, `None` when apart.
///
/// Centre outside: along the separating direction by `r − |d|`. Centre inside:
/// out through the least-penetrated side, then on by the radius.
///
/// ```
/// use voxwalk::glam::DVec2;
/// use voxwalk::geometry::{Rect, push_out_circle_box};
/// let r = Rect::new(DVec2::ZERO, DVec2::ONE);
/// // Outside, 0.2 too close to the right side.
/// let p = push_out_circle_box(DVec2::new(1.3, 0.5), 0.5, &r).unwrap();
/// assert!((p - DVec2::new(0.2, 0.0)).length() < 1e-12);
/// // Inside, nearest the top side (y = 1): out by 0.1, then by the radius.
/// let p = push_out_circle_box(DVec2::new(0.5, 0.9), 0.25, &r).unwrap();
/// assert!((p - DVec2::new(0.0, 0.35)).length() < 1e-12);
/// ```
#[must_use]
pub fn push_out_circle_box(center: DVec2, radius: f64, rect: &Rect) -> Option<DVec2> {
    push_out_ball_box(
        center.to_array(),
        radius,
        rect.min.to_array(),
        rect.max.to_array(),
    )
    .map(DVec2::from_array)
}

/// The point of the box nearest to `center` (the centre itself when inside).
///
/// ```
/// use voxwalk::glam::DVec3;
/// use voxwalk::geometry::{Aabb, closest_point_sphere_box};
/// let b = Aabb::new(DVec3::ZERO, DVec3::ONE);
/// assert_eq!(closest_point_sphere_box(DVec3::new(2.0, -1.0, 0.5), &b), DVec3::new(1.0, 0.0, 0.5));
/// ```
#[must_use]
pub fn closest_point_sphere_box(center: DVec3, aabb: &Aabb) -> DVec3 {
    center.clamp(aabb.min, aabb.max)
}

/// Whether a sphere and a box overlap (touching is not overlapping).
///
/// ```
/// use voxwalk::glam::DVec3;
/// use voxwalk::geometry::{Aabb, overlap_sphere_box};
/// let b = Aabb::new(DVec3::ZERO, DVec3::ONE);
/// // Nearest point is the corner (1,1,1), sqrt(3)·0.5 ≈ 0.866 away.
/// assert!(overlap_sphere_box(DVec3::splat(1.5), 0.87, &b));
/// assert!(!overlap_sphere_box(DVec3::splat(1.5), 0.86, &b));
/// ```
#[must_use]
pub fn overlap_sphere_box(center: DVec3, radius: f64, aabb: &Aabb) -> bool {
    center.distance_squared(closest_point_sphere_box(center, aabb)) < radius * radius
}

/// The vector that moves the sphere out of the box, `None` when apart.
///
/// The 3-D form of [`push_out_circle_box`]: outside, along the separating
/// direction by `r − |d|`; inside, out through the least-penetrated face plus `r`.
///
/// ```
/// use voxwalk::glam::DVec3;
/// use voxwalk::geometry::{Aabb, push_out_sphere_box};
/// let floor = Aabb::new(DVec3::new(-5.0, -1.0, -5.0), DVec3::new(5.0, 0.0, 5.0));
/// // A ball of radius 0.5 sunk 0.1 into the floor rises by 0.1.
/// let p = push_out_sphere_box(DVec3::new(0.0, 0.4, 0.0), 0.5, &floor).unwrap();
/// assert!((p - DVec3::new(0.0, 0.1, 0.0)).length() < 1e-12);
/// // Its centre inside the floor, 0.2 below the top: up by 0.2 + 0.5.
/// let p = push_out_sphere_box(DVec3::new(1.0, -0.2, 1.0), 0.5, &floor).unwrap();
/// assert!((p - DVec3::new(0.0, 0.7, 0.0)).length() < 1e-12);
/// ```
#[must_use]
pub fn push_out_sphere_box(center: DVec3, radius: f64, aabb: &Aabb) -> Option<DVec3> {
    push_out_ball_box(
        center.to_array(),
        radius,
        aabb.min.to_array(),
        aabb.max.to_array(),
    )
    .map(DVec3::from_array)
}

/// Push-out of an `N`-ball from an `N`-box; the shared body of the 2-D and 3-D forms.
fn push_out_ball_box<const N: usize>(
    center: [f64; N],
    radius: f64,
    min: [f64; N],
    max: [f64; N],
) -> Option<[f64; N]> {
    let mut d = [0.0; N];
    let mut inside = true;
    for i in 0..N {
        let nearest = center[i].clamp(min[i], max[i]);
        d[i] = nearest - center[i];
        inside &= d[i] == 0.0;
    }
    let mut push = [0.0; N];
    if inside {
        // Leave through the face the centre is nearest to, then clear it by the radius.
        let (mut axis, mut to_face) = (0, f64::INFINITY);
        for i in 0..N {
            for face in [min[i] - center[i], max[i] - center[i]] {
                if face.abs() < to_face.abs() {
                    (axis, to_face) = (i, face);
                }
            }
        }
        let out = if to_face < 0.0 { -radius } else { radius };
        push[axis] = to_face + out;
        return Some(push);
    }
    let distance = d.iter().map(|x| x * x).sum::<f64>().sqrt();
    if distance >= radius {
        return None;
    }
    let scale = (radius - distance) / distance;
    for i in 0..N {
        push[i] = -d[i] * scale;
    }
    Some(push)
}
