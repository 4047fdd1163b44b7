//! Rollback netcode: each side simulates at once with the inputs it has,
//! guessing the other player's, and when the real input for a past tick
//! arrives it rewinds to that tick and replays. The replayed run is the
//! authoritative one bit for bit, which the example asserts.
//!
//! `cargo run --example rollback`

use voxwalk::controller::{Body, BodyHandle, Input, Settings, Simulation, SimulationState};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::world::{BlockId, World};

/// The remote player's real inputs: east, a jump at tick 4, then east again.
fn remote_input(tick: u64) -> Input {
    Input {
        east: true,
        jump: tick == 4,
        ..Input::IDLE
    }
}

/// The local player's inputs, known at once.
fn local_input(tick: u64) -> Input {
    Input {
        south: tick < 6,
        west: tick >= 6,
        ..Input::IDLE
    }
}

fn world() -> World {
    let mut world = World::new();
    world.fill(
        IVec3::new(-16, -1, -16),
        IVec3::new(16, -1, 16),
        BlockId::STONE,
    );
    world.fill(IVec3::new(3, 0, -16), IVec3::new(3, 0, 16), BlockId::SLAB);
    world
}

fn main() {
    let mut sim = Simulation::new(world(), Settings::default()).expect("valid settings");
    let body = |x| Body::new(DVec3::new(x, 0.0, 0.5), Body::DEFAULT_SIZE).expect("a valid body");
    let local: BodyHandle = sim.add_body(body(-2.5));
    let remote: BodyHandle = sim.add_body(body(0.5));
    // The authoritative run, as a server with every input would make it.
    let mut server = sim.clone();

    // The client: it predicts the remote player repeats its last known input.
    let mut saved: Vec<SimulationState> = Vec::new();
    let mut known_remote: Vec<Input> = Vec::new();
    let arrives_late = 6; // the remote input of tick t arrives at tick t + 6
    for tick in 0..16u64 {
        if let Some(arrived) = tick.checked_sub(arrives_late) {
            let real = remote_input(arrived);
            let guessed = known_remote.last().copied().unwrap_or(Input::IDLE);
            known_remote.push(real);
            if real != guessed {
                // The guess for tick `arrived` was wrong: rewind, replay.
                println!(
                    "tick {tick}: remote input of tick {arrived} arrived, not as guessed; replaying"
                );
                sim.restore(saved[arrived as usize].clone())
                    .expect("a state this run took");
                saved.truncate(arrived as usize);
                for replayed in arrived..tick {
                    saved.push(sim.state());
                    let remote_guess = known_remote
                        .get(replayed as usize)
                        .or(known_remote.last())
                        .copied()
                        .unwrap_or(Input::IDLE);
                    sim.step(&[(local, local_input(replayed)), (remote, remote_guess)])
                        .expect("in range");
                }
            }
        }
        saved.push(sim.state());
        let remote_guess = known_remote.last().copied().unwrap_or(Input::IDLE);
        sim.step(&[(local, local_input(tick)), (remote, remote_guess)])
            .expect("in range");
    }

    // Every remote input has arrived by now: a last correction, then compare.
    let now = sim.tick();
    let first_unknown = known_remote.len() as u64;
    sim.restore(saved[first_unknown as usize].clone())
        .expect("a state this run took");
    for tick in first_unknown..now {
        sim.step(&[(local, local_input(tick)), (remote, remote_input(tick))])
            .expect("in range");
    }
    for tick in 0..now {
        server
            .step(&[(local, local_input(tick)), (remote, remote_input(tick))])
            .expect("in range");
    }
    assert_eq!(
        sim.bodies(),
        server.bodies(),
        "the replayed run is the server's"
    );
    let at = sim.body(remote).expect("still there").feet();
    println!(
        "after {now} ticks the remote player is at ({:.4}, {:.4}, {:.4}), as on the server",
        at.x, at.y, at.z
    );
}
