//! Many bodies of a [`Simulation`], each sent somewhere: their plans made on
//! all cores, their followers run, the crowd rule applied, and plans made
//! again when a follower cannot go on.

use glam::IVec3;

use super::coarse_layer::CoarseLayer;
use super::crowd_planning::Job;
use super::follower::{FollowEvent, Follower, StuckReason};
use super::give_way::Walker;
use super::goal::Goal;
use super::many::Planners;
use super::planner::DEFAULT_WORK_BUDGET;
use super::standing::standing_for;
use super::step_cache::StepMemory;
use crate::controller::{Body, BodyHandle, Input, Simulation, SyncIfParallel};
use crate::resolver::Resolver;
use crate::world::BlockSource;

/// Ticks a body with no way to its goal first waits before it is planned
/// for again (a second at 20 ticks a second): a door may open, a crowd
/// move. Each failure in a row doubles it, up to [`MOST_RETRY`].
const RETRY: u64 = 20;
/// The longest wait between plans that find no way (30 seconds).
const MOST_RETRY: u64 = 600;

/// The work a [`Crowd`]'s planning may do in a tick unless set
/// ([`Crowd::work_per_tick`]): a tenth of a plan's default budget, so a
/// lone body's plan over a few dozen blocks is made in the tick it is
/// sent, and a crowd's planning never takes more than that.
pub const DEFAULT_CROWD_WORK_PER_TICK: u64 = DEFAULT_WORK_BUDGET / 10;

/// The wait before a body whose last `failures` plans found no way is
/// planned for again: [`RETRY`] ticks, doubled for each failure before
/// the last, at most [`MOST_RETRY`].
pub(super) fn retry_after(failures: u32) -> u64 {
    RETRY
        .saturating_mul(1 << failures.saturating_sub(1).min(16))
        .min(MOST_RETRY)
}

/// Ticks without coming closer to its step after which a body pressing on
/// one further along gives way to it (half a second): a crowd that flows
/// pushes through a door faster than a queue, so only a jam waits.
pub(super) const STALL: u32 = 10;

/// What happened to one body of a [`Crowd`] this tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CrowdEvent {
    /// It stands at its goal ([`Goal::reached`] holds for its feet this
    /// tick), and waits there until sent again (afloat, treading water, as
    /// does a body afloat waiting for a plan).
    Arrived,
    /// Its follower could not go on, and why; it is planned for again in
    /// the same tick.
    Stuck(StuckReason),
    /// A plan was made for it: the first after [`Crowd::send`], or again
    /// (`again`) after it was stuck or came to the end of a plan that fell
    /// short of the goal. `complete` says whether the plan reaches it.
    Planned {
        /// Not the first plan for this errand.
        again: bool,
        /// The plan reaches the goal.
        complete: bool,
    },
    /// No step towards the goal can be planned from where it stands (or it
    /// stands on nothing): it waits a second and is planned for again.
    NoWay,
}

/// Where one body is in its errand.
#[derive(Clone, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
pub(super) enum Errand {
    /// Sent, or stuck: to be planned for, in slices of the crowd's work
    /// ([`Crowd::work_per_tick`]); `since` is the tick it was sent or last
    /// given a slice (the longest waiting are served first), `job` the
    /// plan as made so far.
    ToPlan {
        again: bool,
        since: u64,
        /// Not saved: made again from its start ([`Crowd::save`]).
        #[cfg_attr(feature = "serde", serde(skip))]
        job: Option<Box<Job>>,
    },
    Following {
        follower: Follower,
        complete: bool,
        /// The body's height in whole blocks, as its steps were checked.
        height: i32,
    },
    /// Following, until an edit touched a step left ([`Crowd::edited`]):
    /// planned for again at the next tick.
    Blocked,
    /// No way; planned for again at this tick of the crowd's clock.
    Waiting {
        until: u64,
    },
    Arrived,
}

#[derive(Clone, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(deny_unknown_fields)
)]
pub(super) struct Member {
    #[cfg_attr(feature = "serde", serde(rename = "body"))]
    pub(super) handle: BodyHandle,
    pub(super) goal: Goal,
    pub(super) errand: Errand,
    /// Plans in a row that found no way: each doubles the wait before
    /// the next ([`retry_after`]).
    pub(super) failures: u32,
    /// How many times it was sent: a plan made for an earlier sending
    /// (beside the step, [`Crowd::inputs_beside`]) is dropped.
    pub(super) sent: u64,
    /// Its goal moved ([`Crowd::retarget`]): the plan it follows is
    /// patched at the next tick.
    pub(super) retarget: bool,
}

impl Errand {
    /// To be planned for, waiting from `clock`.
    pub(super) fn to_plan(again: bool, clock: u64) -> Errand {
        Errand::ToPlan {
            again,
            since: clock,
            job: None,
        }
    }
}

/// Bodies of a [`Simulation`] sent each to a goal, by handle. Each tick,
/// [`Crowd::inputs`] gives every member its keys: plans are made (all at
/// once, on all cores with the `parallel` feature) for the bodies just sent
/// or stuck, each body follows its own, and a body gives way to one further
/// along its plan that stands ahead of it or beside it, close enough to
/// press on (so two bodies never hold each other in a door, and a queue
/// moves without shoving). The result is the same on any number of threads.
///
/// ```
/// use voxwalk::block::BlockId;
/// use voxwalk::controller::{Body, Settings, Simulation};
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::navigate::{Crowd, CrowdEvent, Goal};
/// use voxwalk::world::World;
///
/// let mut world = World::new();
/// world.fill(IVec3::new(0, 0, 0), IVec3::new(20, 0, 8), BlockId::STONE);
/// world.fill(IVec3::new(10, 1, 0), IVec3::new(10, 2, 8), BlockId::BRICK);
/// world.set_block(IVec3::new(10, 1, 4), BlockId::AIR); // a one-wide door
/// world.set_block(IVec3::new(10, 2, 4), BlockId::AIR);
/// let mut sim = Simulation::new(world, Settings::default()).unwrap();
/// let mut crowd = Crowd::new();
/// for z in [2.5, 4.5, 6.5] {
///     let body = Body::new(DVec3::new(3.5, 1.0, z), Body::DEFAULT_SIZE).unwrap();
///     let handle = sim.add_body(body);
///     crowd.send(handle, Goal::Column { x: 17, z: z as i32 });
/// }
/// let mut events = Vec::new();
/// let mut arrived = 0;
/// for _ in 0..400 {
///     let inputs = crowd.inputs(&mut sim, &mut events).to_vec();
///     arrived += events.iter().filter(|(_, e)| *e == CrowdEvent::Arrived).count();
///     sim.step(&inputs).unwrap();
/// }
/// assert_eq!(arrived, 3); // one at a time through the door
/// ```
#[derive(Debug)]
pub struct Crowd {
    /// The work each plan may take ([`Planner::work_budget`]).
    ///
    /// [`Planner::work_budget`]: super::Planner::work_budget
    pub work_budget: u64,
    /// The work all the crowd's planning may do in one tick, shared among
    /// the members waiting for a plan, the longest waiting first
    /// ([`DEFAULT_CROWD_WORK_PER_TICK`] unless set). A plan not made
    /// within its share goes on at the next tick; its body stands still
    /// meanwhile.
    pub work_per_tick: u64,
    pub(super) members: Vec<Member>,
    pub(super) clock: u64,
    /// The work its planning did in the last tick.
    pub(super) worked: u64,
    pub(super) inputs: Vec<(BodyHandle, Input)>,
    pub(super) walkers: Vec<Walker>,
    pub(super) walker_of: Vec<Option<usize>>,
    pub(super) waits: Vec<bool>,
    /// Asks whether a step's end is still a place to stand.
    pub(super) resolver: Resolver,
    /// One list a thread, kept between ticks.
    pub(super) planners: Vec<Planners>,
    /// The planners that patch plans whose goals moved.
    pub(super) patching: Planners,
    /// The steps they checked, remembered for all of them under one cap.
    pub(super) memory: StepMemory,
    /// Where set, the members of its planner's size and settings are
    /// planned for over it ([`Crowd::set_layer`]). Held by the planning
    /// while it is handed out.
    pub(super) layer: Option<CoarseLayer>,
    /// Blocks edited since the planning was last handed out: told to the
    /// layer, and to the plans made, when it is taken back.
    pub(super) edits_while_out: Vec<IVec3>,
}

/// A crowd of its own, going on bit for bit as this one does from the same
/// simulation: a rollback keeps one beside its `Simulation::clone` to
/// rewind to. Every member's errand is copied (the plan it follows, a plan
/// half made, a wait), and the coarse layer with its clusters; the step
/// memory is shared, as it may be among any planners (what it holds
/// changes how long a plan takes, never the plan nor the work counted).
/// Clone between ticks: a planning handed out
/// ([`Crowd::inputs_beside`]) is not in it.
impl Clone for Crowd {
    fn clone(&self) -> Crowd {
        Crowd {
            work_budget: self.work_budget,
            work_per_tick: self.work_per_tick,
            members: self.members.clone(),
            clock: self.clock,
            worked: self.worked,
            inputs: self.inputs.clone(),
            walkers: self.walkers.clone(),
            walker_of: self.walker_of.clone(),
            waits: self.waits.clone(),
            resolver: Resolver::new(),
            planners: self.planners.clone(),
            patching: self.patching.clone(),
            memory: self.memory.clone(),
            layer: self.layer.clone(),
            edits_while_out: self.edits_while_out.clone(),
        }
    }
}

impl Default for Crowd {
    fn default() -> Self {
        Crowd::new()
    }
}

impl Crowd {
    /// A crowd with no members, planning with [`DEFAULT_WORK_BUDGET`] and a
    /// [`StepMemory`] of its own of the default size.
    #[must_use]
    pub fn new() -> Crowd {
        Crowd {
            work_budget: DEFAULT_WORK_BUDGET,
            work_per_tick: DEFAULT_CROWD_WORK_PER_TICK,
            members: Vec::new(),
            clock: 0,
            worked: 0,
            inputs: Vec::new(),
            walkers: Vec::new(),
            walker_of: Vec::new(),
            waits: Vec::new(),
            resolver: Resolver::new(),
            planners: Vec::new(),
            patching: Vec::new(),
            memory: StepMemory::default(),
            layer: None,
            edits_while_out: Vec::new(),
        }
    }

    /// The memory its plans remember checked steps in.
    #[must_use]
    pub fn memory(&self) -> &StepMemory {
        &self.memory
    }

    /// Remembers checked steps in `memory` from now on (one a game shares
    /// between its crowds and planners, or of another size).
    pub fn set_memory(&mut self, memory: StepMemory) {
        self.memory = memory;
        self.planners.clear();
    }

    /// Sends `handle`'s body to `goal` (a member from now on, or sent
    /// anew): it is planned for in the next [`Crowd::inputs`].
    pub fn send(&mut self, handle: BodyHandle, goal: Goal) {
        let errand = Errand::to_plan(false, self.clock);
        match self.members.iter_mut().find(|m| m.handle == handle) {
            Some(member) => {
                member.goal = goal;
                member.errand = errand;
                member.failures = 0;
                member.sent += 1;
                member.retarget = false;
            }
            None => self.members.push(Member {
                handle,
                goal,
                errand,
                failures: 0,
                sent: 0,
                retarget: false,
            }),
        }
    }

    /// Takes `handle`'s body out of the crowd: it gets no keys from it any
    /// more. False if it was not a member.
    pub fn dismiss(&mut self, handle: BodyHandle) -> bool {
        let before = self.members.len();
        self.members.retain(|m| m.handle != handle);
        self.members.len() < before
    }

    /// A block was placed or dug at `cell` (call it as the world is
    /// edited): a member with a step left whose checked box holds the cell
    /// is planned for again at the next [`Crowd::inputs`], with
    /// [`StuckReason::Blocked`]; a plan no edit touches is walked on as it
    /// was planned. The crowd's layer, if any, is told too
    /// ([`CoarseLayer::edited`]); while a [`CrowdPlanning`](super::CrowdPlanning) holds it, when
    /// that is handed back, and the plans it made are looked at then.
    pub fn edited(&mut self, cell: IVec3) {
        if let Some(layer) = &mut self.layer {
            layer.edited(cell);
        }
        self.edits_while_out.push(cell);
        for member in &mut self.members {
            if let Errand::Following {
                follower, height, ..
            } = &member.errand
                && follower.touched_by(cell, *height)
            {
                member.errand = Errand::Blocked;
            }
        }
    }

    /// The work the crowd's planning did in the last [`Crowd::inputs`], in
    /// simulated ticks ([`Planner::work_budget`](super::Planner::work_budget)):
    /// at most [`Crowd::work_per_tick`] but for each plan served, one
    /// place's step checks past its share and its checking walks.
    #[must_use]
    pub fn worked_last_tick(&self) -> u64 {
        self.worked
    }

    /// Whether `handle`'s body has arrived at the goal it was last sent to.
    #[must_use]
    pub fn arrived(&self, handle: BodyHandle) -> bool {
        self.members
            .iter()
            .any(|m| m.handle == handle && matches!(m.errand, Errand::Arrived))
    }

    /// The steps `handle`'s body has still to make, the one it is making
    /// first; empty when it has no plan.
    #[must_use]
    pub fn remaining(&self, handle: BodyHandle) -> &[super::Step] {
        self.members
            .iter()
            .find(|m| m.handle == handle)
            .and_then(|m| match &m.errand {
                Errand::Following { follower, .. } => Some(follower.remaining()),
                _ => None,
            })
            .unwrap_or(&[])
    }
}

/// Sets a member whose next step ends in a place changed since it was
/// planned (a block placed or dug there) to be planned for again.
pub(super) fn notice_edits<W: BlockSource + SyncIfParallel>(
    member: &mut Member,
    sim: &Simulation<W>,
    (resolver, clock): (&mut Resolver, u64),
    events: &mut Vec<(BodyHandle, CrowdEvent)>,
) {
    let Errand::Following { follower, .. } = &member.errand else {
        return;
    };
    let Some(step) = follower.remaining().first() else {
        return;
    };
    let Some(body) = sim.body(member.handle) else {
        return;
    };
    let size = body.aabb.max - body.aabb.min;
    let now = standing_for(
        sim.world(),
        resolver,
        (size, body.collision_mask),
        step.to.cell,
    );
    if now.is_none_or(|now| (now.feet.y - step.to.feet.y).abs() > 1e-9) {
        events.push((member.handle, CrowdEvent::Stuck(StuckReason::Blocked)));
        member.errand = Errand::to_plan(true, clock);
    }
}

/// Whether `body` stands inside `goal`'s region (a radius, a height): it
/// has arrived as it enters, and leaves the rest of the region to those
/// behind it, where the plan's last step only ends at the region's edge. A
/// cell or a column is arrived at as the plan's last step ends, braking.
fn inside(goal: Goal, body: &Body) -> bool {
    matches!(goal, Goal::Near { .. } | Goal::Height(_)) && body.grounded && at_goal(goal, body)
}

/// `body`'s height in whole blocks, rounded up, as steps are checked.
pub(super) fn whole_height(body: &Body) -> i32 {
    #[allow(clippy::cast_possible_truncation)] // a body a few blocks tall
    let height = (body.aabb.max.y - body.aabb.min.y).ceil() as i32;
    height
}

/// Whether `goal` holds for `body`'s feet as they are.
fn at_goal(goal: Goal, body: &Body) -> bool {
    let feet = body.feet();
    goal.reached(feet.floor().as_ivec3(), feet)
}

/// One member's keys this tick, moving its errand on: what its follower
/// says (giving way if `gives_way`), and what that means for the errand.
pub(super) fn follow(
    member: &mut Member,
    body: &mut Body,
    gives_way: bool,
    clock: u64,
    events: &mut Vec<(BodyHandle, CrowdEvent)>,
) -> Input {
    let input = keys(member, body, gives_way, clock, events);
    // A body afloat with no plan to follow (waiting for one, or arrived)
    // treads water where it is rather than sink.
    let following = matches!(member.errand, Errand::Following { .. });
    if !following && body.in_liquid && !body.grounded {
        return Input {
            jump: true,
            ..Input::IDLE
        };
    }
    input
}

/// [`follow`]'s keys before a body afloat is kept afloat.
fn keys(
    member: &mut Member,
    body: &mut Body,
    gives_way: bool,
    clock: u64,
    events: &mut Vec<(BodyHandle, CrowdEvent)>,
) -> Input {
    match &mut member.errand {
        Errand::Waiting { until } if clock >= *until => {
            member.errand = Errand::to_plan(true, clock);
            Input::IDLE
        }
        Errand::Following { complete: true, .. } if inside(member.goal, body) => {
            member.errand = Errand::Arrived;
            events.push((member.handle, CrowdEvent::Arrived));
            Input::IDLE
        }
        Errand::Blocked => {
            events.push((member.handle, CrowdEvent::Stuck(StuckReason::Blocked)));
            member.errand = Errand::to_plan(true, clock);
            Input::IDLE
        }
        Errand::Following {
            follower, complete, ..
        } => {
            let (input, event) = if gives_way {
                follower.give_way(body)
            } else {
                follower.input(body)
            };
            match event {
                // The plan's end is the goal's only where the goal says so
                // of the body itself: one that slid on or was pushed is
                // planned for again from where it is.
                Some(FollowEvent::Arrived) if *complete && at_goal(member.goal, body) => {
                    member.errand = Errand::Arrived;
                    events.push((member.handle, CrowdEvent::Arrived));
                }
                Some(FollowEvent::Arrived) => member.errand = Errand::to_plan(true, clock),
                Some(FollowEvent::Stuck(why)) => {
                    events.push((member.handle, CrowdEvent::Stuck(why)));
                    member.errand = Errand::to_plan(true, clock);
                }
                _ => {}
            }
            input
        }
        _ => Input::IDLE,
    }
}
