//! Bodies that find their own way: a planner whose every plan the
//! controller has walked, and a follower that walks it.
//!
//! A plan is a chain of places a body stands ([`Standing`]: a cell, feet at
//! rest in the middle of it) joined by [`Step`]s: walk over (level, up a
//! step, diagonally), jump up onto a ledge, drop down (3 blocks at most
//! unless set), leap a gap with a sprint-jump after 0 to 3 blocks of
//! run-up, climb a ladder or vines, and swim water too deep to stand in.
//! The [`Planner`] searches them with A*, costed in ticks, and takes
//! a step only if the controller, steered by the very policy the
//! [`Follower`] uses, makes it from rest in the world as it is: so a plan
//! never asks for a jump the model cannot make (a 4-block gap is leapt, a
//! 5-block one never planned). A found plan is then walked once, from the
//! body as it is, with the follower; a step that walk cannot make is left
//! out and the search made again. A search that runs out of its work budget
//! (simulated ticks, [`Planner::work_budget`]) returns the plan that came
//! closest, the same one for the same budget; [`Plan::complete`] says
//! whether the plan's end is the goal. Checked steps are remembered in a
//! [`StepMemory`] bounded in bytes, which planners may share.
//!
//! The [`Follower`] gives the keys tick by tick (turning the body to face
//! its step, jumping, sprinting, braking at the end) and says when a step
//! is made, when the body has arrived, and when it cannot go on
//! ([`StuckReason`]): no closer for two seconds (a block placed in the way,
//! a crowd) or fallen below the step. The game plans again then.
//!
//! ```
//! use voxwalk::block::BlockId;
//! use voxwalk::controller::{Body, Controller, Settings};
//! use voxwalk::glam::{DVec3, IVec3};
//! use voxwalk::navigate::{FollowEvent, Follower, Goal, Planner};
//! use voxwalk::world::World;
//!
//! let mut world = World::new();
//! world.fill(IVec3::new(0, 0, 0), IVec3::new(3, 0, 2), BlockId::STONE);
//! world.fill(IVec3::new(7, 0, 0), IVec3::new(12, 0, 2), BlockId::STONE); // a 3-block gap
//! let mut body = Body::new(DVec3::new(1.5, 1.0, 1.5), Body::DEFAULT_SIZE).unwrap();
//! let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
//! let plan = planner.plan(&world, &body, Goal::Cell(IVec3::new(10, 1, 1))).unwrap();
//! assert!(plan.complete);
//!
//! let mut controller = Controller::new(Settings::default()).unwrap();
//! let mut follower = Follower::new(&plan, body.feet(), 0.6);
//! let mut events = Vec::new();
//! let mut ticks = 0;
//! loop {
//!     let (input, event) = follower.input(&mut body);
//!     if event == Some(FollowEvent::Arrived) {
//!         break;
//!     }
//!     controller.tick(&world, &mut body, input, &mut events).unwrap();
//!     ticks += 1;
//! }
//! assert_eq!(ticks, plan.ticks); // walked as it was checked
//! assert_eq!(body.feet().floor().as_ivec3(), IVec3::new(10, 1, 1));
//! ```
//!
//! Many bodies of a `Simulation` go as a [`Crowd`]: plans made together on
//! all cores, a step's end that an edit changed noticed at once, and a
//! rule for jams (a stalled body gives way to one further along its plan).
//!
//! Not done yet: movers as steps (`docs/navigation.md`).

mod checking;
mod cluster;
mod cluster_build;
mod coarse_graph;
mod coarse_layer;
mod corridor;
mod crowd;
mod crowd_planning;
mod crowd_plans;
mod crowd_retarget;
#[cfg(feature = "serde")]
mod crowd_save;
mod crowd_tick;
mod follower;
mod give_way;
mod goal;
mod layer_job;
mod layer_plan;
mod layer_reach;
mod many;
mod place_costs;
mod plan;
mod plan_job;
mod planner;
mod reach_map;
mod read_box;
mod retarget;
mod search;
mod shape_classes;
mod standing;
mod start;
mod steering;
mod step;
mod step_cache;

pub use coarse_layer::{CoarseLayer, DEFAULT_LAYER_BYTES, LayerShape};
pub use crowd::{Crowd, CrowdEvent, DEFAULT_CROWD_WORK_PER_TICK};
pub use crowd_planning::CrowdPlanning;
#[cfg(feature = "serde")]
pub use crowd_save::{CrowdSave, CrowdSaveError};
pub use follower::{FollowEvent, Follower, StuckReason};
pub use goal::Goal;
pub use layer_job::LayerJob;
pub use many::plan_many;
pub use place_costs::{DEFAULT_LAVA_COST, PlaceCosts};
pub use plan::Plan;
pub use plan_job::PlanJob;
pub use planner::{DEFAULT_WORK_BUDGET, MAX_CHECK_WORK, PlanError, Planner};
pub use reach_map::{ReachMap, Reachability};
pub use standing::Standing;
pub use step::{Step, StepKind};
pub use step_cache::{DEFAULT_STEP_MEMORY_BYTES, StepMemory};
