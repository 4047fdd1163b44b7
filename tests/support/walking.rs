//! Walking a plan in a test: a follower drives a body along it, tick by
//! tick, and no tick may leave the body inside a block it meets.

use glam::DVec3;
use voxwalk::controller::{Body, Controller, Input, Settings};
use voxwalk::navigate::{FollowEvent, Follower, Plan, StuckReason};
use voxwalk::resolver::{CollisionFilter, Filtered};
use voxwalk::world::World;

use super::reference_resolver::overlaps_solid;

/// What walking a plan came to.
#[derive(Debug, PartialEq)]
pub enum Walked {
    Arrived { ticks: u32 },
    Stuck { ticks: u32, why: StuckReason },
    OutOfTime,
}

/// Walks `plan` with a follower from `body`, checking every tick that the
/// body is inside no block.
pub fn walk(world: &World, body: &mut Body, plan: &Plan, limit: u32) -> Walked {
    let mut controller = Controller::new(Settings::default()).unwrap();
    let mut follower = Follower::new(plan, body.feet(), 0.6);
    let mut events = Vec::new();
    for tick in 0..limit {
        let (input, event) = follower.input(body);
        match event {
            Some(FollowEvent::Arrived) => return Walked::Arrived { ticks: tick },
            Some(FollowEvent::Stuck(why)) => return Walked::Stuck { ticks: tick, why },
            _ => {}
        }
        if follower.done() {
            return Walked::Arrived { ticks: tick };
        }
        events.clear();
        controller.tick(world, body, input, &mut events).unwrap();
        assert!(
            !overlaps_what_it_meets(world, body),
            "tick {tick}: {:?}",
            body.aabb
        );
    }
    Walked::OutOfTime
}

/// Whether `body` overlaps a block it meets: one on a collision layer in
/// its mask, and a one-way block only where its feet are on its top or
/// above.
fn overlaps_what_it_meets(world: &World, body: &Body) -> bool {
    let filter = CollisionFilter {
        mask: body.collision_mask,
        feet: Some(body.feet().y),
        ..CollisionFilter::ALL
    };
    overlaps_solid(&Filtered::new(world, filter), &body.aabb)
}

/// A body of `size` at rest on whatever is under `(x, z)`.
pub fn settled(world: &World, x: f64, z: f64, top: f64, size: DVec3) -> Body {
    let mut body = Body::new(DVec3::new(x, top, z), size).unwrap();
    let mut controller = Controller::new(Settings::default()).unwrap();
    let mut events = Vec::new();
    for _ in 0..80 {
        controller
            .tick(world, &mut body, Input::IDLE, &mut events)
            .unwrap();
    }
    body
}
