//! A goal that moves (an NPC following a player): the plan being walked
//! is patched rather than made anew. Its steps up to the one whose end
//! comes closest to the new goal are kept, a tail is planned from there,
//! and the whole is walked again from the body as it is, so the patched
//! plan is one the body makes.

use super::follower::Follower;
use super::goal::Goal;
use super::plan::Plan;
use super::planner::{PlanError, Planner};
use crate::block::DEFAULT_LAYERS;
use crate::controller::Body;
use crate::world::BlockSource;

impl Planner {
    /// Patches the plan `follower` walks `body` along for `goal`, where
    /// its goal moved: the steps left up to the one ending closest to
    /// `goal` are kept (the one being made always), a tail from that end
    /// to `goal` is planned for a body at rest there, and the follower
    /// walks the steps kept and then the tail. The whole is walked in
    /// simulation from `body` as it is, as every plan is (steps it makes
    /// only from rest marked [`Step::brake`](super::Step::brake)). Where
    /// the plan's end already holds `goal` nothing is planned; where the
    /// follower has no step left, the tail does not reach `goal` (the
    /// steps kept lead down a drop away from it), or the patched plan
    /// cannot be walked, a plan is made anew and the follower follows it
    /// from the start.
    ///
    /// The plan returned holds the steps left (the one being made first),
    /// `ticks` the walk's, `work` what the patch took: a tail of a few
    /// blocks and a walk, where planning anew searches the whole way.
    ///
    /// ```
    /// use voxwalk::block::BlockId;
    /// use voxwalk::controller::{Body, Controller, Settings};
    /// use voxwalk::glam::{DVec3, IVec3};
    /// use voxwalk::navigate::{Follower, Goal, Planner};
    /// use voxwalk::world::World;
    ///
    /// let mut world = World::new();
    /// world.fill(IVec3::new(0, 0, 0), IVec3::new(30, 0, 10), BlockId::STONE);
    /// let mut body = Body::new(DVec3::new(1.5, 1.0, 5.5), Body::DEFAULT_SIZE).unwrap();
    /// let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    /// let plan = planner.plan(&world, &body, Goal::Cell(IVec3::new(20, 1, 5))).unwrap();
    /// let mut follower = Follower::new(&plan, body.feet(), 0.6);
    /// let mut controller = Controller::new(Settings::default()).unwrap();
    /// for _ in 0..20 {
    ///     let (input, _) = follower.input(&mut body);
    ///     controller.tick(&world, &mut body, input, &mut Vec::new()).unwrap();
    /// }
    /// // The goal moved two blocks on: the plan is patched, not made anew.
    /// let goal = Goal::Cell(IVec3::new(22, 1, 5));
    /// let patched = planner.retarget(&world, &body, &mut follower, goal).unwrap();
    /// let anew = planner.plan(&world, &body, goal).unwrap();
    /// assert!(patched.complete);
    /// assert!(patched.work < anew.work); // 156 against 521 here
    /// assert_eq!(patched.ticks, anew.ticks);
    /// assert_eq!(follower.remaining().last().unwrap().to.cell, IVec3::new(22, 1, 5));
    /// ```
    ///
    /// # Errors
    /// As [`Planner::plan`].
    pub fn retarget<W: BlockSource>(
        &mut self,
        world: &W,
        body: &Body,
        follower: &mut Follower,
        goal: Goal,
    ) -> Result<Plan, PlanError> {
        self.meet(body.collision_mask);
        let left = follower.remaining();
        let Some(last) = left.last() else {
            return self.plan_anew(world, (body, follower), goal, 0);
        };
        let start = follower.start_of_step();
        if goal.reached(last.to.cell, last.to.feet) {
            let steps = left.to_vec();
            return Ok(Plan {
                start,
                ticks: steps.iter().map(|s| s.ticks).sum(),
                steps,
                complete: true,
                frontier: false,
                nodes: 0,
                work: 0,
            });
        }
        // The step ending closest to the goal, the first of equals.
        let keep = 1
            + (1..left.len()).fold(0, |best, i| {
                if goal.distance(left[i].to.feet) < goal.distance(left[best].to.feet) {
                    i
                } else {
                    best
                }
            });
        let from = left[keep - 1].to;
        let Ok(at_rest) = Body::new(from.feet, self.reach.size) else {
            return self.plan_anew(world, (body, follower), goal, 0);
        };
        let mut at_rest = at_rest.with_layers(DEFAULT_LAYERS, body.collision_mask);
        at_rest.grounded = true;
        at_rest.momentum.y = self.controller.settings().resting_momentum();
        let tail = self.plan(world, &at_rest, goal)?;
        if !tail.complete {
            // The goal may lie where the steps kept lead away from (down a
            // drop there is no climbing back): the whole way is searched.
            return self.plan_anew(world, (body, follower), goal, tail.work);
        }
        let mut patched = follower.clone();
        patched.patch(keep, &tail.steps);
        let mut walker = patched.clone();
        let (walked, ticks) = self.walk_following(world, body, &mut walker);
        patched.take_brakes(walker.steps());
        let work = tail.work + u64::from(ticks);
        let Ok(ticks) = walked else {
            return self.plan_anew(world, (body, follower), goal, work);
        };
        *follower = patched;
        Ok(Plan {
            start,
            steps: follower.remaining().to_vec(),
            complete: true,
            frontier: false,
            ticks,
            nodes: tail.nodes,
            work,
        })
    }

    /// A plan for `body` to `goal` made anew, `follower` following it, its
    /// work with the `spent` of the patch that gave way to it.
    fn plan_anew<W: BlockSource>(
        &mut self,
        world: &W,
        (body, follower): (&Body, &mut Follower),
        goal: Goal,
        spent: u64,
    ) -> Result<Plan, PlanError> {
        let mut plan = self.plan(world, body, goal)?;
        plan.work += spent;
        *follower = Follower::new(&plan, body.feet(), self.reach.step_height);
        Ok(plan)
    }
}
