//! Planning bounded in work and in memory: over a world built to make
//! each place cost hundreds of simulated ticks (a lake of random bottoms
//! and stepping stones), a default plan stays within its documented work
//! and its step memory within its cap, and a dozen bodies planned for in
//! turn with one shared memory take no more memory than one.

mod support;

use glam::IVec3;
use peak_alloc::PeakAlloc;
use support::terrain::slow_swim_lake;
use support::walking::settled;
use voxwalk::controller::{Body, Settings};
use voxwalk::navigate::{
    DEFAULT_STEP_MEMORY_BYTES, DEFAULT_WORK_BUDGET, Goal, MAX_CHECK_WORK, Plan, Planner, StepMemory,
};

#[global_allocator]
static ALLOCATOR: PeakAlloc = PeakAlloc;

/// The most bytes held at once while `f` ran, above what was held before.
/// The file has one test, so no other test's allocations are counted.
fn peak_of<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = ALLOCATOR.current_usage();
    ALLOCATOR.reset_peak_usage();
    let out = f();
    (out, ALLOCATOR.peak_usage() - before)
}

/// The documented bound on a plan's work ([`Planner::work_budget`]): the
/// budget, one check past it, and the checking walks of the last plan
/// searched (the one returned here was not cut short, or its walks are
/// shorter).
fn work_bound(budget: u64, plan: &Plan) -> u64 {
    let walk = 2 * u64::from(plan.ticks) + 20 * plan.steps.len() as u64 + 40;
    budget + MAX_CHECK_WORK + 2 * walk
}

/// A body on the lake's west bank sent to a cell walled off beyond its
/// east bank: the search runs out of work, never of places.
fn slow_request() -> (voxwalk::world::World, Body, Goal) {
    let world = slow_swim_lake(64, 7);
    let body = settled(&world, -1.5, 32.5, 12.0, Body::DEFAULT_SIZE);
    (world, body, Goal::Cell(IVec3::new(200, 11, 32)))
}

/// Plans over the slow lake: a default one, which runs out of places
/// before work there (the lake holds some 900), and ones whose budgets
/// run out, each within the documented work bound and the best partial
/// plan (it ends nearer the goal than it starts); the step memory within
/// its cap; the same plans with a memory too small to hold them.
fn a_default_plan_over_the_slow_lake_stays_within_its_work_and_memory() {
    let (world, body, goal) = slow_request();
    let memory = StepMemory::default();
    let mut planner =
        Planner::with_memory(Settings::default(), Body::DEFAULT_SIZE, &memory).unwrap();
    let plan = planner.plan(&world, &body, goal).unwrap();
    assert!(
        plan.work <= work_bound(DEFAULT_WORK_BUDGET, &plan),
        "{}",
        plan.work
    );
    assert!(memory.bytes() <= DEFAULT_STEP_MEMORY_BYTES);
    for budget in [5_000, 20_000, 50_000] {
        planner.work_budget = budget;
        let plan = planner.plan(&world, &body, goal).unwrap();
        println!("budget {budget}: {} places, {} work", plan.nodes, plan.work);
        assert!(plan.work >= budget, "ran out of work: {}", plan.work);
        assert!(plan.work <= work_bound(budget, &plan), "{}", plan.work);
    }
    planner.work_budget = 50_000;
    let plan = planner.plan(&world, &body, goal).unwrap();
    println!(
        "slow lake: {} places, {} work, {} steps, {} ticks, {} bytes of step memory",
        plan.nodes,
        plan.work,
        plan.steps.len(),
        plan.ticks,
        memory.bytes()
    );
    assert!(!plan.complete);
    assert!(plan.end().cell.x > body.feet().x as i32, "{:?}", plan.end());
    // A small memory gives the same plan: what it forgets is checked again.
    let small = StepMemory::new(1 << 20);
    let mut forgetful =
        Planner::with_memory(Settings::default(), Body::DEFAULT_SIZE, &small).unwrap();
    forgetful.work_budget = 50_000;
    assert_eq!(forgetful.plan(&world, &body, goal).unwrap(), plan);
    assert!(small.bytes() <= 1 << 20);
}

/// A dozen bodies planned for in turn with one memory, as a scenario's
/// goal bodies are, hold at their peak at most 1.2 times what one does
/// (the plans themselves dropped).
fn a_dozen_planners_sharing_a_memory_hold_what_one_does() {
    let (world, body, goal) = slow_request();
    let size = Body::DEFAULT_SIZE;
    let budget = DEFAULT_WORK_BUDGET / 4;
    let ((), one) = peak_of(|| {
        let memory = StepMemory::default();
        let mut planner = Planner::with_memory(Settings::default(), size, &memory).unwrap();
        planner.work_budget = budget;
        drop(planner.plan(&world, &body, goal));
    });
    let ((), dozen) = peak_of(|| {
        let memory = StepMemory::default();
        let mut planners: Vec<Planner> = (0..12)
            .map(|_| Planner::with_memory(Settings::default(), size, &memory).unwrap())
            .collect();
        for planner in &mut planners {
            planner.work_budget = budget;
            drop(planner.plan(&world, &body, goal));
        }
    });
    println!("peak: one planner {one} bytes, a dozen sharing a memory {dozen} bytes");
    assert!(dozen as f64 <= 1.2 * one as f64, "{dozen} against {one}");
}

/// Twelve plans made at once on 16 threads (`plan_many`, one memory for
/// all the threads) and a crowd of 12 sent over the lake: their peaks
/// against one plan's. Each thread searches at once, so what the searches
/// hold (places, open lists) adds up; the memory of steps does not.
fn many_at_once_over_the_slow_lake() {
    use voxwalk::controller::Simulation;
    use voxwalk::navigate::{Crowd, plan_many};
    let (world, body, goal) = slow_request();
    let budget = DEFAULT_WORK_BUDGET / 4;
    let ((), one) = peak_of(|| {
        let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
        planner.work_budget = budget;
        drop(planner.plan(&world, &body, goal));
    });
    let requests = vec![(body, goal); 12];
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(16)
        .build()
        .unwrap();
    let ((), sixteen) = peak_of(|| {
        pool.install(|| drop(plan_many(&world, &Settings::default(), &requests, budget)));
    });
    let ((), crowd) = peak_of(|| {
        let mut sim = Simulation::new(world.clone(), Settings::default()).unwrap();
        let mut crowd = Crowd::new();
        crowd.work_budget = budget;
        for _ in 0..12 {
            let handle = sim.add_body(body);
            crowd.send(handle, goal);
        }
        let mut events = Vec::new();
        pool.install(|| drop(crowd.inputs(&mut sim, &mut events).to_vec()));
    });
    println!(
        "peak: one plan {one} bytes; 12 plans on 16 threads {sixteen} ({:.2}x); \
         a crowd of 12 planned on 16 threads {crowd} ({:.2}x, its world's copy included)",
        sixteen as f64 / one as f64,
        crowd as f64 / one as f64
    );
    // Each thread's search holds its own places (some 3.8 KB a place over
    // this lake), bounded by its work; the memory of steps is held once.
    // Twelve planners of their own would hold twelve of each.
    assert!(sixteen < 12 * one, "{sixteen} against {one}");
    assert!(crowd < 12 * one, "{crowd} against {one}");
}

/// The three in turn: the peaks are measured alone.
#[test]
fn planning_over_the_slow_lake_is_bounded_in_work_and_memory() {
    a_dozen_planners_sharing_a_memory_hold_what_one_does();
    many_at_once_over_the_slow_lake();
    a_default_plan_over_the_slow_lake_stays_within_its_work_and_memory();
}
