//! The player sent somewhere by itself (`g` to a far spot, `k` to a spot
//! picked with a cursor): a plan there, made a slice of work each frame so
//! the viewer stays live while it is made, then walked by a follower until
//! it arrives, cannot go on, or a walking key takes the body back.

use glam::{DVec3, IVec2, IVec3};

use super::App;
use crate::viewer::action::ScreenDir;
use voxwalk::controller::Input;
use voxwalk::navigate::{FollowEvent, Follower, Goal, Plan, PlanJob, Planner};

/// How far away a far spot is looked for, blocks.
const FAR: f64 = 32.0;
/// The most work one plan takes here, in simulated ticks.
const WORK: u64 = 300_000;
/// The work a frame gives a plan being made: a few milliseconds of a
/// frame's 16 (a search pauses between places, so a frame may run over by
/// one place's checks).
pub const PLAN_WORK_PER_FRAME: u64 = 10_000;

/// A walk the player makes by itself.
#[derive(Debug)]
pub(crate) enum Errand {
    /// Its plan being made, a slice a frame; the body idles meanwhile, so
    /// the plan is for the state it stays in.
    Planning {
        planner: Box<Planner>,
        job: Box<PlanJob>,
        /// Where the body stood when the plan began: what the streamed
        /// world's known columns are judged from.
        feet: DVec3,
    },
    /// Walking the plan.
    Following(Follower),
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

    /// Begins planning the player's way to the reachable spot nearest
    /// column (`x`, `z`), made a slice a frame ([`App::plan_errand`]), or
    /// says why it cannot.
    fn send_to(&mut self, x: i32, z: i32) {
        let body = *self.player();
        let goal = Goal::Column { x, z };
        let size = body.aabb.max - body.aabb.min;
        let begun = Planner::new(self.sim.settings().clone(), size).and_then(|mut planner| {
            planner.work_budget = WORK;
            let job = planner.begin(self.sim.world(), &body, goal)?;
            Ok((planner, job))
        });
        match begun {
            Ok((planner, job)) => {
                self.message = format!("planning the way to {x}, {z}…");
                self.errand = Some(Errand::Planning {
                    planner: Box::new(planner),
                    job: Box::new(job),
                    feet: body.feet(),
                });
            }
            Err(e) => self.message = e.to_string(),
        }
    }

    /// Gives the errand's plan, while it is being made, this frame's slice
    /// of work; sets the body walking once it is made.
    pub(super) fn plan_errand(&mut self) {
        self.plan_work_last_frame = None;
        let Some(Errand::Planning { planner, job, feet }) = self.errand.as_mut() else {
            return;
        };
        let (world, feed, feet) = (self.sim.world(), &self.feed, *feet);
        let known = |column| feed.knows_column(world, feet, column);
        let before = job.work();
        let planned = planner.advance(world, job, &known, PLAN_WORK_PER_FRAME);
        self.plan_work_last_frame = Some(job.work() - before);
        match planned {
            Some(plan) => self.follow(&plan),
            None => self.message = format!("planning… ({} ticks of work)", job.work()),
        }
    }

    /// Sets the body walking `plan`, or says there is no way.
    fn follow(&mut self, plan: &Plan) {
        if plan.steps.is_empty() {
            self.message = "no way to go from here".into();
            self.errand = None;
            return;
        }
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
        let feet = self.player().feet();
        self.errand = Some(Errand::Following(Follower::new(plan, feet, step_height)));
    }

    /// The work the errand's plan was given in the last frame, while one
    /// is being made.
    #[must_use]
    pub fn plan_work_last_frame(&self) -> Option<u64> {
        self.plan_work_last_frame
    }

    /// Whether the errand's plan is still being made.
    #[must_use]
    pub fn planning(&self) -> bool {
        matches!(self.errand, Some(Errand::Planning { .. }))
    }

    /// The player's keys while on an errand: none while its plan is made
    /// (the body idles, so the plan is for the state it is in), then the
    /// follower's, until it arrives or cannot go on; `None` when there is
    /// no errand.
    pub(super) fn errand_input(&mut self) -> Option<Input> {
        let Errand::Following(follower) = self.errand.as_mut()? else {
            return Some(Input::IDLE);
        };
        let body = self.sim.bodies_mut().first_mut()?;
        let (input, event) = follower.input(body);
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
        match &self.errand {
            Some(Errand::Following(follower)) => {
                follower.remaining().iter().map(|s| s.to.cell).collect()
            }
            _ => Vec::new(),
        }
    }
}
