//! What a tick of a [`Simulation`](super::Simulation) hands back: its events
//! by body ([`TickReport`]), or why it could not run ([`SimulationError`]).

use thiserror::Error;

use super::{BodyHandle, Event, RestoreError, SettingError};
use crate::movers::{MoverError, MoverHandle};
use crate::resolver::MoveError;

/// What one tick did. Two reports are equal when the same happened in
/// them, however long it took (`phases`, with the `phase-times` feature,
/// is left out).
#[derive(Clone, Debug, Default)]
pub struct TickReport {
    /// The tick that ran (0 for the first).
    pub tick: u64,
    /// Events of each body, in the order of [`Simulation::bodies`](super::Simulation::bodies).
    pub bodies: Vec<Vec<Event>>,
    /// The handle of each body, in the same order.
    pub handles: Vec<BodyHandle>,
    /// Events of each ball, by index.
    pub balls: Vec<Vec<Event>>,
    /// Pairs of bodies the body–body broad phase handed on to the exact
    /// circle test (grows with contacts, not with the square of the count).
    pub pairs_checked: usize,
    /// How long each phase of the tick took (with the `phase-times`
    /// feature).
    #[cfg(feature = "phase-times")]
    pub phases: super::PhaseTimes,
}

impl PartialEq for TickReport {
    fn eq(&self, other: &Self) -> bool {
        self.tick == other.tick
            && self.bodies == other.bodies
            && self.handles == other.handles
            && self.balls == other.balls
            && self.pairs_checked == other.pairs_checked
    }
}

impl TickReport {
    /// Each body's handle with its events this tick.
    pub fn body_events(&self) -> impl Iterator<Item = (BodyHandle, &[Event])> {
        self.handles
            .iter()
            .copied()
            .zip(self.bodies.iter().map(Vec::as_slice))
    }

    /// The events of `handle`'s body this tick; `None` when it had no body
    /// then. Looks through the handles: to visit every body, use
    /// [`TickReport::body_events`].
    #[must_use]
    pub fn events(&self, handle: BodyHandle) -> Option<&[Event]> {
        let index = self.handles.iter().position(|&h| h == handle)?;
        Some(&self.bodies[index])
    }
}

/// Why a tick could not run.
#[derive(Debug, Error)]
pub enum SimulationError {
    /// An input names a handle of no body (removed, or of another
    /// simulation); the tick did not run.
    #[error("an input names body {}, which is not in the simulation", handle.slot())]
    NoSuchBody {
        /// The handle.
        handle: BodyHandle,
    },
    /// Two inputs name the same body; the tick did not run.
    #[error("two inputs name body {}", handle.slot())]
    TwoInputs {
        /// The handle.
        handle: BodyHandle,
    },
    /// Inputs in the order of the bodies, but not one for each; the tick
    /// did not run.
    #[error("{inputs} inputs for {bodies} bodies: give one for each, or name bodies by handle")]
    InputCount {
        /// Inputs given.
        inputs: usize,
        /// Bodies in the simulation.
        bodies: usize,
    },
    /// The settings are out of range (a simulation cannot start with them).
    #[error(transparent)]
    Settings(#[from] SettingError),
    /// The resolver refused a body's move (it left the coordinate range, …).
    #[error("tick {tick}, {}: {source}", body.map_or_else(|| "pushing bodies apart".to_owned(), |b| format!("body {}", b.slot())))]
    Move {
        /// The tick.
        tick: u64,
        /// The body, when one body's own move was refused (not a push).
        body: Option<BodyHandle>,
        /// What the resolver said.
        source: MoveError,
    },
    /// A saved state could not be restored.
    #[error(transparent)]
    Restore(#[from] RestoreError),
    /// A mover's drive is out of range (a velocity the game set that is
    /// NaN or too fast); the movers before it have moved, the tick counter
    /// did not advance.
    #[error("tick {tick}, {mover}: {source}")]
    Mover {
        /// The tick.
        tick: u64,
        /// The mover.
        mover: MoverHandle,
        /// What is wrong.
        source: MoverError,
    },
    /// The world could not be readied for a tick (a streamed world's
    /// columns did not fit its budget, its folder no longer opens); the
    /// tick did not run.
    #[error("tick {tick}: the world is not ready: {problem}")]
    WorldNotReady {
        /// The tick.
        tick: u64,
        /// Why, for people.
        problem: String,
    },
    /// A mover the world declared does not fit it (its blocks are of
    /// another registry); the simulation was not made.
    #[error("the world's mover {index}: {source}")]
    WorldMover {
        /// Its place among the world's movers.
        index: usize,
        /// What is wrong.
        source: MoverError,
    },
}
