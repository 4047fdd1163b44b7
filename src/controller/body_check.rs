//! The check a body read from outside (a save, a scene, a message) passes
//! before it ticks.

use glam::DVec3;

use crate::controller::Body;
use crate::controller::BodyError;
use crate::controller::body::{check_position, check_size};
use crate::resolver::limits::MAX_BOX_EDGE;

impl Body {
    /// The body checked as [`Body::new`] checks one: its box, and the
    /// numbers a tick reads (its standing height a size as the box's, its
    /// motion and bookkeeping finite, no faster than [`Body::MAX_SPEED`], its
    /// heading a direction).
    ///
    /// ```
    /// use voxwalk::controller::Body;
    /// use voxwalk::glam::DVec3;
    /// let mut body = Body::new(DVec3::ZERO, Body::DEFAULT_SIZE).unwrap();
    /// assert!(body.check().is_ok());
    /// body.momentum.y = f64::NAN; // as a hostile save may hold
    /// assert!(body.check().is_err());
    /// ```
    ///
    /// # Errors
    /// The first number out of its range, named.
    pub fn check(&self) -> Result<(), BodyError> {
        let body = self;
        check_position("box corner", body.aabb.min)?;
        check_position("box corner", body.aabb.max)?;
        let size = body.aabb.max - body.aabb.min;
        check_size("box", size, MAX_BOX_EDGE)?;
        check_size(
            "standing size",
            DVec3::new(size.x, body.standing_height, size.z),
            MAX_BOX_EDGE,
        )?;
        for (what, value) in [
            ("previous box corner", body.previous.min),
            ("previous box corner", body.previous.max),
            ("velocity", body.velocity),
            ("momentum", body.momentum),
            (
                "tick bookkeeping",
                DVec3::new(body.jump_wait, body.takeoff, body.cutoff_clock),
            ),
            ("coyote time left", DVec3::splat(body.coyote)),
        ] {
            if !value.is_finite() {
                return Err(BodyError::NotFinite {
                    what,
                    value: value.to_array(),
                });
            }
        }
        for (what, value) in [("velocity", body.velocity), ("momentum", body.momentum)] {
            if value.abs().max_element() > Body::MAX_SPEED {
                return Err(BodyError::TooFast {
                    what,
                    value: value.to_array(),
                    limit: Body::MAX_SPEED,
                });
            }
        }
        // A jump's first 1/20 s is driven by the ground it took off from: a
        // value no block could have would make that tick's drag meaningless.
        let (lo, hi) = crate::block::SLIPPERINESS_RANGE;
        let takeoff = body.takeoff_slipperiness;
        if !(lo..=hi).contains(&takeoff) {
            return Err(BodyError::OutOfBounds {
                what: "takeoff slipperiness",
                value: takeoff,
                lo,
                hi,
            });
        }
        let heading = body.heading.length();
        if !heading.is_finite() || (heading - 1.0).abs() > 1e-6 {
            return Err(BodyError::NotFinite {
                what: "heading (a unit direction)",
                value: [body.heading.x, body.heading.y, heading],
            });
        }
        Ok(())
    }
}
