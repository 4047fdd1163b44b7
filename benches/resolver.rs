//! Resolver speed on a 128×64×128 bumpy terrain with pillars, one thread.
//!
//! - `walk`: 100k walking ticks, each 0.2 blocks horizontal and -0.08 vertical,
//!   from bodies resting on the ground.
//! - `fast`: 10k moves of 20–50 blocks in random 3-D directions.
//! - `walk_repeating_one_move` and `walk_in_an_8x8_square`: the first walking
//!   move again and again, and 100k walking moves from columns in an 8×8
//!   square, to split `walk`'s time into the work itself, branches that change
//!   from move to move, and cache misses.
//! - `walk_gathering_only`: the first step of the `walk` moves alone (the cells
//!   they look up and the boxes of the solid ones), the share of a walking move
//!   that comes before any sweep.
//!
//! Each is also run through the literal reference resolver (whole swept box
//! every pass) for comparison. Before measuring, the lookups per move of the
//! `fast` moves are printed by length, to show they grow with the path.

#[path = "support/run_stamp.rs"]
mod run_stamp;

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, criterion_group};
use glam::DVec3;
use support::reference_resolver::reference_move;
use support::terrain::{bumpy_terrain, hash};
use voxwalk::geometry::Aabb;
use voxwalk::resolver::Resolver;
use voxwalk::world::{BlockSource, World, cell_containing};

const BODY: DVec3 = DVec3::new(0.6, 1.8, 0.6);

fn unit(seed: u64) -> f64 {
    (hash(seed) >> 11) as f64 / (1u64 << 53) as f64
}

/// Bodies dropped onto the terrain at pseudo-random columns, each with a walking step.
/// `span` is the side of the square of columns they start from (from x, z = 4).
fn walking_moves(world: &World, count: usize, span: f64) -> Vec<(Aabb, DVec3)> {
    let mut resolver = Resolver::new();
    (0..count as u64)
        .map(|i| {
            let (x, z) = (4.0 + span * unit(i * 3), 4.0 + span * unit(i * 3 + 1));
            let above = Aabb::from_feet(DVec3::new(x, 40.0, z), BODY);
            let rest = resolver
                .move_box(world, above, DVec3::new(0.0, -30.0, 0.0))
                .unwrap()
                .end;
            let angle = unit(i * 3 + 2) * std::f64::consts::TAU;
            (
                rest,
                DVec3::new(0.2 * angle.cos(), -0.08, 0.2 * angle.sin()),
            )
        })
        .collect()
}

/// Bodies in the air above the terrain, each with a 20–50 block move in a random direction.
fn fast_moves(count: usize) -> Vec<(Aabb, DVec3)> {
    (0..count as u64)
        .map(|i| {
            let s = i * 7 + 1_000_000;
            let feet = DVec3::new(
                128.0 * unit(s),
                30.0 + 30.0 * unit(s + 1),
                128.0 * unit(s + 2),
            );
            let dir =
                DVec3::new(unit(s + 3) - 0.5, unit(s + 4) - 0.5, unit(s + 5) - 0.5).normalize();
            (
                Aabb::from_feet(feet, BODY),
                dir * (20.0 + 30.0 * unit(s + 6)),
            )
        })
        .collect()
}

fn report_lookups(world: &World, moves: &[(Aabb, DVec3)]) {
    let mut resolver = Resolver::new();
    let mut bins = [(0u64, 0u64); 3];
    for (aabb, by) in moves {
        let m = resolver.move_box(world, *aabb, *by).unwrap();
        // Lookups by how far the box was asked to travel before its first hit.
        let travelled = by.length() * m.hits.as_slice().first().map_or(1.0, |h| h.toi);
        let bin = ((travelled / 10.0) as usize).min(2);
        bins[bin].0 += m.lookups;
        bins[bin].1 += 1;
    }
    for (i, (lookups, n)) in bins.iter().enumerate() {
        if *n > 0 {
            eprintln!(
                "fast: path to first hit {}-{} blocks: {:.0} lookups per move over {n} moves",
                i * 10,
                if i == 2 {
                    "50".into()
                } else {
                    ((i + 1) * 10).to_string()
                },
                *lookups as f64 / *n as f64
            );
        }
    }
}

/// Times `mover` on `moves`, going round the list. Each result is left in place
/// for `black_box` to see by reference: handing over a copy of a whole
/// `Motion` would time the copy too. The mover is called through `dyn`, so every
/// benchmark makes the same kind of call whatever the compiler would inline.
fn bench_moves<R>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    moves: &[(Aabb, DVec3)],
    mover: &mut dyn FnMut(Aabb, DVec3) -> R,
) {
    let mut next = moves.iter().copied().cycle();
    group.bench_function(name, |b| {
        b.iter(|| {
            let (aabb, by) = next.next().unwrap();
            let result = mover(black_box(aabb), black_box(by));
            black_box(&result);
        });
    });
}

/// Only the first step of a walking move: the cells the resolver looks up (those
/// covering the box before and after the move, reaching down as far as shapes
/// overhang), and the boxes of the solid ones, in the move's frame. Returns how
/// many boxes and the sum of their corners, so that none of it is optimised
/// away.
fn gather_only(world: &World, aabb: Aabb, by: DVec3) -> (usize, DVec3) {
    let origin = cell_containing(aabb.min);
    let region = aabb.union(&aabb.translated(by));
    let reach = world.registry().reach();
    let lo = cell_containing(region.min - reach.above);
    let hi = cell_containing(region.max + reach.below);
    let mut found = (0, DVec3::ZERO);
    world.for_each_solid_in(lo, hi, |cell, boxes| {
        for shape in boxes {
            let solid = shape.translated((cell - origin).as_dvec3());
            found.0 += 1;
            found.1 += solid.min + solid.max;
        }
    });
    found
}

fn bench(c: &mut Criterion) {
    let world = bumpy_terrain(128, 128);
    let walk = walking_moves(&world, 100_000, 120.0);
    let walk_nearby = walking_moves(&world, 100_000, 8.0);
    let fast = fast_moves(10_000);
    report_lookups(&world, &fast);

    let mut group = c.benchmark_group("resolver");
    let mut resolver = Resolver::new();
    bench_moves(&mut group, "walk", &walk, &mut |a, by| {
        resolver.move_box(&world, a, by)
    });
    // Where a walking move's time goes: the same work with every branch
    // predicted and every block in L1 (one move over and over), then with the
    // branches of 100k different moves whose blocks all stay cached (their
    // columns in an 8×8 square).
    bench_moves(
        &mut group,
        "walk_repeating_one_move",
        &walk[..1],
        &mut |a, by| resolver.move_box(&world, a, by),
    );
    bench_moves(
        &mut group,
        "walk_in_an_8x8_square",
        &walk_nearby,
        &mut |a, by| resolver.move_box(&world, a, by),
    );
    // The gathering alone, for the same moves: what any resolver that collects
    // the blocks around a move before sweeping them pays on this world.
    bench_moves(&mut group, "walk_gathering_only", &walk, &mut |a, by| {
        gather_only(&world, a, by)
    });
    bench_moves(&mut group, "fast", &fast, &mut |a, by| {
        resolver.move_box(&world, a, by)
    });
    bench_moves(&mut group, "walk_literal_reference", &walk, &mut |a, by| {
        reference_move(&world, a, by)
    });
    group.sample_size(10);
    bench_moves(&mut group, "fast_literal_reference", &fast, &mut |a, by| {
        reference_move(&world, a, by)
    });
    group.finish();
}

criterion_group!(benches, bench);
fn main() {
    run_stamp::print("resolver");
    benches();
    Criterion::default().configure_from_args().final_summary();
}
