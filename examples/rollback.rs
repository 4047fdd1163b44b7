//! Rollback netcode: each side simulates at once with the inputs it has,
//! guessing the other player's, and when the real input for a past tick
//! arrives it rewinds to that tick and replays. The replayed run is the
//! authoritative one bit for bit, which the example asserts.
//!
//! The world is not part of a [`SimulationState`]: a game whose blocks
//! change keeps a journal of its edits beside the saved states and undoes
//! the ones after the tick it rewinds to (`Edits` below), then makes them
//! again as it replays. Restoring the bodies alone over a world edited
//! since would replay them over the wrong blocks.
//!
//! `cargo run --example rollback`

use voxwalk::block::BlockId;
use voxwalk::controller::{Body, BodyHandle, Input, Settings, Simulation, SimulationState};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::world::World;

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
        IVec3::new(-16, -2, -16),
        IVec3::new(16, -1, 16),
        BlockId::STONE,
    );
    world.fill(IVec3::new(3, 0, -16), IVec3::new(3, 0, 16), BlockId::SLAB);
    world
}

/// The game's block edits, made at the start of a tick: the floor dug out
/// under the remote player at tick 2, a wall put across the way at tick 8,
/// a pit dug at tick 10.
fn edit_at(tick: u64) -> Option<(IVec3, BlockId)> {
    match tick {
        2 => Some((IVec3::new(0, -1, 0), BlockId::AIR)),
        8 => Some((IVec3::new(6, 0, 0), BlockId::BRICK)),
        10 => Some((IVec3::new(5, -1, 1), BlockId::AIR)),
        _ => None,
    }
}

/// A journal of the edits made, each with the block it replaced, so that a
/// rewind can undo them.
#[derive(Default)]
struct Edits {
    made: Vec<(u64, IVec3, BlockId)>,
}

impl Edits {
    /// Makes tick `tick`'s edit, if any, noting what it replaced.
    fn make(&mut self, sim: &mut Simulation, tick: u64) {
        if let Some((cell, block)) = edit_at(tick) {
            let before = sim.world().block(cell);
            sim.world_mut().set_block(cell, block);
            self.made.push((tick, cell, before));
        }
    }

    /// Undoes every edit made at `tick` or later, the latest first: the
    /// world as it was when the state of `tick` was saved.
    fn rewind(&mut self, sim: &mut Simulation, tick: u64) {
        while let Some(&(at, cell, before)) = self.made.last() {
            if at < tick {
                break;
            }
            sim.world_mut().set_block(cell, before);
            self.made.pop();
        }
    }
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
    let mut edits = Edits::default();
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
                edits.rewind(&mut sim, arrived);
                sim.restore(saved[arrived as usize].clone())
                    .expect("a state this run took");
                saved.truncate(arrived as usize);
                for replayed in arrived..tick {
                    saved.push(sim.state());
                    edits.make(&mut sim, replayed);
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
        edits.make(&mut sim, tick);
        let remote_guess = known_remote.last().copied().unwrap_or(Input::IDLE);
        sim.step(&[(local, local_input(tick)), (remote, remote_guess)])
            .expect("in range");
    }

    // Every remote input has arrived by now: a last correction, then compare.
    let now = sim.ticks_run();
    let first_unknown = known_remote.len() as u64;
    edits.rewind(&mut sim, first_unknown);
    sim.restore(saved[first_unknown as usize].clone())
        .expect("a state this run took");
    for tick in first_unknown..now {
        edits.make(&mut sim, tick);
        sim.step(&[(local, local_input(tick)), (remote, remote_input(tick))])
            .expect("in range");
    }
    let mut server_edits = Edits::default();
    for tick in 0..now {
        server_edits.make(&mut server, tick);
        server
            .step(&[(local, local_input(tick)), (remote, remote_input(tick))])
            .expect("in range");
    }
    assert_eq!(
        sim.world().count_blocks(),
        server.world().count_blocks(),
        "the same blocks"
    );
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
