//! Saves a running simulation of 500 bodies of five sizes through
//! `serde_json` as a game has it, reads it back, and checks that every
//! float came back to the bit and that the restored game runs on exactly as
//! the saved one. Also shows why it has to be done so: the same floats
//! written as JSON numbers come back an ulp off in this build.
//!
//! `--write FILE` writes the saved state to a file; `--restore FILE` reads
//! one as a game loading a save would, restores it over the same world and
//! runs it 100 ticks, or says why it was refused (exit status 1): the
//! hostile-input campaign feeds it states of its own.

use voxwalk::controller::{Body, Event, Input, Settings, Simulation, SimulationState};
use voxwalk::glam::{DVec2, DVec3, IVec3};
use voxwalk::block::BlockId;
use voxwalk::world::World;

/// A float in [-1, 1) from a hash, with all its bits in play.
fn unit(h: u64) -> f64 {
    (h >> 11) as f64 / (1u64 << 52) as f64 - 1.0
}

fn hash(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Hills of stone and steps of slabs, 96 blocks across.
fn world() -> World {
    let mut world = World::new();
    for x in -48..48 {
        for z in -48..48 {
            let h = (hash((x as u64) << 32 ^ z as u64) % 3) as i32;
            world.fill(
                IVec3::new(x, -4, z),
                IVec3::new(x, h - 1, z),
                BlockId::STONE,
            );
            if hash(x as u64 * 31 + z as u64).is_multiple_of(11) {
                world.set_block(IVec3::new(x, h, z), BlockId::SLAB);
            }
        }
    }
    world
}

fn input(body: u64, tick: u64) -> Input {
    let h = hash(body * 1_000_003 + tick / 17);
    Input {
        east: h & 1 != 0,
        west: h & 1 == 0 && h & 2 != 0,
        south: h & 4 != 0,
        north: h & 4 == 0 && h & 8 != 0,
        jump: (tick + body).is_multiple_of(23),
        sprint: h & 16 != 0,
        sneak: h & 32 != 0 && h & 64 != 0,
        ..Input::IDLE
    }
}

fn run(sim: &mut Simulation, from: u64, to: u64) {
    for tick in from..to {
        let inputs: Vec<Input> = (0..sim.bodies().len() as u64)
            .map(|b| input(b, tick))
            .collect();
        sim.step_in_order(&inputs).expect("a tick");
    }
}

/// The state as text that tells every float's bits apart (`-0.0` too).
fn bits(state: &SimulationState) -> String {
    format!("{state:?}")
}

/// Reads a state from `path`, restores it over the game's world and runs
/// it: a refusal is named, never a panic.
fn restore_file(path: &str) -> Result<u64, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let loaded: SimulationState =
        serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
    let mut sim = Simulation::new(world(), Settings::default()).expect("settings");
    sim.restore(loaded).map_err(|e| format!("{path}: {e}"))?;
    let from = sim.ticks_run();
    run(&mut sim, from, from + 100);
    Ok(sim.ticks_run())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, path] = &args[..]
        && flag == "--restore"
    {
        match restore_file(path) {
            Ok(tick) => println!("restored and ran to tick {tick}"),
            Err(why) => {
                println!("refused: {why}");
                std::process::exit(1);
            }
        }
        return;
    }
    let sizes = [
        DVec3::new(0.6, 1.8, 0.6),
        DVec3::new(0.9, 1.4, 0.9),
        DVec3::new(0.3, 0.7, 0.3),
        DVec3::new(1.4, 2.9, 1.4),
        DVec3::new(0.5, 0.9, 0.5),
    ];
    let mut sim = Simulation::new(world(), Settings::default()).expect("settings");
    for k in 0..500u64 {
        let x = (hash(k) % 80) as f64 - 40.0 + 0.37;
        let z = (hash(k + 7919) % 80) as f64 - 40.0 + 0.61;
        let body = Body::new(DVec3::new(x, 4.0, z), sizes[k as usize % 5]).expect("a body");
        sim.add_body(body);
    }
    run(&mut sim, 0, 120);

    let saved = sim.state();
    let text = serde_json::to_string(&saved).expect("saved");
    if let [flag, path] = &args[..]
        && flag == "--write"
    {
        std::fs::write(path, &text).expect("the state written");
    }
    let loaded: SimulationState = serde_json::from_str(&text).expect("loaded");
    let differing = (saved.bodies.iter().zip(&loaded.bodies))
        .filter(|(a, b)| format!("{a:?}") != format!("{b:?}"))
        .count();
    assert_eq!(differing, 0, "{differing} of 500 bodies read back differ");
    assert!(bits(&loaded) == bits(&saved), "the state read back differs");

    let mut restored = Simulation::new(world(), Settings::default()).expect("settings");
    restored.restore(loaded).expect("restored");
    run(&mut sim, 120, 240);
    run(&mut restored, 120, 240);
    assert!(
        bits(&restored.state()) == bits(&sim.state()),
        "the runs part"
    );

    // What a game records for replay or sends over the network: 1,000
    // inputs with random sticks and pitches, and every event of 120 ticks.
    let inputs: Vec<Input> = (0..1_000u64)
        .map(|k| Input {
            analog: DVec2::new(unit(hash(k)), unit(hash(k + 1))),
            pitch: 180.0 * unit(hash(k + 2)),
            ..input(k, k)
        })
        .collect();
    let back: Vec<Input> =
        serde_json::from_str(&serde_json::to_string(&inputs).expect("inputs")).expect("inputs");
    let inputs_off = inputs
        .iter()
        .zip(&back)
        .filter(|(a, b)| format!("{a:?}") != format!("{b:?}"))
        .count();
    assert_eq!(inputs_off, 0, "{inputs_off} of 1000 inputs read back differ");
    let mut events = Vec::new();
    for tick in 240..360 {
        let inputs: Vec<Input> = (0..500).map(|b| input(b, tick)).collect();
        let report = sim.step_in_order(&inputs).expect("a tick");
        events.extend(report.bodies.iter().flatten().cloned());
    }
    let back: Vec<Event> =
        serde_json::from_str(&serde_json::to_string(&events).expect("events")).expect("events");
    let events_off = events
        .iter()
        .zip(&back)
        .filter(|(a, b)| format!("{a:?}") != format!("{b:?}"))
        .count();
    assert_eq!(events_off, 0, "{events_off} of {} events read back differ", events.len());

    // The same floats as plain JSON numbers, through the same parser.
    let floats: Vec<f64> = saved
        .bodies
        .iter()
        .flat_map(|b| {
            [
                b.aabb.min.x,
                b.aabb.min.y,
                b.aabb.min.z,
                b.momentum.x,
                b.momentum.y,
                b.momentum.z,
            ]
        })
        .collect();
    let as_numbers: Vec<f64> =
        serde_json::from_str(&serde_json::to_string(&floats).expect("numbers")).expect("numbers");
    let off = floats
        .iter()
        .zip(&as_numbers)
        .filter(|(a, b)| a.to_bits() != b.to_bits())
        .count();
    println!(
        "json save: 500 bodies read back bit for bit ({} bytes) and ran on equal for 120 ticks; \
         1000 inputs and {} events read back bit for bit; \
         as plain JSON numbers {off} of {} of their floats came back off",
        text.len(),
        events.len(),
        floats.len()
    );
}
