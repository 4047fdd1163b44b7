//! Moving boxes through the world: the swept-AABB resolver.
//!
//! The path of one move: [`Resolver::move_box`] validates the input, shifts to a
//! local frame, pushes the box out of any solid it starts in
//! (`depenetration`), then runs passes: gather the solid boxes along the path
//! (`cell_range`, [`crate::world::BlockSource::for_each_solid_in`]), sweep each
//! ([`sweep_box_box`]), stop [`CONTACT_GAP`] short of the earliest, zero that
//! axis of what is left, repeat. The outcome is a [`Motion`]. A body or a
//! query that meets only some blocks moves through the world seen through a
//! [`CollisionFilter`] (`filtered`).

mod cell_range;
mod depenetration;
mod error;
mod filtered;
pub mod limits;
mod motion;
mod move_box;
mod pass;
mod queries;
mod sweep_box_box;
mod tolerances;
mod validate;
mod vanilla;

pub(crate) use cell_range::CellRange;
pub use error::MoveError;
pub use filtered::{CollisionFilter, Filtered};
pub use motion::{Depenetration, Hit, Hits, Motion};
pub use move_box::{Resolver, move_box};
pub(crate) use queries::ray_box;
pub use queries::{QueryError, RayHit, blocks_in_box, blocks_in_sphere, cast_ray};
pub use sweep_box_box::{Sweep, sweep_box_box};
pub use tolerances::{CONTACT_GAP, EDGE_ROUNDING, SEGMENT_LENGTH, TOUCH_TOLERANCE};
pub use vanilla::{VanillaColliders, VanillaMove, collide_vanilla, collide_with_shapes};
