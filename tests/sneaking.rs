//! The sneak edge guard: a sneaking body never leaves the surface it stands
//! on, whatever its size and the settings, and a step never goes down.

mod support;
use support::controls;

use controls::{cases, input_from_bits};
use glam::{DVec3, IVec3};
use proptest::prelude::*;
use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Event, HorizontalAxis, Input, Settings, Simulation};
use voxwalk::resolver::CONTACT_GAP;
use voxwalk::world::World;

/// A 10×10 course for sneaking from `cells` (one a column): stone with its top
/// at y = 1 or 2, slabs, posts and one-wide holes down to a floor at y = −20,
/// now and then a ceiling block over a column (its underside at y = 3), and
/// holes hung with vines, holding a ladder on one side, or full of water up
/// to the ground's level.
fn sneaking_course(cells: &[u8]) -> World {
    use std::sync::Arc;
    use voxwalk::block::{BlockRegistry, BlockType, PropertyValue};
    use voxwalk::geometry::Aabb;
    let mut registry = BlockRegistry::new();
    let vines = registry
        .register(
            BlockType::new("vines")
                .passable()
                .with_property("climbable", PropertyValue::Flag(true)),
        )
        .unwrap();
    let ladder = registry
        .register(
            BlockType::new("ladder")
                .with_box(Aabb::new(DVec3::new(0.8125, 0.0, 0.0), DVec3::ONE))
                .with_property("climbable", PropertyValue::Flag(true)),
        )
        .unwrap();
    let mut world = World::with_registry(Arc::new(registry));
    world.fill(
        IVec3::new(-5, -20, -5),
        IVec3::new(15, -20, 15),
        BlockId::STONE,
    );
    for (i, &c) in cells.iter().enumerate() {
        let (x, z) = ((i % 10) as i32, (i / 10) as i32);
        match c {
            0 | 1 => {}
            2 => world.set_block(IVec3::new(x, 0, z), BlockId::SLAB),
            3 => world.set_block(IVec3::new(x, 0, z), BlockId::POST),
            4 => {
                world.fill(IVec3::new(x, 0, z), IVec3::new(x, 1, z), BlockId::STONE);
            }
            8 => world.fill(IVec3::new(x, -19, z), IVec3::new(x, 1, z), vines),
            9 => world.fill(IVec3::new(x, -19, z), IVec3::new(x, 0, z), ladder),
            10 => world.fill(IVec3::new(x, -19, z), IVec3::new(x, 0, z), BlockId::WATER),
            _ => world.set_block(IVec3::new(x, 0, z), BlockId::STONE),
        }
        if c == 7 {
            world.set_block(IVec3::new(x, 3, z), BlockId::STONE);
        }
    }
    world
}

fn sim_with_body(world: World, feet: DVec3) -> Simulation {
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    sim.add_body(Body::new(feet, Body::DEFAULT_SIZE).unwrap());
    sim
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(256)))]

    /// Sneaking on a platform never walks off it, whatever the direction.
    #[test]
    fn sneaking_never_leaves_the_platform(
        start in (1.5f64..4.5, 1.5f64..4.5),
        segments in proptest::collection::vec((1u64..30, 0u16..128), 1..8),
    ) {
        let mut world = World::new();
        world.fill(IVec3::new(0, 0, 0), IVec3::new(5, 2, 5), BlockId::STONE); // top at y = 3
        world.fill(IVec3::new(-10, -10, -10), IVec3::new(16, -10, 16), BlockId::STONE);
        let mut sim = sim_with_body(world, DVec3::new(start.0, 3.0, start.1));
        for &(ticks, bits) in &segments {
            let mut input = input_from_bits(bits & 0b100_1111); // no jump, no fly
            input.sneak = true;
            for _ in 0..ticks {
                sim.step_in_order(&[input]).unwrap();
                let body = sim.bodies()[0];
                prop_assert_eq!(body.aabb.min.y, 3.0 + CONTACT_GAP);
                prop_assert!(body.grounded);
            }
        }
    }

    /// A sneaking body on the ground never ends a tick lower than the surface
    /// it stood on minus the step height (the drop the guard lets it walk down),
    /// unless it was pushed out of a block: whatever its size, the settings
    /// (one tick a second moves it a long way and lets gravity pull a block or
    /// more in that tick), gaps exactly as wide as the body, slabs and low
    /// ceilings. A step never goes down.
    #[test]
    fn sneaking_bodies_never_drop_below_the_surface_they_stood_on(
        cells in proptest::collection::vec(0u8..11, 100),
        size in (
            prop_oneof![0.1f64..2.5, Just(0.96), Just(0.999_999), Just(1.96)],
            prop_oneof![0.1f64..3.0, Just(1.999_999_8)],
            prop_oneof![0.1f64..2.5, Just(0.6)],
        ),
        start in (0usize..100, 0.0f64..1.0, 0.0f64..1.0),
        tick_rate in prop_oneof![Just(1.0), Just(2.0), Just(20.0), 1.0f64..120.0],
        step_height in prop_oneof![Just(0.0), Just(0.5), Just(0.6), 0.0f64..1.2],
        sneak_speed in 0.1f64..20.0,
        gravity in prop_oneof![Just(32.0), 1.0f64..200.0],
        drag in prop_oneof![Just(0.91), 0.0f64..0.99],
        segments in proptest::collection::vec((1u64..12, 0u16..16), 1..6),
    ) {
        let world = sneaking_course(&cells);
        let mut settings = Settings {
            tick_rate,
            ..Settings::default()
        };
        settings.walking.step_height = step_height;
        settings.walking.sneak_speed = sneak_speed;
        settings.air.gravity = gravity;
        settings.air.drag = drag;
        let mut sim = Simulation::new(world, settings).unwrap();
        let (cell, fx, fz) = start;
        let top = match cells[cell] {
            0 | 1 | 8 | 10 => -19.0,
            2 => 0.5,
            4 => 2.0,
            _ => 1.0,
        };
        let feet = DVec3::new(
            (cell % 10) as f64 * 1.0 + fx,
            top + CONTACT_GAP,
            (cell / 10) as f64 * 1.0 + fz,
        );
        let size = DVec3::new(size.0, size.1, size.2);
        sim.add_body(Body::new(feet, size).unwrap());
        // Settle without sneaking (pushed out of a neighbouring column if it
        // starts in one); a body that does not come to stand is no case.
        for _ in 0..400 {
            if sim.bodies()[0].grounded {
                break;
            }
            sim.step_in_order(&[Input::IDLE]).unwrap();
        }
        prop_assume!(sim.bodies()[0].grounded);
        for &(ticks, bits) in &segments {
            let mut input = input_from_bits(bits & 0b1111);
            input.sneak = true;
            for _ in 0..ticks {
                let before = sim.bodies()[0];
                let report = sim.step_in_order(&[input]).unwrap();
                let after = sim.bodies()[0];
                let events = &report.bodies[0];
                if events.iter().any(|e| matches!(e, Event::PushedOut { .. })) {
                    continue;
                }
                for e in events {
                    if let Event::Stepped { height } = e {
                        prop_assert!(*height >= 0.0, "a step of {height}: {events:?}");
                    }
                }
                // Standing is having a floor a hair down, whatever `grounded`
                // says: on a climbable or in a liquid a sneaking body may not
                // come down onto its floor in a tick, and it stands all the same.
                let standing =
                    voxwalk::resolver::move_box(sim.world(), before.aabb, DVec3::new(0.0, -1e-6, 0.0))
                        .unwrap()
                        .blocked
                        .y;
                if standing {
                    let lowest = before.aabb.min.y - step_height - 1e-9;
                    prop_assert!(
                        after.aabb.min.y >= lowest,
                        "from {:?} to {:?} ({events:?})",
                        before.aabb,
                        after.aabb
                    );
                    // And it still stands: nothing but air under it would drop
                    // it next tick.
                    let probe = DVec3::new(0.0, lowest - 1e-6 - after.aabb.min.y, 0.0);
                    prop_assert!(
                        voxwalk::resolver::move_box(sim.world(), after.aabb, probe)
                            .unwrap()
                            .blocked
                            .y,
                        "from {:?} to {:?} over nothing ({events:?})",
                        before.aabb,
                        after.aabb
                    );
                }
            }
        }
    }
}

/// The guard follows a move axis by axis (x, then z) and finds it over ground
/// all the way; the move itself goes straight, meets a pillar on the diagonal
/// and slides along it to end over a hole. A sneaking body keeps its place
/// rather than end a tick over nothing.
#[test]
fn a_sneaking_move_that_slides_off_the_guarded_way_keeps_its_place() {
    let course = |sneak_edge_guard: bool| {
        let mut world = World::new();
        // Floor: the row z = 0 from x = 0 to 3, and the column x = 3 up to
        // z = 3; everything else a hole down to y = −20. A pillar at (2, 1, 2).
        world.fill(IVec3::new(0, 0, 0), IVec3::new(3, 0, 0), BlockId::STONE);
        world.fill(IVec3::new(3, 0, 0), IVec3::new(3, 0, 3), BlockId::STONE);
        world.set_block(IVec3::new(2, 1, 2), BlockId::STONE);
        world.fill(
            IVec3::new(-5, -20, -5),
            IVec3::new(8, -20, 8),
            BlockId::STONE,
        );
        let mut settings = Settings {
            tick_rate: 1.0,
            ..Settings::default()
        };
        settings.walking.sneak_speed = 3.0 * std::f64::consts::SQRT_2;
        settings.air.drag = 0.0;
        settings.walking.sneak_edge_guard = sneak_edge_guard;
        let mut sim = Simulation::new(world, settings).unwrap();
        let size = DVec3::new(0.2, 1.0, 0.2);
        sim.add_body(Body::new(DVec3::new(0.5, 1.0 + CONTACT_GAP, 0.6), size).unwrap());
        sim
    };
    let walk = Input {
        east: true,
        south: true,
        sneak: true,
        ..Input::IDLE
    };
    // Unguarded, the move ends beside the pillar, over the hole at (1, 3).
    let mut unguarded = course(false);
    unguarded.step_in_order(&[walk]).unwrap();
    let slid = unguarded.bodies()[0].aabb;
    assert!(
        (slid.max.x - 2.0).abs() < 1e-6 && slid.min.z > 3.0 && slid.min.y > 0.9,
        "{slid:?}"
    );
    let mut sim = course(true);
    let before = sim.bodies()[0];
    assert!(before.grounded);
    let report = sim.step_in_order(&[walk]).unwrap();
    assert_eq!(sim.bodies()[0].aabb, before.aabb);
    assert_eq!(
        report.bodies[0],
        vec![
            Event::EdgeGuard {
                axis: HorizontalAxis::X
            },
            Event::EdgeGuard {
                axis: HorizontalAxis::Z
            }
        ]
    );
}

/// A platform whose top is at y = 3 (x and z in 0..=4) with `beside` filling
/// the cells just past its east edge, from the ground up to the platform's
/// top layer, and a floor far below.
fn edge_beside(beside: voxwalk::block::BlockType) -> World {
    use std::sync::Arc;
    let mut registry = voxwalk::block::BlockRegistry::new();
    let beside = registry.register(beside).unwrap();
    let mut world = World::with_registry(Arc::new(registry));
    world.fill(IVec3::new(0, 0, 0), IVec3::new(4, 2, 4), BlockId::STONE);
    world.fill(IVec3::new(5, -5, 0), IVec3::new(5, 3, 4), beside);
    world.fill(
        IVec3::new(-5, -6, -5),
        IVec3::new(12, -6, 12),
        BlockId::STONE,
    );
    world
}

/// A sneaking body walking off an edge next to vines or water stays on the
/// edge: it does not stop standing there when its middle reaches into the
/// climbable or liquid cell (Minecraft's back-off applies to a body on the
/// ground or within a step of it, `Entity.isAboveGround`).
#[test]
fn the_sneak_guard_holds_next_to_vines_and_water() {
    use voxwalk::block::{BlockType, PropertyValue};
    let vines = BlockType::new("test_vines")
        .passable()
        .with_property("climbable", PropertyValue::Flag(true));
    let water = BlockType::new("test_water")
        .passable()
        .with_property("liquid_drag", PropertyValue::Number(0.8))
        .with_property("liquid_gravity", PropertyValue::Number(1.0 / 16.0));
    for (name, beside) in [("vines", vines), ("water", water)] {
        for (tick_rate, sneak_speed) in [(20.0, 1.295), (20.0, 5.0), (2.0, 1.295), (5.0, 1.295)] {
            let mut settings = Settings {
                tick_rate,
                ..Settings::default()
            };
            settings.walking.sneak_speed = sneak_speed;
            let mut sim = Simulation::new(edge_beside(beside.clone()), settings.clone()).unwrap();
            sim.add_body(Body::new(DVec3::new(3.5, 3.0, 2.5), Body::DEFAULT_SIZE).unwrap());
            let sneak_east = Input {
                east: true,
                sneak: true,
                ..Input::IDLE
            };
            for tick in 0..(4.0 * tick_rate) as usize {
                sim.step_in_order(&[sneak_east]).unwrap();
                let body = sim.bodies()[0];
                assert!(
                    body.aabb.min.y >= 3.0 - settings.walking.step_height,
                    "{name} at {tick_rate} Hz, sneak {sneak_speed}: tick {tick}, fell to {:?}",
                    body.aabb.min
                );
                assert!(
                    body.aabb.min.x < 5.0,
                    "{name}: past the edge at {:?}",
                    body.aabb.min
                );
            }
        }
    }
}

/// On a ladder, sneaking stops the slide down, and pushing into the wall
/// climbs whether the body sneaks or not (Minecraft lifts a body on a
/// climbable against a wall, `handleRelativeFrictionAndCalculateMovement`,
/// and only holds a sneaking one from sliding, `handleOnClimbable`).
#[test]
fn a_ladder_climbs_when_pushed_into_sneaking_or_not_and_sneaking_stops_the_slide() {
    use std::sync::Arc;
    use voxwalk::block::{BlockRegistry, BlockType, PropertyValue};
    use voxwalk::geometry::Aabb;
    let mut registry = BlockRegistry::new();
    let ladder = registry
        .register(
            BlockType::new("ladder")
                .with_box(Aabb::new(DVec3::new(0.8125, 0.0, 0.0), DVec3::ONE))
                .with_property("climbable", PropertyValue::Flag(true)),
        )
        .unwrap();
    let mut world = World::with_registry(Arc::new(registry));
    world.fill(IVec3::new(-3, 0, -3), IVec3::new(6, 0, 3), BlockId::STONE);
    world.fill(IVec3::new(3, 1, -3), IVec3::new(3, 12, 3), BlockId::STONE);
    world.fill(IVec3::new(2, 1, 0), IVec3::new(2, 12, 0), ladder);
    for sneak in [false, true] {
        let mut sim = sim_with_body(world.clone(), DVec3::new(2.5, 1.0, 0.5));
        let into = Input {
            east: true,
            sneak,
            ..Input::IDLE
        };
        for _ in 0..30 {
            sim.step_in_order(&[into]).unwrap();
        }
        let high = sim.bodies()[0].feet().y;
        assert!(
            high > 3.0,
            "sneak {sneak}: pushed into the ladder, only at {high}"
        );
        for _ in 0..20 {
            sim.step_in_order(&[Input {
                sneak: true,
                ..Input::IDLE
            }])
            .unwrap();
        }
        let held = sim.bodies()[0].feet().y;
        assert!(
            held >= high - 0.3,
            "sneak {sneak}: slid from {high} to {held} sneaking"
        );
        for _ in 0..20 {
            sim.step_in_order(&[Input::IDLE]).unwrap();
        }
        assert!(
            sim.bodies()[0].feet().y < held - 1.0,
            "let go, it slides down"
        );
    }
}
