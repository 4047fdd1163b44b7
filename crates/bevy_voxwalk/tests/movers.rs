//! Movers as entities: a lift and a slider spawned as `MovingBlocks`, each
//! with a character riding it, drawn in step (the rider where it rides,
//! relative to its platform, every frame); a boarding names the mover's
//! entity; changing the component changes the path, removing it removes
//! the mover.

mod support;

use std::time::Duration;

use bevy_app::App;
use bevy_ecs::entity::Entity;
use bevy_ecs::message::Messages;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use bevy_transform::components::Transform;
use bevy_voxwalk::{Character, CharacterEvent, MoverBody, MovingBlocks, Voxwalk, VoxwalkPlugin};
use support::stone_floor;
use voxwalk::block::{BlockId, BlockRegistry};
use voxwalk::controller::{Event, Settings};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::movers::{Drive, Mover, Path, PathEnds};
use voxwalk::world::World;

fn floor() -> World {
    stone_floor(32)
}

/// A platform of 3 × 3 stone at `at`, moving along `offsets` and back.
fn platform(at: DVec3, offsets: &[DVec3]) -> MovingBlocks {
    let cells = (-1..=1).flat_map(|x| (-1..=1).map(move |z| (IVec3::new(x, 0, z), BlockId::STONE)));
    let mover = Mover::new(BlockRegistry::built_in(), cells, at)
        .unwrap()
        .with_drive(Drive::Path(
            Path::straight(offsets, 2.0, 0.5, PathEnds::PingPong).unwrap(),
        ));
    MovingBlocks(mover)
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((
        TimePlugin,
        VoxwalkPlugin::new(floor(), Settings::default()).unwrap(),
    ))
    .insert_resource(Time::<Fixed>::from_seconds(1.0 / 64.0))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
        1.0 / 144.0,
    )));
    app.update();
    app
}

/// A rider on a lift and one on a slider, both mover entities, under the
/// 64 Hz step at 144 frames a second: every frame each rider is drawn
/// within a millimetre of where it rides relative to its platform, across
/// and up; its boarding names the platform's entity.
#[test]
fn riders_are_drawn_where_they_ride_on_mover_entities() {
    let mut app = app();
    let (lift_at, slider_at) = (DVec3::new(-5.5, 0.0, 0.5), DVec3::new(5.5, 0.0, 0.5));
    let lift = app
        .world_mut()
        .spawn(platform(lift_at, &[DVec3::ZERO, DVec3::new(0.0, 6.0, 0.0)]))
        .id();
    let slider = app
        .world_mut()
        .spawn(platform(
            slider_at,
            &[DVec3::ZERO, DVec3::new(8.0, 0.0, 0.0)],
        ))
        .id();
    let spawn_rider = |app: &mut App, at: DVec3| -> Entity {
        app.world_mut()
            .spawn((
                Character::default(),
                Transform::from_xyz(at.x as f32, 1.0, at.z as f32),
            ))
            .id()
    };
    let riders = [
        spawn_rider(&mut app, lift_at),
        spawn_rider(&mut app, slider_at),
    ];
    let platforms = [lift, slider];
    let mut boarded = [None, None];
    let mut worst: f64 = 0.0;
    let mut moved = [0.0_f64; 2];
    for frame in 0..(144 * 8) {
        app.update();
        let mut messages = app.world_mut().resource_mut::<Messages<CharacterEvent>>();
        for message in messages.drain() {
            if let Event::Boarded { .. } = message.event
                && let Some(i) = riders.iter().position(|&r| r == message.entity)
            {
                boarded[i] = message.other;
            }
        }
        if frame < 144 {
            continue;
        }
        for i in 0..2 {
            let drawn = |e: Entity| app.world().get::<Transform>(e).unwrap().translation;
            let voxwalk = app.world().resource::<Voxwalk>();
            let handle = app.world().get::<MoverBody>(platforms[i]).unwrap().handle();
            let simulated = voxwalk.body(riders[i]).unwrap().feet()
                - voxwalk.simulation().mover(handle).unwrap().position();
            let on_screen = drawn(riders[i]) - drawn(platforms[i]);
            let off = DVec3::new(
                f64::from(on_screen.x),
                f64::from(on_screen.y),
                f64::from(on_screen.z),
            ) - simulated;
            worst = worst.max(off.abs().max_element());
            let from = if i == 0 { lift_at } else { slider_at };
            let platform_at = drawn(platforms[i]);
            moved[i] = moved[i].max(
                (DVec3::new(
                    f64::from(platform_at.x),
                    f64::from(platform_at.y),
                    f64::from(platform_at.z),
                ) - from)
                    .length(),
            );
        }
    }
    println!("worst drawn offset from the ride: {worst:.6} blocks; platforms moved {moved:?}");
    assert_eq!(boarded, [Some(lift), Some(slider)]);
    assert!(moved[0] > 5.0 && moved[1] > 7.0, "{moved:?}");
    assert!(worst < 1e-3, "{worst}");
}

/// A changed component changes the mover's path, from where it is; a
/// removed one removes the mover.
#[test]
fn mover_entities_are_changed_and_removed_through_the_ecs() {
    let mut app = app();
    let at = DVec3::new(0.5, 0.0, 0.5);
    let entity = app
        .world_mut()
        .spawn(platform(at, &[DVec3::ZERO, DVec3::new(4.0, 0.0, 0.0)]))
        .id();
    for _ in 0..144 {
        app.update();
    }
    let handle = app.world().get::<MoverBody>(entity).unwrap().handle();
    let position = |app: &App| {
        app.world()
            .resource::<Voxwalk>()
            .simulation()
            .mover(handle)
            .map(Mover::position)
    };
    let before = position(&app).unwrap();
    assert!(before.x > at.x + 0.5, "sliding east: {before}");
    app.world_mut()
        .get_mut::<MovingBlocks>(entity)
        .unwrap()
        .0
        .drive = Drive::Velocity(DVec3::new(0.0, 0.0, 3.0));
    for _ in 0..144 {
        app.update();
    }
    let after = position(&app).unwrap();
    assert!(
        (after.x - before.x).abs() < 0.5 && after.z > before.z + 2.0,
        "{before} {after}"
    );
    app.world_mut().entity_mut(entity).remove::<MovingBlocks>();
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(position(&app), None);
    assert!(
        app.world()
            .resource::<Voxwalk>()
            .simulation()
            .movers()
            .is_empty()
    );
}
