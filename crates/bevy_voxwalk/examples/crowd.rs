//! 1,000 characters walking generated hills for 10 seconds of fixed ticks,
//! headless, each steered as a game would steer it: a "walk this way"
//! intent in world space (a camera-relative stick, an AI's wish), turned
//! into voxwalk's input by one system, as bevy_tnua's basis is set from a
//! game's controls.
//!
//! `cargo run --release -p bevy_voxwalk --example crowd`

use std::time::Instant;

use bevy_app::{App, FixedUpdate};
use bevy_ecs::component::Component;
use bevy_ecs::schedule::IntoScheduleConfigs;
use bevy_ecs::system::{Query, Res};
use bevy_math::{Vec2, Vec3};
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use bevy_transform::components::Transform;
use bevy_voxwalk::{
    Character, CharacterInput, CharacterState, Voxwalk, VoxwalkPlugin, VoxwalkSystems,
};
use voxwalk::controller::{Input, Settings};
use voxwalk::generate::{Generator, Preset};
use voxwalk::glam::{DVec2, IVec3};
use voxwalk::resolver::blocks_in_box;
use voxwalk::world::BlockSource;

const CHARACTERS: u32 = 1_000;
const SECONDS: f64 = 10.0;

/// What a game's controls (or its AI) want of a character this frame: the
/// direction to walk in world space (its length the fraction of full speed),
/// and whether to sprint and jump.
#[derive(Component, Clone, Copy, Default)]
struct WalkIntent {
    direction: Vec3,
    sprint: bool,
    jump: bool,
}

/// The mapping a game writes once: an intent becomes voxwalk's input, the
/// horizontal part of the direction as the analog stick (x east, y south).
fn intent_to_input(mut characters: Query<(&WalkIntent, &mut CharacterInput)>) {
    for (intent, mut input) in &mut characters {
        let stick = Vec2::new(intent.direction.x, intent.direction.z);
        input.0 = Input {
            analog: DVec2::new(f64::from(stick.x), f64::from(stick.y)),
            sprint: intent.sprint,
            jump: intent.jump,
            ..Input::IDLE
        };
    }
}

/// A wandering AI: each character turns now and then and hops at walls.
fn wander(fixed: Res<Time<Fixed>>, mut characters: Query<(&CharacterState, &mut WalkIntent)>) {
    let tick = (fixed.elapsed_secs_f64() * 20.0) as u64;
    for (i, (state, mut intent)) in characters.iter_mut().enumerate() {
        let h = hash(i as u64 * 1_000_003 + tick / 60);
        let angle = (h % 360) as f32 * std::f32::consts::PI / 180.0;
        intent.direction = Vec3::new(angle.cos(), 0.0, angle.sin());
        intent.sprint = h & 1 == 0;
        intent.jump = state.body.touching.wall_x || state.body.touching.wall_z;
    }
}

/// Where a character was spawned.
#[derive(Component, Clone, Copy)]
struct Start(Vec3);

fn hash(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

fn main() {
    let world = Generator::new(Preset::Hills, 7).sized(IVec3::new(256, 96, 256));
    let surface = |x: i32, z: i32| {
        (0..96)
            .rev()
            .find(|&y| world.is_solid_at(IVec3::new(x, y, z)))
            .map_or(0, |y| y + 1)
    };
    let starts: Vec<Vec3> = (0..CHARACTERS)
        .map(|i| {
            let (x, z) = (8 + (i % 40) as i32 * 6, 8 + (i / 40) as i32 * 9);
            Vec3::new(x as f32 + 0.5, surface(x, z) as f32, z as f32 + 0.5)
        })
        .collect();
    let settings = Settings::default();
    let mut app = App::new();
    app.add_plugins((
        TimePlugin,
        VoxwalkPlugin::new(world, settings.clone()).unwrap(),
    ))
    // The game's fixed step is the characters' tick (the plugin keeps its
    // own clock and would tick them at 20 a second whatever the step).
    .insert_resource(Time::<Fixed>::from_seconds(settings.dt()))
    // Headless: every update is one fixed tick, as fast as it runs.
    .insert_resource(TimeUpdateStrategy::FixedTimesteps(1))
    .add_systems(
        FixedUpdate,
        (wander, intent_to_input)
            .chain()
            .before(VoxwalkSystems::Tick),
    );
    app.update(); // starts the clocks
    for &feet in &starts {
        app.world_mut().spawn((
            Character::default(),
            Transform::from_translation(feet),
            WalkIntent::default(),
            Start(feet),
        ));
    }
    let ticks = (SECONDS / settings.dt()).round() as u32;
    let started = Instant::now();
    for _ in 0..ticks {
        app.update();
    }
    let elapsed = started.elapsed();

    let mut query = app
        .world_mut()
        .query::<(&CharacterState, &Transform, &Start)>();
    let voxwalk = app.world().resource::<Voxwalk>();
    let (mut moved, mut inside, mut grounded, mut far) = (0, 0, 0, 0.0f64);
    for (state, transform, Start(start)) in query.iter(app.world()) {
        let feet = state.body.feet();
        let start = DVec2::new(f64::from(start.x), f64::from(start.z));
        let walked = DVec2::new(feet.x, feet.z).distance(start);
        far = far.max(walked);
        moved += u32::from(walked > 5.0);
        grounded += u32::from(state.body.grounded);
        blocks_in_box(voxwalk.world(), &state.body.aabb, |_| inside += 1).unwrap();
        assert!(transform.translation.is_finite());
    }
    let body_ticks = f64::from(CHARACTERS * ticks);
    println!(
        "{CHARACTERS} characters, {ticks} fixed ticks ({SECONDS} s): {moved} walked more than 5 blocks \
         (farthest {far:.1}), {grounded} on the ground at the end, {inside} inside a block"
    );
    println!(
        "{:.0} ns per character-tick through the plugin (release build)",
        elapsed.as_secs_f64() * 1e9 / body_ticks
    );
    assert_eq!(voxwalk.simulation().bodies().len(), CHARACTERS as usize);
    assert_eq!(inside, 0, "no character ends inside a block");
    assert!(
        moved >= CHARACTERS * 3 / 4,
        "most characters walked: {moved}"
    );
    assert!(voxwalk.failure().is_none(), "{:?}", voxwalk.failure());
}
