//! Which controls are held, on terminals that report key releases and on
//! those that do not.

use std::collections::HashMap;
use std::time::Duration;

use super::action::Hold;

/// How long a key counts as held after its last press or repeat when the
/// terminal reports no releases. Terminals wait about half a second before
/// the first repeat, then repeat every 30–50 ms; the first wait is longer so
/// walking does not stutter between the press and the first repeat.
pub const FIRST_HOLD: Duration = Duration::from_millis(600);
/// After repeats have started.
pub const REPEAT_HOLD: Duration = Duration::from_millis(150);

/// Held controls. Times are whatever clock the caller keeps (time since start).
#[derive(Clone, Debug, Default)]
pub struct HeldKeys {
    /// Whether the terminal reports releases (keyboard enhancement active).
    pub releases_reported: bool,
    /// Per control: when it was last pressed or repeated, and how many times.
    held: HashMap<Hold, (Duration, u32)>,
}

impl HeldKeys {
    /// A control went down (or repeated) or up at `now`.
    pub fn set(&mut self, hold: Hold, down: bool, now: Duration) {
        if down {
            let entry = self.held.entry(hold).or_insert((now, 0));
            *entry = (now, entry.1 + 1);
        } else {
            self.held.remove(&hold);
        }
    }

    /// Whether `hold` is held at `now`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use voxwalk_cli::viewer::{HeldKeys, Hold};
    /// let mut keys = HeldKeys::default();
    /// let ms = Duration::from_millis;
    /// keys.set(Hold::Jump, true, ms(0));
    /// assert!(keys.is_held(Hold::Jump, ms(500))); // waiting for the first repeat
    /// assert!(!keys.is_held(Hold::Jump, ms(700))); // no repeat came: let go
    /// ```
    #[must_use]
    pub fn is_held(&self, hold: Hold, now: Duration) -> bool {
        let Some(&(last, presses)) = self.held.get(&hold) else {
            return false;
        };
        if self.releases_reported {
            return true;
        }
        let window = if presses > 1 { REPEAT_HOLD } else { FIRST_HOLD };
        now.saturating_sub(last) <= window
    }

    /// Lets go of everything (focus lost, pause).
    pub fn clear(&mut self) {
        self.held.clear();
    }
}
