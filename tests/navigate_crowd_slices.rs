//! A crowd's planning in slices of its work per tick: plans made within
//! the work a tick allows are the plans made at once, the same on 1, 2 and
//! 16 threads, and a body with no way is planned for less and less often.

mod support;

use glam::{DVec3, IVec3};
use support::errands::send_across;
use support::reference_resolver::overlaps_solid;
use support::terrain::bumpy_terrain;
use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Settings, Simulation};
use voxwalk::navigate::{CoarseLayer, Crowd, CrowdEvent, Goal, LayerShape, Planner, Step};
use voxwalk::world::World;

/// What one run of the crowd came to.
#[derive(Debug, PartialEq)]
struct Run {
    /// Each body's first plan, as its steps, and the tick it was made
    /// (none for a body on a pillar of brick, which has no way down).
    plans: Vec<Option<(Vec<Step>, u32)>>,
    /// The most work the crowd's planning did in a tick, and in all.
    most: u64,
    all: u64,
    arrived: usize,
    /// Each body's feet at the end, bit for bit.
    ends: Vec<[u64; 3]>,
}

/// A simulation of `world` and a crowd planning `work_per_tick` a tick,
/// over a coarse layer of 8 × 8 clusters built as plans reach it where
/// `layer`.
fn crowd_on(world: &World, work_per_tick: u64, layer: bool) -> (Simulation<World>, Crowd) {
    let sim = Simulation::new(world.clone(), Settings::default()).unwrap();
    let mut crowd = Crowd::new();
    crowd.work_per_tick = work_per_tick;
    if layer {
        let planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
        let shape = LayerShape::new(0, 47).with_cluster_size(8);
        crowd.set_layer(CoarseLayer::new(planner, shape));
    }
    (sim, crowd)
}

/// 24 bodies on 48 × 48 bumpy terrain, each sent 30 to 50 blocks across,
/// as one crowd planning `work_per_tick` a tick (over a coarse layer of
/// 8 × 8 clusters where `layer`), for 1,000 ticks.
fn run(world: &World, work_per_tick: u64, layer: bool) -> Run {
    let (mut sim, mut crowd) = crowd_on(world, work_per_tick, layer);
    let handles = send_across(world, &mut sim, &mut crowd);
    let mut plans = vec![None; handles.len()];
    let (mut most, mut all, mut arrived) = (0, 0, 0);
    let mut events = Vec::new();
    for tick in 0..1000 {
        let inputs = crowd.inputs(&mut sim, &mut events).to_vec();
        most = most.max(crowd.worked_last_tick());
        all += crowd.worked_last_tick();
        for &(handle, event) in &events {
            let i = handles.iter().position(|&h| h == handle).unwrap();
            match event {
                CrowdEvent::Planned { again: false, .. } => {
                    plans[i] = Some((crowd.remaining(handle).to_vec(), tick));
                }
                CrowdEvent::Arrived => arrived += 1,
                _ => {}
            }
        }
        sim.step(&inputs).unwrap();
    }
    let ends = handles
        .iter()
        .map(|&h| sim.body(h).unwrap().feet().to_array().map(f64::to_bits))
        .collect();

    Run {
        plans,
        most,
        all,
        arrived,
        ends,
    }
}

/// With no bound a tick, every plan is made in the first tick; within
/// 5,000 work a tick they are made over many ticks, the tick's work stays
/// near that bound, and each plan is the plan made at once (a body
/// waiting for its plan stands still).
#[test]
fn a_crowd_plans_within_its_work_per_tick_and_makes_the_plans_made_at_once() {
    let world = bumpy_terrain(48, 48);
    let at_once = run(&world, u64::MAX, false);
    let sliced = run(&world, 5_000, false);
    println!(
        "at once: {} work in the first tick; sliced: at most {} a tick, {} in all, the last plan at tick {}",
        at_once.most,
        sliced.most,
        sliced.all,
        sliced.plans.iter().flatten().map(|p| p.1).max().unwrap()
    );
    let planned = at_once.plans.iter().flatten().count();
    assert!(planned >= 20, "{planned} of 24 planned for");
    assert!(at_once.plans.iter().flatten().all(|p| p.1 == 0));
    for (a, s) in at_once.plans.iter().zip(&sliced.plans) {
        assert_eq!(
            a.as_ref().map(|p| &p.0),
            s.as_ref().map(|p| &p.0),
            "the same steps"
        );
    }
    assert!(
        sliced.plans.iter().flatten().any(|p| p.1 > 10),
        "{:?}",
        sliced.plans
    );
    assert!(
        at_once.most > 10 * sliced.most,
        "{} {}",
        at_once.most,
        sliced.most
    );
    assert!(sliced.most < 5_000 * 3, "{}", sliced.most);
    assert_eq!(at_once.arrived, planned);
    assert_eq!(sliced.arrived, planned);
}

/// The same crowd over a coarse layer: each plan is the plan the flat
/// planner made at once, made within the tick's work (the layer's
/// clusters built as plans reach them, a plan paused between builds and
/// resumed at the member's next turn, so no tick builds the whole layer).
#[test]
fn a_crowd_over_a_coarse_layer_makes_the_planners_plans() {
    let world = bumpy_terrain(48, 48);
    let at_once = run(&world, u64::MAX, false);
    let layered = run(&world, 50_000, true);
    println!(
        "over the layer: at most {} work a tick, {} in all, the last plan at tick {}",
        layered.most,
        layered.all,
        layered.plans.iter().flatten().map(|p| p.1).max().unwrap()
    );
    let planned = at_once.plans.iter().flatten().count();
    for (a, l) in at_once.plans.iter().zip(&layered.plans) {
        if let (Some(a), Some(l)) = (a, l) {
            assert_eq!(a.0, l.0, "the same steps");
        }
    }
    assert_eq!(layered.plans.iter().flatten().count(), planned);
    assert_eq!(layered.arrived, planned);
    // Its share and the one cluster build or checking walk that crosses
    // it (plans made whole built the whole layer in the first tick:
    // 212,590).
    assert!(layered.most < 2 * 50_000, "{}", layered.most);
}

/// The same crowd over a layer built as plans reach it, 5,000 work a tick,
/// with a wall built across the ways at tick 2 while the plans are half
/// made (their searches, proofs and builds paused) and the crowd told: the
/// paused plans go on over the layer as edited, no body is ever inside a
/// block, and as many arrive as where the wall stood from the start.
#[test]
fn layer_plans_paused_across_an_edit_go_round_it() {
    let world = bumpy_terrain(48, 48);
    let wall = |world: &World| -> Vec<IVec3> {
        (18..=30)
            .flat_map(|z| {
                let ground = (0..64)
                    .rev()
                    .find(|&y| world.block(IVec3::new(30, y, z)) != BlockId::AIR)
                    .unwrap();
                (ground + 1..=ground + 2).map(move |y| IVec3::new(30, y, z))
            })
            .collect()
    };
    let arrivals = |walled_at: u32, layer: bool, work_per_tick: u64| {
        let (mut sim, mut crowd) = crowd_on(&world, work_per_tick, layer);
        let handles = send_across(&world, &mut sim, &mut crowd);
        let (mut arrived, mut paused_at_the_wall) = (0, 0);
        let mut events = Vec::new();
        for tick in 0..1200 {
            if tick == walled_at {
                paused_at_the_wall = handles
                    .iter()
                    .filter(|&&h| crowd.remaining(h).is_empty())
                    .count();
                for cell in wall(&world) {
                    sim.world_mut().set_block(cell, BlockId::BRICK);
                    crowd.edited(cell);
                }
            }
            let inputs = crowd.inputs(&mut sim, &mut events).to_vec();
            arrived += events
                .iter()
                .filter(|(_, e)| *e == CrowdEvent::Arrived)
                .count();
            sim.step(&inputs).unwrap();
            for &h in &handles {
                let body = sim.body(h).unwrap();
                assert!(
                    !overlaps_solid(sim.world(), &body.aabb),
                    "tick {tick}: {:?}",
                    body.feet()
                );
            }
        }
        (arrived, paused_at_the_wall)
    };
    let (walled_from_the_start, _) = arrivals(0, false, u64::MAX);
    let (arrived, waiting) = arrivals(2, true, 5_000);
    println!(
        "{arrived} arrived, {waiting} waiting for their plans when the wall was built; {walled_from_the_start} with the wall from the start"
    );
    assert!(waiting > 10, "{waiting} plans still being made at tick 2");
    assert_eq!(arrived, walled_from_the_start);
}

/// The same crowd, planning in slices, on 1, 2 and 16 threads: the same
/// plans, made at the same ticks, and the same bodies bit for bit.
#[test]
fn a_sliced_crowd_is_the_same_on_any_number_of_threads() {
    let world = bumpy_terrain(48, 48);
    let on = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| run(&world, 5_000, false))
    };
    let one = on(1);
    assert_eq!(one, on(2));
    assert_eq!(one, on(16));
}

/// A body boxed in with its goal outside finds no way; each failure in a
/// row doubles its wait (1, 2, 4, 8, 16 s, then 30 s at most), so over a
/// minute it is planned for 6 times, not 60.
#[test]
fn a_body_with_no_way_is_planned_for_less_and_less_often() {
    let mut world = World::new();
    world.fill(
        IVec3::new(0, 0, 0),
        IVec3::new(20, 0, 20),
        voxwalk::block::BlockId::STONE,
    );
    world.fill(
        IVec3::new(4, 1, 4),
        IVec3::new(8, 4, 8),
        voxwalk::block::BlockId::BRICK,
    );
    world.fill(
        IVec3::new(5, 1, 5),
        IVec3::new(7, 4, 7),
        voxwalk::block::BlockId::AIR,
    );
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let handle = sim.add_body(Body::new(DVec3::new(6.5, 1.0, 6.5), Body::DEFAULT_SIZE).unwrap());
    let mut crowd = Crowd::new();
    crowd.send(handle, Goal::Cell(IVec3::new(18, 1, 18)));
    let mut events = Vec::new();
    let mut no_way = Vec::new();
    for tick in 0..1200 {
        let inputs = crowd.inputs(&mut sim, &mut events).to_vec();
        no_way.extend(
            events
                .iter()
                .filter(|(_, e)| *e == CrowdEvent::NoWay)
                .map(|_| tick),
        );
        sim.step(&inputs).unwrap();
    }
    let gaps: Vec<u32> = no_way.windows(2).map(|w| w[1] - w[0]).collect();
    assert_eq!(gaps, [20, 40, 80, 160, 320], "{no_way:?}");
    assert_eq!(no_way.len(), 6, "{no_way:?}");
}
