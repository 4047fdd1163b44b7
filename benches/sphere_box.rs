//! The five sphere–box overlap tests on the same 1,024 random cases: time per
//! call is the reported time divided by 1,024.

#[path = "support/run_stamp.rs"]
mod run_stamp;

#[path = "../tests/support/terrain.rs"]
mod terrain;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group};
use glam::DVec3;
use terrain::hash;
use voxwalk::geometry::Aabb;

#[path = "support/sphere_box_overlap.rs"]
mod sphere_box_overlap;

/// One of the min/max-corner overlap tests.
type OverlapTest = fn(DVec3, f64, &Aabb) -> bool;

fn unit(seed: u64) -> f64 {
    (hash(seed) >> 11) as f64 / (1u64 << 53) as f64
}

fn bench(c: &mut Criterion) {
    let cases: Vec<(DVec3, f64, Aabb)> = (0..1024u64)
        .map(|i| {
            let v =
                |k: u64| DVec3::new(unit(i * 11 + k), unit(i * 11 + k + 1), unit(i * 11 + k + 2));
            let min = v(0) * 4.0 - 2.0;
            (
                v(3) * 6.0 - 3.0,
                unit(i * 11 + 6) * 1.5,
                Aabb::new(min, min + v(7) * 2.0),
            )
        })
        .collect();
    let folded: Vec<(DVec3, f64, DVec3, DVec3)> = cases
        .iter()
        .map(|(c, r, b)| (*c, *r, b.center(), b.size() * 0.5))
        .collect();
    let mut group = c.benchmark_group("sphere_box_overlap");
    group.throughput(Throughput::Elements(cases.len() as u64));
    let variants: [(&str, OverlapTest); 4] = [
        ("arvo", sphere_box_overlap::arvo),
        (
            "quick_rejection_interleaved",
            sphere_box_overlap::quick_rejection_interleaved,
        ),
        (
            "quick_rejection_first",
            sphere_box_overlap::quick_rejection_first,
        ),
        ("branch_free", sphere_box_overlap::branch_free),
    ];
    for (name, test) in variants {
        group.bench_function(name, |b| {
            b.iter(|| {
                cases
                    .iter()
                    .filter(|(c, r, bx)| test(black_box(*c), black_box(*r), black_box(bx)))
                    .count()
            });
        });
    }
    group.bench_function("folded", |b| {
        b.iter(|| {
            folded
                .iter()
                .filter(|(c, r, bc, h)| {
                    sphere_box_overlap::folded(black_box(*c), black_box(*r), *bc, *h)
                })
                .count()
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
fn main() {
    run_stamp::print("sphere_box");
    benches();
    Criterion::default().configure_from_args().final_summary();
}
