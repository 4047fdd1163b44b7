//! Passages too low to stand in: a player (1.8 high, 1.5 crouched) crosses
//! a corridor with a ceiling 1.5 above its floor crouching, in exactly the
//! plan's ticks (over a coarse layer too), and finds no way through one
//! lower than its crouch.

mod support;

use glam::{DVec3, IVec3};
use support::walking::{Walked, settled, walk};
use voxwalk::block::{BlockId, BlockType};
use voxwalk::controller::{Body, Settings};
use voxwalk::geometry::Aabb;
use voxwalk::navigate::{CoarseLayer, Goal, LayerShape, Planner, StepKind};
use voxwalk::world::World;

/// A strip 21 long and one wide between walls, with a ceiling over x = 5
/// to 14 whose underside is `room` above the floor.
fn corridor(room: f64) -> World {
    let mut world = World::new();
    let ceiling = world
        .register_block(
            BlockType::new("ceiling")
                .with_box(Aabb::new(DVec3::new(0.0, room - 1.0, 0.0), DVec3::ONE)),
        )
        .unwrap();
    world.fill(IVec3::new(0, 0, 0), IVec3::new(20, 0, 4), BlockId::STONE);
    world.fill(IVec3::new(0, 1, 1), IVec3::new(20, 3, 1), BlockId::BRICK);
    world.fill(IVec3::new(0, 1, 3), IVec3::new(20, 3, 3), BlockId::BRICK);
    world.fill(IVec3::new(5, 2, 2), IVec3::new(14, 2, 2), ceiling);
    world
}

const THROUGH: Goal = Goal::Cell(IVec3::new(19, 1, 2));

#[test]
fn a_corridor_a_crouch_fits_is_crossed_crouching() {
    let world = corridor(1.5);
    let mut body = settled(&world, 1.5, 2.5, 1.0, Body::DEFAULT_SIZE);
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let plan = planner.plan(&world, &body, THROUGH).unwrap();
    assert!(plan.complete, "{plan:?}");
    let crouch = plan
        .steps
        .iter()
        .find(|s| s.kind == StepKind::Crouch)
        .expect("a crouch");
    assert_eq!(crouch.to.cell, IVec3::new(15, 1, 2));
    println!("{} ticks, the crouch {}", plan.ticks, crouch.ticks);
    // Over a coarse layer (its clusters keep the crouch as a step): the
    // same plan.
    let planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let mut layer = CoarseLayer::new(planner, LayerShape::new(0, 8).with_cluster_size(8));
    let over_the_layer = layer.plan(&world, &body, THROUGH).unwrap();
    assert_eq!(over_the_layer.steps, plan.steps);
    let walked = walk(&world, &mut body, &plan, 2000);
    assert_eq!(walked, Walked::Arrived { ticks: plan.ticks });
}

#[test]
fn a_corridor_lower_than_a_crouch_has_no_way_through() {
    let world = corridor(1.2);
    let body = settled(&world, 1.5, 2.5, 1.0, Body::DEFAULT_SIZE);
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let plan = planner.plan(&world, &body, THROUGH).unwrap();
    assert!(!plan.complete, "{plan:?}");
    assert!(plan.end().cell.x <= 4, "{plan:?}");
}
