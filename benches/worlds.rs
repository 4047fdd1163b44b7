//! World generation (chunks per second, per preset) and binary world loading.

#[path = "support/run_stamp.rs"]
mod run_stamp;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group};
use glam::IVec3;
use voxwalk::formats::binary_format;
use voxwalk::generate::{Generator, Preset};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    // A column of chunks 4×6×4 (64×96×64 cells) at a different place each time.
    group.throughput(Throughput::Elements(96));
    for preset in Preset::ALL {
        let g = Generator::new(preset, 42);
        let mut offset = 0;
        group.bench_function(preset.name(), |b| {
            b.iter(|| {
                offset += 4;
                for x in 0..4 {
                    for y in 0..6 {
                        for z in 0..4 {
                            black_box(g.chunk(IVec3::new(offset + x, y, z)));
                        }
                    }
                }
            });
        });
    }
    group.finish();

    let mut group = c.benchmark_group("binary");
    let world = Generator::new(Preset::Hills, 42).sized(IVec3::new(256, 96, 256));
    let bytes = binary_format::encode(&world).unwrap();
    eprintln!(
        "hills 256×96×256: {} bytes, 1/{:.0} of the {} raw bytes",
        bytes.len(),
        (256.0 * 96.0 * 256.0) / bytes.len() as f64,
        256 * 96 * 256
    );
    group.sample_size(20);
    group.bench_function("load_hills_256x96x256", |b| {
        b.iter(|| black_box(binary_format::decode(black_box(&bytes)).unwrap()));
    });
    group.bench_function("save_hills_256x96x256", |b| {
        b.iter(|| black_box(binary_format::encode(black_box(&world)).unwrap()));
    });
    group.finish();
}

criterion_group!(benches, bench);
fn main() {
    run_stamp::print("worlds");
    benches();
    Criterion::default().configure_from_args().final_summary();
}
