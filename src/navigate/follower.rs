//! Walking a plan tick by tick, and noticing when the walk has left it.

use glam::DVec3;

use super::plan::Plan;
use super::steering::{arrived, steer};
use super::step::Step;
use crate::controller::{Body, Input};

/// Ticks a body may go without coming closer to the end of its step before
/// it counts as stuck (two seconds at 20 ticks a second).
const PATIENCE: u32 = 40;
/// How far below both ends of its step a body may be before it has fallen
/// off the plan.
const FALL_MARGIN: f64 = 1.0;

/// What a follower noticed this tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FollowEvent {
    /// The body made step `n` of the plan.
    StepMade(usize),
    /// The body made the plan's last step: it is where the plan ends.
    Arrived,
    /// The body cannot go on with the plan, and why.
    Stuck(StuckReason),
}

/// Why a body could not go on with its plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StuckReason {
    /// It came no closer to the end of its step for two seconds (a block in
    /// the way, a crowd).
    NoProgress,
    /// It stands lower than both ends of its step: pushed or dropped off.
    Fell,
}

impl StuckReason {
    /// The reason in words.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            StuckReason::NoProgress => "no closer to the next step for two seconds",
            StuckReason::Fell => "fell below the step it was making",
        }
    }
}

/// Gives a body the keys that walk it along a [`Plan`], one tick at a time,
/// with the same steering the planner checked each step with.
#[derive(Clone, Debug)]
pub struct Follower {
    steps: Vec<Step>,
    next: usize,
    /// Where the step being made began.
    step_start: DVec3,
    closest: f64,
    waited: u32,
    step_height: f64,
}

impl Follower {
    /// A follower of `plan` for a body that starts at `feet`, climbing
    /// steps up to `step_height` without a jump.
    #[must_use]
    pub fn new(plan: &Plan, feet: DVec3, step_height: f64) -> Follower {
        Follower {
            steps: plan.steps.clone(),
            next: 0,
            step_start: feet,
            closest: f64::INFINITY,
            waited: 0,
            step_height,
        }
    }

    /// Whether the body has made every step.
    #[must_use]
    pub fn done(&self) -> bool {
        self.next >= self.steps.len()
    }

    /// The steps left, the one being made first.
    #[must_use]
    pub fn remaining(&self) -> &[Step] {
        &self.steps[self.next.min(self.steps.len())..]
    }

    /// The keys for `body` this tick (turning it to face its step), and
    /// what the follower noticed: a step made, the end reached, or a body
    /// that cannot go on. Idle once done or stuck.
    pub fn input(&mut self, body: &mut Body) -> (Input, Option<FollowEvent>) {
        let mut event = None;
        while let Some(step) = self.steps.get(self.next) {
            let last = self.next + 1 == self.steps.len();
            if !arrived(step, last, body) {
                break;
            }
            event = Some(if last {
                FollowEvent::Arrived
            } else {
                FollowEvent::StepMade(self.next)
            });
            self.step_start = step.to.feet;
            self.next += 1;
            self.closest = f64::INFINITY;
            self.waited = 0;
        }
        let Some(&step) = self.steps.get(self.next) else {
            return (Input::IDLE, event);
        };
        if let Some(reason) = self.stuck(&step, body) {
            return (Input::IDLE, Some(FollowEvent::Stuck(reason)));
        }
        let last = self.next + 1 == self.steps.len();
        (steer(&step, last, body, self.step_height), event)
    }

    /// Why `body` cannot go on with `step`, if it cannot.
    fn stuck(&mut self, step: &Step, body: &Body) -> Option<StuckReason> {
        let feet = body.feet();
        let lowest = self.step_start.y.min(step.to.feet.y);
        if body.grounded && feet.y < lowest - FALL_MARGIN {
            return Some(StuckReason::Fell);
        }
        let distance = feet.distance(step.to.feet);
        if distance < self.closest - 0.01 {
            self.closest = distance;
            self.waited = 0;
        } else {
            self.waited += 1;
        }
        (self.waited > PATIENCE).then_some(StuckReason::NoProgress)
    }
}
