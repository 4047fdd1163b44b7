//! Controller speed: nanoseconds per body-tick, for one walking body and for a
//! thousand bodies walking in one world (with body–body pushes), on the same
//! 128×64×128 bumpy terrain as the resolver benchmark. One thread.

#[path = "support/run_stamp.rs"]
mod run_stamp;

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group};
use glam::DVec3;
use support::terrain::{bumpy_terrain, hash};
use voxwalk::controller::{Body, Input, InputScript, Settings, Simulation};

fn unit(seed: u64) -> f64 {
    (hash(seed) >> 11) as f64 / (1u64 << 53) as f64
}

/// A walk that turns, sprints, jumps and sneaks, 200 ticks long.
fn script() -> InputScript {
    InputScript::parse(
        "40 east\n30 east+sprint\n10 south+jump\n40 west\n20 north+sneak\n40 north+west+sprint\n20 idle\n",
        "bench",
    )
    .unwrap()
}

fn simulation(bodies: usize) -> Simulation {
    let mut sim = Simulation::new(bumpy_terrain(128, 128), Settings::default()).unwrap();
    for i in 0..bodies as u64 {
        let feet = DVec3::new(
            8.0 + 112.0 * unit(i * 2),
            40.0,
            8.0 + 112.0 * unit(i * 2 + 1),
        );
        sim.add_body(Body::new(feet, Body::DEFAULT_SIZE).unwrap());
    }
    // Let everyone land first: the benchmark measures walking, not falling.
    for _ in 0..60 {
        sim.step(&[]).unwrap();
    }
    sim
}

fn bench(c: &mut Criterion) {
    let script = script();
    let mut group = c.benchmark_group("controller");

    group.throughput(Throughput::Elements(1));
    let mut one = simulation(1);
    let mut tick = 0u64;
    group.bench_function("one_body_tick", |b| {
        b.iter(|| {
            let input = script.input_at(tick % script.len());
            tick += 1;
            black_box(one.step_in_order(&[input]).unwrap());
        });
    });

    group.throughput(Throughput::Elements(1000));
    let mut crowd = simulation(1000);
    let mut inputs = vec![Input::IDLE; 1000];
    group.bench_function("thousand_bodies_tick", |b| {
        b.iter(|| {
            for (i, input) in inputs.iter_mut().enumerate() {
                // Each body is at its own place in the script.
                *input = script.input_at((tick + i as u64 * 7) % script.len());
            }
            tick += 1;
            black_box(crowd.step_in_order(&inputs).unwrap());
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
fn main() {
    run_stamp::print("controller");
    benches();
    Criterion::default().configure_from_args().final_summary();
}
