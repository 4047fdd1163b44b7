//! The search: A* over the places a body stands, each move checked by
//! simulating the controller with the steering that will make it.

use glam::{DVec3, IVec2, IVec3};
use rustc_hash::FxHashSet;

use super::goal::Goal;
use super::place_costs::PlaceCosts;
use super::plan::Plan;
use super::search::Searching;
use super::standing::{Places, Standing};
use super::step::{Reach, Step, StepKind, candidates};
use super::step_cache::{Checked, StepMemory};
use crate::controller::{Body, Controller, Pose, SettingError, Settings};
use crate::world::BlockSource;

/// The work one plan may take unless told otherwise
/// ([`Planner::work_budget`]): a million simulated ticks, some 20,000
/// places over hills (about 50 a place there, checks remembered or not).
pub const DEFAULT_WORK_BUDGET: u64 = 1_000_000;
/// The most work one step check may be charged: the longest a check
/// simulates (a swim of 16 columns diagonally, up to `30 + 24 · √(17² +
/// 17² + 3²)` ticks, rounded up; no check runs longer). A plan's work ends
/// at most this far past its budget, plus its checking walks (documented
/// on [`Planner::work_budget`]).
pub const MAX_CHECK_WORK: u64 = 640;
/// How many times a plan whose walk left it is searched again, without the
/// step the walk could not make.
pub(super) const REPAIRS: usize = 4;

/// Steps a plan's walk could not make, by their ends: searched again
/// without them.
pub(super) type Banned = FxHashSet<(IVec3, IVec3)>;

/// Why no plan could be made.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PlanError {
    /// The body stands nowhere a plan can start: in the air, in a block.
    #[error("the body at {0} stands on nothing a plan can start from")]
    NotStanding(DVec3),
    /// The settings are out of range.
    #[error(transparent)]
    Settings(#[from] SettingError),
    /// A coarse layer was asked to plan for a body meeting other collision
    /// layers than those it was built for: its places and steps are not
    /// that body's.
    #[error("the body meets collision layers {body:#b}; the coarse layer was built for {layer:#b}")]
    OtherMask {
        /// The body's [`Body::collision_mask`].
        body: u32,
        /// The mask the layer's planner was made [`Planner::meeting`].
        layer: u32,
    },
}

/// Finds plans for bodies of one size and one set of settings.
///
/// ```
/// use voxwalk::block::BlockId;
/// use voxwalk::controller::{Body, Settings};
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::navigate::{Goal, Planner};
/// use voxwalk::world::World;
///
/// let mut world = World::new();
/// world.fill(IVec3::new(0, 0, 0), IVec3::new(12, 0, 2), BlockId::STONE);
/// world.fill(IVec3::new(6, 1, 0), IVec3::new(12, 1, 2), BlockId::STONE); // a ledge
/// let body = Body::new(DVec3::new(1.5, 1.0, 1.5), Body::DEFAULT_SIZE).unwrap();
/// let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
/// let plan = planner.plan(&world, &body, Goal::Cell(IVec3::new(10, 2, 1))).unwrap();
/// assert!(plan.complete);
/// assert_eq!(plan.end().cell, IVec3::new(10, 2, 1));
/// ```
#[derive(Debug)]
pub struct Planner {
    pub(super) controller: Controller,
    pub(super) places: Places,
    pub(super) reach: Reach,
    /// Steps already checked, by the shape of the blocks around them:
    /// this planner's own, or shared with others.
    memory: StepMemory,
    /// The collision layers the bodies planned for meet
    /// ([`Body::collision_mask`]): every step is checked, and every place
    /// found, as a body meeting only those.
    pub(super) mask: u32,
    /// The body's size, mask and settings as the memory numbers them, and
    /// its height in whole blocks, for the memory's keys.
    key_of: (u32, i32),
    /// The most work a plan may take, in simulated ticks: every step check
    /// is charged the ticks its simulation takes (remembered or not,
    /// failed or not), every place expanded one more, and the checking
    /// walks their ticks. A search stops once its work reaches the budget
    /// (looked at before every check) and returns the best partial plan,
    /// the same one for the same budget whatever was planned before and on
    /// any thread; no search starts again once a checking walk has taken
    /// the work past it. So a plan's whole work ([`Plan::work`]) is at most
    /// the budget, plus [`MAX_CHECK_WORK`] for the check under way when it
    /// ran out, plus the walks of the last plan searched (one, and one more
    /// if it had to be cut short: each at most twice its ticks, 20 a step
    /// and 40). The search's own memory (places, open list) grows with its
    /// work, so the budget bounds it too.
    pub work_budget: u64,
    /// What a plan pays beyond ticks for the places its steps end in:
    /// lava ([`DEFAULT_LAVA_COST`](super::DEFAULT_LAVA_COST) a step unless
    /// set), and block types a game sets ([`PlaceCosts::set_block`]). A
    /// plan is the quickest by ticks plus these; its `ticks` are still the
    /// ticks it is walked in.
    pub costs: PlaceCosts,
}

impl Clone for Planner {
    /// A planner of its own that plans as this one does: its settings,
    /// size, mask, budget and costs, sharing its step memory. The places it
    /// has looked at are not copied: they are found again, the same.
    fn clone(&self) -> Planner {
        Planner {
            controller: self.controller.clone(),
            places: Places::new(self.reach.size, self.mask).crouching(self.reach.crouch_height),
            reach: self.reach,
            memory: self.memory.clone(),
            mask: self.mask,
            key_of: self.key_of,
            work_budget: self.work_budget,
            costs: self.costs.clone(),
        }
    }
}

impl Planner {
    /// A planner for bodies of `size` moved by `settings`, dropping at
    /// most 3 blocks (Minecraft's fall without damage) and leaping gaps of
    /// up to 4 cells.
    ///
    /// # Errors
    /// A setting out of range.
    pub fn new(settings: Settings, size: DVec3) -> Result<Planner, PlanError> {
        Planner::with_memory(settings, size, &StepMemory::default())
    }

    /// [`Planner::new`] remembering its checked steps in `memory`, which
    /// other planners may share (bodies of other sizes and settings too):
    /// one memory, one cap, for all of them.
    ///
    /// # Errors
    /// A setting out of range.
    pub fn with_memory(
        settings: Settings,
        size: DVec3,
        memory: &StepMemory,
    ) -> Result<Planner, PlanError> {
        let step_height = settings.walking.step_height;
        let mask = u32::MAX;
        let profile = memory.lock().profile((size, mask), &settings);
        let crouched = Pose::Sneaking.height(&settings, size.y);
        let crouch_height = (crouched < size.y - 1e-9).then_some(crouched);
        Ok(Planner {
            controller: Controller::new(settings)?,
            places: Places::new(size, mask).crouching(crouch_height),
            mask,
            reach: Reach {
                size,
                crouch_height,
                step_height,
                max_drop: 3,
                max_gap: 4,
            },
            work_budget: DEFAULT_WORK_BUDGET,
            costs: PlaceCosts::default(),
            memory: memory.clone(),
            #[allow(clippy::cast_possible_truncation)] // a body at most a few blocks tall
            key_of: (profile, size.y.ceil() as i32),
        })
    }

    /// The size of the bodies this planner plans for.
    #[must_use]
    pub fn body_size(&self) -> DVec3 {
        self.reach.size
    }

    /// The settings it plans with.
    #[must_use]
    pub fn settings(&self) -> &Settings {
        self.controller.settings()
    }

    /// The collision layers the bodies it plans for meet: every layer
    /// unless it was made [`Planner::meeting`] others, or last planned for
    /// a body meeting others.
    #[must_use]
    pub fn collision_mask(&self) -> u32 {
        self.mask
    }

    /// This planner for bodies meeting only the blocks of the collision
    /// layers in `mask` ([`Body::collision_mask`]): a block on a layer
    /// outside it is air to its plans, as to the body's own moves. A coarse
    /// layer is built for one mask; [`Planner::plan`] plans for the mask
    /// of the body it is given.
    ///
    /// ```
    /// use voxwalk::block::{BlockType, PropertyValue};
    /// use voxwalk::controller::{Body, Settings};
    /// use voxwalk::glam::{DVec3, IVec3};
    /// use voxwalk::navigate::{Goal, Planner};
    /// use voxwalk::world::World;
    ///
    /// let mut world = World::new();
    /// // A fence on collision layer 1 across the floor.
    /// let fence = BlockType::cube("ghost_fence")
    ///     .with_property("collision_layers", PropertyValue::Number(2.0));
    /// let gate = world.register_block(fence).unwrap();
    /// world.fill(IVec3::new(0, 0, 0), IVec3::new(12, 0, 2), voxwalk::block::BlockId::STONE);
    /// world.fill(IVec3::new(6, 1, 0), IVec3::new(6, 2, 2), gate);
    /// let goal = Goal::Cell(IVec3::new(10, 1, 1));
    /// // A body meeting layer 0 alone walks through the fence.
    /// let ghost = Body::new(DVec3::new(1.5, 1.0, 1.5), Body::DEFAULT_SIZE).unwrap().with_layers(1, 1);
    /// let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap().meeting(1);
    /// assert!(planner.plan(&world, &ghost, goal).unwrap().complete);
    /// // One meeting every layer finds no way.
    /// let person = Body::new(DVec3::new(1.5, 1.0, 1.5), Body::DEFAULT_SIZE).unwrap();
    /// assert!(!planner.plan(&world, &person, goal).unwrap().complete);
    /// assert_eq!(planner.collision_mask(), u32::MAX);
    /// ```
    #[must_use]
    pub fn meeting(mut self, mask: u32) -> Planner {
        self.meet(mask);
        self
    }

    /// Plans from now on for bodies meeting the layers in `mask`.
    pub(super) fn meet(&mut self, mask: u32) {
        if mask == self.mask {
            return;
        }
        self.mask = mask;
        self.places = Places::new(self.reach.size, mask).crouching(self.reach.crouch_height);
        self.key_of.0 = self
            .memory
            .lock()
            .profile((self.reach.size, mask), self.controller.settings());
    }

    /// How many step checks were answered from memory, of how many asked,
    /// since its memory was made (by every planner sharing it).
    #[must_use]
    pub fn remembered_steps(&self) -> (u64, u64) {
        self.memory.remembered_steps()
    }

    /// The memory its checked steps are kept in.
    #[must_use]
    pub fn memory(&self) -> &StepMemory {
        &self.memory
    }

    /// The highest drop a plan may take, blocks (3 unless set).
    pub fn set_max_drop(&mut self, blocks: u8) {
        self.reach.max_drop = i32::from(blocks);
    }

    /// A plan for `body` to `goal` in `world`: complete if the goal can be
    /// reached within the node budget, else the best partial plan (the one
    /// ending closest to the goal). It has been walked in simulation from
    /// the body as it is (`Plan::ticks`).
    ///
    /// # Errors
    /// [`PlanError::NotStanding`] when the body stands on nothing.
    pub fn plan<W: BlockSource>(
        &mut self,
        world: &W,
        body: &Body,
        goal: Goal,
    ) -> Result<Plan, PlanError> {
        self.plan_within(world, body, goal, &|_| true)
    }

    /// [`Planner::plan`] over a world known only in the columns (x, z) that
    /// `known` accepts, as a streamed world is: no step touches a column it
    /// refuses, so where the goal lies beyond them the plan ends at the edge
    /// of what is known, closest to the goal, with [`Plan::frontier`] set; plan
    /// again as columns arrive.
    ///
    /// ```
    /// use voxwalk::block::BlockId;
    /// use voxwalk::controller::{Body, Settings};
    /// use voxwalk::glam::{DVec3, IVec3};
    /// use voxwalk::navigate::{Goal, Planner};
    /// use voxwalk::world::World;
    ///
    /// let mut world = World::new();
    /// world.fill(IVec3::new(0, 0, 0), IVec3::new(40, 0, 2), BlockId::STONE);
    /// let body = Body::new(DVec3::new(1.5, 1.0, 1.5), Body::DEFAULT_SIZE).unwrap();
    /// let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    /// let goal = Goal::Cell(IVec3::new(36, 1, 1));
    /// // Columns from x = 16 on are not loaded yet: as far as the edge.
    /// let plan = planner.plan_within(&world, &body, goal, &|c| c.x < 16).unwrap();
    /// assert!(!plan.complete && plan.frontier);
    /// assert!(plan.end().cell.x < 16);
    /// // Loaded: all the way.
    /// let plan = planner.plan_within(&world, &body, goal, &|c| c.x < 48).unwrap();
    /// assert!(plan.complete && !plan.frontier);
    /// ```
    ///
    /// # Errors
    /// As [`Planner::plan`].
    pub fn plan_within<W: BlockSource>(
        &mut self,
        world: &W,
        body: &Body,
        goal: Goal,
        known: &dyn Fn(IVec2) -> bool,
    ) -> Result<Plan, PlanError> {
        let mut job = self.begin(world, body, goal)?;
        loop {
            if let Some(plan) = self.advance(world, &mut job, known, u64::MAX) {
                return Ok(plan);
            }
        }
    }

    /// Runs `run`'s A* on until its work reaches `until` (looked at
    /// before each place; a place runs whole unless the plan's budget ends
    /// it) or it ends: at the goal, out of places, or out of the plan's
    /// budget. Places are expanded in order of ticks so far plus the ticks
    /// the distance left takes at walking speed (a sprint or a leap beats
    /// that estimate, so a plan may be a few ticks slower than the fastest;
    /// the search expands some 40 % fewer places for it); ties by order
    /// found. The start is at the goal if the body's own feet are: a plan
    /// of no steps leaves the body where it is. Pausing between places
    /// changes nothing the search finds.
    pub(super) fn search_some<W: BlockSource>(
        &mut self,
        world: &W,
        run: &mut Searching,
        (banned, known): (&Banned, &dyn Fn(IVec2) -> bool),
        (work, until): (&mut u64, u64),
    ) {
        let mut moves = Vec::new();
        while !run.done && *work < until {
            let Some(index) = run.search.next() else {
                run.done = true;
                break;
            };
            let node = run.search.nodes[index];
            let feet = if index == 0 {
                run.body_feet
            } else {
                node.standing.feet
            };
            if run.goal.reached(node.standing.cell, feet) {
                run.found = Some(index);
                run.done = true;
                break;
            }
            if *work >= self.work_budget {
                run.done = true;
                break;
            }
            run.expanded += 1;
            // A place costs a unit of its own, so a search whose steps are
            // all refused at no cost still ends.
            *work += 1;
            candidates(
                world,
                &mut self.places,
                &self.reach,
                &node.standing,
                &mut moves,
            );
            for &(to, kind) in &moves {
                if !self.within(known, &node.standing, &to, kind) {
                    run.frontier = true;
                    continue;
                }
                if banned.contains(&(node.standing.cell, to.cell))
                    || !run.search.worth(to.cell, node.ticks + 1)
                {
                    continue;
                }
                // The budget is looked at before each check, not only each
                // place: a place of eight long swims would overrun it by
                // thousands of ticks.
                if *work >= self.work_budget {
                    run.done = true;
                    break;
                }
                let (step, cost) = self.check(world, &node.standing, to, kind);
                *work += cost;
                if let Some(step) = step {
                    let cost = self.costs.of(world, &step.to);
                    run.search.reach(index, step, cost);
                }
            }
        }
    }

    /// Whether every column a step from `from` to `to` by `kind` may touch
    /// is known: those between its ends (and its takeoff), widened by the
    /// body's half width.
    pub(super) fn within(
        &self,
        known: &dyn Fn(IVec2) -> bool,
        from: &Standing,
        to: &Standing,
        kind: StepKind,
    ) -> bool {
        let mut lo = from.cell.min(to.cell);
        let mut hi = from.cell.max(to.cell);
        if let StepKind::Leap { takeoff, .. } = kind {
            lo = lo.min(takeoff);
            hi = hi.max(takeoff);
        }
        #[allow(clippy::cast_possible_truncation)] // a body a few blocks wide
        let margin = (self.reach.size.x.max(self.reach.size.z) / 2.0).ceil() as i32;
        (lo.x - margin..=hi.x + margin)
            .all(|x| (lo.z - margin..=hi.z + margin).all(|z| known(IVec2::new(x, z))))
    }

    /// The step from `from` to `to` by `kind`, if a body at rest at `from`
    /// makes it with the follower's steering: it stands in `to`'s cell near
    /// its middle within the ticks such a move may take, never having
    /// fallen below both ends. With it, the work it is charged: the ticks
    /// its simulation ran, whether run now or remembered.
    pub(super) fn check<W: BlockSource>(
        &mut self,
        world: &W,
        from: &Standing,
        to: Standing,
        kind: StepKind,
    ) -> (Option<Step>, u64) {
        let remembered = {
            let mut memory = self.memory.lock();
            let key = memory.key(world, from, &to, kind, self.key_of);
            if let Some(checked) = memory.get(&key) {
                Ok(checked)
            } else {
                let local = memory.local(&key, world.registry());
                Err((key, local))
            }
        };
        let checked = match remembered {
            Ok(checked) => checked,
            Err((key, local)) => {
                // Checked in the key's own box at the origin: the answer is
                // the key's alone, whatever came before and wherever the
                // step is.
                let (local_from, local_to, local_kind) = key.local_step();
                let checked = self.simulate(&local, &local_from, local_to, local_kind);
                self.memory.lock().put(key, checked);
                checked
            }
        };
        let step = match checked {
            Checked::Made(ticks) => Some(Step {
                to,
                kind,
                ticks,
                brake: false,
            }),
            Checked::Failed(_) => None,
        };
        (step, checked.work())
    }
}

/// Whether `plan`, for a body whose feet are at `feet`, ends where `goal`
/// holds: the one rule [`Plan::complete`] follows. A plan of no steps ends
/// where the body is.
pub(super) fn ends_at(plan: &Plan, feet: DVec3, goal: Goal) -> bool {
    match plan.steps.last() {
        Some(step) => goal.reached(step.to.cell, step.to.feet),
        None => goal.reached(feet.floor().as_ivec3(), feet),
    }
}
