//! A plan over the coarse layer made a slice at a time: the A* over the
//! clusters' kept steps, its checking walks and repairs, and the clusters
//! it builds as it reaches them, as a state a caller keeps between calls.
//! A slice pauses between places and between cluster builds, so a crowd's
//! tick is bounded by its work even where the layer is built as plans
//! reach it.

use glam::{DVec3, IVec2};

use super::coarse_layer::CoarseLayer;
use super::corridor::Corridor;
use super::goal::Goal;
use super::plan::Plan;
use super::plan_job::PlanJob;
use super::planner::{Banned, PlanError, REPAIRS, ends_at};
use super::reach_map::Reachability;
use super::search::Search;
use super::standing::Standing;
use super::start::search_feet;
use super::step::Step;
use crate::controller::Body;
use crate::world::BlockSource;

/// A plan over a [`CoarseLayer`] being made ([`CoarseLayer::begin`]),
/// advanced a slice of work at a time ([`CoarseLayer::advance`]): the body
/// as it was when it began, where the layer said to go, the search under
/// way, the kept steps its walks could not make, and the work so far.
///
/// ```
/// use voxwalk::block::BlockId;
/// use voxwalk::controller::{Body, Settings};
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::navigate::{CoarseLayer, Goal, LayerShape, Planner};
/// use voxwalk::world::World;
///
/// let mut world = World::new();
/// world.fill(IVec3::new(0, 0, 0), IVec3::new(47, 0, 47), BlockId::STONE);
/// let planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
/// let mut layer = CoarseLayer::new(planner, LayerShape::new(0, 8));
/// let body = Body::new(DVec3::new(1.5, 1.0, 1.5), Body::DEFAULT_SIZE).unwrap();
/// let goal = Goal::Cell(IVec3::new(40, 1, 40));
/// let whole = layer.clone().plan(&world, &body, goal).unwrap();
///
/// // The layer is built as the search reaches its clusters, a slice of
/// // 2,000 work at a time (a cluster's build may run a slice over).
/// let mut job = layer.begin(&world, &body, goal, &|_| true).unwrap();
/// let mut slices = 1;
/// let sliced = loop {
///     if let Some(plan) = layer.advance(&world, &mut job, &|_| true, 2_000).unwrap() {
///         break plan;
///     }
///     slices += 1;
/// };
/// assert_eq!(sliced, whole);
/// assert!(slices > 1);
/// ```
#[derive(Clone)]
pub struct LayerJob {
    body: Body,
    /// The goal asked for: a plan complete only where it ends there.
    goal: Goal,
    /// Where the search goes: the goal, or the reachable place closest to
    /// it where the layer knows the goal cannot be reached; `None` while
    /// the layer is building the clusters about the goal that say.
    toward: Option<Goal>,
    start: Standing,
    /// The body's feet as the search takes them ([`search_feet`]).
    feet: DVec3,
    banned: Banned,
    /// Places expanded and ticks walked: what the planner's budget bounds.
    work: u64,
    /// What building clusters took, counted apart (clusters are kept).
    built: u64,
    nodes: usize,
    repairs: usize,
    search: Search,
    expanded: usize,
    frontier: bool,
    found: Option<usize>,
    /// The place taken off the open list and not yet expanded: its
    /// clusters were being built when the last slice ended.
    pending: Option<usize>,
    /// The flat search, once the kept steps could not be walked.
    flat: Option<Box<PlanJob>>,
    /// The clusters the search keeps to, where the layer keeps plans to
    /// corridors ([`CoarseLayer::corridor`]) and the coarse graph
    /// found one; dropped once a search kept to it runs out of places.
    corridor: Option<Corridor>,
}

impl std::fmt::Debug for LayerJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LayerJob")
            .field("goal", &self.goal)
            .field("toward", &self.toward)
            .field("work", &self.work())
            .field("repairs", &self.repairs)
            .field("flat", &self.flat.is_some())
            .finish_non_exhaustive()
    }
}

impl LayerJob {
    /// The work done on it so far: places, walked ticks and cluster
    /// builds ([`Planner::work_budget`](super::Planner::work_budget)).
    #[must_use]
    pub fn work(&self) -> u64 {
        self.work + self.built + self.flat.as_ref().map_or(0, |flat| flat.work())
    }

    /// The goal it plans for.
    #[must_use]
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// Where its search goes: the goal unless the layer said otherwise.
    fn search_goal(&self) -> Goal {
        self.toward.unwrap_or(self.goal)
    }

    /// A search from its start to its search goal.
    fn new_search(&self, fastest: f64) -> Search {
        Search::new(self.start, self.search_goal(), fastest)
    }

    /// Whether its search may expand places in cluster `key`.
    fn in_corridor(&self, key: IVec2) -> bool {
        self.corridor
            .as_ref()
            .is_none_or(|corridor| corridor.holds(key))
    }
}

impl CoarseLayer {
    /// Begins a plan for `body` to `goal` over the columns `known` accepts,
    /// to be advanced with [`CoarseLayer::advance`]: edited clusters are
    /// built again, the start's cluster built, and whether the goal can be
    /// reached asked of the clusters built (that work is the job's first).
    /// Where they cannot say, the job's first slices build the clusters
    /// about the goal that prove it cannot (a bounded ring of them).
    ///
    /// # Errors
    /// As [`CoarseLayer::plan`].
    pub fn begin<W: BlockSource>(
        &mut self,
        world: &W,
        body: &Body,
        goal: Goal,
        known: &dyn Fn(IVec2) -> bool,
    ) -> Result<LayerJob, PlanError> {
        self.is_for(body)?;
        let mut built = self.refresh(world, known);
        let start = self.planner.start_place(world, body)?;
        built += self.ensure(world, self.cluster_of(column(start)), known);
        let toward = match self.reachability_from(start.cell, goal) {
            Reachability::Unreachable { closest } => Some(Goal::Cell(closest.cell)),
            Reachability::Reachable => Some(goal),
            Reachability::Unknown => None,
        };
        let fastest = self.planner.fastest();
        let corridor = toward.and_then(|toward| self.corridor_if_kept(start.cell, toward));
        Ok(LayerJob {
            body: *body,
            goal,
            toward,
            start,
            feet: search_feet(body, &start),
            banned: Banned::default(),
            work: 0,
            built,
            nodes: 0,
            repairs: 0,
            search: Search::new(start, toward.unwrap_or(goal), fastest),
            expanded: 0,
            frontier: false,
            found: None,
            pending: None,
            flat: None,
            corridor,
        })
    }

    /// Does about `slice` more work on `job` over the columns `known`
    /// accepts: the plan once it is made, the same as
    /// [`CoarseLayer::plan_within`] gives at once, however it was sliced
    /// (where the world and layer stay as they were). A slice pauses
    /// between places and between cluster builds, so it runs over by at
    /// most one place's steps or one cluster's build; a checking walk
    /// runs whole.
    ///
    /// # Errors
    /// [`PlanError::NotStanding`] when the kept steps could not be walked
    /// and the flat search, begun from the body, finds it standing on
    /// nothing (the world changed under it).
    pub fn advance<W: BlockSource>(
        &mut self,
        world: &W,
        job: &mut LayerJob,
        known: &dyn Fn(IVec2) -> bool,
        slice: u64,
    ) -> Result<Option<Plan>, PlanError> {
        let until = job.work().saturating_add(slice);
        loop {
            let left = until.saturating_sub(job.work()).max(1);
            if let Some(flat) = &mut job.flat {
                let Some(mut plan) = self.planner.advance(world, flat, known, left) else {
                    return Ok(None);
                };
                plan.work += job.work + job.built;
                plan.nodes += job.nodes;
                return Ok(Some(plan));
            }
            if job.toward.is_none() && !self.prove(world, job, known, until) {
                return Ok(None);
            }
            if !self.search_some(world, job, known, until) {
                return Ok(None);
            }
            job.nodes += job.expanded;
            let end = job.found.unwrap_or(job.search.closest.1);
            let mut plan = Plan {
                start: job.start,
                steps: job.search.steps_to(end),
                complete: job.found.is_some(),
                frontier: job.frontier,
                ticks: job.search.nodes[end].ticks,
                nodes: job.expanded,
                work: 0,
            };
            let (walked, ticks) = self.planner.walk(world, &job.body, &mut plan);
            job.work += u64::from(ticks);
            match walked {
                Ok(ticks) => {
                    plan.ticks = ticks;
                    plan.complete = ends_at(&plan, job.feet, job.goal);
                    plan.work = job.work + job.built;
                    plan.nodes = job.nodes;
                    return Ok(Some(plan));
                }
                Err(failed) if failed < plan.steps.len() => {
                    let from = if failed == 0 {
                        job.start.cell
                    } else {
                        plan.steps[failed - 1].to.cell
                    };
                    job.banned.insert((from, plan.steps[failed].to.cell));
                }
                // Not even brought to rest at the start: the flat search
                // says so.
                Err(_) => job.repairs = REPAIRS,
            }
            job.repairs += 1;
            if job.repairs > REPAIRS || job.work >= self.planner.work_budget {
                // The kept steps cannot be walked from where the body is:
                // the flat search checks its own.
                job.flat = Some(Box::new(self.planner.begin(world, &job.body, job.goal)?));
            } else {
                job.search = job.new_search(self.planner.fastest());
                (job.expanded, job.frontier, job.found) = (0, false, None);
            }
        }
    }

    /// Asks the clusters about the goal whether it can be reached (the
    /// search then goes to the closest reachable place where it cannot),
    /// building them while `job`'s work is short of `until`. Whether it
    /// was answered; otherwise the next slice asks again.
    fn prove<W: BlockSource>(
        &mut self,
        world: &W,
        job: &mut LayerJob,
        known: &dyn Fn(IVec2) -> bool,
        until: u64,
    ) -> bool {
        let allowance = (known, &mut job.built, until.saturating_sub(job.work));
        let Ok(closest) = self.goal_side_proof(world, job.start.cell, job.goal, allowance) else {
            return false;
        };
        let toward = closest.map_or(job.goal, |closest| Goal::Cell(closest.cell));
        job.toward = Some(toward);
        job.corridor = self.corridor_if_kept(job.start.cell, toward);
        job.search = job.new_search(self.planner.fastest());
        true
    }

    /// The corridor from `from` to `toward` where plans keep to corridors.
    fn corridor_if_kept(&mut self, from: glam::IVec3, toward: Goal) -> Option<Corridor> {
        let beside = self.corridor?;
        self.corridor(from, toward, beside)
    }

    /// Runs `job`'s A* over the kept steps on until its work reaches
    /// `until` (looked at before each place and after each cluster built)
    /// or it ends: at the goal, out of places, or out of the planner's
    /// budget. Whether it ended.
    fn search_some<W: BlockSource>(
        &mut self,
        world: &W,
        job: &mut LayerJob,
        known: &dyn Fn(IVec2) -> bool,
        until: u64,
    ) -> bool {
        let mut edges = Vec::new();
        loop {
            if job.work + job.built >= until {
                return false;
            }
            let Some(index) = job.pending.take().or_else(|| job.search.next()) else {
                if job.corridor.take().is_some() {
                    // The corridor's way was cut (a banned step): search
                    // the whole layer, as a plan kept to none would.
                    job.nodes += job.expanded;
                    job.search = job.new_search(self.planner.fastest());
                    (job.expanded, job.frontier) = (0, false);
                    continue;
                }
                return true;
            };
            let node = job.search.nodes[index];
            let at = if index == 0 {
                job.feet
            } else {
                node.standing.feet
            };
            if job.search_goal().reached(node.standing.cell, at) {
                job.found = Some(index);
                return true;
            }
            if job.work >= self.planner.work_budget {
                return true;
            }
            if !self.build_around(world, job, (node.standing, index), known, until) {
                job.pending = Some(index);
                return false;
            }
            job.work += 1;
            job.expanded += 1;
            let from = node.standing.cell;
            let Some((cluster, i)) = self.place_at(from) else {
                continue;
            };
            job.frontier |= cluster.frontier;
            edges.clear();
            edges.extend_from_slice(cluster.steps(i));
            for edge in &edges {
                let to = edge.to(from);
                if job.banned.contains(&(from, to))
                    || !job.search.worth(to, node.ticks + 1)
                    || !job.in_corridor(self.cluster_of(IVec2::new(to.x, to.z)))
                {
                    continue;
                }
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
                job.search.reach(index, step, cost);
            }
        }
    }

    /// Builds the clusters expanding place `node` (the search's `index`)
    /// reads: its own, and that of each kept step's end the search would
    /// take. Whether they are all built; `false` where a build took the
    /// job's work to `until` first (the next slice goes on from there).
    fn build_around<W: BlockSource>(
        &mut self,
        world: &W,
        job: &mut LayerJob,
        (node, index): (Standing, usize),
        known: &dyn Fn(IVec2) -> bool,
        until: u64,
    ) -> bool {
        let own = self.cluster_of(column(node));
        if !self.is_fresh(own) {
            job.built += self.ensure(world, own, known);
        }
        // One cluster at a time, each found anew: a build may drop others
        // under the cap. Over a layer built ahead nothing is built, and
        // each step's end is looked up once.
        let mut unknown = Vec::new();
        while let Some(key) = self.first_to_build(job, (node, index), &unknown) {
            if job.work + job.built >= until {
                return false;
            }
            job.built += self.ensure(world, key, known);
            if !self.is_fresh(key) {
                // None of its columns is known: nothing to build, and no
                // step into it is taken.
                unknown.push(key);
            }
        }
        true
    }

    /// The first cluster not built and up to date, nor in `unknown`, that
    /// holds the end of a kept step from `node` the search would take.
    fn first_to_build(
        &self,
        job: &LayerJob,
        (node, index): (Standing, usize),
        unknown: &[IVec2],
    ) -> Option<IVec2> {
        let (cluster, i) = self.place_at(node.cell)?;
        let ticks = job.search.nodes[index].ticks;
        let mut fresh = cluster.origin.div_euclid(IVec2::splat(cluster.size));
        cluster.steps(i).iter().find_map(|edge| {
            let to = edge.to(node.cell);
            let key = self.cluster_of(IVec2::new(to.x, to.z));
            if key == fresh || self.is_fresh(key) {
                fresh = key;
                return None;
            }
            let taken = !job.banned.contains(&(node.cell, to))
                && job.search.worth(to, ticks + 1)
                && job.in_corridor(key);
            (taken && !unknown.contains(&key)).then_some(key)
        })
    }
}

/// The column a place stands in.
fn column(place: Standing) -> IVec2 {
    IVec2::new(place.cell.x, place.cell.z)
}
