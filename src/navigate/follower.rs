//! Walking a plan tick by tick, and noticing when the walk has left it.

use glam::{DVec3, IVec3};

use super::plan::Plan;
use super::standing::Standing;
use super::steering::{arrived, steer};
use super::step::{Step, StepKind};
use super::step_cache::checked_box;
use crate::controller::{Body, Input};

/// Ticks a body may go without coming closer to the end of its step before
/// it counts as stuck (two seconds at 20 ticks a second).
const PATIENCE: u32 = 40;
/// How far below both ends of its step a body may be before it has fallen
/// off the plan.
const FALL_MARGIN: f64 = 1.0;
/// How near the middle of its place, across, a body braking before a step
/// made from rest comes before it lets go of the keys: the step was
/// checked from the middle.
const CENTRED: f64 = 0.002;
/// How near the middle of a place afloat, across, a body treading water
/// before a step made from rest comes: a swimmer drifts, and bobs, so
/// never as near as one on the ground.
const AFLOAT_CENTRED: f64 = 0.1;
/// How slow across (blocks a second) a body treading water is still
/// enough to start a step from there.
const AFLOAT_STILL: f64 = 0.1;

/// What a follower noticed this tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FollowEvent {
    /// The body made step `n` of the plan.
    StepMade(usize),
    /// The body made the plan's last step: it is where the plan ends,
    /// which is the goal only if the plan was [`complete`](super::Plan::complete)
    /// and the body stands where the goal holds ([`Goal::reached`]); a
    /// [`Crowd`](super::Crowd) asks the goal before it says a body arrived.
    /// Given once; a plan of no steps gives it on the first tick.
    ///
    /// [`Goal::reached`]: super::Goal::reached
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
    /// The place its step ends in is no longer one it stands in the same
    /// way: a block placed or dug there ([`Crowd`](super::Crowd) looks).
    Blocked,
}

impl StuckReason {
    /// The reason in words.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            StuckReason::NoProgress => "no closer to the next step for two seconds",
            StuckReason::Fell => "fell below the step it was making",
            StuckReason::Blocked => "the place its step ends in has changed",
        }
    }
}

/// Gives a body the keys that walk it along a [`Plan`], one tick at a time,
/// with the same steering the planner checked each step with.
#[derive(Clone, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(from = "FollowerSave", into = "FollowerSave")
)]
pub struct Follower {
    steps: Vec<Step>,
    /// Where the plan starts: where a body brakes before its first step.
    start: Standing,
    /// For each step, the distance across from its end to the plan's end,
    /// step by step: what [`Follower::distance_left`] adds to the way to
    /// the step being made, asked of every body of a crowd every tick.
    beyond: Vec<f64>,
    next: usize,
    /// Where the step being made began.
    step_start: DVec3,
    closest: f64,
    waited: u32,
    step_height: f64,
    /// Whether [`FollowEvent::Arrived`] has been given: a plan of no steps
    /// (the body was already there) gives it on the first tick.
    arrival_told: bool,
    /// Ticks the body has waited to come to rest before a step marked
    /// [`Step::brake`]; `None` once it stands still (or the step has no
    /// brake).
    resting: Option<u32>,
}

impl Follower {
    /// A follower of `plan` for a body that starts at `feet`, climbing
    /// steps up to `step_height` without a jump.
    #[must_use]
    pub fn new(plan: &Plan, feet: DVec3, step_height: f64) -> Follower {
        Follower {
            steps: plan.steps.clone(),
            start: plan.start,
            beyond: beyond_each(&plan.steps),
            next: 0,
            step_start: feet,
            closest: f64::INFINITY,
            waited: 0,
            step_height,
            arrival_told: false,
            resting: settles_first(plan.start, &plan.steps, feet).then_some(0),
        }
    }

    /// Takes the walk up again at the start of step `next`, which began at
    /// `start`: the state the follower was in when it first came to it, for
    /// a checking walk that marked a later step [`Step::brake`] and walks
    /// again from there.
    pub(super) fn restart_at(&mut self, next: usize, start: DVec3) {
        self.next = next;
        self.step_start = start;
        self.closest = f64::INFINITY;
        self.waited = 0;
        self.arrival_told = false;
        self.resting = if next == 0 {
            settles_first(self.start, &self.steps, start).then_some(0)
        } else {
            self.steps[next].brake.then_some(0)
        };
    }

    /// Marks step `n` to be made from rest ([`Step::brake`]).
    pub(super) fn brake_before(&mut self, n: usize) {
        self.steps[n].brake = true;
    }

    /// Marks every step `marks` marks [`Step::brake`] (`marks` being this
    /// follower's steps as another walk of them left them).
    pub(super) fn take_brakes(&mut self, marks: &[Step]) {
        for (step, mark) in self.steps.iter_mut().zip(marks) {
            step.brake |= mark.brake;
        }
    }

    /// Where the step being made began: the end of the step before, or
    /// the plan's start.
    pub(super) fn start_of_step(&self) -> Standing {
        self.made()
            .checked_sub(1)
            .map_or(self.start, |before| self.steps[before].to)
    }

    /// Every step of its plan, those made too.
    pub(super) fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Keeps the step being made and `keep` - 1 after it, and follows
    /// `tail` after them: a plan whose goal moved, patched under a body
    /// walking it ([`Planner::retarget`](super::Planner::retarget)).
    pub(super) fn patch(&mut self, keep: usize, tail: &[Step]) {
        self.steps.truncate(self.next + keep);
        self.steps.extend_from_slice(tail);
        self.beyond = beyond_each(&self.steps);
        self.arrival_told = false;
    }

    /// Whether a block changed at `cell` may change one of the steps left,
    /// the one being made too, for a body `height` blocks tall (rounded
    /// up): whether the cell is in the box of blocks one of them was
    /// checked by. A plan no edit touches this way walks as it was planned.
    #[must_use]
    pub fn touched_by(&self, cell: IVec3, height: i32) -> bool {
        let first = self.made();
        (first..self.steps.len()).any(|n| {
            let from = n.checked_sub(1).map_or(self.start, |p| self.steps[p].to);
            let step = &self.steps[n];
            let (lo, hi) = checked_box(from.cell, step.to.cell, step.kind, height);
            cell.cmpge(lo).all() && cell.cmple(hi).all()
        })
    }

    /// Whether the body is being brought to rest before the next step.
    pub(super) fn settling(&self) -> bool {
        self.resting.is_some()
    }

    /// How many steps have been made.
    pub(super) fn made(&self) -> usize {
        self.next.min(self.steps.len())
    }

    /// Whether the body stops at the end of step `n`: the plan's last, or
    /// one before a step made from rest.
    fn stops_after(&self, n: usize) -> bool {
        self.steps.get(n + 1).is_none_or(|s| s.brake)
    }

    /// Whether the body has made every step.
    #[must_use]
    pub fn done(&self) -> bool {
        self.next >= self.steps.len() && self.resting.is_none()
    }

    /// The steps left, the one being made first.
    #[must_use]
    pub fn remaining(&self) -> &[Step] {
        &self.steps[self.next.min(self.steps.len())..]
    }

    /// How far `body`, at `feet`, has left to go along the plan, blocks
    /// across: to the end of its step, then from step to step. What decides
    /// who gives way in a crowd ([`Crowd`](super::Crowd)): the body further
    /// along goes first.
    #[must_use]
    pub fn distance_left(&self, feet: DVec3) -> f64 {
        let Some(step) = self.steps.get(self.next) else {
            return 0.0;
        };
        across(feet, step.to.feet) + self.beyond[self.next]
    }

    /// Ticks in a row the body has come no closer to the end of its step,
    /// not counting ticks it gave way.
    pub(crate) fn ticks_without_progress(&self) -> u32 {
        self.waited
    }

    /// The keys for `body` this tick (turning it to face its step), and
    /// what the follower noticed: a step made, the end reached, or a body
    /// that cannot go on. Idle once done or stuck.
    pub fn input(&mut self, body: &mut Body) -> (Input, Option<FollowEvent>) {
        self.keys(body, true)
    }

    /// [`Follower::input`] for a body that gives way this tick: it faces its
    /// step and stands still, and the tick does not count against its
    /// patience (a body waiting its turn at a door is not stuck). Steps it
    /// is pushed through still count as made.
    pub fn give_way(&mut self, body: &mut Body) -> (Input, Option<FollowEvent>) {
        self.keys(body, false)
    }

    fn keys(&mut self, body: &mut Body, walking: bool) -> (Input, Option<FollowEvent>) {
        let mut event = None;
        while let Some(step) = self.steps.get(self.next) {
            let last = self.next + 1 == self.steps.len();
            if !arrived(step, self.stops_after(self.next), body) {
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
            self.resting = self.steps.get(self.next).filter(|s| s.brake).map(|_| 0);
        }
        if let Some(keys) = self.settle(body, walking) {
            return (keys, event);
        }
        let Some(&step) = self.steps.get(self.next) else {
            if !self.arrival_told {
                self.arrival_told = true;
                event = Some(FollowEvent::Arrived);
            }
            return (Input::IDLE, event);
        };
        if let Some(reason) = self.stuck(&step, body, walking) {
            return (Input::IDLE, Some(FollowEvent::Stuck(reason)));
        }
        let keys = steer(&step, self.stops_after(self.next), body, self.step_height);
        (if walking { keys } else { Input::IDLE }, event)
    }

    /// The keys that bring `body` to rest in the middle of the place the
    /// next step starts from, while it is to be (before a step marked
    /// [`Step::brake`], or before the first where the body is not yet at
    /// the plan's start): swum there, jump held, while afloat; none while
    /// it falls; then walked to
    /// within [`CENTRED`] of the middle and let stand still. `None` once it
    /// has, or after a follower's patience on the ground; the wait is not
    /// a failure to come closer.
    fn settle(&mut self, body: &mut Body, walking: bool) -> Option<Input> {
        let waited = self.resting?;
        let place = self
            .next
            .checked_sub(1)
            .map_or(self.start, |n| self.steps[n].to);
        if place.afloat {
            return self.tread_water(body, place, walking, waited);
        }
        if body.in_liquid && walking {
            // Afloat: swims to the place, jump held, as a swim step does.
            let toward = Step {
                to: place,
                kind: StepKind::Swim,
                ticks: 0,
                brake: false,
            };
            return Some(steer(&toward, true, body, self.step_height));
        }
        if !body.grounded {
            return Some(Input::IDLE);
        }
        let off = across(body.feet(), place.feet);
        if (at_rest(body) && off < CENTRED) || waited >= PATIENCE {
            self.resting = None;
            return None;
        }
        self.resting = Some(waited + 1);
        if off < CENTRED || !walking {
            return Some(Input::IDLE);
        }
        let toward = Step {
            to: place,
            kind: StepKind::Walk,
            ticks: 0,
            brake: false,
        };
        Some(steer(&toward, true, body, self.step_height))
    }

    /// [`Follower::settle`] at a place afloat, where a body never stands
    /// still: swum to its middle, jump held, until it is within
    /// [`AFLOAT_CENTRED`] of it and slower across than [`AFLOAT_STILL`],
    /// or for a follower's patience. A body giving way treads water where
    /// it is.
    fn tread_water(
        &mut self,
        body: &mut Body,
        place: Standing,
        walking: bool,
        waited: u32,
    ) -> Option<Input> {
        let off = across(body.feet(), place.feet);
        let speed = body.momentum.x.hypot(body.momentum.z);
        let still = body.in_liquid && off < AFLOAT_CENTRED && speed < AFLOAT_STILL;
        if still || waited >= PATIENCE {
            self.resting = None;
            return None;
        }
        self.resting = Some(waited + 1);
        let toward = Step {
            to: place,
            kind: StepKind::Swim,
            ticks: 0,
            brake: false,
        };
        let mut keys = steer(&toward, true, body, self.step_height);
        if !walking {
            keys.analog = glam::DVec2::ZERO;
        }
        Some(keys)
    }

    /// Why `body` cannot go on with `step`, if it cannot; a tick it does
    /// not try (`walking` false) is not one it failed in.
    fn stuck(&mut self, step: &Step, body: &Body, walking: bool) -> Option<StuckReason> {
        let feet = body.feet();
        let lowest = self.step_start.y.min(step.to.feet.y);
        // A swimmer may touch the bottom well below both banks.
        let swimming = step.kind == StepKind::Swim;
        if body.grounded && !swimming && feet.y < lowest - FALL_MARGIN {
            return Some(StuckReason::Fell);
        }
        let distance = feet.distance(step.to.feet);
        if distance < self.closest - 0.01 {
            self.closest = distance;
            self.waited = 0;
        } else if walking {
            self.waited += 1;
        }
        (self.waited > PATIENCE).then_some(StuckReason::NoProgress)
    }
}

/// For each of `steps`, the distance across from its end to the last's,
/// step by step.
fn beyond_each(steps: &[Step]) -> Vec<f64> {
    let mut beyond = vec![0.0; steps.len()];
    for i in (0..steps.len().saturating_sub(1)).rev() {
        beyond[i] = beyond[i + 1] + across(steps[i].to.feet, steps[i + 1].to.feet);
    }
    beyond
}

/// Whether a body whose feet are at `feet` is first brought to rest at a
/// plan's `start`: it is not there yet (falling, sinking, beside it), or
/// the first step is made from rest.
fn settles_first(start: Standing, steps: &[Step], feet: DVec3) -> bool {
    let cell = feet.floor().as_ivec3();
    let there = if start.afloat {
        cell.x == start.cell.x && cell.z == start.cell.z
    } else {
        cell == start.cell
    };
    !there || steps.first().is_some_and(|s| s.brake)
}

/// Whether `body` stands still: on the ground, its momentum across cut to
/// nothing (the controller cuts it below a small speed).
fn at_rest(body: &Body) -> bool {
    body.grounded && body.momentum.x == 0.0 && body.momentum.z == 0.0
}

/// The distance between `a` and `b` across (x and z).
fn across(a: DVec3, b: DVec3) -> f64 {
    (a.x - b.x).hypot(a.z - b.z)
}

/// A [`Follower`] as a save holds it: the distances it keeps for each step
/// are not written, but worked out again from the steps.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct FollowerSave {
    steps: Vec<Step>,
    start: Standing,
    next: usize,
    #[serde(with = "crate::serde_exact::vec3")]
    step_start: DVec3,
    /// Infinite before the body first comes closer to its step's end.
    #[serde(with = "crate::serde_exact::float")]
    closest: f64,
    waited: u32,
    #[serde(with = "crate::serde_exact::float")]
    step_height: f64,
    arrival_told: bool,
    resting: Option<u32>,
}

#[cfg(feature = "serde")]
impl From<Follower> for FollowerSave {
    fn from(f: Follower) -> FollowerSave {
        FollowerSave {
            steps: f.steps,
            start: f.start,
            next: f.next,
            step_start: f.step_start,
            closest: f.closest,
            waited: f.waited,
            step_height: f.step_height,
            arrival_told: f.arrival_told,
            resting: f.resting,
        }
    }
}

#[cfg(feature = "serde")]
impl From<FollowerSave> for Follower {
    fn from(save: FollowerSave) -> Follower {
        Follower {
            beyond: beyond_each(&save.steps),
            steps: save.steps,
            start: save.start,
            next: save.next,
            step_start: save.step_start,
            closest: save.closest,
            waited: save.waited,
            step_height: save.step_height,
            arrival_told: save.arrival_told,
            resting: save.resting,
        }
    }
}

impl Follower {
    /// What of a follower read back is out of range, if something is: a
    /// next step past the plan's end, a float not finite, a place off its
    /// cell's column ([`Crowd::restore`](super::Crowd::restore) asks).
    #[cfg(feature = "serde")]
    pub(super) fn out_of_range(&self) -> Option<&'static str> {
        if self.next > self.steps.len() {
            return Some("its plan's next step is past its end");
        }
        if !self.step_start.is_finite() || !self.step_height.is_finite() || self.step_height < 0.0 {
            return Some("its follower's start or step height is not finite");
        }
        if self.closest.is_nan() || self.closest < 0.0 {
            return Some("its follower's closest distance is not a distance");
        }
        let places = std::iter::once(&self.start).chain(self.steps.iter().map(|s| &s.to));
        if !places.into_iter().all(Standing::in_range) {
            return Some("a place of its plan is not finite, or not in its cell's column");
        }
        None
    }
}
