//! A crowd member whose goal moves (following another body): the plan it
//! walks is patched ([`Planner::retarget`](super::Planner::retarget))
//! rather than made anew, at the next tick.

use super::crowd::{Crowd, CrowdEvent, Errand};
use super::goal::Goal;
use super::many::planner_for;
use crate::controller::{BodyHandle, Simulation, SyncIfParallel};
use crate::world::BlockSource;

impl Crowd {
    /// Moves the goal of `handle`'s body to `goal`, as a goal that moves
    /// does (another body it follows): a member following a plan has the
    /// plan patched at the next [`Crowd::inputs`], its steps kept up to the
    /// one ending closest to `goal` and a tail planned from there, and walks
    /// on without stopping; any other is sent there ([`Crowd::send`]). The
    /// patch is made whole in its tick, its work counted in the tick's
    /// ([`Crowd::worked_last_tick`]) but not bounded by
    /// [`Crowd::work_per_tick`]: a tail is a few blocks.
    pub fn retarget(&mut self, handle: BodyHandle, goal: Goal) {
        match self.members.iter_mut().find(|m| m.handle == handle) {
            Some(member) if matches!(member.errand, Errand::Following { .. }) => {
                member.goal = goal;
                member.retarget = true;
            }
            _ => self.send(handle, goal),
        }
    }

    /// Patches the plans of the members whose goals moved: a `Planned`
    /// event (again) for each, or planned anew where no patch is found.
    pub(super) fn patch_moved_goals<W: BlockSource + SyncIfParallel>(
        &mut self,
        sim: &Simulation<W>,
        events: &mut Vec<(BodyHandle, CrowdEvent)>,
    ) {
        let Crowd {
            members,
            patching,
            memory,
            worked,
            clock,
            work_budget,
            ..
        } = self;
        for member in members.iter_mut().filter(|m| m.retarget) {
            member.retarget = false;
            let Errand::Following {
                follower, complete, ..
            } = &mut member.errand
            else {
                continue;
            };
            let (Some(settings), Some(body)) =
                (sim.body_settings(member.handle), sim.body(member.handle))
            else {
                continue;
            };
            let Ok(planner) = planner_for(patching, memory, settings, body) else {
                member.errand = Errand::to_plan(true, *clock);
                continue;
            };
            planner.work_budget = *work_budget;
            match planner.retarget(sim.world(), body, follower, member.goal) {
                Ok(plan) => {
                    *worked += plan.work;
                    *complete = plan.complete;
                    events.push((
                        member.handle,
                        CrowdEvent::Planned {
                            again: true,
                            complete: plan.complete,
                        },
                    ));
                }
                Err(_) => member.errand = Errand::to_plan(true, *clock),
            }
        }
    }
}
