//! A crowd's tick: each member's keys from its follower, the crowd rule
//! applied, and its planning handed out, run and taken back, in line or
//! beside the step.

use glam::{DVec2, IVec2};

use super::crowd::{Crowd, CrowdEvent, Errand, STALL, follow, notice_edits};
use super::crowd_planning::CrowdPlanning;
use super::give_way::{Walker, who_gives_way};
use crate::controller::{BodyHandle, Input, Simulation, SyncIfParallel};
use crate::world::BlockSource;

impl Crowd {
    /// This tick's keys for every member, to pass to [`Simulation::step`]
    /// (members whose bodies were removed leave the crowd), and what
    /// happened to each, appended to `events` after clearing it. Turns each
    /// walking body to face its step.
    pub fn inputs<W: BlockSource + SyncIfParallel>(
        &mut self,
        sim: &mut Simulation<W>,
        events: &mut Vec<(BodyHandle, CrowdEvent)>,
    ) -> &[(BodyHandle, Input)] {
        self.inputs_within(sim, &|_: &W, _| true, events)
    }

    /// [`Crowd::inputs`] over a world that holds only the columns (x, z)
    /// that `known` accepts of it, as a streamed one does
    /// ([`StreamingWorld::holds_column`]): each plan ends at the edge of
    /// what is known where the goal lies beyond
    /// ([`Planner::plan_within`](super::Planner::plan_within)),
    /// and is made again from there once the body has walked it.
    ///
    /// [`StreamingWorld::holds_column`]: crate::streaming::StreamingWorld::holds_column
    pub fn inputs_within<W, K>(
        &mut self,
        sim: &mut Simulation<W>,
        known: &K,
        events: &mut Vec<(BodyHandle, CrowdEvent)>,
    ) -> &[(BodyHandle, Input)]
    where
        W: BlockSource + SyncIfParallel,
        K: Fn(&W, IVec2) -> bool + SyncIfParallel,
    {
        self.follow_all(sim, events);
        let mut planning = self.hand_out(sim);
        planning.run_within(sim.world(), known);
        self.take_back(planning, sim, events);
        &self.inputs
    }

    /// [`Crowd::inputs`] with the planning beside the step: the plans made
    /// by `planning` since it was handed out at the last tick are taken
    /// back and followed from now on, and the members still waiting are
    /// handed out in it again, for the game to [`run`](CrowdPlanning::run)
    /// while [`Simulation::step`] runs (on a worker thread, over the world
    /// the step reads: a [`SharedWorld`](crate::world::SharedWorld) clone).
    /// A plan is then followed from the tick after the one it was handed
    /// out in, from the body as it is then: the same states, run on any
    /// thread or in line. While it is out, the planning holds the crowd's
    /// planners and layer ([`Crowd::layer`] is `None`); one not handed
    /// back takes them with it. The world must not be edited while it
    /// runs.
    pub fn inputs_beside<W: BlockSource + SyncIfParallel>(
        &mut self,
        sim: &mut Simulation<W>,
        planning: &mut CrowdPlanning,
        events: &mut Vec<(BodyHandle, CrowdEvent)>,
    ) -> &[(BodyHandle, Input)] {
        self.follow_all(sim, events);
        self.take_back(std::mem::take(planning), sim, events);
        *planning = self.hand_out(sim);
        &self.inputs
    }

    /// The start of a tick: each member's keys from its follower, the
    /// crowd rule applied, edits to the places its steps end in noticed.
    fn follow_all<W: BlockSource + SyncIfParallel>(
        &mut self,
        sim: &mut Simulation<W>,
        events: &mut Vec<(BodyHandle, CrowdEvent)>,
    ) {
        events.clear();
        self.clock += 1;
        self.worked = 0;
        self.members.retain(|m| sim.body(m.handle).is_some());
        self.patch_moved_goals(sim, events);
        self.decide_who_gives_way(sim);
        self.inputs.clear();
        for (m, member) in self.members.iter_mut().enumerate() {
            notice_edits(member, sim, (&mut self.resolver, self.clock), events);
            let gives_way = self.walker_of[m].is_some_and(|w| self.waits[w]);
            let input = sim.body_mut(member.handle).map_or(Input::IDLE, |body| {
                follow(member, body, gives_way, self.clock, events)
            });
            self.inputs.push((member.handle, input));
        }
    }

    /// Fills `waits` for the members following a plan.
    fn decide_who_gives_way<W: BlockSource + SyncIfParallel>(&mut self, sim: &Simulation<W>) {
        self.walkers.clear();
        self.walker_of.clear();
        for member in &self.members {
            let walker = match (&member.errand, sim.body(member.handle)) {
                (Errand::Following { follower, .. }, Some(body)) => {
                    follower.remaining().first().map(|step| {
                        let feet = body.feet();
                        let across = DVec2::new(step.to.feet.x - feet.x, step.to.feet.z - feet.z);
                        Walker {
                            feet,
                            toward: across.normalize_or_zero(),
                            velocity: DVec2::new(body.momentum.x, body.momentum.z),
                            half_width: 0.5 * (body.aabb.max.x - body.aabb.min.x),
                            left: follower.distance_left(feet),
                            stalled: follower.ticks_without_progress() >= STALL,
                        }
                    })
                }
                _ => None,
            };
            self.walker_of.push(walker.map(|w| {
                self.walkers.push(w);
                self.walkers.len() - 1
            }));
        }
        who_gives_way(&self.walkers, &mut self.waits);
    }
}
