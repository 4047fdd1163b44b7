//! A scenario body sent to a goal rather than driven by keys: it plans its
//! way at the first tick and walks the plan with a follower, planning again
//! when the follower cannot go on, and gives up after three plans in a row
//! that made no step.

use glam::{DVec3, IVec3};

use crate::controller::{Body, Input, Settings};
use crate::navigate::{FollowEvent, Follower, Goal, Planner, StepMemory};
use crate::world::World;

/// The events a goal-walking body adds to its frame, beside the
/// controller's: checks name them as any other (`event_by = "arrived"`).
pub const NAVIGATION_EVENTS: [&str; 3] = ["arrived", "replanned", "stuck"];

/// Plans in a row that made no step before a body gives up.
const ATTEMPTS: u32 = 3;

/// One body's way to its goal.
#[derive(Debug)]
pub(super) struct GoalWalk {
    goal: IVec3,
    planner: Planner,
    follower: Option<Follower>,
    /// Whether the plan being walked reaches the goal.
    complete: bool,
    step_height: f64,
    fruitless: u32,
    finished: bool,
}

impl GoalWalk {
    /// A walk to the cell holding `goal`, in a run displaced by `-shift`.
    /// Its planner remembers checked steps in `memory`, shared by the run.
    pub(super) fn new(
        goal: DVec3,
        shift: DVec3,
        (settings, memory): (&Settings, &StepMemory),
        size: DVec3,
    ) -> Option<Self> {
        Some(GoalWalk {
            goal: (goal - shift).floor().as_ivec3(),
            planner: Planner::with_memory(settings.clone(), size, memory).ok()?,
            follower: None,
            complete: false,
            step_height: settings.walking.step_height,
            fruitless: 0,
            finished: false,
        })
    }

    /// The body's keys this tick (turning it to face its step), pushing the
    /// events of its walk onto `events`.
    pub(super) fn input(
        &mut self,
        (world, known): (&World, &dyn Fn(glam::IVec2) -> bool),
        body: &mut Body,
        events: &mut Vec<String>,
    ) -> Input {
        if self.finished {
            return Input::IDLE;
        }
        if self.follower.is_none() {
            if !body.grounded {
                // Plans start from where a body stands: land first.
                return Input::IDLE;
            }
            if self.fruitless >= ATTEMPTS {
                self.finished = true;
                events.push("stuck".into());
                return Input::IDLE;
            }
            // Over a streamed save, as far as the loaded columns go; the
            // end of such a plan plans again from there.
            let goal = Goal::Cell(self.goal);
            let Ok(plan) = self.planner.plan_within(world, body, goal, known) else {
                self.finished = true;
                events.push("stuck".into());
                return Input::IDLE;
            };
            self.complete = plan.complete;
            self.follower = Some(Follower::new(&plan, body.feet(), self.step_height));
        }
        let Some(follower) = self.follower.as_mut() else {
            return Input::IDLE;
        };
        let (input, event) = follower.input(body);
        // A plan with no steps left ends as one whose last step was made.
        let event = event.or_else(|| follower.done().then_some(FollowEvent::Arrived));
        let feet = body.feet();
        let at_goal = Goal::Cell(self.goal).reached(feet.floor().as_ivec3(), feet);
        match event {
            // Arrived only where the goal holds for the body itself, not
            // merely at the end of a plan that said it reached it.
            Some(FollowEvent::Arrived) if self.complete && at_goal => {
                self.finished = true;
                events.push("arrived".into());
            }
            Some(FollowEvent::Arrived) => {
                // The end of a plan short of the goal: plan again from there.
                self.follower = None;
                self.fruitless += 1;
            }
            Some(FollowEvent::Stuck(_)) => {
                self.follower = None;
                self.fruitless += 1;
                events.push("replanned".into());
            }
            Some(FollowEvent::StepMade(_)) => self.fruitless = 0,
            None => {}
        }
        input
    }
}
