//! The shortest working use of voxwalk in a game, as the README shows it.
//!
//! `cargo run --example shortest`

use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Controller, Input, Settings};
use voxwalk::glam::{DVec3, IVec3};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Your world: a closure, or your own chunk type behind `BlockSource`.
    let world = |c: IVec3| {
        if c.y == 0 {
            BlockId::STONE
        } else {
            BlockId::AIR
        }
    };
    let mut controller = Controller::new(Settings::default())?;
    let mut body = Body::new(DVec3::new(0.5, 1.0, 0.5), Body::DEFAULT_SIZE)?;
    let mut events = Vec::new();
    // Each fixed tick (1/20 s by default), for each of your characters:
    for _ in 0..20 {
        events.clear();
        let east = Input {
            east: true,
            ..Input::IDLE
        };
        controller.tick(&world, &mut body, east, &mut events)?;
    }
    // body.aabb, body.velocity, body.grounded are the new state; events say what happened.
    println!(
        "after a second: feet at {}, grounded {}",
        body.feet(),
        body.grounded
    );
    assert!(body.grounded && body.feet().x > 4.0);
    Ok(())
}
