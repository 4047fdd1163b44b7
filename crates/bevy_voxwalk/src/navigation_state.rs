//! What the plugin keeps of its characters' navigation, in the resource.

use bevy_ecs::entity::EntityHashMap;
use voxwalk::controller::BodyHandle;
use voxwalk::navigate::{Crowd, CrowdEvent, Goal};

/// The plugin's navigation: the crowd, the goal each navigating character
/// was last sent to, and the crowd's events of the tick.
#[derive(Debug, Default)]
pub(crate) struct Navigation {
    pub(crate) crowd: Crowd,
    pub(crate) sent: EntityHashMap<Goal>,
    pub(crate) events: Vec<(BodyHandle, CrowdEvent)>,
}
