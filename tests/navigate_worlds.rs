//! Plans over worlds made at random: hills, hills with a lake, parkour
//! courses with gaps of 1 to 5, caves. Wherever the planner returns a plan,
//! a follower walks it from the body as it is in exactly the predicted
//! ticks, never inside a block; the campaigns behind a flag do the same for
//! 10,000 pairs in each.

mod support;

use std::borrow::Cow;

use glam::IVec3;
use proptest::prelude::*;
use support::controls::cases;
use support::parkour::{PLATFORM_TOP, parkour_course};
use support::terrain::{bumpy_terrain, flooded_terrain};
use support::walking::{Walked, settled, walk};
use voxwalk::controller::{Body, Settings};
use voxwalk::navigate::{Goal, Planner, StepKind};
use voxwalk::world::World;

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
        planner.work_budget = 150_000;
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
        planner.work_budget = 150_000;
        let Ok(plan) = planner.plan(&world, &body, Goal::Column { x: goal.0, z: goal.1 }) else {
            return Ok(()); // on a pillar's corner: on no cell's middle
        };
        let end = plan.end();
        let walked = walk(&world, &mut body, &plan, 4000);
        prop_assert_eq!(walked, Walked::Arrived { ticks: plan.ticks });
        let feet = body.feet().floor().as_ivec3();
        if end.afloat {
            // Afloat, in the end's column, bobbing within a cell of its top.
            prop_assert_eq!((feet.x, feet.z), (end.cell.x, end.cell.z));
            prop_assert!((feet.y - end.cell.y).abs() <= 1, "{:?} at {:?}", end, feet);
            prop_assert!(body.in_liquid);
        } else {
            prop_assert_eq!(feet, end.cell);
        }
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
        planner.work_budget = 150_000;
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
        planner.work_budget = 150_000;
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
#[ignore = "a campaign: VOXWALK_NAV_PAIRS=10000 cargo test --release --test navigate_worlds -- --ignored --nocapture"]
fn campaign_over_hills() {
    let world = bumpy_terrain(48, 48);
    campaign("hills", 200_000, |i| {
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
#[ignore = "a campaign: VOXWALK_NAV_PAIRS=10000 cargo test --release --test navigate_worlds -- --ignored --nocapture"]
fn campaign_over_parkour_courses() {
    campaign("parkour courses", 150_000, |i| {
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
#[ignore = "a campaign: VOXWALK_NAV_PAIRS=10000 cargo test --release --test navigate_worlds -- --ignored --nocapture"]
fn campaign_through_caves() {
    let world = caves();
    campaign("caves", 150_000, |i| {
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
    budget: u64,
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
    planner.work_budget = budget;
    let (mut complete, mut partial, mut unplanned, mut as_predicted) = (0u32, 0u32, 0u32, 0u32);
    let (mut ticks, mut nodes, mut work, mut no_pair) = (0u64, 0u64, 0u64, 0u32);
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
        work += plan.work;
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
         {:.1} ticks, {:.0} nodes and {:.0} work a plan; {:.2} ms a plan; \
         {hits} of {asks} step checks remembered; {:.1} s in all",
        ticks as f64 / f64::from(planned),
        nodes as f64 / f64::from(planned),
        work as f64 / f64::from(planned),
        planning.as_secs_f64() * 1e3 / f64::from(planned),
        started.elapsed().as_secs_f64()
    );
    assert_eq!(as_predicted, planned);
}
