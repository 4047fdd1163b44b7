//! Finding the way: plans a second and places a second for 50-, 200- and
//! 1,000-block queries over generated hills; and what navigation costs a
//! crowd: 1,000 bodies of a `Crowd`, each sent 50 to 200 blocks away once
//! every 30 s of game time and walking there, the crowd's work a tick
//! (plans, followers, who gives way) against the simulation's own step.
//!
//! `cargo bench --bench navigate` (prints a table). `VOXWALK_NAV_QUICK`
//! for fewer plans and 60 ticks of crowd; `VOXWALK_NAV_CROWD_ONLY` for the
//! crowd alone; `VOXWALK_CROWD_WORK=100000,1000` for the crowd's work a
//! tick (by default its default, 10,000 and 1,000, one run each);
//! `VOXWALK_CROWD_LAYER` to plan over a coarse layer built as plans reach
//! it, `VOXWALK_CROWD_LAYER=built` over one built ahead (not timed);
//! `VOXWALK_CROWD_CORRIDOR=1` to keep the layer's plans to corridors of
//! one cluster beside their coarse way (`0` for none beside).

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
use voxwalk::navigate::{
    CoarseLayer, Crowd, CrowdEvent, DEFAULT_CROWD_WORK_PER_TICK, Goal, LayerShape, Planner,
};
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

/// What the crowd's run came to: navigation's mean and worst tick (the
/// crowd's keys, its plans made and its followers run) and the
/// simulation's own mean step, in ms; the plans made, the arrivals, and
/// the bodies still waiting for a plan at the end.
struct CrowdRun {
    navigating: f64,
    worst: f64,
    stepping: f64,
    plans: u64,
    arrived: u64,
    waiting: usize,
    /// The crowd's work in all (its own unit: places, walked ticks, builds).
    work: u64,
}

/// 1,000 bodies of one `Simulation` as one `Crowd` planning at most
/// `work_per_tick` a tick (over a coarse layer built as plans reach its
/// clusters where `layer`), each sent to a new goal 50 to 200 blocks away
/// once every 600 ticks (30 s), staggered, walking their plans for
/// `ticks` ticks.
fn crowd(world: &World, ticks: u64, (work_per_tick, layer): (u64, Option<bool>)) -> CrowdRun {
    const BODIES: u64 = 1_000;
    let mut sim = Simulation::new(world.clone(), Settings::default()).unwrap();
    let starts: Vec<(Body, Goal)> = (0..BODIES)
        .map(|i| query(world, i * 101, 50.0 + (hash(i) % 150) as f64))
        .collect();
    let handles: Vec<_> = starts.iter().map(|(body, _)| sim.add_body(*body)).collect();
    let mut crowd = Crowd::new();
    crowd.work_budget = 1_000_000;
    crowd.work_per_tick = work_per_tick;
    if let Some(built) = layer {
        let planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
        let mut layer = CoarseLayer::new(planner, LayerShape::new(0, 127));
        layer.max_bytes = 1 << 30;
        layer.corridor = std::env::var("VOXWALK_CROWD_CORRIDOR")
            .ok()
            .map(|beside| beside.parse().unwrap());
        if built {
            // Built ahead, as a game would at load, not timed here.
            let every = glam::IVec2::new(SIDE - 1, SIDE - 1);
            layer.build(world, (glam::IVec2::ZERO, every), &|_| true);
        }
        crowd.set_layer(layer);
    }
    let (mut navigating, mut stepping, mut plans) = (Duration::ZERO, Duration::ZERO, 0);
    let (mut worst, mut arrived, mut work) = (Duration::ZERO, 0, 0);
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
        worst = worst.max(started.elapsed());
        work += crowd.worked_last_tick();
        arrived += events
            .iter()
            .filter(|(_, e)| *e == CrowdEvent::Arrived)
            .count() as u64;
        plans += events
            .iter()
            .filter(|(_, e)| matches!(e, CrowdEvent::Planned { .. } | CrowdEvent::NoWay))
            .count() as u64;
        let started = Instant::now();
        sim.step(&inputs).unwrap();
        stepping += started.elapsed();
    }
    let per_tick = |d: Duration| d.as_secs_f64() * 1e3 / ticks as f64;
    let waiting = handles
        .iter()
        .filter(|&&h| !crowd.arrived(h) && crowd.remaining(h).is_empty())
        .count();
    CrowdRun {
        navigating: per_tick(navigating),
        worst: worst.as_secs_f64() * 1e3,
        stepping: per_tick(stepping),
        plans,
        arrived,
        waiting,
        work,
    }
}

fn main() {
    let quick = std::env::var("VOXWALK_NAV_QUICK").is_ok();
    let world = Generator::new(Preset::Hills, 7).sized(IVec3::new(SIDE, 128, SIDE));
    println!("| query | plans/s | places/s | complete | ms a plan |");
    println!("|---|---:|---:|---:|---:|");
    // The crowd alone with VOXWALK_NAV_CROWD_ONLY.
    let queries_run: &[(f64, u64, u64)] = if std::env::var("VOXWALK_NAV_CROWD_ONLY").is_ok() {
        &[]
    } else {
        &[
            (50.0, 40, 1_000_000),
            (200.0, 10, 2_500_000),
            (1000.0, 3, 10_000_000),
        ]
    };
    for &(distance, count, budget) in queries_run {
        let count = if quick { count / 4 + 1 } else { count };
        let (plans, places, complete, ms) = queries(&world, distance, count, budget);
        println!(
            "| {distance} blocks ({count} plans, budget {budget}) | {plans:.1} | {places:.0} | {:.0} % | {ms:.1} |",
            complete * 100.0
        );
    }
    let ticks = if quick { 60 } else { 600 };
    let work: Vec<u64> = std::env::var("VOXWALK_CROWD_WORK")
        .map_or(vec![DEFAULT_CROWD_WORK_PER_TICK, 10_000, 1_000], |s| {
            s.split(',').map(|w| w.parse().unwrap()).collect()
        });
    let layer = std::env::var("VOXWALK_CROWD_LAYER")
        .ok()
        .map(|how| how == "built");
    for work_per_tick in work {
        let run = crowd(&world, ticks, (work_per_tick, layer));
        let over = match layer {
            Some(true) => " over a coarse layer built ahead",
            Some(false) => " over a coarse layer built as plans reach it",
            None => "",
        };
        println!(
            "1,000 bodies as a Crowd{over}, {work_per_tick} work a tick, a new goal 50-200 blocks away \
             every 30 s, {ticks} ticks, {} plans, {} arrived, {} waiting for a plan at the end, \
             {} work: navigating {:.2} ms a tick ({:.0} % of the step), {:.2} ms the worst ({:.0} %), \
             stepping {:.2} ms a tick",
            run.plans,
            run.arrived,
            run.waiting,
            run.work,
            run.navigating,
            run.navigating / run.stepping * 100.0,
            run.worst,
            run.worst / run.stepping * 100.0,
            run.stepping
        );
    }
}
