//! A game's fixed-tick loop: physics at 20 ticks a second however fast frames
//! come, positions drawn between the last two ticks, several characters keyed
//! by the game's own entity ids, and events read each tick (a landing hard
//! enough to hurt, a wall bumped into).
//!
//! The game owns its entities; voxwalk's `Controller` ticks each one's body.
//!
//! `cargo run --example game_loop`

use std::collections::BTreeMap;

use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Controller, Event, Input, Settings};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::world::World;

/// The game's own id for a thing in the world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct EntityId(u32);

/// What the game keeps for a character.
struct Character {
    name: &'static str,
    /// Keeps where it was a tick ago too, to draw between ticks.
    body: Body,
    health: f64,
    /// What the character wants this tick (from a player or an AI).
    input: Input,
}

/// Landing faster than this hurts (blocks per second).
const SAFE_LANDING_SPEED: f64 = 12.0;

fn main() {
    let mut world = World::new();
    world.fill(
        IVec3::new(-20, 0, -20),
        IVec3::new(20, 0, 20),
        BlockId::STONE,
    );
    world.fill(IVec3::new(8, 1, -20), IVec3::new(8, 3, 20), BlockId::BRICK); // a wall

    let settings = Settings::default();
    let dt = 1.0 / settings.tick_rate;
    let mut controller = Controller::new(settings).expect("default settings are valid");

    // Entities in a BTreeMap: ticked in id order, so a replay is exact.
    let mut characters: BTreeMap<EntityId, Character> = BTreeMap::new();
    let spawn = |name, feet: DVec3, input| Character {
        name,
        body: Body::new(feet, Body::DEFAULT_SIZE).expect("a valid body"),
        health: 20.0,
        input,
    };
    let east = Input {
        east: true,
        ..Input::IDLE
    };
    // An analog stick tilted half way: half speed, north-east.
    let stick = Input {
        analog: voxwalk::glam::DVec2::new(0.3, -0.4),
        ..Input::IDLE
    };
    characters.insert(
        EntityId(7),
        spawn("runner", DVec3::new(0.5, 1.0, 0.5), east),
    );
    characters.insert(
        EntityId(3),
        spawn("jumper", DVec3::new(-5.5, 30.0, 0.5), Input::IDLE),
    );
    characters.insert(
        EntityId(12),
        spawn("stroller", DVec3::new(-10.5, 1.0, 5.5), stick),
    );

    // Frames of uneven length, as a real renderer gives them: 7, 16, 33 ms.
    let frame_times = [0.007, 0.016, 0.033];
    let mut accumulator = 0.0;
    let mut ticks = 0u32;
    let mut events = Vec::new();
    for frame in 0..240 {
        accumulator += frame_times[frame % frame_times.len()];
        while accumulator >= dt {
            accumulator -= dt;
            ticks += 1;
            for (id, c) in &mut characters {
                events.clear();
                controller
                    .tick(&world, &mut c.body, c.input, &mut events)
                    .expect("the move stays in range");
                for event in &events {
                    match *event {
                        Event::Landed { speed } if speed > SAFE_LANDING_SPEED => {
                            let damage = (speed - SAFE_LANDING_SPEED).round();
                            c.health -= damage;
                            println!(
                                "tick {ticks}: {id:?} {} lands at {speed:.1} b/s: -{damage} health",
                                c.name
                            );
                        }
                        Event::HitWall { normal } if c.input.east => {
                            println!(
                                "tick {ticks}: {id:?} {} hits a wall (normal {normal:?}) and stops",
                                c.name
                            );
                            c.input = Input::IDLE;
                        }
                        _ => {}
                    }
                }
            }
        }
        // Draw each character between its last two ticks.
        let alpha = accumulator / dt;
        if frame % 60 == 0 {
            for (id, c) in &characters {
                let drawn = c.body.interpolated(alpha).feet();
                println!(
                    "frame {frame:3} (alpha {alpha:.2}): {id:?} {:8} drawn at ({:6.2}, {:5.2}, {:6.2})",
                    c.name, drawn.x, drawn.y, drawn.z
                );
            }
        }
    }
    let runner = &characters[&EntityId(7)];
    let jumper = &characters[&EntityId(3)];
    let stroller = &characters[&EntityId(12)];
    println!("{ticks} ticks in 240 frames");
    assert!(runner.body.aabb.max.x <= 8.0, "the wall stops the runner");
    assert!(jumper.health < 20.0, "a 29-block fall hurts");
    assert!(jumper.body.grounded);
    // Half a stick walks at half the walking speed.
    let speed = stroller.body.velocity.x.hypot(stroller.body.velocity.z);
    assert!(
        (speed - 0.5 * Settings::default().walking.speed).abs() < 1e-9,
        "{speed}"
    );
}
