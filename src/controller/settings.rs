//! Every constant of the controller, in one struct with tuned defaults.

use thiserror::Error;

/// How bodies and balls move. Units are blocks and seconds; a share of
/// momentum kept ("drag") is per 1/20 s, as Minecraft states it.
///
/// The defaults are Minecraft's player (1.21, `LivingEntity` and `Player`,
/// with its float constants), at any tick rate (see `docs/movement.md`): a
/// walk of 4.317 blocks/s, a jump that peaks 1.252 above the floor (over a
/// full block, under a 1.5-tall fence post), a walking body that steps onto
/// a slab (0.6) but needs a jump for a full block. Any field can be
/// overridden by name ([`Settings::set`]), which is what `--set key=value`
/// and a scenario's `[settings]` table do.
///
/// ```
/// use voxwalk::controller::Settings;
/// let mut s = Settings::default();
/// s.set("step_height", "1.0").unwrap();
/// assert_eq!(s.step_height, 1.0);
/// assert!(s.set("stepheight", "1.0").is_err()); // unknown names are errors
/// assert!(s.set("gravity", "-3").is_err()); // and so are nonsense values
/// assert!((s.terminal_speed() - 78.4).abs() < 1e-3); // Minecraft's 3.92 a tick
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Settings {
    /// Fixed ticks per second; each tick advances time by `1 / tick_rate`.
    /// Every figure of the defaults holds at any rate (`docs/movement.md`).
    pub tick_rate: f64,
    /// Top speed walking straight on ordinary ground (Minecraft: movement
    /// speed 0.1 and input 0.98 a tick against the ground's drag 0.546).
    /// Other ground changes it as Minecraft's `getFrictionInfluencedSpeed`
    /// does: ice (slipperiness 0.98) gives 4.16 blocks/s.
    pub walk_speed: f64,
    /// Top speed sprinting straight on ordinary ground (movement speed 0.13).
    pub sprint_speed: f64,
    /// Top speed sneaking straight on ordinary ground (Minecraft scales the
    /// input by 0.3). Sneaking keeps a body from starting to sprint.
    pub sneak_speed: f64,
    /// Velocity the keys add each second in the air (Minecraft's flying
    /// speed, 0.02 a tick per tick).
    pub air_acceleration: f64,
    /// The same while sprinting (0.026 a tick per tick).
    pub sprint_air_acceleration: f64,
    /// Share of horizontal momentum kept per 1/20 s in the air (0.91); on the
    /// ground it is times the block's slipperiness (0.6 on most blocks, so
    /// 0.546). Below 1.
    pub air_drag: f64,
    /// Downward acceleration (0.08 a tick per tick).
    pub gravity: f64,
    /// Share of vertical momentum kept per 1/20 s out of liquids (0.98); with
    /// gravity it sets the terminal speed ([`Settings::terminal_speed`]).
    /// Below 1.
    pub vertical_drag: f64,
    /// Upward velocity a jump starts with, before the tick's gravity (0.42 a
    /// tick), times the ground's jump factor.
    pub jump_speed: f64,
    /// Velocity a sprinting jump adds along the way the body walks (0.2 a tick).
    pub sprint_jump_boost: f64,
    /// Seconds between jumps while jump is held (Minecraft's `noJumpDelay`,
    /// 10 ticks); letting go of jump ends the wait.
    pub jump_delay: f64,
    /// Momentum slower than this on an axis is dropped at the start of a
    /// tick (Minecraft: 0.003 a tick; horizontally, by length).
    pub momentum_cutoff: f64,
    /// Highest ledge a walking body climbs without jumping; also the highest drop
    /// the sneak edge guard lets a body walk off.
    pub step_height: f64,
    /// Whether sneaking stops a body from walking off drops higher than `step_height`.
    pub sneak_edge_guard: bool,
    /// Top horizontal speed flying (Minecraft's creative flight: 0.05 a tick
    /// per tick against the air's drag).
    pub fly_speed: f64,
    /// Top vertical speed flying with `up` or `down` held (0.15 a tick per
    /// tick against a drag of 0.6).
    pub fly_vertical_speed: f64,
    /// Upward speed on a climbable block while pushing into a wall or holding
    /// jump: Minecraft lifts the body to 0.2 a tick, then its gravity and
    /// drag leave 0.1176 (`LivingEntity.handleRelativeFrictionAndCalculateMovement`).
    pub climb_speed: f64,
    /// Fastest slide down a climbable block (Minecraft: 0.15 blocks a tick,
    /// `handleOnClimbable`); sneaking holds the body still instead.
    pub climb_descent_speed: f64,
    /// Fastest horizontal motion on a climbable block (Minecraft: 0.15 a tick).
    pub climb_horizontal_speed: f64,
    /// Horizontal acceleration swimming, before the liquid's drag (Minecraft:
    /// 0.02 blocks a tick per tick). The drag sets the top speed: 1.96
    /// blocks/s in water.
    pub swim_acceleration: f64,
    /// Upward acceleration in a liquid while jump is held (Minecraft's
    /// `jumpInLiquid`: 0.04 a tick per tick).
    pub swim_up_acceleration: f64,
    /// Upward speed given to a body in a liquid that swims against a ledge it
    /// can climb out onto (Minecraft: 0.3 blocks a tick).
    pub liquid_exit_speed: f64,
    /// How far up a swimmer that met a wall looks for a way out: if its box,
    /// moved by a tick of its momentum and raised this far above where the
    /// tick began, meets no block and no liquid, it is lifted at
    /// `liquid_exit_speed` (`LivingEntity.travelInFluid`'s `isFree` probe;
    /// Minecraft: 0.6). Not the height of a ledge it can climb: the lift
    /// repeats while the probe stays free, so a swimmer also clears a ledge
    /// somewhat higher when its momentum carries it (docs/movement.md).
    pub liquid_exit_height: f64,
    /// Fraction of the speed into a surface a ball keeps when it bounces.
    pub ball_restitution: f64,
    /// Bounces slower than this end instead. Must exceed `gravity / tick_rate`
    /// (the speed a resting ball gains in one tick) or balls never settle.
    pub ball_rest_speed: f64,
    /// How fast a ball rolling or sliding on a surface loses tangential speed (blocks/s²).
    pub ball_friction: f64,
}

/// Minecraft's constants, as the floats its code holds them (1.21.7).
pub(crate) mod minecraft {
    /// Ticks a second.
    pub const TICKS: f64 = 20.0;
    /// The keys' input, `LocalPlayer.modifyInput`.
    pub const INPUT: f64 = 0.98_f32 as f64;
    /// The player's movement speed attribute.
    pub const WALK: f64 = 0.1_f32 as f64;
    /// The same, sprinting: the attribute with
    /// `LivingEntity.SPEED_MODIFIER_SPRINTING` (+30 %), as the float
    /// `setSpeed` keeps.
    pub const SPRINT: f64 = (WALK * (1.0 + 0.3_f32 as f64)) as f32 as f64;
    /// The sneaking speed attribute: the input's share while sneaking.
    pub const SNEAK: f64 = 0.3_f32 as f64;
    /// Ordinary ground's friction (`Block.getFriction`).
    pub const FRICTION: f64 = 0.6_f32 as f64;
    /// The air's drag (`LivingEntity.travelInAir`).
    pub const AIR_DRAG: f64 = 0.91_f32 as f64;
    /// The vertical drag (`travelInAir`).
    pub const VERTICAL_DRAG: f64 = 0.98_f32 as f64;
    /// `LivingEntity.DEFAULT_BASE_GRAVITY`.
    pub const GRAVITY: f64 = 0.08;
    /// `LivingEntity.BASE_JUMP_POWER`.
    pub const JUMP: f64 = 0.42_f32 as f64;
    /// Creative flight's speed (`Abilities.flyingSpeed`), and its vertical
    /// drag (`Player.travel`).
    pub const FLY: f64 = 0.05_f32 as f64;
    /// Creative flight's vertical drag (`Player.travel`).
    pub const FLY_VERTICAL_DRAG: f64 = 0.6;
    /// The ladder's clamp (`handleOnClimbable`).
    pub const CLIMB_CLAMP: f64 = 0.15_f32 as f64;
    /// The ladder's lift before gravity and drag.
    pub const CLIMB_LIFT: f64 = 0.2;
    /// The air's input (`Player.getFlyingSpeed`).
    pub const AIR_INPUT: f64 = 0.02_f32 as f64;
    /// The same, sprinting.
    pub const SPRINT_AIR_INPUT: f64 = 0.025_999_999_f32 as f64;
    /// `jumpInLiquid`.
    pub const SWIM_UP: f64 = 0.04_f32 as f64;
    /// The ledge exit's lift and reach (`travelInFluid`).
    pub const LIQUID_EXIT: f64 = 0.3_f32 as f64;
    /// The ledge exit's reach above the body.
    pub const LIQUID_EXIT_HEIGHT: f64 = 0.6_f32 as f64;
    /// The momentum cut-off (`LivingEntity.aiStep`).
    pub const CUTOFF: f64 = 0.003;
}

/// The share of momentum kept per 1/20 s on ground of `slipperiness` with
/// the air's `air_drag`: Minecraft multiplies the two in single precision
/// (`LivingEntity.travelInAir`: `f * 0.91f`).
#[must_use]
pub(crate) fn ground_drag(slipperiness: f64, air_drag: f64) -> f64 {
    f64::from(slipperiness as f32 * air_drag as f32)
}

/// Top speed on ordinary ground for a movement speed `speed` (a tick per
/// tick): the fixed point of `u = speed × input + 0.546 u`, in blocks/s.
fn top_ground_speed(speed: f64) -> f64 {
    use minecraft::{AIR_DRAG, FRICTION, INPUT, TICKS};
    TICKS * speed * INPUT / (1.0 - ground_drag(FRICTION, AIR_DRAG))
}

impl Default for Settings {
    fn default() -> Self {
        use minecraft as mc;
        let per_second = mc::TICKS;
        let per_second_squared = mc::TICKS * mc::TICKS;
        Self {
            tick_rate: 20.0,
            walk_speed: top_ground_speed(mc::WALK),
            sprint_speed: top_ground_speed(mc::SPRINT),
            sneak_speed: top_ground_speed(mc::WALK) * mc::SNEAK,
            air_acceleration: mc::AIR_INPUT * per_second_squared,
            sprint_air_acceleration: mc::SPRINT_AIR_INPUT * per_second_squared,
            air_drag: mc::AIR_DRAG,
            gravity: mc::GRAVITY * per_second_squared,
            vertical_drag: mc::VERTICAL_DRAG,
            jump_speed: mc::JUMP * per_second,
            sprint_jump_boost: 0.2 * per_second,
            jump_delay: 10.0 / mc::TICKS,
            momentum_cutoff: mc::CUTOFF * per_second,
            step_height: 0.6,
            sneak_edge_guard: true,
            fly_speed: mc::FLY * mc::INPUT / (1.0 - mc::AIR_DRAG) * per_second,
            fly_vertical_speed: 3.0 * mc::FLY / (1.0 - mc::FLY_VERTICAL_DRAG) * per_second,
            climb_speed: mc::VERTICAL_DRAG * (mc::CLIMB_LIFT - mc::GRAVITY) * per_second,
            climb_descent_speed: mc::CLIMB_CLAMP * per_second,
            climb_horizontal_speed: mc::CLIMB_CLAMP * per_second,
            swim_acceleration: mc::AIR_INPUT * per_second_squared,
            swim_up_acceleration: mc::SWIM_UP * per_second_squared,
            liquid_exit_speed: mc::LIQUID_EXIT * per_second,
            liquid_exit_height: mc::LIQUID_EXIT_HEIGHT,
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
            "air_acceleration",
            "sprint_air_acceleration",
            "air_drag",
            "gravity",
            "vertical_drag",
            "jump_speed",
            "sprint_jump_boost",
            "jump_delay",
            "momentum_cutoff",
            "step_height",
            "sneak_edge_guard",
            "fly_speed",
            "fly_vertical_speed",
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
            "air_acceleration" => &mut self.air_acceleration,
            "sprint_air_acceleration" => &mut self.sprint_air_acceleration,
            "air_drag" => &mut self.air_drag,
            "gravity" => &mut self.gravity,
            "vertical_drag" => &mut self.vertical_drag,
            "jump_speed" => &mut self.jump_speed,
            "sprint_jump_boost" => &mut self.sprint_jump_boost,
            "jump_delay" => &mut self.jump_delay,
            "momentum_cutoff" => &mut self.momentum_cutoff,
            "step_height" => &mut self.step_height,
            "fly_speed" => &mut self.fly_speed,
            "fly_vertical_speed" => &mut self.fly_vertical_speed,
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
        for (name, drag) in [
            ("air_drag", self.air_drag),
            ("vertical_drag", self.vertical_drag),
        ] {
            if drag >= 1.0 {
                return bad(
                    name,
                    drag,
                    "must be below 1 (a body that keeps all its momentum never settles)",
                );
            }
        }
        if self.walk_speed == 0.0 && (self.sprint_speed > 0.0 || self.sneak_speed > 0.0) {
            return bad(
                "walk_speed",
                self.walk_speed,
                "must not be 0 while sprinting or sneaking moves (they are shares of it)",
            );
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

    /// Fastest fall: where gravity and the vertical drag balance
    /// (Minecraft: 3.92 blocks a tick, 78.4 blocks/s).
    #[must_use]
    pub fn terminal_speed(&self) -> f64 {
        self.gravity / minecraft::TICKS * self.vertical_drag / (1.0 - self.vertical_drag)
    }

    /// The vertical momentum of a body standing on a floor: the floor ended
    /// its velocity, then one tick of gravity and drag (Minecraft's
    /// −0.0784 a tick).
    #[must_use]
    pub fn resting_momentum(&self) -> f64 {
        -self.vertical_drag * self.gravity / minecraft::TICKS
    }

    /// Minecraft ticks per tick: how the tick rate enters the movement model.
    #[inline]
    #[must_use]
    pub(crate) fn minecraft_ticks(&self) -> f64 {
        minecraft::TICKS * self.dt()
    }

    /// Seconds per tick.
    #[inline]
    #[must_use]
    pub fn dt(&self) -> f64 {
        1.0 / self.tick_rate
    }
}
