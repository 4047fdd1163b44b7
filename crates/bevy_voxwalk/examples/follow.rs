//! An NPC that follows the player, headless: the player walks a square
//! over generated hills, turning every four seconds; the NPC has a
//! `Destination::Follow` on it, and the plugin patches its plan as the
//! player moves. Prints where both are each second, and the NPC's
//! navigation events.
//!
//! `cargo run --release -p bevy_voxwalk --example follow`

use std::time::Duration;

use bevy_app::{App, FixedUpdate};
use bevy_ecs::entity::Entity;
use bevy_ecs::message::Messages;
use bevy_ecs::schedule::IntoScheduleConfigs;
use bevy_ecs::system::{Query, Res};
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use bevy_transform::components::Transform;
use bevy_voxwalk::convert::to_bevy;
use bevy_voxwalk::prelude::*;
use voxwalk::generate::{Generator, Preset};
use voxwalk::glam::{DVec2, DVec3, IVec3};
use voxwalk::world::BlockSource;

/// The player's walk: east, south, west, north, four seconds each; it
/// hops where the ground rises.
fn walk_a_square(
    fixed: Res<Time<Fixed>>,
    mut players: Query<
        (&mut CharacterInput, &CharacterState),
        bevy_ecs::query::Without<Destination>,
    >,
) {
    let side = (fixed.elapsed_secs_f64() / 4.0) as usize % 4;
    let way = [DVec2::X, DVec2::Y, DVec2::NEG_X, DVec2::NEG_Y][side];
    for (mut input, state) in &mut players {
        input.0 = VoxwalkInput {
            analog: way,
            jump: state.body.touching.wall(),
            ..VoxwalkInput::IDLE
        };
    }
}

fn main() {
    let world = Generator::new(Preset::Hills, 3).sized(IVec3::new(96, 96, 96));
    // The middle of the world, on the ground.
    let top = (0..96)
        .rev()
        .find(|&y| !world.shape_at(IVec3::new(48, y, 48)).is_empty())
        .unwrap_or(0);
    let spawn = DVec3::new(48.5, f64::from(top + 1), 48.5);
    let mut app = App::new();
    app.add_plugins((
        TimePlugin,
        VoxwalkPlugin::new(world, VoxwalkSettings::default()).unwrap(),
    ))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
        1.0 / 60.0,
    )))
    .add_systems(FixedUpdate, walk_a_square.before(VoxwalkSystems::Tick));
    app.update();
    let player = app
        .world_mut()
        .spawn((
            Character::default(),
            Transform::from_translation(to_bevy(spawn)),
        ))
        .id();
    let npc: Entity = app
        .world_mut()
        .spawn((
            Character::default(),
            Transform::from_translation(to_bevy(spawn) + bevy_math::Vec3::new(-3.0, 2.0, 0.0)),
            Destination::Follow {
                entity: player,
                radius: 2.0,
            },
        ))
        .id();
    for frame in 1..=60 * 20 {
        app.update();
        let mut messages = app.world_mut().resource_mut::<Messages<NavigationEvent>>();
        for message in messages.drain() {
            if !matches!(message.event, CrowdEvent::Planned { again: true, .. }) {
                println!("tick {}: {:?}", message.tick, message.event);
            }
        }
        if frame % 60 == 0 {
            let voxwalk = app.world().resource::<Voxwalk>();
            let (p, n) = (voxwalk.body(player).unwrap(), voxwalk.body(npc).unwrap());
            println!(
                "{:>2} s: player {:.1?}, NPC {:.1?}, {:.1} blocks apart, {} steps planned",
                frame / 60,
                p.feet().to_array(),
                n.feet().to_array(),
                p.feet().distance(n.feet()),
                voxwalk.path(npc).len()
            );
        }
    }
}
