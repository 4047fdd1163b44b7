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
