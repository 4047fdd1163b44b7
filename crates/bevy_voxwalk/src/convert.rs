//! Between bevy's `f32` vectors and voxwalk's `f64` ones.
//!
//! bevy's `Vec3` and voxwalk's `DVec3` come from different `glam` releases,
//! so Rust sees unrelated types: the conversion goes through plain arrays.

use bevy_math::Vec3;
use voxwalk::glam::DVec3;

/// A bevy position or size as voxwalk reads it.
///
/// ```
/// use bevy_math::Vec3;
/// use bevy_voxwalk::convert::to_voxwalk;
/// assert_eq!(to_voxwalk(Vec3::new(0.5, 1.0, 2.0)).to_array(), [0.5, 1.0, 2.0]);
/// ```
#[must_use]
pub fn to_voxwalk(v: Vec3) -> DVec3 {
    DVec3::from_array(v.to_array().map(f64::from))
}

/// A voxwalk position as bevy draws it: rounded to `f32`, which keeps
/// about a millimetre of detail at 10,000 blocks from the origin.
///
/// ```
/// use bevy_voxwalk::convert::to_bevy;
/// use voxwalk::glam::DVec3;
/// assert_eq!(to_bevy(DVec3::new(0.5, 1.0, 2.0)).to_array(), [0.5, 1.0, 2.0]);
/// ```
#[must_use]
pub fn to_bevy(v: DVec3) -> Vec3 {
    #[allow(clippy::cast_possible_truncation)] // rounding to f32 is the point
    Vec3::from_array(v.to_array().map(|x| x as f32))
}
