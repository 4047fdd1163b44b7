//! The crowd tests' errands: 24 bodies on bumpy terrain, each sent 30 to
//! 50 blocks across it.

use voxwalk::controller::{Body, BodyHandle, Simulation, SyncIfParallel};
use voxwalk::navigate::{Crowd, Goal};
use voxwalk::world::{BlockSource, World};

use super::walking::settled;

/// Adds 24 bodies settled on `world` (a 48 × 48 `bumpy_terrain`) to `sim`,
/// in four rows of six at its west side, and sends each to a column on
/// the far side: their handles, in the order sent.
pub fn send_across<W: BlockSource + SyncIfParallel>(
    world: &World,
    sim: &mut Simulation<W>,
    crowd: &mut Crowd,
) -> Vec<BodyHandle> {
    (0..24)
        .map(|i| {
            let (x, z) = (3.5 + f64::from(i % 6) * 2.0, 8.5 + f64::from(i / 6) * 8.0);
            let handle = sim.add_body(settled(world, x, z, 40.0, Body::DEFAULT_SIZE));
            crowd.send(
                handle,
                Goal::Column {
                    x: 36 + i % 6,
                    z: 40 - (i / 6) * 8,
                },
            );
            handle
        })
        .collect()
}
