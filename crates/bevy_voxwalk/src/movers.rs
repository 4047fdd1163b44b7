//! Movers as entities: a [`MovingBlocks`] component puts a voxwalk mover
//! (a lift, a slider, a door) in the characters' world, its `Transform`
//! drawn in step with the characters riding it; changing the component
//! changes the mover's path, removing it removes the mover.

use bevy_ecs::change_detection::DetectChanges;
use bevy_ecs::component::Component;
use bevy_ecs::entity::Entity;
use bevy_ecs::message::{Message, MessageWriter};
use bevy_ecs::query::Added;
use bevy_ecs::system::{Commands, Query, Res, ResMut};
use bevy_ecs::world::Ref;
use bevy_time::{Fixed, Time};
use bevy_transform::components::Transform;
use voxwalk::movers::{Mover, MoverError, MoverHandle};
use voxwalk::world::BlockSource;

use crate::clock::{VoxwalkClock, tick_length};
use crate::convert::to_bevy;
use crate::drawing::{Recent, ticks_behind};
use crate::resource::Voxwalk;

/// Makes an entity a voxwalk mover: inserting it adds the mover (its blocks,
/// origin and drive) at the next fixed tick; changing it hands its drive,
/// `through_blocks` and crush rule to the mover (which moves on from where
/// it is); removing it (or despawning the entity) removes the mover. The
/// entity's `Transform` translation is the mover's origin, drawn as the
/// characters are, so a rider is drawn where it rides.
#[derive(Component, Clone, Debug, PartialEq)]
#[require(Transform)]
pub struct MovingBlocks(pub Mover);

/// The mover of a [`MovingBlocks`] entity, set by the plugin when it adds it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoverBody(pub(crate) MoverHandle);

impl MoverBody {
    /// The mover's handle in [`Voxwalk::simulation`].
    #[must_use]
    pub fn handle(&self) -> MoverHandle {
        self.0
    }
}

/// A [`MovingBlocks`] voxwalk could not take (the entity stays, with no
/// mover).
#[derive(Message, Debug, PartialEq)]
pub struct MoverRefused {
    /// The entity.
    pub entity: Entity,
    /// Why.
    pub error: MoverError,
}

/// A mover's origin at its last ticks, for drawing.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub(crate) struct MoverTrail(pub(crate) Recent);

/// Adds the movers of new [`MovingBlocks`] (in the order of their
/// entities), hands changed ones' drives on, and removes those whose
/// component went.
pub(crate) fn sync_movers<W: BlockSource + Send + Sync + 'static>(
    mut voxwalk: ResMut<Voxwalk<W>>,
    movers: Query<(Entity, Ref<MovingBlocks>)>,
    added: Query<Entity, Added<MovingBlocks>>,
    mut commands: Commands,
    mut refused: MessageWriter<MoverRefused>,
) {
    let voxwalk = &mut *voxwalk;
    let gone: Vec<Entity> = voxwalk
        .mover_of
        .keys()
        .copied()
        .filter(|&e| !movers.contains(e))
        .collect();
    for entity in gone {
        if let Some(handle) = voxwalk.mover_of.remove(&entity) {
            voxwalk.simulation.remove_mover(handle);
            voxwalk.mover_entity.remove(&handle);
        }
    }
    let mut new: Vec<Entity> = added.iter().collect();
    new.sort();
    for entity in new {
        let Ok((_, blocks)) = movers.get(entity) else {
            continue;
        };
        match voxwalk.simulation.add_mover(blocks.0.clone()) {
            Ok(handle) => {
                voxwalk.mover_of.insert(entity, handle);
                voxwalk.mover_entity.insert(handle, entity);
                commands.entity(entity).insert((
                    MoverBody(handle),
                    MoverTrail(Recent::still(blocks.0.position())),
                ));
            }
            Err(error) => {
                refused.write(MoverRefused { entity, error });
            }
        }
    }
    for (entity, blocks) in &movers {
        if !blocks.is_changed() || blocks.is_added() {
            continue;
        }
        let Some(&handle) = voxwalk.mover_of.get(&entity) else {
            continue;
        };
        if let Some(mover) = voxwalk.simulation.mover_mut(handle) {
            mover.drive = blocks.0.drive.clone();
            mover.through_blocks = blocks.0.through_blocks;
            mover.on_crush = blocks.0.on_crush;
        }
    }
}

/// Notes where each mover entity's mover is after a tick.
pub(crate) fn note_mover_ticks<W: BlockSource + Send + Sync + 'static>(
    voxwalk: &Voxwalk<W>,
    trails: &mut Query<(&MoverBody, &mut MoverTrail)>,
) {
    for (MoverBody(handle), mut trail) in trails.iter_mut() {
        if let Some(mover) = voxwalk.simulation.mover(*handle) {
            trail.0.ticked(mover.position());
        }
    }
}

/// Each mover entity's `Transform` translation: its origin a tick and a
/// fixed step behind the characters' clock, as the characters are drawn.
pub(crate) fn draw_movers<W: BlockSource + Send + Sync + 'static>(
    voxwalk: Res<Voxwalk<W>>,
    clock: Res<VoxwalkClock>,
    fixed: Res<Time<Fixed>>,
    mut movers: Query<(&MoverTrail, &mut Transform)>,
) {
    let behind = ticks_behind(&clock, &fixed, tick_length(&voxwalk).as_secs_f64());
    for (trail, mut transform) in &mut movers {
        transform.translation = to_bevy(trail.0.behind(behind));
    }
}
