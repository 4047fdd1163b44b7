//! 200 NPCs on errands over generated hills, headless, as a game's town
//! would send them: each is given a `Destination` (a column somewhere on
//! the map) and, once it arrives or is told there is no way, another after
//! a pause. The plugin plans for them within a budget of work a tick.
//! Long errands cross a coarse layer built at load. Prints, every five
//! seconds of game time, the errands done, the plans made, the most work a
//! tick (the budget, and past it the checking walks of the plans made that
//! tick) and the frame times; checks at the end that more than half of the
//! errands sent arrived in the 40 seconds and that no NPC is inside a
//! block.
//!
//! `cargo run --release -p bevy_voxwalk --example errands`

use std::time::{Duration, Instant};

use bevy_app::App;
use bevy_ecs::entity::Entity;
use bevy_ecs::message::Messages;
use bevy_math::Vec3;
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use bevy_transform::components::Transform;
use bevy_voxwalk::prelude::*;
use voxwalk::generate::{Generator, Preset};
use voxwalk::glam::{IVec2, IVec3};
use voxwalk::navigate::{CoarseLayer, LayerShape, Planner};
use voxwalk::resolver::blocks_in_box;
use voxwalk::world::BlockSource;

const NPCS: u64 = 200;
const SIDE: i32 = 128;
const SECONDS: u64 = 40;
const FPS: u64 = 60;
const WORK_PER_TICK: u64 = 20_000;

/// A small deterministic hash (splitmix64): the same errands every run.
fn hash(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The `n`th errand's column, a few blocks in from the map's edge.
fn errand(n: u64) -> Goal {
    let span = (SIDE - 8) as u64;
    let x = 4 + (hash(n) % span) as i32;
    let z = 4 + (hash(n ^ 0xABCD) % span) as i32;
    Goal::Column { x, z }
}

/// The top of the ground in column (x, z).
fn ground(world: &VoxelWorld, x: i32, z: i32) -> i32 {
    (0..SIDE)
        .rev()
        .find(|&y| !world.shape_at(IVec3::new(x, y, z)).is_empty())
        .unwrap_or(0)
        + 1
}

fn main() {
    let world = Generator::new(Preset::Hills, 11).sized(IVec3::new(SIDE, 96, SIDE));
    let starts: Vec<Vec3> = (0..NPCS)
        .map(|n| {
            let (x, z) = (8 + (n % 20) as i32 * 5, 8 + (n / 20) as i32 * 10);
            Vec3::new(x as f32 + 0.5, ground(&world, x, z) as f32, z as f32 + 0.5)
        })
        .collect();
    // The coarse layer a game builds once at load (and keeps told of its
    // edits): long plans cross it cluster by cluster.
    let built = Instant::now();
    let planner = Planner::new(VoxwalkSettings::default(), VoxwalkBody::DEFAULT_SIZE).unwrap();
    let mut layer = CoarseLayer::new(planner, LayerShape::new(0, 95));
    let layer_work = layer.build(&world, (IVec2::ZERO, IVec2::splat(SIDE - 1)), &|_| true);
    println!(
        "coarse layer: {} clusters, {layer_work} work, {:.0} ms",
        layer.clusters(),
        built.elapsed().as_secs_f64() * 1e3
    );
    let mut app = App::new();
    app.add_plugins((
        TimePlugin,
        VoxwalkPlugin::new(world, VoxwalkSettings::default()).unwrap(),
    ))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
        1.0 / FPS as f64,
    )));
    app.update();
    let mut voxwalk = app.world_mut().resource_mut::<Voxwalk>();
    voxwalk.set_navigation_work_per_tick(WORK_PER_TICK);
    voxwalk.set_navigation_layer(layer);
    let npcs: Vec<Entity> = starts
        .iter()
        .enumerate()
        .map(|(n, &feet)| {
            app.world_mut()
                .spawn((
                    Character::default(),
                    Transform::from_translation(feet),
                    Destination::Goal(errand(n as u64)),
                ))
                .id()
        })
        .collect();
    let mut sent = NPCS;
    // An NPC done with its errand waits two seconds, then is sent again.
    let mut resting: Vec<(Entity, u64)> = Vec::new();
    let (mut arrived, mut no_way, mut plans, mut most_work) = (0, 0, 0, 0);
    let mut frame_times: Vec<Duration> = Vec::new();
    for frame in 1..=SECONDS * FPS {
        let started = Instant::now();
        app.update();
        frame_times.push(started.elapsed());
        let tick = app.world().resource::<Voxwalk>().simulation().ticks_run();
        most_work = most_work.max(
            app.world()
                .resource::<Voxwalk>()
                .navigation_worked_last_tick(),
        );
        let messages: Vec<NavigationEvent> = app
            .world_mut()
            .resource_mut::<Messages<NavigationEvent>>()
            .drain()
            .collect();
        for message in messages {
            match message.event {
                CrowdEvent::Arrived => {
                    arrived += 1;
                    resting.push((message.entity, tick + 40));
                }
                CrowdEvent::NoWay => {
                    no_way += 1;
                    resting.push((message.entity, tick + 40));
                }
                CrowdEvent::Planned { .. } => plans += 1,
                CrowdEvent::Stuck(_) => {}
            }
        }
        resting.retain(|&(npc, until)| {
            if tick < until {
                return true;
            }
            sent += 1;
            app.world_mut()
                .entity_mut(npc)
                .insert(Destination::Goal(errand(sent)));
            false
        });
        if frame % (5 * FPS) == 0 {
            let mut times = frame_times.clone();
            times.sort();
            let p99 = times[times.len() * 99 / 100];
            let mean = times.iter().sum::<Duration>() / times.len() as u32;
            println!(
                "{:>2} s: {arrived} arrived, {no_way} no way, {plans} plans, most work a tick {most_work}; frames mean {:.2} ms, p99 {:.2} ms",
                frame / FPS,
                mean.as_secs_f64() * 1e3,
                p99.as_secs_f64() * 1e3
            );
            frame_times.clear();
        }
    }
    let voxwalk = app.world().resource::<Voxwalk>();
    let mut inside = 0;
    for body in npcs.iter().filter_map(|&npc| voxwalk.body(npc)) {
        blocks_in_box(voxwalk.world(), &body.aabb, |_| inside += 1).unwrap();
    }
    println!(
        "{sent} errands sent, {arrived} arrived, {no_way} told no way; {inside} NPCs inside a block"
    );
    assert!(arrived * 2 > sent as usize, "most errands arrive");
    assert_eq!(inside, 0);
}
