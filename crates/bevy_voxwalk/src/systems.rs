//! The plugin's systems: bodies follow the `Character` components, one
//! voxwalk tick a fixed tick, `Transform`s between ticks.

use bevy_ecs::change_detection::{DetectChanges, Tick};
use bevy_ecs::component::Component;
use bevy_ecs::entity::{Entity, EntityHashMap};
use bevy_ecs::lifecycle::RemovedComponents;
use bevy_ecs::message::MessageWriter;
use bevy_ecs::query::{Added, Changed, With};
use bevy_ecs::resource::Resource;
use bevy_ecs::system::{Commands, Query, Res, ResMut};
use bevy_ecs::world::Ref;
use bevy_math::Vec3;
use bevy_time::Time;
use bevy_transform::components::Transform;
use voxwalk::controller::{Body, Event, Input};
use voxwalk::geometry::Aabb;
use voxwalk::glam::DVec2;
use voxwalk::world::BlockSource;

use crate::clock::{VoxwalkClock, tick_length};
use crate::components::{
    Character, CharacterBody, CharacterInput, CharacterSettings, CharacterState, CollisionLayers,
    JumpBuffer, WorldMotion,
};
use crate::convert::{to_bevy, to_voxwalk};
use crate::drawing::{Drawn, Trail};
use crate::movers::{MoverBody, MoverTrail, note_mover_ticks};
use crate::navigation::NavigationEvent;
use crate::resource::{CharacterEvent, CharacterRefused, Refusal, Voxwalk};

type NewCharacter<'a> = (
    Entity,
    &'a Character,
    &'a Transform,
    Option<&'a CharacterSettings>,
    Option<&'a CollisionLayers>,
    Option<&'a CharacterState>,
);

/// Gives each new character a body, feet at its translation, or the body
/// its [`CharacterState`] was saved with. Added in the order of their
/// entities, not of the query, so the same spawns give the same handles
/// whatever the archetypes.
pub(crate) fn add_bodies<W: BlockSource + Send + Sync + 'static>(
    mut voxwalk: ResMut<Voxwalk<W>>,
    added: Query<NewCharacter, Added<Character>>,
    mut commands: Commands,
    mut refused: MessageWriter<CharacterRefused>,
) {
    let mut new: Vec<NewCharacter> = added.iter().collect();
    new.sort_by_key(|(entity, ..)| *entity);
    for (entity, character, transform, settings, layers, saved) in new {
        let feet = to_voxwalk(transform.translation);
        let made = match saved {
            Some(saved) => saved.body.check().map(|()| saved.body),
            None => Body::new(feet, character.size),
        };
        let mut body = match made {
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
        // A resumed body is drawn where it was saved, not where the
        // entity's `Transform` (a default, in a scene that omits it) says.
        let drawn = if saved.is_some() {
            let at = Transform {
                translation: to_bevy(body.feet()),
                ..*transform
            };
            commands.entity(entity).insert(at);
            at.translation
        } else {
            transform.translation
        };
        commands.entity(entity).insert((
            CharacterBody(handle),
            CharacterState { body },
            Drawn(drawn),
            Pressed::default(),
            Trail::standing(&body),
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
    left: Query<(), With<CharacterBody>>,
    mut commands: Commands,
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
        // An entity that lives on, no longer a character, keeps nothing of
        // one (its `Transform` and `CharacterInput` are the game's).
        if left.contains(entity) {
            commands
                .entity(entity)
                .remove::<(CharacterBody, CharacterState, Drawn, Pressed, Trail)>();
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

/// The buttons a character's input held on some frame since its last
/// tick: a press one frame long, on a frame that ran no fixed step (most
/// frames, at 144 frames a second to 64 fixed steps), reaches the next
/// tick all the same, and acts once.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Pressed {
    /// Jump was held by an input no tick has read yet.
    jump: bool,
    /// When the input a tick last read (or a press was noted from) was
    /// written: the same input, seen again at the end of the frame, is not
    /// a new press.
    read: Option<Tick>,
    /// Ticks a press may still wait in the air ([`JumpBuffer`]).
    waits: u32,
}

/// Notes, at the end of every frame, the buttons held by each character's
/// input written since a tick last read it, for its next tick.
pub(crate) fn note_presses(
    mut characters: Query<(Ref<CharacterInput>, &mut Pressed, Option<&JumpBuffer>)>,
) {
    for (input, mut pressed, buffer) in &mut characters {
        let written = Some(input.last_changed());
        if input.0.jump && pressed.read != written {
            pressed.jump = true;
            pressed.read = written;
            pressed.waits = buffer.map_or(0, |b| b.0);
        }
    }
}

/// What [`follow_game_writes`] reads and writes of a character.
type GameWrites<'a> = (
    Entity,
    &'a CharacterBody,
    &'a Transform,
    &'a mut Drawn,
    &'a mut CharacterState,
    &'a mut Trail,
    Ref<'a, Character>,
);

/// What a game wrote to a character since the last tick, the bevy way: a
/// `Transform` moved by hand teleports the body there (its velocity kept),
/// a changed [`Character::size`] resizes it.
pub(crate) fn follow_game_writes<W: BlockSource + Send + Sync + 'static>(
    mut voxwalk: ResMut<Voxwalk<W>>,
    mut characters: Query<GameWrites>,
    mut refused: MessageWriter<CharacterRefused>,
) {
    for (entity, CharacterBody(handle), transform, mut drawn, mut state, mut trail, character) in
        &mut characters
    {
        let Some(body) = voxwalk.simulation.body_mut(*handle) else {
            continue;
        };
        if transform.translation != drawn.0 {
            let size = body.aabb.max - body.aabb.min;
            body.place(Aabb::from_feet(to_voxwalk(transform.translation), size));
            drawn.0 = transform.translation;
            // Read and drawn where it now is, not where the last tick left
            // it.
            state.body = *body;
            *trail = Trail::standing(body);
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

/// What a tick reads of each character's input.
type Inputs<'a> = (
    &'a CharacterBody,
    Ref<'a, CharacterInput>,
    &'a mut Pressed,
    Option<&'a JumpBuffer>,
    Option<&'a WorldMotion>,
);

/// The voxwalk ticks this fixed step owes: the step's time goes on the
/// characters' clock, and each whole tick on it runs one tick: every
/// character's input by its handle, then each body's state and events back
/// to its entity.
pub(crate) fn tick<W: BlockSource + Send + Sync + 'static>(
    mut voxwalk: ResMut<Voxwalk<W>>,
    mut clock: ResMut<VoxwalkClock>,
    time: Res<Time>,
    mut inputs: Query<Inputs>,
    mut states: Query<(&mut CharacterState, &mut Trail)>,
    mut mover_trails: Query<(&MoverBody, &mut MoverTrail)>,
    mut events: (
        MessageWriter<CharacterEvent>,
        MessageWriter<NavigationEvent>,
    ),
) {
    let length = tick_length(&voxwalk);
    clock.add(time.delta());
    let mut first = true;
    while clock.take_tick(length) {
        tick_once(&mut voxwalk, (&mut inputs, first), &mut states, &mut events);
        note_mover_ticks(&voxwalk, &mut mover_trails);
        first = false;
    }
}

/// One voxwalk tick. A character's buttons are those pressed on a frame
/// since its last tick, or held now in the first tick of this fixed step
/// (one set in `FixedUpdate` before the tick): the later ticks of a step
/// that runs several see no frame between them, so a press acts once.
fn tick_once<W: BlockSource + Send + Sync + 'static>(
    voxwalk: &mut Voxwalk<W>,
    (inputs, first): (&mut Query<Inputs>, bool),
    states: &mut Query<(&mut CharacterState, &mut Trail)>,
    (events, navigation_events): &mut (
        MessageWriter<CharacterEvent>,
        MessageWriter<NavigationEvent>,
    ),
) {
    let Voxwalk {
        simulation,
        inputs: keys,
        ..
    } = &mut *voxwalk;
    keys.clear();
    keys.extend(inputs.iter_mut().map(
        |(CharacterBody(handle), written, mut pressed, buffer, motion)| {
            let mut input = written.0;
            if let Some(WorldMotion(way)) = motion
                && let Some(body) = simulation.body_mut(*handle)
            {
                input.analog = face(body, *way);
            }
            let held = first && input.jump;
            input.jump = held || pressed.jump;
            if held {
                pressed.read = Some(written.last_changed());
                if !pressed.jump {
                    pressed.waits = buffer.map_or(0, |b| b.0);
                }
            }
            // A press in the air waits for the ground, its buffer allowing;
            // else the tick spends it.
            let airborne = simulation.body(*handle).is_some_and(|b| !b.grounded);
            if input.jump && airborne && pressed.waits > 0 {
                pressed.jump = true;
                pressed.waits -= 1;
            } else if pressed.jump {
                pressed.jump = false;
            }
            (*handle, input)
        },
    ));
    navigate(voxwalk, navigation_events);
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
        if let Ok((mut state, mut trail)) = states.get_mut(entity) {
            state.body = *body;
            trail.ticked(body);
        }
        for event in report.bodies.get(index).into_iter().flatten() {
            let other = match event {
                Event::PushedByBody { other, .. } => voxwalk.entity(*other),
                Event::Boarded { mover }
                | Event::Alighted { mover, .. }
                | Event::Caught { mover }
                | Event::Crushed { mover, .. } => voxwalk.mover_entity(*mover),
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

/// Turns `body` to a world-space way to walk and gives the stick that
/// walks it there: forward, as far as the way is long.
fn face(body: &mut Body, way: Vec3) -> DVec2 {
    let flat = DVec2::new(f64::from(way.x), f64::from(way.z));
    let length = flat.length();
    if !length.is_finite() || length == 0.0 {
        return DVec2::ZERO;
    }
    body.heading = flat / length;
    DVec2::new(length.min(1.0), 0.0)
}

/// The keys of the characters with a destination, in place of their
/// input's, and what their navigation did, sent as messages.
fn navigate<W: BlockSource + Send + Sync + 'static>(
    voxwalk: &mut Voxwalk<W>,
    messages: &mut MessageWriter<NavigationEvent>,
) {
    if voxwalk.navigation.sent.is_empty() {
        return;
    }
    let Voxwalk {
        simulation,
        navigation,
        inputs,
        ..
    } = voxwalk;
    let keys: EntityHashMap<Input> = navigation
        .crowd
        .inputs(simulation, &mut navigation.events)
        .iter()
        .filter_map(|&(handle, input)| {
            let entity = Entity::try_from_bits(simulation.user_data(handle)?)?;
            Some((entity, input))
        })
        .collect();
    for (handle, input) in inputs.iter_mut() {
        let entity = simulation
            .user_data(*handle)
            .and_then(Entity::try_from_bits);
        if let Some(keys) = entity.and_then(|e| keys.get(&e)) {
            *input = *keys;
        }
    }
    let tick = simulation.ticks_run();
    for &(handle, event) in &navigation.events {
        let Some(entity) = simulation.user_data(handle).and_then(Entity::try_from_bits) else {
            continue;
        };
        messages.write(NavigationEvent {
            entity,
            tick,
            event,
        });
    }
}
