//! Characters that find their own way through the plugin: 40 NPCs with a
//! `Destination` over generated hills arrive wherever voxwalk's own planner
//! reaches, with the planning of each tick within the budget set, the same
//! at 30, 60 and 144 frames a second; one NPC follows a walking player.

use std::time::Duration;

use bevy_app::App;
use bevy_ecs::entity::Entity;
use bevy_ecs::message::Messages;
use bevy_math::Vec3;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use bevy_transform::components::Transform;
use bevy_voxwalk::{
    Character, CharacterInput, CharacterState, Destination, NavigationEvent, Voxwalk, VoxwalkPlugin,
};
use voxwalk::controller::{Body, Controller, Input, Settings};
use voxwalk::generate::{Generator, Preset};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::navigate::{CrowdEvent, Goal, Planner};
use voxwalk::world::{BlockSource, World};

const NPCS: u32 = 40;
const TICKS: u64 = 700;
const WORK_PER_TICK: u64 = 20_000;

fn hills() -> World {
    Generator::new(Preset::Hills, 11).sized(IVec3::new(64, 80, 64))
}

/// The top of the ground in column (x, z), the feet of a body on it.
fn ground(world: &World, x: i32, z: i32) -> f64 {
    let top = (0..80)
        .rev()
        .find(|&y| !world.shape_at(IVec3::new(x, y, z)).is_empty())
        .unwrap();
    f64::from(top + 1)
}

/// NPC `i`'s start and goal: a grid on the west side, a column on the east.
fn errand(i: u32) -> ((i32, i32), Goal) {
    let (row, col) = (i as i32 / 8, i as i32 % 8);
    let start = (4 + col * 2, 8 + row * 10);
    let goal = Goal::Column {
        x: 40 + col * 2,
        z: 54 - row * 10,
    };
    (start, goal)
}

/// What a run came to: every navigation event with its tick, the NPCs'
/// feet at the last tick bit for bit, and the most work a tick planned.
#[derive(Debug, PartialEq)]
struct Run {
    events: Vec<(u64, u32, CrowdEvent)>,
    feet: Vec<[u64; 3]>,
    most_work: u64,
}

fn run(world: &World, fps: f64) -> Run {
    let mut app = App::new();
    app.add_plugins((
        TimePlugin,
        VoxwalkPlugin::new(world.clone(), Settings::default()).unwrap(),
    ))
    .insert_resource(Time::<Fixed>::from_seconds(1.0 / 64.0))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
        1.0 / fps,
    )));
    app.update();
    app.world_mut()
        .resource_mut::<Voxwalk>()
        .set_navigation_work_per_tick(WORK_PER_TICK);
    let npcs: Vec<Entity> = (0..NPCS)
        .map(|i| {
            let ((x, z), goal) = errand(i);
            let feet = Vec3::new(x as f32 + 0.5, ground(world, x, z) as f32, z as f32 + 0.5);
            app.world_mut()
                .spawn((
                    Character::default(),
                    Transform::from_translation(feet),
                    Destination::Goal(goal),
                ))
                .id()
        })
        .collect();
    let mut events = Vec::new();
    let mut most_work = 0;
    let ticks = |app: &App| app.world().resource::<Voxwalk>().simulation().ticks_run();
    let mut last_tick = ticks(&app);
    while ticks(&app) < TICKS {
        app.update();
        let now = ticks(&app);
        assert!(now <= last_tick + 1, "one tick a frame at most");
        if now > last_tick {
            let voxwalk = app.world().resource::<Voxwalk>();
            most_work = most_work.max(voxwalk.navigation_worked_last_tick());
            last_tick = now;
        }
        let mut messages = app.world_mut().resource_mut::<Messages<NavigationEvent>>();
        for message in messages.drain() {
            let i = npcs.iter().position(|&e| e == message.entity).unwrap() as u32;
            events.push((message.tick, i, message.event));
        }
    }
    let feet = npcs
        .iter()
        .map(|&e| {
            let body = app.world().get::<CharacterState>(e).unwrap().body;
            body.feet().to_array().map(f64::to_bits)
        })
        .collect();
    Run {
        events,
        feet,
        most_work,
    }
}

/// Every NPC whose goal voxwalk's planner reaches (with no bound on its
/// work) arrives, the rest are told there is no way; each tick's planning
/// stays within about the budget; the runs at 30, 60 and 144 frames a
/// second are the same, event for event and bit for bit.
#[test]
fn npcs_with_destinations_arrive_within_the_budget_at_any_frame_rate() {
    let world = hills();
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    planner.work_budget = u64::MAX;
    let mut controller = Controller::new(Settings::default()).unwrap();
    let reachable: Vec<bool> = (0..NPCS)
        .map(|i| {
            let ((x, z), goal) = errand(i);
            let feet = DVec3::new(f64::from(x) + 0.5, ground(&world, x, z), f64::from(z) + 0.5);
            let mut body = Body::new(feet, Body::DEFAULT_SIZE).unwrap();
            for _ in 0..5 {
                controller
                    .tick(&world, &mut body, Input::IDLE, &mut Vec::new())
                    .unwrap();
            }
            planner.plan(&world, &body, goal).is_ok_and(|p| p.complete)
        })
        .collect();
    let at_30 = run(&world, 30.0);
    let arrived: Vec<u32> = at_30
        .events
        .iter()
        .filter(|e| e.2 == CrowdEvent::Arrived)
        .map(|e| e.1)
        .collect();
    println!(
        "{} of {NPCS} reachable, {} arrived; most work a tick {}",
        reachable.iter().filter(|&&r| r).count(),
        arrived.len(),
        at_30.most_work
    );
    for (i, &reach) in reachable.iter().enumerate() {
        let i = i as u32;
        if reach {
            assert!(arrived.contains(&i), "NPC {i} did not arrive");
        } else {
            assert!(
                at_30
                    .events
                    .iter()
                    .any(|e| e.1 == i && e.2 == CrowdEvent::NoWay),
                "NPC {i} was not told"
            );
        }
    }
    assert!(at_30.most_work < WORK_PER_TICK * 3, "{}", at_30.most_work);
    assert_eq!(at_30, run(&world, 60.0));
    assert_eq!(at_30, run(&world, 144.0));
}

/// A field of stone 64 × 64 with a row of pillars across it.
fn field() -> World {
    let mut world = World::new();
    world.fill(
        IVec3::new(0, 0, 0),
        IVec3::new(63, 0, 63),
        voxwalk::block::BlockId::STONE,
    );
    for z in (0..64).step_by(4) {
        world.fill(
            IVec3::new(30, 1, z),
            IVec3::new(30, 3, z),
            voxwalk::block::BlockId::BRICK,
        );
    }
    world
}

/// An NPC following a player who walks east across a row of pillars and
/// then south keeps within a few blocks of it, its plan patched as the
/// player moves, and its path is readable while it walks.
#[test]
fn an_npc_follows_a_walking_player() {
    let world = field();
    let mut app = App::new();
    app.add_plugins((
        TimePlugin,
        VoxwalkPlugin::new(world.clone(), Settings::default()).unwrap(),
    ))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
        1.0 / 60.0,
    )));
    app.update();
    let player = app
        .world_mut()
        .spawn((
            Character::default(),
            Transform::from_xyz(10.5, 1.0, 10.5),
            CharacterInput(Input::parse("east").unwrap()),
        ))
        .id();
    let npc = app
        .world_mut()
        .spawn((
            Character::default(),
            Transform::from_xyz(6.5, 1.0, 10.5),
            Destination::Follow {
                entity: player,
                radius: 2.0,
            },
        ))
        .id();
    let mut farthest: f64 = 0.0;
    let mut path_seen = false;
    let mut patched = 0;
    for frame in 0..600 {
        if frame == 300 {
            app.world_mut().get_mut::<CharacterInput>(player).unwrap().0 =
                Input::parse("south").unwrap();
        }
        app.update();
        let voxwalk = app.world().resource::<Voxwalk>();
        path_seen |= voxwalk.next_waypoint(npc).is_some() && !voxwalk.path(npc).is_empty();
        let (p, n) = (voxwalk.body(player).unwrap(), voxwalk.body(npc).unwrap());
        let across = (p.feet() - n.feet()) * DVec3::new(1.0, 0.0, 1.0);
        farthest = farthest.max(across.length());
        let mut messages = app.world_mut().resource_mut::<Messages<NavigationEvent>>();
        patched += messages
            .drain()
            .filter(|m| {
                m.event
                    == (CrowdEvent::Planned {
                        again: true,
                        complete: true,
                    })
            })
            .count();
    }
    println!("the follower was at most {farthest:.2} blocks behind; {patched} patches");
    assert!(path_seen);
    assert!(patched > 20, "{patched}");
    assert!(farthest < 6.0, "{farthest}");
}

/// A digging player: 10 NPCs cross the field to the far side and back
/// for a minute, while every half second a block is dug out of the floor
/// or put back, a block at a time along x = 20, where their ways cross.
/// An NPC is planned for again only where a hole or a block put back
/// changes the place its step ends in (the crowd's look each tick) or
/// stops it: at most two plans made again an NPC a minute here.
#[test]
fn a_digging_player_costs_a_bounded_number_of_plans() {
    let world = field();
    let mut app = App::new();
    app.add_plugins((
        TimePlugin,
        VoxwalkPlugin::new(world, Settings::default()).unwrap(),
    ))
    .insert_resource(Time::<Fixed>::from_seconds(1.0 / 20.0))
    .insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app.update();
    let npcs: Vec<Entity> = (0..10)
        .map(|i| {
            let z = 8 + i * 5;
            app.world_mut()
                .spawn((
                    Character::default(),
                    Transform::from_xyz(4.5, 1.0, z as f32 + 0.5),
                    Destination::Goal(Goal::Column { x: 58, z }),
                ))
                .id()
        })
        .collect();
    let (mut plans, mut again, mut arrivals) = (0, 0, 0);
    for tick in 0..1200u32 {
        if tick % 10 == 0 {
            // Along x = 20, z walking the field's width and back.
            let step = tick / 10;
            let z = (step % 56) as i32 + 4;
            let cell = IVec3::new(20, 0, z);
            app.world_mut().resource_mut::<Voxwalk>().edit_world(|w| {
                let dug = w.block(cell) == voxwalk::block::BlockId::AIR;
                let block = if dug {
                    voxwalk::block::BlockId::STONE
                } else {
                    voxwalk::block::BlockId::AIR
                };
                w.set_block(cell, block);
            });
        }
        app.update();
        let events: Vec<NavigationEvent> = app
            .world_mut()
            .resource_mut::<Messages<NavigationEvent>>()
            .drain()
            .collect();
        for message in events {
            match message.event {
                CrowdEvent::Planned { again: false, .. } => plans += 1,
                CrowdEvent::Planned { again: true, .. } | CrowdEvent::NoWay => again += 1,
                CrowdEvent::Arrived => {
                    // Back across the field.
                    arrivals += 1;
                    let i = npcs.iter().position(|&e| e == message.entity).unwrap() as i32;
                    let x = app
                        .world()
                        .resource::<Voxwalk>()
                        .body(message.entity)
                        .unwrap()
                        .feet()
                        .x;
                    let goal = if x > 30.0 { 4 } else { 58 };
                    app.world_mut()
                        .entity_mut(message.entity)
                        .insert(Destination::Goal(Goal::Column {
                            x: goal,
                            z: 8 + i * 5,
                        }));
                }
                _ => {}
            }
        }
    }
    println!(
        "a minute of digging, 10 NPCs: {arrivals} arrivals, {plans} plans for errands, \
         {again} made again ({:.1} an NPC)",
        f64::from(again) / 10.0
    );
    assert!(arrivals >= 30, "{arrivals}");
    assert!(again <= 20, "{again} plans made again");
}
