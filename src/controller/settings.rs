//! Every constant of the controller, in one struct with tuned defaults.

use thiserror::Error;

/// How bodies and balls move. Units are blocks and seconds.
///
/// The defaults feel like the block games people know: a jump clears a one-block
/// ledge (peak ≈ 1.32) but not a 1.5-tall fence post, a walking body steps onto a
/// slab (0.5) but needs a jump for a full block. Any field can be overridden by
/// name ([`Settings::set`]), which is what `--set key=value` and a scenario's
/// `[settings]` table do.
///
/// ```
/// use voxwalk::controller::Settings;
/// let mut s = Settings::default();
/// s.set("step_height", "1.0").unwrap();
/// assert_eq!(s.step_height, 1.0);
/// assert!(s.set("stepheight", "1.0").is_err()); // unknown names are errors
/// assert!(s.set("gravity", "-3").is_err()); // and so are nonsense values
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Settings {
    /// Fixed ticks per second; each tick advances time by `1 / tick_rate`.
    pub tick_rate: f64,
    /// Horizontal walking speed.
    pub walk_speed: f64,
    /// Horizontal speed while sprinting.
    pub sprint_speed: f64,
    /// Horizontal speed while sneaking (wins over sprinting).
    pub sneak_speed: f64,
    /// How fast horizontal velocity approaches the wished one on the ground (blocks/s²).
    pub ground_acceleration: f64,
    /// How fast a body on the ground with no input slows down (blocks/s²).
    pub ground_friction: f64,
    /// How fast horizontal velocity approaches the wished one in the air:
    /// some steering, much less than on the ground.
    pub air_acceleration: f64,
    /// How fast a body in the air with no input slows down.
    pub air_friction: f64,
    /// Downward acceleration.
    pub gravity: f64,
    /// Fastest fall; reached after about 2.5 s with the defaults.
    pub terminal_speed: f64,
    /// Upward speed a jump starts with, before the tick's gravity.
    pub jump_speed: f64,
    /// Highest ledge a walking body climbs without jumping; also the highest drop
    /// the sneak edge guard lets a body walk off.
    pub step_height: f64,
    /// Whether sneaking stops a body from walking off drops higher than `step_height`.
    pub sneak_edge_guard: bool,
    /// Horizontal speed while flying.
    pub fly_speed: f64,
    /// Vertical speed while flying with `up` or `down` held.
    pub fly_vertical_speed: f64,
    /// How fast velocity approaches the wished one while flying.
    pub fly_acceleration: f64,
    /// Upward speed on a climbable block while pushing into a wall or holding
    /// jump (Minecraft: 0.2 blocks a tick, `LivingEntity.travel`).
    pub climb_speed: f64,
    /// Fastest slide down a climbable block (Minecraft: 0.15 blocks a tick,
    /// `handleOnClimbable`); sneaking holds the body still instead.
    pub climb_descent_speed: f64,
    /// Fastest horizontal motion on a climbable block (Minecraft: 0.15 a tick).
    pub climb_horizontal_speed: f64,
    /// Horizontal acceleration swimming, before the liquid's drag (Minecraft:
    /// 0.02 blocks a tick per tick, 8 blocks/s²). The drag sets the top speed:
    /// 1.6 blocks/s in water at 20 ticks a second, as in Minecraft.
    pub swim_acceleration: f64,
    /// Upward acceleration in a liquid while jump is held (Minecraft's
    /// `jumpInLiquid`: 0.04 a tick per tick, 16 blocks/s²).
    pub swim_up_acceleration: f64,
    /// Upward speed given to a body in a liquid that swims against a ledge it
    /// can climb out onto (Minecraft: 0.3 blocks a tick).
    pub liquid_exit_speed: f64,
    /// How high above a swimming body a ledge may be and still be climbed out
    /// onto (Minecraft: 0.6).
    pub liquid_exit_height: f64,
    /// Fraction of the speed into a surface a ball keeps when it bounces.
    pub ball_restitution: f64,
    /// Bounces slower than this end instead. Must exceed `gravity / tick_rate`
    /// (the speed a resting ball gains in one tick) or balls never settle.
    pub ball_rest_speed: f64,
    /// How fast a ball rolling or sliding on a surface loses tangential speed (blocks/s²).
    pub ball_friction: f64,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            tick_rate: 20.0,
            walk_speed: 4.317,
            sprint_speed: 5.612,
            sneak_speed: 1.295,
            ground_acceleration: 60.0,
            ground_friction: 60.0,
            air_acceleration: 12.0,
            air_friction: 2.0,
            gravity: 32.0,
            terminal_speed: 78.4,
            jump_speed: 10.0,
            step_height: 0.6,
            sneak_edge_guard: true,
            fly_speed: 10.9,
            fly_vertical_speed: 7.5,
            fly_acceleration: 60.0,
            climb_speed: 4.0,
            climb_descent_speed: 3.0,
            climb_horizontal_speed: 3.0,
            swim_acceleration: 8.0,
            swim_up_acceleration: 16.0,
            liquid_exit_speed: 6.0,
            liquid_exit_height: 0.6,
            ball_restitution: 0.5,
            ball_rest_speed: 2.5,
            ball_friction: 4.0,
        }
    }
}

/// A setting that could not be applied.
#[derive(Debug, Error, PartialEq)]
pub enum SettingError {
    /// No setting has this name.
    #[error("unknown setting `{name}` (known: {known})")]
    Unknown {
        /// The name given.
        name: String,
        /// Every valid name, comma-separated.
        known: String,
    },
    /// The value does not parse as the setting's type.
    #[error("setting `{name}`: `{value}` is not {expected}")]
    BadValue {
        /// The setting.
        name: String,
        /// The text given.
        value: String,
        /// What was expected.
        expected: &'static str,
    },
    /// The value parses but makes no sense (negative gravity, zero tick rate, …).
    #[error("setting `{name}` = {value}: {problem}")]
    OutOfRange {
        /// The setting.
        name: &'static str,
        /// The value.
        value: f64,
        /// What is wrong with it.
        problem: &'static str,
    },
}

/// Upper bound on every speed and acceleration setting: far beyond any game,
/// low enough that a tick's move stays inside the resolver's limits.
const MAX_RATE: f64 = 1e5;

impl Settings {
    /// The names of every setting, in declaration order.
    #[must_use]
    pub fn names() -> Vec<&'static str> {
        vec![
            "tick_rate",
            "walk_speed",
            "sprint_speed",
            "sneak_speed",
            "ground_acceleration",
            "ground_friction",
            "air_acceleration",
            "air_friction",
            "gravity",
            "terminal_speed",
            "jump_speed",
            "step_height",
            "sneak_edge_guard",
            "fly_speed",
            "fly_vertical_speed",
            "fly_acceleration",
            "climb_speed",
            "climb_descent_speed",
            "climb_horizontal_speed",
            "swim_acceleration",
            "swim_up_acceleration",
            "liquid_exit_speed",
            "liquid_exit_height",
            "ball_restitution",
            "ball_rest_speed",
            "ball_friction",
        ]
    }

    /// Sets one setting from text, by name, then checks the whole struct.
    ///
    /// # Errors
    /// [`SettingError`] for an unknown name, a value that does not parse, or a
    /// value out of range; the settings are unchanged then.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), SettingError> {
        let mut next = self.clone();
        if name == "sneak_edge_guard" {
            next.sneak_edge_guard = value.parse().map_err(|_| SettingError::BadValue {
                name: name.into(),
                value: value.into(),
                expected: "`true` or `false`",
            })?;
        } else {
            let slot = next.number_mut(name).ok_or_else(|| SettingError::Unknown {
                name: name.into(),
                known: Self::names().join(", "),
            })?;
            *slot = value.trim().parse().map_err(|_| SettingError::BadValue {
                name: name.into(),
                value: value.into(),
                expected: "a number",
            })?;
        }
        next.validate()?;
        *self = next;
        Ok(())
    }

    fn number_mut(&mut self, name: &str) -> Option<&mut f64> {
        Some(match name {
            "tick_rate" => &mut self.tick_rate,
            "walk_speed" => &mut self.walk_speed,
            "sprint_speed" => &mut self.sprint_speed,
            "sneak_speed" => &mut self.sneak_speed,
            "ground_acceleration" => &mut self.ground_acceleration,
            "ground_friction" => &mut self.ground_friction,
            "air_acceleration" => &mut self.air_acceleration,
            "air_friction" => &mut self.air_friction,
            "gravity" => &mut self.gravity,
            "terminal_speed" => &mut self.terminal_speed,
            "jump_speed" => &mut self.jump_speed,
            "step_height" => &mut self.step_height,
            "fly_speed" => &mut self.fly_speed,
            "fly_vertical_speed" => &mut self.fly_vertical_speed,
            "fly_acceleration" => &mut self.fly_acceleration,
            "climb_speed" => &mut self.climb_speed,
            "climb_descent_speed" => &mut self.climb_descent_speed,
            "climb_horizontal_speed" => &mut self.climb_horizontal_speed,
            "swim_acceleration" => &mut self.swim_acceleration,
            "swim_up_acceleration" => &mut self.swim_up_acceleration,
            "liquid_exit_speed" => &mut self.liquid_exit_speed,
            "liquid_exit_height" => &mut self.liquid_exit_height,
            "ball_restitution" => &mut self.ball_restitution,
            "ball_rest_speed" => &mut self.ball_rest_speed,
            "ball_friction" => &mut self.ball_friction,
            _ => return None,
        })
    }

    /// Checks that every value is finite and in a range the simulation can honour.
    ///
    /// # Errors
    /// The first [`SettingError::OutOfRange`] found.
    pub fn validate(&self) -> Result<(), SettingError> {
        let bad = |name, value, problem| {
            Err(SettingError::OutOfRange {
                name,
                value,
                problem,
            })
        };
        // `number_mut` is the one map from names to fields; one copy lends it
        // here. Names it does not know (`sneak_edge_guard`) are not numbers.
        let mut copy = self.clone();
        for name in Self::names() {
            let Some(&mut value) = copy.number_mut(name) else {
                continue;
            };
            if !value.is_finite() {
                return bad(name, value, "must be a finite number");
            }
            if value < 0.0 {
                return bad(name, value, "must not be negative");
            }
            if value > MAX_RATE {
                return bad(name, value, "is beyond any sensible value (at most 100000)");
            }
        }
        if !(1.0..=1000.0).contains(&self.tick_rate) {
            return bad(
                "tick_rate",
                self.tick_rate,
                "must be between 1 and 1000 ticks per second",
            );
        }
        if self.liquid_exit_height > 16.0 {
            return bad(
                "liquid_exit_height",
                self.liquid_exit_height,
                "must be at most 16 blocks",
            );
        }
        if self.step_height > 16.0 {
            return bad("step_height", self.step_height, "must be at most 16 blocks");
        }
        if self.ball_restitution > 1.0 {
            return bad(
                "ball_restitution",
                self.ball_restitution,
                "must be at most 1 (no bounce gains speed)",
            );
        }
        Ok(())
    }

    /// Seconds per tick.
    #[inline]
    #[must_use]
    pub fn dt(&self) -> f64 {
        1.0 / self.tick_rate
    }
}
