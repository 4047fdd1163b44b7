//! A plan made a slice at a time: the search and its repairs as a state a
//! caller keeps between calls, so a game (or the viewer) plans within a
//! budget of work each tick or frame and gets, at the end, the very plan
//! [`Planner::plan`] would have given.

use glam::{DVec3, IVec2};
use rustc_hash::FxHashSet;

use super::goal::Goal;
use super::plan::Plan;
use super::planner::{Banned, PlanError, Planner, REPAIRS, ends_at};
use super::search::Searching;
use super::standing::Standing;
use super::start::search_feet;
use crate::controller::Body;
use crate::world::BlockSource;

/// A plan being made ([`Planner::begin`]), advanced a slice of work at a
/// time ([`Planner::advance`]): the body as it was when it began, its goal,
/// the search under way, the steps its checking walks could not make, and
/// the work so far.
///
/// ```
/// use voxwalk::block::BlockId;
/// use voxwalk::controller::{Body, Settings};
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::navigate::{Goal, Planner};
/// use voxwalk::world::World;
///
/// let mut world = World::new();
/// world.fill(IVec3::new(0, 0, 0), IVec3::new(40, 0, 6), BlockId::STONE);
/// let body = Body::new(DVec3::new(1.5, 1.0, 1.5), Body::DEFAULT_SIZE).unwrap();
/// let goal = Goal::Cell(IVec3::new(38, 1, 5));
/// let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
/// let whole = planner.plan(&world, &body, goal).unwrap();
///
/// let mut job = planner.begin(&world, &body, goal).unwrap();
/// let mut slices = 1;
/// let sliced = loop {
///     // 500 simulated ticks a frame, say.
///     if let Some(plan) = planner.advance(&world, &mut job, &|_| true, 500) {
///         break plan;
///     }
///     slices += 1;
/// };
/// assert_eq!(sliced, whole); // the same plan, in slices
/// assert!(slices > 1);
/// ```
#[derive(Clone, Debug)]
pub struct PlanJob {
    body: Body,
    start: Standing,
    /// The body's feet as the search takes them ([`search_feet`]).
    feet: DVec3,
    banned: Banned,
    work: u64,
    nodes: usize,
    repairs: usize,
    searching: Searching,
}

impl PlanJob {
    /// The work done on it so far, in simulated ticks
    /// ([`Planner::work_budget`]).
    #[must_use]
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The goal it plans for.
    #[must_use]
    pub fn goal(&self) -> Goal {
        self.searching.goal
    }
}

impl Planner {
    /// Begins a plan for `body` to `goal` in `world`, to be advanced with
    /// [`Planner::advance`]; nothing is searched yet.
    ///
    /// # Errors
    /// [`PlanError::NotStanding`] when the body stands on nothing.
    pub fn begin<W: BlockSource>(
        &mut self,
        world: &W,
        body: &Body,
        goal: Goal,
    ) -> Result<PlanJob, PlanError> {
        self.meet(body.collision_mask);
        let start = self.start_place(world, body)?;
        let feet = search_feet(body, &start);
        Ok(PlanJob {
            body: *body,
            start,
            feet,
            banned: FxHashSet::default(),
            work: 0,
            nodes: 0,
            repairs: 0,
            searching: Searching::new(start, feet, goal, self.fastest()),
        })
    }

    /// Does about `slice` more work on `job` (a search pauses between
    /// places, so a slice may run over by one place's checks; a checking
    /// walk runs whole), over a world known in the columns `known` accepts
    /// ([`Planner::plan_within`]): the plan once it is made, the same as
    /// [`Planner::plan_within`] gives at once, however it was sliced.
    /// Where the world changes between the slices of one plan, each slice
    /// searches the world as it is then; the plan's checking walk is made
    /// in the world of its last slice, so every step it keeps is one the
    /// body makes there.
    pub fn advance<W: BlockSource>(
        &mut self,
        world: &W,
        job: &mut PlanJob,
        known: &dyn Fn(IVec2) -> bool,
        slice: u64,
    ) -> Option<Plan> {
        // The places known are asked again: the world may have changed
        // since the last slice, and this planner may have served another
        // job meanwhile.
        self.places.forget();
        let until = job.work.saturating_add(slice);
        loop {
            let (banned, work) = (&job.banned, &mut job.work);
            self.search_some(world, &mut job.searching, (banned, known), (work, until));
            if !job.searching.done {
                return None;
            }
            job.nodes += job.searching.expanded;
            let mut plan = job.searching.plan(job.start);
            let (walked, ticks) = self.walk(world, &job.body, &mut plan);
            job.work += u64::from(ticks);
            let failed = match walked {
                Ok(ticks) => {
                    plan.ticks = ticks;
                    return Some(self.finish(job, plan));
                }
                Err(failed) => failed,
            };
            if job.repairs == REPAIRS || job.work >= self.work_budget || failed >= plan.steps.len()
            {
                // Still not walkable from where the body is, or no work
                // left to search again: keep what it walked.
                plan.steps.truncate(failed);
                let (walked, ticks) = self.walk(world, &job.body, &mut plan);
                job.work += u64::from(ticks);
                plan.ticks = walked.unwrap_or(0);
                return Some(self.finish(job, plan));
            }
            job.repairs += 1;
            let from = if failed == 0 {
                job.start.cell
            } else {
                plan.steps[failed - 1].to.cell
            };
            job.banned.insert((from, plan.steps[failed].to.cell));
            job.searching = Searching::new(job.start, job.feet, job.searching.goal, self.fastest());
            if job.work >= until {
                return None;
            }
        }
    }

    /// The plan as returned: complete by the goal itself (the search's
    /// verdict was about the steps it found; a plan cut short reaches the
    /// goal only if what is left still ends there), its work and places.
    fn finish(&mut self, job: &PlanJob, mut plan: Plan) -> Plan {
        plan.complete = ends_at(&plan, job.feet, job.searching.goal);
        plan.work = job.work;
        plan.nodes = job.nodes;
        // What the search looked at is not kept between plans: a planner
        // at rest holds its memory of steps, nothing more.
        self.places.release();
        plan
    }

    /// The speed the search's estimate assumes, blocks a tick: walking.
    pub(super) fn fastest(&self) -> f64 {
        self.controller.settings().walking.speed / 20.0
    }
}
