//! The characters' own clock, fed by the app's fixed steps: the
//! characters tick at the settings' rate whatever the app's step.

use std::time::Duration;

use bevy_ecs::resource::Resource;
use voxwalk::world::BlockSource;

use crate::resource::Voxwalk;

/// The time a fixed step may fall short of a whole tick and still run it:
/// bevy keeps its timestep in whole nanoseconds, so three steps of 1/30 s
/// (33,333,333 ns each) come to a nanosecond less than two ticks of 1/20 s,
/// and without this every other tick would wait a whole step more.
const CLOCK_SLACK: Duration = Duration::from_micros(1);

/// The time the app's fixed steps have added and no voxwalk tick has used
/// yet. The app's fixed timestep is the game's; the characters tick at
/// the settings' rate whatever it is.
#[derive(Resource, Default, Debug)]
pub(crate) struct VoxwalkClock {
    owed: Duration,
}

impl VoxwalkClock {
    /// The time the fixed steps have added that no tick has used yet.
    pub(crate) fn owed(&self) -> Duration {
        self.owed
    }

    /// A fixed step of `step` has run.
    pub(crate) fn add(&mut self, step: Duration) {
        self.owed += step;
    }

    /// Whether a tick of `length` is owed (within [`CLOCK_SLACK`]), taking
    /// it off the clock if so.
    pub(crate) fn take_tick(&mut self, length: Duration) -> bool {
        if self.owed + CLOCK_SLACK < length {
            return false;
        }
        self.owed = self.owed.saturating_sub(length);
        true
    }
}

/// The length of one voxwalk tick.
pub(crate) fn tick_length<W: BlockSource + Send + Sync + 'static>(
    voxwalk: &Voxwalk<W>,
) -> Duration {
    Duration::from_secs_f64(voxwalk.simulation.settings().dt())
}
