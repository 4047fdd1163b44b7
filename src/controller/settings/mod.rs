//! Every constant of the controller, in one struct of groups with tuned
//! defaults.

mod defaults;
mod error;
mod groups;
mod leave_platform;
#[cfg(feature = "serde")]
mod serde_form;
mod table;

pub(crate) use defaults::{ground_drag, minecraft};
pub use error::SettingError;
use groups::FIELDS;
pub use groups::{
    Air, BallSettings, Climbing, Collisions, Flying, Jumping, Poses, Settings, Swimming, Walking,
};
pub use leave_platform::LeavePlatform;
use table::Field;

/// The setting named `name` or its flat alias.
fn field_named(name: &str) -> Option<&'static Field> {
    // As written: a key padded with spaces is no setting's name (a reader
    // that trimmed would let ` walk_speed` and `walk_speed` both set one).
    FIELDS.iter().find(|f| f.name == name || f.alias == name)
}

/// The setting `field` of `group`.
#[cfg_attr(not(feature = "serde"), allow(dead_code))]
fn field_in(group: &str, field: &str) -> Option<&'static Field> {
    FIELDS
        .iter()
        .find(|f| f.group == group && f.member == field)
}

impl Settings {
    /// The name of every setting (`tick_rate`, then `group.field` group by
    /// group), in declaration order. Each also answers to its flat name of
    /// before the groups (`walk_speed` for `walking.speed`).
    #[must_use]
    pub fn names() -> Vec<&'static str> {
        FIELDS.iter().map(|f| f.name).collect()
    }

    /// One setting by name (or flat name), as text [`Settings::set`] reads
    /// back to the same value (numbers in their shortest form that parses to
    /// the same bits); `None` for an unknown name.
    ///
    /// ```
    /// use voxwalk::controller::Settings;
    /// let s = Settings::default();
    /// assert_eq!(s.get("walking.step_height").as_deref(), Some("0.6"));
    /// assert_eq!(s.get("step_height").as_deref(), Some("0.6"));
    /// assert_eq!(s.get("collisions.vanilla_order").as_deref(), Some("false"));
    /// assert_eq!(s.get("stepheight"), None);
    /// ```
    #[must_use]
    pub fn get(&self, name: &str) -> Option<String> {
        field_named(name).map(|field| (field.read)(self).to_text())
    }

    /// Sets one setting from text, by name (or flat name), then checks the
    /// whole struct.
    ///
    /// # Errors
    /// [`SettingError`] for an unknown name, a value that does not parse, or a
    /// value out of range; the settings are unchanged then.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), SettingError> {
        let field = field_named(name).ok_or_else(|| SettingError::Unknown {
            name: name.into(),
            known: Self::names().join(", "),
        })?;
        let parsed = field
            .parse(value)
            .map_err(|expected| SettingError::BadValue {
                name: name.into(),
                value: value.into(),
                expected,
            })?;
        let mut next = self.clone();
        (field.write)(&mut next, parsed);
        next.validate()?;
        *self = next;
        Ok(())
    }

    /// Checks that every value is finite and in a range the simulation can honour.
    ///
    /// # Errors
    /// The first [`SettingError::OutOfRange`] found.
    pub fn validate(&self) -> Result<(), SettingError> {
        for field in FIELDS {
            if let Some((value, problem)) = field.problem(self) {
                return Err(SettingError::OutOfRange {
                    name: field.name,
                    value,
                    problem,
                });
            }
        }
        // The rules between two settings.
        let bad = |name, value, problem| {
            Err(SettingError::OutOfRange {
                name,
                value,
                problem,
            })
        };
        if self.poses.sneak_height < self.poses.crawl_height {
            return bad(
                "poses.sneak_height",
                self.poses.sneak_height,
                "must be at least poses.crawl_height (crouching is not lower than crawling)",
            );
        }
        let walking = &self.walking;
        if walking.speed == 0.0 && (walking.sprint_speed > 0.0 || walking.sneak_speed > 0.0) {
            return bad(
                "walking.speed",
                walking.speed,
                "must not be 0 while sprinting or sneaking moves (they are shares of it)",
            );
        }
        Ok(())
    }

    /// Fastest fall: where gravity and the vertical drag balance
    /// (Minecraft: 3.92 blocks a tick, 78.4 blocks/s).
    #[must_use]
    pub fn terminal_speed(&self) -> f64 {
        self.air.gravity / minecraft::TICKS * self.air.vertical_drag
            / (1.0 - self.air.vertical_drag)
    }

    /// The vertical momentum of a body standing on a floor: the floor ended
    /// its velocity, then one tick of gravity and drag (Minecraft's
    /// −0.0784 a tick).
    #[must_use]
    pub fn resting_momentum(&self) -> f64 {
        -self.air.vertical_drag * self.air.gravity / minecraft::TICKS
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
