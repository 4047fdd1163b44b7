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

/// The characters' clock: the time the app's fixed steps have added and no
/// voxwalk tick has used yet, and the ticks the last fixed step ran. The
/// app's fixed timestep is the game's; the characters tick at the
/// settings' rate whatever it is. A game's systems that act on ticks run
/// with [`voxwalk_ticked`].
#[derive(Resource, Default, Debug)]
pub struct VoxwalkClock {
    owed: Duration,
    ticked: u32,
    /// Fed once a frame ([`VoxwalkPlugin::ticking_in`] a frame's
    /// schedule), not by fixed steps: no tick waits for a step.
    ///
    /// [`VoxwalkPlugin::ticking_in`]: crate::VoxwalkPlugin::ticking_in
    by_frames: bool,
}

/// A run condition: whether the last fixed step ran a voxwalk tick, for
/// systems in `FixedUpdate` after [`VoxwalkSystems::Tick`] that act once a
/// tick (a game's AI, reading each tick's `CharacterState`).
///
/// [`VoxwalkSystems::Tick`]: crate::VoxwalkSystems::Tick
#[must_use]
pub fn voxwalk_ticked(clock: bevy_ecs::system::Res<VoxwalkClock>) -> bool {
    clock.ticked > 0
}

impl VoxwalkClock {
    /// The time the fixed steps have added that no tick has used yet.
    #[must_use]
    pub fn owed(&self) -> Duration {
        self.owed
    }

    /// How many voxwalk ticks the last fixed step ran (0 in most steps
    /// where the app's step is shorter than a tick).
    #[must_use]
    pub fn ticks_in_last_step(&self) -> u32 {
        self.ticked
    }

    /// A clock fed by fixed steps, or by frames.
    pub(crate) fn fed_by_frames(by_frames: bool) -> VoxwalkClock {
        VoxwalkClock {
            by_frames,
            ..VoxwalkClock::default()
        }
    }

    /// Whether frames feed it (ticks are decided where frames are), not
    /// fixed steps.
    #[must_use]
    pub fn is_fed_by_frames(&self) -> bool {
        self.by_frames
    }

    /// A fixed step (or a frame) of `step` has run.
    pub(crate) fn add(&mut self, step: Duration) {
        self.owed += step;
        self.ticked = 0;
    }

    /// Whether a tick of `length` is owed (within [`CLOCK_SLACK`]), taking
    /// it off the clock if so.
    pub(crate) fn take_tick(&mut self, length: Duration) -> bool {
        if self.owed + CLOCK_SLACK < length {
            return false;
        }
        self.owed = self.owed.saturating_sub(length);
        self.ticked += 1;
        true
    }
}

/// The length of one voxwalk tick.
pub(crate) fn tick_length<W: BlockSource + Send + Sync + 'static>(
    voxwalk: &Voxwalk<W>,
) -> Duration {
    Duration::from_secs_f64(voxwalk.simulation.settings().dt())
}
