//! The character controller: bodies that walk, jump, climb, sneak and fly
//! through a world at fixed ticks, balls that bounce, and bodies that push
//! each other.
//!
//! The path of one tick: [`Simulation::step`] moves the movers first
//! (`carry`: each carries its riders and pushes what is in its way), then
//! runs each body through `tick`
//! (`surroundings` → the start of Minecraft's `aiStep` (`ai_step`) → `rules`,
//! one `recurrence` per axis → `edge_guard` → the resolver → `step_up` →
//! what the contacts do to the momentum (`momentum`) → `riding`),
//! then `crowd` (body–body pushes), then `ball` (sphere push-outs). Every
//! constant lives in [`Settings`]. A game that keeps its own bodies and world
//! calls the same `tick` one body at a time through [`Controller`]; a
//! [`Simulation`] names its bodies by [`BodyHandle`]s that survive removals.

mod ai_step;
mod ball;
mod body;
mod body_check;
mod body_controller;
mod body_view;
mod carry;
mod cell_copy;
mod contacts;
mod crowd;
mod edge_guard;
mod event;
mod footprint;
mod handle;
mod input;
mod inside_cells;
pub mod limits;
mod liquid_cells;
mod make_move;
mod model;
mod momentum;
mod phase_times;
mod pose;
mod recurrence;
mod riding;
mod rules;
mod settings;
mod simulation;
mod step_up;
mod surroundings;
mod swimming;
mod sync_if_parallel;
mod tick;
mod tick_records;
mod tick_report;
mod vanilla_move;

pub use ball::Ball;
pub use body::{Body, BodyError};
pub use body_controller::Controller;
pub use carry::CarryError;
pub use contacts::Contacts;
pub use event::{Event, HorizontalAxis};
pub use handle::BodyHandle;
pub use input::{Input, InputScript, ScriptError, UnknownAction};
pub(crate) use liquid_cells::surface;
pub use model::{MODEL, MovementModel};
pub use phase_times::PhaseTimes;
pub use pose::{Pose, room_to_stand};
pub use settings::{
    Air, BallSettings, Climbing, Collisions, Flying, Jumping, LeavePlatform, Poses, SettingError,
    Settings, Swimming, Walking,
};
pub use simulation::{RESTING_PROBE, RestoreError, Simulation, SimulationState};
pub use surroundings::{GROUND_PROBE, current_on, ground_cell};
pub use sync_if_parallel::SyncIfParallel;
pub use tick_report::{SimulationError, TickReport};
