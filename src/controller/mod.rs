//! The character controller: bodies that walk, jump, climb, sneak and fly
//! through a world at fixed ticks, balls that bounce, and bodies that push
//! each other.
//!
//! The path of one tick: [`Simulation::step`] runs each body through `walk`
//! (input → velocity → `edge_guard` → the resolver → `step_up` → contacts),
//! then `crowd` (body–body pushes), then `ball` (sphere push-outs). Every
//! constant lives in [`Settings`]. A game that keeps its own bodies and world
//! calls the same `walk` one body at a time through [`Controller`]; a
//! [`Simulation`] names its bodies by [`BodyHandle`]s that survive removals.

mod ball;
mod body;
mod body_controller;
mod cell_copy;
mod crowd;
mod edge_guard;
mod event;
mod handle;
mod input;
mod settings;
mod simulation;
mod step_up;
mod surroundings;
mod walk;

pub use ball::Ball;
pub use body::{Body, BodyError};
pub use body_controller::Controller;
pub use event::{Event, HorizontalAxis};
pub use handle::BodyHandle;
pub use input::{Input, InputScript, MAX_SCRIPT_TICKS, ScriptError};
pub use settings::{SettingError, Settings};
pub use simulation::{GROUND_PROBE, Simulation, SimulationError, TickReport};
pub use walk::Contacts;
