//! What a body keeps of a mover's motion when it stops riding it.

use std::str::FromStr;

/// What a body riding a mover keeps of the mover's velocity when it leaves
/// it (jumps, walks or falls off): Godot's `platform_on_leave`.
///
/// ```
/// use voxwalk::controller::LeavePlatform;
/// let choice: LeavePlatform = "upward".parse().unwrap();
/// assert_eq!(choice, LeavePlatform::Upward);
/// assert!("sideways".parse::<LeavePlatform>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum LeavePlatform {
    /// All of it: a body jumping off a floor sliding east flies east with
    /// it, as Godot's default (`ADD_VELOCITY`).
    #[default]
    Velocity,
    /// Its upward part only: a lift throws a body that jumps off it higher,
    /// a moving floor throws it nowhere (`ADD_UPWARD_VELOCITY`).
    Upward,
    /// Nothing: the body leaves with its own motion (`DO_NOTHING`).
    Nothing,
}

impl LeavePlatform {
    /// Every choice, as [`LeavePlatform::name`] spells it.
    pub const NAMES: [&'static str; 3] = ["velocity", "upward", "nothing"];

    /// The name a setting or a file uses.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            LeavePlatform::Velocity => "velocity",
            LeavePlatform::Upward => "upward",
            LeavePlatform::Nothing => "nothing",
        }
    }

    /// What a body keeps of a mover's `velocity`.
    #[must_use]
    pub fn kept(self, velocity: glam::DVec3) -> glam::DVec3 {
        match self {
            LeavePlatform::Velocity => velocity,
            LeavePlatform::Upward => glam::DVec3::new(0.0, velocity.y.max(0.0), 0.0),
            LeavePlatform::Nothing => glam::DVec3::ZERO,
        }
    }
}

impl FromStr for LeavePlatform {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "velocity" => Ok(LeavePlatform::Velocity),
            "upward" => Ok(LeavePlatform::Upward),
            "nothing" => Ok(LeavePlatform::Nothing),
            _ => Err(()),
        }
    }
}
