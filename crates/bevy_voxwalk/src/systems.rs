//! The plugin's systems: bodies follow the `Character` components, one
//! voxwalk tick a fixed tick, `Transform`s between ticks.

use std::time::Duration;

use bevy_ecs::change_detection::DetectChanges;
use bevy_ecs::component::Component;
use bevy_ecs::entity::Entity;
use bevy_ecs::lifecycle::RemovedComponents;
use bevy_ecs::message::MessageWriter;
use bevy_ecs::query::{Added, Changed, With};
use bevy_ecs::resource::Resource;
use bevy_ecs::system::{Commands, Query, Res, ResMut};
use bevy_ecs::world::Ref;
use bevy_math::Vec3;
use bevy_time::{Fixed, Time};
use bevy_transform::components::Transform;
use voxwalk::controller::{Body, Event};
use voxwalk::geometry::Aabb;
use voxwalk::world::BlockSource;

use crate::components::{
    Character, CharacterBody, CharacterInput, CharacterSettings, CharacterState, CollisionLayers,
};
use crate::convert::{to_bevy, to_voxwalk};
use crate::resource::{CharacterEvent, CharacterRefused, Refusal, Voxwalk};

type NewCharacter<'a> = (
    Entity,
    &'a Character,
    &'a Transform,
    Option<&'a CharacterSettings>,
    Option<&'a CollisionLayers>,
);

/// Gives each new character a body, feet at its translation. Added in the
/// order of their entities, not of the query, so the same spawns give the
/// same handles whatever the archetypes.
pub(crate) fn add_bodies<W: BlockSource + Send + Sync + 'static>(
    mut voxwalk: ResMut<Voxwalk<W>>,
    added: Query<NewCharacter, Added<Character>>,
    mut commands: Commands,
    mut refused: MessageWriter<CharacterRefused>,
) {
    let mut new: Vec<NewCharacter> = added.iter().collect();
    new.sort_by_key(|(entity, ..)| *entity);
    for (entity, character, transform, settings, layers) in new {
        let feet = to_voxwalk(transform.translation);
        let mut body = match Body::new(feet, character.size) {
            Ok(body) => body,
            Err(error) => {
                refused.write(CharacterRefused {
                    entity,
                    refusal: Refusal::Body(error),
                });
                continue;
            }
        };
        if let Some(layers) = layers {
            body.collision_layers = layers.layers;
            body.collision_mask = layers.mask;
        }
        let voxwalk = &mut *voxwalk;
        if let Some(old) = voxwalk.handle_of.remove(&entity) {
            voxwalk.simulation.remove_body(old); // inserted again: a new body
        }
        let handle = voxwalk.simulation.add_body(body);
        voxwalk.simulation.set_user_data(handle, entity.to_bits());
        if let Some(CharacterSettings(own)) = settings
            && let Err(error) = voxwalk
                .simulation
                .set_body_settings(handle, Some(own.clone()))
        {
            refused.write(CharacterRefused {
                entity,
                refusal: Refusal::Settings(error),
            });
        }
        voxwalk.handle_of.insert(entity, handle);
        let body = *voxwalk.simulation.body(handle).expect("just added");
        commands.entity(entity).insert((
            CharacterBody(handle),
            CharacterState { body },
            Drawn(transform.translation),
        ));
    }
}

/// The characters whose component went, or whose entity was despawned,
/// since the last fixed tick.
#[derive(Resource, Default)]
pub(crate) struct RemovedCharacters(Vec<Entity>);

/// Notes the characters removed this frame, every frame. Removals are kept
/// by bevy for two frames only: read in `FixedUpdate` alone, they were lost
/// on the frames that ran no fixed tick (at 60 frames a second to 20 ticks,
/// two in three), and their bodies stayed as ghosts.
pub(crate) fn note_removed_characters(
    mut removed: RemovedComponents<Character>,
    mut noted: ResMut<RemovedCharacters>,
) {
    noted.0.extend(removed.read());
}

/// Removes the body of each character noted removed since the last tick.
pub(crate) fn remove_bodies<W: BlockSource + Send + Sync + 'static>(
    mut voxwalk: ResMut<Voxwalk<W>>,
    mut removed: RemovedComponents<Character>,
    mut noted: ResMut<RemovedCharacters>,
    still: Query<(), With<Character>>,
) {
    // This frame's removals too, read here first so the tick sees them.
    noted.0.extend(removed.read());
    for entity in std::mem::take(&mut noted.0) {
        if still.contains(entity) {
            continue; // removed and inserted again: `add_bodies` saw to it
        }
        if let Some(handle) = voxwalk.handle_of.remove(&entity) {
            voxwalk.simulation.remove_body(handle);
        }
    }
}

/// Hands changed per-character settings to the simulation.
pub(crate) fn update_settings<W: BlockSource + Send + Sync + 'static>(
    mut voxwalk: ResMut<Voxwalk<W>>,
    changed: Query<(Entity, &CharacterSettings), Changed<CharacterSettings>>,
    mut refused: MessageWriter<CharacterRefused>,
) {
    for (entity, CharacterSettings(settings)) in &changed {
        let Some(&handle) = voxwalk.handle_of.get(&entity) else {
            continue;
        };
        if let Err(error) = voxwalk
            .simulation
            .set_body_settings(handle, Some(settings.clone()))
        {
            refused.write(CharacterRefused {
                entity,
                refusal: Refusal::Settings(error),
            });
        }
    }
}

/// The characters' own clock: the time the app's fixed steps have added
/// and no voxwalk tick has used yet. The app's fixed timestep is the
/// game's; the characters tick at the settings' rate whatever it is.
#[derive(Resource, Default, Debug)]
pub(crate) struct VoxwalkClock {
    owed: Duration,
}

/// The translation the plugin last drew a character at: a `Transform` that
/// differs from it was written by the game, and moves the body there.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub(crate) struct Drawn(pub(crate) Vec3);

/// The length of one voxwalk tick.
fn tick_length<W: BlockSource + Send + Sync + 'static>(voxwalk: &Voxwalk<W>) -> Duration {
    Duration::from_secs_f64(voxwalk.simulation.settings().dt())
}

/// What a game wrote to a character since the last tick, the bevy way: a
/// `Transform` moved by hand teleports the body there (its velocity kept),
/// a changed [`Character::size`] resizes it.
pub(crate) fn follow_game_writes<W: BlockSource + Send + Sync + 'static>(
    mut voxwalk: ResMut<Voxwalk<W>>,
    mut characters: Query<(
        Entity,
        &CharacterBody,
        &Transform,
        &mut Drawn,
        Ref<Character>,
    )>,
    mut refused: MessageWriter<CharacterRefused>,
) {
    for (entity, CharacterBody(handle), transform, mut drawn, character) in &mut characters {
        let Some(body) = voxwalk.simulation.body_mut(*handle) else {
            continue;
        };
        if transform.translation != drawn.0 {
            let size = body.aabb.max - body.aabb.min;
            body.place(Aabb::from_feet(to_voxwalk(transform.translation), size));
            drawn.0 = transform.translation;
        }
        if character.is_changed()
            && !character.is_added()
            && let Err(error) = body.resize(character.size)
        {
            refused.write(CharacterRefused {
                entity,
                refusal: Refusal::Body(error),
            });
        }
    }
}

/// The voxwalk ticks this fixed step owes: the step's time goes on the
/// characters' clock, and each whole tick on it runs one tick: every
/// character's input by its handle, then each body's state and events back
/// to its entity.
pub(crate) fn tick<W: BlockSource + Send + Sync + 'static>(
    mut voxwalk: ResMut<Voxwalk<W>>,
    mut clock: ResMut<VoxwalkClock>,
    fixed: Res<Time<Fixed>>,
    inputs: Query<(&CharacterBody, &CharacterInput)>,
    mut states: Query<&mut CharacterState>,
    mut events: MessageWriter<CharacterEvent>,
) {
    let length = tick_length(&voxwalk);
    clock.owed += fixed.delta();
    while clock.owed >= length {
        clock.owed -= length;
        tick_once(&mut voxwalk, &inputs, &mut states, &mut events);
    }
}

fn tick_once<W: BlockSource + Send + Sync + 'static>(
    voxwalk: &mut Voxwalk<W>,
    inputs: &Query<(&CharacterBody, &CharacterInput)>,
    states: &mut Query<&mut CharacterState>,
    events: &mut MessageWriter<CharacterEvent>,
) {
    voxwalk.inputs.clear();
    voxwalk.inputs.extend(
        inputs
            .iter()
            .map(|(CharacterBody(handle), CharacterInput(input))| (*handle, *input)),
    );
    if let Err(error) = voxwalk
        .simulation
        .step_into(&voxwalk.inputs, &mut voxwalk.report)
    {
        voxwalk.failure = Some(error);
    }
    let report = &voxwalk.report;
    for (index, body) in voxwalk.simulation.bodies().iter().enumerate() {
        let handle = voxwalk.simulation.handles()[index];
        let Some(entity) = voxwalk.entity(handle) else {
            continue;
        };
        if let Ok(mut state) = states.get_mut(entity) {
            state.body = *body;
        }
        for event in report.bodies.get(index).into_iter().flatten() {
            let other = match event {
                Event::PushedByBody { other, .. } => voxwalk.entity(*other),
                _ => None,
            };
            events.write(CharacterEvent {
                entity,
                other,
                tick: report.tick,
                event: event.clone(),
            });
        }
    }
}

/// Each character's `Transform` translation: its feet between the last two
/// ticks, by how far the characters' clock is into the next one. A
/// `Transform` the game wrote since the last drawing is left for the next
/// tick to teleport the body to.
pub(crate) fn interpolate_transforms<W: BlockSource + Send + Sync + 'static>(
    voxwalk: Res<Voxwalk<W>>,
    clock: Res<VoxwalkClock>,
    fixed: Res<Time<Fixed>>,
    mut characters: Query<(&CharacterState, &mut Transform, &mut Drawn)>,
) {
    let length = tick_length(&voxwalk).as_secs_f64();
    let alpha = ((clock.owed + fixed.overstep()).as_secs_f64() / length).clamp(0.0, 1.0);
    for (state, mut transform, mut drawn) in &mut characters {
        if transform.translation != drawn.0 {
            continue;
        }
        let feet = to_bevy(state.body.interpolated(alpha).feet());
        transform.translation = feet;
        drawn.0 = feet;
    }
}
