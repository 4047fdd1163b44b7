//! A simulation over a streamed world gets each tick's chunks first.

use glam::DVec3;

use super::{ChunkSource, Prepared, StreamError, StreamingWorld};
use crate::controller::Simulation;
use crate::geometry::Aabb;

impl<S: ChunkSource> Simulation<StreamingWorld<S>> {
    /// Loads what the bodies need for the next tick (waiting for it) and
    /// what is around them, drops what is far: call before each
    /// [`Simulation::step`]. A tick when nothing changes leaves the world
    /// untouched, so the bodies' copies of their cells stay good.
    ///
    /// # Errors
    /// [`StreamError`] when what the bodies need does not fit the budget;
    /// the world is as it was, and the tick should not run.
    pub fn stream(&mut self) -> Result<Prepared, StreamError> {
        let bodies: Vec<(Aabb, DVec3)> = self
            .bodies()
            .iter()
            .map(|b| {
                let speed = b.velocity.length().max(b.momentum.length());
                (b.aabb, DVec3::new(speed, 0.0, 0.0))
            })
            .collect();
        if !self.world().needs_preparing(&bodies) {
            return Ok(Prepared::default());
        }
        self.world_mut().prepare(&bodies)
    }
}
