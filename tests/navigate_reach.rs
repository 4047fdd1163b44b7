//! Reachability known at once: a [`ReachMap`] of every place reachable
//! from a start, its strongly connected components, and verdicts that
//! agree with an unbounded planner's: a goal it calls reachable gets a
//! complete plan, one it calls unreachable gets none (however much work
//! the planner is given), and the closest reachable place it names is
//! one the planner reaches.

mod support;

use support::cases::cases;
use support::pit_and_tower::{hills_with_a_pit_and_a_tower, tower_top};
use support::terrain::hash;
use support::walking::settled;
use voxwalk::controller::{Body, Settings};
use voxwalk::navigate::{Goal, Planner, Reachability};
use voxwalk::world::World;

fn world() -> &'static World {
    static WORLD: std::sync::OnceLock<World> = std::sync::OnceLock::new();
    WORLD.get_or_init(hills_with_a_pit_and_a_tower)
}

/// From random places to random goals: a goal the map calls unreachable
/// never gets a complete plan, however much work the planner is given (a
/// complete plan is a path of checked steps, and the map holds them all).
/// A goal it calls reachable gets one unless the plan's checking walk,
/// from the body as it is, refutes a step its check from rest made (the
/// map proposes, the walk decides): counted, and rare.
#[test]
fn the_maps_verdict_agrees_with_the_unbounded_planner() {
    let world = world();
    let column = |r: u64| (1 + (r % 38) as i32, 1 + ((r >> 8) % 38) as i32);
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    planner.work_budget = u64::MAX;
    let (mut reachable, mut walked_out, mut unreachable) = (0u32, 0u32, 0u32);
    for case in 0..u64::from(cases(24)) {
        let r = hash(case);
        let (x, z) = column(r);
        let body = settled(
            world,
            f64::from(x) + 0.5,
            f64::from(z) + 0.5,
            60.0,
            Body::DEFAULT_SIZE,
        );
        let Ok(map) = planner.reach_map(world, &body, &|_| true) else {
            continue; // on no cell's middle
        };
        assert!(map.whole());
        let from = body.feet().floor().as_ivec3();
        for k in 0..4 {
            let (gx, gz) = column(hash(r ^ k));
            let goal = if k == 3 {
                tower_top()
            } else {
                Goal::Column { x: gx, z: gz }
            };
            let plan = planner.plan(world, &body, goal).unwrap();
            match map.reachability(from, goal) {
                Reachability::Reachable => {
                    reachable += 1;
                    walked_out += u32::from(!plan.complete);
                }
                Reachability::Unreachable { closest } => {
                    unreachable += 1;
                    assert!(
                        !plan.complete,
                        "case {case}, {goal:?}: planned, yet unreachable"
                    );
                    assert!(
                        map.reachability(from, Goal::Cell(closest.cell)) == Reachability::Reachable
                    );
                }
                Reachability::Unknown => panic!("case {case}: a whole map said unknown"),
            }
        }
    }
    println!(
        "{reachable} goals reachable ({walked_out} of them refuted by the checking walk), \
         {unreachable} unreachable"
    );
    assert!(unreachable > 0 && reachable > 0);
    assert!(walked_out * 10 <= reachable, "{walked_out} of {reachable}");
}

/// The tower's top is unreachable from anywhere on the hills, the pit's
/// floor reachable from the hills but the hills not from the pit: the map
/// says so, and its closest place to the tower's top is at the tower's
/// foot.
#[test]
fn a_pit_is_one_way_and_a_tower_no_way() {
    let world = world();
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    planner.work_budget = u64::MAX;
    let body = settled(world, 3.5, 3.5, 60.0, Body::DEFAULT_SIZE);
    let map = planner.reach_map(world, &body, &|_| true).unwrap();
    let from = body.feet().floor().as_ivec3();
    let tower = tower_top();
    let Reachability::Unreachable { closest } = map.reachability(from, tower) else {
        panic!("the tower's top is reachable");
    };
    // Beside the tower: within two columns of its sides.
    assert!(
        (26..=32).contains(&closest.cell.x) && (26..=32).contains(&closest.cell.z),
        "{closest:?}"
    );
    let pit = Goal::Column { x: 12, z: 12 };
    assert_eq!(map.reachability(from, pit), Reachability::Reachable);
    let in_pit = settled(world, 12.5, 12.5, 60.0, Body::DEFAULT_SIZE);
    let pit_map = planner.reach_map(world, &in_pit, &|_| true).unwrap();
    let out = Goal::Column { x: 3, z: 3 };
    assert!(matches!(
        pit_map.reachability(in_pit.feet().floor().as_ivec3(), out),
        Reachability::Unreachable { .. }
    ));
    println!(
        "hills 40 x 40: {} places in {} components, {} work; from the pit {} places",
        map.places(),
        map.components(),
        map.work(),
        pit_map.places()
    );
    assert!(map.components() > 1);
}

/// Planned over the map, the tower's top costs a plan to its foot: the
/// search for the top itself, which runs through every place of the hills
/// before giving up, is not made.
#[test]
fn a_plan_over_the_map_goes_to_the_closest_place_at_once() {
    let world = world();
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    planner.work_budget = u64::MAX;
    let body = settled(world, 3.5, 3.5, 60.0, Body::DEFAULT_SIZE);
    let map = planner.reach_map(world, &body, &|_| true).unwrap();
    let tower = tower_top();
    let searched = planner.plan(world, &body, tower).unwrap();
    let over = planner.plan_over(world, &body, tower, &map).unwrap();
    let Reachability::Unreachable { closest } =
        map.reachability(body.feet().floor().as_ivec3(), tower)
    else {
        panic!("reachable");
    };
    println!(
        "the tower's top: searched {} places ({} work); over the map {} places ({} work)",
        searched.nodes, searched.work, over.nodes, over.work
    );
    assert!(!over.complete && !searched.complete);
    assert_eq!(over.end().cell, closest.cell);
    // The search for the top went through every place the map holds; the
    // plan to the foot is an ordinary one (on 40 × 40 hills, a good part of
    // them still: the estimate is the straight line).
    assert_eq!(searched.nodes, map.places());
    assert!(
        over.nodes < searched.nodes,
        "{} against {}",
        over.nodes,
        searched.nodes
    );
}
