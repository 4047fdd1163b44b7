//! The controller at 20 ticks a second against Minecraft's own per-tick
//! motion (`support/minecraft_reference.rs`, ported from the 1.21.7 client):
//! random keys on stone, ice, blue ice, soul sand, honey and slime, in air,
//! water, lava, cobwebs and on a climbable block, every tick equal within
//! 1e-9 blocks a tick.

mod support;
use support::controls;

use std::sync::Arc;

use controls::{cases, input_from_bits};
use glam::{DVec3, IVec3};
use proptest::prelude::*;
use support::minecraft_reference::{FLOOR_TOP, Flat, Ground, Keys, Medium, Player};
use voxwalk::block::{BlockRegistry, BlockType, PropertyValue};
use voxwalk::controller::{Body, Input, Settings, Simulation};
use voxwalk::resolver::CONTACT_GAP;
use voxwalk::world::World;

/// Half the side of the square the test worlds cover: more than a body
/// crosses in the ticks a case runs.
const REACH: i32 = 48;

/// The reference's flat world as a voxwalk world: the ground and the medium
/// are block types of their own, defined by their properties.
fn voxwalk_world(flat: &Flat) -> World {
    let mut registry = BlockRegistry::new();
    let number = |x: f32| PropertyValue::Number(f64::from(x));
    let g = flat.ground;
    let mut ground = BlockType::cube("ground")
        .with_property("slipperiness", number(g.friction))
        .with_property("speed_factor", number(g.speed_factor))
        .with_property("jump_factor", number(g.jump_factor));
    if g.slime {
        ground = ground.with_property("bounce", PropertyValue::Number(1.0));
    }
    let ground = registry.register(ground).unwrap();
    let medium = match flat.medium {
        Medium::Air => None,
        Medium::Water => Some(
            BlockType::new("test_water")
                .passable()
                .with_property("liquid_drag", number(0.8))
                .with_property("liquid_gravity", PropertyValue::Number(1.0 / 16.0)),
        ),
        Medium::Lava => Some(
            BlockType::new("test_lava")
                .passable()
                .with_property("liquid_drag", PropertyValue::Number(0.5))
                .with_property("liquid_gravity", PropertyValue::Number(0.25))
                .with_property("lava", PropertyValue::Flag(true)),
        ),
        Medium::Cobweb => Some(
            BlockType::new("test_cobweb")
                .passable()
                .with_property("stuck_horizontal", PropertyValue::Number(0.25))
                .with_property("stuck_vertical", number(0.05)),
        ),
        Medium::Climbable => Some(
            BlockType::new("test_vines")
                .passable()
                .with_property("climbable", PropertyValue::Flag(true)),
        ),
    };
    let medium = medium.map(|m| registry.register(m).unwrap());
    let mut world = World::with_registry(Arc::new(registry));
    world.fill(
        IVec3::new(-REACH, 0, -REACH),
        IVec3::new(REACH, 0, REACH),
        ground,
    );
    if let Some(medium) = medium
        && flat.medium_top > FLOOR_TOP
    {
        world.fill(
            IVec3::new(-REACH, 1, -REACH),
            IVec3::new(REACH, flat.medium_top as i32 - 1, REACH),
            medium,
        );
    }
    world
}

/// Minecraft's keys and voxwalk's input for the same `bits` (no flying):
/// the low seven the keys, the next three where the body looks.
fn keys_of(bits: u16) -> (Keys, Input) {
    let input = input_from_bits((bits & 127) | ((bits >> 7) << 11));
    (Keys::of(&input), input)
}

fn flat_of(ground: u8, medium: u8, medium_top: u8) -> Flat {
    let ground = [
        Ground::STONE,
        Ground::ICE,
        Ground::BLUE_ICE,
        Ground::SOUL_SAND,
        Ground::HONEY,
        Ground::SLIME,
    ][usize::from(ground) % 6];
    let medium = [
        Medium::Air,
        Medium::Water,
        Medium::Lava,
        Medium::Cobweb,
        Medium::Climbable,
    ][usize::from(medium) % 5];
    // Minecraft reads the speed and jump factors under lava as under air
    // (only water has its own, `Entity.getBlockSpeedFactor`); voxwalk's
    // liquids are data with no kind and all have their own (docs/movement.md,
    // "Where it differs"). Lava stands on stone here.
    let ground = if medium == Medium::Lava {
        Ground::STONE
    } else {
        ground
    };
    Flat {
        ground,
        medium,
        medium_top: FLOOR_TOP + f64::from(medium_top),
        pool: None,
    }
}

/// Runs both for the keys of `segments` and returns the first tick whose
/// state differs, with what differs. With `vanilla`, voxwalk moves in
/// Minecraft's collision order (`Settings::vanilla_collisions`): no contact
/// gap, so positions must agree exactly, resting ones included.
fn first_difference(flat: &Flat, segments: &[(u8, u16)], vanilla: bool) -> Option<String> {
    let world = voxwalk_world(flat);
    let mut settings = Settings::default();
    settings.collisions.vanilla_order = vanilla;
    let mut sim = Simulation::new(world, settings).unwrap();
    let start = DVec3::new(0.5, FLOOR_TOP, 0.5);
    let h = sim.add_body(Body::new(start, Body::DEFAULT_SIZE).unwrap());
    let mut reference = Player::standing(flat, start.x, start.z);
    reference.epsilons = vanilla;
    let mut tick = 0;
    for &(ticks, bits) in segments {
        // Sneak and sprint in lava too: lava's kind keeps a sprint and
        // does not sink a sneaking body, as Minecraft's water only does.
        let (keys, input) = keys_of(bits);
        for _ in 0..ticks {
            sim.step_in_order(&[input]).unwrap();
            reference.tick(flat, keys);
            let body = sim.body(h).unwrap();
            // A move that ends within the contact gap of the floor lands in
            // one and not the other: Minecraft rests on the floor, voxwalk a
            // gap above it and carries the gap into a jump (the issue allows
            // resting positions to differ by it). From there the two part
            // by design; the case ends.
            let near_floor = (body.feet().y - FLOOR_TOP).abs() < 2.0 * CONTACT_GAP
                || (reference.pos[1] - FLOOR_TOP).abs() < 2.0 * CONTACT_GAP;
            if !vanilla && body.grounded != reference.on_ground && near_floor && !body.grounded {
                return None;
            }
            let momentum = body.momentum / 20.0;
            let feet = body.feet();
            for axis in 0..3 {
                let (ours, theirs) = (momentum[axis], reference.delta[axis]);
                if (ours - theirs).abs() > 1e-9 {
                    return Some(format!(
                        "tick {tick}: momentum[{axis}] {ours} vs Minecraft's {theirs}\n  ours {body:?}\n  Minecraft's {reference:?}"
                    ));
                }
            }
            // Positions: Minecraft rests on the floor, voxwalk a contact gap
            // above it, and carries that gap into a jump.
            let gap = if vanilla { 0.0 } else { CONTACT_GAP };
            let position_error =
                (feet - DVec3::from_array(reference.pos)).abs() - DVec3::new(0.0, gap, 0.0);
            let allowed = if vanilla {
                1e-9
            } else {
                1e-9 * f64::from(tick + 1)
            };
            if position_error.max_element() > allowed {
                return Some(format!(
                    "tick {tick}: feet {feet} vs Minecraft's {:?}",
                    reference.pos
                ));
            }
            if body.grounded != reference.on_ground
                || body.sprinting != reference.sprinting
                || body.swimming != reference.swimming
            {
                return Some(format!(
                    "tick {tick}: grounded/sprinting/swimming {}/{}/{} vs Minecraft's {}/{}/{}",
                    body.grounded,
                    body.sprinting,
                    body.swimming,
                    reference.on_ground,
                    reference.sprinting,
                    reference.swimming
                ));
            }
            tick += 1;
        }
    }
    None
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(128)))]

    /// At 20 ticks a second the controller is Minecraft's motion: the same
    /// momentum and place every tick, within 1e-9 blocks a tick. In
    /// Minecraft's collision order the places are the client's exactly,
    /// resting on the floor and landing on it included: within 1e-9 every
    /// tick, with no contact gap and no case cut short.
    #[test]
    fn twenty_ticks_a_second_is_minecraft(
        ground in 0u8..6,
        medium in 0u8..5,
        medium_top in prop_oneof![Just(0u8), 1u8..6, Just(40)],
        segments in proptest::collection::vec((1u8..25, 0u16..1024), 1..10),
    ) {
        let flat = flat_of(ground, medium, medium_top);
        for vanilla in [false, true] {
            if let Some(difference) = first_difference(&flat, &segments, vanilla) {
                prop_assert!(false, "{flat:?}, vanilla order {vanilla}: {difference}");
            }
        }
    }
}

/// Every ground, every medium, each key held alone for a while: a table of
/// cases the random ones might miss.
#[test]
fn each_key_on_each_ground_in_each_medium_is_minecraft() {
    for ground in 0..6 {
        for medium in 0..5 {
            for top in [0, 2, 40] {
                let flat = flat_of(ground, medium, top);
                // The last three sprint looking down gently, steeply and up:
                // under water, they swim.
                for bits in [
                    0u16,
                    1,
                    5,
                    16,
                    17,
                    32,
                    33,
                    65,
                    81,
                    97,
                    113,
                    37,
                    0b100_0001 | 4 << 7,
                    0b100_0001 | 6 << 7,
                    0b100_0001 | 7 << 7,
                ] {
                    let segments = [(30, bits), (15, 0), (10, bits | 16), (20, 0)];
                    for vanilla in [false, true] {
                        if let Some(difference) = first_difference(&flat, &segments, vanilla) {
                            panic!(
                                "{flat:?}, keys {bits:#b}, vanilla order {vanilla}: {difference}"
                            );
                        }
                    }
                }
            }
        }
    }
}

/// Sprinting under water swims as the client does: the sprint starts once
/// the eyes have been under water a tick, the body lies flat, and the look
/// steers it down or up, every tick equal within 1e-9.
#[test]
fn a_sprinter_under_water_swims_where_it_looks_as_the_client_does() {
    let flat = flat_of(0, 1, 40);
    for (pitch_bits, dives) in [(6u16, true), (7, false)] {
        let bits = 0b100_0001 | pitch_bits << 7; // east + sprint, 75° down or up
        // Jump first, to swim clear of the floor, then sprint.
        let segments = [(20, 16), (80, bits)];
        for vanilla in [false, true] {
            assert_eq!(first_difference(&flat, &segments, vanilla), None);
        }
        let mut reference = Player::standing(&flat, 0.5, 0.5);
        let (jump, _) = keys_of(16);
        let (swim, _) = keys_of(bits);
        (0..20).for_each(|_| reference.tick(&flat, jump));
        let before = reference.pos[1];
        (0..80).for_each(|_| reference.tick(&flat, swim));
        assert!(reference.swimming, "{reference:?}");
        assert_eq!(reference.pos[1] < before, dives, "{before} → {reference:?}");
    }
}
