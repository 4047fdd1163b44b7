//! The player sent somewhere by itself (`g` to a far spot, `k` to a spot
//! picked with a cursor): a plan there, walked by a follower until it
//! arrives, cannot go on, or a walking key takes the body back.

use glam::{DVec3, IVec2, IVec3};

use super::App;
use crate::viewer::action::ScreenDir;
use voxwalk::controller::Input;
use voxwalk::navigate::{FollowEvent, Follower, Goal, Planner};

/// How far away a far spot is looked for, blocks.
const FAR: f64 = 32.0;
/// The most work one plan takes here, in simulated ticks.
const WORK: u64 = 300_000;

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
        let aim = self.player().feet() + DVec3::new(turn.cos(), 0.0, turn.sin()) * FAR;
        self.send_to(aim.x.floor() as i32, aim.z.floor() as i32);
    }

    /// Shows the cursor on the player's column, or puts it away.
    pub(super) fn toggle_cursor(&mut self) {
        if self.cursor.take().is_some() {
            self.message = "no spot picked".into();
            return;
        }
        let feet = self.player().feet();
        let at = IVec2::new(feet.x.floor() as i32, feet.z.floor() as i32);
        self.cursor = Some(at);
        self.message = "pick a spot: walking keys move the cursor, Enter sends the body".into();
    }

    /// Moves the cursor one column the way `dir` points on screen.
    pub(super) fn move_cursor(&mut self, dir: ScreenDir) {
        let step = self.world_direction(dir).round().as_ivec2();
        if let Some(at) = self.cursor.as_mut() {
            *at += step;
            self.message = format!("cursor at {}, {}: Enter sends the body there", at.x, at.y);
        }
    }

    /// Sends the player to the picked column and puts the cursor away.
    pub(super) fn send_to_cursor(&mut self) {
        if let Some(at) = self.cursor.take() {
            self.send_to(at.x, at.y);
        }
    }

    /// The column the cursor picks, while it is shown.
    #[must_use]
    pub fn cursor(&self) -> Option<IVec2> {
        self.cursor
    }

    /// Plans the player's way to the reachable spot nearest column (`x`,
    /// `z`) and sets it walking, or says why it cannot.
    fn send_to(&mut self, x: i32, z: i32) {
        let body = *self.player();
        let goal = Goal::Column { x, z };
        let size = body.aabb.max - body.aabb.min;
        let planned = Planner::new(self.sim.settings().clone(), size).and_then(|mut planner| {
            planner.work_budget = WORK;
            let (world, feed) = (self.sim.world(), &self.feed);
            let known = |column| feed.knows_column(world, body.feet(), column);
            planner.plan_within(world, &body, goal, &known)
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
                    } else if plan.frontier {
                        " (to the edge of the loaded world: send it again there)"
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
