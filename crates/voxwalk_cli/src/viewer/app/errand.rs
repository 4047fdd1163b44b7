//! The player sent somewhere by itself (`g`): a plan to a far spot, walked
//! by a follower until it arrives, cannot go on, or a walking key takes
//! the body back.

use glam::{DVec3, IVec3};

use super::App;
use voxwalk::controller::Input;
use voxwalk::navigate::{FollowEvent, Follower, Goal, Planner};

/// How far away a far spot is looked for, blocks.
const FAR: f64 = 32.0;
/// The most places one search expands here: a frame's worth of planning.
const NODES: usize = 6_000;

/// A walk the player makes by itself.
#[derive(Debug)]
pub(crate) struct Errand {
    follower: Follower,
}

impl App {
    /// Sends the player towards a spot about 32 blocks away, in a direction
    /// that turns a little further round each time: the plan's end is the
    /// reachable spot nearest that column.
    pub(super) fn send_far(&mut self) {
        self.errands += 1;
        let turn = f64::from(self.errands) * 2.399_963; // the golden angle
        let body = *self.player();
        let aim = body.feet() + DVec3::new(turn.cos(), 0.0, turn.sin()) * FAR;
        let goal = Goal::Column {
            x: aim.x.floor() as i32,
            z: aim.z.floor() as i32,
        };
        let size = body.aabb.max - body.aabb.min;
        let planned = Planner::new(self.sim.settings().clone(), size).and_then(|mut planner| {
            planner.node_budget = NODES;
            planner.plan(self.sim.world(), &body, goal)
        });
        match planned {
            Ok(plan) if !plan.steps.is_empty() => {
                let end = plan.end().cell;
                self.message = format!(
                    "going to {}, {}, {}: {} steps, {} ticks planned{}",
                    end.x,
                    end.y,
                    end.z,
                    plan.steps.len(),
                    plan.ticks,
                    if plan.complete {
                        ""
                    } else {
                        " (as near as it gets)"
                    }
                );
                let step_height = self.sim.settings().walking.step_height;
                self.errand = Some(Errand {
                    follower: Follower::new(&plan, body.feet(), step_height),
                });
            }
            Ok(_) => self.message = "no way to go from here".into(),
            Err(e) => self.message = e.to_string(),
        }
    }

    /// The player's keys while on an errand: the follower's, until it
    /// arrives or cannot go on; `None` when there is no errand.
    pub(super) fn errand_input(&mut self) -> Option<Input> {
        let errand = self.errand.as_mut()?;
        let body = self.sim.bodies_mut().first_mut()?;
        let (input, event) = errand.follower.input(body);
        match event {
            Some(FollowEvent::Arrived) => {
                self.message = "arrived".into();
                self.errand = None;
            }
            Some(FollowEvent::Stuck(why)) => {
                self.message = format!("stuck: {}", why.describe());
                self.errand = None;
            }
            _ => {}
        }
        Some(input)
    }

    /// The cells the errand's plan still steps to, in order.
    #[must_use]
    pub fn errand_path(&self) -> Vec<IVec3> {
        self.errand.as_ref().map_or_else(Vec::new, |e| {
            e.follower.remaining().iter().map(|s| s.to.cell).collect()
        })
    }
}
