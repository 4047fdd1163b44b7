//! voxwalk's character controller for bevy: characters that walk, jump,
//! climb and swim through a voxel world and never pass through a block.
//!
//! Add [`VoxwalkPlugin`] with the world, spawn entities with a
//! [`Character`] and a `Transform` (its translation is the feet: the bottom
//! centre of the box), and set each one's [`CharacterInput`] from the game's
//! controls. In bevy's fixed-timestep schedule the plugin ticks every
//! character through one voxwalk [`Simulation`](voxwalk::controller::Simulation)
//! (so characters push each other, and movers carry them), then writes
//! [`CharacterState`] and sends each voxwalk event as a [`CharacterEvent`]
//! naming the entity. Between fixed ticks, `Transform` is interpolated from
//! the last two ticks, so motion is smooth at any frame rate.
//!
//! ```
//! use bevy_app::App;
//! use bevy_math::Vec3;
//! use bevy_time::{TimePlugin, TimeUpdateStrategy};
//! use bevy_transform::components::Transform;
//! use bevy_voxwalk::{Character, CharacterInput, CharacterState, VoxwalkPlugin};
//! use voxwalk::controller::{Input, Settings};
//! use voxwalk::glam::IVec3;
//! use voxwalk::block::BlockId;
//! use voxwalk::world::World;
//!
//! let mut world = World::new();
//! world.fill(IVec3::new(-16, -1, -16), IVec3::new(15, -1, 15), BlockId::STONE);
//! let mut app = App::new();
//! app.add_plugins((TimePlugin, VoxwalkPlugin::new(world, Settings::default()).unwrap()))
//!     .insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
//! let walker = app
//!     .world_mut()
//!     .spawn((
//!         Character::default(),
//!         Transform::from_xyz(0.5, 0.0, 0.5),
//!         CharacterInput(Input::parse("east").unwrap()),
//!     ))
//!     .id();
//! for _ in 0..20 {
//!     app.update(); // one fixed tick each
//! }
//! let state = app.world().get::<CharacterState>(walker).unwrap();
//! assert!(state.body.grounded);
//! assert!(state.body.feet().x > 4.0); // a second of walking east
//! ```
//!
//! # Versions
//! This release pairs bevy 0.20 (whose `bevy_math` uses `glam` 0.33, in `f32`
//! vectors) with voxwalk 0.1 (`glam` 0.34, in `f64`). The two `glam`s are
//! different crates to Rust: this plugin converts at the boundary (the
//! [`convert`] functions) and keeps every figure of the simulation in `f64`
//! (a [`Character`]'s size included); only `Transform` is `f32`, for drawing.
//!
//! # Order
//! A tick's new characters get their bodies in the order of their entities,
//! and the simulation names bodies by handle, so the same spawns, despawns
//! and inputs give the same bits as voxwalk's own `Simulation` does
//! (`tests/plugin.rs` checks it tick by tick).

mod components;
pub mod convert;
mod edit;
mod plugin;
mod resource;
mod systems;

pub use components::{
    Character, CharacterBody, CharacterInput, CharacterSettings, CharacterState, CollisionLayers,
};
pub use edit::EditWorld;
pub use plugin::{VoxwalkPlugin, VoxwalkSystems};
pub use resource::{CharacterEvent, CharacterRefused, Refusal, Voxwalk};
