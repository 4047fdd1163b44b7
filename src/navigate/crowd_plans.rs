//! A crowd's planning, a slice of work a tick: the members waiting for a
//! plan are served the longest waiting first, each a share of
//! [`Crowd::work_per_tick`], their plans advanced on all cores, and a plan
//! not made within its share goes on at the next tick.

use glam::IVec2;

use super::coarse_layer::CoarseLayer;
use super::crowd::{Crowd, CrowdEvent, Errand, retry_after};
use super::follower::Follower;
use super::many::{Slice, advance_many};
use super::start::standing_size;
use crate::controller::{BodyHandle, Simulation, SyncIfParallel};
use crate::world::BlockSource;

/// The least work a member waiting for a plan is given when it is served:
/// a crowd of thousands shares a tick's work among those it can serve
/// usefully, and the rest wait their turn.
const LEAST_SLICE: u64 = 2_000;

impl Crowd {
    /// Plans for the members of `layer`'s body size, collision mask and
    /// settings over it
    /// from now on ([`CoarseLayer::plan_within`]): its steps checked once
    /// and kept, its verdicts on goals out of reach given at once. A
    /// plan over the layer is made whole in the tick it is served (the
    /// layer's clusters built as it reaches them, their work counted in
    /// the tick's); the crowd serves members, the longest waiting first,
    /// until the tick's work is spent. Members of other sizes, masks or
    /// settings are planned for as before.
    pub fn set_layer(&mut self, layer: CoarseLayer) {
        self.layer = Some(layer);
    }

    /// The coarse layer plans are made over, if one was set.
    #[must_use]
    pub fn layer(&self) -> Option<&CoarseLayer> {
        self.layer.as_ref()
    }

    /// The coarse layer, to load and unload columns in
    /// ([`CoarseLayer::columns_arrived`]).
    pub fn layer_mut(&mut self) -> Option<&mut CoarseLayer> {
        self.layer.as_mut()
    }

    /// Plans for the members that need one, within the tick's work, and
    /// gives the ones whose plans are made their first keys. Which members
    /// are served, and with how much work, depends on the crowd's state
    /// and the tick alone, so the plans are the same on any number of
    /// threads.
    pub(super) fn plan_for_those_without<W, K>(
        &mut self,
        sim: &mut Simulation<W>,
        known: &K,
        events: &mut Vec<(BodyHandle, CrowdEvent)>,
    ) where
        W: BlockSource + SyncIfParallel,
        K: Fn(&W, IVec2) -> bool + SyncIfParallel,
    {
        let waiting = self.waiting();
        let waiting = self.plan_over_the_layer(sim, known, waiting, events);
        let served = self.serve(&waiting);
        if served.is_empty() {
            return;
        }
        let mut slices = Vec::with_capacity(served.len());
        let mut members = Vec::with_capacity(served.len());
        for &(m, work) in &served {
            let member = &mut self.members[m];
            let (Some(settings), Some(body)) =
                (sim.body_settings(member.handle), sim.body(member.handle))
            else {
                continue;
            };
            let Errand::ToPlan { job, .. } = &mut member.errand else {
                continue;
            };
            slices.push(Slice {
                settings: settings.clone(),
                body: *body,
                goal: member.goal,
                job: job.take().map(|j| *j),
                work,
            });
            members.push(m);
        }
        let before: Vec<u64> = slices
            .iter()
            .map(|s| s.job.as_ref().map_or(0, super::PlanJob::work))
            .collect();
        let world = sim.world();
        let columns = |column| known(world, column);
        let made = advance_many(
            (&mut self.planners, &self.memory),
            (world, &columns),
            &mut slices,
            self.work_budget,
        );
        for (((m, slice), made), before) in members.into_iter().zip(slices).zip(made).zip(before) {
            self.worked += match (&made, &slice.job) {
                (Ok(Some(plan)), _) => plan.work,
                (_, Some(job)) => job.work(),
                _ => before,
            } - before;
            self.take_plan(sim, m, slice, made, events);
        }
    }

    /// The members waiting for a plan, the longest waiting first (ties to
    /// the first member).
    fn waiting(&self) -> Vec<usize> {
        let mut waiting: Vec<(u64, usize)> = self
            .members
            .iter()
            .enumerate()
            .filter_map(|(m, member)| match member.errand {
                Errand::ToPlan { since, .. } => Some((since, m)),
                _ => None,
            })
            .collect();
        waiting.sort_unstable();
        waiting.into_iter().map(|(_, m)| m).collect()
    }

    /// Plans whole over the crowd's layer, if it has one, for the members
    /// of `waiting` of its size and settings, in order, until the tick's
    /// work is spent; the members left to plan for by slices, in order.
    fn plan_over_the_layer<W, K>(
        &mut self,
        sim: &mut Simulation<W>,
        known: &K,
        waiting: Vec<usize>,
        events: &mut Vec<(BodyHandle, CrowdEvent)>,
    ) -> Vec<usize>
    where
        W: BlockSource + SyncIfParallel,
        K: Fn(&W, IVec2) -> bool + SyncIfParallel,
    {
        let Some(mut layer) = self.layer.take() else {
            return waiting;
        };
        layer.planner_mut().work_budget = self.work_budget;
        let mut left = Vec::new();
        for m in waiting {
            let handle = self.members[m].handle;
            let (Some(settings), Some(body)) = (sim.body_settings(handle), sim.body(handle)) else {
                continue;
            };
            let size = standing_size(body);
            let fits = layer.planner().body_size() == size
                && layer.planner().settings() == settings
                && layer.planner().collision_mask() == body.collision_mask;
            if !fits || self.worked >= self.work_per_tick {
                left.push(m);
                continue;
            }
            let world = sim.world();
            let made = layer.plan_within(world, body, self.members[m].goal, &|c| known(world, c));
            self.worked += made.as_ref().map_or(0, |plan| plan.work);
            let slice = Slice {
                settings: settings.clone(),
                body: *body,
                goal: self.members[m].goal,
                job: None,
                work: 0,
            };
            self.take_plan(sim, m, slice, made.map(Some), events);
        }
        self.layer = Some(layer);
        left
    }

    /// The members of `waiting` served by slices this tick, in order, each
    /// with its share of the tick's work left: an even share, at least
    /// [`LEAST_SLICE`], until the work is given out.
    fn serve(&self, waiting: &[usize]) -> Vec<(usize, u64)> {
        let budget = self.work_per_tick.saturating_sub(self.worked);
        if waiting.is_empty() || budget == 0 {
            return Vec::new();
        }
        let share = (budget / waiting.len() as u64).max(LEAST_SLICE);
        let mut left = budget;
        let mut served = Vec::new();
        for &m in waiting {
            if left == 0 {
                break;
            }
            let work = share.min(left);
            left -= work;
            served.push((m, work));
        }
        served
    }

    /// What member `m`'s slice came to: a plan to follow (its first keys
    /// given now), no way (a wait, longer for each in a row), or a plan
    /// still being made, which waits for the next tick.
    fn take_plan<W: BlockSource + SyncIfParallel>(
        &mut self,
        sim: &mut Simulation<W>,
        m: usize,
        slice: Slice,
        made: Result<Option<super::Plan>, super::PlanError>,
        events: &mut Vec<(BodyHandle, CrowdEvent)>,
    ) {
        let clock = self.clock;
        let member = &mut self.members[m];
        let Errand::ToPlan { again, .. } = member.errand else {
            return;
        };
        let Some(body) = sim.body_mut(member.handle) else {
            return;
        };
        member.errand = match made {
            Ok(None) => Errand::ToPlan {
                again,
                since: clock,
                job: slice.job.map(Box::new),
            },
            Ok(Some(plan)) if plan.complete || !plan.steps.is_empty() => {
                member.failures = 0;
                let complete = plan.complete;
                events.push((member.handle, CrowdEvent::Planned { again, complete }));
                let step_height = slice.settings.walking.step_height;
                Errand::Following {
                    follower: Follower::new(&plan, body.feet(), step_height),
                    complete,
                    height: super::crowd::whole_height(body),
                }
            }
            _ => {
                member.failures += 1;
                events.push((member.handle, CrowdEvent::NoWay));
                Errand::Waiting {
                    until: clock + retry_after(member.failures),
                }
            }
        };
        if matches!(member.errand, Errand::Following { .. }) {
            self.inputs[m].1 = super::crowd::follow(member, body, false, clock, events);
        }
    }
}
