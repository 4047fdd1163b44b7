//! What the crowd's pushes read of a body: the circle it is pushed as in
//! the horizontal plane, its height and its layers.

use glam::DVec2;

use super::Body;
use crate::geometry::{Aabb, Contact, contact_circle_circle};
use crate::resolver::TOUCH_TOLERANCE;

/// The circle a body is pushed as: its centre in the x–z plane and its radius.
pub(crate) fn circle(aabb: &Aabb) -> (DVec2, f64) {
    let c = aabb.center();
    let size = aabb.size();
    (DVec2::new(c.x, c.z), 0.5 * size.x.max(size.z))
}

/// What the exact test between two bodies reads: the circle and the height.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Footprint {
    pub(crate) centre: DVec2,
    pub(crate) radius: f64,
    pub(crate) bottom: f64,
    pub(crate) top: f64,
    /// The body's collision layers and mask: two bodies push each other
    /// only when each one's mask meets the other's layers.
    pub(crate) layers: u32,
    pub(crate) mask: u32,
}

impl Footprint {
    pub(crate) fn of_box(aabb: &Aabb, body: &Body) -> Self {
        let (centre, radius) = circle(aabb);
        Self {
            centre,
            radius,
            bottom: aabb.min.y,
            top: aabb.max.y,
            layers: body.collision_layers,
            mask: body.collision_mask,
        }
    }

    /// A cheap reject before the exact test: the two meet on some layer, and
    /// the circles' bounding squares overlap.
    #[inline]
    pub(crate) fn may_touch(&self, other: &Self) -> bool {
        let reach = self.radius + other.radius;
        self.layers & other.mask != 0
            && other.layers & self.mask != 0
            && (self.centre.x - other.centre.x).abs() < reach
            && (self.centre.y - other.centre.y).abs() < reach
    }

    /// The exact test: the boxes share some height and the circles overlap.
    pub(crate) fn contact(&self, other: &Self) -> Option<Contact<DVec2>> {
        let shares_height =
            self.bottom < other.top - TOUCH_TOLERANCE && other.bottom < self.top - TOUCH_TOLERANCE;
        if !shares_height {
            return None;
        }
        contact_circle_circle(self.centre, self.radius, other.centre, other.radius)
    }
}
