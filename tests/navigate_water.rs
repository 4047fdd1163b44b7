//! Water wider than one swim: places afloat chain a swim across a lake of
//! any width and along a river with its current, each plan walked alone in
//! exactly its predicted ticks.

mod support;

use glam::{DVec3, IVec3};
use support::flowing_water::flowing_water;
use support::walking::{Walked, settled, walk};
use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Settings};
use voxwalk::navigate::{CoarseLayer, Goal, LayerShape, Planner, StepKind};
use voxwalk::world::World;

/// Banks of stone either side of a lake `wide` columns across (along x)
/// and 24 along z, five deep: the banks' places are at y = 6, the water's
/// top cell at y = 5.
fn lake(wide: i32) -> World {
    let mut world = World::new();
    world.fill(
        IVec3::new(0, 0, 0),
        IVec3::new(wide + 10, 5, 24),
        BlockId::STONE,
    );
    world.fill(
        IVec3::new(5, 1, 0),
        IVec3::new(4 + wide, 5, 24),
        BlockId::WATER,
    );
    world
}

fn swum_across(wide: i32) {
    let world = lake(wide);
    let mut body = settled(&world, 2.5, 12.5, 7.0, Body::DEFAULT_SIZE);
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let goal = Goal::Cell(IVec3::new(wide + 7, 6, 12));
    let plan = planner.plan(&world, &body, goal).unwrap();
    assert!(plan.complete, "{wide} wide: {plan:?}");
    let afloat = plan.steps.iter().filter(|s| s.to.afloat).count();
    assert!(
        afloat >= usize::try_from(wide).unwrap() - 16,
        "{wide} wide: {afloat} places afloat"
    );
    assert!(
        plan.steps
            .iter()
            .all(|s| !s.to.afloat || s.kind == StepKind::Swim)
    );
    if wide <= 40 {
        // Over a coarse layer (its clusters hold the places afloat and the
        // swims between them): the same plan.
        let planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
        let mut layer = CoarseLayer::new(planner, LayerShape::new(0, 8).with_cluster_size(8));
        let over_the_layer = layer.plan(&world, &body, goal).unwrap();
        assert_eq!(over_the_layer.steps, plan.steps);
    }
    let walked = walk(&world, &mut body, &plan, 20_000);
    assert_eq!(walked, Walked::Arrived { ticks: plan.ticks }, "{wide} wide");
    println!(
        "{wide} wide: {} steps ({afloat} afloat), {} ticks, {} work, {} places",
        plan.steps.len(),
        plan.ticks,
        plan.work,
        plan.nodes
    );
}

#[test]
fn a_lake_40_wide_is_swum_across() {
    swum_across(40);
}

#[test]
fn a_lake_200_wide_is_swum_across() {
    swum_across(200);
}

/// A river 100 columns long (x = 5 to 104) and five wide in a cutting too
/// deep to climb out of: sources four deep under a top of flowing water
/// whose level falls along x, seven columns at a time (Minecraft's levels 1
/// to 7), so that its current runs along x; a landing past its end.
fn river() -> World {
    let mut world = World::new();
    let flowing = flowing_water(&mut world);
    world.fill(IVec3::new(0, 0, 0), IVec3::new(114, 8, 20), BlockId::STONE);
    world.fill(IVec3::new(3, 1, 8), IVec3::new(104, 8, 12), BlockId::AIR);
    world.fill(IVec3::new(3, 1, 8), IVec3::new(104, 4, 12), BlockId::WATER);
    for x in 3..=104 {
        let level = usize::try_from((x - 3) % 7).unwrap();
        world.fill(IVec3::new(x, 5, 8), IVec3::new(x, 5, 12), flowing[level]);
    }
    world.fill(IVec3::new(105, 6, 8), IVec3::new(112, 8, 12), BlockId::AIR);
    world
}

#[test]
fn a_river_is_swum_along_with_its_current() {
    let world = river();
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let goal = Goal::Cell(IVec3::new(108, 6, 10));
    let mut body = Body::new(DVec3::new(4.5, 5.5, 10.5), Body::DEFAULT_SIZE).unwrap();
    let plan = planner.plan(&world, &body, goal).unwrap();
    assert!(plan.complete, "{plan:?}");
    assert!(plan.start.afloat, "{:?}", plan.start);
    let afloat = plan.steps.iter().filter(|s| s.to.afloat).count();
    assert!(afloat >= 90, "{afloat} places afloat");
    let walked = walk(&world, &mut body, &plan, 20_000);
    assert_eq!(walked, Walked::Arrived { ticks: plan.ticks });
    println!(
        "river: {} steps ({afloat} afloat), {} ticks, {} work, {} places",
        plan.steps.len(),
        plan.ticks,
        plan.work,
        plan.nodes
    );
    // Still water the same length takes longer: the current carries.
    let mut still = world.clone();
    still.fill(IVec3::new(3, 5, 8), IVec3::new(104, 5, 12), BlockId::WATER);
    let body = Body::new(DVec3::new(4.5, 5.5, 10.5), Body::DEFAULT_SIZE).unwrap();
    let slow = planner.plan(&still, &body, goal).unwrap();
    assert!(slow.complete);
    println!("still: {} ticks", slow.ticks);
    assert!(
        slow.ticks > plan.ticks,
        "{} against {}",
        slow.ticks,
        plan.ticks
    );
}
