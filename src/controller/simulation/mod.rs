//! A world with bodies and balls in it, advanced one fixed tick at a time:
//! the bodies named by handles (`bodies`), the tick (`stepping`), the state
//! saved and restored (`state`).

mod bodies;
mod moving_blocks;
mod spatial_order;
mod state;
mod stepping;

pub use state::{RestoreError, SimulationState};

use super::carry::CarryScratch;
use super::cell_copy::CellCopy;
use super::tick_records::TickScratch;
use super::{Ball, Body, BodyHandle, Input, SettingError, Settings, SyncIfParallel};
use crate::movers::Movers;
use crate::world::{BlockSource, World};

/// How far below its feet [`Simulation::add_body`] looks for ground: a body
/// resting on a floor floats [`crate::resolver::CONTACT_GAP`] above it.
pub const RESTING_PROBE: f64 = 1e-6;

/// Everything that moves in one world: any [`BlockSource`], voxwalk's own
/// [`World`] unless said otherwise.
///
/// Each [`Simulation::step`] is one fixed tick: the movers
/// ([`Simulation::add_mover`]) carrying and pushing bodies, every dynamic
/// body in the order of [`Simulation::bodies`], then the pushes between
/// bodies, then every ball. Nothing depends on wall-clock time, hash order or threads, so the
/// same world, settings, bodies and inputs give the same trajectory bit for
/// bit. Bodies are named by [`BodyHandle`]s, which removals do not disturb.
///
/// ```
/// use voxwalk::glam::DVec3;
/// use voxwalk::controller::{Body, Input, Settings, Simulation};
/// use voxwalk::formats::text_format;
///
/// let world = text_format::parse("voxwalk-world 1\nlayer 0\n|##########|\n").unwrap();
/// let mut sim = Simulation::new(world, Settings::default()).unwrap();
/// let walker = sim.add_body(Body::new(DVec3::new(0.5, 1.0, 0.5), Body::DEFAULT_SIZE).unwrap());
/// let east = Input::parse("east").unwrap();
/// for _ in 0..20 {
///     sim.step(&[(walker, east)]).unwrap();
/// }
/// let body = sim.body(walker).unwrap();
/// assert!(body.grounded);
/// assert!((body.velocity.x - 4.317).abs() < 1e-3); // full walking speed after a second
/// assert!(body.feet().x > 4.0);
/// ```
#[derive(Debug)]
pub struct Simulation<W: BlockSource = World> {
    world: W,
    settings: Settings,
    /// The bodies, densely: the order of ticks, of [`TickReport::bodies`] and
    /// of the inputs of [`Simulation::step_in_order`]; sorted by place now and
    /// then (`spatial_order`).
    bodies: Vec<Body>,
    /// The handle of each body, in the same order.
    handles: Vec<BodyHandle>,
    /// Settings of bodies that have their own, in the same order.
    own_settings: Vec<Option<Box<Settings>>>,
    /// What the game keeps with each body (an entity id), in the same order.
    user_data: Vec<u64>,
    /// Per slot of a handle: its generation and where its body is, if alive.
    slots: Vec<Slot>,
    /// Slots free for reuse, most recently freed last.
    free: Vec<u32>,
    balls: Vec<Ball>,
    /// Blocks that move, first in every tick.
    movers: Movers,
    carry: CarryScratch,
    tick: u64,
    scratch: TickScratch,
    /// Scratch for the body–body broad phase.
    crowd_cells: super::crowd::CrowdCells,
    /// The cells around each body (same index as `bodies`), copied from the
    /// world when it allows ([`BlockSource::cells_can_be_copied`]).
    copies: Vec<CellCopy>,
    /// Reorders of the bodies since the copies were last laid anew in
    /// their order ([`spatial_order`]).
    reorders: u32,
    /// How many times the world has been lent out mutably, plus one: a copy
    /// taken before the latest loan may be stale.
    world_epoch: u64,
    /// Tick bodies on all of rayon's threads.
    parallel: bool,
    /// Scratch: the inputs of a tick by handle slot, and which slots an
    /// input named.
    slot_inputs: Vec<Input>,
    inputs_given: Vec<bool>,
    /// Scratch: the same inputs in the order of `bodies`.
    dense_inputs: Vec<Input>,
    /// Bodies added standing on a mover, which ride it from their first
    /// tick: their `Boarded` event, told in that tick's report.
    boarded_when_added: Vec<(BodyHandle, crate::movers::MoverHandle)>,
}

/// A slot of the handle table.
#[derive(Clone, Copy, Debug)]
struct Slot {
    generation: u32,
    /// Index in the dense arrays; `None` once the body is removed.
    dense: Option<u32>,
}

impl<W: BlockSource + SyncIfParallel> Simulation<W> {
    /// An empty simulation over `world`.
    ///
    /// # Errors
    /// The first setting out of range.
    pub fn new(world: W, settings: Settings) -> Result<Simulation<W>, SettingError> {
        settings.validate()?;
        Ok(Simulation {
            world,
            settings,
            bodies: Vec::new(),
            handles: Vec::new(),
            own_settings: Vec::new(),
            user_data: Vec::new(),
            slots: Vec::new(),
            free: Vec::new(),
            balls: Vec::new(),
            movers: Movers::new(),
            carry: CarryScratch::default(),
            tick: 0,
            scratch: TickScratch::default(),
            crowd_cells: super::crowd::CrowdCells::default(),
            copies: Vec::new(),
            reorders: 0,
            world_epoch: 1,
            boarded_when_added: Vec::new(),
            parallel: false,
            slot_inputs: Vec::new(),
            inputs_given: Vec::new(),
            dense_inputs: Vec::new(),
        })
    }

    /// Adds a ball; returns its index.
    pub fn add_ball(&mut self, ball: Ball) -> usize {
        self.balls.push(ball);
        self.balls.len() - 1
    }

    /// Ticks bodies on all of rayon's threads (`true`) or on the caller's.
    /// The trajectories are the same bit for bit either way; only the time
    /// differs. When a move fails, which failing body is reported may differ.
    /// Without the `parallel` feature there are no threads to use and this
    /// does nothing, so a game calls it the same way in every build.
    pub fn set_parallel(&mut self, parallel: bool) {
        self.parallel = cfg!(feature = "parallel") && parallel;
    }

    /// The bodies, in the order they tick (the order of
    /// [`Simulation::handles`]). The order changes: a removal moves the last
    /// body into the gap, and [`Simulation::step`] sorts the bodies by where
    /// they are once in a while (a large crowd ticks faster so, and no result
    /// depends on the order). Name a body by its handle;
    /// [`Simulation::step_in_order`] never reorders, for callers that keep
    /// their inputs in this order.
    #[must_use]
    pub fn bodies(&self) -> &[Body] {
        &self.bodies
    }

    /// The bodies, to teleport or stop them; [`Simulation::remove_body`]
    /// removes one.
    pub fn bodies_mut(&mut self) -> &mut [Body] {
        &mut self.bodies
    }

    /// Each body's handle, in the order of [`Simulation::bodies`].
    #[must_use]
    pub fn handles(&self) -> &[BodyHandle] {
        &self.handles
    }

    /// The balls, by index.
    #[must_use]
    pub fn balls(&self) -> &[Ball] {
        &self.balls
    }

    /// The balls, for callers that throw or remove them.
    pub fn balls_mut(&mut self) -> &mut Vec<Ball> {
        &mut self.balls
    }

    /// The world.
    #[must_use]
    pub fn world(&self) -> &W {
        &self.world
    }

    /// The world, for callers that edit blocks between ticks.
    pub fn world_mut(&mut self) -> &mut W {
        // Whatever is done with it, the copies of its cells are stale.
        self.world_epoch += 1;
        &mut self.world
    }

    /// The settings in force for bodies without their own, and for balls.
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Changes the settings between ticks.
    ///
    /// # Errors
    /// The first setting out of range; the old settings stay.
    pub fn set_settings(&mut self, settings: Settings) -> Result<(), SettingError> {
        settings.validate()?;
        self.settings = settings;
        Ok(())
    }

    /// Ticks run so far: the count a saved state keeps, advanced by each
    /// step (a count, where `Controller::tick` runs one).
    #[must_use]
    pub fn ticks_run(&self) -> u64 {
        self.tick
    }
}
