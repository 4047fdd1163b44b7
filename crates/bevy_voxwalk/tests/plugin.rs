//! The plugin on a headless bevy `App` (the time plugin and the bare
//! schedules): characters spawned, walking, despawned, a world edited under
//! one, the same bits as voxwalk's `Simulation` given the same inputs, and
//! `Transform`s between ticks.

mod support;

use std::time::Duration;

use bevy_app::App;
use bevy_ecs::entity::Entity;
use bevy_ecs::message::Messages;
use bevy_math::Vec3;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use bevy_transform::components::Transform;
use bevy_voxwalk::convert::{to_bevy, to_voxwalk};
use bevy_voxwalk::{
    Character, CharacterEvent, CharacterInput, CharacterState, EditWorld, Voxwalk, VoxwalkPlugin,
    WorldMotion,
};
use support::stone_floor;
use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Event, Input, Settings, Simulation};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::world::World;

/// A stone floor, its top at y = 0, 64 × 64 around the origin.
fn floor() -> World {
    stone_floor(32)
}

/// An app whose fixed timestep is the settings' tick and whose every
/// `update` runs exactly one fixed step: one voxwalk tick an update.
fn app(world: World) -> App {
    app_on_threads(world, false)
}

/// [`app`], ticking the characters on rayon's threads when `parallel`.
fn app_on_threads(world: World, parallel: bool) -> App {
    app_at(world, parallel, Settings::default().dt())
}

/// An app whose own fixed timestep is `step` seconds (set after the plugin,
/// as a game may), each `update` one fixed step.
fn app_at(world: World, parallel: bool, step: f64) -> App {
    let mut app = App::new();
    app.add_plugins((
        TimePlugin,
        VoxwalkPlugin::new(world, Settings::default())
            .unwrap()
            .parallel(parallel),
    ))
    .insert_resource(Time::<Fixed>::from_seconds(step))
    .insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    // bevy's first update starts the clocks and runs no fixed tick.
    app.update();
    app
}

fn spawn(app: &mut App, feet: Vec3, input: Input) -> Entity {
    app.world_mut()
        .spawn((
            Character::default(),
            Transform::from_translation(feet),
            CharacterInput(input),
        ))
        .id()
}

fn state(app: &App, entity: Entity) -> Body {
    app.world().get::<CharacterState>(entity).unwrap().body
}

/// The events sent since the last call, for `entity`.
fn events_of(app: &mut App, entity: Entity) -> Vec<Event> {
    let mut messages = app.world_mut().resource_mut::<Messages<CharacterEvent>>();
    messages
        .drain()
        .filter(|m| m.entity == entity)
        .map(|m| m.event)
        .collect()
}

#[test]
fn a_character_spawned_above_the_ground_falls_lands_and_walks() {
    let mut app = app(floor());
    let walker = spawn(&mut app, Vec3::new(0.5, 3.0, 0.5), Input::IDLE);
    let mut landed_at = None;
    for tick in 0..40 {
        app.update();
        if state(&app, walker).grounded {
            landed_at.get_or_insert(tick);
        }
    }
    let landed_at = landed_at.expect("it lands");
    assert!((5..=15).contains(&landed_at), "landed at tick {landed_at}");
    let standing = state(&app, walker);
    assert!(standing.grounded);
    assert!(
        standing.feet().y.abs() < 1e-3,
        "on the floor: {:?}",
        standing.feet()
    );
    app.world_mut().get_mut::<CharacterInput>(walker).unwrap().0 = Input::parse("east").unwrap();
    for _ in 0..20 {
        app.update();
    }
    let walked = state(&app, walker);
    assert!(walked.grounded);
    assert!(
        walked.feet().x - standing.feet().x > 3.5,
        "a second of walking east: {:?} to {:?}",
        standing.feet(),
        walked.feet()
    );
    // Drawn a tick and a fixed step (here another tick) behind: two
    // ticks' walk, some 0.43 blocks.
    let transform = app.world().get::<Transform>(walker).unwrap();
    let behind = walked.feet().x - f64::from(transform.translation.x);
    assert!((0.3..0.6).contains(&behind), "{behind}");
}

#[test]
fn landing_is_sent_as_a_message_naming_the_entity() {
    let mut app = app(floor());
    let walker = spawn(&mut app, Vec3::new(0.5, 3.0, 0.5), Input::IDLE);
    let mut events = Vec::new();
    for _ in 0..40 {
        app.update();
        events.extend(events_of(&mut app, walker));
    }
    assert!(
        events.iter().any(|e| matches!(e, Event::Landed { .. })),
        "{events:?}"
    );
}

#[test]
fn a_despawned_character_loses_its_body_and_the_others_go_on() {
    let mut app = app(floor());
    let east = Input::parse("east").unwrap();
    let stays = spawn(&mut app, Vec3::new(0.5, 0.0, 0.5), east);
    let goes = spawn(&mut app, Vec3::new(0.5, 0.0, 4.5), east);
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(
        app.world()
            .resource::<Voxwalk>()
            .simulation()
            .bodies()
            .len(),
        2
    );
    app.world_mut().despawn(goes);
    let before = state(&app, stays).feet().x;
    for _ in 0..10 {
        app.update();
    }
    let voxwalk = app.world().resource::<Voxwalk>();
    assert_eq!(voxwalk.simulation().bodies().len(), 1);
    assert!(voxwalk.body(goes).is_none());
    assert!(
        state(&app, stays).feet().x > before + 1.0,
        "the other walks on"
    );
    // Removing the component alone removes the body too.
    app.world_mut().entity_mut(stays).remove::<Character>();
    app.update();
    assert!(
        app.world()
            .resource::<Voxwalk>()
            .simulation()
            .bodies()
            .is_empty()
    );
}

#[test]
fn a_character_falls_through_a_hole_dug_under_it() {
    let mut app = app(floor());
    let stander = spawn(&mut app, Vec3::new(0.5, 0.0, 0.5), Input::IDLE);
    for _ in 0..10 {
        app.update();
    }
    assert!(state(&app, stander).grounded);
    app.world_mut()
        .commands()
        .queue(EditWorld::new(|world: &mut World| {
            world.fill(IVec3::new(-1, -4, -1), IVec3::new(1, -1, 1), BlockId::AIR);
        }));
    for _ in 0..10 {
        app.update();
    }
    let fell = state(&app, stander);
    assert!(
        fell.feet().y < -1.0,
        "fell into the hole: {:?}",
        fell.feet()
    );
}

fn hash(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

fn input(key: u64, tick: u64) -> Input {
    let h = hash(key * 1_000_003 + tick / 15);
    Input {
        east: h & 1 != 0,
        west: h & 1 == 0 && h & 2 != 0,
        south: h & 4 != 0,
        north: h & 4 == 0 && h & 8 != 0,
        jump: h & 32 != 0,
        sprint: h & 16 != 0,
        ..Input::IDLE
    }
}

/// 64 characters crowded onto the floor with changing inputs: through the
/// plugin (on one thread and on rayon's) and through `Simulation::step`
/// directly, every body the same to the bit at every tick.
#[test]
fn the_plugin_gives_the_bits_of_the_simulation_itself() {
    for parallel in [false, true] {
        same_bits_as_the_simulation(parallel);
    }
}

fn same_bits_as_the_simulation(parallel: bool) {
    let mut app = app_on_threads(floor(), parallel);
    let mut sim = Simulation::new(floor(), Settings::default()).unwrap();
    let feet = |key: u64| {
        let x = (hash(2 * key) % 1000) as f64 / 100.0 - 5.0;
        let z = (hash(2 * key + 1) % 1000) as f64 / 100.0 - 5.0;
        DVec3::new(x, 0.0, z)
    };
    let entities: Vec<Entity> = (0..64u64)
        .map(|key| spawn(&mut app, to_bevy(feet(key)), Input::IDLE))
        .collect();
    // The plugin adds a tick's new characters in the order of their
    // entities (which need not be the order of spawning): so does this.
    let mut by_entity: Vec<usize> = (0..entities.len()).collect();
    by_entity.sort_by_key(|&key| entities[key]);
    let mut handles = vec![None; entities.len()];
    for key in by_entity {
        // The same feet as the plugin reads them (through f32).
        let at = bevy_voxwalk::convert::to_voxwalk(to_bevy(feet(key as u64)));
        handles[key] = Some(sim.add_body(Body::new(at, Body::DEFAULT_SIZE).unwrap()));
    }
    let handles: Vec<_> = handles.into_iter().map(Option::unwrap).collect();
    let mut pushes = 0;
    for tick in 0..300u64 {
        for (key, &entity) in entities.iter().enumerate() {
            app.world_mut().get_mut::<CharacterInput>(entity).unwrap().0 = input(key as u64, tick);
        }
        app.update();
        let inputs: Vec<_> = handles
            .iter()
            .enumerate()
            .map(|(key, &h)| (h, input(key as u64, tick)))
            .collect();
        let report = sim.step(&inputs).unwrap();
        for (&entity, &handle) in entities.iter().zip(&handles) {
            let direct = sim.body(handle).unwrap();
            assert_eq!(
                format!("{:?}", state(&app, entity)),
                format!("{direct:?}"),
                "tick {tick}, {entity:?}, parallel {parallel}"
            );
            pushes += report
                .events(handle)
                .unwrap()
                .iter()
                .filter(|e| matches!(e, Event::PushedByBody { .. }))
                .count();
        }
    }
    assert!(pushes > 50, "the crowd pushes itself: {pushes}");
}

/// At 60 frames a second a fixed tick of 1/20 s runs on one frame in three:
/// characters despawned on the frames between lose their bodies all the
/// same (a removal read only in `FixedUpdate` was missed there, leaving
/// ghost bodies that pushed the living).
#[test]
fn characters_despawned_between_fixed_ticks_lose_their_bodies() {
    let mut app = app(floor());
    let dt = Settings::default().dt();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
        dt / 3.0,
    )));
    let east = Input::parse("east").unwrap();
    let crowd: Vec<Entity> = (0..12)
        .map(|i| spawn(&mut app, Vec3::new(0.5 + i as f32, 0.0, 0.5), east))
        .collect();
    for _ in 0..9 {
        app.update();
    }
    // One despawn on each frame of six in a row, whether or not it ticks.
    for &entity in &crowd[..6] {
        app.world_mut().despawn(entity);
        app.update();
    }
    for _ in 0..9 {
        app.update();
    }
    let voxwalk = app.world().resource::<Voxwalk>();
    assert_eq!(voxwalk.simulation().bodies().len(), 6, "no ghost bodies");
    for &gone in &crowd[..6] {
        assert!(voxwalk.body(gone).is_none());
    }
}

/// With four frames to a fixed tick (the app's step the tick's), the
/// `Transform` walks in quarters between the feet of the two ticks
/// before the newest: drawn a tick and a fixed step behind the clock.
#[test]
fn transforms_are_interpolated_between_ticks() {
    let mut app = app(floor());
    let dt = Settings::default().dt();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
        dt / 4.0,
    )));
    let walker = spawn(
        &mut app,
        Vec3::new(0.5, 0.0, 0.5),
        Input::parse("east").unwrap(),
    );
    for _ in 0..40 {
        app.update(); // up to speed
    }
    // The feet at the last three ticks, the newest last.
    let mut ticks: Vec<f64> = Vec::new();
    let mut seen = Vec::new();
    for _ in 0..24 {
        app.update();
        let x = state(&app, walker).feet().x;
        if ticks.last() != Some(&x) {
            ticks.push(x);
        }
        if ticks.len() < 3 {
            continue;
        }
        let (from, to) = (ticks[ticks.len() - 3], ticks[ticks.len() - 2]);
        let drawn = f64::from(app.world().get::<Transform>(walker).unwrap().translation.x);
        assert!(to > from, "walking east");
        let alpha = (drawn - from) / (to - from);
        assert!(
            (-1e-3..=1.0 + 1e-3).contains(&alpha),
            "x {drawn} outside {from}..{to}"
        );
        seen.push((alpha * 4.0).round() as i32);
    }
    for quarter in 0..4 {
        assert!(seen.contains(&quarter), "quarter {quarter} drawn: {seen:?}");
    }
}

/// Despawning characters from the game's own frames at 30, 60 and 144
/// frames a second (so most frames run no voxwalk tick) leaves no body
/// behind.
#[test]
fn despawns_at_any_frame_rate_leave_no_body_behind() {
    for fps in [30.0, 60.0, 144.0] {
        let mut app = app_at(floor(), false, 1.0 / 64.0);
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
            1.0 / fps,
        )));
        let east = Input::parse("east").unwrap();
        let crowd: Vec<Entity> = (0..20)
            .map(|i| spawn(&mut app, Vec3::new(0.5 + i as f32, 0.0, 0.5), east))
            .collect();
        for _ in 0..10 {
            app.update();
        }
        for &entity in &crowd[..10] {
            app.world_mut().despawn(entity);
            app.update();
        }
        for _ in 0..30 {
            app.update();
        }
        let voxwalk = app.world().resource::<Voxwalk>();
        assert_eq!(
            voxwalk.simulation().bodies().len(),
            10,
            "at {fps} frames a second"
        );
    }
}

/// A game that keeps bevy's fixed timestep (64 Hz), or sets its own, keeps
/// it: the plugin does not touch it, and the characters still tick at the
/// settings' rate, 20 a second, the same walk as the simulation's.
#[test]
fn the_games_fixed_timestep_is_its_own_and_characters_keep_their_rate() {
    // Steps a whole number of nanoseconds long, so two seconds of them are
    // two seconds exactly.
    for step in [1.0 / 64.0, 1.0 / 40.0, 0.1] {
        let mut app = app_at(floor(), false, step);
        let walker = spawn(
            &mut app,
            Vec3::new(0.5, 0.0, 0.5),
            Input::parse("east").unwrap(),
        );
        let steps = (2.0 / step).round() as usize; // two seconds
        for _ in 0..steps {
            app.update();
        }
        let fixed = app
            .world()
            .resource::<Time<Fixed>>()
            .timestep()
            .as_secs_f64();
        assert!(
            (fixed - step).abs() < 1e-9,
            "the game's step {step} kept, not {fixed}"
        );
        let ticks = app.world().resource::<Voxwalk>().simulation().ticks_run();
        assert_eq!(
            ticks, 40,
            "40 ticks in two seconds at a fixed step of {step} s"
        );
        let mut sim = Simulation::new(floor(), Settings::default()).unwrap();
        let body = sim.add_body(Body::new(DVec3::new(0.5, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap());
        for _ in 0..40 {
            sim.step(&[(body, Input::parse("east").unwrap())]).unwrap();
        }
        assert_eq!(state(&app, walker).feet(), sim.body(body).unwrap().feet());
    }
}

/// A game moves a character the bevy way: writing its `Transform` teleports
/// it (drawn there, and walking on from there), a changed `Character::size`
/// resizes it, and its velocity is set through `Voxwalk::body_mut`.
#[test]
fn a_written_transform_teleports_and_a_new_size_resizes() {
    let mut app = app(floor());
    let walker = spawn(
        &mut app,
        Vec3::new(0.5, 0.0, 0.5),
        Input::parse("east").unwrap(),
    );
    for _ in 0..10 {
        app.update();
    }
    app.world_mut()
        .get_mut::<Transform>(walker)
        .unwrap()
        .translation = Vec3::new(-20.5, 0.0, 10.5);
    app.update();
    let body = state(&app, walker);
    assert!(
        (body.feet().x + 20.5).abs() < 1.0 && (body.feet().z - 10.5).abs() < 1e-9,
        "teleported: {}",
        body.feet()
    );
    app.world_mut().get_mut::<Character>(walker).unwrap().size = DVec3::new(0.9, 2.5, 0.9);
    app.update();
    assert!((state(&app, walker).height() - 2.5).abs() < 1e-9);
    app.world_mut()
        .resource_mut::<Voxwalk>()
        .body_mut(walker)
        .unwrap()
        .momentum = DVec3::new(0.0, 9.0, 0.0);
    app.update();
    assert!(state(&app, walker).feet().y > 0.3, "launched upwards");
}

/// Another plugin's systems share `FixedUpdate` with the characters (a
/// game's AI at the app's own rate): each runs at its own rate.
#[test]
fn another_plugins_fixed_systems_run_beside_the_characters() {
    use bevy_app::FixedUpdate;
    use bevy_ecs::resource::Resource;
    use bevy_ecs::system::ResMut;
    #[derive(Resource, Default)]
    struct AiRuns(u32);
    let mut app = app_at(floor(), false, 1.0 / 64.0);
    app.init_resource::<AiRuns>()
        .add_systems(FixedUpdate, |mut runs: ResMut<AiRuns>| runs.0 += 1);
    spawn(&mut app, Vec3::new(0.5, 0.0, 0.5), Input::IDLE);
    for _ in 0..128 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<AiRuns>().0,
        128,
        "the game's AI at 64 Hz"
    );
    let ticks = app.world().resource::<Voxwalk>().simulation().ticks_run();
    assert_eq!(ticks, 40, "the characters at 20 Hz");
}

/// A game's system run once a voxwalk tick: `voxwalk_ticked` after the
/// plugin's tick, under bevy's 64 Hz step, runs in as many fixed steps as
/// there were ticks, and sees each tick's state.
#[test]
fn a_system_runs_once_a_tick_with_voxwalk_ticked() {
    use bevy_app::FixedUpdate;
    use bevy_ecs::resource::Resource;
    use bevy_ecs::schedule::IntoScheduleConfigs;
    use bevy_ecs::system::{Res, ResMut};
    use bevy_voxwalk::{VoxwalkClock, VoxwalkSystems, voxwalk_ticked};
    #[derive(Resource, Default)]
    struct AiRuns(u32, u64);
    let mut app = app_at(floor(), false, 1.0 / 64.0);
    app.init_resource::<AiRuns>().add_systems(
        FixedUpdate,
        (|mut runs: ResMut<AiRuns>, clock: Res<VoxwalkClock>| {
            runs.0 += 1;
            runs.1 += u64::from(clock.ticks_in_last_step());
        })
        .after(VoxwalkSystems::Tick)
        .run_if(voxwalk_ticked),
    );
    spawn(&mut app, Vec3::new(0.5, 0.0, 0.5), Input::IDLE);
    for _ in 0..128 {
        app.update();
    }
    let ticks = app.world().resource::<Voxwalk>().simulation().ticks_run();
    let runs = app.world().resource::<AiRuns>();
    assert_eq!((u64::from(runs.0), runs.1), (ticks, ticks));
}

/// An entity that stops being a character keeps nothing of one.
#[test]
fn a_removed_character_leaves_no_state_behind() {
    use bevy_voxwalk::CharacterBody;
    let mut app = app(floor());
    let walker = spawn(&mut app, Vec3::new(0.5, 0.0, 0.5), Input::IDLE);
    app.update();
    assert!(app.world().get::<CharacterState>(walker).is_some());
    app.world_mut().entity_mut(walker).remove::<Character>();
    app.update();
    assert!(app.world().get::<CharacterState>(walker).is_none());
    assert!(app.world().get::<CharacterBody>(walker).is_none());
    assert!(app.world().get::<Transform>(walker).is_some(), "the game's");
    assert!(app.world().resource::<Voxwalk>().body(walker).is_none());
}

/// Forgetting bevy's `TimePlugin` is said when the app is set up, naming
/// the plugin and the missing piece, not left as characters that never move.
#[test]
#[should_panic(expected = "VoxwalkPlugin needs bevy's TimePlugin")]
fn an_app_without_a_clock_is_told_so() {
    let mut app = App::new();
    app.add_plugins(VoxwalkPlugin::new(floor(), Settings::default()).unwrap());
    app.finish();
}

/// One world an app: a second `VoxwalkPlugin` is refused when it is added
/// (bevy's own rule for a plugin type), not run as a second simulation.
#[test]
#[should_panic(expected = "already")]
fn a_second_plugin_is_refused() {
    let mut app = App::new();
    app.add_plugins((
        TimePlugin,
        VoxwalkPlugin::new(floor(), Settings::default()).unwrap(),
    ));
    app.add_plugins(VoxwalkPlugin::new(floor(), Settings::default()).unwrap());
}

/// A plugin over another world type is refused as well: bevy sees another
/// plugin type, and both would take every `Character` as their own.
#[test]
#[should_panic(expected = "a VoxwalkPlugin is already in this app")]
fn a_second_plugin_over_another_world_type_is_refused() {
    let mut app = App::new();
    app.add_plugins((
        TimePlugin,
        VoxwalkPlugin::new(floor(), Settings::default()).unwrap(),
    ));
    app.add_plugins(VoxwalkPlugin::new(Shelf(floor()), Settings::default()).unwrap());
}

/// `WorldMotion` walks the way it points in world space: the body turned
/// to it, its stick forward as far as it is long. The same bits as a body
/// turned by hand and walked by its stick.
#[test]
fn world_motion_walks_the_way_it_points() {
    let way = Vec3::new(-0.3, 0.0, 0.4); // half of full speed, south-west
    let start = Vec3::new(0.5, 0.0, 0.5);
    let (mut turned, mut by_hand) = (app(floor()), app(floor()));
    let walker = spawn(&mut turned, start, Input::IDLE);
    let twin = spawn(&mut by_hand, start, Input::IDLE);
    turned.update(); // bodies added, standing
    by_hand.update();
    turned
        .world_mut()
        .entity_mut(walker)
        .insert(WorldMotion(way));
    let flat = voxwalk::glam::DVec2::new(f64::from(way.x), f64::from(way.z));
    let heading = flat / flat.length();
    by_hand
        .world_mut()
        .resource_mut::<Voxwalk>()
        .body_mut(twin)
        .unwrap()
        .heading = heading;
    by_hand
        .world_mut()
        .entity_mut(twin)
        .insert(CharacterInput(Input {
            analog: voxwalk::glam::DVec2::new(flat.length(), 0.0),
            ..Input::IDLE
        }));
    for _ in 0..40 {
        turned.update();
        by_hand.update();
        assert_eq!(state(&turned, walker), state(&by_hand, twin));
    }
    let walked = state(&turned, walker);
    assert_eq!(walked.heading, heading);
    let moved = walked.feet() - to_voxwalk(start);
    assert!(moved.x < -1.0 && moved.z > 1.0, "{moved}");
    assert!((moved.x / moved.z + 0.75).abs() < 1e-6, "{moved}");
    // Zero stands still, facing as it did.
    turned
        .world_mut()
        .entity_mut(walker)
        .insert(WorldMotion(Vec3::ZERO));
    for _ in 0..20 {
        turned.update();
    }
    let still = state(&turned, walker);
    assert_eq!(still.heading, heading);
    assert!(still.velocity.length() < 1e-9, "{:?}", still.velocity);
}

/// A game's own storage: `World` behind a type of the game's.
struct Shelf(World);

impl voxwalk::world::BlockSource for Shelf {
    fn block(&self, cell: IVec3) -> BlockId {
        self.0.block(cell)
    }

    fn registry(&self) -> &voxwalk::block::BlockRegistry {
        self.0.registry()
    }
}

fn reads_the_default_world(simulation: bevy_ecs::system::Res<Voxwalk>) {
    let _ = simulation.simulation().ticks_run();
}

/// A plugin over a game's own storage holds `Voxwalk<Shelf>`; a system that
/// asks for `Res<Voxwalk>` (the built-in `World`'s) is told by bevy which
/// system and which parameter (`docs/bevy.md` says to name
/// `Voxwalk<Shelf>`).
#[test]
#[should_panic(
    expected = "system `plugin::reads_the_default_world`: Parameter `Res<Voxwalk>` failed validation: Resource does not exist"
)]
fn a_system_asking_for_another_worlds_resource_is_named() {
    let mut app = App::new();
    app.add_plugins((
        TimePlugin,
        VoxwalkPlugin::new(Shelf(floor()), Settings::default()).unwrap(),
    ))
    .add_systems(bevy_app::Update, reads_the_default_world);
    app.update();
}

/// A character with `FaceHeading` is turned to its body's heading: bevy's
/// forward (-z) along it; one without keeps the game's rotation.
#[test]
fn face_heading_turns_the_transform_to_the_heading() {
    use bevy_voxwalk::FaceHeading;
    let mut app = app(floor());
    let turned = spawn(&mut app, Vec3::new(0.5, 0.0, 0.5), Input::IDLE);
    app.world_mut().entity_mut(turned).insert(FaceHeading);
    let kept = spawn(&mut app, Vec3::new(4.5, 0.0, 0.5), Input::IDLE);
    for heading in [0.0, 90.0, 225.0] {
        app.update();
        app.world_mut()
            .resource_mut::<Voxwalk>()
            .body_mut(turned)
            .unwrap()
            .set_heading_degrees(heading);
        app.update();
        let forward = app.world().get::<Transform>(turned).unwrap().rotation * Vec3::NEG_Z;
        let want = Vec3::new(
            (heading as f32).to_radians().cos(),
            0.0,
            (heading as f32).to_radians().sin(),
        );
        assert!(
            (forward - want).length() < 1e-5,
            "{heading}: {forward} {want}"
        );
    }
    let rotation = app.world().get::<Transform>(kept).unwrap().rotation;
    assert_eq!(rotation, bevy_math::Quat::IDENTITY);
}
