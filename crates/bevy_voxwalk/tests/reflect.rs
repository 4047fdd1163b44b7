//! With the `reflect` feature, the components are registered for
//! reflection: an inspector finds them by type path, reads them from an
//! entity, and clones and compares them as opaque values.
#![cfg(feature = "reflect")]

use bevy_app::App;
use bevy_ecs::reflect::{AppTypeRegistry, ReflectComponent};
use bevy_time::TimePlugin;
use bevy_transform::components::Transform;
use bevy_voxwalk::prelude::*;
use voxwalk::glam::DVec3;

#[test]
fn an_inspector_finds_reads_and_clones_a_character() {
    let mut app = App::new();
    app.add_plugins((
        TimePlugin,
        VoxwalkPlugin::new(VoxelWorld::new(), VoxwalkSettings::default()).unwrap(),
    ));
    let size = DVec3::new(1.0, 2.0, 1.0);
    let entity = app
        .world_mut()
        .spawn((Character { size }, Transform::default()))
        .id();
    let registry = app.world().resource::<AppTypeRegistry>().read();
    for path in [
        "bevy_voxwalk::components::Character",
        "bevy_voxwalk::components::CharacterInput",
        "bevy_voxwalk::components::CharacterSettings",
        "bevy_voxwalk::components::CollisionLayers",
        "bevy_voxwalk::components::CharacterBody",
        "bevy_voxwalk::components::CharacterState",
    ] {
        let registration = registry.get_with_type_path(path);
        assert!(
            registration.is_some_and(|r| r.data::<ReflectComponent>().is_some()),
            "{path} is not a registered component"
        );
    }
    let reflect = registry
        .get_with_type_path("bevy_voxwalk::components::Character")
        .and_then(|r| r.data::<ReflectComponent>())
        .unwrap();
    let read = reflect.reflect(app.world().entity(entity)).unwrap();
    let copy = read.reflect_clone().unwrap();
    assert_eq!(copy.reflect_partial_eq(read), Some(true));
    let back: &Character = copy.as_partial_reflect().try_downcast_ref().unwrap();
    assert_eq!(back.size, size);
    assert!(format!("{read:?}").contains("size"), "{read:?}");
}

/// An inspector can add the components a game spawns by hand at their
/// defaults: Minecraft's player box, no keys held, the plugin's settings,
/// layer 0 meeting every layer.
#[test]
fn an_inspector_makes_the_spawnable_components_at_their_defaults() {
    use bevy_reflect::std_traits::ReflectDefault;
    let mut app = App::new();
    app.add_plugins((
        TimePlugin,
        VoxwalkPlugin::new(VoxelWorld::new(), VoxwalkSettings::default()).unwrap(),
    ));
    let registry = app.world().resource::<AppTypeRegistry>().read();
    let made = |path: &str| {
        let default = registry
            .get_with_type_path(path)
            .and_then(|r| r.data::<ReflectDefault>())
            .unwrap_or_else(|| panic!("{path} has no default"));
        default.default()
    };
    let character = made("bevy_voxwalk::components::Character");
    let character: &Character = character.as_partial_reflect().try_downcast_ref().unwrap();
    assert_eq!(character.size, Character::default().size);
    let input = made("bevy_voxwalk::components::CharacterInput");
    let input: &CharacterInput = input.as_partial_reflect().try_downcast_ref().unwrap();
    assert_eq!(*input, CharacterInput::default());
    let layers = made("bevy_voxwalk::components::CollisionLayers");
    let layers: &CollisionLayers = layers.as_partial_reflect().try_downcast_ref().unwrap();
    assert_eq!((layers.layers, layers.mask), (1, u32::MAX));
    made("bevy_voxwalk::components::CharacterSettings");
}

/// The components a save keeps, by type path: what a scene of a character
/// holds (its `CharacterBody` is not saved: a handle names a body in one
/// simulation only).
const SAVED: [&str; 6] = [
    "bevy_voxwalk::components::Character",
    "bevy_voxwalk::components::CharacterInput",
    "bevy_voxwalk::components::CharacterSettings",
    "bevy_voxwalk::components::CollisionLayers",
    "bevy_voxwalk::components::JumpBuffer",
    "bevy_voxwalk::components::CharacterState",
];

/// An app of one fixed step a tick over a floor with a wall to jump at,
/// past its first frame (which runs no fixed step): each update from here
/// runs one tick.
fn stepped_app() -> App {
    use bevy_time::{Fixed, Time, TimeUpdateStrategy};
    use voxwalk::glam::IVec3;
    let mut world = VoxelWorld::new();
    world.fill(
        IVec3::new(-8, -1, -8),
        IVec3::new(40, -1, 8),
        BlockId::STONE,
    );
    world.fill(IVec3::new(6, 0, -8), IVec3::new(6, 0, 8), BlockId::STONE);
    let mut app = App::new();
    app.add_plugins((
        TimePlugin,
        VoxwalkPlugin::new(world, VoxwalkSettings::default()).unwrap(),
    ))
    .insert_resource(Time::<Fixed>::from_hz(20.0))
    .insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app.update();
    app
}

/// A character saved through bevy's reflection serializers to JSON, as a
/// scene saves its components, and loaded into a fresh app resumes its
/// body to the bit: mid-jump, its momentum, heading and settings kept, and
/// it runs on as the saved one does.
#[test]
fn a_character_saved_as_a_scene_resumes_in_a_fresh_app_to_the_bit() {
    use bevy_ecs::reflect::AppTypeRegistry;
    use bevy_reflect::serde::{ReflectDeserializer, ReflectSerializer};
    use serde::de::DeserializeSeed;

    let mut first = stepped_app();
    let mut settings = VoxwalkSettings::default();
    settings.walking.speed *= 1.25;
    let walker = first
        .world_mut()
        .spawn((
            Character::default(),
            Transform::from_xyz(0.5, 0.0, 0.3),
            CharacterInput(VoxwalkInput::parse("east+south+sprint+jump").unwrap()),
            CharacterSettings(settings),
            CollisionLayers { layers: 2, mask: 3 },
            JumpBuffer(4),
        ))
        .id();
    for _ in 0..17 {
        first.update();
    }
    first
        .world_mut()
        .resource_mut::<Voxwalk>()
        .body_mut(walker)
        .unwrap()
        .set_heading_degrees(20.0);
    first.update();
    let saved_body = first.world().get::<CharacterState>(walker).unwrap().body;
    assert!(!saved_body.grounded, "saved mid-jump: {saved_body:?}");

    let texts: Vec<String> = {
        let registry = first.world().resource::<AppTypeRegistry>().read();
        SAVED
            .iter()
            .map(|path| {
                let component = registry
                    .get_with_type_path(path)
                    .and_then(|r| r.data::<ReflectComponent>())
                    .unwrap();
                let value = component.reflect(first.world().entity(walker)).unwrap();
                let serializer = ReflectSerializer::new(value.as_partial_reflect(), &registry);
                serde_json::to_string(&serializer)
                    .unwrap_or_else(|e| panic!("{path} does not serialize: {e}"))
            })
            .collect()
    };

    let mut second = stepped_app();
    let registry = second.world().resource::<AppTypeRegistry>().clone();
    let registry = registry.read();
    let loaded = second.world_mut().spawn_empty().id();
    for text in &texts {
        let value = ReflectDeserializer::new(&registry)
            .deserialize(&mut serde_json::Deserializer::from_str(text))
            .unwrap_or_else(|e| panic!("{text} does not read back: {e}"));
        let path = value.get_represented_type_info().unwrap().type_path();
        let component = registry
            .get_with_type_path(path)
            .and_then(|r| r.data::<ReflectComponent>())
            .unwrap();
        component.insert(
            &mut second.world_mut().entity_mut(loaded),
            value.as_partial_reflect(),
            &registry,
        );
    }
    drop(registry);

    for tick in 0..40 {
        first.update();
        second.update();
        let a = first.world().get::<CharacterState>(walker).unwrap().body;
        let b = second.world().get::<CharacterState>(loaded).unwrap().body;
        assert_eq!(a, b, "tick {tick} after the load");
        // The drawing's few ticks of history are not saved: the loaded
        // one starts from where the body resumed and joins the saved one's
        // once it is drawing between ticks run since the load.
        if tick >= 2 {
            assert_eq!(
                first.world().get::<Transform>(walker).unwrap().translation,
                second.world().get::<Transform>(loaded).unwrap().translation,
                "drawn apart at tick {tick}"
            );
        }
    }
}

/// A save whose body holds a number no tick can read is refused, naming
/// the entity, not ticked.
#[test]
fn a_saved_body_that_fails_its_check_is_refused() {
    let mut app = stepped_app();
    let mut body = VoxwalkBody::new(
        voxwalk::glam::DVec3::new(0.5, 0.0, 0.5),
        VoxwalkBody::DEFAULT_SIZE,
    )
    .unwrap();
    body.momentum.x = f64::NAN;
    let entity = app
        .world_mut()
        .spawn((Character::default(), CharacterState { body }))
        .id();
    app.update();
    let refusals: Vec<_> = app
        .world_mut()
        .resource_mut::<bevy_ecs::message::Messages<CharacterRefused>>()
        .drain()
        .collect();
    assert_eq!(refusals.len(), 1, "{refusals:?}");
    assert_eq!(refusals[0].entity, entity);
    assert!(app.world().get::<CharacterBody>(entity).is_none());
}
