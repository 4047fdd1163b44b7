//! The same loop without a terminal: the demo body goes on errands for a number of
//! ticks and the final state is reported (for tests, and for `play` when
//! stdout is not a terminal).

use std::time::Duration;

use serde::Serialize;

use super::app::App;
use voxwalk::controller::SimulationError;

/// Where things stand after a headless run.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Summary {
    /// Ticks run.
    pub ticks: u64,
    /// The world.
    pub world: String,
    /// The player's feet.
    pub pos: [f64; 3],
    /// The player's velocity.
    pub vel: [f64; 3],
    /// Whether the player stands on something.
    pub grounded: bool,
    /// How far the player walked, horizontally, from the start.
    pub walked: f64,
    /// Bodies and balls in the world.
    pub bodies: usize,
    /// Balls.
    pub balls: usize,
}

/// Runs `ticks` ticks on a fixed clock and sums up.
///
/// # Errors
/// When the resolver refuses a move.
pub fn run_headless(app: &mut App, ticks: u64) -> Result<Summary, SimulationError> {
    let start = app.player().feet();
    let dt = Duration::from_secs_f64(app.sim().settings().dt());
    for t in 0..ticks {
        let now = dt * u32::try_from(t).unwrap_or(u32::MAX);
        app.begin_frame(now, 1.0);
        app.tick(now)?;
    }
    let body = app.player();
    let p = body.feet();
    Ok(Summary {
        ticks,
        world: app.title().to_owned(),
        pos: p.to_array(),
        vel: body.velocity.to_array(),
        grounded: body.grounded,
        walked: (p.x - start.x).hypot(p.z - start.z),
        bodies: app.sim().bodies().len(),
        balls: app.sim().balls().len(),
    })
}
