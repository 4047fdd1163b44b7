//! A plan says it is complete only when its end reaches the goal: a plan
//! cut short after its checking walk failed (a body sliding on ice, a
//! current) is a partial plan, and what walks it says it arrived only
//! where the goal holds for the body.

mod support;

use glam::{DVec3, IVec3};
use support::walking::settled;
use voxwalk::block::{BlockId, BlockType, PropertyValue};
use voxwalk::controller::{Body, Settings};
use voxwalk::navigate::{Goal, Plan, Planner};
use voxwalk::world::World;

/// A platform of blue ice (Minecraft's 0.989) over nothing, 32 long and 11
/// wide, its east edge at x = 2.
fn ice_platform() -> World {
    let mut world = World::new();
    let ice =
        BlockType::cube("blue_ice").with_property("slipperiness", PropertyValue::Number(0.989));
    let ice = world.register_block(ice).unwrap();
    world.fill(IVec3::new(-30, 0, -5), IVec3::new(1, 0, 5), ice);
    world
}

/// Whether `plan` for a body at `feet` ends where `goal` holds.
fn ends_at_goal(plan: &Plan, feet: DVec3, goal: Goal) -> bool {
    match plan.steps.last() {
        Some(step) => goal.reached(step.to.cell, step.to.feet),
        None => goal.reached(feet.floor().as_ivec3(), feet),
    }
}

/// A body sliding east on blue ice fast enough to go over the edge
/// whatever it does, planned for goals 10 and 20 blocks west: every
/// checking walk fails at its first step, the plan is cut to none, and it
/// is not complete. The build before said it was. Slower, the same plans
/// are walked and complete.
#[test]
fn a_plan_for_a_body_sliding_off_the_ice_is_complete_only_at_its_goal() {
    let world = ice_platform();
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    for speed in [5.0, 10.0, 20.0, 30.0] {
        let mut body = settled(&world, -2.5, 0.5, 1.0, Body::DEFAULT_SIZE);
        body.momentum.x = speed;
        for distance in [10, 20] {
            let feet = body.feet();
            let goal = Goal::Cell(IVec3::new(-2 - distance, 1, 0));
            let plan = planner.plan(&world, &body, goal).unwrap();
            assert_eq!(
                plan.complete,
                ends_at_goal(&plan, feet, goal),
                "{speed} blocks/s, goal {distance} west: {} steps",
                plan.steps.len(),
            );
            assert_eq!(
                plan.complete,
                speed < 20.0,
                "{speed} blocks/s, goal {distance} west"
            );
        }
    }
}

/// The same over stone: a body at rest is planned for as before, complete.
#[test]
fn a_body_at_rest_gets_complete_plans() {
    let mut world = World::new();
    world.fill(IVec3::new(-30, 0, -5), IVec3::new(1, 0, 5), BlockId::STONE);
    let body = settled(&world, -2.5, 0.5, 1.0, Body::DEFAULT_SIZE);
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let plan = planner
        .plan(&world, &body, Goal::Cell(IVec3::new(-22, 1, 0)))
        .unwrap();
    assert!(
        plan.complete && plan.end().cell == IVec3::new(-22, 1, 0),
        "{plan:?}"
    );
}

/// A crowd member sliding off the ice is not told it arrived: its plan is
/// empty and incomplete, so it has no way from there, and it is planned
/// for again after a wait, not on every tick. Once it has come down on
/// the ground below and walked, an arrival is one where its goal holds.
#[test]
fn a_crowd_says_arrived_only_where_the_goal_holds() {
    use voxwalk::controller::Simulation;
    use voxwalk::navigate::{Crowd, CrowdEvent};
    let mut world = ice_platform();
    // Ground below the platform to come down on.
    world.fill(
        IVec3::new(-30, -6, -5),
        IVec3::new(20, -6, 5),
        BlockId::STONE,
    );
    let mut body = settled(&world, -2.5, 0.5, 1.0, Body::DEFAULT_SIZE);
    body.momentum.x = 30.0;
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let handle = sim.add_body(body);
    let mut crowd = Crowd::new();
    let goal = Goal::Cell(IVec3::new(-12, 1, 0));
    crowd.send(handle, goal);
    let mut events = Vec::new();
    let (mut plans, mut arrived) = (0, 0);
    for tick in 0..20 {
        let inputs = crowd.inputs(&mut sim, &mut events).to_vec();
        for (_, event) in &events {
            match event {
                CrowdEvent::Arrived => arrived += 1,
                CrowdEvent::Planned { .. } | CrowdEvent::NoWay => plans += 1,
                CrowdEvent::Stuck(_) => {}
            }
        }
        let feet = sim.body(handle).unwrap().feet();
        assert!(
            arrived == 0 || goal.reached(feet.floor().as_ivec3(), feet),
            "tick {tick}: arrived at {feet}"
        );
        sim.step(&inputs).unwrap();
    }
    assert_eq!(arrived, 0);
    assert!(plans <= 2, "{plans} plans in a second");
}
