//! The coarse layer, checked against what shares none of its code: on the
//! 40 × 40 hills with a pit and a tower, cut into clusters of 4 × 4 columns
//! so every plan crosses several, a plan over the layer is the plan an
//! unbounded planner makes where the goal is reachable, goes to the
//! reachable place closest to it where a reach map says it is not, and is
//! walked in exactly its ticks without ever entering a block; the same
//! plans on 1, 2 and 16 threads; and after any edits, loads and unloads the
//! layer equals one built from scratch over the same cells and columns.

mod support;

use glam::{IVec2, IVec3};
use proptest::prelude::*;
use support::cases::cases;
use support::pit_and_tower::{hills_with_a_pit_and_a_tower, tower_top};
use support::terrain::hash;
use support::walking::{Walked, settled, walk};
use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Settings};
use voxwalk::navigate::{CoarseLayer, Goal, LayerShape, Plan, Planner, Reachability};
use voxwalk::world::{BlockSource, World};

const SIDE: i32 = 40;

fn world() -> &'static World {
    static WORLD: std::sync::OnceLock<World> = std::sync::OnceLock::new();
    WORLD.get_or_init(hills_with_a_pit_and_a_tower)
}

fn planner() -> Planner {
    Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap()
}

/// A layer of 4 × 4 clusters over the whole course, built.
fn layer(world: &World, known: &dyn Fn(IVec2) -> bool) -> CoarseLayer {
    let mut layer = CoarseLayer::new(planner(), LayerShape::new(0, 63).with_cluster_size(4));
    layer.build(world, (IVec2::ZERO, IVec2::splat(SIDE - 1)), known);
    layer
}

/// A start body and four goals for case `case`: three columns and the
/// tower's top.
fn case(world: &World, case: u64) -> (Body, [Goal; 4]) {
    let column = |r: u64| (1 + (r % 38) as i32, 1 + ((r >> 8) % 38) as i32);
    let r = hash(case ^ 0x5eed);
    let (x, z) = column(r);
    let body = settled(
        world,
        f64::from(x) + 0.5,
        f64::from(z) + 0.5,
        60.0,
        Body::DEFAULT_SIZE,
    );
    let goal = |k: u64| {
        let (gx, gz) = column(hash(r ^ k));
        Goal::Column { x: gx, z: gz }
    };
    (body, [goal(0), goal(1), goal(2), tower_top()])
}

/// The plan's steps and verdict, what two planners must agree on.
fn shape(plan: &Plan) -> (Vec<(IVec3, u32)>, bool, u32) {
    let steps = plan.steps.iter().map(|s| (s.to.cell, s.ticks)).collect();
    (steps, plan.complete, plan.ticks)
}

/// Walks `plan` from `body`, asserting it arrives in exactly its ticks and
/// never enters a block (`walk` checks each tick): the body at the end.
fn walked_in_its_ticks(world: &World, body: Body, plan: &Plan, what: &str) -> Body {
    let mut walker = body;
    let walked = walk(world, &mut walker, plan, plan.ticks + 100);
    assert_eq!(walked, Walked::Arrived { ticks: plan.ticks }, "{what}");
    walker
}

#[test]
fn plans_over_the_layer_agree_with_an_unbounded_planner_and_a_reach_map() {
    let world = world();
    let mut layer = layer(world, &|_| true);
    let mut flat = planner();
    flat.work_budget = u64::MAX;
    let (mut reachable, mut unreachable) = (0, 0);
    for n in 0..u64::from(cases(16)) {
        let (body, goals) = case(world, n);
        let Ok(map) = flat.reach_map(world, &body, &|_| true) else {
            continue; // on no cell's middle
        };
        let from = body.feet().floor().as_ivec3();
        for goal in goals {
            let plan = layer.plan(world, &body, goal).unwrap();
            match map.reachability(from, goal) {
                Reachability::Reachable => {
                    reachable += 1;
                    let unbounded = flat.plan(world, &body, goal).unwrap();
                    assert_eq!(shape(&plan), shape(&unbounded), "case {n}, {goal:?}");
                }
                Reachability::Unreachable { closest } => {
                    unreachable += 1;
                    assert!(!plan.complete, "case {n}, {goal:?}");
                    assert_eq!(
                        layer.reachability(world, &body, goal).unwrap(),
                        Reachability::Unreachable {
                            closest: plan.end()
                        },
                        "case {n}, {goal:?}"
                    );
                    // The closest place, as near as the map's (ties may
                    // fall to another place at the same distance).
                    let near = |feet| goal.distance(feet);
                    assert_eq!(near(plan.end().feet), near(closest.feet), "case {n}");
                }
                Reachability::Unknown => panic!("case {n}: a whole map said unknown"),
            }
            let walker = walked_in_its_ticks(world, body, &plan, &format!("case {n}"));
            assert_eq!(walker.feet().floor().as_ivec3(), plan.end().cell);
        }
    }
    println!("{reachable} goals reachable, {unreachable} unreachable");
    assert!(reachable > 0 && unreachable > 0);
}

/// The tower's top, answered at once: no place of the hills is searched,
/// and the plan goes to its foot.
#[test]
fn an_unreachable_goal_costs_a_plan_to_the_closest_place() {
    let world = world();
    let mut layer = layer(world, &|_| true);
    let body = settled(world, 3.5, 3.5, 60.0, Body::DEFAULT_SIZE);
    let mut flat = planner();
    flat.work_budget = u64::MAX;
    let searched = flat.plan(world, &body, tower_top()).unwrap();
    let plan = layer.plan(world, &body, tower_top()).unwrap();
    let Reachability::Unreachable { closest } =
        layer.reachability(world, &body, tower_top()).unwrap()
    else {
        panic!("the tower's top is reachable");
    };
    println!(
        "the tower's top: {} places searched without the layer, {} over it; {} clusters, {} places, {} bytes",
        searched.nodes,
        plan.nodes,
        layer.clusters(),
        layer.places(),
        layer.bytes()
    );
    assert_eq!(plan.end().cell, closest.cell);
    assert!((26..=32).contains(&closest.cell.x) && (26..=32).contains(&closest.cell.z));
    assert!(
        plan.nodes < searched.nodes,
        "{} against {}",
        plan.nodes,
        searched.nodes
    );
}

/// A layer built as plans go, nothing built before: the tower's top is
/// known out of reach from the clusters about it and those on the way, and
/// the plan goes where the whole layer's plan goes.
#[test]
fn a_layer_built_as_it_goes_proves_the_tower_out_of_reach() {
    let world = world();
    let body = settled(world, 3.5, 3.5, 60.0, Body::DEFAULT_SIZE);
    let whole = layer(world, &|_| true)
        .plan(world, &body, tower_top())
        .unwrap();
    let mut lazy = CoarseLayer::new(planner(), LayerShape::new(0, 63).with_cluster_size(4));
    let plan = lazy.plan(world, &body, tower_top()).unwrap();
    println!(
        "the tower's top, as it goes: {} clusters built (the course has 100), {} work",
        lazy.clusters(),
        plan.work
    );
    assert!(!plan.complete);
    assert_eq!(plan.end().cell, whole.end().cell);
}

/// Plans over a layer built as they go, made a slice at a time (the
/// clusters built between the slices, the tower's proof too), are the
/// plans made at once, with the same clusters built; a slice that pauses
/// runs over by no more than one cluster's build.
#[test]
fn sliced_plans_over_a_layer_built_as_they_go_are_the_plans_made_at_once() {
    let world = world();
    let fresh = || CoarseLayer::new(planner(), LayerShape::new(0, 63).with_cluster_size(4));
    // The most one cluster's build takes, each built alone.
    let one_cluster = (0..SIDE / 4)
        .flat_map(|x| (0..SIDE / 4).map(move |z| IVec2::new(x, z) * 4))
        .map(|at| fresh().build(world, (at, at), &|_| true))
        .max()
        .unwrap();
    for slice in [300, 5_000] {
        let (mut whole_layer, mut sliced_layer) = (fresh(), fresh());
        let (mut slices, mut over) = (0, 0);
        for n in 0..u64::from(cases(4)) {
            let (body, goals) = case(world, n);
            for goal in goals {
                let Ok(whole) = whole_layer.plan(world, &body, goal) else {
                    continue;
                };
                let mut job = sliced_layer.begin(world, &body, goal, &|_| true).unwrap();
                let sliced = loop {
                    let before = job.work();
                    slices += 1;
                    let made = sliced_layer.advance(world, &mut job, &|_| true, slice);
                    if let Some(plan) = made.unwrap() {
                        break plan;
                    }
                    over = over.max(job.work() - before - slice);
                };
                assert_eq!(sliced, whole, "case {n}, {goal:?}, slices of {slice}");
                assert!(over <= one_cluster, "{over} over against {one_cluster}");
            }
        }
        println!(
            "slices of {slice}: {slices} in all, at most {over} over; one cluster's build takes at most {one_cluster}"
        );
        assert_eq!(sliced_layer, whole_layer, "the same clusters built");
    }
}

/// A layer not told of a wall built across its kept steps: each checking
/// walk meets the wall, its step is banned and the search made again,
/// then the flat planner plans over the world as it is, through the gap.
/// Made a slice at a time, the same plan, walked in exactly its ticks.
#[test]
fn a_layer_that_missed_an_edit_repairs_its_plan_alike_in_slices() {
    let mut world = world().clone();
    let mut layer = layer(&world, &|_| true);
    world.fill(IVec3::new(20, 0, 0), IVec3::new(20, 63, 35), BlockId::BRICK);
    let body = settled(&world, 3.5, 3.5, 60.0, Body::DEFAULT_SIZE);
    let goal = Goal::Column { x: 34, z: 6 };
    let whole = layer.clone().plan(&world, &body, goal).unwrap();
    let mut job = layer.begin(&world, &body, goal, &|_| true).unwrap();
    let mut slices = 1;
    let sliced = loop {
        if let Some(plan) = layer.advance(&world, &mut job, &|_| true, 300).unwrap() {
            break plan;
        }
        slices += 1;
    };
    println!(
        "past the wall the layer missed: {} steps, {} ticks, {} work, {slices} slices",
        whole.steps.len(),
        whole.ticks,
        whole.work
    );
    assert_eq!(sliced, whole);
    assert!(whole.complete && slices > 1);
    assert!(
        whole.steps.iter().any(|s| s.to.cell.z > 35),
        "through the gap"
    );
    walked_in_its_ticks(&world, body, &whole, "past the wall");
}

/// Plans kept to corridors ([`CoarseLayer::corridor`]) reach every goal
/// the whole layer's plans reach, go as near to the others, and are walked
/// in exactly their ticks, never inside a block; made in slices they are
/// the plans made at once; and they expand fewer places in all.
#[test]
fn plans_kept_to_corridors_reach_what_the_whole_layer_reaches() {
    let world = world();
    let mut whole = layer(world, &|_| true);
    for beside in [0, 1] {
        let mut kept = whole.clone();
        kept.corridor = Some(beside);
        let (mut places, mut kept_places, mut ticks, mut kept_ticks) = (0, 0, 0, 0);
        for n in 0..u64::from(cases(16)) {
            let (body, goals) = case(world, n);
            for goal in goals {
                let plan = whole.plan(world, &body, goal).unwrap();
                let corridor = kept.plan(world, &body, goal).unwrap();
                let at = |plan: &Plan| goal.distance(plan.end().feet);
                assert_eq!(corridor.complete, plan.complete, "case {n}, {goal:?}");
                assert_eq!(at(&corridor), at(&plan), "case {n}, {goal:?}");
                walked_in_its_ticks(world, body, &corridor, &format!("case {n}, {goal:?}"));
                let mut job = kept.begin(world, &body, goal, &|_| true).unwrap();
                let sliced = loop {
                    if let Some(plan) = kept.advance(world, &mut job, &|_| true, 300).unwrap() {
                        break plan;
                    }
                };
                assert_eq!(sliced, corridor, "case {n}, {goal:?}");
                (places, kept_places) = (places + plan.nodes, kept_places + corridor.nodes);
                (ticks, kept_ticks) = (ticks + plan.ticks, kept_ticks + corridor.ticks);
            }
        }
        println!(
            "{beside} beside: {kept_places} places against {places}, {kept_ticks} ticks against {ticks}"
        );
        assert!(kept_places < places, "{beside} beside");
    }
}

/// A trench crossed by two bridges of one column, 30 apart: a wall the
/// layer was not told of, on the bridge the corridor's way takes, bans
/// the kept steps over it as walks meet it, leaving the corridor no way
/// across; the search then takes the whole layer, over the far bridge.
#[test]
fn a_corridor_cut_by_a_missed_edit_gives_way_to_the_whole_layer() {
    let mut world = World::new();
    world.fill(IVec3::new(0, 0, 0), IVec3::new(47, 3, 47), BlockId::STONE);
    world.fill(IVec3::new(22, 1, 0), IVec3::new(26, 3, 47), BlockId::AIR);
    for z in [10, 40] {
        world.fill(IVec3::new(22, 3, z), IVec3::new(26, 3, z), BlockId::STONE);
    }
    let mut layer = CoarseLayer::new(planner(), LayerShape::new(0, 8).with_cluster_size(4));
    layer.build(&world, (IVec2::ZERO, IVec2::splat(47)), &|_| true);
    layer.corridor = Some(0);
    let body = settled(&world, 5.5, 10.5, 4.0, Body::DEFAULT_SIZE);
    let goal = Goal::Column { x: 42, z: 10 };
    let near = layer.clone().plan(&world, &body, goal).unwrap();
    assert!(near.complete && near.steps.iter().all(|s| s.to.cell.z < 16));
    world.fill(IVec3::new(24, 4, 10), IVec3::new(24, 5, 10), BlockId::STONE);
    let plan = layer.plan(&world, &body, goal).unwrap();
    assert!(plan.complete);
    assert!(
        plan.steps.iter().any(|s| s.to.cell.z == 40),
        "over the far bridge"
    );
    walked_in_its_ticks(&world, body, &plan, "over the far bridge");
}

/// Plans made on 1, 2 and 16 threads, each with its own layer, are the
/// same plans.
#[test]
fn the_same_plans_on_any_number_of_threads() {
    use rayon::prelude::*;
    let world = world();
    let cases: Vec<u64> = (0..8).collect();
    let plans_on = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            cases
                .par_iter()
                .map(|&n| {
                    let mut layer = layer(world, &|_| true);
                    let (body, goals) = case(world, n);
                    goals
                        .iter()
                        .map(|&goal| layer.plan(world, &body, goal).ok())
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        })
    };
    let one = plans_on(1);
    assert_eq!(one, plans_on(2));
    assert_eq!(one, plans_on(16));
}

/// What a run of edits, loads and unloads does.
#[derive(Clone, Debug)]
enum Change {
    /// A block placed on the surface of column (x, z), or the surface dug.
    Edit { x: i32, z: i32, place: bool },
    /// Columns x in `from..from + 6` loaded, or unloaded.
    Load { from: i32, arrived: bool },
}

fn change() -> impl Strategy<Value = Change> {
    prop_oneof![
        3 => (0..SIDE, 0..SIDE, any::<bool>()).prop_map(|(x, z, place)| Change::Edit { x, z, place }),
        1 => (0..SIDE - 6, any::<bool>()).prop_map(|(from, arrived)| Change::Load { from, arrived }),
    ]
}

/// The highest solid cell of column (x, z).
fn surface(world: &World, x: i32, z: i32) -> i32 {
    (0..64)
        .rev()
        .find(|&y| world.is_solid_at(IVec3::new(x, y, z)))
        .unwrap_or(0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(12)))]

    /// After any edits (each told to the layer), columns loaded and
    /// unloaded (each told), and plans between them, the layer built up to
    /// date equals a layer built from scratch over the same cells and
    /// columns.
    #[test]
    fn after_edits_loads_and_unloads_the_layer_equals_one_built_afresh(
        changes in prop::collection::vec(change(), 1..12),
    ) {
        let mut world = world().clone();
        let mut unloaded = vec![false; SIDE as usize];
        let inside = |c: IVec2| (0..SIDE).contains(&c.x) && (0..SIDE).contains(&c.y);
        let mut layer = layer(&world, &inside);
        let body = settled(&world, 3.5, 3.5, 60.0, Body::DEFAULT_SIZE);
        for change in &changes {
            match *change {
                Change::Edit { x, z, place } => {
                    let top = surface(&world, x, z);
                    let (cell, block) = if place {
                        (IVec3::new(x, top + 1, z), BlockId::STONE)
                    } else {
                        (IVec3::new(x, top, z), BlockId::AIR)
                    };
                    world.set_block(cell, block);
                    layer.edited(cell);
                }
                Change::Load { from, arrived } => {
                    for x in from..from + 6 {
                        unloaded[x as usize] = !arrived;
                    }
                    let (lo, hi) = (IVec2::new(from, 0), IVec2::new(from + 5, SIDE - 1));
                    if arrived {
                        layer.columns_arrived(lo, hi);
                    } else {
                        layer.columns_left(lo, hi);
                    }
                }
            }
            let known = |c: IVec2| inside(c) && !unloaded[c.x as usize];
            // A plan between changes builds what it reaches.
            let _ = layer.plan_within(&world, &body, Goal::Column { x: 30, z: 30 }, &known);
        }
        let known = |c: IVec2| inside(c) && !unloaded[c.x as usize];
        layer.build(&world, (IVec2::ZERO, IVec2::splat(SIDE - 1)), &known);
        let afresh = self::layer(&world, &known);
        prop_assert!(layer == afresh, "{} clusters against {}", layer.clusters(), afresh.clusters());
    }
}
