//! Swept box against a fixed box: when, and on which axis, the moving box first
//! enters the fixed one.

use glam::DVec3;

use super::TOUCH_TOLERANCE;
use crate::geometry::Aabb;

/// The first contact of a moving box with a fixed one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sweep {
    /// Fraction of the motion at which the boxes meet, in `[0, 1]`.
    pub toi: f64,
    /// The axis (0 = x, 1 = y, 2 = z) along which they meet.
    pub axis: usize,
    /// The boxes meet edge-on or corner-on: the moving box reaches the fixed one on
    /// two or three axes at the same instant. Between contacts at the same time, a
    /// face contact wins over an edge contact, so a box sliding along a wall is not
    /// stopped by the edge of the next wall block it reaches at the same instant.
    pub edge: bool,
}

/// When the box `moving`, travelling by `motion`, first enters `fixed`.
///
/// This is the Minkowski sweep in slab form: on each axis, the times during
/// which the two boxes' extents overlap form an interval; the boxes collide where
/// all three intervals overlap. The rules engines learned the hard way:
///
/// - touching is not colliding: extents that meet only at a boundary (or overlap
///   by less than [`TOUCH_TOLERANCE`]) do not overlap, so a box sliding along a
///   surface is never stopped by it or by the seams in it;
/// - only boxes ahead count: a box already overlapped on every axis is left to
///   push-out, and one the box moves away from is ignored;
/// - a box already within the tolerance of a face it moves into meets it at `0`.
///
/// ```
/// use glam::DVec3;
/// use voxwalk::geometry::Aabb;
/// use voxwalk::resolver::sweep_box_box;
/// let body = Aabb::new(DVec3::ZERO, DVec3::ONE);
/// let wall = Aabb::new(DVec3::new(3.0, 0.0, 0.0), DVec3::new(4.0, 1.0, 1.0));
/// let s = sweep_box_box(&body, DVec3::new(4.0, 0.0, 0.0), &wall).unwrap();
/// assert_eq!((s.toi, s.axis, s.edge), (0.5, 0, false));
/// // Sliding past exactly on the wall's edge is touching, not colliding.
/// let beside = wall.translated(DVec3::new(0.0, 1.0, 0.0));
/// assert!(sweep_box_box(&body, DVec3::new(0.0, 0.0, 5.0), &beside).is_none());
/// ```
#[inline]
#[must_use]
pub fn sweep_box_box(moving: &Aabb, motion: DVec3, fixed: &Aabb) -> Option<Sweep> {
    let mut enter = f64::NEG_INFINITY;
    let mut exit = f64::INFINITY;
    let mut axis = 0;
    let mut edge = false;
    // y first, so that when the box meets a block's edge on y and another axis at
    // once (landing on a corner), it lands.
    for i in [1, 0, 2] {
        let (axis_enter, axis_exit) = axis_interval(
            moving.min[i],
            moving.max[i],
            fixed.min[i],
            fixed.max[i],
            motion[i],
        )?;
        if axis_enter > enter {
            (enter, axis, edge) = (axis_enter, i, false);
        } else if axis_enter == enter && enter > f64::NEG_INFINITY {
            edge = true;
        }
        exit = exit.min(axis_exit);
    }
    (enter > f64::NEG_INFINITY && enter < exit && enter <= 1.0).then_some(Sweep {
        toi: enter,
        axis,
        edge,
    })
}

/// The open time interval during which the extents `[a_min, a_max]` (moving at
/// `speed`) and `[b_min, b_max]` overlap by more than the tolerance, or `None` if
/// never after `t = 0`. An interval already under way starts at `-∞`.
#[inline]
fn axis_interval(a_min: f64, a_max: f64, b_min: f64, b_max: f64, speed: f64) -> Option<(f64, f64)> {
    const TOL: f64 = TOUCH_TOLERANCE;
    let overlapping = a_max > b_min + TOL && a_min < b_max - TOL;
    if speed > 0.0 {
        if a_max <= b_min + TOL {
            Some((((b_min - a_max) / speed).max(0.0), (b_max - a_min) / speed))
        } else if overlapping {
            Some((f64::NEG_INFINITY, (b_max - TOL - a_min) / speed))
        } else {
            None
        }
    } else if speed < 0.0 {
        if a_min >= b_max - TOL {
            Some((((b_max - a_min) / speed).max(0.0), (b_min - a_max) / speed))
        } else if overlapping {
            Some((f64::NEG_INFINITY, (b_min + TOL - a_max) / speed))
        } else {
            None
        }
    } else if overlapping {
        Some((f64::NEG_INFINITY, f64::INFINITY))
    } else {
        None
    }
}
