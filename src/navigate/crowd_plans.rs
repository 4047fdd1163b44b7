//! A crowd's planning, a slice of work a tick: the members waiting for a
//! plan are handed out in a [`CrowdPlanning`], the longest waiting first,
//! served each a share of [`Crowd::work_per_tick`] with their plans
//! advanced on all cores, and what it came to taken back: a plan to
//! follow, no way, or a plan not made within its share, which goes on at
//! the next tick.

use rustc_hash::FxHashMap;

use super::coarse_layer::CoarseLayer;
use super::crowd::{Crowd, CrowdEvent, Errand, retry_after};
use super::crowd_planning::{CrowdPlanning, Made, Waiting};
use super::follower::Follower;
use crate::controller::{BodyHandle, Simulation, SyncIfParallel};
use crate::world::BlockSource;

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

    /// The coarse layer plans are made over, if one was set (`None` while
    /// a [`CrowdPlanning`] handed out by [`Crowd::inputs_beside`] holds it).
    #[must_use]
    pub fn layer(&self) -> Option<&CoarseLayer> {
        self.layer.as_ref()
    }

    /// The coarse layer, to load and unload columns in
    /// ([`CoarseLayer::columns_arrived`]); `None` while handed out.
    pub fn layer_mut(&mut self) -> Option<&mut CoarseLayer> {
        self.layer.as_mut()
    }

    /// The members waiting for a plan, the longest waiting first (ties to
    /// the first member), handed out with their plans as made so far, the
    /// crowd's planners and layer, and the tick's work.
    pub(super) fn hand_out<W: BlockSource + SyncIfParallel>(
        &mut self,
        sim: &Simulation<W>,
    ) -> CrowdPlanning {
        let mut order: Vec<(u64, usize)> = self
            .members
            .iter()
            .enumerate()
            .filter_map(|(m, member)| match member.errand {
                Errand::ToPlan { since, .. } => Some((since, m)),
                _ => None,
            })
            .collect();
        order.sort_unstable();
        let mut waiting = Vec::with_capacity(order.len());
        for (_, m) in order {
            let member = &mut self.members[m];
            let (Some(settings), Some(body)) =
                (sim.body_settings(member.handle), sim.body(member.handle))
            else {
                continue;
            };
            let Errand::ToPlan { job, .. } = &mut member.errand else {
                continue;
            };
            waiting.push(Waiting {
                handle: member.handle,
                sent: member.sent,
                settings: settings.clone(),
                body: *body,
                goal: member.goal,
                job: job.take().map(|j| *j),
            });
        }
        self.edits_while_out.clear();
        CrowdPlanning {
            waiting,
            made: Vec::new(),
            planners: std::mem::take(&mut self.planners),
            memory: self.memory.clone(),
            layer: self.layer.take(),
            work_budget: self.work_budget,
            work_per_tick: self.work_per_tick,
            worked: 0,
            holds: true,
        }
    }

    /// Takes `planning` back: the planners and layer it held, and what it
    /// came to for each member still waiting for it (a plan's first keys
    /// given now); members it did not serve, or that it was not run for,
    /// wait on with their plans as made so far. A block edited meanwhile
    /// ([`Crowd::edited`]) is told to the layer, and a plan just taken
    /// whose steps it touches is made again at the next tick.
    pub(super) fn take_back<W: BlockSource + SyncIfParallel>(
        &mut self,
        mut planning: CrowdPlanning,
        sim: &mut Simulation<W>,
        events: &mut Vec<(BodyHandle, CrowdEvent)>,
    ) {
        if !planning.holds {
            return;
        }
        self.planners = std::mem::take(&mut planning.planners);
        self.layer = planning.layer.take();
        self.worked += planning.worked;
        let edits = std::mem::take(&mut self.edits_while_out);
        if let Some(layer) = &mut self.layer {
            for &cell in &edits {
                layer.edited(cell);
            }
        }
        let index: FxHashMap<BodyHandle, usize> = self
            .members
            .iter()
            .enumerate()
            .map(|(m, member)| (member.handle, m))
            .collect();
        let not_run = planning.waiting.drain(..).map(|w| Made {
            handle: w.handle,
            sent: w.sent,
            step_height: w.settings.walking.step_height,
            job: w.job,
            result: None,
        });
        let made: Vec<Made> = planning.made.drain(..).chain(not_run).collect();
        for made in made {
            let Some(&m) = index.get(&made.handle) else {
                continue;
            };
            if self.members[m].sent != made.sent {
                continue;
            }
            self.take_plan(sim, m, made, events);
            if let Errand::Following {
                follower, height, ..
            } = &self.members[m].errand
                && edits.iter().any(|&cell| follower.touched_by(cell, *height))
            {
                self.members[m].errand = Errand::Blocked;
            }
        }
    }

    /// What member `m`'s planning came to: a plan to follow (its first keys
    /// given now), no way (a wait, longer for each in a row), or a plan
    /// still being made, or not served, which waits for the next tick.
    fn take_plan<W: BlockSource + SyncIfParallel>(
        &mut self,
        sim: &mut Simulation<W>,
        m: usize,
        made: Made,
        events: &mut Vec<(BodyHandle, CrowdEvent)>,
    ) {
        let clock = self.clock;
        let member = &mut self.members[m];
        let Errand::ToPlan { again, since, .. } = member.errand else {
            return;
        };
        let Some(body) = sim.body_mut(member.handle) else {
            return;
        };
        member.errand = match made.result {
            None => Errand::ToPlan {
                again,
                since,
                job: made.job.map(Box::new),
            },
            Some(Ok(None)) => Errand::ToPlan {
                again,
                since: clock,
                job: made.job.map(Box::new),
            },
            Some(Ok(Some(plan))) if plan.complete || !plan.steps.is_empty() => {
                member.failures = 0;
                let complete = plan.complete;
                events.push((member.handle, CrowdEvent::Planned { again, complete }));
                Errand::Following {
                    follower: Follower::new(&plan, body.feet(), made.step_height),
                    complete,
                    height: super::crowd::whole_height(body),
                }
            }
            Some(_) => {
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
