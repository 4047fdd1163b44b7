//! Finding the way: plans a second and places a second for 50-, 200- and
//! 1,000-block queries over generated hills; and what navigation costs a
//! crowd: 1,000 bodies of a `Crowd`, each sent 50 to 200 blocks away once
//! every 30 s of game time and walking there, the crowd's work a tick
//! (plans, followers, who gives way) against the simulation's own step.
//!
//! `cargo bench --bench navigate` (prints a table).

#[path = "../tests/support/mod.rs"]
mod support;
#[path = "support/surface.rs"]
mod surface;

use std::time::{Duration, Instant};

use glam::IVec3;
use support::terrain::hash;
use surface::surface;
use voxwalk::controller::{Body, Settings, Simulation};
use voxwalk::generate::{Generator, Preset};
use voxwalk::navigate::{Crowd, CrowdEvent, Goal, Planner};
use voxwalk::world::World;

const SIDE: i32 = 1024;

/// A start and a goal column `distance` apart, from seed `i`.
fn query(world: &World, i: u64, distance: f64) -> (Body, Goal) {
    let margin = 8.0 + distance;
    let span = f64::from(SIDE) - 2.0 * margin;
    let x = margin + (hash(i) % 1000) as f64 / 1000.0 * span;
    let z = margin + (hash(i + 7) % 1000) as f64 / 1000.0 * span;
    let angle = (hash(i + 13) % 6283) as f64 / 1000.0;
    let body = Body::new(surface(world, x as i32, z as i32), Body::DEFAULT_SIZE).unwrap();
    let goal = Goal::Column {
        x: (x + angle.cos() * distance) as i32,
        z: (z + angle.sin() * distance) as i32,
    };
    (body, goal)
}

/// Plans `count` queries `distance` blocks long: (plans a second, places a
/// second, share complete, mean ms a plan).
fn queries(world: &World, distance: f64, count: u64, budget: u64) -> (f64, f64, f64, f64) {
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    planner.work_budget = budget;
    let (mut nodes, mut complete, mut spent) = (0usize, 0u64, Duration::ZERO);
    for i in 0..count {
        let (body, goal) = query(world, i * 31 + distance as u64, distance);
        let started = Instant::now();
        if let Ok(plan) = planner.plan(world, &body, goal) {
            nodes += plan.nodes;
            complete += u64::from(plan.complete);
        }
        spent += started.elapsed();
    }
    let seconds = spent.as_secs_f64();
    (
        count as f64 / seconds,
        nodes as f64 / seconds,
        complete as f64 / count as f64,
        seconds * 1e3 / count as f64,
    )
}

/// 1,000 bodies of one `Simulation` as one `Crowd`, each sent to a new goal
/// 50 to 200 blocks away once every 600 ticks (30 s), staggered, walking
/// their plans for `ticks` ticks: (mean navigation a tick: the crowd's
/// keys, its plans made and its followers run; mean step a tick: the
/// simulation's own), both in ms, and the plans made.
fn crowd(world: &World, ticks: u64) -> (f64, f64, u64) {
    const BODIES: u64 = 1_000;
    let mut sim = Simulation::new(world.clone(), Settings::default()).unwrap();
    let starts: Vec<(Body, Goal)> = (0..BODIES)
        .map(|i| query(world, i * 101, 50.0 + (hash(i) % 150) as f64))
        .collect();
    let handles: Vec<_> = starts.iter().map(|(body, _)| sim.add_body(*body)).collect();
    let mut crowd = Crowd::new();
    crowd.work_budget = 1_000_000;
    let (mut navigating, mut stepping, mut plans) = (Duration::ZERO, Duration::ZERO, 0);
    let mut events = Vec::new();
    for tick in 0..ticks {
        for i in 0..BODIES {
            if (i * 600 / BODIES) == tick % 600 {
                // A new goal from where the body is now.
                let at = sim.body(handles[i as usize]).unwrap().feet();
                let seed = i * 101 + tick;
                let distance = 50.0 + (hash(seed) % 150) as f64;
                let angle = (hash(seed + 13) % 6283) as f64 / 1000.0;
                let goal = Goal::Column {
                    x: ((at.x + angle.cos() * distance) as i32).clamp(8, SIDE - 8),
                    z: ((at.z + angle.sin() * distance) as i32).clamp(8, SIDE - 8),
                };
                crowd.send(handles[i as usize], goal);
            }
        }
        let started = Instant::now();
        let inputs = crowd.inputs(&mut sim, &mut events).to_vec();
        navigating += started.elapsed();
        plans += events
            .iter()
            .filter(|(_, e)| matches!(e, CrowdEvent::Planned { .. } | CrowdEvent::NoWay))
            .count() as u64;
        let started = Instant::now();
        sim.step(&inputs).unwrap();
        stepping += started.elapsed();
    }
    let per_tick = |d: Duration| d.as_secs_f64() * 1e3 / ticks as f64;
    (per_tick(navigating), per_tick(stepping), plans)
}

fn main() {
    let quick = std::env::var("VOXWALK_NAV_QUICK").is_ok();
    let world = Generator::new(Preset::Hills, 7).sized(IVec3::new(SIDE, 128, SIDE));
    println!("| query | plans/s | places/s | complete | ms a plan |");
    println!("|---|---:|---:|---:|---:|");
    for (distance, count, budget) in [
        (50.0, 40, 1_000_000),
        (200.0, 10, 2_500_000),
        (1000.0, 3, 10_000_000),
    ] {
        let count = if quick { count / 4 + 1 } else { count };
        let (plans, places, complete, ms) = queries(&world, distance, count, budget);
        println!(
            "| {distance} blocks ({count} plans, budget {budget}) | {plans:.1} | {places:.0} | {:.0} % | {ms:.1} |",
            complete * 100.0
        );
    }
    let ticks = if quick { 60 } else { 600 };
    let (navigating, stepping, plans) = crowd(&world, ticks);
    println!(
        "1,000 bodies as a Crowd, a new goal 50-200 blocks away every 30 s, {ticks} ticks, \
         {plans} plans: navigating {navigating:.2} ms a tick, stepping {stepping:.2} ms a tick \
         ({:.0} % of the step)",
        navigating / stepping * 100.0
    );
}
