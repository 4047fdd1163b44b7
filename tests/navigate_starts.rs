//! Plans from wherever a body is: falling from high up, standing on the
//! edge of a hole or a slab, afloat in deep water, inside a one-way plank,
//! inside a fence on a collision layer it passes. Each gets a plan whose
//! first part brings it to rest at the nearest place, walked to the goal
//! in exactly the plan's ticks.

mod support;

use glam::{DVec3, IVec3};
use proptest::prelude::*;
use support::fences::{Blocks, register};
use support::walking::{Walked, walk};
use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Controller, Input, Settings};
use voxwalk::navigate::{Goal, Planner};
use voxwalk::world::World;

/// A floor 32 × 32 with a one-wide hole 3 deep at (10, 10), a slab at
/// (15, 15), a pond 4 deep over (20..=24, 4..=8), a one-way walkway
/// (planks from 0.75 to 1.0 of their cells) over (3..=8, 1, 25) and a
/// fence on collision layer 1 over (26, 1, 14..=18).
fn yard() -> World {
    let mut world = World::new();
    let Blocks {
        fence,
        plank: walkway,
    } = register(&mut world);
    world.fill(IVec3::new(0, -5, 0), IVec3::new(31, 0, 31), BlockId::STONE);
    world.fill(IVec3::new(10, -2, 10), IVec3::new(10, 0, 10), BlockId::AIR);
    world.set_block(IVec3::new(15, 1, 15), BlockId::SLAB);
    world.fill(IVec3::new(20, -3, 4), IVec3::new(24, 0, 8), BlockId::WATER);
    world.fill(IVec3::new(3, 1, 25), IVec3::new(8, 1, 25), walkway);
    world.fill(IVec3::new(26, 1, 14), IVec3::new(26, 1, 18), fence);
    world
}

/// Where a body starts: its feet, and ticks it is let lie with no keys
/// first (standing on an edge, afloat), or none (falling).
#[derive(Clone, Copy, Debug)]
enum Start {
    Falling {
        x: f64,
        z: f64,
        height: f64,
    },
    HoleEdge {
        off: f64,
    },
    SlabEdge {
        off: f64,
    },
    Afloat {
        x: f64,
        z: f64,
    },
    /// Feet inside the walkway's planks (jumped up into them): it falls
    /// back through.
    InPlank {
        x: f64,
        y: f64,
    },
    /// A body meeting layer 0 alone, standing in the fence's row.
    InFence {
        z: f64,
    },
}

fn body_at(world: &World, start: Start) -> Body {
    let (feet, ticks) = match start {
        Start::Falling { x, z, height } => (DVec3::new(x, 1.0 + height, z), 0),
        Start::HoleEdge { off } => (DVec3::new(10.5 + off, 1.0, 10.5), 5),
        Start::SlabEdge { off } => (DVec3::new(16.0 + off, 1.5, 15.5), 5),
        Start::Afloat { x, z } => (DVec3::new(x, 0.6, z), 2),
        Start::InPlank { x, y } => (DVec3::new(x, y, 25.5), 0),
        Start::InFence { z } => (DVec3::new(26.5, 1.0, z), 2),
    };
    let mut body = Body::new(feet, Body::DEFAULT_SIZE).unwrap();
    if let Start::InFence { .. } = start {
        body = body.with_layers(1, 1);
    }
    let mut controller = Controller::new(Settings::default()).unwrap();
    let mut events = Vec::new();
    for _ in 0..ticks {
        controller
            .tick(world, &mut body, Input::IDLE, &mut events)
            .unwrap();
    }
    body
}

fn start() -> impl Strategy<Value = Start> {
    prop_oneof![
        (1.5..30.5, 1.5..30.5, 2.0..50.0).prop_map(|(x, z, height)| Start::Falling {
            x,
            z,
            height
        }),
        prop_oneof![0.42..0.75, -0.75..-0.42].prop_map(|off| Start::HoleEdge { off }),
        (0.05..0.28).prop_map(|off| Start::SlabEdge { off }),
        (20.2..24.8, 4.2..8.8).prop_map(|(x, z)| Start::Afloat { x, z }),
        (3.3..8.7, 1.76..1.99).prop_map(|(x, y)| Start::InPlank { x, y }),
        (14.2..18.8).prop_map(|z| Start::InFence { z }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("VOXWALK_PROPTEST_CASES").map_or(24, |s| s.parse().unwrap())
    ))]

    /// Every start gets a complete plan to a corner of the yard, walked
    /// there in exactly its ticks, never inside a block.
    #[test]
    fn a_body_anywhere_gets_a_plan_and_walks_it(start in start(), corner in 0..4usize) {
        let world = yard();
        let mut body = body_at(&world, start);
        let goal = [IVec3::new(2, 1, 2), IVec3::new(29, 1, 2), IVec3::new(2, 1, 29),
            IVec3::new(29, 1, 29)][corner];
        let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
        let plan = planner.plan(&world, &body, Goal::Cell(goal));
        let plan = plan.map_err(|e| TestCaseError::fail(format!("{start:?}: {e}")))?;
        prop_assert!(plan.complete, "{start:?}: {plan:?}");
        let walked = walk(&world, &mut body, &plan, 2000);
        prop_assert_eq!(walked, Walked::Arrived { ticks: plan.ticks }, "{:?}", start);
        prop_assert_eq!(body.feet().floor().as_ivec3(), goal);
    }
}
