//! Simulations a planner runs: a step checked from rest, and a plan's
//! checking walk from the body as it is.

use super::follower::{FollowEvent, Follower};
use super::plan::Plan;
use super::planner::{MAX_CHECK_WORK, Planner};
use super::standing::Standing;
use super::start::SETTLE_TICKS;
use super::steering::{arrived, steer};
use super::step::{Step, StepKind};
use super::step_cache::Checked;
use crate::controller::Body;
use crate::world::BlockSource;

impl Planner {
    /// [`Planner::check`] by ticking the controller.
    pub(super) fn simulate<W: BlockSource>(
        &mut self,
        world: &W,
        from: &Standing,
        to: Standing,
        kind: StepKind,
    ) -> Checked {
        let step = Step {
            to,
            kind,
            ticks: 0,
            brake: false,
        };
        let Ok(body) = Body::new(from.feet, self.reach.size) else {
            return Checked::Failed(0);
        };
        let mut body = body.with_layers(crate::block::DEFAULT_LAYERS, self.mask);
        // As a body that has stood there: one tick of gravity after its
        // drag, pressing it onto the floor (a body just made has none, and
        // its first tick would run as one in the air). Afloat, as one
        // still across at the surface: its first tick finds the water.
        if !from.afloat {
            body.grounded = true;
            body.momentum.y = self.controller.settings().resting_momentum();
        }
        let across = (to.feet - from.feet).length();
        // A swimmer is slower than a walker, and hangs lower than the banks.
        let (per_block, below) = match kind {
            StepKind::Swim => (24.0, 3.0),
            // Crouched, a body walks at under a third of its pace.
            StepKind::Crouch => (40.0, 0.5),
            _ => (12.0, 0.5),
        };
        // No check runs past the bound a plan's work is documented with.
        #[allow(clippy::cast_possible_truncation)] // at most MAX_CHECK_WORK
        let limit = (30 + (across * per_block) as u32).min(MAX_CHECK_WORK as u32);
        let lowest = from.feet.y.min(to.feet.y) - below;
        let mut events = Vec::new();
        for tick in 1..=limit {
            let input = steer(&step, false, &mut body, self.reach.step_height);
            events.clear();
            if self
                .controller
                .tick(world, &mut body, input, &mut events)
                .is_err()
                || body.feet().y < lowest
            {
                return Checked::Failed(tick);
            }
            if arrived(&step, false, &body) {
                return Checked::Made(tick);
            }
        }
        Checked::Failed(limit)
    }

    /// Walks `plan` with a follower from `body` as it is: the ticks it took,
    /// or the index of the step it could not make; with the ticks it ran,
    /// the work it is charged. A step it cannot make with the way the body
    /// comes to it is marked [`Step::brake`] and walked again from the
    /// start of the step before (the walk up to there is the same with the
    /// mark): only a step it cannot make from rest either is a failure.
    pub(super) fn walk<W: BlockSource>(
        &mut self,
        world: &W,
        body: &Body,
        plan: &mut Plan,
    ) -> (Result<u32, usize>, u32) {
        let mut follower = Follower::new(plan, body.feet(), self.reach.step_height);
        let walked = self.walk_following(world, body, &mut follower);
        plan.steps = follower.steps().to_vec();
        walked
    }

    /// [`Planner::walk`] by `follower` as it is, part way along its plan
    /// (a plan patched under a body making one of its steps): the steps
    /// it marks [`Step::brake`] are marked in it. A step it cannot make,
    /// nor from rest once the step before is walked again, fails it; so
    /// does one it would have to brake before where it is already making
    /// the step before.
    pub(super) fn walk_following<W: BlockSource>(
        &mut self,
        world: &W,
        body: &Body,
        follower: &mut Follower,
    ) -> (Result<u32, usize>, u32) {
        // A step made from rest waits at most a follower's patience more.
        const BRAKE_TICKS: u32 = 60;
        let first = follower.made();
        let mut limit = follower
            .remaining()
            .iter()
            .map(|s| s.ticks * 2 + 20)
            .sum::<u32>()
            + 40;
        if follower.settling() {
            limit += SETTLE_TICKS + BRAKE_TICKS;
        }
        let initial = follower.clone();
        let start_feet = body.feet();
        let mut body = *body;
        // The body and the walk's tick where each step from `first` on
        // began.
        let mut began: Vec<(Body, u32)> = vec![(body, 0)];
        let (mut tick, mut work) = (0, 0);
        let mut events = Vec::new();
        loop {
            let (input, event) = follower.input(&mut body);
            let made = follower.made();
            if began.len() <= made - first {
                began.resize(made - first + 1, (body, tick));
            }
            let stuck = match event {
                Some(FollowEvent::Arrived) => return (Ok(tick), work),
                Some(FollowEvent::Stuck(_)) => true,
                _ if follower.done() => return (Ok(tick), work),
                _ => {
                    events.clear();
                    tick += 1;
                    work += 1;
                    let ticked = self.controller.tick(world, &mut body, input, &mut events);
                    ticked.is_err() || tick > limit
                }
            };
            if !stuck {
                continue;
            }
            // Past the last step, it is the settling at the start that
            // failed: nothing to brake for. Before the step being made when
            // the walk began, there is no going back to.
            let again = made.saturating_sub(1);
            if follower.steps().get(made).is_none_or(|s| s.brake) || again < first {
                return (Err(made), work);
            }
            follower.brake_before(made);
            (body, tick) = began[again - first];
            began.truncate(again - first + 1);
            if again == first && first > 0 {
                // Back to the step under way when the walk began, as it
                // was then, with the marks made since.
                let marks = follower.steps().to_vec();
                *follower = initial.clone();
                follower.take_brakes(&marks);
            } else {
                let from = again
                    .checked_sub(1)
                    .map_or(start_feet, |s| follower.steps()[s].to.feet);
                follower.restart_at(again, from);
            }
            limit += BRAKE_TICKS;
        }
    }
}
