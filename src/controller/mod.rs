//! The character controller: bodies that walk, jump, climb, sneak and fly
//! through a world at fixed ticks, balls that bounce, and bodies that push
//! each other.
//!
//! The path of one tick: [`Simulation::step`] runs each body through `walk`
//! (input → velocity → `edge_guard` → the resolver → `step_up` → contacts),
//! then `crowd` (body–body pushes), then `ball` (sphere push-outs). Every
//! constant lives in [`Settings`].

mod ball;
mod body;
mod crowd;
mod edge_guard;
mod event;
mod input;
mod settings;
mod simulation;
mod step_up;
mod walk;

pub use ball::Ball;
pub use body::{Body, BodyError};
pub use event::Event;
pub use input::{Input, InputScript, MAX_SCRIPT_TICKS, ScriptError};
pub use settings::{SettingError, Settings};
pub use simulation::{GROUND_PROBE, Simulation, SimulationError, TickReport};
