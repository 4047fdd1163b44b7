//! Plans over the coarse layer: the coarse graph says whether the goal can
//! be reached (where not, the plan goes to the reachable place closest to
//! it, found at once); A* runs over the clusters' kept steps, checking
//! none again; the plan is walked once from the body as it is, and a step
//! that walk cannot make is banned and the search made again. Only when
//! the kept steps still cannot be walked does a flat search run. A plan
//! made at once is one job advanced to its end ([`super::LayerJob`]).

use glam::IVec2;

use super::coarse_layer::CoarseLayer;
use super::goal::Goal;
use super::plan::Plan;
use super::planner::PlanError;
use super::reach_map::Reachability;
use crate::controller::Body;
use crate::world::BlockSource;

impl CoarseLayer {
    /// A plan for `body` to `goal`, over the clusters built and those the
    /// search reaches (built as it goes): as [`Planner::plan`] makes, walked
    /// from the body as it is, complete where its end holds the goal.
    /// Where no place the body reaches holds the goal and the layer knows
    /// it (every cluster the body's places lead to is built), the plan
    /// goes to the reachable place closest to the goal, with no search
    /// toward the goal itself.
    ///
    /// [`Planner::plan`]: super::Planner::plan
    ///
    /// # Errors
    /// [`PlanError::NotStanding`] when the body stands on nothing;
    /// [`PlanError::OtherMask`] for a body meeting other collision layers
    /// than the layer's planner ([`Planner::meeting`](super::Planner::meeting)).
    pub fn plan<W: BlockSource>(
        &mut self,
        world: &W,
        body: &Body,
        goal: Goal,
    ) -> Result<Plan, PlanError> {
        self.plan_within(world, body, goal, &|_| true)
    }

    /// [`CoarseLayer::plan`] over a world known only in the columns
    /// `known` accepts ([`Planner::plan_within`](super::Planner::plan_within)).
    ///
    /// # Errors
    /// As [`CoarseLayer::plan`].
    pub fn plan_within<W: BlockSource>(
        &mut self,
        world: &W,
        body: &Body,
        goal: Goal,
        known: &dyn Fn(IVec2) -> bool,
    ) -> Result<Plan, PlanError> {
        let mut job = self.begin(world, body, goal, known)?;
        loop {
            if let Some(plan) = self.advance(world, &mut job, known, u64::MAX)? {
                return Ok(plan);
            }
        }
    }

    /// Whether `goal` can be reached from where `body` stands, by the
    /// clusters built (edited ones built again first): [`Reachability`],
    /// `Unknown` where the body's places lead to a cluster not built.
    ///
    /// # Errors
    /// As [`CoarseLayer::plan`].
    pub fn reachability<W: BlockSource>(
        &mut self,
        world: &W,
        body: &Body,
        goal: Goal,
    ) -> Result<Reachability, PlanError> {
        self.is_for(body)?;
        self.refresh(world, &|_| true);
        let start = self.planner.start_place(world, body)?;
        Ok(self.reachability_from(start.cell, goal))
    }

    /// Whether the layer was built for bodies meeting the collision layers
    /// `body` meets: its places and kept steps are theirs alone.
    pub(super) fn is_for(&self, body: &Body) -> Result<(), PlanError> {
        if body.collision_mask == self.planner.mask {
            return Ok(());
        }
        Err(PlanError::OtherMask {
            body: body.collision_mask,
            layer: self.planner.mask,
        })
    }
}
