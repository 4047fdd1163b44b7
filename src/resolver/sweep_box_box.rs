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

impl Sweep {
    /// Whether this contact comes before `other`: earlier, or at the same time and
    /// face-on where `other` is only edge-on (the rule that keeps a box sliding
    /// along a wall from stopping at the seam with the next block).
    ///
    /// ```
    /// use voxwalk::resolver::Sweep;
    /// let face = Sweep { toi: 0.5, axis: 0, edge: false };
    /// let edge = Sweep { toi: 0.5, axis: 2, edge: true };
    /// let later = Sweep { toi: 0.6, axis: 0, edge: false };
    /// assert!(face.precedes(&edge) && !edge.precedes(&face));
    /// assert!(edge.precedes(&later));
    /// ```
    #[inline]
    #[must_use]
    pub fn precedes(&self, other: &Sweep) -> bool {
        self.toi < other.toi || (self.toi == other.toi && other.edge && !self.edge)
    }
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
/// use voxwalk::glam::DVec3;
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
#[allow(clippy::inline_always)]
#[inline(always)]
#[must_use]
pub fn sweep_box_box(moving: &Aabb, motion: DVec3, fixed: &Aabb) -> Option<Sweep> {
    // y first, so that when the box meets a block's edge on y and another axis at
    // once (landing on a corner), it lands. Written out axis by axis: indexing a
    // vector by a variable axis costs a branch per access in this hot loop.
    let (y_enter, y_exit) = axis_interval(
        (moving.min.y, moving.max.y),
        (fixed.min.y, fixed.max.y),
        motion.y,
    )?;
    let (x_enter, x_exit) = axis_interval(
        (moving.min.x, moving.max.x),
        (fixed.min.x, fixed.max.x),
        motion.x,
    )?;
    let (z_enter, z_exit) = axis_interval(
        (moving.min.z, moving.max.z),
        (fixed.min.z, fixed.max.z),
        motion.z,
    )?;
    // The boxes overlap from the latest entry to the earliest exit. (Plain
    // comparisons rather than `f64::max`/`min`: no time here is NaN, and the
    // NaN-aware forms cost several instructions each.)
    let latest = |a: f64, b: f64| if a > b { a } else { b };
    let earliest = |a: f64, b: f64| if a < b { a } else { b };
    let enter = latest(latest(y_enter, x_enter), z_enter);
    let exit = earliest(earliest(y_exit, x_exit), z_exit);
    if !(enter > f64::NEG_INFINITY && enter < exit && enter <= 1.0) {
        return None;
    }
    // The axis that entered last, y before x before z on a tie, and whether
    // another entered at the same instant.
    let axis = if y_enter == enter {
        1
    } else if x_enter == enter {
        0
    } else {
        2
    };
    let entering =
        u8::from(y_enter == enter) + u8::from(x_enter == enter) + u8::from(z_enter == enter);
    Some(Sweep {
        toi: enter,
        axis,
        edge: entering > 1,
    })
}

/// The open time interval during which the extents `a` (moving at `speed`) and
/// `b` overlap by more than the tolerance, or `None`
/// if never after `t = 0`. An interval already under way starts at `-∞`.
///
/// Each test is written out once per direction (no number here is NaN: moves
/// are validated), so a box ahead costs one comparison and an overlapping one
/// two.
#[inline]
fn axis_interval(a: (f64, f64), b: (f64, f64), speed: f64) -> Option<(f64, f64)> {
    const TOL: f64 = TOUCH_TOLERANCE;
    let ((a_min, a_max), (b_min, b_max)) = (a, b);
    let not_before = |t: f64| if t > 0.0 { t } else { 0.0 };
    if speed > 0.0 {
        if a_max <= b_min + TOL {
            Some((not_before((b_min - a_max) / speed), (b_max - a_min) / speed))
        } else if a_min < b_max - TOL {
            Some((f64::NEG_INFINITY, (b_max - TOL - a_min) / speed))
        } else {
            None
        }
    } else if speed < 0.0 {
        if a_min >= b_max - TOL {
            Some((not_before((b_max - a_min) / speed), (b_min - a_max) / speed))
        } else if a_max > b_min + TOL {
            Some((f64::NEG_INFINITY, (b_min + TOL - a_max) / speed))
        } else {
            None
        }
    } else if a_max > b_min + TOL && a_min < b_max - TOL {
        Some((f64::NEG_INFINITY, f64::INFINITY))
    } else {
        None
    }
}
