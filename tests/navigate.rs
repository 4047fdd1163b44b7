//! The planner and the follower: every plan is walked as it was checked,
//! gaps are leapt as far as the movement model leaps, bodies of any size
//! find their way, ladders are climbed and ponds swum, and a follower
//! blocked by an edit notices and plans again. The worlds plans are
//! checked over at random are in `navigate_worlds.rs`, crowds in
//! `navigate_crowd.rs`.

mod support;

use glam::{DVec3, IVec3};
use support::terrain::bumpy_terrain;
use support::walking::{Walked, settled, walk};
use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Controller, Settings};
use voxwalk::navigate::{FollowEvent, Follower, Goal, Planner, StepKind, StuckReason};
use voxwalk::world::World;

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
    fresh.work_budget = 2_000;
    seasoned.work_budget = 2_000;
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
    let at_once = voxwalk::navigate::plan_many(&world, &Settings::default(), &requests, 150_000);
    for ((body, goal), plan) in requests.iter().zip(at_once) {
        // Planned for the body's size to a millionth, as `plan_many` plans
        // (a box settled onto the ground may be an ulp off its size as
        // made): the size it was made with.
        let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
        planner.work_budget = 150_000;
        assert_eq!(plan, planner.plan(&world, body, *goal));
    }
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

/// A plan made in slices of work (as a game or the viewer plans a little
/// each frame) is the plan made at once, whatever the slice: the search
/// pauses between places and resumes where it was.
#[test]
fn a_plan_made_in_slices_is_the_plan_made_at_once() {
    let world = bumpy_terrain(32, 32);
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    planner.work_budget = 150_000;
    for i in 0..6 {
        let body = settled(
            &world,
            2.5 + f64::from(i * 4),
            3.5,
            40.0,
            Body::DEFAULT_SIZE,
        );
        let goal = Goal::Column { x: 29 - i, z: 28 };
        let whole = planner.plan(&world, &body, goal).unwrap();
        for slice in [1, 37, 500, 5_000] {
            let mut job = planner.begin(&world, &body, goal).unwrap();
            let mut slices = 0u64;
            let sliced = loop {
                slices += 1;
                let before = job.work();
                if let Some(plan) = planner.advance(&world, &mut job, &|_| true, slice) {
                    break plan;
                }
                assert!(job.work() >= before + slice, "a slice stopped short");
            };
            assert_eq!(sliced, whole, "request {i}, slices of {slice}");
            assert!(
                slice > 500 || slices > 1,
                "request {i}: one slice of {slice}"
            );
        }
    }
}

/// One memory of steps shared by planners over two worlds whose
/// registries number their blocks differently (the same id 13 is ice in
/// one and soul sand in the other): each gets the plan a memory of its own
/// gives. Keys name blocks by canonical class, not by the registry's ids.
#[test]
fn a_memory_shared_across_registries_gives_each_world_its_own_plans() {
    use voxwalk::block::{BlockType, PropertyValue};
    use voxwalk::navigate::StepMemory;
    let floor_of = |name: &str, property: &str, value: f64| {
        let mut world = World::new();
        let id = world
            .register_block(
                BlockType::cube(name).with_property(property, PropertyValue::Number(value)),
            )
            .unwrap();
        assert_eq!(id.0, 13);
        world.fill(IVec3::new(0, 0, 0), IVec3::new(24, 0, 6), id);
        world
    };
    let icy = floor_of("ice", "slipperiness", 0.98);
    let sandy = floor_of("soul_sand", "speed_factor", 0.4);
    let shared = StepMemory::default();
    let goal = Goal::Cell(IVec3::new(20, 1, 5));
    for world in [&icy, &sandy, &icy] {
        let body = settled(world, 1.5, 1.5, 2.0, Body::DEFAULT_SIZE);
        let mut sharing =
            Planner::with_memory(Settings::default(), Body::DEFAULT_SIZE, &shared).unwrap();
        let mut alone = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
        let plan = sharing.plan(world, &body, goal).unwrap();
        assert!(plan.complete);
        assert_eq!(plan, alone.plan(world, &body, goal).unwrap());
    }
    assert!(
        shared.remembered_steps().0 > 0,
        "the third plan read the first's steps"
    );
}
