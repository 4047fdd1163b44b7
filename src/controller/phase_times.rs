//! How long each phase of a [`Simulation`](super::Simulation) tick took, for
//! finding where a crowd's tick goes and how much of it runs on one thread.
//!
//! Measured only in builds with the `phase-times` feature (a clock read a
//! few times a tick; `std::time`, so not on `wasm32-unknown-unknown`), where
//! [`TickReport::phases`](super::TickReport) holds them; otherwise the clock
//! is nothing and costs nothing.

use std::time::Duration;

/// The time of each phase of one tick (`TickReport::phases`, with the
/// `phase-times` feature).
/// The phases marked serial run on one thread whatever the thread count.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PhaseTimes {
    /// Serial: sorting the bodies by place (every few ticks).
    pub order: Duration,
    /// Serial: placing the inputs by handle slot (the bodies' order is
    /// gathered from them in `bodies`).
    pub inputs: Duration,
    /// Emptying the report's event lists (on all cores with `parallel`).
    pub report: Duration,
    /// Serial: noting each body's box before the tick, and the movers.
    pub movers: Duration,
    /// Every body's own tick, and gathering its input first (on all
    /// cores with `parallel`).
    pub bodies: Duration,
    /// Each body's grid cell for the pushes (on all cores).
    pub push_cells: Duration,
    /// Sorting the grid cells (on all cores).
    pub push_sort: Duration,
    /// Finding the pairs close enough to touch (on all cores).
    pub push_pairs: Duration,
    /// Pushing the pairs apart, row by row.
    pub push_apply: Duration,
    /// Serial: the balls.
    pub balls: Duration,
}

impl PhaseTimes {
    /// The whole tick.
    #[must_use]
    pub fn total(&self) -> Duration {
        self.serial()
            + self.report
            + self.bodies
            + self.push_cells
            + self.push_sort
            + self.push_pairs
            + self.push_apply
    }

    /// The phases that run on one thread whatever the thread count.
    #[must_use]
    pub fn serial(&self) -> Duration {
        self.order + self.inputs + self.movers + self.balls
    }
}

/// A stopwatch over a tick that adds the time since its last lap to a
/// phase of the times it keeps.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Timing {
    /// What the tick's phases took so far.
    #[cfg(feature = "phase-times")]
    pub(crate) times: PhaseTimes,
    #[cfg(feature = "phase-times")]
    last: std::time::Instant,
}

impl Timing {
    /// Started now, every phase at zero.
    #[inline]
    pub(crate) fn start() -> Self {
        Self {
            #[cfg(feature = "phase-times")]
            times: PhaseTimes::default(),
            #[cfg(feature = "phase-times")]
            last: std::time::Instant::now(),
        }
    }

    /// Adds the time since the last lap (or the start) to the phase `of`
    /// picks.
    #[inline]
    #[cfg_attr(
        not(feature = "phase-times"),
        allow(
            clippy::unused_self,
            unused_variables,
            clippy::needless_pass_by_ref_mut
        )
    )]
    pub(crate) fn lap(&mut self, of: impl FnOnce(&mut PhaseTimes) -> &mut Duration) {
        #[cfg(not(feature = "phase-times"))]
        let _ = of;
        #[cfg(feature = "phase-times")]
        {
            let now = std::time::Instant::now();
            *of(&mut self.times) += now - self.last;
            self.last = now;
        }
    }
}

impl Timing {
    /// Hands the tick's times to its report.
    #[inline]
    #[cfg_attr(
        not(feature = "phase-times"),
        allow(clippy::unused_self, unused_variables)
    )]
    pub(crate) fn finish(self, report: &mut super::TickReport) {
        #[cfg(feature = "phase-times")]
        {
            report.phases = self.times;
        }
    }
}
