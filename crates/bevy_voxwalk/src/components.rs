//! What a character entity carries.

use bevy_ecs::component::Component;
#[cfg(feature = "reflect")]
use bevy_ecs::reflect::ReflectComponent;
use bevy_math::Vec3;
#[cfg(feature = "reflect")]
use bevy_reflect::std_traits::ReflectDefault;
#[cfg(feature = "reflect")]
use bevy_reflect::{ReflectDeserialize, ReflectSerialize};
use bevy_transform::components::Transform;
use voxwalk::controller::{Body, BodyHandle, Input, Settings};
use voxwalk::glam::DVec3;

/// Makes an entity a voxwalk character: inserting it adds a body whose feet
/// are at the entity's `Transform` translation at the next fixed tick;
/// removing it (or despawning the entity) removes the body.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "reflect",
    derive(bevy_reflect::Reflect, serde::Serialize, serde::Deserialize),
    reflect(
        opaque,
        Component,
        Clone,
        Debug,
        PartialEq,
        Default,
        Serialize,
        Deserialize
    )
)]
#[require(Transform, CharacterInput)]
pub struct Character {
    /// The box: width (x), height (y), depth (z), in blocks. In `f64`, as the
    /// simulation keeps it: 1.8 in `f32` is 1.79999995, a box that fits
    /// under a 1.8-high gap it should not.
    #[cfg_attr(feature = "reflect", serde(with = "voxwalk::serde_exact::vec3"))]
    pub size: DVec3,
}

impl Default for Character {
    /// Minecraft's player box, 0.6 × 1.8 × 0.6.
    fn default() -> Self {
        Character {
            size: Body::DEFAULT_SIZE,
        }
    }
}

/// The controls a character holds for the next fixed ticks: a level, not an
/// edge (`jump` held jumps whenever the character is on the ground).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(
    feature = "reflect",
    derive(bevy_reflect::Reflect, serde::Serialize, serde::Deserialize),
    reflect(
        opaque,
        Component,
        Clone,
        Debug,
        PartialEq,
        Default,
        Serialize,
        Deserialize
    )
)]
pub struct CharacterInput(pub Input);

/// How many ticks a jump pressed while the character is in the air waits
/// for it to land (a jump buffer): pressed a moment before landing, it
/// jumps as it lands. Without it, a press in the air is spent on the tick
/// that reads it, as the controller spends one.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "reflect",
    derive(bevy_reflect::Reflect, serde::Serialize, serde::Deserialize),
    reflect(
        opaque,
        Component,
        Clone,
        Debug,
        PartialEq,
        Default,
        Serialize,
        Deserialize
    )
)]
pub struct JumpBuffer(pub u32);

/// A way to walk in world space, as a third-person game reads its stick
/// against the camera: bevy's x and z (y is not read), its length the
/// share of full speed (above 1 counts as 1). Each tick the body turns to
/// it and its stick is held forward that far, so a sprint, a jump's boost
/// and a swim go that way too (Minecraft sprints only forward). It takes
/// the place of [`CharacterInput`]'s stick; the keys still walk in the
/// body's frame. Zero stands still, facing as it did.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(
    feature = "reflect",
    derive(bevy_reflect::Reflect),
    reflect(opaque, Component, Clone, Debug, PartialEq, Default)
)]
pub struct WorldMotion(pub Vec3);

/// Settings of this character's own (a faster runner, a heavier robot);
/// without it the plugin's settings apply. Read when the character is added
/// and whenever it changes.
#[derive(Component, Clone, Debug, Default, PartialEq)]
#[cfg_attr(
    feature = "reflect",
    derive(bevy_reflect::Reflect, serde::Serialize, serde::Deserialize),
    reflect(
        opaque,
        Component,
        Clone,
        Debug,
        PartialEq,
        Default,
        Serialize,
        Deserialize
    )
)]
pub struct CharacterSettings(pub Settings);

/// The collision layers of a character: blocks and bodies whose layers its
/// mask does not meet are passed through. Read when the character is added.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "reflect",
    derive(bevy_reflect::Reflect, serde::Serialize, serde::Deserialize),
    reflect(
        opaque,
        Component,
        Clone,
        Debug,
        PartialEq,
        Default,
        Serialize,
        Deserialize
    )
)]
pub struct CollisionLayers {
    /// The layers the character is on, as bits.
    pub layers: u32,
    /// The layers it meets, as bits.
    pub mask: u32,
}

impl Default for CollisionLayers {
    /// A body's own: on layer 0, meeting every layer.
    fn default() -> Self {
        CollisionLayers {
            layers: 1,
            mask: u32::MAX,
        }
    }
}

/// The voxwalk body of a character, set by the plugin when it adds one.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "reflect",
    derive(bevy_reflect::Reflect),
    reflect(opaque, Component, Clone, Debug, PartialEq)
)]
pub struct CharacterBody(pub(crate) BodyHandle);

impl CharacterBody {
    /// The body's handle in [`Voxwalk::simulation`](crate::Voxwalk::simulation).
    #[must_use]
    pub fn handle(&self) -> BodyHandle {
        self.0
    }
}

/// The character's body after the last fixed tick (position, velocity,
/// grounded, pose, …), in voxwalk's `f64`: what game logic reads. The
/// `Transform` is this, interpolated for drawing.
///
/// A character spawned with one (a loaded save, a scene) resumes that body:
/// where it was, its motion, pose and heading kept, its `Transform` moved
/// there. A body that fails [`Body::check`] is refused with
/// [`Refusal::Body`](crate::Refusal::Body). Its [`CharacterBody`] is not
/// saved: a handle names a body in one simulation only.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "reflect",
    derive(bevy_reflect::Reflect, serde::Serialize, serde::Deserialize),
    reflect(opaque, Component, Clone, Debug, PartialEq, Serialize, Deserialize)
)]
pub struct CharacterState {
    /// The body as the simulation holds it.
    pub body: Body,
}
