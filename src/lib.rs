//! Moves box-shaped characters through voxel worlds without ever passing through
//! a block.
//!
//! ```
//! use glam::{DVec3, IVec3};
//! use voxwalk::geometry::Aabb;
//! use voxwalk::resolver::{CONTACT_GAP, Resolver};
//! use voxwalk::world::{BlockId, World, text_format};
//!
//! // A floor with a slab on it, written the way a person would.
//! let world = text_format::parse(
//!     "voxwalk-world 1\nlayer 0\n|#####|\nlayer 1\n|...._|\n",
//! )
//! .unwrap();
//! // A body standing on the floor walks 10 blocks east, into the slab's side.
//! let body = Aabb::from_feet(DVec3::new(0.5, 1.0, 0.5), DVec3::new(0.6, 1.8, 0.6));
//! let motion = Resolver::new().move_box(&world, body, DVec3::new(10.0, 0.0, 0.0)).unwrap();
//! assert_eq!(motion.end.max.x, 4.0 - CONTACT_GAP);
//! assert_eq!(motion.hits.as_slice()[0].block, IVec3::new(4, 1, 0));
//! ```
//!
//! Modules: [`geometry`] (boxes, circles, spheres: instantaneous tests),
//! [`world`] (blocks, chunks, world files), [`resolver`] (moving a box through a
//! world), [`cli`] (the `voxwalk` command).

pub mod cli;
pub mod controller;
pub mod geometry;
pub mod resolver;
pub mod scenario;
pub mod viewer;
pub mod world;
