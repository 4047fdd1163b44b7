//! The character controller over hostile inputs: random scripts on rough
//! terrain, exact grounded states, edges, balls, crowds, replays.

mod support;
use support::controls;

use controls::{cases, input_from_bits, run_script};
use glam::{DVec3, IVec3};
use proptest::prelude::*;
use support::reference_resolver::overlaps_solid;
use support::terrain::bumpy_terrain;
use voxwalk::block::BlockId;
use voxwalk::controller::{
    Ball, Body, BodyHandle, Event, Input, InputScript, Settings, Simulation,
};
use voxwalk::geometry::{Aabb, Mobility};
use voxwalk::resolver::CONTACT_GAP;
use voxwalk::world::{BlockSource, World};

fn floor(width: i32) -> World {
    let mut w = World::new();
    w.fill(
        IVec3::new(0, 0, 0),
        IVec3::new(width - 1, 0, width - 1),
        BlockId::STONE,
    );
    w
}

fn sim_with_body(world: World, feet: DVec3) -> Simulation {
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    sim.add_body(Body::new(feet, Body::DEFAULT_SIZE).unwrap());
    sim
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(256)))]

    /// Whatever the keys do, on rough terrain with slabs, posts and pillars, the
    /// body is never inside a block after a tick and stays finite; replaying the
    /// same inputs gives the same trajectory bit for bit.
    #[test]
    fn random_scripts_never_enter_blocks_and_replay_exactly(
        start in (2.0f64..30.0, 2.0f64..30.0),
        segments in proptest::collection::vec((1u64..15, 0u16..2048), 1..12),
        size in prop_oneof![Just(Body::DEFAULT_SIZE), Just(DVec3::new(0.2, 0.2, 0.2)), Just(DVec3::new(2.5, 2.5, 2.5))],
    ) {
        let world = bumpy_terrain(32, 32);
        let start = (start.0, start.1);
        let first = run_script(&world, start, size, &segments);
        for (tick, body) in first.iter().enumerate() {
            prop_assert!(body.aabb.min.is_finite() && body.velocity.is_finite());
            prop_assert!(!overlaps_solid(&world, &body.aabb), "tick {tick}: {:?} inside a block", body.aabb);
        }
        prop_assert_eq!(first, run_script(&world, start, size, &segments));
    }




    /// Balls dropped on rough terrain end outside every block and come to rest.
    #[test]
    fn balls_settle_outside_blocks(
        start in (3.0f64..29.0, 25.0f64..40.0, 3.0f64..29.0),
        radius in 0.1f64..0.6,
        throw in (-3.0f64..3.0, -3.0f64..3.0),
    ) {
        // Terrain walled in, so a ball cannot roll off the edge of the world.
        let mut world = bumpy_terrain(32, 32);
        for (lo, hi) in [((-1, -1), (32, -1)), ((-1, 32), (32, 32)), ((-1, -1), (-1, 32)), ((32, -1), (32, 32))] {
            world.fill(IVec3::new(lo.0, 0, lo.1), IVec3::new(hi.0, 45, hi.1), BlockId::BRICK);
        }
        let mut sim = Simulation::new(world.clone(), Settings::default()).unwrap();
        let center = DVec3::new(start.0, start.1, start.2);
        sim.add_ball(Ball::new(center, radius, DVec3::new(throw.0, 0.0, throw.1)).unwrap());
        for _ in 0..400 {
            sim.step(&[]).unwrap();
            let ball = sim.balls()[0];
            let reach = Aabb::new(ball.center - radius * 0.999, ball.center + radius * 0.999);
            // Every solid box is at least (almost) a radius from the centre.
            let lo = (ball.center - radius - 1.5).floor().as_ivec3();
            let hi = (ball.center + radius + 0.5).floor().as_ivec3();
            for x in lo.x..=hi.x {
                for y in lo.y..=hi.y {
                    for z in lo.z..=hi.z {
                        let cell = IVec3::new(x, y, z);
                        for shape in world.shape_at(cell) {
                            let solid = shape.translated(cell.as_dvec3());
                            let nearest = ball.center.clamp(solid.min, solid.max);
                            prop_assert!(
                                (nearest - ball.center).length() > radius - 1e-6,
                                "ball {ball:?} inside {solid:?} (box {reach:?})"
                            );
                        }
                    }
                }
            }
        }
        prop_assert!(sim.balls()[0].resting, "{:?}", sim.balls()[0]);
    }

    /// Scripts print and parse back to the same inputs.
    #[test]
    fn input_words_round_trip(bits in 0u16..2048) {
        let input = input_from_bits(bits);
        prop_assert_eq!(Input::parse(&input.to_string()).unwrap(), input);
    }
}

#[test]
fn grounded_is_exact_on_slabs_posts_and_edges() {
    // Standing on a slab: grounded at 1.5, every tick.
    let mut world = floor(8);
    world.set_block(IVec3::new(2, 1, 2), BlockId::SLAB);
    world.set_block(IVec3::new(5, 1, 5), BlockId::POST);
    let mut sim = sim_with_body(world.clone(), DVec3::new(2.5, 1.5, 2.5));
    for _ in 0..10 {
        sim.step_in_order(&[Input::IDLE]).unwrap();
        assert!(sim.bodies()[0].grounded);
        assert_eq!(sim.bodies()[0].aabb.min.y, 1.5 + CONTACT_GAP);
    }
    // A thin body on a post's 0.25-wide top.
    let mut sim = Simulation::new(world.clone(), Settings::default()).unwrap();
    sim.add_body(Body::new(DVec3::new(5.5, 2.5, 5.5), DVec3::new(0.2, 1.8, 0.2)).unwrap());
    for _ in 0..10 {
        sim.step_in_order(&[Input::IDLE]).unwrap();
        assert!(sim.bodies()[0].grounded);
        assert_eq!(sim.bodies()[0].aabb.min.y, 2.5 + CONTACT_GAP);
    }
    // On the floor's edge by a millionth of a block: standing. Only touching it: falling.
    let edge = 8.0 + 0.3;
    for (x, stands) in [(edge - 1e-6, true), (edge, false), (edge + 1e-6, false)] {
        let mut sim = sim_with_body(world.clone(), DVec3::new(x, 1.0, 4.5));
        // A body added in the air starts at rest: as in Minecraft, gravity
        // acts after the tick's move, so it falls from the second tick.
        sim.step_in_order(&[Input::IDLE]).unwrap();
        sim.step_in_order(&[Input::IDLE]).unwrap();
        assert_eq!(sim.bodies()[0].grounded, stands, "x = {x}");
        let fell = sim.bodies()[0].aabb.min.y < 1.0;
        assert_eq!(fell, !stands, "x = {x}");
    }
}

#[test]
fn ceilings_end_upward_speed_and_walls_end_only_their_axis() {
    let mut world = floor(8);
    world.fill(IVec3::new(0, 3, 0), IVec3::new(7, 3, 7), BlockId::STONE); // ceiling at y = 3
    world.fill(IVec3::new(6, 1, 0), IVec3::new(6, 2, 7), BlockId::STONE); // wall at x = 6
    // 0.05 from the wall: the first tick's 0.15 east reaches it.
    let mut sim = sim_with_body(world, DVec3::new(5.65, 1.0, 2.5));
    let report = sim
        .step_in_order(&[Input::parse("jump+east+south").unwrap()])
        .unwrap();
    let body = sim.bodies()[0];
    assert!(report.bodies[0].contains(&Event::Jumped));
    assert!(report.bodies[0].contains(&Event::HitCeiling));
    assert!(
        report.bodies[0]
            .iter()
            .any(|e| matches!(e, Event::HitWall { normal } if *normal == DVec3::NEG_X))
    );
    assert_eq!(body.aabb.max.y, 3.0 - CONTACT_GAP);
    assert_eq!(body.aabb.max.x, 6.0 - CONTACT_GAP);
    assert_eq!((body.velocity.x, body.velocity.y), (0.0, 0.0));
    assert!(body.velocity.z > 0.0, "the speed along the wall is kept");
}

#[test]
fn auto_step_needs_ground_and_stays_below_the_step_height() {
    let mut world = floor(12);
    world.set_block(IVec3::new(4, 1, 1), BlockId::SLAB);
    world.fill(IVec3::new(4, 1, 3), IVec3::new(4, 1, 3), BlockId::STONE);
    let walk = |z: f64, settings: Settings| {
        let mut sim = Simulation::new(world.clone(), settings).unwrap();
        sim.add_body(Body::new(DVec3::new(1.5, 1.0, z), Body::DEFAULT_SIZE).unwrap());
        let mut heights = Vec::new();
        for _ in 0..13 {
            sim.step_in_order(&[Input::parse("east").unwrap()]).unwrap();
            heights.push(sim.bodies()[0].aabb.min.y);
        }
        heights
    };
    let onto_slab = walk(1.5, Settings::default());
    assert_eq!(*onto_slab.last().unwrap(), 1.5 + CONTACT_GAP);
    let onto_block = walk(3.5, Settings::default());
    assert!(onto_block.iter().all(|&y| y == 1.0 + CONTACT_GAP));
    let mut no_stepping = Settings::default();
    no_stepping.walking.step_height = 0.0;
    assert!(
        walk(1.5, no_stepping)
            .iter()
            .all(|&y| y == 1.0 + CONTACT_GAP)
    );
}

#[test]
fn static_bodies_are_never_moved() {
    let mut sim = Simulation::new(floor(10), Settings::default()).unwrap();
    sim.add_body(Body::new(DVec3::new(2.5, 1.0, 2.5), Body::DEFAULT_SIZE).unwrap());
    let mut post = Body::new(DVec3::new(3.0, 4.0, 2.5), Body::DEFAULT_SIZE).unwrap();
    post.mobility = Mobility::Static;
    sim.add_body(post);
    for _ in 0..40 {
        sim.step_in_order(&[
            Input::parse("east").unwrap(),
            Input::parse("west+jump").unwrap(),
        ])
        .unwrap();
    }
    assert_eq!(sim.bodies()[1], post, "no gravity, no input, no push");
}

#[test]
fn a_crowd_in_a_room_never_enters_the_walls() {
    let mut world = floor(12);
    for wall in [
        (IVec3::new(0, 1, 0), IVec3::new(11, 3, 0)),
        (IVec3::new(0, 1, 11), IVec3::new(11, 3, 11)),
        (IVec3::new(0, 1, 0), IVec3::new(0, 3, 11)),
        (IVec3::new(11, 1, 0), IVec3::new(11, 3, 11)),
    ] {
        world.fill(wall.0, wall.1, BlockId::BRICK);
    }
    let mut sim = Simulation::new(world.clone(), Settings::default()).unwrap();
    for i in 0..30 {
        let feet = DVec3::new(
            1.5 + f64::from(i % 6) * 1.7,
            1.0,
            1.5 + f64::from(i / 6) * 1.9,
        );
        sim.add_body(Body::new(feet, Body::DEFAULT_SIZE).unwrap());
    }
    let script =
        InputScript::parse("20 east+south\n20 west\n20 north+east+jump\n", "crowd").unwrap();
    for tick in 0..script.len() {
        let inputs: Vec<Input> = (0..30)
            .map(|i| {
                if i % 2 == 0 {
                    script.input_at(tick)
                } else {
                    script.input_at(script.len() - 1 - tick)
                }
            })
            .collect();
        sim.step_in_order(&inputs).unwrap();
        for body in sim.bodies() {
            assert!(!overlaps_solid(&world, &body.aabb), "tick {tick}: {body:?}");
        }
    }
}

#[test]
fn settings_reject_unknown_names_and_nonsense() {
    let mut s = Settings::default();
    assert!(s.set("step_height", "0.5").is_ok());
    for (name, value) in [
        ("stepheight", "1"),
        ("gravity", "nan"),
        ("gravity", "-1"),
        ("tick_rate", "0"),
        ("jump_speed", "abc"),
        ("sneak_edge_guard", "maybe"),
        ("ball_restitution", "1.5"),
    ] {
        let before = s.clone();
        assert!(s.set(name, value).is_err(), "{name}={value}");
        assert_eq!(s, before, "a refused setting changes nothing");
    }
    let message = s.set("stepheight", "1").unwrap_err().to_string();
    assert!(
        message.contains("stepheight") && message.contains("step_height"),
        "{message}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(64)))]

    /// A crowd dropped in a heap on an open floor spreads out until no two
    /// bodies overlap: the broad phase misses no pair for good.
    #[test]
    fn a_heap_of_bodies_spreads_until_none_overlap(
        spots in proptest::collection::vec((18.0f64..22.0, 18.0f64..22.0, 0.3f64..1.0), 2..40),
    ) {
        let mut sim = Simulation::new(floor(40), Settings::default()).unwrap();
        for &(x, z, width) in &spots {
            sim.add_body(Body::new(DVec3::new(x, 1.0, z), DVec3::new(width, 1.8, width)).unwrap());
        }
        for _ in 0..300 {
            sim.step(&[]).unwrap();
        }
        let bodies = sim.bodies();
        for (i, a) in bodies.iter().enumerate() {
            for b in &bodies[i + 1..] {
                let (ca, cb) = (a.aabb.center(), b.aabb.center());
                let distance = (ca.x - cb.x).hypot(ca.z - cb.z);
                let reach = 0.5 * (a.aabb.size().x + b.aabb.size().x);
                prop_assert!(distance >= reach - 1e-6, "{a:?} overlaps {b:?}: {distance} < {reach}");
            }
        }
    }
}

#[test]
fn a_ball_spawned_inside_terrain_climbs_out_and_rests() {
    // Found by a long campaign: inside the grass layer, next to a pillar, where no
    // single axis push frees its bounding cube.
    let world = bumpy_terrain(32, 32);
    let mut sim = Simulation::new(world.clone(), Settings::default()).unwrap();
    let center = DVec3::new(7.656_761_925_397_225, 25.0, 3.0);
    sim.add_ball(Ball::new(center, 0.446_014_594_015_309_8, DVec3::ZERO).unwrap());
    let first = sim.step(&[]).unwrap();
    assert!(
        matches!(first.balls[0][0], Event::PushedOut { resolved: true, .. }),
        "{first:?}"
    );
    for _ in 0..100 {
        sim.step(&[]).unwrap();
    }
    let ball = sim.balls()[0];
    assert!(ball.resting && ball.center.y > 26.0, "{ball:?}");
}

/// Adds `count` default-sized bodies in rows of `columns` along x, `spacing`
/// apart, from the feet position `corner` (rows go along z).
fn add_body_grid(sim: &mut Simulation, count: u32, columns: u32, corner: DVec3, spacing: f64) {
    for i in 0..count {
        let offset = DVec3::new(f64::from(i % columns), 0.0, f64::from(i / columns)) * spacing;
        sim.add_body(Body::new(corner + offset, Body::DEFAULT_SIZE).unwrap());
    }
}

#[cfg(feature = "parallel")]
#[test]
fn parallel_ticks_give_the_same_trajectories_on_any_number_of_threads() {
    let world = bumpy_terrain(64, 64);
    let run = |threads: usize, parallel: bool| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let mut sim = Simulation::new(world.clone(), Settings::default()).unwrap();
            sim.set_parallel(parallel);
            // Close enough to walk into each other.
            add_body_grid(&mut sim, 400, 20, DVec3::new(20.0, 40.0, 20.0), 0.9);
            let mut states = Vec::new();
            let mut pushes = 0;
            for tick in 0..120u32 {
                let inputs: Vec<Input> = (0..400u32)
                    .map(|i| {
                        input_from_bits(
                            ((i * 7 + tick / 10) % 128) as u16
                                | if tick % 23 == 0 { 16 } else { 0 },
                        )
                    })
                    .collect();
                let report = sim.step_in_order(&inputs).unwrap();
                assert!(
                    report.pairs_checked < 400 * 20,
                    "broad phase: {} pairs",
                    report.pairs_checked
                );
                pushes += report
                    .bodies
                    .iter()
                    .flatten()
                    .filter(|e| matches!(e, Event::PushedByBody { .. }))
                    .count();
                states.push((sim.bodies().to_vec(), report.bodies));
            }
            // Pushes are made row by row of the crowd's grid, in parallel: the
            // bodies must meet often for the comparison to say something.
            assert!(pushes > 10_000, "only {pushes} pushes");
            states
        })
    };
    let sequential = run(1, false);
    assert_eq!(run(1, true), sequential);
    assert_eq!(run(2, true), sequential);
    assert_eq!(run(7, true), sequential);
}

/// A body that comes down onto the floor and climbs a slab in the same tick
/// (a long tick: one a second) reports the landing, with its speed, beside
/// the step: fall damage keys on `Landed`.
#[test]
fn a_landing_that_climbs_a_step_still_reports_landed() {
    let mut world = World::new();
    world.fill(IVec3::new(-2, 0, -2), IVec3::new(12, 0, 2), BlockId::STONE);
    world.fill(IVec3::new(3, 1, -2), IVec3::new(12, 1, 2), BlockId::SLAB);
    let settings = Settings {
        tick_rate: 1.0,
        ..Settings::default()
    };
    let mut sim = Simulation::new(world, settings).unwrap();
    let mut body = Body::new(DVec3::new(0.5, 1.3, 0.5), Body::DEFAULT_SIZE).unwrap();
    body.momentum = DVec3::new(4.317, 0.0, 0.0);
    let h = sim.add_body(body);
    assert!(!sim.body(h).unwrap().grounded, "it starts in the air");
    let east = Input {
        east: true,
        ..Input::IDLE
    };
    let report = sim.step_in_order(&[east]).unwrap();
    let events = &report.bodies[0];
    assert!(
        events.iter().any(|e| matches!(e, Event::Stepped { .. })),
        "{events:?}"
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Landed { speed } if *speed > 0.0)),
        "{events:?}"
    );
    let body = sim.body(h).unwrap();
    assert!(body.grounded);
    assert_eq!(body.aabb.min.y, 1.5 + CONTACT_GAP);
}

#[test]
fn steps_never_end_below_the_plain_move() {
    // A step is the move again as up, across, down: kept only when it gets
    // farther, and never to end lower than the move without it.
    let world = bumpy_terrain(64, 64);
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    for i in 0..2000u32 {
        let feet = DVec3::new(
            2.0 + f64::from(i % 50) * 1.2,
            40.0,
            2.0 + f64::from(i / 50) * 1.5,
        );
        sim.add_body(Body::new(feet, Body::DEFAULT_SIZE).unwrap());
    }
    let mut steps = 0;
    for t in 0..300u32 {
        let inputs: Vec<Input> = (0..2000u32)
            .map(|i| {
                let h = support::terrain::hash(u64::from(i * 1000 + t / 40));
                Input {
                    east: h & 1 != 0,
                    west: h & 2 != 0 && h & 1 == 0,
                    south: h & 4 != 0,
                    north: h & 8 != 0 && h & 4 == 0,
                    jump: (t + i) % 37 == 0,
                    ..Input::IDLE
                }
            })
            .collect();
        let report = sim.step_in_order(&inputs).unwrap();
        for (body, events) in report.bodies.iter().enumerate() {
            for e in events {
                if let Event::Stepped { height } = e {
                    steps += 1;
                    assert!(*height >= 0.0, "tick {t}, body {body}: a step of {height}");
                }
            }
        }
    }
    assert!(
        steps > 100,
        "only {steps} steps: the terrain should give many"
    );
}

/// A push can bring a body into a third one that was clear when the tick's
/// pushes began: that pair is still separated in the same tick, whether the
/// push came from the same row of the crowd's grid (first layout) or from the
/// row before (second layout: the grid's cells are 0.6 wide).
#[test]
fn a_push_that_brings_two_bodies_together_separates_them_in_the_same_tick() {
    for shift in [0.0, 0.5] {
        let mut world = World::new();
        world.fill(IVec3::new(-4, -1, -4), IVec3::new(4, -1, 4), BlockId::STONE);
        let mut sim = Simulation::new(world, Settings::default()).unwrap();
        let size = DVec3::new(0.6, 1.8, 0.6);
        // A and B overlap by 0.3; B and C are 0.636 apart (clear) until B is pushed
        // 0.15 towards C.
        let [a, b, c] = [(0.0, 0.0), (0.3, 0.0), (0.75, 0.45)].map(|feet| {
            sim.add_body(Body::new(DVec3::new(feet.0 + shift, 0.0, feet.1), size).unwrap())
        });
        // `step` may reorder the bodies: everything is read by handle.
        let report = sim.step(&[]).unwrap();
        let pushed_by = |body: BodyHandle| -> Vec<BodyHandle> {
            report
                .events(body)
                .unwrap()
                .iter()
                .filter_map(|e| match e {
                    Event::PushedByBody { other, .. } => Some(*other),
                    _ => None,
                })
                .collect()
        };
        assert_eq!(pushed_by(a), vec![b], "shift {shift}");
        assert_eq!(pushed_by(b), vec![a, c], "shift {shift}");
        assert_eq!(pushed_by(c), vec![b], "shift {shift}");
        let centre = |h: BodyHandle| {
            let c = sim.body(h).unwrap().aabb.center();
            glam::DVec2::new(c.x, c.z)
        };
        // The last push of the tick leaves its pair apart (B's move back towards A
        // is for the next tick's pushes to settle: one pass per tick).
        assert!(centre(b).distance(centre(c)) >= 0.6 - 1e-9, "shift {shift}");
    }
}

/// A report kept across ticks (`step_into`) says exactly what fresh ones
/// (`step`) say, also after bodies and balls are added or removed between
/// ticks, on one thread and on several.
#[test]
fn a_reused_report_matches_fresh_reports() {
    let world = bumpy_terrain(32, 32);
    for parallel in [false, true] {
        let make = || {
            let mut sim = Simulation::new(world.clone(), Settings::default()).unwrap();
            sim.set_parallel(parallel);
            add_body_grid(&mut sim, 60, 10, DVec3::new(8.0, 30.0, 8.0), 0.8);
            sim.add_ball(Ball::new(DVec3::new(20.0, 30.0, 20.0), 0.4, DVec3::X).unwrap());
            sim
        };
        let (mut fresh, mut reused) = (make(), make());
        let mut report = voxwalk::controller::TickReport::default();
        let mut events = 0;
        for tick in 0..150u32 {
            // The population changes now and then, so the kept report's lists
            // must grow and shrink with it.
            if tick == 50 {
                for sim in [&mut fresh, &mut reused] {
                    while let Some(&last) = sim.handles().get(40) {
                        sim.remove_body(last).unwrap();
                    }
                    sim.balls_mut().clear();
                }
            }
            if tick == 100 {
                for sim in [&mut fresh, &mut reused] {
                    let feet = DVec3::new(12.0, 30.0, 12.0);
                    sim.add_body(Body::new(feet, Body::DEFAULT_SIZE).unwrap());
                }
            }
            let inputs: Vec<Input> = (0..fresh.bodies().len() as u16)
                .map(|i| input_from_bits((i * 5 + (tick / 20) as u16) % 128))
                .collect();
            let expected = fresh.step_in_order(&inputs).unwrap();
            reused.step_in_order_into(&inputs, &mut report).unwrap();
            assert_eq!(report, expected, "tick {tick}, parallel {parallel}");
            assert_eq!(reused.bodies(), fresh.bodies());
            events += expected.bodies.iter().map(Vec::len).sum::<usize>();
        }
        // Events every tick, so stale ones left in a kept list would show.
        assert!(events > 1000, "only {events} events");
    }
}

/// How deep `aabb` sits in the solid it overlaps most: the least of the three
/// overlaps of their extents, the largest over the solids.
fn penetration(world: &World, aabb: &Aabb) -> f64 {
    let mut deepest: f64 = 0.0;
    let lo = aabb.min.floor().as_ivec3() - IVec3::ONE;
    let hi = aabb.max.floor().as_ivec3() + IVec3::ONE;
    world.for_each_solid_in(lo, hi, |cell, boxes| {
        for b in boxes {
            let solid = b.translated(cell.as_dvec3());
            let overlap = (aabb.max.min(solid.max) - aabb.min.max(solid.min)).min_element();
            deepest = deepest.max(overlap);
        }
    });
    deepest
}

/// A body started inside the corner of a floor and a wall (a teleport, a
/// block placed on it), far from the origin or near it: no single push
/// frees it, since leaving the floor upwards still leaves it in the wall and
/// the other way round. It is freed before its first tick moves it, and
/// never sinks deeper first.
#[test]
fn a_body_started_in_a_corner_is_freed_before_it_moves() {
    for base in [IVec3::ZERO, IVec3::new(30_000_000, 64, -30_000_000)] {
        for sink in [0.05, 0.122, 0.3] {
            let mut world = World::new();
            world.fill(
                base + IVec3::new(-4, -1, -4),
                base + IVec3::new(4, -1, 4),
                BlockId::STONE,
            );
            world.fill(
                base + IVec3::new(2, 0, -4),
                base + IVec3::new(2, 3, 4),
                BlockId::STONE,
            );
            // Feet `sink` into the floor, the east face `sink` into the wall.
            let feet = base.as_dvec3() + DVec3::new(1.5 + sink, -sink, 0.5);
            let body = Body::new(feet, DVec3::ONE).unwrap();
            let start = penetration(&world, &body.aabb);
            assert!(start > 0.04, "{start}");
            let mut sim = Simulation::new(world, Settings::default()).unwrap();
            let handle = sim.add_body(body);
            let mut deepest = start;
            for tick in 0..5 {
                sim.step_in_order(&[Input::IDLE]).unwrap();
                let now = penetration(sim.world(), &sim.body(handle).unwrap().aabb);
                assert!(
                    now <= deepest,
                    "{base} sink {sink}: deeper at tick {tick}: {now} > {deepest}"
                );
                deepest = now;
                assert!(
                    now < 1e-6,
                    "{base} sink {sink}: still {now} inside after tick {tick}"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(512)))]

    /// A unit body started anywhere overlapping a floor with walls on two
    /// sides, or a lone block's corner, near the origin or 30 million blocks
    /// out, never sits deeper after a tick than before it.
    #[test]
    fn a_stuck_start_never_sinks_deeper(
        far in proptest::bool::ANY,
        layout in 0u8..3,
        offset in (0.0f64..1.0, -0.6f64..0.6, 0.0f64..1.0),
        keys in 0u16..64,
    ) {
        let base = if far { IVec3::new(30_000_000, 64, -30_000_000) } else { IVec3::ZERO };
        let mut world = World::new();
        match layout {
            0 => world.set_block(base, BlockId::STONE),
            1 => {
                world.fill(base + IVec3::new(-3, -1, -3), base + IVec3::new(3, -1, 3), BlockId::STONE);
                world.fill(base + IVec3::new(1, 0, -3), base + IVec3::new(1, 2, 3), BlockId::STONE);
            }
            _ => {
                world.fill(base + IVec3::new(-3, -1, -3), base + IVec3::new(3, -1, 3), BlockId::STONE);
                world.fill(base + IVec3::new(1, 0, -3), base + IVec3::new(1, 2, 3), BlockId::STONE);
                world.fill(base + IVec3::new(-3, 0, 1), base + IVec3::new(3, 2, 1), BlockId::STONE);
            }
        }
        let feet = base.as_dvec3() + DVec3::new(offset.0, offset.1, offset.2);
        let body = Body::new(feet, DVec3::ONE).unwrap();
        let mut deepest = penetration(&world, &body.aabb);
        let mut sim = Simulation::new(world, Settings::default()).unwrap();
        let handle = sim.add_body(body);
        for tick in 0..3 {
            sim.step_in_order(&[input_from_bits(keys)]).unwrap();
            let now = penetration(sim.world(), &sim.body(handle).unwrap().aabb);
            prop_assert!(now <= deepest + 1e-9, "deeper at tick {}: {} > {}", tick, now, deepest);
            deepest = now;
        }
    }
}

/// A renderer draws each body between where it was before the last tick and
/// where it is: the body keeps the first, pushes included.
#[test]
fn every_body_keeps_its_box_from_before_the_tick() {
    let mut world = World::new();
    world.fill(IVec3::new(-8, -1, -8), IVec3::new(8, -1, 8), BlockId::STONE);
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    // Two bodies overlapping a little: the tick pushes them apart.
    for x in [0.5, 0.9] {
        sim.add_body(Body::new(DVec3::new(x, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap());
    }
    let east = Input {
        east: true,
        ..Input::IDLE
    };
    for _ in 0..10 {
        let before: Vec<Aabb> = sim.bodies().iter().map(|b| b.aabb).collect();
        sim.step_in_order(&[east, Input::IDLE]).unwrap();
        for (body, was) in sim.bodies().iter().zip(&before) {
            assert_eq!(body.previous, *was);
            assert_eq!(body.interpolated(0.0), *was);
            assert_eq!(body.interpolated(1.0), body.aabb);
            let half = body.interpolated(0.5);
            assert!(
                (half.min - (was.min + body.aabb.min) / 2.0)
                    .abs()
                    .max_element()
                    < 1e-12
            );
        }
    }
    let mut placed = sim.bodies()[0];
    let there = Aabb::from_feet(DVec3::new(3.5, 0.0, 3.5), Body::DEFAULT_SIZE);
    placed.place(there);
    assert_eq!(
        placed.interpolated(0.3),
        there,
        "a placed body is not slid to"
    );
}
