//! Many bodies: body-ticks per second for 1, 1,000 and 100,000 bodies walking
//! and jumping through a generated 1024×128×1024 world, on one thread and on
//! all cores; the broad phase's pair count; the world's memory.
//!
//! `cargo bench --bench crowd` (prints a table; each figure is the median of
//! three runs in this one process). Each run times the first ticks of a fresh
//! simulation and then as many more.

#[path = "support/run_stamp.rs"]
mod run_stamp;
#[path = "../tests/support/mod.rs"]
mod support;
#[path = "support/surface.rs"]
mod surface;

use std::time::Instant;

use glam::IVec3;
use support::terrain::hash;
use support::wandering::wandering_input;
use surface::surface;
use voxwalk::controller::{Body, BodyHandle, Input, PhaseTimes, Settings, Simulation, TickReport};
use voxwalk::generate::{Generator, Preset};
use voxwalk::world::{Chunk, World};

/// Resident memory of this process in bytes, from /proc (Linux).
fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Body `i`'s input at `tick`: a heading that changes every few seconds, a jump
/// now and then.
fn input(i: u64, tick: u64) -> Input {
    wandering_input(i, tick, 60, 37)
}

/// Body-ticks per second over the first `ticks` ticks of a fresh simulation
/// and over the `ticks` after them (the figure the table leads with: a game's
/// crowd has been walking for a while, and the first tick of a simulation
/// copies the cells around every body), and the pairs checked per tick.
fn run(world: &World, bodies: usize, ticks: u64, parallel: bool) -> (f64, f64, f64, PhaseTimes) {
    let mut sim = Simulation::new(world.clone(), Settings::default()).unwrap();
    sim.set_parallel(parallel);
    let handles: Vec<BodyHandle> = (0..bodies as u64)
        .map(|i| {
            let x = 8 + (hash(i * 2) % 1008) as i32;
            let z = 8 + (hash(i * 2 + 1) % 1008) as i32;
            sim.add_body(Body::new(surface(world, x, z), Body::DEFAULT_SIZE).unwrap())
        })
        .collect();
    // By handle, as a game names its bodies: the simulation may keep them
    // in any order.
    let mut inputs: Vec<(BodyHandle, Input)> = handles.iter().map(|&h| (h, Input::IDLE)).collect();
    let mut pairs = 0usize;
    // One report for the whole run, as a game loop keeps one.
    let mut report = TickReport::default();
    let mut rates = [0.0; 2];
    // The phases of the later ticks, summed.
    #[cfg_attr(not(feature = "phase-times"), allow(unused_mut))]
    let mut phases = PhaseTimes::default();
    for (stage, rate) in rates.iter_mut().enumerate() {
        let start = Instant::now();
        for tick in stage as u64 * ticks..(stage as u64 + 1) * ticks {
            for (i, (_, slot)) in inputs.iter_mut().enumerate() {
                *slot = input(i as u64, tick);
            }
            sim.step_into(&inputs, &mut report).unwrap();
            pairs += report.pairs_checked;
            #[cfg(feature = "phase-times")]
            if stage == 1 {
                phases = add(phases, report.phases);
            }
        }
        *rate = (bodies as u64 * ticks) as f64 / start.elapsed().as_secs_f64();
    }
    (
        rates[0],
        rates[1],
        pairs as f64 / (2 * ticks) as f64,
        phases,
    )
}

/// Two ticks' phases added up.
#[cfg_attr(not(feature = "phase-times"), allow(dead_code))]
fn add(a: PhaseTimes, b: PhaseTimes) -> PhaseTimes {
    PhaseTimes {
        order: a.order + b.order,
        inputs: a.inputs + b.inputs,
        report: a.report + b.report,
        movers: a.movers + b.movers,
        bodies: a.bodies + b.bodies,
        push_cells: a.push_cells + b.push_cells,
        push_sort: a.push_sort + b.push_sort,
        push_pairs: a.push_pairs + b.push_pairs,
        push_apply: a.push_apply + b.push_apply,
        balls: a.balls + b.balls,
    }
}

/// Each phase's share of the tick, in per cent, as a table row.
fn shares(label: &str, p: &PhaseTimes) -> String {
    let total = p.total().as_secs_f64();
    let share = |d: std::time::Duration| 100.0 * d.as_secs_f64() / total;
    format!(
        "| {label} | {:.2} | {:.2} | {:.2} | {:.2} | {:.1} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
        share(p.order),
        share(p.inputs),
        share(p.report),
        share(p.movers),
        share(p.bodies),
        share(p.push_cells),
        share(p.push_sort),
        share(p.push_pairs),
        share(p.push_apply),
        share(p.balls),
        share(p.serial()),
    )
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return; // `cargo test --benches` asks; there is nothing to list
    }
    run_stamp::print("crowd");
    let before = resident_bytes();
    let started = Instant::now();
    let world = Generator::new(Preset::Hills, 7).sized(IVec3::new(1024, 128, 1024));
    let generated = started.elapsed();
    let after = resident_bytes();
    let (mut uniform, mut mixed, mut storage) = (0usize, 0usize, 0usize);
    for (_, chunk) in world.chunks() {
        storage += chunk.storage_bytes();
        match chunk {
            Chunk::Uniform(_) => uniform += 1,
            Chunk::Mixed(_) => mixed += 1,
        }
    }
    println!(
        "world: hills 1024×128×1024, generated in {:.2} s",
        generated.as_secs_f64()
    );
    println!(
        "chunks: {} loaded ({uniform} uniform at {} B, {mixed} mixed at {} B of block storage); {:.0} B per loaded chunk on average",
        uniform + mixed,
        Chunk::Uniform(voxwalk::block::BlockId::AIR).storage_bytes(),
        world
            .chunks()
            .find_map(|(_, c)| matches!(c, Chunk::Mixed(_)).then(|| c.storage_bytes()))
            .unwrap_or(0),
        storage as f64 / (uniform + mixed) as f64
    );
    if let (Some(b), Some(a)) = (before, after) {
        println!(
            "resident size of the world: {:.1} MiB",
            (a.saturating_sub(b)) as f64 / f64::from(1 << 20)
        );
    }
    println!("threads available: {}", rayon::current_num_threads());
    println!();
    println!(
        "| bodies | threads | body-ticks/s | ns per body-tick | ticks/s for the crowd | the first ticks: ticks/s | pairs checked per tick |"
    );
    println!("|---:|---|---:|---:|---:|---:|---:|");
    // `VOXWALK_CROWD_TICKS=N` times the 100,000 bodies over N ticks instead
    // of 20 (a longer window for before/after comparisons on a noisy machine).
    let big_ticks = std::env::var("VOXWALK_CROWD_TICKS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(20);
    let mut phase_rows = Vec::new();
    for (bodies, ticks) in [(1usize, 20_000u64), (1_000, 400), (100_000, big_ticks)] {
        for parallel in [false, true] {
            let runs: Vec<(f64, f64, f64, PhaseTimes)> = (0..3)
                .map(|_| run(&world, bodies, ticks, parallel))
                .collect();
            if bodies == 100_000 {
                let threads = if parallel { "all" } else { "1" };
                phase_rows.push(shares(&format!("{bodies}, {threads}"), &runs[1].3));
            }
            let first = median(runs.iter().map(|r| r.0).collect());
            let rate = median(runs.iter().map(|r| r.1).collect());
            let pairs = runs[0].2;
            println!(
                "| {bodies} | {} | {rate:.0} | {:.0} | {:.1} | {:.1} | {pairs:.0} |",
                if parallel {
                    format!("all ({})", rayon::current_num_threads())
                } else {
                    "1".into()
                },
                1e9 / rate,
                rate / bodies as f64,
                first / bodies as f64,
            );
        }
    }
    println!();
    if phase_rows.iter().all(|r| r.contains("NaN")) {
        println!("(phase shares: `cargo bench --features phase-times --bench crowd`)");
        return;
    }
    println!("Each phase's share of a tick, per cent (the second run of three):");
    println!();
    println!(
        "| bodies, threads | order | inputs | report | movers | bodies | push cells | push sort | push pairs | push apply | balls | serial |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for row in phase_rows {
        println!("{row}");
    }
}
