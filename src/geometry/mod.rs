//! Instantaneous geometric queries between boxes, circles and spheres.
//!
//! Naming scheme, kept everywhere in this module: `[query]_[shape1]_[shape2]`,
//! where the query is `overlap` (a `bool`), `closest_point`, `penetration_depths`,
//! `push_out` (the vector that moves `shape1` out of `shape2`) or `contact`
//! (normal and depth). "box" is an [`Aabb`] in 3-D and a [`Rect`] in 2-D; "circle"
//! is 2-D and "sphere" 3-D. Touching is never overlapping.
//!
//! These are the tests used for stuck bodies, entity pushing, ball bodies and
//! sphere queries; moving boxes go through [`crate::resolver`] instead.

mod aabb;
mod box_box;
mod circle_circle;
mod sphere_box;

pub use aabb::Aabb;
pub use box_box::{penetration_depths_box_box, push_out_box_box};
pub use circle_circle::{
    Contact, Mobility, contact_circle_circle, contact_sphere_sphere, separation,
};
pub use sphere_box::{
    Rect, closest_point_circle_box, closest_point_sphere_box, overlap_circle_box,
    overlap_sphere_box, push_out_circle_box, push_out_sphere_box,
};
