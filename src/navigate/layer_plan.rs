//! Plans over the coarse layer: the coarse graph says whether the goal can
//! be reached (where not, the plan goes to the reachable place closest to
//! it, found at once); A* runs over the clusters' kept steps, checking
//! none again; the plan is walked once from the body as it is, and a step
//! that walk cannot make is banned and the search made again. Only when
//! the kept steps still cannot be walked does a flat search run.

use glam::{DVec3, IVec2};

use super::coarse_layer::CoarseLayer;
use super::goal::Goal;
use super::plan::Plan;
use super::planner::{Banned, PlanError, REPAIRS, ends_at};
use super::reach_map::Reachability;
use super::search::Search;
use super::standing::Standing;
use super::start::search_feet;
use super::step::Step;
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
        // What building clusters takes is counted apart: the search's budget
        // bounds the search (places and walks), the clusters are kept.
        self.is_for(body)?;
        let mut built = self.refresh(world, known);
        let start = self.planner.start_place(world, body)?;
        built += self.ensure(world, self.cluster_of(column(start)), known);
        let toward = match self.reachability_from(start.cell, goal) {
            Reachability::Unreachable { closest } => Goal::Cell(closest.cell),
            Reachability::Reachable => goal,
            Reachability::Unknown => self
                .goal_side_proof(world, start.cell, goal, (known, &mut built))
                .map_or(goal, |closest| Goal::Cell(closest.cell)),
        };
        let mut banned = Banned::default();
        let (mut nodes, mut work) = (0, 0);
        for _ in 0..=REPAIRS {
            let mut plan = self.search(
                world,
                (start, search_feet(body, &start)),
                toward,
                &banned,
                known,
                (&mut work, &mut built),
            );
            nodes += plan.nodes;
            let (walked, ticks) = self.planner.walk(world, body, &mut plan);
            work += u64::from(ticks);
            match walked {
                Ok(ticks) => {
                    plan.ticks = ticks;
                    plan.complete = ends_at(&plan, search_feet(body, &start), goal);
                    plan.work = work + built;
                    plan.nodes = nodes;
                    return Ok(plan);
                }
                // Not even brought to rest at the start: the flat search
                // says so.
                Err(failed) if failed >= plan.steps.len() => break,
                Err(failed) => {
                    let from = if failed == 0 {
                        start.cell
                    } else {
                        plan.steps[failed - 1].to.cell
                    };
                    banned.insert((from, plan.steps[failed].to.cell));
                }
            }
            if work >= self.planner.work_budget {
                break;
            }
        }
        let mut plan = self.planner.plan_within(world, body, goal, known)?;
        plan.work += work + built;
        plan.nodes += nodes;
        Ok(plan)
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
    fn is_for(&self, body: &Body) -> Result<(), PlanError> {
        if body.collision_mask == self.planner.mask {
            return Ok(());
        }
        Err(PlanError::OtherMask {
            body: body.collision_mask,
            layer: self.planner.mask,
        })
    }

    /// A* over the kept steps from `start` (the body's feet at `feet`)
    /// toward `goal`, as [`Planner`](super::Planner)'s search orders
    /// places, building the clusters it reaches; the plan it came to, not
    /// walked yet, its work added to `work` and what building clusters
    /// took to `built`.
    fn search<W: BlockSource>(
        &mut self,
        world: &W,
        (start, feet): (Standing, DVec3),
        goal: Goal,
        banned: &Banned,
        known: &dyn Fn(IVec2) -> bool,
        (work, built): (&mut u64, &mut u64),
    ) -> Plan {
        let fastest = self.planner.settings().walking.speed / 20.0;
        let mut search = Search::new(start, goal, fastest);
        let (mut found, mut expanded, mut frontier) = (None, 0, false);
        let mut edges = Vec::new();
        while let Some(index) = search.next() {
            let node = search.nodes[index];
            let at = if index == 0 { feet } else { node.standing.feet };
            if goal.reached(node.standing.cell, at) {
                found = Some(index);
                break;
            }
            if *work >= self.planner.work_budget {
                break;
            }
            *work += 1;
            expanded += 1;
            let from = node.standing.cell;
            *built += self.ensure(world, self.cluster_of(column(node.standing)), known);
            let Some((cluster, i)) = self.place_at(from) else {
                continue;
            };
            frontier |= cluster.frontier;
            edges.clear();
            edges.extend_from_slice(cluster.steps(i));
            for edge in &edges {
                let to = edge.to(from);
                if banned.contains(&(from, to)) || !search.worth(to, node.ticks + 1) {
                    continue;
                }
                *built += self.ensure(world, self.cluster_of(IVec2::new(to.x, to.z)), known);
                let Some((other, j)) = self.place_at(to) else {
                    continue;
                };
                let (feet_y, afloat) = other.feet_y(j);
                let to = Standing {
                    cell: to,
                    feet: DVec3::new(f64::from(to.x) + 0.5, feet_y, f64::from(to.z) + 0.5),
                    afloat,
                };
                let step = Step {
                    to,
                    kind: edge.kind(from),
                    ticks: edge.ticks(),
                    brake: false,
                };
                let cost = self.planner.costs.of(world, &to);
                search.reach(index, step, cost);
            }
        }
        let end = found.unwrap_or(search.closest.1);
        Plan {
            start,
            steps: search.steps_to(end),
            complete: found.is_some(),
            frontier,
            ticks: search.nodes[end].ticks,
            nodes: expanded,
            work: 0,
        }
    }
}

/// The column a place stands in.
fn column(place: Standing) -> IVec2 {
    IVec2::new(place.cell.x, place.cell.z)
}
