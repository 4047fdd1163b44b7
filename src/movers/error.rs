//! Why a mover or its path could not be made.

use glam::IVec3;
use thiserror::Error;

/// What is wrong with a mover or a path; nothing is made then.
#[derive(Debug, Error, PartialEq)]
pub enum MoverError {
    /// A mover needs at least one block.
    #[error("a mover needs at least one block")]
    NoBlocks,
    /// More blocks than a mover may hold.
    #[error("a mover of {count} blocks is more than the {limit} one may hold")]
    TooManyBlocks {
        /// How many were given.
        count: usize,
        /// The most allowed.
        limit: usize,
    },
    /// Every mover slot of a simulation holds a mover.
    #[error("a simulation holds at most {limit} movers")]
    TooManyMovers {
        /// The most allowed.
        limit: usize,
    },
    /// Two blocks in one cell of the mover.
    #[error("the mover's cell {cell} is given twice")]
    CellTwice {
        /// The cell, relative to the mover's origin.
        cell: IVec3,
    },
    /// A block id the registry does not know.
    #[error("the mover's cell {cell} holds block id {id}, which the registry does not know")]
    UnknownBlock {
        /// The cell, relative to the mover's origin.
        cell: IVec3,
        /// The id.
        id: u16,
    },
    /// Blocks spread wider than a mover may be.
    #[error("the mover's cells span {span} blocks; at most {limit} are allowed")]
    TooWide {
        /// The widest span, in blocks.
        span: i64,
        /// The most allowed.
        limit: i64,
    },
    /// A position, waypoint, velocity, speed or pause that is NaN or infinite.
    #[error("{what} is not a finite number")]
    NotFinite {
        /// Which number.
        what: &'static str,
    },
    /// A number outside the range it may take.
    #[error("{what} {value} is outside {min} to {max}")]
    OutOfRange {
        /// Which number.
        what: &'static str,
        /// Its value.
        value: f64,
        /// The smallest allowed.
        min: f64,
        /// The largest allowed.
        max: f64,
    },
    /// A number that must be above zero (a path's speed).
    #[error("{what} {value} must be above 0")]
    NotPositive {
        /// Which number.
        what: &'static str,
        /// Its value.
        value: f64,
    },
    /// A path needs two waypoints at least.
    #[error("a path needs at least two waypoints, not {count}")]
    ShortPath {
        /// How many were given.
        count: usize,
    },
    /// A mover read back from a save whose parts disagree.
    #[error("the mover's {what} does not match its blocks")]
    Inconsistent {
        /// Which part.
        what: &'static str,
    },
}
