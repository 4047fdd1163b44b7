//! A thousand characters come and go: each is added at a random tick and
//! removed at a random later one over 10,000 ticks, and every tick each
//! character alive gets its own input, named by its handle. Removals reorder
//! the simulation's bodies; the handles, the inputs and the game's own ids
//! kept with each body (`user_data`) never go astray, which the example
//! checks on every tick.
//!
//! `cargo run --release --example churn`

use std::collections::BTreeMap;

use voxwalk::block::BlockId;
use voxwalk::controller::{Body, BodyHandle, Input, Settings, Simulation, TickReport};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::world::World;

const CHARACTERS: u64 = 1_000;
const TICKS: u64 = 10_000;

/// A small, fixed pseudo-random sequence (SplitMix64): the same run on
/// every machine.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn world() -> World {
    let mut world = World::new();
    world.fill(
        IVec3::new(-40, -1, -40),
        IVec3::new(40, -1, 40),
        BlockId::STONE,
    );
    // Pillars to walk into, and walls around so nobody falls off.
    for x in (-36..=36).step_by(6) {
        for z in (-36..=36).step_by(6) {
            world.fill(IVec3::new(x, 0, z), IVec3::new(x, 2, z), BlockId::BRICK);
        }
    }
    for (lo, hi) in [
        (IVec3::new(-40, 0, -40), IVec3::new(40, 3, -40)),
        (IVec3::new(-40, 0, 40), IVec3::new(40, 3, 40)),
        (IVec3::new(-40, 0, -40), IVec3::new(-40, 3, 40)),
        (IVec3::new(40, 0, -40), IVec3::new(40, 3, 40)),
    ] {
        world.fill(lo, hi, BlockId::BRICK);
    }
    world
}

/// What character `id` does around `tick`: a new choice every half second.
fn input_of(id: u64, tick: u64) -> Input {
    let mut dice = Dice(id * 7_919 + tick / 10);
    let bits = dice.next();
    Input {
        east: bits & 1 != 0,
        west: bits & 2 != 0,
        north: bits & 4 != 0,
        south: bits & 8 != 0,
        jump: bits & 0b11_0000 == 0b11_0000,
        sprint: bits & 64 != 0,
        sneak: bits & 0b1_1000_0000 == 0b1_1000_0000,
        ..Input::IDLE
    }
}

fn main() {
    let mut sim = Simulation::new(world(), Settings::default()).expect("valid settings");
    let mut dice = Dice(2024);
    // When each character comes and goes.
    let mut comings: BTreeMap<u64, Vec<u64>> = BTreeMap::new();
    let mut goings: BTreeMap<u64, Vec<u64>> = BTreeMap::new();
    for id in 0..CHARACTERS {
        let comes = dice.below(TICKS - 1_000);
        let goes = comes + 1 + dice.below(1_000);
        comings.entry(comes).or_default().push(id);
        goings.entry(goes).or_default().push(id);
    }
    let mut alive: BTreeMap<u64, BodyHandle> = BTreeMap::new();
    let mut gone: Vec<BodyHandle> = Vec::new();
    let mut inputs: Vec<(BodyHandle, Input)> = Vec::new();
    let mut report = TickReport::default();
    let (mut most, mut events) = (0, 0);
    for tick in 0..TICKS {
        for id in goings.remove(&tick).unwrap_or_default() {
            let handle = alive.remove(&id).expect("it came before it goes");
            assert!(sim.remove_body(handle).is_some());
            gone.push(handle);
        }
        for id in comings.remove(&tick).unwrap_or_default() {
            // A spot between the pillars, high enough to drop onto the floor.
            let x = -35.0 + 6.0 * dice.below(12) as f64 + 2.5;
            let z = -35.0 + 6.0 * dice.below(12) as f64 + 2.5;
            let y = 1.0 + dice.below(3) as f64;
            let size = DVec3::new(0.6, 1.8, 0.6) * (0.6 + 0.1 * dice.below(5) as f64);
            let handle = sim.add_body(Body::new(DVec3::new(x, y, z), size).expect("a valid body"));
            sim.set_user_data(handle, id);
            alive.insert(id, handle);
        }
        inputs.clear();
        inputs.extend(alive.iter().map(|(&id, &h)| (h, input_of(id, tick))));
        sim.step_into(&inputs, &mut report).expect("in range");
        events += report.bodies.iter().map(Vec::len).sum::<usize>();
        most = most.max(alive.len());
        // Every handle still names its own character; every removed one none.
        for (&id, &handle) in &alive {
            assert_eq!(sim.user_data(handle), Some(id), "tick {tick}");
        }
        assert_eq!(sim.bodies().len(), alive.len());
        if tick % 1_000 == 999 {
            assert!(gone.iter().all(|&h| sim.body(h).is_none()));
        }
    }
    assert_eq!(gone.len() as u64 + alive.len() as u64, CHARACTERS);
    println!(
        "{CHARACTERS} characters came and went over {TICKS} ticks (at most {most} at once, \
         {events} events); every handle named its own character throughout"
    );
}
