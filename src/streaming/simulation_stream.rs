//! A simulation readies its streamed world before each tick: the columns
//! its bodies can reach loaded, those far from every body dropped.

use super::{ChunkSource, Prepared, StreamError, Streamer, StreamingWorld};
use crate::controller::{Body, Simulation};
use crate::geometry::Aabb;
use crate::world::World;

/// Each body's box and speed (blocks per second, the larger of what it
/// moved with last and its momentum): what decides the columns it needs.
#[must_use]
pub fn reach_of(bodies: &[Body]) -> Vec<(Aabb, f64)> {
    bodies
        .iter()
        .map(|b| (b.aabb, b.velocity.length().max(b.momentum.length())))
        .collect()
}

impl<S: ChunkSource> Simulation<StreamingWorld<S>> {
    /// Loads what the bodies need for the next tick (waiting for it) and
    /// what is around them, drops what is far: call before each
    /// [`Simulation::step`]. A tick when nothing changes leaves the world
    /// untouched, so the bodies' copies of their cells stay good.
    ///
    /// # Errors
    /// [`StreamError`] when what the bodies need does not fit the budget;
    /// the tick should not run.
    pub fn stream(&mut self) -> Result<Prepared, StreamError> {
        let bodies = reach_of(self.bodies());
        if !self.world().needs_preparing(&bodies) {
            return Ok(Prepared::default());
        }
        self.world_mut().prepare(&bodies)
    }
}

impl<S: ChunkSource> Streamer<S> {
    /// [`Simulation::stream`] for a simulation over a plain [`World`] kept
    /// beside this streamer (the viewer's, a scenario's).
    ///
    /// # Errors
    /// As [`Simulation::stream`].
    pub fn ready(&mut self, sim: &mut Simulation<World>) -> Result<Prepared, StreamError> {
        let bodies = reach_of(sim.bodies());
        if !self.needs_preparing(&bodies) {
            return Ok(Prepared::default());
        }
        self.prepare(sim.world_mut(), &bodies)
    }
}
