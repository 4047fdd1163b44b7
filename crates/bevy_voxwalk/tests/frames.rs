//! The plugin between bevy's frames and its own ticks: a one-frame press
//! reaches the next tick at any frame rate and acts once, the characters'
//! clock counts bevy's whole-nanosecond timesteps exactly, and a teleport
//! is drawn at once.

mod support;

use std::time::Duration;

use bevy_app::App;
use bevy_app::Update;
use bevy_ecs::entity::Entity;
use bevy_ecs::message::Messages;
use bevy_math::Vec3;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy, Virtual};
use bevy_transform::components::Transform;
use bevy_voxwalk::{
    Character, CharacterEvent, CharacterInput, CharacterState, Voxwalk, VoxwalkPlugin,
};
use support::stone_floor;
use voxwalk::controller::{Event, Input, Settings};
use voxwalk::geometry::Aabb;
use voxwalk::glam::DVec3;
use voxwalk::world::World;

/// A stone floor, its top at y = 0, 128 × 128 around the origin.
fn floor() -> World {
    stone_floor(64)
}

/// An app at bevy's fixed step of `step` seconds, each `update` a frame of
/// `frame` seconds.
fn app(step: f64, frame: f64) -> App {
    let mut app = App::new();
    app.add_plugins((
        TimePlugin,
        VoxwalkPlugin::new(floor(), Settings::default()).unwrap(),
    ))
    .insert_resource(Time::<Fixed>::from_seconds(step))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
        frame,
    )));
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

fn ticks_run(app: &App) -> u64 {
    app.world().resource::<Voxwalk>().simulation().ticks_run()
}

/// The jumps sent for `entity` since the last call (messages last two
/// frames: asked every frame).
fn jumps(app: &mut App, entity: Entity) -> usize {
    let mut messages = app.world_mut().resource_mut::<Messages<CharacterEvent>>();
    messages
        .drain()
        .filter(|m| m.entity == entity && m.event == Event::Jumped)
        .count()
}

/// 30 presses of jump one frame long, each after the character has stood
/// two ticks or more, under bevy's default 64 Hz step: each jumps once, at
/// 30, 60, 144 and 240 frames a second.
#[test]
fn a_one_frame_press_jumps_once_at_any_frame_rate() {
    for fps in [30.0, 60.0, 144.0, 240.0] {
        let mut app = app(1.0 / 64.0, 1.0 / fps);
        let jumper = spawn(&mut app, Vec3::new(0.5, 0.0, 0.5), Input::IDLE);
        for _ in 0..30 {
            app.update();
        }
        jumps(&mut app, jumper);
        let mut counted = Vec::new();
        for _ in 0..30 {
            // Stands at least two ticks first.
            let mut grounded_since = None;
            while grounded_since.is_none_or(|t| ticks_run(&app) < t + 2) {
                app.update();
                jumps(&mut app, jumper);
                let grounded = app
                    .world()
                    .get::<CharacterState>(jumper)
                    .unwrap()
                    .body
                    .grounded;
                grounded_since = match (grounded, grounded_since) {
                    (true, None) => Some(ticks_run(&app)),
                    (true, since) => since,
                    (false, _) => None,
                };
            }
            app.world_mut()
                .get_mut::<CharacterInput>(jumper)
                .unwrap()
                .0
                .jump = true;
            app.update();
            let mut jumped = jumps(&mut app, jumper);
            app.world_mut()
                .get_mut::<CharacterInput>(jumper)
                .unwrap()
                .0
                .jump = false;
            for _ in 0..(fps as usize) {
                app.update(); // a second: up, down and landed
                jumped += jumps(&mut app, jumper);
            }
            counted.push(jumped);
        }
        assert!(counted.iter().all(|&n| n == 1), "{fps} fps: {counted:?}");
    }
}

/// Three fixed steps of 1/30 s, 33,333,333 ns each in bevy, make two
/// ticks of 1/20 s: after every third step, two more ticks have run.
#[test]
fn three_steps_of_a_thirtieth_make_two_ticks_of_a_twentieth() {
    let mut app = app(1.0 / 30.0, 1.0 / 30.0);
    let start = ticks_run(&app);
    let mut late = 0;
    for step in 1..=300u64 {
        app.update();
        if step % 3 == 0 && ticks_run(&app) - start != step / 3 * 2 {
            late += 1;
        }
    }
    assert_eq!(late, 0);
    assert_eq!(ticks_run(&app) - start, 200);
}

/// A walking character moved by a written `Transform`, then by
/// `Voxwalk::body_mut(e).place`, under the 64 Hz step at 60 and 144 frames
/// a second, each at ten phases of the frame against the ticks: every
/// frame after each move draws it at the new place, walking on from there,
/// never at or between the old one.
#[test]
fn a_teleport_is_drawn_at_once() {
    for fps in [60.0, 144.0] {
        let mut app = app(1.0 / 64.0, 1.0 / fps);
        let walker = spawn(
            &mut app,
            Vec3::new(0.5, 0.0, 0.5),
            Input::parse("east").unwrap(),
        );
        for _ in 0..60 {
            app.update();
        }
        for phase in 0..10 {
            for _ in 0..phase {
                app.update();
            }
            let to = DVec3::new(-30.5, 0.0, 20.5 - f64::from(phase));
            app.world_mut()
                .get_mut::<Transform>(walker)
                .unwrap()
                .translation = to.as_vec3().to_array().into();
            drawn_from(&mut app, walker, to, "the Transform");
            let to = DVec3::new(-40.5, 0.0, 30.5 - f64::from(phase));
            {
                let mut voxwalk = app.world_mut().resource_mut::<Voxwalk>();
                let body = voxwalk.body_mut(walker).unwrap();
                let size = body.aabb.max - body.aabb.min;
                body.place(Aabb::from_feet(to, size));
            }
            drawn_from(&mut app, walker, to, "the place");
        }
    }
}

/// Runs 20 frames, each drawing `walker` at `to` or east of it by less
/// than the frames' walk.
fn drawn_from(app: &mut App, walker: Entity, to: DVec3, by: &str) {
    for frame in 0..20 {
        app.update();
        let at = app.world().get::<Transform>(walker).unwrap().translation;
        assert!(
            (f64::from(at.z) - to.z).abs() < 1e-4
                && f64::from(at.x) >= to.x - 1e-4
                && f64::from(at.x) < to.x + 2.0,
            "frame {frame} after {by}: {at}, not at {to}"
        );
    }
}

/// A small deterministic hash (splitmix64), for the frames' jitter.
fn hash(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The worst gap, in steps (a tick's walk), between where a character
/// walking east is drawn and where its ticks put it a tick and a fixed
/// step before the frame's time, over 4 seconds of frames `fps` a second
/// jittered ±20 %, under fixed steps of `hz` and `rate` ticks a second;
/// with `hz` none, ticking in `Update`, a tick alone before the frame.
fn worst_drawing_gap(hz: Option<f64>, rate: f64, fps: f64, seed: u64) -> f64 {
    let settings = Settings {
        tick_rate: rate,
        ..Settings::default()
    };
    let mut plugin = VoxwalkPlugin::new(floor(), settings).unwrap();
    if hz.is_none() {
        plugin = plugin.ticking_in(Update);
    }
    let mut app = App::new();
    app.add_plugins((TimePlugin, plugin))
        .insert_resource(Time::<Fixed>::from_seconds(1.0 / hz.unwrap_or(64.0)))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
            1.0 / fps,
        )));
    app.update();
    let walker = spawn(
        &mut app,
        Vec3::new(0.5, 0.0, 0.5),
        Input::parse("east").unwrap(),
    );
    let length = 1.0 / rate;
    let step = app.world().resource::<Time<Fixed>>().timestep();
    let delay = length + hz.map_or(0.0, |_| step.as_secs_f64());
    // The feet after each tick, by tick: a tick's state is the time
    // `tick × length` on the characters' clock, which starts with the
    // app's fixed steps.
    let mut feet: Vec<(u64, f64)> = Vec::new();
    let (mut worst, mut walk) = (0.0_f64, 0.0_f64);
    for frame in 0..(4.0 * fps) as u64 {
        let jitter = 0.8 + 0.4 * (hash(seed * 1_000_003 + frame) % 10_000) as f64 / 10_000.0;
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
            jitter / fps,
        )));
        app.update();
        let ticks = ticks_run(&app);
        let x = app
            .world()
            .get::<CharacterState>(walker)
            .map(|s| s.body.feet().x);
        if let Some(x) = x
            && feet.last().is_none_or(|&(t, _)| t < ticks)
        {
            feet.push((ticks, x));
        }
        if frame < (fps as u64) {
            continue; // up to speed
        }
        let fixed = app.world().resource::<Time<Fixed>>();
        let now = if hz.is_some() {
            (fixed.elapsed() + fixed.overstep()).as_secs_f64()
        } else {
            app.world()
                .resource::<Time<Virtual>>()
                .elapsed()
                .as_secs_f64()
        };
        let at = (now - delay) / length;
        let Some(i) = feet
            .windows(2)
            .position(|w| (w[0].0 as f64) <= at && at <= (w[1].0 as f64))
        else {
            panic!(
                "{hz:?} Hz, {rate}/s, {fps} fps: no ticks bracket {at} ({:?})",
                feet.last()
            );
        };
        let ((t0, x0), (t1, x1)) = (feet[i], feet[i + 1]);
        let expected = x0 + (x1 - x0) * (at - t0 as f64) / (t1 - t0) as f64;
        walk = walk.max((x1 - x0) / (t1 - t0) as f64);
        let drawn = f64::from(app.world().get::<Transform>(walker).unwrap().translation.x);
        worst = worst.max((drawn - expected).abs());
    }
    worst / walk
}

/// A walking character is drawn where its ticks put it a tick and a fixed
/// step before each frame (within 1 % of a tick's walk), under fixed steps
/// of 20, 30, 60 and 64 Hz, 20 and 60 ticks a second, at 30, 60, 120, 144
/// and 165 frames a second jittered ±20 %: never held still while a due
/// tick waits for its fixed step, never more than that far behind.
#[test]
fn a_walker_is_drawn_on_its_trajectory_a_tick_and_a_fixed_step_behind() {
    let mut worst: f64 = 0.0;
    for (seed, (hz, rate, fps)) in [20.0, 30.0, 60.0, 64.0]
        .into_iter()
        .flat_map(|hz| [20.0, 60.0].into_iter().map(move |rate| (hz, rate)))
        .flat_map(|(hz, rate)| {
            [30.0, 60.0, 120.0, 144.0, 165.0]
                .into_iter()
                .map(move |fps| (hz, rate, fps))
        })
        .enumerate()
    {
        let gap = worst_drawing_gap(Some(hz), rate, fps, seed as u64);
        assert!(
            gap < 0.01,
            "{hz} Hz, {rate} ticks a second, {fps} fps: {gap:.4} of a step"
        );
        worst = worst.max(gap);
    }
    println!("worst gap: {worst:.5} of a step");
}

/// Jumps the character dropped from 3 blocks up makes when jump is pressed
/// for one frame a few ticks before it lands, with a `JumpBuffer` of
/// `buffer` ticks or none.
fn jumps_pressed_before_landing(buffer: Option<u32>) -> usize {
    let mut app = app(1.0 / 64.0, 1.0 / 60.0);
    let faller = spawn(&mut app, Vec3::new(0.5, 3.0, 0.5), Input::IDLE);
    if let Some(ticks) = buffer {
        app.world_mut()
            .entity_mut(faller)
            .insert(bevy_voxwalk::JumpBuffer(ticks));
    }
    let mut pressed = false;
    let mut jumped = 0;
    for _ in 0..120 {
        app.update();
        jumped += jumps(&mut app, faller);
        let body = app.world().get::<CharacterState>(faller).map(|s| s.body);
        let mut input = app.world_mut().get_mut::<CharacterInput>(faller).unwrap();
        if pressed {
            input.0.jump = false;
        } else if let Some(body) = body
            && !body.grounded
            && body.feet().y < 1.0
            && body.momentum.y < 0.0
        {
            input.0.jump = true; // a few ticks before landing
            pressed = true;
        }
    }
    assert!(pressed);
    jumped
}

/// A jump pressed a few ticks before landing: with a buffer of 8 ticks it
/// jumps as the character lands; without one it is spent in the air.
#[test]
fn a_jump_buffer_keeps_a_press_in_the_air_until_landing() {
    assert_eq!(jumps_pressed_before_landing(None), 0);
    assert_eq!(jumps_pressed_before_landing(Some(8)), 1);
}

/// Ticking in `Update` (`VoxwalkPlugin::ticking_in`), ticks are decided
/// where the frames are: a walker is drawn where its ticks put it a tick
/// before each frame (within 1 % of a tick's walk), at 20 and 60 ticks a
/// second and 30 to 165 frames a second jittered ±20 %, and its ticks are
/// those of the fixed-step plugin bit for bit.
#[test]
fn ticking_each_frame_draws_a_tick_behind_with_the_same_ticks() {
    let mut worst: f64 = 0.0;
    for (seed, (rate, fps)) in [20.0, 60.0]
        .into_iter()
        .flat_map(|rate| [30.0, 60.0, 144.0, 165.0].map(|fps| (rate, fps)))
        .enumerate()
    {
        let gap = worst_drawing_gap(None, rate, fps, 100 + seed as u64);
        assert!(
            gap < 0.01,
            "{rate} ticks a second, {fps} fps: {gap:.4} of a step"
        );
        worst = worst.max(gap);
    }
    println!("worst gap ticking in Update: {worst:.5} of a step");

    let walk = Input::parse("east+sprint+jump").unwrap();
    let mut framed = App::new();
    framed
        .add_plugins((
            TimePlugin,
            VoxwalkPlugin::new(floor(), Settings::default())
                .unwrap()
                .ticking_in(Update),
        ))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
            1.0 / 144.0,
        )));
    framed.update();
    let mut fixed = app(Settings::default().dt(), Settings::default().dt());
    let a = spawn(&mut framed, Vec3::new(0.5, 0.0, 0.5), walk);
    let b = spawn(&mut fixed, Vec3::new(0.5, 0.0, 0.5), walk);
    let mut compared = 0;
    while ticks_run(&fixed) < 100 {
        fixed.update();
        while ticks_run(&framed) < ticks_run(&fixed) {
            framed.update();
        }
        let state = |app: &App, e| app.world().get::<CharacterState>(e).map(|s| s.body);
        if ticks_run(&framed) == ticks_run(&fixed) {
            assert_eq!(
                state(&framed, a),
                state(&fixed, b),
                "tick {}",
                ticks_run(&fixed)
            );
            compared += 1;
        }
    }
    assert!(compared > 90, "{compared}");
}
