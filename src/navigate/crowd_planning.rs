//! One tick's planning of a [`Crowd`](super::Crowd), apart from the crowd: the members
//! waiting for a plan, their plans as made so far, and the planners and
//! layer that make them. It needs only a shared borrow of the world, so a
//! game may run it on a worker thread while the simulation steps
//! ([`Crowd::inputs_beside`](super::Crowd::inputs_beside)); in line,
//! [`Crowd::inputs`](super::Crowd::inputs) runs it at once.

use glam::IVec2;

use super::coarse_layer::CoarseLayer;
use super::goal::Goal;
use super::layer_job::LayerJob;
use super::many::{Planners, Slice, advance_many};
use super::plan::Plan;
use super::plan_job::PlanJob;
use super::planner::PlanError;
use super::start::standing_size;
use super::step_cache::StepMemory;
use crate::controller::{Body, BodyHandle, Settings, SyncIfParallel};
use crate::world::BlockSource;

/// The least work a member waiting for a plan is given when it is served:
/// a crowd of thousands shares a tick's work among those it can serve
/// usefully, and the rest wait their turn.
const LEAST_SLICE: u64 = 2_000;

/// A tick's planning of a [`Crowd`](super::Crowd), handed out by
/// [`Crowd::inputs_beside`](super::Crowd::inputs_beside) to be [`run`](CrowdPlanning::run) while the
/// simulation steps, and handed back at the next tick. It holds the
/// crowd's planners and coarse layer meanwhile.
///
/// ```
/// use voxwalk::block::BlockId;
/// use voxwalk::controller::{Body, Settings, Simulation};
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::navigate::{Crowd, CrowdEvent, CrowdPlanning, Goal};
/// use voxwalk::world::{SharedWorld, World};
///
/// let mut world = World::new();
/// world.fill(IVec3::new(0, 0, 0), IVec3::new(20, 0, 8), BlockId::STONE);
/// // A world the step and the planning thread both read.
/// let mut sim = Simulation::new(SharedWorld::new(world), Settings::default()).unwrap();
/// let body = sim.add_body(Body::new(DVec3::new(2.5, 1.0, 2.5), Body::DEFAULT_SIZE).unwrap());
/// let mut crowd = Crowd::new();
/// crowd.send(body, Goal::Column { x: 17, z: 6 });
/// let mut planning = CrowdPlanning::default();
/// let mut events = Vec::new();
/// let mut arrived = false;
/// for _ in 0..100 {
///     let inputs = crowd.inputs_beside(&mut sim, &mut planning, &mut events).to_vec();
///     arrived |= events.iter().any(|(_, e)| *e == CrowdEvent::Arrived);
///     let world = sim.world().clone();
///     std::thread::scope(|s| {
///         s.spawn(|| planning.run(&world));
///         sim.step(&inputs).unwrap();
///     });
/// }
/// assert!(arrived);
/// ```
#[derive(Debug, Default)]
pub struct CrowdPlanning {
    /// The members waiting for a plan, the longest waiting first.
    pub(super) waiting: Vec<Waiting>,
    /// What running it came to, in the order the crowd takes it.
    pub(super) made: Vec<Made>,
    pub(super) planners: Vec<Planners>,
    pub(super) memory: StepMemory,
    pub(super) layer: Option<CoarseLayer>,
    pub(super) work_budget: u64,
    pub(super) work_per_tick: u64,
    /// The work its planning did.
    pub(super) worked: u64,
    /// Whether it holds the crowd's planners and layer.
    pub(super) holds: bool,
}

/// A member waiting for a plan, as it was when the planning was handed out.
#[derive(Debug)]
pub(super) struct Waiting {
    pub(super) handle: BodyHandle,
    /// Which sending of the member it is for ([`Crowd::send`](super::Crowd::send)): a result
    /// for an errand sent again since is dropped.
    pub(super) sent: u64,
    pub(super) settings: Settings,
    pub(super) body: Body,
    pub(super) goal: Goal,
    pub(super) job: Option<Job>,
}

/// A member's plan as made so far: over the crowd's coarse layer, or by
/// a planner of its size (flat).
#[derive(Clone, Debug)]
pub(super) enum Job {
    Flat(PlanJob),
    Layer(LayerJob),
}

/// What the planning came to for one member: a plan, no way, a plan still
/// being made (`job`), or nothing done (`result` `None`: not served).
#[derive(Debug)]
pub(super) struct Made {
    pub(super) handle: BodyHandle,
    pub(super) sent: u64,
    pub(super) step_height: f64,
    pub(super) job: Option<Job>,
    pub(super) result: Option<Result<Option<Plan>, PlanError>>,
}

impl CrowdPlanning {
    /// Whether there is nothing to plan.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }

    /// The work its planning did ([`Crowd::worked_last_tick`](super::Crowd::worked_last_tick) once handed
    /// back).
    #[must_use]
    pub fn worked(&self) -> u64 {
        self.worked
    }

    /// Plans for the members waiting, within the crowd's work a tick, in
    /// `world` as it was when the planning was handed out: the plans
    /// [`Crowd::inputs`](super::Crowd::inputs) makes in line, the same on any number of threads.
    pub fn run<W: BlockSource + SyncIfParallel>(&mut self, world: &W) {
        self.run_within(world, &|_: &W, _| true);
    }

    /// [`CrowdPlanning::run`] over a world that holds only the columns
    /// `known` accepts ([`Crowd::inputs_within`](super::Crowd::inputs_within)).
    pub fn run_within<W, K>(&mut self, world: &W, known: &K)
    where
        W: BlockSource + SyncIfParallel,
        K: Fn(&W, IVec2) -> bool + SyncIfParallel,
    {
        let waiting = std::mem::take(&mut self.waiting);
        let left = self.plan_over_the_layer(world, known, waiting);
        let budget = self.work_per_tick.saturating_sub(self.worked);
        let shares = serve(budget, left.len());
        let mut slices = Vec::with_capacity(shares.len());
        let mut whose = Vec::with_capacity(shares.len());
        let mut unserved = Vec::new();
        for (i, waiting) in left.into_iter().enumerate() {
            let Some(&work) = shares.get(i) else {
                unserved.push(waiting);
                continue;
            };
            whose.push((waiting.handle, waiting.sent));
            slices.push(Slice {
                settings: waiting.settings,
                body: waiting.body,
                goal: waiting.goal,
                job: match waiting.job {
                    Some(Job::Flat(job)) => Some(job),
                    _ => None,
                },
                work,
            });
        }
        self.advance_slices(world, known, &whose, slices);
        for waiting in unserved {
            self.made.push(Made {
                handle: waiting.handle,
                sent: waiting.sent,
                step_height: waiting.settings.walking.step_height,
                job: waiting.job,
                result: None,
            });
        }
    }

    /// Plans over the layer, if it holds one, for the members of `waiting`
    /// of its size, mask and settings, in order, each given what is left
    /// of the tick's work (a plan not made by then goes on at its next
    /// turn); the members left to plan for by slices, in order.
    fn plan_over_the_layer<W, K>(
        &mut self,
        world: &W,
        known: &K,
        waiting: Vec<Waiting>,
    ) -> Vec<Waiting>
    where
        W: BlockSource + SyncIfParallel,
        K: Fn(&W, IVec2) -> bool + SyncIfParallel,
    {
        let Some(layer) = &mut self.layer else {
            return waiting;
        };
        layer.planner_mut().work_budget = self.work_budget;
        let mut left = Vec::new();
        for mut waiting in waiting {
            let planner = layer.planner();
            let fits = planner.body_size() == standing_size(&waiting.body)
                && *planner.settings() == waiting.settings
                && planner.collision_mask() == waiting.body.collision_mask;
            if !fits {
                left.push(waiting);
                continue;
            }
            let (handle, sent) = (waiting.handle, waiting.sent);
            let step_height = waiting.settings.walking.step_height;
            let slice = self.work_per_tick.saturating_sub(self.worked);
            if slice == 0 {
                self.made.push(Made {
                    handle,
                    sent,
                    step_height,
                    job: waiting.job,
                    result: None,
                });
                continue;
            }
            let known = |c| known(world, c);
            // A job begun is charged its beginning too.
            let job = match waiting.job.take() {
                Some(Job::Layer(job)) => Ok((job.work(), job)),
                _ => layer
                    .begin(world, &waiting.body, waiting.goal, &known)
                    .map(|job| (0, job)),
            };
            let (job, result) = match job {
                Err(error) => (None, Err(error)),
                Ok((before, mut job)) => {
                    let made = layer.advance(world, &mut job, &known, slice);
                    self.worked += match &made {
                        Ok(Some(plan)) => plan.work,
                        _ => job.work(),
                    } - before;
                    let unfinished = matches!(made, Ok(None));
                    (unfinished.then_some(Job::Layer(job)), made)
                }
            };
            self.made.push(Made {
                handle,
                sent,
                step_height,
                job,
                result: Some(result),
            });
        }
        left
    }

    /// Advances each slice (of the member `whose` says) on all cores; what
    /// each came to, in order.
    fn advance_slices<W, K>(
        &mut self,
        world: &W,
        known: &K,
        whose: &[(BodyHandle, u64)],
        mut slices: Vec<Slice>,
    ) where
        W: BlockSource + SyncIfParallel,
        K: Fn(&W, IVec2) -> bool + SyncIfParallel,
    {
        if slices.is_empty() {
            return;
        }
        let before: Vec<u64> = slices
            .iter()
            .map(|s| s.job.as_ref().map_or(0, PlanJob::work))
            .collect();
        let columns = |column| known(world, column);
        let results = advance_many(
            (&mut self.planners, &self.memory),
            (world, &columns),
            &mut slices,
            self.work_budget,
        );
        for (((&(handle, sent), slice), result), before) in
            whose.iter().zip(slices).zip(results).zip(before)
        {
            self.worked += match (&result, &slice.job) {
                (Ok(Some(plan)), _) => plan.work,
                (_, Some(job)) => job.work(),
                _ => before,
            } - before;
            self.made.push(Made {
                handle,
                sent,
                step_height: slice.settings.walking.step_height,
                job: slice.job.map(Job::Flat),
                result: Some(result),
            });
        }
    }
}

/// The shares of `budget` for `waiting` members, in order: an even share,
/// at least [`LEAST_SLICE`], until the work is given out.
fn serve(budget: u64, waiting: usize) -> Vec<u64> {
    if waiting == 0 || budget == 0 {
        return Vec::new();
    }
    let share = (budget / waiting as u64).max(LEAST_SLICE);
    let mut left = budget;
    let mut shares = Vec::new();
    while left > 0 && shares.len() < waiting {
        let work = share.min(left);
        left -= work;
        shares.push(work);
    }
    shares
}
