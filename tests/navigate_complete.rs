//! A plan says it is complete only when its end reaches the goal: a plan
//! cut short after its checking walk failed (a body sliding on ice, a
//! current) is a partial plan, and what walks it says it arrived only
//! where the goal holds for the body.

mod support;

use glam::{DVec3, IVec3};
use proptest::prelude::*;
use support::cases::cases;
use support::flowing_water::flowing_water;
use support::terrain::hash;
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

/// A 24 × 24 yard of stone, ice and blue ice with water channels one deep
/// whose levels fall along them (currents), made from `seed`.
fn icy_currents(seed: u64) -> World {
    let mut world = World::new();
    let number = PropertyValue::Number;
    let ice = world
        .register_block(BlockType::cube("ice").with_property("slipperiness", number(0.98)))
        .unwrap();
    let blue = world
        .register_block(BlockType::cube("blue_ice").with_property("slipperiness", number(0.989)))
        .unwrap();
    let levels = flowing_water(&mut world);
    for x in 0..24 {
        for z in 0..24 {
            let floor = match hash(seed ^ (x * 31 + z) as u64) % 10 {
                0..=2 => ice,
                3 => blue,
                _ => BlockId::STONE,
            };
            world.set_block(IVec3::new(x, 0, z), floor);
        }
    }
    for channel in 0..3u64 {
        let r = hash(seed.wrapping_mul(7919) + channel);
        let (x0, z0) = ((r % 16) as i32, ((r >> 8) % 22) as i32);
        let along_x = (r >> 16) & 1 == 0;
        for k in 0..8 {
            for w in 0..2 {
                let cell = if along_x {
                    IVec3::new(x0 + k, 1, z0 + w)
                } else {
                    IVec3::new(z0 + w, 1, x0 + k)
                };
                let block = if k == 0 {
                    BlockId::WATER
                } else {
                    levels[k as usize - 1]
                };
                world.set_block(cell, block);
            }
        }
    }
    world
}

/// A start and a goal in the yard from `seed`: a body settled on the
/// ground and given a slide of up to 20 blocks a second, and a cell or a
/// radius somewhere on the yard.
fn sliding_request(world: &World, seed: u64) -> (Body, Goal) {
    let r = hash(seed);
    let column = |r: u64| (1 + (r % 22) as i32, 1 + ((r >> 8) % 22) as i32);
    let (start, goal) = (column(r), column(r >> 20));
    let mut body = settled(
        world,
        f64::from(start.0) + 0.5,
        f64::from(start.1) + 0.5,
        3.0,
        Body::DEFAULT_SIZE,
    );
    let speed = (hash(r) % 2001) as f64 / 100.0;
    let angle = (hash(r ^ 1) % 360) as f64 * std::f64::consts::PI / 180.0;
    body.momentum.x = speed * angle.cos();
    body.momentum.z = speed * angle.sin();
    let goal = if r >> 40 & 1 == 0 {
        Goal::Cell(IVec3::new(goal.0, 1, goal.1))
    } else {
        Goal::Near {
            point: DVec3::new(f64::from(goal.0) + 0.5, 1.0, f64::from(goal.1) + 0.5),
            radius: 1.5,
        }
    };
    (body, goal)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(256)))]

    /// Over ice and currents, a plan says complete only where its end
    /// holds the goal, and a crowd says a body arrived only on a tick
    /// where the goal holds for it.
    #[test]
    fn over_ice_and_currents_complete_and_arrived_are_the_goals_word(seed in any::<u64>()) {
        use voxwalk::controller::Simulation;
        use voxwalk::navigate::{Crowd, CrowdEvent};
        let world = icy_currents(seed);
        let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
        planner.work_budget = 100_000;
        let requests: Vec<(Body, Goal)> =
            (0..3).map(|k| sliding_request(&world, seed ^ k)).collect();
        for (body, goal) in &requests {
            if let Ok(plan) = planner.plan(&world, body, *goal) {
                prop_assert_eq!(plan.complete, ends_at_goal(&plan, body.feet(), *goal));
            }
        }
        let mut sim = Simulation::new(world, Settings::default()).unwrap();
        let mut crowd = Crowd::new();
        crowd.work_budget = 100_000;
        let members: Vec<_> = requests
            .iter()
            .map(|(body, goal)| {
                let handle = sim.add_body(*body);
                crowd.send(handle, *goal);
                (handle, *goal)
            })
            .collect();
        let mut events = Vec::new();
        for tick in 0..160 {
            let inputs = crowd.inputs(&mut sim, &mut events).to_vec();
            for &(handle, event) in &events {
                if event != CrowdEvent::Arrived {
                    continue;
                }
                let goal = members.iter().find(|m| m.0 == handle).unwrap().1;
                let feet = sim.body(handle).unwrap().feet();
                prop_assert!(
                    goal.reached(feet.floor().as_ivec3(), feet),
                    "tick {}: arrived at {} for {:?}", tick, feet, goal
                );
            }
            sim.step(&inputs).unwrap();
        }
    }
}
