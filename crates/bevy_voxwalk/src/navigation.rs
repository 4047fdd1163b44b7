//! Characters that find their own way: a [`Destination`] on a character
//! sends its body through voxwalk's [`Crowd`], which plans within a budget
//! of work a voxwalk tick and gives the keys; what happened comes back as
//! [`NavigationEvent`] messages naming the entity.

use bevy_ecs::component::Component;
use bevy_ecs::entity::Entity;
use bevy_ecs::message::Message;
use bevy_ecs::query::With;
use bevy_ecs::system::{Query, ResMut};
use voxwalk::controller::BodyHandle;
#[cfg(doc)]
use voxwalk::navigate::Crowd;
use voxwalk::navigate::{CrowdEvent, Goal};
use voxwalk::world::BlockSource;

use crate::components::{Character, CharacterBody};
use crate::resource::Voxwalk;

/// How far a followed character may move from where its follower was last
/// sent before the follower's plan is patched for where it is now, blocks.
pub const FOLLOW_SLACK: f64 = 1.0;

/// Where a character finds its own way to. While it has one, the plugin's
/// [`Crowd`] plans for it within a budget of work a voxwalk tick
/// ([`Voxwalk::set_navigation_work_per_tick`]) and its keys replace its
/// [`CharacterInput`](crate::CharacterInput); removing it hands the
/// character back to its input. Changing it sends the character anew.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub enum Destination {
    /// One of voxwalk's goals: a cell, a radius about a point, a column, a
    /// height.
    Goal(Goal),
    /// Within `radius` blocks of another character's feet, followed as it
    /// moves: when it has moved [`FOLLOW_SLACK`] from where it was, the
    /// plan being walked is patched ([`Crowd::retarget`]), not made anew.
    Follow {
        /// The character followed.
        entity: Entity,
        /// How near, blocks.
        radius: f64,
    },
}

/// Something a character's navigation did in a voxwalk tick: a plan made
/// (again: the path changed), arrived, stuck, no way.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct NavigationEvent {
    /// The character's entity.
    pub entity: Entity,
    /// The simulation's tick it happened in.
    pub tick: u64,
    /// What happened.
    pub event: CrowdEvent,
}

/// The goal `destination` names now, where its character can be found.
fn goal_of<W: BlockSource + Send + Sync + 'static>(
    destination: Destination,
    voxwalk: &Voxwalk<W>,
) -> Option<Goal> {
    match destination {
        Destination::Goal(goal) => Some(goal),
        Destination::Follow { entity, radius } => {
            let point = voxwalk.body(entity)?.feet();
            Some(Goal::Near { point, radius })
        }
    }
}

/// Whether the character followed by a follower sent to `sent` has moved
/// far enough from it to send it again.
fn moved_on(sent: Goal, now: Goal) -> bool {
    match (sent, now) {
        (Goal::Near { point: was, .. }, Goal::Near { point: is, .. }) => {
            was.distance(is) > FOLLOW_SLACK
        }
        _ => sent != now,
    }
}

/// Sends each character whose destination is new, changed or (following)
/// moved on, and takes out of the crowd those whose destination went.
pub(crate) fn send_destinations<W: BlockSource + Send + Sync + 'static>(
    mut voxwalk: ResMut<Voxwalk<W>>,
    characters: Query<(Entity, &CharacterBody, &Destination), With<Character>>,
) {
    let voxwalk = &mut *voxwalk;
    let gone: Vec<Entity> = voxwalk
        .navigation
        .sent
        .keys()
        .copied()
        .filter(|&entity| !characters.contains(entity))
        .collect();
    for entity in gone {
        voxwalk.navigation.sent.remove(&entity);
        if let Some(&handle) = voxwalk.handle_of.get(&entity) {
            voxwalk.navigation.crowd.dismiss(handle);
        }
    }
    // Each with whether its goal moved (a followed character walked on)
    // rather than being set anew.
    let mut sends: Vec<(Entity, BodyHandle, Goal, bool)> = Vec::new();
    for (entity, CharacterBody(handle), destination) in &characters {
        let Some(goal) = goal_of(*destination, voxwalk) else {
            continue;
        };
        match voxwalk.navigation.sent.get(&entity) {
            None => sends.push((entity, *handle, goal, false)),
            Some(&sent) if moved_on(sent, goal) => {
                let moved = matches!(destination, Destination::Follow { .. })
                    && matches!(sent, Goal::Near { .. });
                sends.push((entity, *handle, goal, moved));
            }
            Some(_) => {}
        }
    }
    // In the order of the entities: the same sends, the same crowd.
    sends.sort_by_key(|(entity, ..)| *entity);
    for (entity, handle, goal, moved) in sends {
        voxwalk.navigation.sent.insert(entity, goal);
        if moved {
            voxwalk.navigation.crowd.retarget(handle, goal);
        } else {
            voxwalk.navigation.crowd.send(handle, goal);
        }
    }
}
