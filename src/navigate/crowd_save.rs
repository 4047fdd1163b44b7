//! A crowd written down and read back: each member's goal and how far its
//! errand has come, so a game that saves its world
//! ([`Simulation::state`](crate::controller::Simulation::state)) saves its
//! bodies' errands beside it.
//!
//! What is written is what the errands are, not what speeds them up: the
//! planners, the step memory and the coarse layer are built again as plans
//! need them. A plan half made when the crowd is saved is made again from
//! its start after a restore, so only then does the restored crowd part
//! from the one saved (the same plan, a few ticks later); a crowd saved
//! with every member following, waiting or arrived goes on bit for bit.

use rustc_hash::FxHashSet;
use serde::{Deserialize, Serialize};

use super::crowd::{Crowd, Errand, Member};
use super::goal::Goal;
use crate::controller::BodyHandle;

/// A [`Crowd`] as [`Crowd::save`] writes it, for any serde format; floats
/// are written exactly ([`crate::serde_exact`]), and a read back is
/// checked by [`Crowd::restore`].
///
/// ```
/// use voxwalk::block::BlockId;
/// use voxwalk::controller::{Body, Settings, Simulation};
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::navigate::{Crowd, CrowdSave, Goal};
/// use voxwalk::world::World;
///
/// let mut world = World::new();
/// world.fill(IVec3::new(0, 0, 0), IVec3::new(20, 0, 4), BlockId::STONE);
/// let mut sim = Simulation::new(world, Settings::default()).unwrap();
/// let body = sim.add_body(Body::new(DVec3::new(1.5, 1.0, 2.5), Body::DEFAULT_SIZE).unwrap());
/// let mut crowd = Crowd::new();
/// crowd.send(body, Goal::Column { x: 18, z: 2 });
/// let mut events = Vec::new();
/// for _ in 0..20 {
///     let inputs = crowd.inputs(&mut sim, &mut events).to_vec();
///     sim.step(&inputs).unwrap();
/// }
/// let text = serde_json::to_string(&crowd.save()).unwrap();
/// let saved: CrowdSave = serde_json::from_str(&text).unwrap();
/// let restored = Crowd::restore(saved).unwrap();
/// assert_eq!(restored.remaining(body), crowd.remaining(body));
/// ```
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrowdSave {
    work_budget: u64,
    work_per_tick: u64,
    clock: u64,
    /// Their plans half made left out.
    members: Vec<Member>,
}

/// Why a [`CrowdSave`] cannot be restored: which member, and what of it is
/// out of range.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum CrowdSaveError {
    /// A member's goal or errand holds a value no crowd makes.
    #[error("member {member} (body {body:?}): {what}")]
    Member {
        /// Its place in the save's list of members.
        member: usize,
        /// Its body.
        body: BodyHandle,
        /// What is wrong.
        what: &'static str,
    },
    /// Two members name one body.
    #[error("body {0:?} is a member twice")]
    Twice(BodyHandle),
}

impl Crowd {
    /// What the crowd is doing, to write beside the simulation's state:
    /// every member's goal and errand, the plan it follows and how far
    /// along. Saved between ticks, with the planning taken back
    /// ([`Crowd::inputs_beside`]).
    #[must_use]
    pub fn save(&self) -> CrowdSave {
        let members = self
            .members
            .iter()
            .map(|member| Member {
                handle: member.handle,
                goal: member.goal,
                // The plan half made is not written: made again after a
                // restore.
                errand: match &member.errand {
                    Errand::ToPlan { again, since, .. } => Errand::to_plan(*again, *since),
                    errand => errand.clone(),
                },
                failures: member.failures,
                sent: member.sent,
                retarget: member.retarget,
            })
            .collect();
        CrowdSave {
            work_budget: self.work_budget,
            work_per_tick: self.work_per_tick,
            clock: self.clock,
            members,
        }
    }

    /// The crowd `save` was written from, with fresh planners, a step
    /// memory of its own and no coarse layer ([`Crowd::set_layer`] sets
    /// one again).
    ///
    /// # Errors
    /// [`CrowdSaveError`] for a member whose goal or plan holds a value
    /// out of range (a float not finite, a step past the plan's end, a body
    /// of no height) or a body that is a member twice.
    pub fn restore(save: CrowdSave) -> Result<Crowd, CrowdSaveError> {
        let mut crowd = Crowd::new();
        crowd.work_budget = save.work_budget;
        crowd.work_per_tick = save.work_per_tick;
        crowd.clock = save.clock;
        let mut bodies = FxHashSet::default();
        for (index, member) in save.members.into_iter().enumerate() {
            if !bodies.insert(member.handle) {
                return Err(CrowdSaveError::Twice(member.handle));
            }
            let what = if goal_in_range(&member.goal) {
                match &member.errand {
                    Errand::Following { height, .. } if *height < 1 => {
                        Some("its height is under a block")
                    }
                    Errand::Following { follower, .. } => follower.out_of_range(),
                    _ => None,
                }
            } else {
                Some("its goal is not finite")
            };
            if let Some(what) = what {
                return Err(CrowdSaveError::Member {
                    member: index,
                    body: member.handle,
                    what,
                });
            }
            crowd.members.push(member);
        }
        Ok(crowd)
    }
}

/// Whether every float of `goal` is finite (a radius not below zero).
fn goal_in_range(goal: &Goal) -> bool {
    match *goal {
        Goal::Cell(_) | Goal::Column { .. } => true,
        Goal::Near { point, radius } => point.is_finite() && radius.is_finite() && radius >= 0.0,
        Goal::Height(y) => y.is_finite(),
    }
}
