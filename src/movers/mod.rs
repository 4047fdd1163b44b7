//! Movers: blocks that move together as one rigid piece (lifts, sliding
//! doors, moving floors, pistons), carrying the bodies that stand on them
//! and pushing the ones in their way.
//!
//! A [`Mover`] is cells of registry block types, so any shape a block has,
//! translated each tick by a velocity the game sets or along a [`Path`].
//! The [`Movers`] of a world move first in each tick, in slot order: each
//! carries its riders and pushes the bodies its boxes sweep into, through
//! the resolver against the world and the other movers, and stops against
//! a body that cannot be moved ([`CrushRule`]). The bodies then tick in the
//! world with the movers in it ([`WithMovers`]), so they stand, walk, jump
//! and sneak on a moving floor as on a still one.

mod column_grid;
mod error;
mod handle;
pub mod limits;
mod mover;
mod path;
mod queries;
mod set;
mod with_movers;

pub use error::MoverError;
pub use handle::MoverHandle;
pub use mover::{CrushRule, Drive, Mover, MoverBlock, mover_block_bytes};
pub use path::{PISTON_SPEED, Path, PathEnds, Waypoint};
pub use queries::MoverRayHit;
pub use set::Movers;
pub use with_movers::WithMovers;

pub(crate) use column_grid::ColumnGrid;
pub(crate) use set::NO_MOVERS;
pub(crate) use with_movers::meets;
