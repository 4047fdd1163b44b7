//! Movers: lifts, moving floors, doors and pistons carry and push bodies and
//! never push one into a block.

mod support;
use support::terrain::stone_floor;

use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Event, Input, LeavePlatform, Settings, Simulation};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::movers::{CrushRule, Drive, Mover, MoverHandle, Path, PathEnds};
use voxwalk::resolver::{CONTACT_GAP, TOUCH_TOLERANCE};
use voxwalk::world::{BlockSource, World};

/// A flat slab of stone cells `x0..=x1` × `z0..=z1` at height 0, as mover
/// blocks.
fn slab(x0: i32, x1: i32, z0: i32, z1: i32) -> Vec<(IVec3, BlockId)> {
    (x0..=x1)
        .flat_map(|x| (z0..=z1).map(move |z| (IVec3::new(x, 0, z), BlockId::STONE)))
        .collect()
}

fn path(points: &[[f64; 3]], speed: f64, pause: f64, ends: PathEnds) -> Drive {
    let points: Vec<DVec3> = points.iter().map(|&p| DVec3::from_array(p)).collect();
    Drive::Path(Path::straight(&points, speed, pause, ends).unwrap())
}

fn mover(sim: &Simulation, cells: Vec<(IVec3, BlockId)>, at: [f64; 3], drive: Drive) -> Mover {
    Mover::new(sim.world().registry(), cells, DVec3::from_array(at))
        .unwrap()
        .with_drive(drive)
}

/// Whether `body` overlaps a block of the world or a box of a mover.
fn overlap(sim: &Simulation, body: &Body) -> Option<String> {
    let b = body.aabb;
    let lo = voxwalk::world::cell_containing(b.min) - IVec3::ONE;
    let hi = voxwalk::world::cell_containing(b.max) + IVec3::ONE;
    let mut found = None;
    sim.world().for_each_solid_in(lo, hi, |cell, shape| {
        for s in shape {
            if s.translated(cell.as_dvec3())
                .overlaps_beyond(&b, TOUCH_TOLERANCE)
            {
                found = Some(format!("block {cell}"));
            }
        }
    });
    for (handle, m) in sim.movers().iter() {
        for (boxed, _) in m.boxes() {
            if boxed.overlaps_beyond(&b, TOUCH_TOLERANCE) {
                found = Some(format!("{handle} box {boxed:?}"));
            }
        }
    }
    found
}

#[test]
fn a_lift_carries_a_body_20_blocks_up_level_with_a_floor_it_walks_onto() {
    let mut world = World::new();
    // The ground, and an upper floor at y = 20 east of the shaft.
    world.fill(
        IVec3::new(-4, -1, -4),
        IVec3::new(10, -1, 4),
        BlockId::STONE,
    );
    world.fill(IVec3::new(3, 20, -4), IVec3::new(10, 20, 4), BlockId::STONE);
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    // A 3 × 3 lift in the ground's top layer at x 0..3, waiting a second, then up
    // 20 at 4 b/s, so its top (21) is level with the upper floor's.
    let lift = mover(
        &sim,
        slab(0, 2, -1, 1),
        [0.0, 0.0, 0.0],
        path(&[[0.0; 3], [0.0, 20.0, 0.0]], 4.0, 1.0, PathEnds::Once),
    );
    let lift = sim.add_mover(lift).unwrap();
    let rider = sim.add_body(Body::new(DVec3::new(1.5, 1.0, 0.5), Body::DEFAULT_SIZE).unwrap());
    let mut events = Vec::new();
    for tick in 0..200 {
        let report = sim.step(&[]).unwrap();
        events.extend(report.events(rider).unwrap().iter().cloned());
        let body = *sim.body(rider).unwrap();
        assert_eq!(overlap(&sim, &body), None, "tick {tick}");
    }
    assert_eq!(
        sim.mover(lift).unwrap().position(),
        DVec3::new(0.0, 20.0, 0.0)
    );
    let body = *sim.body(rider).unwrap();
    assert_eq!(body.riding, Some(lift));
    assert!(
        (body.feet().y - (21.0 + CONTACT_GAP)).abs() < 1e-9,
        "{}",
        body.feet().y
    );
    assert!(events.iter().all(|e| !matches!(e, Event::Alighted { .. })));
    // Walk east onto the floor, with no jump: the lift's top is level with it.
    let east = Input::parse("east").unwrap();
    for _ in 0..30 {
        sim.step(&[(rider, east)]).unwrap();
    }
    let body = *sim.body(rider).unwrap();
    assert!(body.feet().x > 4.0, "{}", body.feet().x);
    assert!(body.grounded && body.riding.is_none());
    assert!((body.feet().y - 21.0).abs() < 1e-6);
}

/// Runs `ticks` ticks with `input` for `body`, checking after each that no
/// body overlaps a block or a mover; returns every event of `body`.
fn run(
    sim: &mut Simulation,
    body: voxwalk::controller::BodyHandle,
    input: Input,
    ticks: usize,
) -> Vec<Event> {
    let mut events = Vec::new();
    for tick in 0..ticks {
        let report = sim.step(&[(body, input)]).unwrap();
        events.extend(report.events(body).unwrap().iter().cloned());
        for b in sim.bodies() {
            assert_eq!(overlap(sim, b), None, "tick {tick}");
        }
    }
    events
}

#[test]
fn a_body_idling_on_a_floor_sliding_30_blocks_east_holds_its_place_on_it() {
    // 30 blocks in 1,000 ticks of 1/20 s: 0.6 blocks a second. The floor
    // floats over the ground, its top at y = 3.
    let mut sim = Simulation::new(stone_floor(40), Settings::default()).unwrap();
    let floor = mover(
        &sim,
        slab(0, 3, 0, 3),
        [0.0, 2.0, 0.0],
        path(&[[0.0; 3], [30.0, 0.0, 0.0]], 0.6, 0.0, PathEnds::Once),
    );
    let floor = sim.add_mover(floor).unwrap();
    let rider = sim.add_body(Body::new(DVec3::new(1.7, 3.0, 2.2), Body::DEFAULT_SIZE).unwrap());
    // Settle onto it first.
    run(&mut sim, rider, Input::IDLE, 1);
    let relative =
        |sim: &Simulation| sim.body(rider).unwrap().feet() - sim.mover(floor).unwrap().position();
    let start = relative(&sim);
    let mut worst: f64 = 0.0;
    for _ in 0..1_000 {
        run(&mut sim, rider, Input::IDLE, 1);
        worst = worst.max((relative(&sim) - start).abs().max_element());
    }
    assert_eq!(sim.mover(floor).unwrap().position().x, 30.0);
    assert!(
        worst < 1e-9,
        "drifted {worst:e} from its place on the floor"
    );
    assert_eq!(sim.body(rider).unwrap().riding, Some(floor));
}

/// Each tick's place of a body on a 16 × 16 floor moving at `velocity`
/// under `keys` (relative to the floor, and grounded), and its events.
fn on_a_floor(velocity: DVec3, keys: &str) -> (Vec<(DVec3, bool)>, Vec<Event>, MoverHandle) {
    let script = voxwalk::controller::InputScript::parse(keys, "keys").unwrap();
    let mut sim = Simulation::new(World::new(), Settings::default()).unwrap();
    let floor = mover(
        &sim,
        slab(0, 15, 0, 15),
        [0.0, 10.0, 0.0],
        Drive::Velocity(velocity),
    );
    let floor = sim.add_mover(floor).unwrap();
    let body = sim.add_body(Body::new(DVec3::new(1.5, 11.0, 1.5), Body::DEFAULT_SIZE).unwrap());
    let mut places = Vec::new();
    let mut events = Vec::new();
    for tick in 0..script.len() {
        let report = sim.step(&[(body, script.input_at(tick))]).unwrap();
        events.extend(report.events(body).unwrap().iter().cloned());
        let b = sim.body(body).unwrap();
        assert_eq!(overlap(&sim, b), None);
        places.push((b.feet() - sim.mover(floor).unwrap().position(), b.grounded));
    }
    (places, events, floor)
}

const NORTH_EAST: DVec3 = DVec3::new(2.0, 0.0, 2.0 + 1.0 / 3.0);

#[test]
fn walking_and_sneaking_on_a_moving_floor_are_what_they_are_on_a_still_one() {
    // The same keys on a floor drifting north-east at 3 blocks a second and
    // on one holding still: the body's place on its floor is the same, tick
    // by tick, walking, sprinting, and sneaking to the floor's south and
    // east edges, where the edge guard holds it.
    let keys = "20 east\n20 east+sprint\n300 sneak+south\n200 sneak+east\n";
    let (still, _, _) = on_a_floor(DVec3::ZERO, keys);
    let (moving, events, _) = on_a_floor(NORTH_EAST, keys);
    for (tick, (a, b)) in still.iter().zip(&moving).enumerate() {
        assert_eq!(a.1, b.1, "tick {tick}: grounded");
        assert!(
            (a.0 - b.0).abs().max_element() < 1e-9,
            "tick {tick}: {} against {}",
            a.0,
            b.0
        );
    }
    assert!(events.iter().any(|e| matches!(e, Event::EdgeGuard { .. })));
    let last = moving.last().unwrap().0;
    // Its box hangs over the edges, as far as still standing on the floor.
    assert!(
        (last.x - 16.3).abs() < 1e-5 && (last.z - 16.3).abs() < 1e-5,
        "{last}"
    );
}

/// A body added standing on a mover rides it from its first tick, and is
/// told so then: one `Boarded`, first of that tick's events, as a body
/// that falls onto it is.
#[test]
fn a_body_added_on_a_moving_floor_is_told_it_boarded_in_its_first_tick() {
    let (_, events, floor) = on_a_floor(NORTH_EAST, "10 idle\n");
    let boarded: Vec<_> = events
        .iter()
        .filter(|e| matches!(e, Event::Boarded { .. }))
        .collect();
    assert_eq!(boarded, [&Event::Boarded { mover: floor }], "{events:?}");
    assert_eq!(events.first(), Some(&Event::Boarded { mover: floor }));
}

#[test]
fn a_jump_on_a_moving_floor_rises_as_on_a_still_one_and_lands_on_it_again() {
    // Its height over the floor is the same tick by tick; sideways the
    // floor's velocity it kept slows in the air, as any momentum does, so
    // it lands a little behind where it jumped, on the floor.
    let keys = "5 idle\n1 jump\n20 idle\n";
    let (still, _, _) = on_a_floor(DVec3::ZERO, keys);
    let (moving, events, floor) = on_a_floor(NORTH_EAST, keys);
    for (tick, (a, b)) in still.iter().zip(&moving).enumerate() {
        assert_eq!(a.1, b.1, "tick {tick}: grounded");
        assert!(
            (a.0.y - b.0.y).abs() < 1e-9,
            "tick {tick}: height {} against {}",
            a.0.y,
            b.0.y
        );
    }
    assert!(still.iter().any(|p| p.0.y > 1.2));
    assert!(events.iter().any(|e| matches!(e, Event::Alighted { mover, kept } if *mover == floor && (*kept - NORTH_EAST).length() < 1e-9)));
    let left = events
        .iter()
        .position(|e| matches!(e, Event::Alighted { .. }))
        .unwrap();
    assert!(events[left..].contains(&Event::Boarded { mover: floor }));
    assert!(moving.last().unwrap().1);
}

#[test]
fn a_piston_pushes_a_body_one_block_in_two_ticks() {
    let mut sim = Simulation::new(stone_floor(8), Settings::default()).unwrap();
    // A piston head at x 0..1 pushing east; the body stands against it.
    let head = mover(
        &sim,
        vec![(IVec3::ZERO, BlockId::STONE)],
        [0.0, 0.0, 0.0],
        Drive::Path(Path::piston(DVec3::X).unwrap()),
    );
    let head = sim.add_mover(head).unwrap();
    let body = sim
        .add_body(Body::new(DVec3::new(1.3 + CONTACT_GAP, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap());
    let before = sim.body(body).unwrap().feet().x;
    run(&mut sim, body, Input::IDLE, 1);
    assert_eq!(sim.mover(head).unwrap().position().x, 0.5);
    run(&mut sim, body, Input::IDLE, 1);
    assert_eq!(sim.mover(head).unwrap().position().x, 1.0);
    let pushed = sim.body(body).unwrap().feet().x - before;
    assert!((pushed - 1.0).abs() < 1e-6, "pushed {pushed}");
    run(&mut sim, body, Input::IDLE, 20);
    assert_eq!(sim.mover(head).unwrap().position().x, 1.0);
}

/// A one-wide corridor along z (x 0..1, walls at x = -1 and x = 1), and a
/// door 2 high sliding west out of the east wall to close it.
fn corridor_with_a_door(rule: CrushRule) -> (Simulation, MoverHandle) {
    let mut world = stone_floor(8);
    world.fill(IVec3::new(-1, 0, -8), IVec3::new(-1, 2, 8), BlockId::BRICK);
    world.fill(IVec3::new(1, 0, -8), IVec3::new(1, 2, -1), BlockId::BRICK);
    world.fill(IVec3::new(1, 0, 1), IVec3::new(1, 2, 8), BlockId::BRICK);
    world.fill(IVec3::new(2, 0, -1), IVec3::new(3, 2, 1), BlockId::BRICK);
    world.fill(IVec3::new(1, 2, 0), IVec3::new(1, 2, 0), BlockId::BRICK);
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let cells = vec![(IVec3::ZERO, BlockId::WOOD), (IVec3::Y, BlockId::WOOD)];
    let mut door = mover(
        &sim,
        cells,
        [1.0, 0.0, 0.0],
        path(&[[0.0; 3], [-1.0, 0.0, 0.0]], 2.0, 0.0, PathEnds::Once),
    );
    door.on_crush = rule;
    let door = sim.add_mover(door).unwrap();
    (sim, door)
}

#[test]
fn a_door_closing_on_a_body_in_a_one_wide_corridor_stops_against_it() {
    for rule in [CrushRule::Stop, CrushRule::Report] {
        let (mut sim, door) = corridor_with_a_door(rule);
        let body = sim.add_body(Body::new(DVec3::new(0.5, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap());
        let events = run(&mut sim, body, Input::IDLE, 40);
        let b = *sim.body(body).unwrap();
        let d = sim.mover(door).unwrap().position();
        // Pushed to the west wall, the door against it.
        assert!(
            (b.aabb.min.x - CONTACT_GAP).abs() < 1e-9,
            "{}",
            b.aabb.min.x
        );
        assert!(
            d.x >= b.aabb.max.x && d.x - b.aabb.max.x < 1e-6,
            "door at {}",
            d.x
        );
        let expected = match rule {
            CrushRule::Stop => Event::Caught { mover: door },
            CrushRule::Report => Event::Crushed { mover: door },
        };
        assert!(events.contains(&expected), "{rule:?}: {events:?}");
        // Once the body walks out of the way, the door closes.
        let south = Input::parse("south").unwrap();
        run(&mut sim, body, south, 40);
        assert_eq!(sim.mover(door).unwrap().position().x, 0.0);
    }
}

#[test]
fn a_mover_coming_down_on_a_body_standing_on_the_ground_stops_above_its_head() {
    let mut sim = Simulation::new(stone_floor(8), Settings::default()).unwrap();
    let crusher = mover(
        &sim,
        slab(-1, 1, -1, 1),
        [0.0, 6.0, 0.0],
        path(&[[0.0; 3], [0.0, -6.0, 0.0]], 5.0, 0.0, PathEnds::Once),
    );
    let crusher = sim.add_mover(crusher).unwrap();
    let body = sim.add_body(Body::new(DVec3::new(0.5, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap());
    let events = run(&mut sim, body, Input::IDLE, 40);
    let b = *sim.body(body).unwrap();
    let bottom = sim.mover(crusher).unwrap().position().y;
    assert!(b.grounded && (b.aabb.min.y - CONTACT_GAP).abs() < 1e-9);
    assert!(
        bottom >= b.aabb.max.y && bottom - b.aabb.max.y < 1e-6,
        "crusher at {bottom}, head at {}",
        b.aabb.max.y
    );
    assert!(events.contains(&Event::Caught { mover: crusher }));
}

/// Jumps off a floor sliding east at 4 blocks a second; returns how far east
/// the body went in the air, against the floor.
fn jump_off_a_moving_floor(leave: LeavePlatform) -> (f64, f64, Vec<Event>) {
    let mut settings = Settings::default();
    settings.collisions.leave_platform = leave;
    let mut sim = Simulation::new(World::new(), settings).unwrap();
    let floor = mover(
        &sim,
        slab(0, 30, 0, 3),
        [0.0, 10.0, 0.0],
        Drive::Velocity(DVec3::new(4.0, 0.0, 0.0)),
    );
    let floor = sim.add_mover(floor).unwrap();
    let body = sim.add_body(Body::new(DVec3::new(3.5, 11.0, 2.0), Body::DEFAULT_SIZE).unwrap());
    run(&mut sim, body, Input::IDLE, 5);
    let (x0, f0) = (
        sim.body(body).unwrap().feet().x,
        sim.mover(floor).unwrap().position().x,
    );
    let mut events = run(&mut sim, body, Input::parse("jump").unwrap(), 1);
    events.extend(run(&mut sim, body, Input::IDLE, 30));
    let (x1, f1) = (
        sim.body(body).unwrap().feet().x,
        sim.mover(floor).unwrap().position().x,
    );
    (x1 - x0, f1 - f0, events)
}

#[test]
fn a_body_jumping_off_a_moving_floor_keeps_its_velocity_as_the_setting_says() {
    let (kept, floor, events) = jump_off_a_moving_floor(LeavePlatform::Velocity);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Alighted { kept, .. } if (kept.x - 4.0).abs() < 1e-9)),
        "{events:?}"
    );
    // In the air the kept velocity slows as any momentum does (0.91 each
    // 1/20 s), so the body lands behind where it left the floor, but far
    // ahead of a body that kept nothing.
    let (nothing, _, _) = jump_off_a_moving_floor(LeavePlatform::Nothing);
    let (upward, _, _) = jump_off_a_moving_floor(LeavePlatform::Upward);
    assert!((floor - 31.0 * 0.2).abs() < 1e-9);
    assert!(kept > nothing + 1.0, "kept {kept}, nothing {nothing}");
    assert_eq!(upward, nothing); // a floor moving sideways gives nothing upward
    // Keeping nothing, the body stands still in the air until it lands on
    // the floor again, which then carries it.
    assert!(nothing < floor - 1.0);
}

#[test]
fn a_body_jumping_off_a_rising_lift_keeps_its_upward_velocity() {
    let apex = |leave: LeavePlatform| {
        let mut settings = Settings::default();
        settings.collisions.leave_platform = leave;
        let mut sim = Simulation::new(World::new(), settings).unwrap();
        let lift = mover(
            &sim,
            slab(0, 2, 0, 2),
            [0.0, 0.0, 0.0],
            Drive::Velocity(DVec3::new(0.0, 3.0, 0.0)),
        );
        let lift = sim.add_mover(lift).unwrap();
        let body = sim.add_body(Body::new(DVec3::new(1.5, 1.0, 1.5), Body::DEFAULT_SIZE).unwrap());
        run(&mut sim, body, Input::IDLE, 5);
        run(&mut sim, body, Input::parse("jump").unwrap(), 1);
        let mut apex: f64 = 0.0;
        for _ in 0..30 {
            run(&mut sim, body, Input::IDLE, 1);
            let above = sim.body(body).unwrap().feet().y - sim.mover(lift).unwrap().bounds().max.y;
            apex = apex.max(above);
        }
        apex
    };
    let (all, upward, nothing) = (
        apex(LeavePlatform::Velocity),
        apex(LeavePlatform::Upward),
        apex(LeavePlatform::Nothing),
    );
    assert_eq!(all, upward);
    assert!(all > nothing + 0.3, "{all} against {nothing}");
}

/// A lift going up and down, a floor sliding back and forth through it,
/// and two bodies: one riding, one walking about.
fn busy_world() -> (Simulation, [voxwalk::controller::BodyHandle; 2]) {
    let mut sim = Simulation::new(stone_floor(30), Settings::default()).unwrap();
    let lift = mover(
        &sim,
        slab(0, 2, 0, 2),
        [0.0, 0.0, 0.0],
        path(&[[0.0; 3], [0.0, 6.0, 0.0]], 3.0, 0.5, PathEnds::PingPong),
    );
    let floor = mover(
        &sim,
        slab(0, 3, 0, 1),
        [6.0, 3.0, 4.0],
        path(&[[0.0; 3], [-8.0, 0.0, 0.0]], 2.5, 0.0, PathEnds::PingPong),
    );
    sim.add_mover(lift).unwrap();
    sim.add_mover(floor).unwrap();
    let rider = sim.add_body(Body::new(DVec3::new(1.5, 1.0, 1.5), Body::DEFAULT_SIZE).unwrap());
    let walker = sim.add_body(Body::new(DVec3::new(4.5, 0.0, 1.5), Body::DEFAULT_SIZE).unwrap());
    (sim, [rider, walker])
}

fn busy_inputs(tick: u64) -> Input {
    let keys = [
        "west",
        "west+jump",
        "north",
        "east+sprint",
        "south+sneak",
        "idle",
    ];
    Input::parse(keys[(tick / 7 % keys.len() as u64) as usize]).unwrap()
}

#[test]
fn a_run_with_movers_restored_from_its_state_goes_on_bit_for_bit() {
    let (mut sim, [rider, walker]) = busy_world();
    let step = |sim: &mut Simulation| {
        let tick = sim.ticks_run();
        sim.step(&[(rider, Input::IDLE), (walker, busy_inputs(tick))])
            .unwrap();
    };
    for _ in 0..60 {
        step(&mut sim);
    }
    let saved = sim.state();
    for _ in 0..120 {
        step(&mut sim);
    }
    let first = sim.state();
    sim.restore(saved.clone()).unwrap();
    for _ in 0..120 {
        step(&mut sim);
    }
    assert_eq!(sim.state(), first);
    // A state whose mover does not match the world's blocks is refused.
    let mut bad = saved;
    let (handle, _) = bad.movers.iter().next().unwrap();
    bad.movers.get_mut(handle).unwrap().drive = Drive::Velocity(DVec3::NAN);
    assert!(sim.restore(bad).is_err());
}

#[test]
fn a_game_with_its_own_bodies_moves_them_as_a_simulation_does() {
    let (mut sim, [rider, walker]) = busy_world();
    let mut movers = sim.movers().clone();
    let world = sim.world().clone();
    let mut bodies = [*sim.body(rider).unwrap(), *sim.body(walker).unwrap()];
    let mut controller = voxwalk::controller::Controller::new(Settings::default()).unwrap();
    let (mut carried, mut events) = (Vec::new(), Vec::new());
    for tick in 0..200 {
        let input = busy_inputs(tick);
        sim.step(&[(rider, Input::IDLE), (walker, input)]).unwrap();
        controller
            .move_movers(&world, &mut movers, &mut bodies, &mut carried)
            .unwrap();
        controller
            .tick_among(&world, &movers, &mut bodies[0], Input::IDLE, &mut events)
            .unwrap();
        controller
            .tick_among(&world, &movers, &mut bodies[1], input, &mut events)
            .unwrap();
        // The two bodies never meet, so the simulation's pushes between
        // bodies change nothing.
        assert_eq!(bodies[0], *sim.body(rider).unwrap(), "tick {tick}");
        assert_eq!(bodies[1], *sim.body(walker).unwrap(), "tick {tick}");
    }
    assert_eq!(&movers, sim.movers());
}

#[test]
fn a_mover_stops_against_the_world_unless_it_passes_through_blocks() {
    for through in [false, true] {
        let mut world = stone_floor(20);
        world.fill(IVec3::new(8, 0, -2), IVec3::new(8, 3, 2), BlockId::BRICK);
        let mut sim = Simulation::new(world, Settings::default()).unwrap();
        let mut floor = mover(
            &sim,
            slab(0, 1, 0, 1),
            [0.0, 1.0, 0.0],
            Drive::Velocity(DVec3::new(5.0, 0.0, 0.0)),
        );
        floor.through_blocks = through;
        let floor = sim.add_mover(floor).unwrap();
        for _ in 0..40 {
            sim.step(&[]).unwrap();
        }
        let x = sim.mover(floor).unwrap().position().x;
        if through {
            assert!((x - 10.0).abs() < 1e-9, "{x}");
        } else {
            assert!((x - (6.0 - CONTACT_GAP)).abs() < 1e-9, "{x}");
        }
    }
}

#[test]
fn queries_see_movers_where_they_are() {
    let (mut sim, _) = busy_world();
    for _ in 0..30 {
        sim.step(&[]).unwrap();
    }
    let (lift, m) = sim.movers().iter().next().unwrap();
    let top = m.bounds().max.y;
    assert!(top > 2.0);
    let eye = DVec3::new(1.5, 20.0, 1.5);
    let hit =
        voxwalk::resolver::cast_ray(&sim.movers().around(sim.world()), eye, DVec3::NEG_Y, 50.0)
            .unwrap()
            .unwrap();
    assert!((hit.point.y - top).abs() < 1e-9);
    let named = sim
        .movers()
        .cast_ray(eye, DVec3::NEG_Y, 50.0)
        .unwrap()
        .unwrap();
    assert_eq!((named.mover, named.distance), (lift, hit.distance));
    // Without the movers the ray falls to the ground.
    let ground = voxwalk::resolver::cast_ray(sim.world(), eye, DVec3::NEG_Y, 50.0)
        .unwrap()
        .unwrap();
    assert_eq!(ground.point.y, 0.0);
    let mut met = Vec::new();
    let region = voxwalk::geometry::Aabb::new(
        DVec3::new(0.0, top - 0.5, 0.0),
        DVec3::new(1.0, top + 0.5, 1.0),
    );
    sim.movers()
        .blocks_in_box(&region, |handle, block| met.push((handle, block.cell)));
    assert_eq!(met, [(lift, IVec3::ZERO)]);
}

/// A simulation holds at most `MAX_MOVER_SLOTS` movers, as many as a saved
/// state may: the next is refused by name (it used to panic only past 2³²,
/// and a simulation of more than a state's limit could not be restored).
#[test]
fn movers_past_the_limit_are_refused_by_name() {
    use voxwalk::movers::limits::MAX_MOVER_SLOTS;
    use voxwalk::movers::{MoverError, Movers};
    let registry = voxwalk::block::BlockRegistry::built_in();
    let mover = Mover::new(registry, [(IVec3::ZERO, BlockId::STONE)], DVec3::ZERO).unwrap();
    let mut movers = Movers::new();
    for _ in 0..MAX_MOVER_SLOTS {
        movers.add(mover.clone()).unwrap();
    }
    assert_eq!(
        movers.add(mover.clone()),
        Err(MoverError::TooManyMovers {
            limit: MAX_MOVER_SLOTS
        })
    );
    assert_eq!(movers.len(), MAX_MOVER_SLOTS);
    // A freed slot is taken again.
    let (first, _) = movers.iter().next().unwrap();
    movers.remove(first).unwrap();
    assert!(movers.add(mover).is_ok());
}
