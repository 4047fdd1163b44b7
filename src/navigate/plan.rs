//! A plan: the steps a planner found, walked once in simulation.

use super::standing::Standing;
use super::step::Step;

/// The steps from where a body stands towards its goal. Every plan a
/// [`Planner`](super::Planner) returns has been walked: a [`Follower`]
/// drove a copy of the body through the world along it, tick by tick, and
/// `ticks` is how long that took, so the same body in the same world walks
/// it the same way.
///
/// [`Follower`]: super::Follower
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Where the body stood when the plan was made.
    pub start: Standing,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Whether the last step reaches the goal; else the plan ends where the
    /// search came closest to it before its budget ran out, or where the
    /// world it could see ended.
    pub complete: bool,
    /// The search met columns the world did not hold yet
    /// ([`Planner::plan_within`](super::Planner::plan_within)): planned
    /// again once they arrive, the plan may go further.
    pub frontier: bool,
    /// Ticks the walk took in the checking simulation.
    pub ticks: u32,
    /// Places the search expanded.
    pub nodes: usize,
}

impl Plan {
    /// Where the plan ends.
    #[must_use]
    pub fn end(&self) -> Standing {
        self.steps.last().map_or(self.start, |s| s.to)
    }
}
