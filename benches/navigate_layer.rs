//! Navigation at a world's scale, over the coarse layer on generated hills
//! (trees, sand, water): its clusters built one at a time; 1,000 start and
//! goal pairs 50 to 200 blocks apart planned over it, each pair's verdict
//! proven by an unbounded reach map (the flat planner's own exploration,
//! none of the layer's code); unreachable goals answered; edits on standing
//! surfaces with the plans after them; a streamed walk under a cap; and
//! the memory against the blocks' own storage. Times are the thread's CPU.
//!
//! `cargo bench --bench navigate_layer` (hills 512 × 512, some 8 minutes;
//! `VOXWALK_LAYER_SIDE=1024` for the full hills, some 25;
//! `VOXWALK_LAYER_PAIRS` and `VOXWALK_LAYER_EDITS` for fewer pairs and edits).

#[path = "../tests/support/mod.rs"]
mod support;
#[path = "support/surface.rs"]
mod surface;

use cpu_time::ThreadTime;
use glam::{IVec2, IVec3};
use support::terrain::hash;
use surface::surface;
use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Settings};
use voxwalk::generate::{Generator, Preset};
use voxwalk::navigate::{CoarseLayer, Goal, LayerShape, Planner, ReachMap, Reachability};
use voxwalk::world::{BlockSource, World};

/// Milliseconds of this thread's CPU that `f` took, and what it gave.
fn timed<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let started = ThreadTime::now();
    let out = f();
    (started.elapsed().as_secs_f64() * 1e3, out)
}

/// The median, 99th percentile and largest of `times`.
fn spread(times: &mut [f64]) -> (f64, f64, f64) {
    if times.is_empty() {
        return (0.0, 0.0, 0.0);
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.99), times[times.len() - 1])
}

/// Pair `i`: a body on the surface and a column 50 to 200 blocks off.
fn pair(world: &World, side: i32, i: u64) -> (Body, Goal) {
    let distance = 50.0 + (hash(i ^ 0xd15) % 151) as f64;
    let margin = 8.0;
    let span = f64::from(side) - 2.0 * margin;
    let x = margin + (hash(i) % 10_000) as f64 / 10_000.0 * span;
    let z = margin + (hash(i + 7) % 10_000) as f64 / 10_000.0 * span;
    let angle = (hash(i + 13) % 6283) as f64 / 1000.0;
    let clamp = |v: f64| (v as i32).clamp(margin as i32, side - margin as i32);
    // Starts on the ground, not in a tree: a treetop's reach map (dropped
    // from, it leads to all the land) would be the whole hills again.
    let (mut sx, sz) = (x as i32, z as i32);
    while let top = surface(world, sx, sz)
        && matches!(
            world.block(top.floor().as_ivec3() - IVec3::Y),
            BlockId::LEAVES | BlockId::WOOD
        )
    {
        sx += 1;
    }
    let body = Body::new(surface(world, sx, sz), Body::DEFAULT_SIZE).unwrap();
    let goal = Goal::Column {
        x: clamp(x + angle.cos() * distance),
        z: clamp(z + angle.sin() * distance),
    };
    (body, goal)
}

/// Builds every cluster of the hills one at a time: each one's ms.
fn build(layer: &mut CoarseLayer, world: &World, side: i32) -> Vec<f64> {
    let size = layer.shape().cluster_size;
    let mut times = Vec::new();
    for cx in 0..side / size {
        for cz in 0..side / size {
            let column = IVec2::new(cx, cz) * size;
            let (ms, _) = timed(|| layer.build(world, (column, column), &|_| true));
            times.push(ms);
        }
    }
    times
}

/// The verdict an unbounded reach map gives pair (`body`, `goal`), maps
/// made as starts need them.
fn verdict(
    maps: &mut Vec<ReachMap>,
    flat: &mut Planner,
    world: &World,
    body: &Body,
    goal: Goal,
) -> Option<Reachability> {
    let from = body.feet().floor().as_ivec3();
    let known = maps
        .iter()
        .map(|m| m.reachability(from, goal))
        .find(|r| *r != Reachability::Unknown);
    if known.is_some() {
        return known;
    }
    let map = flat.reach_map(world, body, &|_| true).ok()?;
    let answer = map.reachability(from, goal);
    maps.push(map);
    Some(answer)
}

struct Pairs {
    reachable: Vec<f64>,
    unreachable_plan: Vec<f64>,
    unreachable_verdict: Vec<f64>,
    missed: u32,
    wrong_closest: u32,
    not_standing: u32,
}

fn pairs(layer: &mut CoarseLayer, world: &World, side: i32, count: u64) -> Pairs {
    let mut flat = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    flat.work_budget = u64::MAX;
    let mut maps = Vec::new();
    let mut out = Pairs {
        reachable: Vec::new(),
        unreachable_plan: Vec::new(),
        unreachable_verdict: Vec::new(),
        missed: 0,
        wrong_closest: 0,
        not_standing: 0,
    };
    for i in 0..count {
        let (body, goal) = pair(world, side, i);
        let Some(verdict) = verdict(&mut maps, &mut flat, world, &body, goal) else {
            out.not_standing += 1;
            continue;
        };
        let (ms, plan) = timed(|| layer.plan(world, &body, goal).unwrap());
        match verdict {
            Reachability::Reachable => {
                out.reachable.push(ms);
                out.missed += u32::from(!plan.complete);
            }
            Reachability::Unreachable { closest } => {
                out.unreachable_plan.push(ms);
                let (ms, said) = timed(|| layer.reachability(world, &body, goal).unwrap());
                out.unreachable_verdict.push(ms);
                let right = matches!(said, Reachability::Unreachable { closest: c }
                    if goal.distance(c.feet) == goal.distance(closest.feet));
                out.wrong_closest += u32::from(!right);
            }
            Reachability::Unknown => out.not_standing += 1,
        }
    }
    out
}

/// 10,000 edits (`VOXWALK_LAYER_EDITS`) on standing surfaces (a block dug from the top of a
/// column, or one placed on it), a plan after every tenth: each edit's
/// own ms, and the plans' (which build the edited clusters again).
fn edits(layer: &mut CoarseLayer, world: &mut World, side: i32) -> (Vec<f64>, Vec<f64>) {
    let (mut marks, mut plans) = (Vec::new(), Vec::new());
    let count = std::env::var("VOXWALK_LAYER_EDITS").map_or(10_000, |s| s.parse().unwrap());
    for i in 0..count {
        let x = 8 + (hash(i ^ 0xed17) % (side as u64 - 16)) as i32;
        let z = 8 + (hash(i ^ 0x5eed) % (side as u64 - 16)) as i32;
        let top = (0..128)
            .rev()
            .find(|&y| world.is_solid_at(IVec3::new(x, y, z)))
            .unwrap_or(0);
        let (cell, block) = if i % 2 == 0 {
            (IVec3::new(x, top, z), BlockId::AIR)
        } else {
            (IVec3::new(x, top + 1, z), BlockId::STONE)
        };
        world.set_block(cell, block);
        let (ms, ()) = timed(|| layer.edited(cell));
        marks.push(ms);
        if i % 10 == 9 {
            let (body, _) = pair(world, side, i);
            let goal = Goal::Column { x, z };
            let (ms, _) = timed(|| layer.plan(world, &body, goal));
            plans.push(ms);
        }
    }
    (marks, plans)
}

/// A window of 64 × 64 columns walked along the hills' x in steps of a
/// cluster, columns loaded ahead and unloaded behind, its clusters built:
/// the columns loaded and the most bytes the layer held, under `cap`.
fn streamed(world: &World, side: i32, cap: usize) -> (u64, usize) {
    let planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let mut layer = CoarseLayer::new(planner, LayerShape::new(0, 127));
    layer.max_bytes = cap;
    let (mut loaded, mut most) = (0u64, 0usize);
    for step in 0..(side - 64) / 16 {
        let lo = IVec2::new(step * 16, 0);
        let hi = lo + IVec2::splat(63);
        let known = |c: IVec2| c.cmpge(lo).all() && c.cmple(hi).all();
        layer.columns_left(lo - IVec2::new(16, 0), IVec2::new(lo.x - 1, hi.y));
        layer.columns_arrived(IVec2::new(hi.x - 15, lo.y), hi);
        loaded += if step == 0 { 64 * 64 } else { 16 * 64 };
        layer.build(world, (lo, hi), &known);
        most = most.max(layer.bytes());
    }
    (loaded, most)
}

fn main() {
    let side: i32 = std::env::var("VOXWALK_LAYER_SIDE").map_or(512, |s| s.parse().unwrap());
    let mut world = Generator::new(Preset::Hills, 7).sized(IVec3::new(side, 128, side));
    let planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let mut layer = CoarseLayer::new(planner, LayerShape::new(0, 127));
    // The whole hills kept: 1024 x 1024 takes some 300 MB, past the default.
    layer.max_bytes = 1 << 30;
    let mut built = build(&mut layer, &world, side);
    let (median, p99, most) = spread(&mut built);
    let blocks = world.storage_bytes();
    let memory = layer.planner().memory().bytes();
    println!(
        "hills {side} x {side}: {} clusters of 16 x 16 columns, {} places",
        layer.clusters(),
        layer.places()
    );
    println!(
        "a cluster built in {median:.1} ms (median), {p99:.1} ms (99th percentile), {most:.1} ms at most; {:.1} s in all",
        built.iter().sum::<f64>() / 1e3
    );
    println!(
        "memory: layer {:.1} MB, step memory {:.1} MB, blocks {:.1} MB: {:.0} % of the blocks' storage",
        layer.bytes() as f64 / 1e6,
        memory as f64 / 1e6,
        blocks as f64 / 1e6,
        (layer.bytes() + memory) as f64 / blocks as f64 * 100.0
    );
    let count = std::env::var("VOXWALK_LAYER_PAIRS").map_or(1_000, |s| s.parse().unwrap());
    let mut p = pairs(&mut layer, &world, side, count);
    let (m, q, w) = spread(&mut p.reachable);
    println!(
        "{} reachable pairs: plan {m:.2} ms median, {q:.2} ms p99, {w:.2} ms at most; {} without a complete plan",
        p.reachable.len(),
        p.missed
    );
    let (m, q, w) = spread(&mut p.unreachable_verdict);
    let (pm, pq, _) = spread(&mut p.unreachable_plan);
    println!(
        "{} unreachable pairs: verdict and closest place {m:.3} ms median, {q:.3} ms p99, {w:.3} ms at most ({} closest places off); the plan to the closest {pm:.2} ms median, {pq:.2} ms p99; {} starts on no place",
        p.unreachable_verdict.len(),
        p.wrong_closest,
        p.not_standing
    );
    let (mut marks, mut plans) = edits(&mut layer, &mut world, side);
    let (m, q, _) = spread(&mut marks);
    let (pm, pq, pw) = spread(&mut plans);
    println!(
        "{} edits on standing surfaces: {m:.4} ms an edit (median), {q:.4} ms p99; a plan after every tenth, clusters built again in it: {pm:.1} ms median, {pq:.1} ms p99, {pw:.1} ms at most",
        marks.len()
    );
    // A cap the walk's window overflows, so clusters behind are dropped.
    let cap = 1 << 20;
    let (loaded, most) = streamed(&world, side, cap);
    println!(
        "streamed walk: {loaded} columns loaded, the layer at most {:.1} MB under a cap of {:.1} MB",
        most as f64 / 1e6,
        cap as f64 / 1e6
    );
}
