//! A game's own storage, as a new user writes it: 16³ chunks in a hash map
//! behind `BlockSource` with only the two required methods (`block`,
//! `registry`), against voxwalk's `World` holding the same cells. Body-tick
//! and ray-cast nanoseconds on both, on the bumpy terrain of the controller
//! benchmark; the ratios are what the performance issue targets (within
//! 1.25× per body-tick, 1.5× per ray).
//!
//! `cargo bench --bench own_storage`.

#[path = "support/run_stamp.rs"]
mod run_stamp;

#[path = "../tests/support/mod.rs"]
mod support;

use std::collections::HashMap;
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group};
use glam::{DVec3, IVec3};
use support::terrain::{bumpy_terrain, hash};
use voxwalk::controller::{Body, InputScript, Settings, Simulation};
use voxwalk::resolver::cast_ray;
use voxwalk::world::{BlockId, BlockRegistry, BlockSource, Unchanging, World};

/// Chunks of 16³ ids in a standard hash map: what the issue calls a new
/// user's storage.
struct OwnStorage {
    chunks: HashMap<IVec3, Box<[BlockId; 4096]>>,
    registry: BlockRegistry,
}

impl OwnStorage {
    fn copy_of(world: &World) -> OwnStorage {
        let mut chunks = HashMap::new();
        for (key, chunk) in world.chunks() {
            let mut cells = Box::new([BlockId::AIR; 4096]);
            // `Chunk::blocks` goes x slowest, then y, z fastest.
            for (i, b) in chunk.blocks().enumerate() {
                cells[i] = b;
            }
            chunks.insert(key, cells);
        }
        OwnStorage {
            chunks,
            registry: world.registry().clone(),
        }
    }
}

impl BlockSource for OwnStorage {
    fn block(&self, cell: IVec3) -> BlockId {
        let key = cell.div_euclid(IVec3::splat(16));
        let local = cell.rem_euclid(IVec3::splat(16));
        self.chunks.get(&key).map_or(BlockId::AIR, |c| {
            c[(local.x * 256 + local.y * 16 + local.z) as usize]
        })
    }

    fn registry(&self) -> &BlockRegistry {
        &self.registry
    }
}

fn unit(seed: u64) -> f64 {
    (hash(seed) >> 11) as f64 / (1u64 << 53) as f64
}

/// The controller benchmark's walk: turns, sprints, jumps, sneaks.
fn script() -> InputScript {
    InputScript::parse(
        "40 east\n30 east+sprint\n10 south+jump\n40 west\n20 north+sneak\n40 north+west+sprint\n20 idle\n",
        "bench",
    )
    .unwrap()
}

fn landed<W: BlockSource + Sync>(world: W) -> Simulation<W> {
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    sim.add_body(Body::new(DVec3::new(64.5, 40.0, 64.5), Body::DEFAULT_SIZE).unwrap());
    for _ in 0..60 {
        sim.step(&[]).unwrap();
    }
    sim
}

/// Rays from above the terrain, down and across, up to 48 blocks.
fn rays() -> Vec<(DVec3, DVec3)> {
    (0..256u64)
        .map(|i| {
            let origin = DVec3::new(
                8.0 + 112.0 * unit(i * 3),
                30.0,
                8.0 + 112.0 * unit(i * 3 + 1),
            );
            let a = std::f64::consts::TAU * unit(i * 3 + 2);
            let direction = DVec3::new(a.cos(), -0.6, a.sin()).normalize();
            (origin, direction)
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let world = bumpy_terrain(128, 128);
    let own = OwnStorage::copy_of(&world);
    // The same cells, or the comparison means nothing.
    for (i, (o, d)) in rays().into_iter().enumerate().take(32) {
        let a = cast_ray(&world, o, d, 48.0)
            .unwrap()
            .map(|h| (h.block, h.point.to_array()));
        let b = cast_ray(&own, o, d, 48.0)
            .unwrap()
            .map(|h| (h.block, h.point.to_array()));
        assert_eq!(a, b, "ray {i}");
    }
    let script = script();
    let mut group = c.benchmark_group("own_storage");
    group.throughput(Throughput::Elements(1));
    let mut on_world = landed(world.clone());
    let mut tick = 0u64;
    group.bench_function("body_tick_world", |b| {
        b.iter(|| {
            let input = script.input_at(tick % script.len());
            tick += 1;
            black_box(on_world.step_in_order(&[input]).unwrap());
        });
    });
    let mut on_unchanging = landed(Unchanging(OwnStorage::copy_of(&world)));
    let mut tick = 0u64;
    group.bench_function("body_tick_own_storage_unchanging", |b| {
        b.iter(|| {
            let input = script.input_at(tick % script.len());
            tick += 1;
            black_box(on_unchanging.step_in_order(&[input]).unwrap());
        });
    });
    let mut on_own = landed(own);
    let mut tick = 0u64;
    group.bench_function("body_tick_own_storage", |b| {
        b.iter(|| {
            let input = script.input_at(tick % script.len());
            tick += 1;
            black_box(on_own.step_in_order(&[input]).unwrap());
        });
    });
    let rays = rays();
    group.throughput(Throughput::Elements(rays.len() as u64));
    group.bench_function("rays_world", |b| {
        b.iter(|| {
            for &(o, d) in &rays {
                black_box(cast_ray(on_world.world(), o, d, 48.0).unwrap());
            }
        });
    });
    group.bench_function("rays_own_storage", |b| {
        b.iter(|| {
            for &(o, d) in &rays {
                black_box(cast_ray(on_own.world(), o, d, 48.0).unwrap());
            }
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
fn main() {
    run_stamp::print("own_storage");
    benches();
    Criterion::default().configure_from_args().final_summary();
}
