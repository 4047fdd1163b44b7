//! Crowds: 200 bodies through a one-wide door with a block placed on a
//! plan mid-walk, the same crowd on any number of threads, and a crowd over
//! a streamed world.

mod support;

use glam::{DVec3, IVec3};
use support::walking::{Walked, settled, walk};
use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Settings};
use voxwalk::navigate::{Goal, Planner, StuckReason};
use voxwalk::world::World;

/// A crowd of 200 in a yard, each sent to a place of its own in the field
/// beyond a one-wide door, as one [`Crowd`](voxwalk::navigate::Crowd); a
/// block is placed on the first body's plan after 100 ticks. All arrive
/// within 3x the ticks the last of them takes alone, the placed block is
/// noticed, and no body goes back and forth between two steps of its
/// plans.
#[test]
fn a_crowd_of_200_goes_through_a_one_wide_door() {
    let spawns: Vec<DVec3> = (0..200)
        .map(|i| {
            DVec3::new(
                2.5 + f64::from(i % 10) * 1.5,
                1.0,
                5.5 + f64::from(i / 10) * 1.5,
            )
        })
        .collect();
    let run = crowd_run(&spawns, 3000);
    println!(
        "200 bodies through a one-wide door: {} arrived, the last at tick {}, {:.2}x the {} ticks \
         it takes alone; {} re-plans ({} stuck: {} no progress, {} a block placed; {} no way); \
         {} went back and forth between two steps, {} between two cells",
        run.arrived,
        run.last,
        f64::from(run.last) / f64::from(run.alone),
        run.alone,
        run.replans,
        run.no_progress + run.blocked,
        run.no_progress,
        run.blocked,
        run.no_way,
        run.steps_oscillating,
        run.cells_oscillating,
    );
    assert_eq!(run.arrived, 200);
    assert!(run.last <= 3 * run.alone, "{} ticks", run.last);
    assert!(run.blocked > 0, "the placed block was not noticed");
    assert_eq!(run.steps_oscillating, 0);
}

/// A crowd moves the same on any number of threads: sixty bodies of the
/// door yard for 200 ticks, on one thread and on three, bit for bit.
#[cfg(feature = "parallel")]
#[test]
fn a_crowd_moves_the_same_on_any_number_of_threads() {
    use voxwalk::controller::Simulation;
    use voxwalk::navigate::Crowd;
    let run = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let mut sim = Simulation::new(door_yard(), Settings::default()).unwrap();
            let mut crowd = Crowd::new();
            for i in 0..60 {
                let at = DVec3::new(10.5 + f64::from(i % 6), 1.0, 14.5 + f64::from(i / 6));
                let handle = sim.add_body(Body::new(at, Body::DEFAULT_SIZE).unwrap());
                crowd.send(
                    handle,
                    Goal::Cell(IVec3::new(26 + 2 * (i % 6), 1, 10 + 2 * (i / 6))),
                );
            }
            let mut events = Vec::new();
            for _ in 0..200 {
                let inputs = crowd.inputs(&mut sim, &mut events).to_vec();
                sim.step(&inputs).unwrap();
            }
            sim.bodies()
                .iter()
                .map(|b| b.feet().to_array().map(f64::to_bits))
                .collect::<Vec<_>>()
        })
    };
    assert_eq!(run(1), run(3));
}

/// What a crowd's run through the door yard came to.
struct CrowdRun {
    arrived: usize,
    /// The tick the last one arrived.
    last: u32,
    /// The ticks the last one to arrive takes alone.
    alone: u32,
    replans: u32,
    no_progress: u32,
    blocked: u32,
    no_way: u32,
    /// Bodies whose step being made went A B A B A B.
    steps_oscillating: usize,
    /// Bodies whose cell stood in went A B A B A B (jostled in the crowd).
    cells_oscillating: usize,
}

/// Bodies at `spawns` sent through the door yard's door as one crowd, each
/// to a place of its own, for at most `limit` ticks; a block is placed on
/// the first body's plan, past the door, at tick 100.
fn crowd_run(spawns: &[DVec3], limit: u32) -> CrowdRun {
    use voxwalk::controller::Simulation;
    use voxwalk::navigate::{Crowd, CrowdEvent};
    let world = door_yard();
    // Rows two blocks apart in the field, as a game sends a crowd out of a
    // hall.
    let goals: Vec<Goal> = (0..spawns.len())
        .map(|i| {
            let i = i32::try_from(i).unwrap();
            Goal::Cell(IVec3::new(26 + 2 * (i % 10), 1, 1 + 2 * (i / 10)))
        })
        .collect();
    let mut sim = Simulation::new(world.clone(), Settings::default()).unwrap();
    let handles: Vec<_> = spawns
        .iter()
        .map(|&s| sim.add_body(Body::new(s, Body::DEFAULT_SIZE).unwrap()))
        .collect();
    for _ in 0..5 {
        sim.step(&[]).unwrap();
    }
    let mut crowd = Crowd::new();
    crowd.work_budget = 1_000_000;
    for (&h, &goal) in handles.iter().zip(&goals) {
        crowd.send(h, goal);
    }
    let n = spawns.len();
    let mut arrived_at = vec![None; n];
    let (mut replans, mut no_progress, mut blocked, mut no_way) = (0, 0, 0, 0);
    let (mut cells, mut aims): (Vec<Vec<IVec3>>, Vec<Vec<IVec3>>) =
        (vec![vec![]; n], vec![vec![]; n]);
    let mut events = Vec::new();
    for tick in 0..limit {
        if tick == 100 {
            // The first place past the door's own exit: where the paths
            // along the wall beyond it run.
            let path: Vec<IVec3> = crowd
                .remaining(handles[0])
                .iter()
                .map(|s| s.to.cell)
                .collect();
            let cell = path.iter().find(|c| c.x == 21 && c.z != 20).unwrap();
            sim.world_mut().set_block(*cell, BlockId::STONE);
        }
        let inputs = crowd.inputs(&mut sim, &mut events).to_vec();
        for &(h, event) in &events {
            let i = handles.iter().position(|&x| x == h).unwrap();
            match event {
                CrowdEvent::Arrived => arrived_at[i] = Some(tick),
                CrowdEvent::Planned { again: true, .. } => replans += 1,
                CrowdEvent::Stuck(StuckReason::Blocked) => blocked += 1,
                CrowdEvent::Stuck(_) => no_progress += 1,
                CrowdEvent::NoWay => no_way += 1,
                CrowdEvent::Planned { .. } => {}
            }
        }
        for (i, &h) in handles.iter().enumerate() {
            let body = sim.body(h).unwrap();
            let cell = body.feet().floor().as_ivec3();
            if body.grounded && cells[i].last() != Some(&cell) {
                cells[i].push(cell);
            }
            if let Some(step) = crowd.remaining(h).first()
                && aims[i].last() != Some(&step.to.cell)
            {
                aims[i].push(step.to.cell);
            }
        }
        sim.step(&inputs).unwrap();
        if arrived_at.iter().all(Option::is_some) {
            break;
        }
    }
    let last_body = (0..n)
        .max_by_key(|&i| arrived_at[i].unwrap_or(u32::MAX))
        .unwrap();
    CrowdRun {
        arrived: arrived_at.iter().flatten().count(),
        last: arrived_at.iter().flatten().max().copied().unwrap_or(0),
        alone: alone_ticks(&world, spawns[last_body], goals[last_body]),
        replans,
        no_progress,
        blocked,
        no_way,
        steps_oscillating: aims.iter().filter(|v| back_and_forth(v)).count(),
        cells_oscillating: cells.iter().filter(|v| back_and_forth(v)).count(),
    }
}

/// A yard walled at x = 20 with a one-wide door at z = 20, a field beyond.
fn door_yard() -> World {
    let mut world = World::new();
    world.fill(IVec3::new(0, 0, 0), IVec3::new(47, 0, 40), BlockId::STONE);
    world.fill(IVec3::new(20, 1, 0), IVec3::new(20, 3, 40), BlockId::BRICK);
    world.fill(IVec3::new(20, 1, 20), IVec3::new(20, 2, 20), BlockId::AIR);
    world
}

/// The ticks a body at `spawn` alone takes to walk its plan to `goal`.
fn alone_ticks(world: &World, spawn: DVec3, goal: Goal) -> u32 {
    let mut body = settled(world, spawn.x, spawn.z, 1.0, Body::DEFAULT_SIZE);
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let plan = planner.plan(world, &body, goal).unwrap();
    match walk(world, &mut body, &plan, 4000) {
        Walked::Arrived { ticks } => ticks,
        other => panic!("the body alone: {other:?}"),
    }
}

/// Back and forth between two cells: A B A B A B among the cells a body
/// stood in, one after another.
fn back_and_forth(cells: &[IVec3]) -> bool {
    cells
        .windows(6)
        .any(|w| w[0] != w[1] && w[0] == w[2] && w[2] == w[4] && w[1] == w[3] && w[3] == w[5])
}

/// A crowd over a streamed world: ten bodies sent 120 blocks over a
/// generated world streamed 2 chunks around them plan to the edge of what
/// is loaded, walk there, plan again, and all arrive.
#[cfg(feature = "generate")]
#[test]
fn a_crowd_over_a_streamed_world_goes_on_as_columns_arrive() {
    use voxwalk::controller::Simulation;
    use voxwalk::generate::{Generator, Preset};
    use voxwalk::navigate::{Crowd, CrowdEvent};
    use voxwalk::streaming::{StreamSettings, StreamingWorld};
    let settings = StreamSettings {
        view_distance: 2,
        ..StreamSettings::default()
    };
    let world = StreamingWorld::new(Generator::new(Preset::Flat, 3), settings);
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let mut crowd = Crowd::new();
    let mut handles = Vec::new();
    for i in 0..10 {
        let z = 8 + 2 * i;
        let body = Body::new(DVec3::new(8.5, 5.0, f64::from(z) + 0.5), Body::DEFAULT_SIZE);
        let handle = sim.add_body(body.unwrap());
        crowd.send(handle, Goal::Cell(IVec3::new(128, 5, z)));
        handles.push(handle);
    }
    let (mut events, mut arrived, mut partial_plans) = (Vec::new(), 0, 0);
    for _ in 0..2000 {
        sim.stream().unwrap();
        let known = |world: &StreamingWorld<Generator>, column| world.holds_column(column);
        let inputs = crowd.inputs_within(&mut sim, &known, &mut events).to_vec();
        for (_, event) in &events {
            match event {
                CrowdEvent::Arrived => arrived += 1,
                CrowdEvent::Planned {
                    complete: false, ..
                } => partial_plans += 1,
                CrowdEvent::Stuck(why) => panic!("stuck: {why:?}"),
                _ => {}
            }
        }
        sim.step(&inputs).unwrap();
        if arrived == handles.len() {
            break;
        }
    }
    assert_eq!(arrived, handles.len(), "{partial_plans} partial plans");
    println!("ten bodies 120 blocks over a streamed world: {partial_plans} plans to the edge");
    assert!(
        partial_plans >= 20,
        "{partial_plans}: each body met the edge"
    );
    for (i, &h) in handles.iter().enumerate() {
        let cell = sim.body(h).unwrap().feet().floor().as_ivec3();
        assert_eq!(cell, IVec3::new(128, 5, 8 + 2 * i32::try_from(i).unwrap()));
    }
}

/// A plan in flight is made again only when an edit touches the box a step
/// left was checked by: a block placed well off the way changes nothing; a
/// hole dug in the floor 20 blocks ahead (not the step being made) is
/// noticed at once, and the body goes round it.
#[test]
fn an_edit_is_noticed_where_it_touches_a_step_left_and_only_there() {
    use voxwalk::controller::Simulation;
    use voxwalk::navigate::{Crowd, CrowdEvent};
    let mut world = World::new();
    world.fill(IVec3::new(0, 0, 0), IVec3::new(40, 0, 8), BlockId::STONE);
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let body = Body::new(DVec3::new(1.5, 1.0, 4.5), Body::DEFAULT_SIZE).unwrap();
    let handle = sim.add_body(body);
    let mut crowd = Crowd::new();
    let goal = IVec3::new(38, 1, 4);
    crowd.send(handle, Goal::Cell(goal));
    let mut events = Vec::new();
    let mut told = Vec::new();
    for tick in 0..400 {
        let edit = match tick {
            10 => Some((IVec3::new(20, 1, 8), BlockId::STONE)),
            20 => Some((IVec3::new(30, 0, 4), BlockId::AIR)),
            _ => None,
        };
        if let Some((cell, block)) = edit {
            sim.world_mut().set_block(cell, block);
            crowd.edited(cell);
        }
        let inputs = crowd.inputs(&mut sim, &mut events).to_vec();
        told.extend(events.iter().map(|&(_, e)| (tick, e)));
        sim.step(&inputs).unwrap();
        if crowd.arrived(handle) {
            break;
        }
    }
    let stuck: Vec<_> = told
        .iter()
        .filter(|(_, e)| matches!(e, CrowdEvent::Stuck(_)))
        .collect();
    assert_eq!(
        stuck,
        [&(20, CrowdEvent::Stuck(StuckReason::Blocked))],
        "{told:?}"
    );
    assert!(crowd.arrived(handle), "{told:?}");
    assert_eq!(sim.body(handle).unwrap().feet().floor().as_ivec3(), goal);
}
