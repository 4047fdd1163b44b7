//! Steps the controller makes only from rest: a plan's checking walk that
//! cannot make one with the way the body comes to it marks it
//! ([`Step::brake`](voxwalk::navigate::Step::brake)), and the follower
//! stops the body before it, so the plan is still walked in its ticks.

mod support;

use glam::IVec3;
use support::walking::{Walked, settled, walk};
use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Settings};
use voxwalk::navigate::{Goal, Planner, StepKind};
use voxwalk::world::World;

/// A strip to start on, a gap of 1, a landing 3 long, a gap of 4, and a
/// pillar one block across: the goal.
fn two_leaps() -> (World, IVec3) {
    let mut world = World::new();
    world.fill(IVec3::new(0, 10, 0), IVec3::new(4, 10, 0), BlockId::STONE);
    world.fill(IVec3::new(6, 10, 0), IVec3::new(8, 10, 0), BlockId::STONE);
    world.set_block(IVec3::new(13, 10, 0), BlockId::STONE);
    (world, IVec3::new(13, 11, 0))
}

/// The second leap, over four, has a block of run-up after the first: made
/// with the speed the first landed with, it is not made; from rest, it is. The plan brakes before it, and the
/// follower walks it in the plan's ticks; the same steps without the brake
/// are not made.
#[test]
fn a_leap_made_only_from_rest_is_braked_for_and_walked_in_its_ticks() {
    let (world, goal) = two_leaps();
    let body = settled(&world, 0.5, 0.5, 11.0, Body::DEFAULT_SIZE);
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let plan = planner.plan(&world, &body, Goal::Cell(goal)).unwrap();
    assert!(plan.complete, "{plan:?}");
    let braked: Vec<_> = plan.steps.iter().filter(|s| s.brake).collect();
    assert_eq!(braked.len(), 1, "{plan:?}");
    assert!(matches!(braked[0].kind, StepKind::Leap { .. }), "{plan:?}");

    let walked = walk(&world, &mut body.clone(), &plan, 400);
    assert_eq!(walked, Walked::Arrived { ticks: plan.ticks });

    let mut unbraked = plan.clone();
    for step in &mut unbraked.steps {
        step.brake = false;
    }
    let walked = walk(&world, &mut body.clone(), &unbraked, 400);
    assert!(
        matches!(walked, Walked::Stuck { .. } | Walked::OutOfTime),
        "made without braking: {walked:?}"
    );
}
