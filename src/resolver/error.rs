//! Why a move was refused.

use thiserror::Error;

/// A move the resolver refuses; nothing was moved.
#[derive(Debug, Error, PartialEq)]
pub enum MoveError {
    /// The box has a NaN or infinite coordinate.
    #[error("box {aabb:?} has a coordinate that is not a finite number")]
    NonFiniteBox {
        /// The box as `[min.x, min.y, min.z, max.x, max.y, max.z]`.
        aabb: [f64; 6],
    },
    /// The box's `min` exceeds its `max` on some axis.
    #[error("box {aabb:?} has min greater than max")]
    InvertedBox {
        /// The box.
        aabb: [f64; 6],
    },
    /// The box is larger than any body.
    #[error("box {aabb:?} is larger than {limit} blocks on an edge")]
    BoxTooLarge {
        /// The box.
        aabb: [f64; 6],
        /// The largest edge allowed.
        limit: f64,
    },
    /// The box lies farther out than the world's coordinates reach.
    #[error("box {aabb:?} lies beyond ±{limit}")]
    BoxOutOfRange {
        /// The box.
        aabb: [f64; 6],
        /// The largest |coordinate| allowed.
        limit: f64,
    },
    /// The displacement has a NaN or infinite component.
    #[error("displacement {displacement:?} is not finite")]
    NonFiniteDisplacement {
        /// The displacement.
        displacement: [f64; 3],
    },
    /// The displacement is longer than one move may be.
    #[error("displacement {displacement:?} exceeds {limit} blocks on an axis")]
    DisplacementTooLarge {
        /// The displacement.
        displacement: [f64; 3],
        /// The largest |component| allowed.
        limit: f64,
    },
}
