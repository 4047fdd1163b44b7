//! Blocks as data: ids stored in cells, the types they name, and the registry
//! that holds those types.
//!
//! A cell holds a [`BlockId`]; what that id means — its name, the boxes bodies
//! collide with, how the viewer draws it, the numbers the controller's behaviours
//! read — is a [`BlockType`] in a [`BlockRegistry`]. Every registry starts with the
//! thirteen built-in types (ids 0–12, [`BlockId::AIR`] to [`BlockId::WATER`]);
//! games, world files and importers add their own at run time.
//!
//! The lowest layer with a game's words in it: it imports only
//! [`crate::geometry`] (boxes) and [`crate::printable`] (what a glyph may
//! be); the world and everything above build on it. Block names have this
//! one door (`voxwalk::block::BlockId`), not the world's.
//!
//! ```
//! use voxwalk::glam::{DVec3, IVec3};
//! use voxwalk::geometry::Aabb;
//! use voxwalk::block::BlockType;
//! use voxwalk::world::{BlockSource, World};
//!
//! let mut world = World::new();
//! let stair = world
//!     .register_block(
//!         BlockType::new("stair")
//!             .with_box(Aabb::new(DVec3::ZERO, DVec3::new(1.0, 0.5, 1.0)))
//!             .with_box(Aabb::new(DVec3::new(0.5, 0.5, 0.0), DVec3::ONE)),
//!     )
//!     .unwrap();
//! world.set_block(IVec3::new(0, 0, 0), stair);
//! assert_eq!(world.registry().name(stair), "stair");
//! assert_eq!(world.shape_at(IVec3::ZERO).len(), 2);
//! ```

mod behaviour;
mod block_type;
mod builtin;
mod error;
mod id;
pub mod limits;
mod liquid;
mod look;
mod properties;
mod reach;
mod registry;

pub(crate) use behaviour::SLIPPERINESS_RANGE;
pub use behaviour::{Behaviour, DEFAULT_LAYERS, DEFAULT_SLIPPERINESS, names as behaviour_names};
pub use block_type::BlockType;
pub use error::{BlockError, BlockField};
pub use id::BlockId;
pub use liquid::{BubbleColumn, Liquid, LiquidKind};
pub use look::{BlockLook, parse_hex_colour};
pub use properties::{BlockProperties, PropertyValue};
pub use reach::ShapeReach;
pub use registry::BlockRegistry;
pub(crate) use registry::ShapeSpan;

/// How many built-in types every registry starts with: ids `0..BUILT_IN_TYPES`.
pub const BUILT_IN_TYPES: usize = builtin::COUNT;
