//! Which movement model this build runs, so that a scenario written against
//! one can tell a regression from a change of model.

/// The movement model: the recurrences of a tick and the defaults of
/// [`Settings`](super::Settings), named and numbered.
///
/// The version goes up whenever a recurrence, a constant or a default
/// changes what a body does; `tests/movement_model.rs` keeps it honest with
/// a fingerprint of the defaults and of a trajectory through every
/// behaviour, which a change moves. A scenario file and a golden trajectory
/// name the model they were written against (`model = "minecraft-1.21 v4"`);
/// run under another, they fail with both names, and `voxwalk check --bless`
/// pins them to this one.
///
/// ```
/// use voxwalk::controller::MODEL;
/// assert_eq!(MODEL.to_string(), format!("{} v{}", MODEL.name, MODEL.version));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovementModel {
    /// Whose motion it follows: Minecraft 1.21's client, at 20 ticks a
    /// second exactly and matched at other rates.
    pub name: &'static str,
    /// Its version.
    pub version: u32,
}

/// The model of this build.
pub const MODEL: MovementModel = MovementModel {
    name: "minecraft-1.21",
    version: 4,
};

impl std::fmt::Display for MovementModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} v{}", self.name, self.version)
    }
}
