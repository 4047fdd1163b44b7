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
    /// Whether the plan's end satisfies [`Goal::reached`]: the last step's
    /// end, or the body's own feet for a plan of no steps. Else the plan
    /// ends where the search came closest to the goal before its budget ran
    /// out, where the world it could see ended, or where the steps its
    /// checking walk could make from the body as it was ended.
    ///
    /// [`Goal::reached`]: super::Goal::reached
    pub complete: bool,
    /// The search met columns the world did not hold yet
    /// ([`Planner::plan_within`](super::Planner::plan_within)): planned
    /// again once they arrive, the plan may go further.
    pub frontier: bool,
    /// Ticks the walk took in the checking simulation.
    pub ticks: u32,
    /// Places the search expanded (every search of the plan).
    pub nodes: usize,
    /// The work the plan took, in simulated ticks
    /// ([`Planner::work_budget`](super::Planner::work_budget)): its step
    /// checks, remembered or not, a unit a place, and its checking walks.
    pub work: u64,
}

impl Plan {
    /// Where the plan ends.
    #[must_use]
    pub fn end(&self) -> Standing {
        self.steps.last().map_or(self.start, |s| s.to)
    }
}
