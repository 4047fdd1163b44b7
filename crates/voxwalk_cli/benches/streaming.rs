//! Streaming a Minecraft save: a 64-region folder of generated hills (8 × 8
//! regions, written a region at a time), then
//! - chunk columns loaded per second from cold, on one thread and on all;
//! - a body flying 3,000 blocks across it at view distances 8 and 16: how
//!   often and how long a tick waited, the columns loaded, the most block
//!   storage held, and the resident memory of `voxwalk run` doing the same
//!   in a process of its own.
//!
//! `cargo bench --bench streaming` (prints a table).

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use glam::{DVec3, IVec2, IVec3};
use voxwalk::controller::{Body, InputScript, Settings, Simulation};
use voxwalk::formats::save_folder::{Dimension, LevelDat, SaveFolder, SaveWriter};
use voxwalk::formats::{GENERATED_HI, GENERATED_LO};
use voxwalk::generate::{Generator, Preset};
use voxwalk::streaming::{StreamSettings, Streamer, StreamingWorld};
use voxwalk::world::World;

const REGIONS: i32 = 8;
const WALK: &str = "60 fly+up\n5550 fly+east+sprint\n";

fn build(folder: &Path) {
    let generator = Generator::new(Preset::Hills, 21);
    let mut writer = SaveWriter::create(
        folder,
        &LevelDat {
            name: "bench".into(),
            ..LevelDat::default()
        },
    )
    .unwrap();
    for rx in 0..REGIONS {
        for rz in 0..REGIONS {
            let lo = IVec3::new(rx * 32, GENERATED_LO.y, rz * 32);
            let hi = IVec3::new(rx * 32 + 31, GENERATED_HI.y, rz * 32 + 31);
            writer
                .write_region((rx, rz), &generator.region(lo, hi))
                .unwrap();
        }
    }
}

/// Columns per second, loading a square of 33 × 33 from cold.
fn load_rate(folder: &Path, threads: usize) -> f64 {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| {
        let save = SaveFolder::open(folder, Dimension::Overworld).unwrap();
        let settings = StreamSettings {
            view_distance: 16,
            ahead_per_prepare: 33 * 33,
            ahead_time: std::time::Duration::MAX,
            budget_bytes: 1 << 30,
            ..StreamSettings::default()
        };
        let mut streamer = Streamer::new(save, settings);
        let mut world = World::new();
        let centre = DVec3::new(2048.0, 60.0, 2048.0);
        let probe = voxwalk::geometry::Aabb::new(centre, centre + DVec3::ONE);
        let started = Instant::now();
        streamer.prepare(&mut world, &[(probe, 0.0)]).unwrap();
        let seconds = started.elapsed().as_secs_f64();
        assert_eq!(streamer.loaded_columns(), 33 * 33);
        assert!(streamer.is_loaded(IVec2::new(128, 128)));
        33.0 * 33.0 / seconds
    })
}

fn main() {
    let folder = std::env::temp_dir().join(format!("voxwalk-bench-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let started = Instant::now();
    build(&folder);
    println!(
        "64-region save of generated hills written in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let all = std::thread::available_parallelism().map_or(1, usize::from);
    let mut rates = Vec::new();
    for _ in 0..3 {
        rates.push((load_rate(&folder, 1), load_rate(&folder, all)));
    }
    rates.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (one, many) = rates[1];
    println!(
        "columns loaded per second, from cold (median of 3): one thread {one:.0}, {all} threads {many:.0} ({:.2}x)",
        many / one
    );
    let start = DVec3::new(300.5, 90.0, 2048.5);
    let inputs = folder.join("walk.txt");
    std::fs::write(&inputs, WALK).unwrap();
    println!("view  waits  longest wait  loaded  peak block storage  peak resident (voxwalk run)");
    for view_distance in [8, 16] {
        let settings = StreamSettings {
            view_distance,
            ..StreamSettings::default()
        };
        let save = SaveFolder::open(&folder, Dimension::Overworld).unwrap();
        let mut world = StreamingWorld::new(save, settings);
        let body = Body::new(start, Body::DEFAULT_SIZE).unwrap();
        world.prepare(&[(body.aabb, 0.0)]).unwrap();
        let mut sim = Simulation::new(world, Settings::default()).unwrap();
        let walker = sim.add_body(body);
        let script = InputScript::parse(WALK, "walk").unwrap();
        for tick in 0..script.len() {
            sim.stream().unwrap();
            sim.step(&[(walker, script.input_at(tick))]).unwrap();
        }
        let stats = sim.world().stats();
        let output = Command::new(env!("CARGO_BIN_EXE_voxwalk"))
            .args([
                "run",
                folder.to_str().unwrap(),
                "--inputs",
                inputs.to_str().unwrap(),
            ])
            .args(["--spawn", "300.5,90,2048.5", "--stats"])
            .args(["--view-distance", &view_distance.to_string()])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        let resident = stderr
            .split("peak resident ")
            .nth(1)
            .and_then(|s| s.split_whitespace().next())
            .unwrap_or("?");
        println!(
            "{view_distance:>4}  {:>5}  {:>9.1} ms  {:>6}  {:>14.1} MiB  {resident} KiB",
            stats.waits,
            stats.longest_wait.as_secs_f64() * 1e3,
            stats.columns_loaded,
            stats.peak_bytes as f64 / f64::from(1 << 20),
        );
        let x = sim.body(walker).unwrap().feet().x;
        assert!(x - start.x > 3000.0, "flew {} blocks", x - start.x);
    }
    let _ = std::fs::remove_dir_all(&folder);
}
