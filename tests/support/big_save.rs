//! The save folder of the long walk: 18 regions of generated hills written a
//! region at a time, the four real region files beside them, and the walk
//! across them (the library's test and the command's walk the same one).
//!
//! Reached through the support module (`mod support;` in a test); the
//! command's tests take it by path.

use std::path::Path;

use voxwalk::controller::{Body, InputScript, Settings, Simulation};
use voxwalk::formats::save_folder::{LevelDat, SaveWriter};
use voxwalk::formats::{GENERATED_HI, GENERATED_LO};
use voxwalk::generate::{Generator, Preset};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::world::BlockSource;

use super::realdata::realdata;

/// The regions of the walk: 6 × 3 of generated hills, far from the real
/// regions' coordinates.
pub const GENERATED_REGIONS: (std::ops::Range<i32>, std::ops::Range<i32>) = (4..10, 0..3);

/// The real regions, under the names the game would give them.
pub const REAL_REGIONS: &[(&str, &str)] = &[
    ("querz-1.15-r.0.0.mca", "r.0.0.mca"),
    ("querz-1.18-r.-1.-1.mca", "r.-1.-1.mca"),
    ("querz-1.13-r.2.2-short-lengths.mca", "r.2.2.mca"),
    ("fastanvil-1.19.4-r.mca", "r.1.1.mca"),
];

/// Builds the test save: generated hills written a region at a time (never
/// the whole world in memory), and the real region files beside them.
pub fn build_big_save(folder: &Path) {
    let generator = Generator::new(Preset::Hills, 11);
    let level = LevelDat {
        name: "walk".into(),
        spawn: Some(IVec3::new(2060, 90, 300)),
        ..LevelDat::default()
    };
    let mut writer = SaveWriter::create(folder, &level).unwrap();
    for rx in GENERATED_REGIONS.0 {
        for rz in GENERATED_REGIONS.1.clone() {
            let lo = IVec3::new(rx * 32, GENERATED_LO.y, rz * 32);
            let hi = IVec3::new(rx * 32 + 31, GENERATED_HI.y, rz * 32 + 31);
            writer
                .write_region((rx, rz), &generator.region(lo, hi))
                .unwrap();
        }
    }
    assert_eq!(writer.regions, 18);
    for (file, name) in REAL_REGIONS {
        std::fs::copy(realdata(file), folder.join("region").join(name)).unwrap();
    }
}

/// Fly up over the hills, east for 3,000 blocks, then down and back west on
/// foot, all within the generated regions (x 2,048 to 5,119).
pub const WALK: &str =
    "60 fly+up\n5550 fly+east+sprint\n80 fly+down\n60 fly\n300 west+sprint+jump\n";

/// The walk's positions, tick by tick, in a simulation over `world`, which
/// `before` readies for each tick.
pub fn walk<W: BlockSource + Sync>(
    world: W,
    start: DVec3,
    mut before: impl FnMut(&mut Simulation<W>),
) -> Vec<(DVec3, DVec3, bool)> {
    let script = InputScript::parse(WALK, "walk").unwrap();
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let body = sim.add_body(Body::new(start, Body::DEFAULT_SIZE).unwrap());
    let mut out = Vec::new();
    for tick in 0..script.len() {
        before(&mut sim);
        sim.step(&[(body, script.input_at(tick))]).unwrap();
        let b = sim.body(body).unwrap();
        out.push((b.feet(), b.velocity, b.grounded));
    }
    out
}
