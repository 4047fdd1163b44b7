//! A crowd's planning, a slice of work a tick: the members waiting for a
//! plan are served the longest waiting first, each a share of
//! [`Crowd::work_per_tick`], their plans advanced on all cores, and a plan
//! not made within its share goes on at the next tick.

use glam::IVec2;

use super::crowd::{Crowd, CrowdEvent, Errand, retry_after};
use super::follower::Follower;
use super::many::{Slice, advance_many};
use crate::controller::{BodyHandle, Simulation, SyncIfParallel};
use crate::world::BlockSource;

/// The least work a member waiting for a plan is given when it is served:
/// a crowd of thousands shares a tick's work among those it can serve
/// usefully, and the rest wait their turn.
const LEAST_SLICE: u64 = 2_000;

impl Crowd {
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
        let served = self.serve();
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

    /// The members served this tick, the longest waiting first (ties to
    /// the first member), each with its share of the tick's work: an even
    /// share, at least [`LEAST_SLICE`], until the work is given out.
    fn serve(&self) -> Vec<(usize, u64)> {
        let mut waiting: Vec<(u64, usize)> = self
            .members
            .iter()
            .enumerate()
            .filter_map(|(m, member)| match member.errand {
                Errand::ToPlan { since, .. } => Some((since, m)),
                _ => None,
            })
            .collect();
        if waiting.is_empty() {
            return Vec::new();
        }
        waiting.sort_unstable();
        let share = (self.work_per_tick / waiting.len() as u64).max(LEAST_SLICE);
        let mut left = self.work_per_tick;
        let mut served = Vec::new();
        for (_, m) in waiting {
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
