//! Movers in text worlds: the `mover` directive read, written back exactly,
//! refused with the place of the mistake, and never dropped by a format
//! that cannot hold them.

#[path = "support/temp_dir.rs"]
mod temp_dir;

use std::path::Path as FilePath;
use std::sync::Arc;

use proptest::prelude::*;
use voxwalk::block::{BlockId, BlockRegistry};
use voxwalk::controller::{Body, Settings, Simulation};
use voxwalk::formats::{LoadOptions, ReadBudget, load, save, text_format};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::movers::{CrushRule, Drive, Mover, MoverError, Path, PathEnds, Waypoint};
use voxwalk::world::World;

/// The shipped world of a lift and a moving floor: its blocks and movers.
fn lifts() -> (World, Vec<Mover>) {
    let path = FilePath::new(env!("CARGO_MANIFEST_DIR")).join("worlds/lifts.vxw");
    load(path, LoadOptions::default()).unwrap().into_parts()
}

#[test]
fn a_text_world_declares_its_movers_where_they_are_drawn() {
    let (world, movers) = lifts();
    assert_eq!(movers.len(), 2);
    let lift = &movers[0];
    assert_eq!(lift.home(), DVec3::ZERO);
    assert_eq!(lift.blocks().len(), 9);
    assert!(lift.blocks().iter().all(|b| b.block == BlockId::STONE));
    let Drive::Path(up) = &lift.drive else {
        panic!("the lift has a path")
    };
    assert_eq!(up.ends(), PathEnds::PingPong);
    assert_eq!(
        up.waypoints(),
        &[
            Waypoint {
                offset: DVec3::ZERO,
                pause: 1.0,
                speed: 4.0
            },
            Waypoint {
                offset: DVec3::new(0.0, 8.0, 0.0),
                pause: 2.0,
                speed: 4.0
            },
        ]
    );
    // The floor's lowest corner is its origin; its rail joins it in brick.
    let floor = &movers[1];
    assert_eq!(floor.home(), DVec3::new(7.0, 0.0, 3.0));
    let count = |block| floor.blocks().iter().filter(|b| b.block == block).count();
    assert_eq!((count(BlockId::SLAB), count(BlockId::BRICK)), (6, 3));
    assert!(floor.blocks().iter().any(|b| b.cell == IVec3::new(2, 0, 2)));
    // Where movers are drawn the world is air.
    for cell in [
        IVec3::new(1, 0, 1),
        IVec3::new(8, 0, 4),
        IVec3::new(9, 0, 5),
    ] {
        assert_eq!(world.block(cell), BlockId::AIR, "{cell}");
    }
    assert_eq!(world.block(IVec3::new(12, 0, 0)), BlockId::STONE);
}

#[test]
fn a_simulation_of_the_world_moves_its_movers() {
    let (world, movers) = lifts();
    let mut sim = Simulation::with_movers(world, movers, Settings::default()).unwrap();
    let rider = sim.add_body(Body::new(DVec3::new(1.5, 1.0, 1.5), Body::DEFAULT_SIZE).unwrap());
    for _ in 0..70 {
        sim.step(&[]).unwrap();
    }
    // One second's wait, two seconds up, waiting at the top.
    let (handle, lift) = sim.movers().iter().next().unwrap();
    assert_eq!(lift.position(), DVec3::new(0.0, 8.0, 0.0));
    let body = sim.body(rider).unwrap();
    assert_eq!(body.riding, Some(handle));
    assert!((body.feet().y - 9.0).abs() < 1e-6, "{}", body.feet().y);
}

#[test]
fn a_written_world_reads_back_with_the_same_movers() {
    let (world, movers) = lifts();
    let text = text_format::to_text(&world, &movers).unwrap();
    let registry = Arc::clone(BlockRegistry::built_in());
    let again = text_format::parse_within(&text, registry, ReadBudget::default()).unwrap();
    assert_eq!((again.world, again.movers), (world, movers), "{text}");
}

/// Reading a text world's blocks alone would leave its movers behind: the
/// readers that give a world alone refuse it, at its first `mover` line.
#[test]
fn a_world_read_alone_never_leaves_its_movers_behind() {
    let path = FilePath::new(env!("CARGO_MANIFEST_DIR")).join("worlds/lifts.vxw");
    let text = std::fs::read_to_string(&path).unwrap();
    let error = text_format::parse(&text).unwrap_err();
    assert!(
        matches!(
            error.problem,
            text_format::TextProblem::MoversLeftBehind { count: 2 }
        ),
        "{error}"
    );
    assert!(
        text.lines()
            .nth(error.line - 1)
            .unwrap()
            .starts_with("mover")
    );
    let loaded = load(&path, LoadOptions::default()).unwrap();
    assert_eq!(loaded.clone().into_world().unwrap_err().count, 2);
    assert_eq!(loaded.movers().len(), 2);
}

#[test]
fn formats_without_movers_refuse_a_world_that_has_them() {
    let (world, movers) = lifts();
    let dir = temp_dir::Dir::new("binary_refuses_movers");
    let target = dir.path().join("lifts.vxb");
    let error = save(&world, &movers, &target).unwrap_err().to_string();
    assert!(error.contains("2 movers"), "{error}");
    assert!(!target.exists(), "nothing is written");
}

#[test]
fn movers_that_cannot_be_drawn_are_refused_not_written() {
    // One that has moved: a text world holds where movers start.
    let (world, movers) = lifts();
    let mut sim =
        Simulation::with_movers(world.clone(), movers.clone(), Settings::default()).unwrap();
    for _ in 0..30 {
        sim.step(&[]).unwrap();
    }
    let moved: Vec<Mover> = sim.movers().iter().map(|(_, m)| m.clone()).collect();
    assert_eq!(
        text_format::to_text(&world, &moved),
        Err(text_format::TextWriteError::MoverUnderway { mover: 0 })
    );
    // One drawn over a block of the world.
    let mut over = world;
    over.set_block(IVec3::new(1, 0, 1), BlockId::DIRT);
    assert_eq!(
        text_format::to_text(&over, &movers),
        Err(text_format::TextWriteError::MoverOverlaps {
            mover: 0,
            cell: [1, 0, 1]
        })
    );
}

/// (text, line, column, what the message says)
const MISTAKES: &[(&str, usize, usize, &str)] = &[
    (
        "mover L stone speed 1 to 0 0 0 to 0 1 0\nlayer 0\n|#|",
        2,
        7,
        "at least one block",
    ),
    ("mover L cheese\nlayer 0\n|L|", 2, 9, "unknown block name"),
    (
        "mover L stone\nmover r brick joins Q\nlayer 0\n|Lr|",
        3,
        21,
        "draws no mover",
    ),
    (
        "mover L stone sideways\nlayer 0\n|L|",
        2,
        15,
        "unknown word",
    ),
    (
        "mover L stone velocity 5000 0 0\nlayer 0\n|L|",
        2,
        7,
        "5000 is outside",
    ),
    (
        "mover L stone\nlayer 0\n|L|\nlayer 0\n|L|",
        2,
        7,
        "given twice",
    ),
    (
        "mover L stone\nlayer 0\n|L|\nlayer 300\n|L|",
        2,
        7,
        "span 301 blocks",
    ),
    (
        "mover L stone speed 0 to 0 0 0 to 1 0 0\nlayer 0\n|L|",
        2,
        23,
        "speed 0 must be above 0",
    ),
    (
        "mover L stone at 2e9 0 0\nlayer 0\n|L|",
        2,
        7,
        "out of range",
    ),
];

#[test]
fn mistakes_in_movers_name_their_line_and_column() {
    for &(body, line, column, says) in MISTAKES {
        let text = format!("voxwalk-world 1\n{body}\nend\n");
        let error = text_format::parse(&text).unwrap_err();
        let message = error.to_string();
        assert_eq!(
            (error.line, error.column),
            (line, column),
            "{body}: {message}"
        );
        assert!(message.contains(says), "{body}: {message}");
    }
}

#[test]
fn mover_cells_count_against_the_read_budget() {
    let row = format!("|{}|\n", "L".repeat(200));
    let text = format!(
        "voxwalk-world 1\nmover L stone\nlayer 0\n{}end\n",
        row.repeat(200)
    );
    let registry = Arc::clone(BlockRegistry::built_in());
    let whole = text_format::parse_within(&text, registry.clone(), ReadBudget::default()).unwrap();
    assert_eq!(whole.movers[0].blocks().len(), 40_000);
    let refused =
        text_format::parse_within(&text, registry.clone(), ReadBudget::new(200_000)).unwrap_err();
    assert!(
        matches!(refused.problem, text_format::TextProblem::OverBudget(_)),
        "{refused}"
    );
    // Charged at what the movers really hold: a budget below the text and
    // the movers built is refused (cells were charged a quarter of it).
    let built = text.len()
        + whole.world.storage_bytes()
        + whole.movers.iter().map(Mover::storage_bytes).sum::<usize>();
    let short = ReadBudget::new(built as u64 * 9 / 10);
    assert!(text_format::parse_within(&text, registry, short).is_err());
}

/// A scenario of many large `[[mover]]` tables (40 of 65,536 cells, a few
/// hundred megabytes built) is refused under a read budget of 100 MB, naming
/// the table, before the movers are built.
#[test]
fn mover_tables_count_against_the_read_budget() {
    let table =
        "[[mover]]\nblock = \"stone\"\nat = [0, 10, 0]\nfill = [[0, 0, 0], [255, 0, 255]]\n";
    let text = format!(
        "model = \"{}\"\nworld = \"../walls_and_corners.vxw\"\nspawn = [0.5, 1, 0.5]\ninputs = \"2 idle\"\n{}",
        voxwalk::controller::MODEL,
        table.repeat(40)
    );
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("worlds/scenarios/tables.toml");
    let error = voxwalk::scenario::Scenario::parse_within(&text, &path, ReadBudget::new(100 << 20))
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("mover") && error.contains("read budget"),
        "{error}"
    );
}

#[test]
fn a_mover_holds_at_most_its_limit_of_cells_and_the_file_says_where() {
    let row = format!("|{}|\n", "L".repeat(256));
    let text = format!(
        "voxwalk-world 1\nmover L stone\nlayer 0\n{}end\n",
        row.repeat(257)
    );
    let error = text_format::parse(&text).unwrap_err();
    assert_eq!((error.line, error.column), (4 + 256, 2), "{error}");
    assert!(matches!(
        error.problem,
        text_format::TextProblem::Mover(MoverError::TooManyBlocks { .. })
    ));
}

/// A mover of random blocks and drive at a random place, as a game could
/// make one in code.
fn any_mover() -> impl Strategy<Value = Mover> {
    let block = prop::sample::select(vec![
        BlockId::STONE,
        BlockId::SLAB,
        BlockId::BRICK,
        BlockId::POST,
        BlockId::GLASS,
    ]);
    let cells = prop::collection::btree_map((0..4i32, 0..3i32, 0..4i32), block, 1..20);
    let home = (0.0..5.0f64, -5.0..5.0f64, -3.0..3.0f64);
    let waypoint = (-30.0..30.0f64, 0.1..20.0f64, 0.0..3.0f64);
    let drive = prop_oneof![
        Just(None),
        (-20.0..20.0f64, -20.0..20.0f64).prop_map(|(x, y)| Some((x, y))),
    ];
    let ends = prop::sample::select(vec![PathEnds::Once, PathEnds::Loop, PathEnds::PingPong]);
    (
        cells,
        home,
        prop::collection::vec(waypoint, 2..5),
        drive,
        ends,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(cells, (x, y, z), waypoints, velocity, ends, through, report)| {
                let blocks = cells
                    .into_iter()
                    .map(|((x, y, z), b)| (IVec3::new(x, y, z), b));
                let mut mover =
                    Mover::new(BlockRegistry::built_in(), blocks, DVec3::new(x, y, z)).unwrap();
                mover.drive = if let Some((vx, vy)) = velocity {
                    Drive::Velocity(DVec3::new(vx, vy, 0.0))
                } else {
                    let points = waypoints
                        .into_iter()
                        .map(|(offset, speed, pause)| Waypoint {
                            offset: DVec3::new(offset, offset / 3.0, 0.0),
                            speed,
                            pause,
                        })
                        .collect();
                    Drive::Path(Path::new(points, ends).unwrap())
                };
                mover.through_blocks = through;
                mover.on_crush = if report {
                    CrushRule::Report
                } else {
                    CrushRule::Stop
                };
                mover
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any movers a game makes, apart from one another and from the world's
    /// blocks, are written and read back exactly (positions, blocks, paths,
    /// rules).
    #[test]
    fn movers_made_in_code_round_trip_through_text(movers in prop::collection::vec(any_mover(), 1..4)) {
        let mut world = World::new();
        world.fill(IVec3::new(-3, -20, -3), IVec3::new(3, -18, 3), BlockId::DIRT);
        // Ten blocks apart, so no two overlap.
        let movers: Vec<Mover> = movers
            .into_iter()
            .enumerate()
            .map(|(k, mover)| mover.shifted(DVec3::new(10.0 * k as f64, 0.0, 0.0)).unwrap())
            .collect();
        let text = text_format::to_text(&world, &movers).unwrap();
        let registry = Arc::clone(BlockRegistry::built_in());
        let again = text_format::parse_within(&text, registry, ReadBudget::default()).unwrap();
        prop_assert_eq!((again.world, again.movers), (world, movers));
    }
}
