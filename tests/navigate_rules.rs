//! The body's own collision rules in its plans: a fence on a collision
//! layer is planned through by a body that passes it and round by one it
//! stops, alone and in one crowd; a one-way walkway is jumped up through
//! and stood on.

mod support;

use glam::IVec3;
use support::fences::register;
use support::walking::{Walked, settled, walk};
use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Settings, Simulation};
use voxwalk::navigate::{CoarseLayer, Crowd, CrowdEvent, Goal, LayerShape, PlanError, Planner};
use voxwalk::world::World;

/// A field 31 × 24 of stone, cut across at x = 15 by a fence on collision
/// layer 1 (bit 2) from z = 0 to z = 21, open at z = 22 and 23.
fn fenced_field() -> (World, BlockId) {
    let mut world = World::new();
    let fence = register(&mut world).fence;
    world.fill(IVec3::new(0, 0, 0), IVec3::new(30, 0, 23), BlockId::STONE);
    world.fill(IVec3::new(15, 1, 0), IVec3::new(15, 1, 21), fence);
    (world, fence)
}

const ACROSS: Goal = Goal::Cell(IVec3::new(27, 1, 3));

/// A body meeting layer 0 alone (a ghost the fence lets through), at rest
/// at (3.5, `z`).
fn ghost_at(world: &World, z: f64) -> Body {
    settled(world, 3.5, z, 1.0, Body::DEFAULT_SIZE).with_layers(1, 1)
}

fn ghost(world: &World) -> Body {
    ghost_at(world, 3.5)
}

/// The ghost's plan crosses the fence's row; a body meeting every layer
/// goes round by the opening; each is walked in exactly its ticks, never
/// inside a block it meets.
#[test]
fn a_layer_fence_is_planned_through_by_those_it_lets_pass_and_round_by_the_rest() {
    let (world, _) = fenced_field();
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let mut through = ghost(&world);
    let straight = planner.plan(&world, &through, ACROSS).unwrap();
    assert_eq!(planner.collision_mask(), 1);
    let mut round = settled(&world, 3.5, 3.5, 1.0, Body::DEFAULT_SIZE);
    let detour = planner.plan(&world, &round, ACROSS).unwrap();
    assert_eq!(planner.collision_mask(), u32::MAX);
    assert!(straight.complete && detour.complete);
    let furthest = |plan: &voxwalk::navigate::Plan| plan.steps.iter().map(|s| s.to.cell.z).max();
    assert!(furthest(&straight) < Some(10), "{straight:?}");
    assert!(furthest(&detour) >= Some(22), "{detour:?}");
    assert!(
        straight.ticks * 3 < detour.ticks * 2,
        "{} {}",
        straight.ticks,
        detour.ticks
    );
    let walked = walk(&world, &mut through, &straight, 2000);
    assert_eq!(
        walked,
        Walked::Arrived {
            ticks: straight.ticks
        }
    );
    let walked = walk(&world, &mut round, &detour, 2000);
    assert_eq!(
        walked,
        Walked::Arrived {
            ticks: detour.ticks
        }
    );
    // The ghost's plan again, after the other's: the same (the step
    // memory keeps each mask's checks apart).
    let again = planner.plan(&world, &ghost(&world), ACROSS).unwrap();
    assert_eq!(again.steps, straight.steps);
}

/// One crowd, both kinds of body: each planned by its own rules (a planner
/// per mask), both arrive, the ghost first, in two thirds of the time.
#[test]
fn a_crowd_plans_each_member_by_its_own_rules() {
    let (world, _) = fenced_field();
    let mut sim = Simulation::new(world.clone(), Settings::default()).unwrap();
    let mut crowd = Crowd::new();
    let person = sim.add_body(settled(&world, 3.5, 3.5, 1.0, Body::DEFAULT_SIZE));
    let ghost = sim.add_body(ghost_at(&world, 5.5));
    crowd.send(person, ACROSS);
    crowd.send(ghost, Goal::Cell(IVec3::new(27, 1, 5)));
    let mut arrived = Vec::new();
    let mut events = Vec::new();
    for tick in 0..1000 {
        let inputs = crowd.inputs(&mut sim, &mut events).to_vec();
        for &(handle, event) in &events {
            if event == CrowdEvent::Arrived {
                arrived.push((handle, tick));
            }
        }
        sim.step(&inputs).unwrap();
    }
    let order: Vec<_> = arrived.iter().map(|&(h, _)| h).collect();
    assert_eq!(order, vec![ghost, person], "{arrived:?}");
    // Through the fence, it takes about half the way round.
    assert!(arrived[0].1 * 3 < arrived[1].1 * 2, "{arrived:?}");
}

/// A coarse layer is built for one mask: a body meeting others is refused
/// with an error naming both, not planned for by the wrong rules.
#[test]
fn a_coarse_layer_refuses_a_body_of_other_rules() {
    let (world, _) = fenced_field();
    let planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE)
        .unwrap()
        .meeting(1);
    let mut layer = CoarseLayer::new(planner, LayerShape::new(0, 8).with_cluster_size(8));
    let plan = layer.plan(&world, &ghost(&world), ACROSS).unwrap();
    assert!(plan.complete && plan.steps.iter().all(|s| s.to.cell.z < 10));
    let person = settled(&world, 3.5, 3.5, 1.0, Body::DEFAULT_SIZE);
    let refused = layer.plan(&world, &person, ACROSS).unwrap_err();
    assert_eq!(
        refused,
        PlanError::OtherMask {
            body: u32::MAX,
            layer: 1
        }
    );
    assert!(refused.to_string().ends_with("built for 0b1"), "{refused}");
}

/// A walkway of one-way planks (0.75 to 1.0 of their cells) a block up:
/// the plan jumps up through it from beside it and stands on it, walked in
/// exactly its ticks.
#[test]
fn a_one_way_walkway_is_jumped_up_through_and_stood_on() {
    let mut world = World::new();
    let walkway = register(&mut world).plank;
    world.fill(IVec3::new(0, 0, 0), IVec3::new(12, 0, 6), BlockId::STONE);
    world.fill(IVec3::new(6, 1, 0), IVec3::new(12, 1, 6), walkway);
    let mut body = settled(&world, 1.5, 3.5, 1.0, Body::DEFAULT_SIZE);
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let goal = Goal::Cell(IVec3::new(10, 2, 3));
    let plan = planner.plan(&world, &body, goal).unwrap();
    assert!(plan.complete, "{plan:?}");
    let walked = walk(&world, &mut body, &plan, 1000);
    assert_eq!(walked, Walked::Arrived { ticks: plan.ticks });
    assert!((body.feet().y - 2.0).abs() < 1e-6, "{:?}", body.feet());
}
