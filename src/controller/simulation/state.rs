//! A simulation's whole state apart from its world: what a save game keeps
//! and what rollback netcode rewinds to.

use glam::DVec3;
use thiserror::Error;

use super::{Simulation, Slot};
use crate::controller::body_view::BodyView;
use crate::controller::carry::CarryScratch;
use crate::controller::cell_copy::CellCopy;
use crate::controller::crowd::CrowdCells;
use crate::controller::tick_records::TickScratch;
use crate::controller::{
    Ball, Body, BodyError, BodyHandle, SettingError, Settings, SyncIfParallel,
};
use crate::movers::{MoverError, MoverHandle, Movers};
use crate::resolver::Resolver;
use crate::world::BlockSource;

/// Everything a [`Simulation`] holds but its world: the bodies with their
/// handles, generations and free slots (so bodies added after a restore get
/// the handles they got before), their own settings and user data, the balls,
/// the tick counter and the settings. Restored into a simulation over the
/// same world ([`Simulation::restore`]), the run continues bit for bit; with
/// the `serde` feature it is saved and loaded as any value is, its floats
/// to the bit whatever the format's reader.
///
/// The world is the game's and is not in the state (it may be a save folder
/// of gigabytes, or the game's own storage): a game whose blocks change
/// keeps them with its states, and rewinding to a state rewinds its edits
/// too. `examples/rollback.rs` keeps a journal of edits beside its states
/// and undoes those after the tick it rewinds to; without that, its replay
/// parts from the server's.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SimulationState {
    /// Ticks run.
    pub tick: u64,
    /// The settings of bodies without their own, and of balls.
    pub settings: Settings,
    /// The bodies, in the order they tick.
    pub bodies: Vec<Body>,
    /// Each body's handle, in the same order.
    pub handles: Vec<BodyHandle>,
    /// Each body's own settings, if it has them.
    pub own_settings: Vec<Option<Settings>>,
    /// Each body's number kept for the game.
    pub user_data: Vec<u64>,
    /// Each handle slot's generation: the next body given the slot gets it.
    pub generations: Vec<u32>,
    /// Slots free for reuse, the next one to be reused last.
    pub free: Vec<u32>,
    /// The balls.
    pub balls: Vec<Ball>,
    /// The movers, with their places, paths' clocks and handle slots.
    pub movers: Movers,
}

impl SimulationState {
    /// The most bodies a state may hold to be restored: about a second a
    /// tick on one core, ten times the largest crowd the benchmarks run.
    /// A loaded file that claims more is refused before anything is built
    /// from it.
    pub const MAX_BODIES: usize = 1 << 20;
    /// The most body handle slots (live or free) a state may hold: bodies
    /// come and go, so a long game may have used more slots than it has
    /// bodies.
    pub const MAX_BODY_SLOTS: usize = 1 << 22;
    /// The most balls a state may hold.
    pub const MAX_BALLS: usize = 1 << 20;
    /// The most mover slots (live or free) a state may hold: as many as a
    /// simulation may
    /// ([`movers::limits::MAX_MOVER_SLOTS`](crate::movers::limits::MAX_MOVER_SLOTS));
    /// each mover is also held to
    /// [`MAX_MOVER_BLOCKS`](crate::movers::limits::MAX_MOVER_BLOCKS).
    pub const MAX_MOVER_SLOTS: usize = crate::movers::limits::MAX_MOVER_SLOTS;
}

/// Why a state could not be restored; the simulation is unchanged then.
#[derive(Debug, Error, PartialEq)]
pub enum RestoreError {
    /// More of something than a state may hold (the `MAX_*` constants of
    /// [`SimulationState`]).
    #[error("{count} {what} are more than the {limit} a state may hold")]
    TooMany {
        /// What there are too many of.
        what: &'static str,
        /// How many the state has.
        count: usize,
        /// The most it may have.
        limit: usize,
    },
    /// The lists that run beside the bodies are not one entry per body.
    #[error("{what} has {len} entries for {bodies} bodies")]
    Lengths {
        /// Which list.
        what: &'static str,
        /// Its length.
        len: usize,
        /// The number of bodies.
        bodies: usize,
    },
    /// A handle names a slot the state has no generation for, a slot held
    /// twice or also free, or a generation other than its slot's.
    #[error("body {index}: its handle {handle:?} does not fit the slots")]
    Handle {
        /// Where the body is in the list.
        index: usize,
        /// Its handle.
        handle: BodyHandle,
    },
    /// A free slot that does not exist or is listed twice.
    #[error("free slot {slot} does not exist or is listed twice")]
    FreeSlot {
        /// The slot.
        slot: u32,
    },
    /// A body's box is not one the resolver can move.
    #[error("body {index}: {source}")]
    Body {
        /// Where the body is in the list.
        index: usize,
        /// What is wrong with it.
        source: BodyError,
    },
    /// A ball the constructor would not make (its centre, radius or speed).
    #[error("ball {index}: {source}")]
    Ball {
        /// Where the ball is in the list.
        index: usize,
        /// What is wrong with it.
        source: BodyError,
    },
    /// A static body inside a block or a mover it meets: nothing would ever
    /// move it out (a dynamic one is pushed out on its next tick).
    #[error("body {index}: a static body inside a block or a mover it meets, at {at:?}")]
    StaticInside {
        /// Where the body is in the list.
        index: usize,
        /// Its feet.
        at: [f64; 3],
    },
    /// Settings out of range.
    #[error(transparent)]
    Settings(#[from] SettingError),
    /// A mover that does not hold together, or whose blocks are not the
    /// world's.
    #[error("{mover}: {source}")]
    Mover {
        /// The mover.
        mover: MoverHandle,
        /// What is wrong with it.
        source: MoverError,
    },
}

impl<W: BlockSource + SyncIfParallel> Simulation<W> {
    /// Everything but the world, to save or to rewind to.
    ///
    /// ```
    /// use voxwalk::controller::{Body, Input, Settings, Simulation};
    /// use voxwalk::glam::{DVec3, IVec3};
    /// use voxwalk::block::BlockId;
    /// use voxwalk::world::World;
    ///
    /// let mut world = World::new();
    /// world.fill(IVec3::new(-8, -1, -8), IVec3::new(8, -1, 8), BlockId::STONE);
    /// let mut sim = Simulation::new(world, Settings::default()).unwrap();
    /// let walker = sim.add_body(Body::new(DVec3::new(0.5, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap());
    /// let east = [(walker, Input { east: true, ..Input::IDLE })];
    /// let saved = sim.state();
    /// for _ in 0..10 { sim.step(&east).unwrap(); }
    /// let first_run = *sim.body(walker).unwrap();
    /// sim.restore(saved).unwrap();
    /// assert_eq!(sim.ticks_run(), 0);
    /// for _ in 0..10 { sim.step(&east).unwrap(); }
    /// assert_eq!(*sim.body(walker).unwrap(), first_run); // bit for bit
    /// ```
    #[must_use]
    pub fn state(&self) -> SimulationState {
        SimulationState {
            tick: self.tick,
            settings: self.settings.clone(),
            bodies: self.bodies.clone(),
            handles: self.handles.clone(),
            own_settings: self
                .own_settings
                .iter()
                .map(|own| own.as_deref().cloned())
                .collect(),
            user_data: self.user_data.clone(),
            generations: self.slots.iter().map(|slot| slot.generation).collect(),
            free: self.free.clone(),
            balls: self.balls.clone(),
            movers: self.movers.clone(),
        }
    }

    /// Puts the simulation back to `state` (taken from this simulation or
    /// another over the same world, or loaded from a save), checked first.
    /// The cells copied beside bodies are dropped: the world may have
    /// changed since the state was taken, and they are read anew. The world
    /// is as the game left it: rewind its edits with the state (see
    /// [`SimulationState`]). A static body inside a block or mover of this
    /// world is refused, since nothing would ever move it out.
    ///
    /// # Errors
    /// [`RestoreError`] for a state that does not hold together (a loaded
    /// file may say anything) or holds more than the limits of
    /// [`SimulationState`]; the simulation is unchanged then.
    pub fn restore(&mut self, state: SimulationState) -> Result<(), RestoreError> {
        let slots = check_state(&state)?;
        state
            .movers
            .validate(self.world.registry())
            .map_err(|(mover, source)| RestoreError::Mover { mover, source })?;
        self.check_static_bodies(&state)?;
        let bodies = state.bodies.len();
        self.tick = state.tick;
        self.settings = state.settings;
        self.bodies = state.bodies;
        self.handles = state.handles;
        self.own_settings = state
            .own_settings
            .into_iter()
            .map(|s| s.map(Box::new))
            .collect();
        self.user_data = state.user_data;
        self.slots = slots;
        self.free = state.free;
        self.balls = state.balls;
        self.movers = state.movers;
        self.copies = vec![CellCopy::default(); bodies];
        self.boarded_when_added.clear();
        self.world_epoch += 1;
        Ok(())
    }
}

impl<W: BlockSource + SyncIfParallel> Simulation<W> {
    /// Refuses a state with a static body inside a block or a mover of this
    /// world that the body meets.
    fn check_static_bodies(&self, state: &SimulationState) -> Result<(), RestoreError> {
        let mut resolver = Resolver::new();
        for (index, body) in state.bodies.iter().enumerate() {
            if !body.is_static() {
                continue;
            }
            let view = BodyView::of(&self.world, Some(&state.movers), body);
            let inside = resolver
                .move_box(&view, body.aabb, DVec3::ZERO)
                .map_or(true, |probe| probe.depenetration.is_some());
            if inside {
                let at = body.feet().to_array();
                return Err(RestoreError::StaticInside { index, at });
            }
        }
        Ok(())
    }
}

/// The handle table a state describes, if it holds together.
fn check_state(state: &SimulationState) -> Result<Vec<Slot>, RestoreError> {
    for (what, count, limit) in [
        ("bodies", state.bodies.len(), SimulationState::MAX_BODIES),
        (
            "body slots",
            state.generations.len(),
            SimulationState::MAX_BODY_SLOTS,
        ),
        ("balls", state.balls.len(), SimulationState::MAX_BALLS),
        (
            "mover slots",
            state.movers.slot_count(),
            SimulationState::MAX_MOVER_SLOTS,
        ),
    ] {
        if count > limit {
            return Err(RestoreError::TooMany { what, count, limit });
        }
    }
    state.settings.validate()?;
    let bodies = state.bodies.len();
    for (what, len) in [
        ("handles", state.handles.len()),
        ("own_settings", state.own_settings.len()),
        ("user_data", state.user_data.len()),
    ] {
        if len != bodies {
            return Err(RestoreError::Lengths { what, len, bodies });
        }
    }
    for settings in state.own_settings.iter().flatten() {
        settings.validate()?;
    }
    let mut slots: Vec<Slot> = state
        .generations
        .iter()
        .map(|&generation| Slot {
            generation,
            dense: None,
        })
        .collect();
    for (index, (body, &handle)) in state.bodies.iter().zip(&state.handles).enumerate() {
        let fits = slots
            .get(handle.slot() as usize)
            .is_some_and(|slot| slot.generation == handle.generation() && slot.dense.is_none());
        if !fits {
            return Err(RestoreError::Handle { index, handle });
        }
        slots[handle.slot() as usize].dense = Some(index as u32);
        body.check()
            .map_err(|source| RestoreError::Body { index, source })?;
    }
    for (index, ball) in state.balls.iter().enumerate() {
        Ball::new(ball.center, ball.radius, ball.velocity)
            .map_err(|source| RestoreError::Ball { index, source })?;
    }
    let mut free_seen = vec![false; slots.len()];
    for &slot in &state.free {
        let usable = slots.get(slot as usize).is_some_and(|s| s.dense.is_none())
            && !std::mem::replace(&mut free_seen[slot as usize], true);
        if !usable {
            return Err(RestoreError::FreeSlot { slot });
        }
    }
    Ok(slots)
}

impl<W: BlockSource + SyncIfParallel + Clone> Clone for Simulation<W> {
    /// A simulation of its own over a copy of the world, running on bit for
    /// bit as this one does: a rollback keeps one to rewind to. Scratch space
    /// and cell copies are not copied; they are rebuilt as the copy ticks.
    fn clone(&self) -> Self {
        Simulation {
            world: self.world.clone(),
            settings: self.settings.clone(),
            bodies: self.bodies.clone(),
            handles: self.handles.clone(),
            own_settings: self.own_settings.clone(),
            user_data: self.user_data.clone(),
            slots: self.slots.clone(),
            free: self.free.clone(),
            balls: self.balls.clone(),
            movers: self.movers.clone(),
            carry: CarryScratch::default(),
            tick: self.tick,
            scratch: TickScratch::default(),
            crowd_cells: CrowdCells::default(),
            copies: vec![CellCopy::default(); self.bodies.len()],
            reorders: 0,
            world_epoch: 1,
            parallel: self.parallel,
            slot_inputs: Vec::new(),
            inputs_given: Vec::new(),
            dense_inputs: Vec::new(),
            boarded_when_added: self.boarded_when_added.clone(),
        }
    }
}
