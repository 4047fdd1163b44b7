//! Controls for controller tests: inputs from bits, a scripted run, and how
//! many property cases to try.
//!
//! Reached through the support module (`use support::controls;`).

use glam::DVec3;
use voxwalk::controller::{Body, Input, Settings, Simulation};
use voxwalk::world::World;

pub use super::cases::cases;

/// The keys of `bits`, one bit a key; flying only when two bits agree, so
/// random inputs fly now and then.
pub fn input_from_bits(bits: u16) -> Input {
    Input {
        analog: glam::DVec2::ZERO,
        east: bits & 1 != 0,
        west: bits & 2 != 0,
        south: bits & 4 != 0,
        north: bits & 8 != 0,
        jump: bits & 16 != 0,
        sneak: bits & 32 != 0,
        sprint: bits & 64 != 0,
        fly: bits & 128 != 0 && bits & 256 != 0, // flying now and then
        up: bits & 512 != 0,
        down: bits & 1024 != 0,
        // Where the body looks steers it only while it swims: level half
        // the time, else up or down, gently or steeply.
        pitch: [0.0, 0.0, 0.0, 0.0, 30.0, -30.0, 75.0, -75.0][usize::from((bits >> 11) & 7)],
    }
}

/// One body of `size` dropped at `start` (x, z) from y = 40 into `world`,
/// driven by `(ticks, bits)` segments: the body after every tick.
pub fn run_script(
    world: &World,
    start: (f64, f64),
    size: DVec3,
    segments: &[(u64, u16)],
) -> Vec<Body> {
    let mut sim = Simulation::new(world.clone(), Settings::default()).unwrap();
    sim.add_body(Body::new(DVec3::new(start.0, 40.0, start.1), size).unwrap());
    let mut trajectory = Vec::new();
    for &(ticks, bits) in segments {
        for _ in 0..ticks {
            sim.step_in_order(&[input_from_bits(bits)]).unwrap();
            trajectory.push(sim.bodies()[0]);
        }
    }
    trajectory
}
