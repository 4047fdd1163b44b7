//! The limits a move must keep, checked once before the resolver's loop.

use glam::DVec3;

use super::limits::{MAX_BOX_EDGE, MAX_COORDINATE, MAX_DISPLACEMENT};
use super::{EDGE_ROUNDING, MoveError};
use crate::geometry::Aabb;

/// Checks a move once at the boundary so the loop can run without checks.
#[inline]
pub(super) fn validate(aabb: &Aabb, displacement: DVec3) -> Result<(), MoveError> {
    // One branch for the moves that are fine (all of them, in a game loop);
    // the error path below says which limit was broken.
    // Comparisons with NaN are false, and an infinite corner makes the size NaN
    // or infinite: these bounds also say that every number is finite.
    let size = aabb.max - aabb.min;
    let bounded = size.cmpge(DVec3::ZERO).all()
        && size.cmple(DVec3::splat(MAX_BOX_EDGE + EDGE_ROUNDING)).all()
        && displacement
            .abs()
            .cmple(DVec3::splat(MAX_DISPLACEMENT))
            .all();
    if bounded
        && aabb.min.abs().max(aabb.max.abs()).max_element() + displacement.abs().max_element()
            <= MAX_COORDINATE
    {
        return Ok(());
    }
    explain_invalid(aabb, displacement)
}

/// Which limit a move broke; only reached when one was.
#[cold]
fn explain_invalid(aabb: &Aabb, displacement: DVec3) -> Result<(), MoveError> {
    let corners = aabb.to_array();
    if !aabb.min.is_finite() || !aabb.max.is_finite() {
        return Err(MoveError::NonFiniteBox { aabb: corners });
    }
    if aabb.min.cmpgt(aabb.max).any() {
        return Err(MoveError::InvertedBox { aabb: corners });
    }
    if aabb.size().max_element() > MAX_BOX_EDGE + EDGE_ROUNDING {
        return Err(MoveError::BoxTooLarge {
            aabb: corners,
            limit: MAX_BOX_EDGE,
        });
    }
    if !displacement.is_finite() {
        return Err(MoveError::NonFiniteDisplacement {
            displacement: displacement.to_array(),
        });
    }
    if displacement.abs().max_element() > MAX_DISPLACEMENT {
        return Err(MoveError::DisplacementTooLarge {
            displacement: displacement.to_array(),
            limit: MAX_DISPLACEMENT,
        });
    }
    let reach = aabb.min.abs().max(aabb.max.abs()).max_element() + displacement.abs().max_element();
    if reach > MAX_COORDINATE {
        return Err(MoveError::BoxOutOfRange {
            aabb: corners,
            limit: MAX_COORDINATE,
        });
    }
    Ok(())
}
