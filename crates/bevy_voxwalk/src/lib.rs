//! voxwalk's character controller for bevy: characters that walk, jump,
//! climb and swim through a voxel world and never pass through a block.
//!
//! Add [`VoxwalkPlugin`] with the world, spawn entities with a
//! [`Character`] and a `Transform` (its translation is the feet: the bottom
//! centre of the box), and set each one's [`CharacterInput`] from the game's
//! controls. In bevy's fixed-timestep schedule the plugin ticks every
//! character, on a clock of its own at the settings' rate
//! ([`Settings::tick_rate`](voxwalk::controller::Settings::tick_rate); the
//! app's fixed timestep stays the game's), through one voxwalk
//! [`Simulation`](voxwalk::controller::Simulation)
//! (so characters push each other, and movers carry them), then writes
//! [`CharacterState`] and sends each voxwalk event as a [`CharacterEvent`]
//! naming the entity. `Transform` is drawn a tick and one fixed step behind
//! the characters' clock, between the two ticks that bracket that time, so
//! motion is smooth at any frame rate and any fixed step. A
//! [`Destination`] on a character has it find its own way.
//!
//! ```
//! use bevy_app::App;
//! use bevy_math::Vec3;
//! use bevy_time::{TimePlugin, TimeUpdateStrategy};
//! use bevy_transform::components::Transform;
//! use bevy_voxwalk::prelude::*;
//! use voxwalk::glam::IVec3;
//!
//! let mut world = VoxelWorld::new();
//! world.fill(IVec3::new(-16, -1, -16), IVec3::new(15, -1, 15), BlockId::STONE);
//! let mut app = App::new();
//! app.add_plugins((TimePlugin, VoxwalkPlugin::new(world, VoxwalkSettings::default()).unwrap()))
//!     .insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
//! let walker = app
//!     .world_mut()
//!     .spawn((
//!         Character::default(),
//!         Transform::from_xyz(0.5, 0.0, 0.5),
//!         CharacterInput(VoxwalkInput::parse("east").unwrap()),
//!     ))
//!     .id();
//! for _ in 0..64 {
//!     app.update(); // one fixed step of bevy's 1/64 s each: a second
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

mod clock;
mod components;
pub mod convert;
mod drawing;
mod edit;
mod movers;
mod navigation;
mod navigation_state;
mod plugin;
mod resource;
mod systems;

pub use clock::{VoxwalkClock, voxwalk_ticked};
pub use components::{
    Character, CharacterBody, CharacterInput, CharacterSettings, CharacterState, CollisionLayers,
    JumpBuffer, WorldMotion,
};
pub use drawing::FaceHeading;
pub use edit::EditWorld;
pub use movers::{MoverBody, MoverRefused, MovingBlocks};
pub use navigation::{Destination, FOLLOW_SLACK, NavigationEvent};
pub use plugin::{VoxwalkPlugin, VoxwalkSystems};
pub use resource::{CharacterEvent, CharacterRefused, Refusal, Voxwalk};

/// What a game names, in one `use bevy_voxwalk::prelude::*;`: the plugin,
/// its resource, components and messages, and the voxwalk types a character
/// is made of, under names that do not clash with bevy's (`World`, `Event`
/// and `Input` are bevy's too).
pub mod prelude {
    pub use crate::{
        Character, CharacterBody, CharacterEvent, CharacterInput, CharacterRefused,
        CharacterSettings, CharacterState, CollisionLayers, Destination, EditWorld, FaceHeading,
        JumpBuffer, MoverBody, MoverRefused, MovingBlocks, NavigationEvent, Refusal, Voxwalk,
        VoxwalkClock, VoxwalkPlugin, VoxwalkSystems, WorldMotion, voxwalk_ticked,
    };
    pub use voxwalk::block::BlockId;
    pub use voxwalk::controller::{
        Body as VoxwalkBody, Event as VoxwalkEvent, Input as VoxwalkInput,
        Settings as VoxwalkSettings,
    };
    pub use voxwalk::navigate::{CrowdEvent, Goal};
    pub use voxwalk::world::World as VoxelWorld;
}
