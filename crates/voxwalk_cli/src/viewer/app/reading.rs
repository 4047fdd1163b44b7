//! What drawing, the loops and a game's own code read of the viewer's state.
//! Reading only: what changes it is in `mod.rs` (actions, ticks, the frame
//! clock) and `toys.rs`.

use std::time::Duration;

use super::{App, Stats};
use crate::viewer::action::Hold;
use crate::viewer::camera::Camera;
use crate::viewer::playback::Playback;
use crate::viewer::theme::Palette;
use voxwalk::controller::{Simulation, TickReport};

impl App {
    /// The simulation: the world, its bodies and balls.
    #[must_use]
    pub fn sim(&self) -> &Simulation {
        &self.sim
    }

    /// Which view, which slice, which zoom, which body.
    #[must_use]
    pub fn camera(&self) -> &Camera {
        &self.camera
    }

    /// Whether physics is stopped.
    #[must_use]
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// Whether the key list is shown.
    #[must_use]
    pub fn help_shown(&self) -> bool {
        self.help
    }

    /// Whether sprint is toggled on.
    #[must_use]
    pub fn sprinting(&self) -> bool {
        self.sprint
    }

    /// Whether flight is toggled on.
    #[must_use]
    pub fn flying(&self) -> bool {
        self.flying
    }

    /// Whether the player walks by itself.
    #[must_use]
    pub fn demo(&self) -> bool {
        self.demo
    }

    /// Whether `hold` is held at the frame's time.
    #[must_use]
    pub fn is_held(&self, hold: Hold) -> bool {
        self.keys.is_held(hold, self.now)
    }

    /// How many bodies walk by themselves.
    #[must_use]
    pub fn wanderer_count(&self) -> usize {
        self.wanderers.len()
    }

    /// What the last tick did.
    #[must_use]
    pub fn last_report(&self) -> &TickReport {
        &self.last_report
    }

    /// The status figures the loop recorded.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Whether the top-down view draws the surface as a map.
    #[must_use]
    pub fn map(&self) -> bool {
        self.map
    }

    /// Streaming figures for the status bar (columns held, memory, loading),
    /// when the world streams.
    #[must_use]
    pub fn stream_status(&self) -> Option<String> {
        self.feed.status()
    }

    /// What the last action did, for the status bar.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The world's or scenario's name, safe to print.
    #[must_use]
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The colours to draw with.
    #[must_use]
    pub fn palette(&self) -> Palette {
        self.palette
    }

    /// The loop's clock at this frame.
    #[must_use]
    pub fn now(&self) -> Duration {
        self.now
    }

    /// The scenario being played, if any.
    #[must_use]
    pub fn playback(&self) -> Option<&Playback> {
        self.playback.as_ref()
    }

    /// The digits typed so far of a tick to go to.
    #[must_use]
    pub fn goto_digits(&self) -> &str {
        &self.goto
    }
}
