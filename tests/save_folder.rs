//! Minecraft save folders: written by the exporter and read back cell for
//! cell, streamed around a body in bounded memory with the trajectory of
//! the world loaded whole, and hostile folders named, never hung on.

mod support;
use support::big_save;
use support::realdata;
use support::temp_dir;

use big_save::{REAL_REGIONS, build_big_save, walk};
use realdata::realdata;
use std::path::Path;
use std::time::Instant;

use voxwalk::block::{Behaviour, BlockId, Liquid, LiquidKind};
use voxwalk::controller::Body;
use voxwalk::formats::save_folder::{Dimension, SaveFolder, export_world};
use voxwalk::formats::{GENERATED_HI, GENERATED_LO, LoadOptions, ReadBudget, load};
use voxwalk::generate::{Generator, Preset};
use voxwalk::glam::{DVec3, IVec2, IVec3};
use voxwalk::streaming::{ChunkSource, StreamSettings, StreamingWorld};
use voxwalk::world::{BlockSource, World};

use temp_dir::Dir;

/// Every column of a save's overworld placed in one world.
fn read_whole(folder: &Path, columns: impl IntoIterator<Item = IVec2>) -> World {
    read_dimension(folder, Dimension::Overworld, columns)
}

/// Every column of a save's `dimension` placed in one world.
fn read_dimension(
    folder: &Path,
    dimension: Dimension,
    columns: impl IntoIterator<Item = IVec2>,
) -> World {
    let mut save = SaveFolder::open(folder, dimension).unwrap();
    let mut world = World::new();
    for column in columns {
        if let Some(read) = save.read(column).unwrap() {
            save.place(&mut world, column, read);
        }
    }
    world.compact();
    world
}

fn columns_of(world: &World) -> Vec<IVec2> {
    let mut columns: Vec<IVec2> = world.chunks().map(|(k, _)| IVec2::new(k.x, k.z)).collect();
    columns.sort_unstable_by_key(|c| (c.x, c.y));
    columns.dedup();
    columns
}

#[test]
fn every_built_in_block_survives_a_save_and_a_read() {
    let mut world = World::new();
    for (i, id) in (0..13u16).map(BlockId).enumerate() {
        // Side by side, a block apart, and each in a chunk of its own too.
        world.set_block(IVec3::new(2 * i as i32, 5, 3), id);
        world.fill(
            IVec3::new(16 * i as i32, 32, 0),
            IVec3::new(16 * i as i32 + 15, 47, 15),
            id,
        );
    }
    world.set_block(IVec3::new(-20, -64, -20), BlockId::STONE);
    world.set_block(IVec3::new(-20, 319, -20), BlockId::GLASS);
    world.compact();
    let dir = Dir::new("built_ins");
    let save = export_world(&world, &[], &dir.path().join("save")).unwrap();
    assert!(save.regions >= 2, "{save:?}");
    let back = read_whole(&dir.path().join("save"), columns_of(&world));
    assert_eq!(back.count_blocks(), world.count_blocks());
    for (key, chunk) in world.chunks() {
        assert_eq!(back.chunk(key), Some(chunk), "chunk {key}");
    }
}

#[test]
fn a_generated_world_written_as_a_save_reads_back_cell_for_cell() {
    let world = Generator::new(Preset::Hills, 5).region(GENERATED_LO, GENERATED_HI);
    let dir = Dir::new("generated_round_trip");
    let folder = dir.path().join("hills");
    let save = export_world(&world, &[], &folder).unwrap();
    assert_eq!(save.regions, 4, "the piece straddles four regions");
    let opened = SaveFolder::open(&folder, Dimension::Overworld).unwrap();
    assert!(opened.warnings.is_empty(), "{:?}", opened.warnings);
    assert_eq!(opened.spawn().floor(), world.spawn.unwrap().floor());
    let back = read_whole(&folder, columns_of(&world));
    let mut compared = 0;
    for (key, chunk) in world.chunks() {
        assert_eq!(back.chunk(key), Some(chunk), "chunk {key}");
        compared += 1;
    }
    assert_eq!(compared, back.chunk_count());
}

#[test]
fn a_save_is_never_written_over_another() {
    let dir = Dir::new("no_overwrite");
    let mut world = World::new();
    world.set_block(IVec3::ZERO, BlockId::STONE);
    export_world(&world, &[], dir.path()).unwrap();
    let again = export_world(&world, &[], dir.path()).unwrap_err();
    assert!(
        again.to_string().contains("already holds a save"),
        "{again}"
    );
}

#[test]
fn blocks_beyond_what_a_save_holds_are_refused() {
    let dir = Dir::new("refused");
    let mut high = World::new();
    high.set_block(IVec3::new(0, 320, 0), BlockId::STONE);
    let error = export_world(&high, &[], &dir.path().join("high")).unwrap_err();
    assert!(error.to_string().contains("heights"), "{error}");
    let mut own = World::new();
    let ore = own
        .register_block(voxwalk::block::BlockType::cube("ore"))
        .unwrap();
    own.set_block(IVec3::ZERO, ore);
    let error = export_world(&own, &[], &dir.path().join("own")).unwrap_err();
    assert!(error.to_string().contains("\"ore\""), "{error}");
    // A world with movers (the lift world's 18 mover blocks) is refused by
    // name, and nothing is written.
    let lifts = Path::new(env!("CARGO_MANIFEST_DIR")).join("worlds/lifts.vxw");
    let (lifts, movers) = load(lifts, LoadOptions::default()).unwrap().into_parts();
    assert!(!movers.is_empty());
    let target = dir.path().join("lifts");
    let error = export_world(&lifts, &movers, &target).unwrap_err();
    assert!(error.to_string().contains("movers"), "{error}");
    assert!(!target.join("level.dat").exists());
}

/// A folder of everything hostile the issue lists, beside one good region.
#[test]
fn hostile_folders_are_named_warnings_never_hangs() {
    let dir = Dir::new("hostile");
    let folder = dir.path().join("save");
    let mut world = World::new();
    world.fill(IVec3::new(0, 0, 0), IVec3::new(15, 3, 15), BlockId::STONE);
    export_world(&world, &[], &folder).unwrap();
    let regions = folder.join("region");
    std::fs::create_dir(regions.join("r.5.5.mca")).unwrap();
    std::os::unix::fs::symlink(regions.join("r.6.6.mca"), regions.join("r.6.6.mca")).unwrap();
    std::fs::write(regions.join("r.a.b.mca"), vec![0u8; 8192]).unwrap();
    std::fs::write(regions.join("r.7.7.mca"), vec![1u8; 100]).unwrap();
    // Names at the integer limits, whose blocks no cell can hold.
    std::fs::write(regions.join("r.2147483647.0.mca"), vec![0u8; 8192]).unwrap();
    std::fs::write(regions.join("r.0.-2147483648.mca"), vec![0u8; 8192]).unwrap();
    // A file of the right size whose every header entry points past its end.
    std::fs::write(regions.join("r.-1.0.mca"), vec![0xffu8; 8192]).unwrap();
    for i in 0..10_000 {
        std::fs::write(
            regions.join(format!("r.{}.{}.mca", 100 + i / 100, i % 100)),
            [],
        )
        .unwrap();
    }
    let level = std::fs::read(folder.join("level.dat")).unwrap();
    std::fs::write(folder.join("level.dat"), &level[..level.len() / 2]).unwrap();

    let started = Instant::now();
    let save = SaveFolder::open(&folder, Dimension::Overworld).unwrap();
    let opened_in = started.elapsed();
    let said = save.warnings.lines().join("\n");
    for expected in [
        "level.dat skipped",
        "r.5.5.mca skipped: not a regular file",
        "r.6.6.mca skipped",
        "r.a.b.mca skipped: not named r.X.Z.mca",
        "r.7.7.mca skipped: 100 bytes",
        "r.2147483647.0.mca skipped: its blocks lie beyond",
        "r.0.-2147483648.mca skipped: its blocks lie beyond",
        "10000 empty region files skipped",
    ] {
        assert!(said.contains(expected), "{expected:?} in:\n{said}");
    }
    assert!(opened_in.as_secs() < 10, "{opened_in:?}");
    // The good region reads; the broken one is a named error per column.
    assert!(save.read(IVec2::ZERO).unwrap().is_some());
    let broken = save.read(IVec2::new(-1, 0)).unwrap_err().to_string();
    assert!(broken.contains("r.-1.0.mca"), "{broken}");
    // Streamed, the broken columns read as air and say so; the rest loads.
    let mut streamed = StreamingWorld::new(save, StreamSettings::default());
    let body = Body::new(DVec3::new(1.0, 4.0, 1.0), Body::DEFAULT_SIZE).unwrap();
    streamed.prepare(&[(body.aabb, 0.0)]).unwrap();
    assert_eq!(streamed.block(IVec3::new(3, 2, 3)), BlockId::STONE);
    let warnings = streamed.warnings().join("\n");
    assert!(
        warnings.contains("chunk column (-1, 0) skipped"),
        "{warnings}"
    );
}

#[test]
fn a_folder_that_is_no_save_is_an_error() {
    let dir = Dir::new("no_save");
    let error = SaveFolder::open(dir.path(), Dimension::Overworld).unwrap_err();
    assert!(
        error.to_string().contains("not a Minecraft save folder"),
        "{error}"
    );
    let nether = SaveFolder::open(dir.path(), Dimension::Nether);
    assert!(nether.is_err());
}

#[test]
#[ignore = "needs ../shared/realdata; CI runs it"]
#[allow(clippy::too_many_lines)] // one campaign, told in order
fn a_body_walks_3000_blocks_across_a_streamed_save_as_across_the_world_loaded_whole() {
    let dir = Dir::new("big_save");
    let folder = dir.path().join("save");
    let started = Instant::now();
    build_big_save(&folder);
    eprintln!(
        "save of 18 generated + 4 real regions written in {:?}",
        started.elapsed()
    );

    // The real regions read through the folder as the single-file importer reads them.
    for (file, name) in REAL_REGIONS {
        let (rx, rz) = voxwalk::formats::import::region_of_name(name).unwrap();
        let imported = load(realdata(file), LoadOptions::default()).unwrap();
        let columns =
            (0..32).flat_map(|x| (0..32).map(move |z| IVec2::new(rx * 32 + x, rz * 32 + z)));
        let through_folder = read_whole(&folder, columns);
        // The single-file reader places an unnamed region at 0, 0.
        let moved = if file.contains("fastanvil") {
            (1, 1)
        } else {
            (0, 0)
        };
        assert_eq!(
            through_folder.count_blocks_by_name(),
            imported.world().count_blocks_by_name(),
            "{file} as {name} (moved by {moved:?} regions)"
        );
    }

    // The world loaded whole: every region the walk crosses, read in full.
    let start = DVec3::new(2060.5, 90.0, 300.5);
    let crossed = (4..10).flat_map(|x| {
        (0..32).flat_map(move |cx| (0..32).map(move |cz| IVec2::new(x * 32 + cx, cz)))
    });
    let started = Instant::now();
    let whole = read_whole(&folder, crossed);
    eprintln!(
        "whole: {} chunks, {} bytes of block storage, read in {:?}",
        whole.chunk_count(),
        whole.storage_bytes(),
        started.elapsed()
    );
    let expected = walk(whole, start, |_| {});

    // A budget that the view distance never reaches, and one it binds.
    for (budget, view_distance) in [(24 << 20, 8), (1 << 20, 16)] {
        let settings = StreamSettings {
            budget_bytes: budget,
            view_distance,
            ..StreamSettings::default()
        };
        let save = SaveFolder::open(&folder, Dimension::Overworld).unwrap();
        let mut streamed = StreamingWorld::new(save, settings);
        let body = Body::new(start, Body::DEFAULT_SIZE).unwrap();
        streamed.prepare(&[(body.aabb, 0.0)]).unwrap();
        let mut peak = 0;
        let mut left_out = 0;
        let got = walk(streamed, start, |sim| {
            left_out += sim.stream().unwrap().left_out;
            peak = peak.max(sim.world().loaded().storage_bytes());
        });
        eprintln!(
            "budget {budget}, view {view_distance}: peak {peak} bytes, {left_out} columns left out"
        );
        assert!(peak <= budget, "{peak} bytes held, budget {budget}");
        assert_eq!(
            left_out > 0,
            budget < 2 << 20,
            "the small budget binds, the large does not"
        );
        let travelled: f64 = got
            .windows(2)
            .map(|w| (w[1].0 - w[0].0).with_y(0.0).length())
            .sum();
        assert!(travelled > 3000.0, "the body went {travelled} blocks");
        // Sprint-jumping lands every dozen ticks or so.
        let on_foot = got.iter().rev().take(200).filter(|s| s.2).count();
        assert!(
            on_foot >= 10,
            "the walk ends on foot: {on_foot} of 200 ticks grounded"
        );
        for (tick, (a, b)) in expected.iter().zip(&got).enumerate() {
            assert!(
                a.0.to_array().map(f64::to_bits) == b.0.to_array().map(f64::to_bits)
                    && a.1.to_array().map(f64::to_bits) == b.1.to_array().map(f64::to_bits)
                    && a.2 == b.2,
                "tick {tick}: whole {a:?}, streamed {b:?}"
            );
        }
    }
}

/// A scenario may name a save folder as its world: its columns stream
/// around the bodies as the run goes, and the run is the one on the same
/// world read whole.
#[test]
fn a_scenario_naming_a_save_folder_runs_as_on_the_world_read_whole() {
    let dir = Dir::new("scenario_folder");
    let generator = Generator::new(Preset::Hills, 3);
    export_world(
        &generator.region(GENERATED_LO, GENERATED_HI),
        &[],
        &dir.path().join("hills"),
    )
    .unwrap();
    let scenario = |world: &str| {
        let text = format!(
            "model = \"minecraft-1.21 v4\"\nworld = \"{world}\"\nspawn = [0.5, 40, 0.5]\ninputs = \"\"\"\n200 east+sprint+jump\n100 south+sprint\n\"\"\"\n\n[[expect]]\ngrounded = true\n"
        );
        let path = dir.path().join(format!("{}.toml", world.replace(':', "_")));
        std::fs::write(&path, text).unwrap();
        voxwalk::scenario::Scenario::load_within(&path, ReadBudget::default()).unwrap()
    };
    let streamed = scenario("hills");
    assert!(streamed.save_folder.is_some());
    assert_eq!(
        streamed.world.chunk_count(),
        0,
        "nothing loaded before a run"
    );
    let whole = scenario("gen:hills:3");
    let a = voxwalk::scenario::record(&streamed).unwrap();
    let b = voxwalk::scenario::record(&whole).unwrap();
    assert_eq!(a.len(), 300);
    for (tick, (a, b)) in a.iter().zip(&b).enumerate() {
        assert_eq!(a.bodies[0].feet, b.bodies[0].feet, "tick {tick}");
    }
    let verdict = voxwalk::scenario::judge(&streamed, false);
    assert!(verdict.is_pass(), "{verdict:?}");
}

/// A region whose header lets two chunks share sectors (a hostile file: a
/// game never writes one) reads alike whichever way it is reached: the
/// later entry is skipped, naming the chunk that holds the sectors, read
/// whole as a region file and streamed column by column out of the folder.
#[test]
fn overlapping_sectors_are_skipped_by_every_reading_of_a_region() {
    let dir = Dir::new("overlap");
    let folder = dir.path().join("save");
    let mut world = World::new();
    world.fill(IVec3::new(0, 0, 0), IVec3::new(15, 3, 15), BlockId::STONE);
    world.fill(IVec3::new(16, 0, 0), IVec3::new(31, 0, 15), BlockId::BRICK);
    export_world(&world, &[], &folder).unwrap();
    let region = folder.join("region/r.0.0.mca");
    let mut bytes = std::fs::read(&region).unwrap();
    // Chunk (1, 0)'s entry made to name chunk (0, 0)'s sectors.
    let first: [u8; 4] = bytes[0..4].try_into().unwrap();
    bytes[4..8].copy_from_slice(&first);
    std::fs::write(&region, &bytes).unwrap();

    let whole = load(&region, LoadOptions::default()).unwrap();
    let said = whole.warnings().join("\n");
    assert!(
        said.contains("chunk (1, 0) skipped: its sectors from"),
        "{said}"
    );
    assert_eq!(whole.world().block(IVec3::new(20, 3, 5)), BlockId::AIR);

    let save = SaveFolder::open(&folder, Dimension::Overworld).unwrap();
    assert!(save.read(IVec2::ZERO).unwrap().is_some());
    let streamed = save.read(IVec2::new(1, 0)).unwrap_err().to_string();
    assert!(
        streamed.contains("overlap those of chunk (0, 0)"),
        "{streamed}"
    );
}

/// Minecraft's liquids leave as they came: water and lava of each level and
/// bubble columns both ways are written as their vanilla states and read
/// back as the same types; a waterlogged stair, which has no vanilla name
/// here, is refused by its name rather than written dry.
#[test]
fn liquids_survive_a_save_and_a_read_and_a_waterlogged_block_is_refused() {
    use support::schematic::sponge_v2;
    use voxwalk::formats::decode;
    let states = [
        "minecraft:water[level=0]",
        "minecraft:water[level=3]",
        "minecraft:water[level=9]",
        "minecraft:lava[level=0]",
        "minecraft:lava[level=2]",
        "minecraft:bubble_column[drag=true]",
        "minecraft:bubble_column[drag=false]",
    ];
    let palette: Vec<(&str, i32)> = states.iter().zip(1..).map(|(s, i)| (*s, i)).collect();
    let mut palette = palette;
    palette.push(("minecraft:air", 0));
    let ids: Vec<i32> = (1..=states.len() as i32).collect();
    let bytes = sponge_v2(states.len() as i16, 1, 1, &palette, &ids, 3465);
    let world = decode(&bytes, Some("liquids.schem"), LoadOptions::default())
        .unwrap()
        .into_world()
        .unwrap();
    let dir = Dir::new("liquids");
    export_world(&world, &[], &dir.path().join("save")).unwrap();
    let back = read_whole(&dir.path().join("save"), columns_of(&world));
    for x in 0..states.len() as i32 {
        let cell = IVec3::new(x, 0, 0);
        let (ours, theirs) = (world.block(cell), back.block(cell));
        assert_eq!(
            back.registry().name(theirs),
            world.registry().name(ours),
            "{}",
            states[x as usize]
        );
        assert_eq!(
            back.registry().behaviour(theirs),
            world.registry().behaviour(ours),
            "{}",
            states[x as usize]
        );
    }
    let stair = "minecraft:oak_stairs[facing=east,half=bottom,shape=straight,waterlogged=true]";
    let bytes = sponge_v2(1, 1, 1, &[(stair, 1), ("minecraft:air", 0)], &[1], 3465);
    let wet = decode(&bytes, Some("wet.schem"), LoadOptions::default())
        .unwrap()
        .into_world()
        .unwrap();
    let error = export_world(&wet, &[], &dir.path().join("wet"))
        .unwrap_err()
        .to_string();
    assert!(error.contains("+water"), "{error}");

    // The same regions as a save's Nether: its lava pushes as the Nether's
    // (an ultra-warm dimension), everything else is as in the overworld.
    let save = dir.path().join("save");
    std::fs::create_dir(save.join("DIM-1")).unwrap();
    std::fs::rename(save.join("region"), save.join("DIM-1/region")).unwrap();
    let nether = read_dimension(&save, Dimension::Nether, columns_of(&world));
    for (x, state) in states.iter().enumerate() {
        let cell = IVec3::new(x as i32, 0, 0);
        let ours = *world.registry().behaviour(world.block(cell));
        let theirs = *nether.registry().behaviour(nether.block(cell));
        let (ours_liquid, theirs_liquid) = (ours.liquid.unwrap(), theirs.liquid.unwrap());
        let push = if state.contains("lava") {
            assert_eq!(ours_liquid.push, LiquidKind::Lava.push(), "{state}");
            Liquid::ULTRA_WARM_LAVA_PUSH
        } else {
            LiquidKind::Water.push()
        };
        assert_eq!(theirs_liquid.push, push, "{state}");
        let theirs_as_overworld = Behaviour {
            liquid: Some(Liquid {
                push: ours_liquid.push,
                ..theirs_liquid
            }),
            ..theirs
        };
        assert_eq!(theirs_as_overworld, ours, "{state}");
    }
    // Written back as a save (an overworld), the Nether's lava is refused
    // by name: an overworld's lava pushes less.
    let error = export_world(&nether, &[], &dir.path().join("nether_back"))
        .unwrap_err()
        .to_string();
    assert!(error.contains("lava"), "{error}");
}
