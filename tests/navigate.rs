//! The planner and the follower: every plan is walked as it was checked,
//! gaps are leapt as far as the movement model leaps, bodies of any size
//! find their way, and a follower blocked by an edit notices and plans again.

mod support;

use std::borrow::Cow;

use glam::{DVec3, IVec3};
use proptest::prelude::*;
use support::controls::cases;
use support::parkour::{PLATFORM_TOP, parkour_course};
use support::reference_resolver::overlaps_solid;
use support::terrain::{bumpy_terrain, flooded_terrain};
use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Controller, Input, Settings};
use voxwalk::navigate::{FollowEvent, Follower, Goal, Plan, Planner, StepKind, StuckReason};
use voxwalk::world::World;

/// What walking a plan came to.
#[derive(Debug, PartialEq)]
enum Walked {
    Arrived { ticks: u32 },
    Stuck { ticks: u32, why: StuckReason },
    OutOfTime,
}

/// Walks `plan` with a follower from `body`, checking every tick that the
/// body is inside no block.
fn walk(world: &World, body: &mut Body, plan: &Plan, limit: u32) -> Walked {
    let mut controller = Controller::new(Settings::default()).unwrap();
    let mut follower = Follower::new(plan, body.feet(), 0.6);
    let mut events = Vec::new();
    for tick in 0..limit {
        let (input, event) = follower.input(body);
        match event {
            Some(FollowEvent::Arrived) => return Walked::Arrived { ticks: tick },
            Some(FollowEvent::Stuck(why)) => return Walked::Stuck { ticks: tick, why },
            _ => {}
        }
        if follower.done() {
            return Walked::Arrived { ticks: tick };
        }
        events.clear();
        controller.tick(world, body, input, &mut events).unwrap();
        assert!(
            !overlaps_solid(world, &body.aabb),
            "tick {tick}: {:?}",
            body.aabb
        );
    }
    Walked::OutOfTime
}

/// A body of `size` at rest on whatever is under `(x, z)`.
fn settled(world: &World, x: f64, z: f64, top: f64, size: DVec3) -> Body {
    let mut body = Body::new(DVec3::new(x, top, z), size).unwrap();
    let mut controller = Controller::new(Settings::default()).unwrap();
    let mut events = Vec::new();
    for _ in 0..80 {
        controller
            .tick(world, &mut body, Input::IDLE, &mut events)
            .unwrap();
    }
    body
}

/// A strip of floor three wide with a gap of `gap` empty columns.
fn gap_course(gap: i32) -> World {
    let mut world = World::new();
    world.fill(IVec3::new(0, 0, 0), IVec3::new(4, 0, 2), BlockId::STONE);
    let far = 5 + gap;
    world.fill(
        IVec3::new(far, 0, 0),
        IVec3::new(far + 6, 0, 2),
        BlockId::STONE,
    );
    world
}

/// Minecraft's sprint-jump clears a 4-block gap and not a 5-block one: the
/// planner leaps 1 to 4 (walked in the predicted ticks), and plans none
/// over 5.
#[test]
fn gaps_are_leapt_up_to_four_and_never_five() {
    for gap in 1..=5 {
        let world = gap_course(gap);
        let mut body = settled(&world, 1.5, 1.5, 1.0, Body::DEFAULT_SIZE);
        let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
        let goal = IVec3::new(5 + gap + 3, 1, 1);
        let plan = planner.plan(&world, &body, Goal::Cell(goal)).unwrap();
        if gap == 5 {
            assert!(!plan.complete, "a 5-block gap planned: {plan:?}");
            continue;
        }
        assert!(plan.complete, "gap {gap}: {plan:?}");
        assert!(
            plan.steps
                .iter()
                .any(|s| matches!(s.kind, StepKind::Leap { .. })),
            "gap {gap} crossed without a leap: {plan:?}"
        );
        let walked = walk(&world, &mut body, &plan, 400);
        assert_eq!(walked, Walked::Arrived { ticks: plan.ticks }, "gap {gap}");
        assert_eq!(body.feet().floor().as_ivec3(), goal);
    }
}

/// Bodies of any size: a cube one block on a side and a giant two wide
/// and three tall find their way over the same hills as a player.
#[test]
fn bodies_of_any_size_walk_their_plans_over_hills() {
    let world = bumpy_terrain(24, 24);
    for size in [
        Body::DEFAULT_SIZE,
        DVec3::new(1.0, 1.0, 1.0),
        DVec3::new(1.9, 2.9, 1.9),
    ] {
        let mut body = settled(&world, 3.5, 3.5, 40.0, size);
        let mut planner = Planner::new(Settings::default(), size).unwrap();
        let plan = planner
            .plan(&world, &body, Goal::Column { x: 19, z: 17 })
            .unwrap();
        assert!(!plan.steps.is_empty(), "{size}: {plan:?}");
        let walked = walk(&world, &mut body, &plan, 2000);
        assert_eq!(walked, Walked::Arrived { ticks: plan.ticks }, "{size}");
        if plan.complete {
            let cell = body.feet().floor().as_ivec3();
            assert_eq!((cell.x, cell.z), (19, 17), "{size}");
        }
    }
}

/// A wall built across a plan mid-walk: the follower notices it gets no
/// closer, a new plan goes round, and the body arrives.
#[test]
fn a_wall_built_on_the_path_is_noticed_and_walked_round() {
    let mut world = World::new();
    world.fill(IVec3::new(0, 0, 0), IVec3::new(20, 0, 4), BlockId::STONE);
    let goal = Goal::Cell(IVec3::new(18, 1, 1));
    let mut body = settled(&world, 1.5, 1.5, 1.0, Body::DEFAULT_SIZE);
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let plan = planner.plan(&world, &body, goal).unwrap();
    assert_eq!(walk(&world, &mut body, &plan, 10), Walked::OutOfTime);
    // Two blocks high across z 0..3; z = 4 stays open.
    world.fill(IVec3::new(10, 1, 0), IVec3::new(10, 2, 3), BlockId::STONE);
    let walked = walk(&world, &mut body, &plan, 400);
    assert!(
        matches!(
            walked,
            Walked::Stuck {
                why: StuckReason::NoProgress,
                ..
            }
        ),
        "{walked:?}"
    );
    let again = planner.plan(&world, &body, goal).unwrap();
    assert!(again.complete, "{again:?}");
    assert_eq!(
        walk(&world, &mut body, &again, 600),
        Walked::Arrived { ticks: again.ticks }
    );
    assert_eq!(body.feet().floor().as_ivec3(), IVec3::new(18, 1, 1));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(24)))]

    /// Random start and goal columns over hills with slabs, posts and
    /// pillars: wherever the planner returns a plan, a follower walks it
    /// from the body as it is to where it ends, in exactly the predicted
    /// ticks, never inside a block, never stuck.
    #[test]
    fn every_plan_over_hills_is_walked_as_predicted(
        start in (1i32..23, 1i32..23),
        goal in (1i32..23, 1i32..23),
    ) {
        let world = bumpy_terrain(24, 24);
        let (x, z) = (f64::from(start.0) + 0.5, f64::from(start.1) + 0.5);
        let mut body = settled(&world, x, z, 40.0, Body::DEFAULT_SIZE);
        let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
        planner.node_budget = 3_000;
        let Ok(plan) = planner.plan(&world, &body, Goal::Column { x: goal.0, z: goal.1 }) else {
            return Ok(()); // a body resting on a pillar's corner stands on no cell's middle
        };
        let end = plan.end();
        let walked = walk(&world, &mut body, &plan, 4000);
        prop_assert_eq!(walked, Walked::Arrived { ticks: plan.ticks });
        prop_assert_eq!(body.feet().floor().as_ivec3(), end.cell);
    }

    /// The same over hills flooded to y = 18: a lake where the ground lies
    /// low, too deep to stand in at its middle.
    #[test]
    fn every_plan_over_flooded_hills_is_walked_as_predicted(
        start in (8i32..36, 4i32..34),
        goal in (8i32..36, 4i32..34),
    ) {
        let world = flooded_terrain(48, 48, 18);
        let (x, z) = (f64::from(start.0) + 0.5, f64::from(start.1) + 0.5);
        let mut body = settled(&world, x, z, 40.0, Body::DEFAULT_SIZE);
        let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
        planner.node_budget = 3_000;
        let Ok(plan) = planner.plan(&world, &body, Goal::Column { x: goal.0, z: goal.1 }) else {
            return Ok(()); // afloat, or on a pillar's corner: on no cell's middle
        };
        let end = plan.end();
        let walked = walk(&world, &mut body, &plan, 4000);
        prop_assert_eq!(walked, Walked::Arrived { ticks: plan.ticks });
        prop_assert_eq!(body.feet().floor().as_ivec3(), end.cell);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(24)))]

    /// Random parkour courses, gaps of 1 to 5 between platforms up to a
    /// block higher or lower: from a random platform to another, every plan
    /// is walked as predicted, and no complete plan crosses a gap of 5.
    #[test]
    fn every_plan_over_a_parkour_course_is_walked_as_predicted(
        seed in 0u64..1_000_000,
        from in 0usize..8,
        to in 0usize..8,
    ) {
        let (world, spans) = parkour_course(seed, 8);
        let middle = |i: usize| spans[i].0 + (spans[i].1 - spans[i].0) / 2;
        let top = f64::from(PLATFORM_TOP + 4);
        let mut body = settled(&world, f64::from(middle(from)) + 0.5, 1.5, top, Body::DEFAULT_SIZE);
        let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
        planner.node_budget = 3_000;
        let plan = planner.plan(&world, &body, Goal::Column { x: middle(to), z: 1 }).unwrap();
        let end = plan.end();
        for step in &plan.steps {
            if let StepKind::Leap { takeoff, .. } = step.kind {
                // Empty columns between the takeoff and the landing.
                let across = (step.to.cell.x - takeoff.x).abs() - 1;
                prop_assert!(across <= 4, "a leap over {} columns: {:?}", across, step);
            }
        }
        let walked = walk(&world, &mut body, &plan, 4000);
        prop_assert_eq!(walked, Walked::Arrived { ticks: plan.ticks });
        prop_assert_eq!(body.feet().floor().as_ivec3(), end.cell);
    }
}

/// The places a body may start from or be sent to in a world with caves:
/// in a random column, the first cell going down from a random height
/// (else up from it) with room for the body and something to stand on.
#[cfg(feature = "generate")]
fn cave_place(world: &World, r: u64, side: i32) -> Option<IVec3> {
    use voxwalk::world::BlockSource;
    let x = 2 + (r % (side as u64 - 4)) as i32;
    let z = 2 + ((r >> 12) % (side as u64 - 4)) as i32;
    let from = 8 + ((r >> 24) % 72) as i32;
    let room = |c: IVec3| {
        !world.is_solid_at(c) && !world.is_solid_at(c + IVec3::Y) && world.is_solid_at(c - IVec3::Y)
    };
    (1..from)
        .rev()
        .chain(from..95)
        .map(|y| IVec3::new(x, y, z))
        .find(|&c| room(c))
}

/// The generated caves world the cave tests plan over.
#[cfg(feature = "generate")]
fn caves() -> &'static World {
    use voxwalk::generate::{Generator, Preset};
    static CAVES: std::sync::OnceLock<World> = std::sync::OnceLock::new();
    CAVES.get_or_init(|| Generator::new(Preset::Caves, 11).sized(IVec3::new(48, 96, 48)))
}

#[cfg(feature = "generate")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(24)))]

    /// Random places in a generated world with tunnels and caverns, on the
    /// surface and below it: every plan from one to another is walked as
    /// predicted.
    #[test]
    fn every_plan_through_caves_is_walked_as_predicted(r in any::<u64>()) {
        let world = caves();
        let (Some(from), Some(to)) = (cave_place(world, r, 48), cave_place(world, r >> 5 ^ r << 7, 48)) else {
            return Ok(());
        };
        let top = f64::from(from.y);
        let mut body = settled(world, f64::from(from.x) + 0.5, f64::from(from.z) + 0.5, top, Body::DEFAULT_SIZE);
        let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
        planner.node_budget = 3_000;
        let Ok(plan) = planner.plan(world, &body, Goal::Cell(to)) else {
            return Ok(()); // on no cell's middle: a corner, a slope
        };
        let end = plan.end();
        let walked = walk(world, &mut body, &plan, 4000);
        prop_assert_eq!(walked, Walked::Arrived { ticks: plan.ticks });
        prop_assert_eq!(body.feet().floor().as_ivec3(), end.cell);
    }
}

/// The campaigns behind the note: `VOXWALK_NAV_PAIRS` random start and
/// goal columns over 48 × 48 hills (and as many over parkour courses and
/// through caves, below), each plan walked by a follower; prints how many
/// were complete, partial, walked as predicted. Without the variable they
/// run nothing (CI's pass over the ignored tests is for those that need
/// files and tmux, not for campaigns).
#[test]
#[ignore = "a campaign: VOXWALK_NAV_PAIRS=10000 cargo test --release --test navigate -- --ignored --nocapture"]
fn campaign_over_hills() {
    let world = bumpy_terrain(48, 48);
    campaign("hills", 4_000, |i| {
        let r = support::terrain::hash(i);
        let column = |r: u64| (1 + (r % 46) as i32, 1 + ((r >> 8) % 46) as i32);
        let (start, goal) = (column(r), column(r >> 20));
        let (x, z) = (f64::from(start.0) + 0.5, f64::from(start.1) + 0.5);
        let body = settled(&world, x, z, 40.0, Body::DEFAULT_SIZE);
        Some((
            Cow::Borrowed(&world),
            body,
            Goal::Column {
                x: goal.0,
                z: goal.1,
            },
        ))
    });
}

/// The campaign over random parkour courses (`VOXWALK_NAV_PAIRS`): a new
/// course of 8 platforms for each pair.
#[test]
#[ignore = "a campaign: VOXWALK_NAV_PAIRS=10000 cargo test --release --test navigate -- --ignored --nocapture"]
fn campaign_over_parkour_courses() {
    campaign("parkour courses", 3_000, |i| {
        let r = support::terrain::hash(i);
        let (world, spans) = parkour_course(r, 8);
        let middle = |i: usize| spans[i].0 + (spans[i].1 - spans[i].0) / 2;
        let (from, to) = (
            middle((r >> 20) as usize % 8),
            middle((r >> 30) as usize % 8),
        );
        let top = f64::from(PLATFORM_TOP + 4);
        let body = settled(&world, f64::from(from) + 0.5, 1.5, top, Body::DEFAULT_SIZE);
        Some((Cow::Owned(world), body, Goal::Column { x: to, z: 1 }))
    });
}

/// The campaign through caves (`VOXWALK_NAV_PAIRS`): places on the surface
/// and below it of one generated world with tunnels and caverns.
#[cfg(feature = "generate")]
#[test]
#[ignore = "a campaign: VOXWALK_NAV_PAIRS=10000 cargo test --release --test navigate -- --ignored --nocapture"]
fn campaign_through_caves() {
    let world = caves();
    campaign("caves", 3_000, |i| {
        let r = support::terrain::hash(i);
        let from = cave_place(world, r, 48)?;
        let to = cave_place(world, r >> 5 ^ r << 7, 48)?;
        let (x, z) = (f64::from(from.x) + 0.5, f64::from(from.z) + 0.5);
        let body = settled(world, x, z, f64::from(from.y), Body::DEFAULT_SIZE);
        Some((Cow::Borrowed(world), body, Goal::Cell(to)))
    });
}

/// Plans and walks `VOXWALK_NAV_PAIRS` pairs that `pair` makes (a world, a
/// body in it, a goal; `None` for a pair with no place to start), each
/// search expanding at most `budget` places, and prints the figures; every
/// plan must be walked in exactly its predicted ticks.
fn campaign<'w>(
    label: &str,
    budget: usize,
    mut pair: impl FnMut(u64) -> Option<(Cow<'w, World>, Body, Goal)>,
) {
    let Some(pairs) = std::env::var("VOXWALK_NAV_PAIRS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    else {
        println!("VOXWALK_NAV_PAIRS is not set: no campaign");
        return;
    };
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    planner.node_budget = budget;
    let (mut complete, mut partial, mut unplanned, mut as_predicted) = (0u32, 0u32, 0u32, 0u32);
    let (mut ticks, mut nodes, mut no_pair) = (0u64, 0u64, 0u32);
    let started = std::time::Instant::now();
    let mut planning = std::time::Duration::ZERO;
    for i in 0..pairs {
        let Some((world, mut body, goal)) = pair(i) else {
            no_pair += 1;
            continue;
        };
        let world: &World = &world;
        let planned = std::time::Instant::now();
        let Ok(plan) = planner.plan(world, &body, goal) else {
            unplanned += 1;
            continue;
        };
        planning += planned.elapsed();
        nodes += plan.nodes as u64;
        if plan.complete {
            complete += 1;
        } else {
            partial += 1;
        }
        ticks += u64::from(plan.ticks);
        if walk(world, &mut body, &plan, 8000) == (Walked::Arrived { ticks: plan.ticks }) {
            as_predicted += 1;
        }
    }
    let planned = complete + partial;
    let (hits, asks) = planner.remembered_steps();
    println!(
        "{label}, {pairs} pairs: {complete} complete, {partial} partial, {unplanned} not standing, \
         {no_pair} with no place to start; \
         {as_predicted} of {planned} walked in exactly the predicted ticks; \
         {:.1} ticks and {:.0} nodes a plan; {:.2} ms a plan; \
         {hits} of {asks} step checks remembered; {:.1} s in all",
        ticks as f64 / f64::from(planned),
        nodes as f64 / f64::from(planned),
        planning.as_secs_f64() * 1e3 / f64::from(planned),
        started.elapsed().as_secs_f64()
    );
    assert_eq!(as_predicted, planned);
}

/// A scenario body sent to a goal beyond a 5-wide gap, which no step
/// crosses: it walks to the edge, plans again, and gives up with `stuck`
/// instead of walking off.
#[test]
fn a_scenario_goal_no_step_reaches_ends_stuck_at_the_edge() {
    let dir = std::env::temp_dir().join(format!("voxwalk-nav-stuck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("unreachable.toml");
    let text = "model = \"minecraft-1.21 v4\"\n\
        world_text = \"\"\"\nvoxwalk-world 1\nlayer 0\n|####.....######\nend\n\"\"\"\n\
        spawn = [1.5, 1, 0.5]\ngoal = [12.5, 1, 0.5]\nticks = 200\n\
        [[expect]]\nevent_by = \"stuck\"\nno_event_by = \"arrived\"\nx = [3.0, 4.3]\ny = [1.0, 1.0000002]\n";
    std::fs::write(&path, text).unwrap();
    let outcome = voxwalk::scenario::check_file(&path, false);
    assert!(outcome.verdict.is_pass(), "{:?}", outcome.verdict);
    let both = text.replace("ticks = 200", "ticks = 200\ninputs = \"10 east\"");
    std::fs::write(&path, both).unwrap();
    let refused = voxwalk::scenario::check_file(&path, false);
    assert!(
        format!("{:?}", refused.verdict).contains("not both"),
        "{:?}",
        refused.verdict
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Remembered steps are checked in a box of their own, so a plan is the
/// same whatever the planner planned before it, and for the same budget.
#[test]
fn a_plan_is_the_same_whatever_was_planned_before() {
    let world = bumpy_terrain(32, 32);
    let body = settled(&world, 4.5, 5.5, 40.0, Body::DEFAULT_SIZE);
    let goal = Goal::Column { x: 27, z: 25 };
    let mut fresh = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let first = fresh.plan(&world, &body, goal).unwrap();
    let mut seasoned = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    for i in 0..12 {
        let other = settled(
            &world,
            2.5 + f64::from(i * 2),
            28.5,
            40.0,
            Body::DEFAULT_SIZE,
        );
        let _ = seasoned.plan(
            &world,
            &other,
            Goal::Column {
                x: 30 - i,
                z: 3 + i,
            },
        );
    }
    assert!(seasoned.remembered_steps().0 > 0);
    assert_eq!(seasoned.plan(&world, &body, goal).unwrap(), first);
    // The same budget gives the same partial plan.
    fresh.node_budget = 40;
    seasoned.node_budget = 40;
    let short = fresh.plan(&world, &body, goal).unwrap();
    assert!(!short.complete);
    assert_eq!(seasoned.plan(&world, &body, goal).unwrap(), short);
}

/// Many bodies planned at once (on all cores with `parallel`) get the very
/// plans a planner gives them one by one.
#[test]
fn plans_made_at_once_are_the_plans_made_one_by_one() {
    let world = bumpy_terrain(32, 32);
    let requests: Vec<(Body, Goal)> = (0..12)
        .map(|i| {
            let body = settled(
                &world,
                2.5 + f64::from(i * 2),
                3.5,
                40.0,
                Body::DEFAULT_SIZE,
            );
            (body, Goal::Column { x: 29 - i, z: 28 })
        })
        .collect();
    let at_once = voxwalk::navigate::plan_many(&world, &Settings::default(), &requests, 3_000);
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    planner.node_budget = 3_000;
    for ((body, goal), plan) in requests.iter().zip(at_once) {
        assert_eq!(plan, planner.plan(&world, body, *goal));
    }
}

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
    crowd.node_budget = 20_000;
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

/// Over a streamed world a plan stops at the edge of the loaded columns
/// (`Plan::frontier`), and planned again as the walk loads more, it goes on
/// to the goal: 140 blocks away, past a view of 2 chunks.
#[cfg(feature = "generate")]
#[test]
fn a_plan_over_a_streamed_world_goes_to_the_loaded_edge_then_on() {
    use voxwalk::generate::{Generator, Preset};
    use voxwalk::streaming::{StreamSettings, StreamingWorld};
    let settings = StreamSettings {
        view_distance: 2,
        ..StreamSettings::default()
    };
    let mut world = StreamingWorld::new(Generator::new(Preset::Flat, 3), settings);
    let mut body = Body::new(DVec3::new(8.5, 5.0, 8.5), Body::DEFAULT_SIZE).unwrap();
    world.prepare(&[(body.aabb, 0.0)]).unwrap();
    let goal = Goal::Cell(IVec3::new(148, 5, 8));
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let mut controller = Controller::new(Settings::default()).unwrap();
    let (mut plans, mut events) = (0, Vec::new());
    for _ in 0..20 {
        let plan = planner
            .plan_within(&world, &body, goal, &|c| world.holds_column(c))
            .unwrap();
        plans += 1;
        let end = plan.end().cell;
        assert!(
            world.holds_column(voxwalk::glam::IVec2::new(end.x, end.z)),
            "ends at {end}"
        );
        if !plan.complete {
            assert!(
                plan.frontier,
                "a partial plan on open flat ground met the edge"
            );
        }
        let mut follower = Follower::new(&plan, body.feet(), 0.6);
        while !follower.done() {
            let (input, event) = follower.input(&mut body);
            assert!(
                !matches!(event, Some(FollowEvent::Stuck(_))),
                "stuck at {}",
                body.feet()
            );
            events.clear();
            controller
                .tick(&world, &mut body, input, &mut events)
                .unwrap();
            world.prepare(&[(body.aabb, 0.0)]).unwrap();
        }
        if plan.complete {
            assert_eq!(body.feet().floor().as_ivec3(), IVec3::new(148, 5, 8));
            assert!(plans > 2, "one plan reached it: {plans}");
            println!("arrived after {plans} plans");
            return;
        }
    }
    panic!("not there after {plans} plans, at {}", body.feet());
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

/// A wall 6 blocks high with a ladder on its west face, floor on both
/// sides: the ladder's cells x = 4, the wall x = 5 and 6.
fn ladder_yard(climber: Climber) -> World {
    use voxwalk::block::{BlockType, PropertyValue};
    use voxwalk::geometry::Aabb;
    let mut world = World::new();
    world.fill(IVec3::new(0, 0, 0), IVec3::new(12, 0, 4), BlockId::STONE);
    world.fill(IVec3::new(5, 1, 0), IVec3::new(6, 6, 4), BlockId::STONE);
    let ladder = match climber {
        // Minecraft's ladder on a wall to its east: a board 3/16 thick.
        Climber::Ladder => BlockType::new("ladder").with_box(Aabb::new(
            DVec3::new(0.8125, 0.0, 0.0),
            DVec3::new(1.0, 1.0, 1.0),
        )),
        // A vine has nothing to collide with.
        Climber::Vine => BlockType::new("vine").passable(),
    }
    .with_property("climbable", PropertyValue::Flag(true));
    let ladder = world.register_block(ladder).unwrap();
    world.fill(IVec3::new(4, 1, 2), IVec3::new(4, 6, 2), ladder);
    world
}

/// What a wall is climbed by.
#[derive(Clone, Copy, Debug)]
enum Climber {
    Ladder,
    Vine,
}

/// Up a ladder (and a vine) onto the wall it hangs on, and down it again:
/// planned as climbs and walked in exactly the ticks the plans predict;
/// without it there is no way up.
#[test]
fn ladders_and_vines_are_climbed_up_and_down() {
    for climber in [Climber::Ladder, Climber::Vine] {
        climbed_up_and_down(climber);
    }
}

fn climbed_up_and_down(climber: Climber) {
    let world = ladder_yard(climber);
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let mut body = settled(&world, 1.5, 2.5, 1.0, Body::DEFAULT_SIZE);
    let top = Goal::Cell(IVec3::new(6, 7, 2));
    let foot = Goal::Cell(IVec3::new(1, 1, 2));
    for (way, goal) in [("up", top), ("down", foot)] {
        let plan = planner.plan(&world, &body, goal).unwrap();
        assert!(plan.complete, "{way}: {plan:?}");
        let climbs = plan.steps.iter().any(|s| s.kind == StepKind::Climb);
        assert!(climbs, "{way}: {plan:?}");
        let walked = walk(&world, &mut body, &plan, 400);
        assert_eq!(
            walked,
            Walked::Arrived { ticks: plan.ticks },
            "{climber:?} {way}"
        );
        println!(
            "{climber:?} {way}: {} steps, {} ticks",
            plan.steps.len(),
            plan.ticks
        );
    }
    let mut bare = ladder_yard(climber);
    bare.fill(IVec3::new(4, 1, 2), IVec3::new(4, 6, 2), BlockId::AIR);
    let body = settled(&bare, 1.5, 2.5, 1.0, Body::DEFAULT_SIZE);
    assert!(!planner.plan(&bare, &body, top).unwrap().complete);
}

/// What a pond holds.
#[derive(Clone, Copy, Debug)]
enum PondOf {
    Water,
    Lava,
    Nothing,
}

/// Banks of stone either side of a pond `wide` columns across and three
/// deep; the body's feet rest at y = 4 on the banks.
fn pond(wide: i32, of: PondOf) -> World {
    use voxwalk::block::{BlockType, PropertyValue};
    let mut world = World::new();
    world.fill(
        IVec3::new(0, 0, 0),
        IVec3::new(wide + 12, 3, 4),
        BlockId::STONE,
    );
    let liquid = match of {
        PondOf::Water => BlockId::WATER,
        PondOf::Nothing => BlockId::AIR,
        PondOf::Lava => {
            let lava = BlockType::new("lava")
                .passable()
                .with_property("liquid_drag", PropertyValue::Number(0.5))
                .with_property("liquid_gravity", PropertyValue::Number(0.25))
                .with_property("lava", PropertyValue::Flag(true));
            world.register_block(lava).unwrap()
        }
    };
    world.fill(IVec3::new(5, 1, 0), IVec3::new(4 + wide, 3, 4), liquid);
    world
}

/// Across a pond too deep to stand in: planned as a swim, walked in
/// exactly the planned ticks; the same pit dry, or of lava, has no way
/// across.
#[test]
fn water_too_deep_to_stand_in_is_swum_across() {
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let far = Goal::Cell(IVec3::new(14, 4, 2));
    for wide in [5, 8] {
        let world = pond(wide, PondOf::Water);
        let mut body = settled(&world, 2.5, 2.5, 4.0, Body::DEFAULT_SIZE);
        let far = Goal::Cell(IVec3::new(6 + wide, 4, 2));
        let plan = planner.plan(&world, &body, far).unwrap();
        assert!(plan.complete, "{wide} wide: {plan:?}");
        assert!(
            plan.steps.iter().any(|s| s.kind == StepKind::Swim),
            "{plan:?}"
        );
        let walked = walk(&world, &mut body, &plan, 1000);
        assert_eq!(walked, Walked::Arrived { ticks: plan.ticks }, "{wide} wide");
        println!(
            "{wide} wide: {} steps, {} ticks",
            plan.steps.len(),
            plan.ticks
        );
    }
    for dry in [PondOf::Nothing, PondOf::Lava] {
        let world = pond(8, dry);
        let body = settled(&world, 2.5, 2.5, 4.0, Body::DEFAULT_SIZE);
        let plan = planner.plan(&world, &body, far).unwrap();
        assert!(!plan.complete, "{dry:?}: {plan:?}");
    }
}
