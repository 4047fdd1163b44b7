//! Plans for many bodies at once, on all cores.

#[cfg(feature = "parallel")]
use rayon::prelude::*;

use super::goal::Goal;
use super::plan::Plan;
use super::plan_job::PlanJob;
use super::planner::{PlanError, Planner};
use super::start::standing_size;
use super::step_cache::StepMemory;
use glam::IVec2;

use crate::controller::{Body, Settings, SyncIfParallel};
use crate::world::BlockSource;

/// A plan for each `(body, goal)` of `requests`, in order, each taking at
/// most `work_budget` ([`Planner::work_budget`]): with the `parallel`
/// feature on all of rayon's threads, each with a planner of its own, all
/// of them remembering their checked steps in one [`StepMemory`] (one cap
/// for all the threads). A plan depends on its body, goal, budget and the
/// world alone (a remembered step is checked in a box of its own, and
/// charged the same work as one checked anew), so the plans are the same
/// on any number of threads, and the same as [`Planner::plan`] gives one
/// by one.
///
/// ```
/// use voxwalk::block::BlockId;
/// use voxwalk::controller::{Body, Settings};
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::navigate::{Goal, plan_many};
/// use voxwalk::world::World;
///
/// let mut world = World::new();
/// world.fill(IVec3::new(0, 0, 0), IVec3::new(20, 0, 20), BlockId::STONE);
/// let requests: Vec<(Body, Goal)> = (0..8)
///     .map(|i| {
///         let body = Body::new(DVec3::new(1.5, 1.0, 1.5 + f64::from(i * 2)), Body::DEFAULT_SIZE);
///         (body.unwrap(), Goal::Column { x: 18, z: 2 + i * 2 })
///     })
///     .collect();
/// let plans = plan_many(&world, &Settings::default(), &requests, 500_000);
/// assert!(plans.iter().all(|p| p.as_ref().is_ok_and(|p| p.complete)));
/// ```
///
/// # Errors
/// Each plan's own: [`PlanError`] for a body that stands nowhere, or
/// settings out of range.
pub fn plan_many<W: BlockSource + SyncIfParallel>(
    world: &W,
    settings: &Settings,
    requests: &[(Body, Goal)],
    work_budget: u64,
) -> Vec<Result<Plan, PlanError>> {
    plan_many_with(
        (&mut Vec::new(), &StepMemory::default()),
        (world, &|_| true),
        settings,
        requests,
        work_budget,
    )
}

/// Which columns (x, z) a world holds ([`Planner::plan_within`]), as the
/// plans of many bodies ask it: from every thread with `parallel`.
#[cfg(feature = "parallel")]
pub(crate) type KnownColumns<'a> = dyn Fn(IVec2) -> bool + Sync + 'a;
/// Which columns (x, z) a world holds ([`Planner::plan_within`]), as the
/// plans of many bodies ask it.
#[cfg(not(feature = "parallel"))]
pub(crate) type KnownColumns<'a> = dyn Fn(IVec2) -> bool + 'a;

/// [`plan_many`] with planners kept by the caller between calls (a
/// [`Crowd`](super::Crowd) plans every tick), remembering their steps in
/// `memory`: one a thread, made or replaced where missing or of other
/// settings. The requests are shared out in runs of one length, in order;
/// each plan keeps to the columns `known` accepts.
pub(crate) fn plan_many_with<W: BlockSource + SyncIfParallel>(
    (planners, memory): (&mut Vec<Option<Planner>>, &StepMemory),
    (world, known): (&W, &KnownColumns<'_>),
    settings: &Settings,
    requests: &[(Body, Goal)],
    work_budget: u64,
) -> Vec<Result<Plan, PlanError>> {
    #[cfg(feature = "parallel")]
    let threads = rayon::current_num_threads();
    #[cfg(not(feature = "parallel"))]
    let threads = 1;
    if planners.len() < threads {
        planners.resize_with(threads, || None);
    }
    let run = requests.len().div_ceil(threads).max(1);
    let plan_run = |(planner, run): (&mut Option<Planner>, &[(Body, Goal)])| {
        run.iter()
            .map(|(body, goal)| {
                let size = standing_size(body);
                let planner = match planner {
                    Some(p) if p.body_size() == size && p.settings() == settings => p,
                    _ => planner.insert(Planner::with_memory(settings.clone(), size, memory)?),
                };
                planner.work_budget = work_budget;
                planner.plan_within(world, body, *goal, known)
            })
            .collect::<Vec<_>>()
    };
    #[cfg(feature = "parallel")]
    let runs: Vec<Vec<_>> = planners
        .par_iter_mut()
        .zip(requests.par_chunks(run))
        .map(plan_run)
        .collect();
    #[cfg(not(feature = "parallel"))]
    let runs: Vec<Vec<_>> = planners
        .iter_mut()
        .zip(requests.chunks(run))
        .map(plan_run)
        .collect();
    runs.into_iter().flatten().collect()
}

/// One plan of many advanced a slice: the body and goal it is for, with
/// the settings it moves by, the plan as made so far (`None` until its
/// first slice begins it), and the work it may do now.
pub(crate) struct Slice {
    pub settings: Settings,
    pub body: Body,
    pub goal: Goal,
    pub job: Option<PlanJob>,
    pub work: u64,
}

/// The planners a thread keeps, one for each body size and settings it
/// has planned for lately, so bodies of several sizes sent in any order
/// cost what one size does.
pub(crate) type Planners = Vec<Planner>;

/// How many sizes and settings a thread keeps planners for.
const PLANNERS_KEPT: usize = 8;

/// Advances each of `slices` by its work, each plan taking at most
/// `work_budget` in all: with the `parallel` feature on all of rayon's
/// threads, in runs of one length, in order. For each, the plan once it
/// is made; `None` while it is not. A plan depends on its body, goal,
/// budget, the world and how its slices fell, never on the thread, so
/// the plans are the same on any number of threads.
pub(crate) fn advance_many<W: BlockSource + SyncIfParallel>(
    (planners, memory): (&mut Vec<Planners>, &StepMemory),
    (world, known): (&W, &KnownColumns<'_>),
    slices: &mut [Slice],
    work_budget: u64,
) -> Vec<Result<Option<Plan>, PlanError>> {
    #[cfg(feature = "parallel")]
    let threads = rayon::current_num_threads();
    #[cfg(not(feature = "parallel"))]
    let threads = 1;
    if planners.len() < threads {
        planners.resize_with(threads, Vec::new);
    }
    let run = slices.len().div_ceil(threads).max(1);
    let advance_run = |(kept, run): (&mut Planners, &mut [Slice])| {
        run.iter_mut()
            .map(|slice| {
                let planner = planner_for(kept, memory, &slice.settings, &slice.body)?;
                planner.work_budget = work_budget;
                let job = match &mut slice.job {
                    Some(job) => job,
                    None => slice
                        .job
                        .insert(planner.begin(world, &slice.body, slice.goal)?),
                };
                Ok(planner.advance(world, job, known, slice.work))
            })
            .collect::<Vec<_>>()
    };
    #[cfg(feature = "parallel")]
    let runs: Vec<Vec<_>> = planners
        .par_iter_mut()
        .zip(slices.par_chunks_mut(run))
        .map(advance_run)
        .collect();
    #[cfg(not(feature = "parallel"))]
    let runs: Vec<Vec<_>> = planners
        .iter_mut()
        .zip(slices.chunks_mut(run))
        .map(advance_run)
        .collect();
    runs.into_iter().flatten().collect()
}

/// The planner `kept` holds for `body`'s size, collision mask and
/// `settings`, made (and
/// the one used longest ago dropped, past [`PLANNERS_KEPT`]) where none.
pub(super) fn planner_for<'p>(
    kept: &'p mut Planners,
    memory: &StepMemory,
    settings: &Settings,
    body: &Body,
) -> Result<&'p mut Planner, PlanError> {
    let size = standing_size(body);
    let found = kept.iter().position(|p| {
        p.body_size() == size
            && p.settings() == settings
            && p.collision_mask() == body.collision_mask
    });
    if let Some(at) = found {
        return Ok(&mut kept[at]);
    }
    if kept.len() >= PLANNERS_KEPT {
        kept.remove(0);
    }
    kept.push(Planner::with_memory(settings.clone(), size, memory)?.meeting(body.collision_mask));
    let at = kept.len() - 1;
    Ok(&mut kept[at])
}
