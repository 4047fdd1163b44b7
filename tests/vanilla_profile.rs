//! The controller in Minecraft's profile (20 ticks a second,
//! `Settings::vanilla_collisions`) against the client's whole tick among
//! blocks: the port of its motion (`support/minecraft_reference.rs`) moving
//! through the port of its collisions (`support/vanilla_client.rs`), in
//! random worlds of vanilla shapes with random keys. Every tick the feet and
//! the momentum agree within 1e-9, the ground and the sprint exactly; and in
//! either collision order no body ends a tick inside a block.
//!
//! The body agrees with the client within ulps, not to the bit (its
//! momentum is kept in blocks a second, for any tick rate), so where one of
//! the client's own choices turns on the last bit (a sprint into a wall
//! straight ahead; a step or an axis order between two moves equal but for
//! rounding) the two may part, and the case ends there: about one case in
//! two hundred (docs/determinism.md).
//!
//! The body has the client's box, `Body::MINECRAFT_SIZE` (0.6 by 1.8 as
//! floats, widened: `EntityDimensions`). Sneaking is left out: voxwalk's edge guard is its
//! own.

mod support;
use support::controls;

use std::cell::Cell;

use controls::{cases, input_from_bits};
use glam::DVec3;
use proptest::prelude::*;
use support::minecraft_reference::{FLOOR_TOP, Flat, Ground, Keys, Medium, Player};
use support::vanilla_client;
use support::vanilla_worlds::{ends_inside, registry, tiled_world_of};
use voxwalk::controller::{Body, Input, Settings, Simulation};
use voxwalk::geometry::Aabb;
use voxwalk::world::World;

/// The player's height as the client holds it (`EntityType.PLAYER`),
/// written apart from `Body::MINECRAFT_SIZE` (its width is
/// `vanilla_client::client_box`'s).
const HEIGHT: f32 = 1.8;
/// `maxUpStep`.
const STEP: f32 = 0.6;

/// The keys of `bits` (directions, jump, sprint) both ways.
fn keys_of(bits: u8) -> (Keys, Input) {
    let directions_and_jump = u16::from(bits & 0b1_1111);
    let sprint = if bits & 0b10_0000 != 0 { 64 } else { 0 };
    let input = input_from_bits(directions_and_jump | sprint);
    (Keys::of(&input), input)
}

/// Both run `segments` from `feet`; the first tick whose state differs, or
/// whose body ends inside a block, with what differs.
fn first_difference(world: &World, feet: DVec3, segments: &[(u8, u8)]) -> Option<String> {
    // The rules of the client's port: stone's friction and factors, air.
    let flat = Flat {
        ground: Ground::STONE,
        medium: Medium::Air,
        medium_top: FLOOR_TOP,
        pool: None,
    };
    let collision_by_rounding = Cell::new(false);
    let blocks = |pos: [f64; 3], movement: [f64; 3], on_ground: bool| {
        let mut by_rounding = false;
        let made = vanilla_client::collide_noting_rounding(
            world,
            &vanilla_client::client_box(pos, f64::from(HEIGHT)),
            DVec3::from_array(movement),
            on_ground,
            STEP,
            &mut by_rounding,
        );
        collision_by_rounding.set(by_rounding);
        made.to_array()
    };
    let mut settings = Settings::default();
    settings.collisions.vanilla_order = true;
    settings.walking.snap_to_ground = false;
    let mut sim = Simulation::new(world.clone(), settings).unwrap();
    let size = Body::MINECRAFT_SIZE;
    let h = sim.add_body(Body::new(feet, size).unwrap());
    let mut client = Player::falling(feet.to_array());
    if sim.body(h).unwrap().grounded {
        // Added standing on a block: as one that has stood there a tick.
        client.on_ground = true;
        client.delta[1] = -0.08 * f64::from(0.98_f32);
    }
    let mut tick = 0;
    for &(ticks, bits) in segments {
        let (keys, input) = keys_of(bits);
        for _ in 0..ticks {
            let sprint_by_rounding = client.minor_by_rounding;
            sim.step_in_order(&[input]).unwrap();
            client.tick_in(&flat, keys, Some(&blocks));
            let body = sim.body(h).unwrap();
            if ends_inside(world, &body.aabb) {
                return Some(format!("tick {tick}: inside a block at {:?}", body.aabb));
            }
            let ours = [body.feet(), body.momentum / 20.0];
            let theirs = [client.pos, client.delta].map(DVec3::from_array);
            let error = (ours[0] - theirs[0])
                .abs()
                .max((ours[1] - theirs[1]).abs())
                .max_element();
            // Where one of the client's choices turned on rounding, the two
            // may part by design: the body agrees within 1e-9, not to the
            // bit. A sprint into a wall straight ahead, cut short: the
            // cosine of the wish and the move rounds to 1 or just above it,
            // and the sprint goes on or stops by that last bit (seen the
            // next tick). A step, or the order of the axes, chosen between
            // two moves equal but for rounding. The case ends there.
            let apart = error > 1e-9
                || body.grounded != client.on_ground
                || body.sprinting != client.sprinting;
            if apart && (sprint_by_rounding || collision_by_rounding.get()) {
                return None;
            }
            if apart {
                return Some(format!(
                    "tick {tick}, keys {bits:#08b}: {}\n  client's: {}",
                    state(ours, body.grounded, body.sprinting),
                    state(theirs, client.on_ground, client.sprinting)
                ));
            }
            tick += 1;
        }
    }
    None
}

/// A body's state as the property compares it.
fn state([feet, momentum]: [DVec3; 2], grounded: bool, sprinting: bool) -> String {
    format!("feet {feet}, momentum {momentum}, grounded {grounded}, sprinting {sprinting}")
}

/// The exact order on the same walk: no tick ends inside a block.
fn exact_order_ends_inside(world: &World, feet: DVec3, segments: &[(u8, u8)]) -> Option<String> {
    let mut sim = Simulation::new(world.clone(), Settings::default()).unwrap();
    let size = Body::MINECRAFT_SIZE;
    let h = sim.add_body(Body::new(feet, size).unwrap());
    let mut tick = 0;
    for &(ticks, bits) in segments {
        let (_, input) = keys_of(bits);
        for _ in 0..ticks {
            sim.step_in_order(&[input]).unwrap();
            let aabb = sim.body(h).unwrap().aabb;
            if ends_inside(world, &aabb) {
                return Some(format!("tick {tick}: inside a block at {aabb:?}"));
            }
            tick += 1;
        }
    }
    None
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(2000)))]

    #[test]
    fn the_minecraft_profile_walks_as_the_client_among_blocks(
        cells in proptest::collection::vec(0u8..32, 256),
        start in (0.3f64..7.7, 0.0f64..4.0, 0.3f64..7.7),
        segments in proptest::collection::vec((1u8..30, 0u8..64), 1..8),
    ) {
        let (registry, ids) = registry();
        let world = tiled_world_of(&cells, &ids, &registry, 2);
        let mut feet = DVec3::new(start.0, start.1, start.2);
        // A start inside a block is lifted above the blocks.
        let size = Body::MINECRAFT_SIZE;
        if ends_inside(&world, &Aabb::from_feet(feet, size)) {
            feet.y = 4.5;
        }
        if let Some(difference) = first_difference(&world, feet, &segments) {
            prop_assert!(false, "from {feet}, {segments:?}: {difference}");
        }
        if let Some(inside) = exact_order_ends_inside(&world, feet, &segments) {
            prop_assert!(false, "exact order from {feet}, {segments:?}: {inside}");
        }
    }
}
