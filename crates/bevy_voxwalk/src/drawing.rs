//! Where a character is drawn between ticks: its feet at the last few
//! ticks, and a drawing time a tick and a fixed step behind the clock, so
//! that two ticks always bracket it, whatever the frame rate and the
//! app's fixed step.

use bevy_ecs::component::Component;
use bevy_ecs::query::With;
use bevy_ecs::system::{Query, Res};
use bevy_math::{Quat, Vec3};
use bevy_time::{Fixed, Time};
use bevy_transform::components::Transform;
use voxwalk::controller::Body;
use voxwalk::geometry::Aabb;
use voxwalk::glam::DVec3;
use voxwalk::world::BlockSource;

use crate::clock::{VoxwalkClock, tick_length};
use crate::components::CharacterBody;
use crate::convert::to_bevy;
use crate::resource::Voxwalk;

/// The translation the plugin last drew a character at: a `Transform` that
/// differs from it was written by the game, and moves the body there.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub(crate) struct Drawn(pub(crate) Vec3);

/// Turns a character's `Transform` to face its body's heading (the way
/// its input walks it, and the way a plan it follows turns it): bevy's
/// forward, -z, along the heading, about +y. Without it the rotation is
/// the game's.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FaceHeading;

/// Turns each character with [`FaceHeading`] to its body's heading at the
/// newest tick.
pub(crate) fn face_headings<W: BlockSource + Send + Sync + 'static>(
    voxwalk: Res<Voxwalk<W>>,
    mut characters: Query<(&CharacterBody, &mut Transform), With<FaceHeading>>,
) {
    for (CharacterBody(handle), mut transform) in &mut characters {
        let Some(body) = voxwalk.simulation.body(*handle) else {
            continue;
        };
        let (x, z) = (body.heading.x, body.heading.y);
        #[allow(clippy::cast_possible_truncation)] // an angle, for drawing
        let yaw = (-x).atan2(-z) as f32;
        transform.rotation = Quat::from_rotation_y(yaw);
    }
}

/// How many ticks' feet a character keeps: enough for a drawing time a
/// tick and a fixed step of up to four ticks behind the newest.
const KEPT: usize = 6;

/// A point at the last [`KEPT`] ticks, the newest first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Recent([DVec3; KEPT]);

impl Recent {
    /// A point that has always been at `at`.
    pub(crate) fn still(at: DVec3) -> Recent {
        Recent([at; KEPT])
    }

    /// The tick just run left the point at `at`.
    pub(crate) fn ticked(&mut self, at: DVec3) {
        self.0.rotate_right(1);
        self.0[0] = at;
    }

    /// The point `behind` ticks before the newest (a fraction between two
    /// ticks drawn between them; past the oldest kept, the oldest).
    pub(crate) fn behind(&self, behind: f64) -> DVec3 {
        let last = (KEPT - 1) as f64;
        let behind = behind.clamp(0.0, last);
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // 0..KEPT
        let i = (behind.floor() as usize).min(KEPT - 2);
        let t = behind - i as f64;
        let (to, from) = (self.0[i], self.0[i + 1]);
        // As `Body::interpolated` does: the ends exactly, a still point
        // exactly where it is.
        if t <= 0.0 {
            return to;
        }
        from + (to - from) * (1.0 - t)
    }
}

/// A character's feet at its last ticks, and its box as the newest tick
/// left it: a box that differs was moved by the game between ticks, and is
/// drawn where it is at once.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub(crate) struct Trail {
    feet: Recent,
    left: Aabb,
}

impl Trail {
    /// A character that has always stood as `body` does.
    pub(crate) fn standing(body: &Body) -> Trail {
        Trail {
            feet: Recent::still(body.feet()),
            left: body.aabb,
        }
    }

    /// The tick just run left `body` so.
    pub(crate) fn ticked(&mut self, body: &Body) {
        self.feet.ticked(body.feet());
        self.left = body.aabb;
    }
}

/// How many ticks behind the newest things are drawn now: a tick and a
/// fixed step behind the characters' clock, or a tick alone where frames
/// feed it (the ticks owed have all run this frame).
pub(crate) fn ticks_behind(clock: &VoxwalkClock, fixed: &Time<Fixed>, length: f64) -> f64 {
    if clock.is_fed_by_frames() {
        return (length - clock.owed().as_secs_f64()) / length;
    }
    let since = (clock.owed() + fixed.overstep()).as_secs_f64();
    (length + fixed.timestep().as_secs_f64() - since) / length
}

/// Each character's `Transform` translation: its feet at the drawing time,
/// a tick and one of the app's fixed steps behind the characters' clock,
/// between the two ticks that bracket it. A tick that is due waits for the
/// next fixed step, at most one step: so drawing that far behind, there is
/// always a tick on either side, and motion never stops on screen while a
/// tick waits. A body the game moved between ticks (`Voxwalk::body_mut`,
/// `Body::place`) is drawn where it is at once; a `Transform` the game
/// wrote is left for the next fixed step to teleport the body to (and is
/// what is drawn meanwhile).
pub(crate) fn interpolate_transforms<W: BlockSource + Send + Sync + 'static>(
    voxwalk: Res<Voxwalk<W>>,
    clock: Res<VoxwalkClock>,
    fixed: Res<Time<Fixed>>,
    mut characters: Query<(&CharacterBody, &mut Transform, &mut Drawn, &mut Trail)>,
) {
    let behind = ticks_behind(&clock, &fixed, tick_length(&voxwalk).as_secs_f64());
    for (CharacterBody(handle), mut transform, mut drawn, mut trail) in &mut characters {
        if transform.translation != drawn.0 {
            continue;
        }
        let Some(body) = voxwalk.simulation.body(*handle) else {
            continue;
        };
        if body.aabb != trail.left {
            *trail = Trail::standing(body);
        }
        let feet = to_bevy(trail.feet.behind(behind));
        transform.translation = feet;
        drawn.0 = feet;
    }
}
