//! What a plan pays beyond ticks: lava is gone round where a way round
//! exists, and crossed only where none does; a game's cost for a block
//! type changes the plan; slowing blocks already cost the ticks their
//! checks take.

mod support;

use glam::IVec3;
use support::walking::{Walked, settled, walk};
use voxwalk::block::{BlockId, BlockType, PropertyValue};
use voxwalk::controller::{Body, Settings};
use voxwalk::navigate::{Goal, Plan, Planner};
use voxwalk::world::World;

/// A field 21 × `deep` of stone with a strip of lava one deep on it, three
/// wide (x = 9 to 11), from z = 0 to z = `strip` - 1 (the whole field
/// where `strip` is `deep`: no way round).
fn lava_field(deep: i32, strip: i32) -> (World, BlockId) {
    let mut world = World::new();
    world.fill(
        IVec3::new(0, 0, 0),
        IVec3::new(20, 0, deep - 1),
        BlockId::STONE,
    );
    let lava = BlockType::new("lava")
        .passable()
        .with_property("liquid_drag", PropertyValue::Number(0.5))
        .with_property("liquid_gravity", PropertyValue::Number(0.25))
        .with_property("lava", PropertyValue::Flag(true));
    let lava = world.register_block(lava).unwrap();
    if strip > 0 {
        world.fill(IVec3::new(9, 1, 0), IVec3::new(11, 1, strip - 1), lava);
    }
    (world, lava)
}

/// The cells of `plan`'s steps' ends that hold `block`, feet or head.
fn steps_in(world: &World, plan: &Plan, block: BlockId) -> usize {
    plan.steps
        .iter()
        .filter(|s| world.block(s.to.cell) == block || world.block(s.to.cell + IVec3::Y) == block)
        .count()
}

fn plan_across(world: &World, planner: &mut Planner) -> (Plan, Body) {
    let body = settled(world, 2.5, 2.5, 1.0, Body::DEFAULT_SIZE);
    let plan = planner
        .plan(world, &body, Goal::Cell(IVec3::new(18, 1, 2)))
        .unwrap();
    (plan, body)
}

/// With a way round, the plan goes round the lava; with lava costing
/// nothing, the same field is crossed through it (quicker); with no way
/// round, through it. Each plan is walked in exactly its ticks.
#[test]
fn lava_is_gone_round_where_a_way_round_exists_and_crossed_where_none_does() {
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let (world, lava) = lava_field(40, 37);
    let (round, mut body) = plan_across(&world, &mut planner);
    assert!(round.complete, "{round:?}");
    assert_eq!(steps_in(&world, &round, lava), 0, "{round:?}");
    assert!(
        round.steps.iter().any(|s| s.to.cell.z >= 37),
        "round the end"
    );
    let walked = walk(&world, &mut body, &round, 2000);
    assert_eq!(walked, Walked::Arrived { ticks: round.ticks });

    planner.costs.lava = 0;
    let (through, mut body) = plan_across(&world, &mut planner);
    assert!(through.complete);
    assert!(steps_in(&world, &through, lava) > 0, "{through:?}");
    assert!(through.ticks < round.ticks);
    let walked = walk(&world, &mut body, &through, 2000);
    assert_eq!(
        walked,
        Walked::Arrived {
            ticks: through.ticks
        }
    );

    planner.costs = voxwalk::navigate::PlaceCosts::default();
    let (world, lava) = lava_field(6, 6);
    let (only, mut body) = plan_across(&world, &mut planner);
    assert!(only.complete, "{only:?}");
    assert!(steps_in(&world, &only, lava) > 0, "{only:?}");
    let walked = walk(&world, &mut body, &only, 2000);
    assert_eq!(walked, Walked::Arrived { ticks: only.ticks });
}

/// Soul sand slows a walker: a plan across a strip of it takes the ticks
/// its checks took, more than the same field of stone, with no cost set;
/// a game's cost for sand sends the plan round a strip of sand.
#[test]
fn slowing_blocks_cost_their_ticks_and_a_games_cost_changes_the_plan() {
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let (stone, _) = lava_field(6, 0);
    let (plain, _) = plan_across(&stone, &mut planner);
    let mut slow = stone.clone();
    let soul_sand =
        BlockType::cube("soul_sand").with_property("speed_factor", PropertyValue::Number(0.4));
    let soul_sand = slow.register_block(soul_sand).unwrap();
    slow.fill(IVec3::new(6, 0, 0), IVec3::new(14, 0, 5), soul_sand);
    let (slowed, mut body) = plan_across(&slow, &mut planner);
    assert!(slowed.complete && plain.complete);
    assert!(
        slowed.ticks > plain.ticks + 10,
        "{} {}",
        slowed.ticks,
        plain.ticks
    );
    let walked = walk(&slow, &mut body, &slowed, 2000);
    assert_eq!(
        walked,
        Walked::Arrived {
            ticks: slowed.ticks
        }
    );

    let (mut sandy, _) = lava_field(14, 0);
    sandy.fill(IVec3::new(10, 0, 0), IVec3::new(10, 0, 9), BlockId::SAND);
    let (straight, _) = plan_across(&sandy, &mut planner);
    assert!(steps_in(&sandy, &straight, BlockId::SAND) == 0);
    assert!(
        straight
            .steps
            .iter()
            .any(|s| sandy.block(s.to.cell - IVec3::Y) == BlockId::SAND)
    );
    planner.costs.set_block(BlockId::SAND, 200);
    let (round, mut body) = plan_across(&sandy, &mut planner);
    assert!(round.complete);
    assert!(
        round
            .steps
            .iter()
            .all(|s| sandy.block(s.to.cell - IVec3::Y) != BlockId::SAND)
    );
    let walked = walk(&sandy, &mut body, &round, 2000);
    assert_eq!(walked, Walked::Arrived { ticks: round.ticks });
}
