//! Every constant of the controller, in one struct with tuned defaults.

mod defaults;
mod error;
mod leave_platform;

pub(crate) use defaults::{ground_drag, minecraft};
pub use error::SettingError;
pub use leave_platform::LeavePlatform;

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
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub tick_rate: f64,
    /// Top speed walking straight on ordinary ground (Minecraft: movement
    /// speed 0.1 and input 0.98 a tick against the ground's drag 0.546).
    /// Other ground changes it as Minecraft's `getFrictionInfluencedSpeed`
    /// does: ice (slipperiness 0.98) gives 4.16 blocks/s.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub walk_speed: f64,
    /// Top speed sprinting straight on ordinary ground (movement speed 0.13).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub sprint_speed: f64,
    /// Top speed sneaking straight on ordinary ground (Minecraft scales the
    /// input by 0.3). Sneaking keeps a body from starting to sprint.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub sneak_speed: f64,
    /// Velocity the keys add each second in the air (Minecraft's flying
    /// speed, 0.02 a tick per tick).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub air_acceleration: f64,
    /// The same while sprinting (0.026 a tick per tick).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub sprint_air_acceleration: f64,
    /// Share of horizontal momentum kept per 1/20 s in the air (0.91); on the
    /// ground it is times the block's slipperiness (0.6 on most blocks, so
    /// 0.546). Below 1.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub air_drag: f64,
    /// Downward acceleration (0.08 a tick per tick).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub gravity: f64,
    /// Share of vertical momentum kept per 1/20 s out of liquids (0.98); with
    /// gravity it sets the terminal speed ([`Settings::terminal_speed`]).
    /// Below 1.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub vertical_drag: f64,
    /// Upward velocity a jump starts with, before the tick's gravity (0.42 a
    /// tick), times the ground's jump factor.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub jump_speed: f64,
    /// Velocity a sprinting jump adds along the way the body walks (0.2 a tick).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub sprint_jump_boost: f64,
    /// Seconds between jumps while jump is held (Minecraft's `noJumpDelay`,
    /// 10 ticks); letting go of jump ends the wait.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub jump_delay: f64,
    /// Momentum slower than this on an axis is dropped at the start of a
    /// tick (Minecraft: 0.003 a tick; horizontally, by length).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub momentum_cutoff: f64,
    /// Highest ledge a walking body climbs without jumping; also the highest drop
    /// the sneak edge guard lets a body walk off.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub step_height: f64,
    /// Whether sneaking stops a body from walking off drops higher than `step_height`.
    pub sneak_edge_guard: bool,
    /// Whether a body walking on the ground down a step no higher than
    /// `step_height` is kept on the ground (moved down onto the step) rather
    /// than leaving it for a few ticks of falling, as rapier's
    /// `snap_to_ground` and Godot's `floor_snap_length` do. Off for
    /// Minecraft's exact motion: its player leaves the ground at every step
    /// down. Never while jumping, flying, climbing or swimming.
    pub snap_to_ground: bool,
    /// What a body riding a mover keeps of its velocity when it leaves it:
    /// `velocity` (all of it, the default), `upward` (its upward part) or
    /// `nothing`, Godot's three `platform_on_leave` choices. The kept
    /// velocity is added to the body's momentum, which the movement model
    /// then slows as any other (air drag in a jump).
    pub leave_platform: LeavePlatform,
    /// Move bodies in Minecraft's own collision order
    /// ([`collide_vanilla`](crate::resolver::collide_vanilla): y, then the
    /// larger horizontal axis, then the other, ending exactly against what
    /// stopped them, the step inside the same call) instead of the exact
    /// resolver's sweep: for servers and bots that must agree with the
    /// vanilla client. With it, `snap_to_ground` off and a body of
    /// [`Body::MINECRAFT_SIZE`](super::Body::MINECRAFT_SIZE), a body at 20
    /// ticks a second follows the client's positions and momentum to 10⁻⁹
    /// on every ground and in every medium of the movement model and among
    /// random vanilla blocks, resting, stepping and landing included, but
    /// where a choice of the client's own turns on the last bit of its
    /// position (`docs/determinism.md`). Off by default: the exact resolver
    /// never cuts a corner.
    pub vanilla_collisions: bool,
    /// A body's height while sneaking (Minecraft's crouching pose: 1.5), or
    /// its standing height if that is lower. A body that has no room to
    /// stand stays at this height, sneaking or not, and moves at the
    /// sneaking speed (Minecraft's `isMovingSlowly`).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub sneak_height: f64,
    /// A body's height when even sneaking has no room (Minecraft's swimming
    /// and crawling pose: 0.6), or its standing height if that is lower.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub crawl_height: f64,
    /// How far below the world's lowest block ([`BlockSource::lowest_block`])
    /// a body's top may fall before it is reported as having left the world
    /// ([`Event::LeftWorld`](super::Event::LeftWorld)) and held there, rather
    /// than falling for ever.
    ///
    /// [`BlockSource::lowest_block`]: crate::world::BlockSource::lowest_block
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub left_world_depth: f64,
    /// Top horizontal speed flying (Minecraft's creative flight: 0.05 a tick
    /// per tick against the air's drag).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub fly_speed: f64,
    /// Top vertical speed flying with `up` or `down` held (0.15 a tick per
    /// tick against a drag of 0.6).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub fly_vertical_speed: f64,
    /// Upward speed on a climbable block while pushing into a wall or holding
    /// jump: Minecraft lifts the body to 0.2 a tick, then its gravity and
    /// drag leave 0.1176 (`LivingEntity.handleRelativeFrictionAndCalculateMovement`).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub climb_speed: f64,
    /// Fastest slide down a climbable block (Minecraft: 0.15 blocks a tick,
    /// `handleOnClimbable`); sneaking holds the body still instead.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub climb_descent_speed: f64,
    /// Fastest horizontal motion on a climbable block (Minecraft: 0.15 a tick).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub climb_horizontal_speed: f64,
    /// Horizontal acceleration swimming, before the liquid's drag (Minecraft:
    /// 0.02 blocks a tick per tick). The drag sets the top speed: 1.96
    /// blocks/s in water.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub swim_acceleration: f64,
    /// Upward acceleration in a liquid while jump is held (Minecraft's
    /// `jumpInLiquid`: 0.04 a tick per tick).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub swim_up_acceleration: f64,
    /// Upward speed given to a body in a liquid that swims against a ledge it
    /// can climb out onto (Minecraft: 0.3 blocks a tick).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub liquid_exit_speed: f64,
    /// How far up a swimmer that met a wall looks for a way out: if its box,
    /// moved by a tick of its momentum and raised this far above where the
    /// tick began, meets no block and no liquid, it is lifted at
    /// `liquid_exit_speed` (`LivingEntity.travelInFluid`'s `isFree` probe;
    /// Minecraft: 0.6). Not the height of a ledge it can climb: the lift
    /// repeats while the probe stays free, so a swimmer also clears a ledge
    /// somewhat higher when its momentum carries it (docs/movement.md).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub liquid_exit_height: f64,
    /// Fraction of the speed into a surface a ball keeps when it bounces.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub ball_restitution: f64,
    /// Bounces slower than this end instead. Must exceed `gravity / tick_rate`
    /// (the speed a resting ball gains in one tick) or balls never settle.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub ball_rest_speed: f64,
    /// How fast a ball rolling or sliding on a surface loses tangential speed (blocks/s²).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub ball_friction: f64,
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
            "snap_to_ground",
            "leave_platform",
            "vanilla_collisions",
            "sneak_height",
            "crawl_height",
            "left_world_depth",
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

    /// One setting by name, as text [`Settings::set`] reads back to the same
    /// value (numbers in their shortest form that parses to the same bits);
    /// `None` for an unknown name.
    ///
    /// ```
    /// use voxwalk::controller::Settings;
    /// let s = Settings::default();
    /// assert_eq!(s.get("step_height").as_deref(), Some("0.6"));
    /// assert_eq!(s.get("vanilla_collisions").as_deref(), Some("false"));
    /// assert_eq!(s.get("stepheight"), None);
    /// ```
    #[must_use]
    pub fn get(&self, name: &str) -> Option<String> {
        if name == "leave_platform" {
            return Some(self.leave_platform.name().to_owned());
        }
        // The names have one table, the `_mut` lookups `set` writes through;
        // a copy reads through it too rather than keep a second table.
        let mut copy = self.clone();
        if let Some(flag) = copy.flag_mut(name) {
            return Some(flag.to_string());
        }
        copy.number_mut(name).map(|n| n.to_string())
    }

    /// Sets one setting from text, by name, then checks the whole struct.
    ///
    /// # Errors
    /// [`SettingError`] for an unknown name, a value that does not parse, or a
    /// value out of range; the settings are unchanged then.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), SettingError> {
        let mut next = self.clone();
        if name == "leave_platform" {
            next.leave_platform = value.parse().map_err(|()| SettingError::BadValue {
                name: name.into(),
                value: value.into(),
                expected: "`velocity`, `upward` or `nothing`",
            })?;
        } else if let Some(flag) = next.flag_mut(name) {
            *flag = value.parse().map_err(|_| SettingError::BadValue {
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

    /// The flag setting of this name, if it is one.
    fn flag_mut(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "sneak_edge_guard" => &mut self.sneak_edge_guard,
            "snap_to_ground" => &mut self.snap_to_ground,
            "vanilla_collisions" => &mut self.vanilla_collisions,
            _ => return None,
        })
    }

    /// The number setting of this name, if it is one.
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
            "sneak_height" => &mut self.sneak_height,
            "crawl_height" => &mut self.crawl_height,
            "left_world_depth" => &mut self.left_world_depth,
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
        // here. Names it does not know (the flags) are not numbers.
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
        if self.crawl_height <= 0.0 {
            return bad("crawl_height", self.crawl_height, "must be above 0");
        }
        if self.sneak_height < self.crawl_height {
            return bad(
                "sneak_height",
                self.sneak_height,
                "must be at least crawl_height (crouching is not lower than crawling)",
            );
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
