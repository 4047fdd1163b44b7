//! Every body's state, hashed tick by tick, to compare platforms: the same
//! scenarios run natively and as `wasm32-wasip1` must print the same lines.
//!
//! ```text
//! cargo run --release -p platform_hashes -- worlds/scenarios > native.txt
//! cargo build --release -p platform_hashes --target wasm32-wasip1
//! node .ci/wasi.mjs target/wasm32-wasip1/release/platform_hashes.wasm \
//!     worlds/scenarios > wasm.txt
//! cmp native.txt wasm.txt
//! ```
//!
//! Each scenario below runs 1,000 ticks (its input script over and over) at
//! 20 ticks a second, Minecraft's rate, and at 60, 30 and 144, where the
//! tick's decays are powers that only `voxwalk::math` keeps the same
//! everywhere; a crowd of 200 bodies on generated hills runs beside them,
//! and a navigation crowd of 30 sent from place to place. A line is `name@rate tick
//! hash`, the hash (FNV-1a, 64 bits) of the `Debug` text of every body and
//! ball after the tick: Rust prints an `f64` with the digits that give its
//! bits back, so two platforms print the same text exactly when the states
//! are equal to the bit.

use std::fmt::Write as _;
use std::path::Path;

use voxwalk::controller::{Body, Input, Settings, Simulation};
use voxwalk::generate::{Generator, Preset};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::scenario::Scenario;
use voxwalk::world::BlockSource;

/// Behaviour blocks, pushes between bodies, balls, movers and plain walks.
const SCENARIOS: [&str; 14] = [
    "obstacle_walk_golden",
    "behaviour_slime_bounce",
    "behaviour_ice_glides_farther",
    "behaviour_honey_half_jump",
    "behaviour_ladder_climb_up",
    "behaviour_swim_up",
    "behaviour_cobweb_slows_fall",
    "behaviour_soul_sand_slows_walk",
    "two_bodies_pushing",
    "ball_bounces_off_wall",
    "mover_lift_carries_body_20_up",
    "mover_piston_pushes_body",
    "mover_floor_slides_30_east",
    "sneak_along_ledge",
];
const TICKS: u64 = 1_000;
const RATES: [f64; 4] = [20.0, 60.0, 30.0, 144.0];

/// FNV-1a over `text`.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The hash of every body and ball of `sim`.
fn state_hash(sim: &Simulation, text: &mut String) -> u64 {
    text.clear();
    for body in sim.bodies() {
        let _ = write!(text, "{body:?}");
    }
    for ball in sim.balls() {
        let _ = write!(text, "{ball:?}");
    }
    fnv1a(text)
}

fn at_rate(settings: &Settings, rate: f64) -> Settings {
    let mut settings = settings.clone();
    settings.tick_rate = rate;
    settings
}

fn run_scenario(dir: &Path, name: &str, rate: f64, out: &mut String) -> Result<(), String> {
    let path = dir.join(format!("{name}.toml"));
    let scenario = Scenario::load(&path).map_err(|e| e.to_string())?;
    let mut sim = scenario.simulation().map_err(|e| e.to_string())?;
    sim.set_settings(at_rate(&scenario.settings, rate))
        .map_err(|e| e.to_string())?;
    let length = scenario.ticks.max(1);
    let mut text = String::new();
    for tick in 0..TICKS {
        let inputs: Vec<Input> = scenario
            .bodies
            .iter()
            .map(|b| b.script.input_at(tick % length))
            .collect();
        sim.step_in_order(&inputs).map_err(|e| e.to_string())?;
        let _ = writeln!(
            out,
            "{name}@{rate} {tick} {:016x}",
            state_hash(&sim, &mut text)
        );
    }
    Ok(())
}

/// 200 bodies walking, sprinting and jumping over generated hills, pushing
/// each other (by handle, so the simulation sorts them by place as well).
fn run_crowd(rate: f64, out: &mut String) -> Result<(), String> {
    let world = Generator::new(Preset::Hills, 11).sized(IVec3::new(64, 64, 64));
    let surface = |x: i32, z: i32| {
        (0..64)
            .rev()
            .find(|&y| world.is_solid_at(IVec3::new(x, y, z)))
            .map_or(0, |y| y + 1)
    };
    let mut starts = Vec::new();
    for i in 0..200u64 {
        let (x, z) = (4 + (i % 20) as i32 * 3, 4 + (i / 20) as i32 * 5);
        starts.push(DVec3::new(
            f64::from(x) + 0.5,
            f64::from(surface(x, z)),
            f64::from(z) + 0.5,
        ));
    }
    let mut sim =
        Simulation::new(world, at_rate(&Settings::default(), rate)).map_err(|e| e.to_string())?;
    let handles: Vec<_> = starts
        .into_iter()
        .map(|feet| Body::new(feet, Body::DEFAULT_SIZE).map(|b| sim.add_body(b)))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let mut text = String::new();
    for tick in 0..TICKS {
        let inputs: Vec<_> = handles
            .iter()
            .enumerate()
            .map(|(i, &h)| {
                let k = (i as u64).wrapping_mul(0x9E37_79B9) ^ (tick / 25);
                let keys = [
                    "east",
                    "south+sprint",
                    "west+jump",
                    "north",
                    "east+south+jump",
                ];
                (
                    h,
                    Input::parse(keys[(k % 5) as usize]).unwrap_or(Input::IDLE),
                )
            })
            .collect();
        sim.step(&inputs).map_err(|e| e.to_string())?;
        // By handle, so the order the simulation keeps does not show.
        text.clear();
        for &h in &handles {
            if let Some(body) = sim.body(h) {
                let _ = write!(text, "{body:?}");
            }
        }
        let _ = writeln!(out, "crowd@{rate} {tick} {:016x}", fnv1a(&text));
    }
    Ok(())
}

/// 30 bodies of a navigation `Crowd` on generated hills, each sent to a
/// place of its own and sent on again when it arrives or has no way: the
/// plans (searches, step memory, canonical classes, the give-way rule)
/// must not depend on hashing, which differs between 64- and 32-bit
/// targets. The crowd plans 20,000 work a tick, so plans are made in
/// slices over ticks. The bodies and the crowd's events are hashed each
/// tick.
fn run_navigating_crowd(out: &mut String) -> Result<(), String> {
    use voxwalk::navigate::{Crowd, CrowdEvent, Goal};
    let world = Generator::new(Preset::Hills, 5).sized(IVec3::new(48, 64, 48));
    let surface = |x: i32, z: i32| {
        (0..64)
            .rev()
            .find(|&y| world.is_solid_at(IVec3::new(x, y, z)))
            .map_or(0, |y| y + 1)
    };
    let spot = |k: u64| {
        let h = fnv1a(&format!("spot {k}"));
        (4 + (h % 40) as i32, 4 + ((h >> 16) % 40) as i32)
    };
    let starts: Vec<DVec3> = (0..30u64)
        .map(|i| {
            let (x, z) = spot(i);
            DVec3::new(
                f64::from(x) + 0.5,
                f64::from(surface(x, z)),
                f64::from(z) + 0.5,
            )
        })
        .collect();
    let mut sim = Simulation::new(world, Settings::default()).map_err(|e| e.to_string())?;
    let mut crowd = Crowd::new();
    crowd.work_budget = 60_000;
    // Plans in slices over several ticks, the longest waiting first.
    crowd.work_per_tick = 20_000;
    let mut errands = 100u64;
    let handles: Vec<_> = starts
        .into_iter()
        .map(|feet| Body::new(feet, Body::DEFAULT_SIZE).map(|b| sim.add_body(b)))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    for &h in &handles {
        let (x, z) = spot(errands);
        errands += 1;
        crowd.send(h, Goal::Column { x, z });
    }
    let mut events = Vec::new();
    let mut text = String::new();
    for tick in 0..400 {
        let inputs = crowd.inputs(&mut sim, &mut events).to_vec();
        text.clear();
        for &(handle, event) in &events {
            let _ = write!(text, "{handle:?} {event:?};");
            if matches!(event, CrowdEvent::Arrived | CrowdEvent::NoWay) {
                let (x, z) = spot(errands);
                errands += 1;
                crowd.send(handle, Goal::Column { x, z });
            }
        }
        sim.step(&inputs).map_err(|e| e.to_string())?;
        for &h in &handles {
            if let Some(body) = sim.body(h) {
                let _ = write!(text, "{body:?}");
            }
        }
        let _ = writeln!(out, "navigating-crowd {tick} {:016x}", fnv1a(&text));
    }
    Ok(())
}

/// Plans over a coarse layer of 8 × 8 clusters on generated hills, the
/// layer built as the plans go, with edits between them: the clusters, the
/// coarse graph, the proofs from the goal's side, the corridors and the
/// plans must not depend on hashing. Each plan is hashed.
fn run_layer_plans(out: &mut String) -> Result<(), String> {
    use voxwalk::navigate::{CoarseLayer, Goal, LayerShape, Planner};
    let mut world = Generator::new(Preset::Hills, 11).sized(IVec3::new(48, 64, 48));
    let surface = |world: &voxwalk::world::World, x: i32, z: i32| {
        (0..64)
            .rev()
            .find(|&y| world.is_solid_at(IVec3::new(x, y, z)))
            .map_or(0, |y| y + 1)
    };
    let planner =
        Planner::new(Settings::default(), Body::DEFAULT_SIZE).map_err(|e| e.to_string())?;
    let mut layer = CoarseLayer::new(planner, LayerShape::new(0, 64).with_cluster_size(8));
    let inside = |c: voxwalk::glam::IVec2| (0..48).contains(&c.x) && (0..48).contains(&c.y);
    for k in 0..40u64 {
        let h = fnv1a(&format!("layer {k}"));
        let (x, z) = (2 + (h % 44) as i32, 2 + ((h >> 16) % 44) as i32);
        let (gx, gz) = (2 + ((h >> 32) % 44) as i32, 2 + ((h >> 48) % 44) as i32);
        let feet = DVec3::new(
            f64::from(x) + 0.5,
            f64::from(surface(&world, x, z)),
            f64::from(z) + 0.5,
        );
        let body = Body::new(feet, Body::DEFAULT_SIZE).map_err(|e| e.to_string())?;
        let goal = if k % 5 == 4 {
            Goal::Cell(IVec3::new(gx, surface(&world, gx, gz) + 6, gz))
        } else {
            Goal::Column { x: gx, z: gz }
        };
        // Kept to no corridor, to one with none beside, and to one with a
        // cluster beside, in turn: the coarse way's A* too.
        layer.corridor = [None, Some(0), Some(1)][(k % 3) as usize];
        let plan = layer.plan_within(&world, &body, goal, &inside);
        let steps = plan.as_ref().map_or(0, |p| p.steps.len());
        let _ = writeln!(
            out,
            "layer-plan {k} {steps} steps {:016x}",
            fnv1a(&format!("{plan:?}"))
        );
        // A block placed on the goal's column, told to the layer.
        let cell = IVec3::new(gx, surface(&world, gx, gz), gz);
        world.set_block(cell, voxwalk::block::BlockId::STONE);
        layer.edited(cell);
    }
    Ok(())
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "worlds/scenarios".into());
    let mut out = String::new();
    for rate in RATES {
        for name in SCENARIOS {
            if let Err(error) = run_scenario(Path::new(&dir), name, rate, &mut out) {
                eprintln!("{name}@{rate}: {error}");
                std::process::exit(1);
            }
        }
        if let Err(error) = run_crowd(rate, &mut out) {
            eprintln!("crowd@{rate}: {error}");
            std::process::exit(1);
        }
    }
    if let Err(error) = run_navigating_crowd(&mut out) {
        eprintln!("navigating-crowd: {error}");
        std::process::exit(1);
    }
    if let Err(error) = run_layer_plans(&mut out) {
        eprintln!("layer-plans: {error}");
        std::process::exit(1);
    }
    print!("{out}");
}
