//! The crowd tests' errands: 24 bodies on bumpy terrain, each sent 30 to
//! 50 blocks across it, and a run of them with a wall built across their
//! ways part way.

use glam::IVec3;
use voxwalk::block::BlockId;
use voxwalk::controller::{Body, BodyHandle, Input, Simulation, SyncIfParallel};
use voxwalk::navigate::{Crowd, CrowdEvent, Goal};
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

/// One tick's keys and events.
pub type Tick = (Vec<(BodyHandle, Input)>, Vec<(BodyHandle, CrowdEvent)>);

/// What a run of ticks came to: every tick's inputs and events, and every
/// body's feet at the end, bit for bit.
#[derive(Debug, PartialEq)]
pub struct Run {
    pub ticks: Vec<Tick>,
    pub ends: Vec<[u64; 3]>,
}

/// The tick, counted from the start, a wall is built across the errands'
/// ways (at x = 30, z = 18 to 30, two high on the ground).
pub const WALL_TICK: u32 = 150;

/// Runs the ticks `from..to` from `sim` and `crowd` as they are, building
/// the wall at [`WALL_TICK`] and telling the crowd of each block.
pub fn go_on(
    sim: &mut Simulation<World>,
    crowd: &mut Crowd,
    handles: &[BodyHandle],
    (from, to): (u32, u32),
) -> Run {
    let mut ticks = Vec::new();
    let mut events = Vec::new();
    for tick in from..to {
        if tick == WALL_TICK {
            for z in 18..=30 {
                let ground = (0..64)
                    .rev()
                    .find(|&y| sim.world().block(IVec3::new(30, y, z)) != BlockId::AIR)
                    .unwrap();
                for y in ground + 1..=ground + 2 {
                    let cell = IVec3::new(30, y, z);
                    sim.world_mut().set_block(cell, BlockId::BRICK);
                    crowd.edited(cell);
                }
            }
        }
        let inputs = crowd.inputs(sim, &mut events).to_vec();
        sim.step(&inputs).unwrap();
        ticks.push((inputs, events.clone()));
    }
    let ends = handles
        .iter()
        .map(|&h| sim.body(h).unwrap().feet().to_array().map(f64::to_bits))
        .collect();
    Run { ticks, ends }
}
