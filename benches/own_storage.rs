//! A game's own storage, as a new user writes it: 16³ chunks in a hash map
//! behind `BlockSource` with only the two required methods (`block`,
//! `registry`), against voxwalk's `World` holding the same cells. Body-tick
//! and ray-cast nanoseconds on both, on the bumpy terrain of the controller
//! benchmark; the ratios are what the performance issue targets (within
//! 1.25× per body-tick, 1.5× per ray).
//!
//! A third storage visits its own chunks in `World`'s order and says so; a
//! game's `Level` holds it in `Unchanging` and forwards everything with
//! `forward_block_source!`: its rays should cost what the bare storage's do
//! (within 5 %) and its body-tick at most 1.15× `World`'s.
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
use voxwalk::block::{BlockId, BlockRegistry};
use voxwalk::controller::{Body, InputScript, Settings, Simulation};
use voxwalk::geometry::Aabb;
use voxwalk::resolver::cast_ray;
use voxwalk::world::{BlockSource, Unchanging, World};

/// Chunks of 16³ ids in a standard hash map: what the issue calls a new
/// user's storage. With another hasher (`S`) it shows what the map's own
/// hashing costs a ray, which asks a cell at a time.
struct OwnStorage<S = std::hash::RandomState> {
    chunks: HashMap<IVec3, Box<[BlockId; 4096]>, S>,
    registry: BlockRegistry,
}

impl OwnStorage {
    fn copy_of(world: &World) -> OwnStorage {
        OwnStorage::copied(world)
    }
}

impl<S: std::hash::BuildHasher + Default> OwnStorage<S> {
    fn copied(world: &World) -> OwnStorage<S> {
        let mut chunks = HashMap::default();
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

impl<S: std::hash::BuildHasher + Send + Sync> BlockSource for OwnStorage<S> {
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

/// The same storage grown by a game that read the docs: its own visitor,
/// a chunk looked up once and missing chunks skipped, in `World`'s order
/// (chunks in x, y, z order, the cells of each in x, y, z order), and it
/// says so; regions read a run of a chunk at a time.
struct ChunkedStorage(OwnStorage);

impl ChunkedStorage {
    fn visit(&self, lo: IVec3, hi: IVec3, visit: &mut dyn FnMut(IVec3, &[Aabb])) {
        if lo.cmpgt(hi).any() {
            return;
        }
        let (first, last) = (
            lo.div_euclid(IVec3::splat(16)),
            hi.div_euclid(IVec3::splat(16)),
        );
        for cx in first.x..=last.x {
            for cy in first.y..=last.y {
                for cz in first.z..=last.z {
                    let key = IVec3::new(cx, cy, cz);
                    let Some(cells) = self.0.chunks.get(&key) else {
                        continue;
                    };
                    let base = key * 16;
                    let (from, to) = (lo.max(base), hi.min(base + IVec3::splat(15)));
                    for x in from.x..=to.x {
                        for y in from.y..=to.y {
                            for z in from.z..=to.z {
                                let l = IVec3::new(x, y, z) - base;
                                let id = cells[(l.x * 256 + l.y * 16 + l.z) as usize];
                                let shape = self.0.registry.collision_shape(id);
                                if !shape.is_empty() {
                                    visit(IVec3::new(x, y, z), shape);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

impl BlockSource for ChunkedStorage {
    fn block(&self, cell: IVec3) -> BlockId {
        self.0.block(cell)
    }

    fn registry(&self) -> &BlockRegistry {
        &self.0.registry
    }

    fn visits_in_chunk_order(&self) -> bool {
        true
    }

    /// A region at once, each chunk looked up once per run along z.
    fn read_blocks(&self, lo: IVec3, hi: IVec3, out: &mut Vec<BlockId>) {
        out.clear();
        for x in lo.x..=hi.x {
            for y in lo.y..=hi.y {
                let mut z = lo.z;
                while z <= hi.z {
                    let cell = IVec3::new(x, y, z);
                    let key = cell.div_euclid(IVec3::splat(16));
                    let run_end = hi.z.min(key.z * 16 + 15);
                    match self.0.chunks.get(&key) {
                        Some(cells) => {
                            let l = cell - key * 16;
                            let start = (l.x * 256 + l.y * 16 + l.z) as usize;
                            out.extend_from_slice(&cells[start..=start + (run_end - z) as usize]);
                        }
                        None => out.extend(std::iter::repeat_n(
                            BlockId::AIR,
                            (run_end - z + 1) as usize,
                        )),
                    }
                    z = run_end + 1;
                }
            }
        }
    }

    fn for_each_solid_in<F: FnMut(IVec3, &[Aabb])>(&self, lo: IVec3, hi: IVec3, mut visit: F) {
        self.visit(lo, hi, &mut visit);
    }

    fn for_each_solid_in_dyn(&self, lo: IVec3, hi: IVec3, visit: &mut dyn FnMut(IVec3, &[Aabb])) {
        self.visit(lo, hi, visit);
    }
}

/// A storage that counts the cells asked of it.
struct Counted<'a>(&'a OwnStorage, std::cell::Cell<u64>);

impl BlockSource for Counted<'_> {
    fn block(&self, cell: IVec3) -> BlockId {
        self.1.set(self.1.get() + 1);
        self.0.block(cell)
    }

    fn registry(&self) -> &BlockRegistry {
        &self.0.registry
    }
}

/// A game's level holding that storage, every method forwarded in one line.
struct Level {
    blocks: Unchanging<ChunkedStorage>,
}

voxwalk::forward_block_source!(Level => blocks);

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

/// The same hits on every storage, or the comparison means nothing; and
/// how many cells a ray asks of the two-method storage.
fn same_hits(world: &World, own: &OwnStorage, level: &Level) {
    for (i, (o, d)) in rays().into_iter().enumerate() {
        let a = cast_ray(world, o, d, 48.0)
            .unwrap()
            .map(|h| (h.block, h.point.to_array()));
        let b = cast_ray(own, o, d, 48.0)
            .unwrap()
            .map(|h| (h.block, h.point.to_array()));
        let c = cast_ray(level, o, d, 48.0)
            .unwrap()
            .map(|h| (h.block, h.point.to_array()));
        assert_eq!(a, b, "ray {i}");
        assert_eq!(a, c, "ray {i}");
    }
    let asked = Counted(own, std::cell::Cell::new(0));
    for &(o, d) in &rays() {
        cast_ray(&asked, o, d, 48.0).unwrap();
    }
    println!(
        "cells asked of the two-method storage: {:.1} a ray",
        asked.1.get() as f64 / rays().len() as f64
    );
}

fn bench(c: &mut Criterion) {
    let world = bumpy_terrain(128, 128);
    let own = OwnStorage::copy_of(&world);
    let level = Level {
        blocks: Unchanging(ChunkedStorage(OwnStorage::copy_of(&world))),
    };
    same_hits(&world, &own, &level);
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
    let mut on_level = landed(Level {
        blocks: Unchanging(ChunkedStorage(OwnStorage::copy_of(&world))),
    });
    let mut tick = 0u64;
    group.bench_function("body_tick_chunked_storage_forwarded", |b| {
        b.iter(|| {
            let input = script.input_at(tick % script.len());
            tick += 1;
            black_box(on_level.step_in_order(&[input]).unwrap());
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
    // The same storage with rustc's hasher in place of the standard one:
    // what the map's hashing costs a ray.
    let fx: OwnStorage<rustc_hash::FxBuildHasher> = OwnStorage::copied(&world);
    group.bench_function("rays_own_storage_fxhash", |b| {
        b.iter(|| {
            for &(o, d) in &rays {
                black_box(cast_ray(&fx, o, d, 48.0).unwrap());
            }
        });
    });
    let chunked = ChunkedStorage(OwnStorage::copy_of(&world));
    group.bench_function("rays_chunked_storage", |b| {
        b.iter(|| {
            for &(o, d) in &rays {
                black_box(cast_ray(&chunked, o, d, 48.0).unwrap());
            }
        });
    });
    group.bench_function("rays_chunked_storage_forwarded", |b| {
        b.iter(|| {
            for &(o, d) in &rays {
                black_box(cast_ray(on_level.world(), o, d, 48.0).unwrap());
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
