//! Random movers (sizes, paths, speeds up to 20 blocks a second, either
//! rule for blocks and crushes) among random terrain, and bodies with random
//! keys, each case in both collision orders (voxwalk's exact one and
//! Minecraft's, `Settings::vanilla_collisions`): no body ever ends a tick
//! inside a block or a mover's box, nothing turns NaN, and a second run is
//! the same bit for bit.
//!
//! 64 cases by default; set `VOXWALK_PROPTEST_CASES` for a campaign
//! (`VOXWALK_PROPTEST_CASES=100000 cargo test --release --test mover_properties`).

mod support;
use support::cases::cases;

use proptest::prelude::*;
use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Input, Settings, Simulation};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::movers::{CrushRule, Drive, Mover, Path, PathEnds};
use voxwalk::resolver::TOUCH_TOLERANCE;
use voxwalk::world::{BlockSource, World, cell_containing};

/// Ticks each case runs.
const TICKS: usize = 60;

#[derive(Clone, Debug)]
struct MoverPlan {
    size: IVec3,
    slab: bool,
    at: IVec3,
    legs: Vec<IVec3>,
    speed: f64,
    pause: f64,
    ends: PathEnds,
    through_blocks: bool,
    report: bool,
}

fn mover_plan() -> impl Strategy<Value = MoverPlan> {
    (
        (1..4, 1..3, 1..4),
        any::<bool>(),
        (-6..6, 0..6, -6..6),
        prop::collection::vec((-6..7, -4..5, -6..7), 1..3),
        0.5f64..20.0,
        prop_oneof![Just(0.0), 0.0f64..1.0],
        prop_oneof![
            Just(PathEnds::Once),
            Just(PathEnds::Loop),
            Just(PathEnds::PingPong)
        ],
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(size, slab, at, legs, speed, pause, ends, through_blocks, report)| MoverPlan {
                size: IVec3::new(size.0, size.1, size.2),
                slab,
                at: IVec3::new(at.0, at.1, at.2),
                legs: legs
                    .into_iter()
                    .map(|(x, y, z)| IVec3::new(x, y, z))
                    .collect(),
                speed,
                pause,
                ends,
                through_blocks,
                report,
            },
        )
}

#[derive(Clone, Debug)]
struct Case {
    pillars: Vec<(i32, i32, i32)>,
    movers: Vec<MoverPlan>,
    bodies: Vec<(f64, f64, f64)>,
    keys: Vec<u8>,
}

fn case() -> impl Strategy<Value = Case> {
    (
        prop::collection::vec((-8..8, -8..8, 1..5), 0..10),
        prop::collection::vec(mover_plan(), 1..4),
        prop::collection::vec((-7.0f64..7.0, 0.0f64..8.0, -7.0f64..7.0), 1..4),
        prop::collection::vec(any::<u8>(), TICKS),
    )
        .prop_map(|(pillars, movers, bodies, keys)| Case {
            pillars,
            movers,
            bodies,
            keys,
        })
}

/// The world and the simulation a case describes; `None` when a body
/// starts inside a block or a mover.
fn build(case: &Case, vanilla: bool) -> Option<Simulation> {
    let mut world = World::new();
    world.fill(
        IVec3::new(-12, -1, -12),
        IVec3::new(12, -1, 12),
        BlockId::STONE,
    );
    for &(x, z, height) in &case.pillars {
        world.fill(
            IVec3::new(x, 0, z),
            IVec3::new(x, height - 1, z),
            BlockId::BRICK,
        );
    }
    let mut settings = Settings::default();
    settings.collisions.vanilla_order = vanilla;
    let mut sim = Simulation::new(world, settings).unwrap();
    for plan in &case.movers {
        let block = if plan.slab {
            BlockId::SLAB
        } else {
            BlockId::STONE
        };
        let mut cells = Vec::new();
        for x in 0..plan.size.x {
            for y in 0..plan.size.y {
                for z in 0..plan.size.z {
                    cells.push((IVec3::new(x, y, z), block));
                }
            }
        }
        let mut offsets = vec![DVec3::ZERO];
        let mut at = IVec3::ZERO;
        for leg in &plan.legs {
            at += *leg;
            offsets.push(at.as_dvec3());
        }
        let path = Path::straight(&offsets, plan.speed, plan.pause, plan.ends).unwrap();
        let mut mover = Mover::new(sim.world().registry(), cells, plan.at.as_dvec3())
            .unwrap()
            .with_drive(Drive::Path(path));
        mover.through_blocks = plan.through_blocks;
        mover.on_crush = if plan.report {
            CrushRule::Report
        } else {
            CrushRule::Stop
        };
        sim.add_mover(mover).unwrap();
    }
    for &(x, y, z) in &case.bodies {
        let body = Body::new(DVec3::new(x, y, z), Body::DEFAULT_SIZE).unwrap();
        if inside(&sim, &body.aabb).is_some() {
            return None;
        }
        sim.add_body(body);
    }
    Some(sim)
}

/// What `aabb` overlaps, if anything: a block of the world or a mover's box.
/// Minecraft's collision order lets a box end within its own tolerance of
/// what it touches (`VoxelShape.collide`'s 10⁻⁷), as `tests/vanilla_profile.rs`
/// allows; the exact order keeps the resolver's touch tolerance.
fn inside(sim: &Simulation, aabb: &voxwalk::geometry::Aabb) -> Option<String> {
    let tolerance = if sim.settings().collisions.vanilla_order {
        1.0e-7
    } else {
        TOUCH_TOLERANCE
    };
    let lo = cell_containing(aabb.min) - IVec3::ONE;
    let hi = cell_containing(aabb.max) + IVec3::ONE;
    let mut found = None;
    sim.world().for_each_solid_in(lo, hi, |cell, shape| {
        if shape.iter().any(|s| {
            s.translated(cell.as_dvec3())
                .overlaps_beyond(aabb, tolerance)
        }) {
            found = Some(format!("block {cell}"));
        }
    });
    for (handle, mover) in sim.movers().iter() {
        if mover
            .boxes()
            .any(|(b, _)| b.overlaps_beyond(aabb, tolerance))
        {
            found = Some(format!("{handle} at {}", mover.position()));
        }
    }
    found
}

fn key(byte: u8) -> Input {
    Input {
        north: byte & 1 != 0,
        south: byte & 2 != 0 && byte & 1 == 0,
        east: byte & 4 != 0,
        west: byte & 8 != 0 && byte & 4 == 0,
        jump: byte & 16 != 0,
        sneak: byte & 32 != 0,
        sprint: byte & 64 != 0,
        ..Input::IDLE
    }
}

/// Runs a case, checking every tick; returns the final state.
fn run(
    case: &Case,
    mut sim: Simulation,
) -> Result<voxwalk::controller::SimulationState, TestCaseError> {
    for (tick, &byte) in case.keys.iter().enumerate() {
        let inputs: Vec<Input> = (0..sim.bodies().len())
            .map(|i| key(byte.rotate_left(i as u32)))
            .collect();
        sim.step_in_order(&inputs).unwrap();
        for (index, body) in sim.bodies().iter().enumerate() {
            prop_assert!(
                body.aabb.is_valid() && body.momentum.is_finite(),
                "tick {tick}: body {index} is {body:?}"
            );
            if let Some(what) = inside(&sim, &body.aabb) {
                return Err(TestCaseError::fail(format!(
                    "tick {tick} (vanilla order: {}): body {index} at {:?} is inside {what}",
                    sim.settings().collisions.vanilla_order,
                    body.aabb
                )));
            }
        }
        for (_, mover) in sim.movers().iter() {
            prop_assert!(mover.position().is_finite());
        }
    }
    Ok(sim.state())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(64), ..ProptestConfig::default() })]

    #[test]
    fn no_body_ends_a_tick_inside_a_block_or_a_mover(case in case()) {
        for vanilla in [false, true] {
            let Some(sim) = build(&case, vanilla) else { return Ok(()); };
            let first = run(&case, sim)?;
            let again = run(&case, build(&case, vanilla).unwrap())?;
            prop_assert_eq!(first, again);
        }
    }
}
