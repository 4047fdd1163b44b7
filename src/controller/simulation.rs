//! A world with bodies and balls in it, advanced one fixed tick at a time.

use glam::DVec3;
#[cfg(feature = "parallel")]
use rayon::prelude::*;

use super::ball::tick_ball;
use super::cell_copy::{CellCopy, CopiedCells};
use super::crowd::push_bodies_apart;
use super::tick::{TickScratch, tick_body};
use super::tick_report::{SimulationError, TickReport};
use super::{Ball, Body, BodyHandle, Event, Input, SettingError, Settings};
use crate::world::{BlockSource, World};

/// How far below its feet [`Simulation::add_body`] looks for ground: a body
/// resting on a floor floats [`crate::resolver::CONTACT_GAP`] above it.
pub const RESTING_PROBE: f64 = 1e-6;

/// Everything that moves in one world: any [`BlockSource`], voxwalk's own
/// [`World`] unless said otherwise.
///
/// Each [`Simulation::step`] is one fixed tick: every dynamic body in the
/// order of [`Simulation::bodies`], then the pushes between bodies, then every
/// ball. Nothing depends on wall-clock time, hash order or threads, so the
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
///     sim.step(&[east]).unwrap();
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
    /// of the inputs of [`Simulation::step`].
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
    tick: u64,
    scratch: TickScratch,
    /// Scratch for the body–body broad phase.
    crowd_cells: super::crowd::CrowdCells,
    /// The cells around each body (same index as `bodies`), copied from the
    /// world when it allows ([`BlockSource::cells_can_be_copied`]).
    copies: Vec<CellCopy>,
    /// How many times the world has been lent out mutably, plus one: a copy
    /// taken before the latest loan may be stale.
    world_epoch: u64,
    /// Tick bodies on all of rayon's threads.
    parallel: bool,
}

/// A slot of the handle table.
#[derive(Clone, Copy, Debug)]
struct Slot {
    generation: u32,
    /// Index in the dense arrays; `None` once the body is removed.
    dense: Option<u32>,
}

impl<W: BlockSource + Sync> Simulation<W> {
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
            tick: 0,
            scratch: TickScratch::default(),
            crowd_cells: super::crowd::CrowdCells::default(),
            copies: Vec::new(),
            world_epoch: 1,
            parallel: false,
        })
    }

    /// Adds a body and returns its handle. A dynamic body added standing on
    /// something (within [`RESTING_PROBE`] of it) starts grounded, so it can
    /// walk and jump on its first tick, and with the momentum of a body that
    /// has stood there a while (one tick of gravity after its drag, pressing
    /// it onto the floor) unless it was given one. It ticks after the bodies
    /// already there.
    pub fn add_body(&mut self, mut body: Body) -> BodyHandle {
        if !body.is_static() {
            let probe = DVec3::new(0.0, -RESTING_PROBE, 0.0);
            body.grounded = self
                .scratch
                .resolver
                .move_box(&self.world, body.aabb, probe)
                .is_ok_and(|m| m.blocked.y && m.depenetration.is_none());
            if body.grounded && body.momentum.y == 0.0 {
                body.momentum.y = self.settings.resting_momentum();
            }
        }
        let dense = self.bodies.len() as u32;
        let handle = if let Some(slot) = self.free.pop() {
            let entry = &mut self.slots[slot as usize];
            entry.dense = Some(dense);
            BodyHandle::new(slot, entry.generation)
        } else {
            self.slots.push(Slot {
                generation: 0,
                dense: Some(dense),
            });
            BodyHandle::new(self.slots.len() as u32 - 1, 0)
        };
        self.bodies.push(body);
        self.handles.push(handle);
        self.own_settings.push(None);
        self.user_data.push(0);
        self.copies.push(CellCopy::default());
        handle
    }

    /// Removes a body and returns it; `None` when the handle names no body
    /// (removed already). The last body takes its place in
    /// [`Simulation::bodies`]; every other handle still names its body.
    pub fn remove_body(&mut self, handle: BodyHandle) -> Option<Body> {
        let dense = self.dense_index(handle)?;
        let slot = &mut self.slots[handle.slot() as usize];
        slot.dense = None;
        slot.generation = slot.generation.wrapping_add(1);
        self.free.push(handle.slot());
        let body = self.bodies.swap_remove(dense);
        self.handles.swap_remove(dense);
        self.own_settings.swap_remove(dense);
        self.user_data.swap_remove(dense);
        self.copies.swap_remove(dense);
        if let Some(&moved) = self.handles.get(dense) {
            self.slots[moved.slot() as usize].dense = Some(dense as u32);
        }
        Some(body)
    }

    /// Where `handle`'s body is in [`Simulation::bodies`], if it is alive.
    #[must_use]
    pub fn dense_index(&self, handle: BodyHandle) -> Option<usize> {
        let slot = self.slots.get(handle.slot() as usize)?;
        (slot.generation == handle.generation())
            .then_some(slot.dense)
            .flatten()
            .map(|d| d as usize)
    }

    /// The body `handle` names, if it is still there.
    #[must_use]
    pub fn body(&self, handle: BodyHandle) -> Option<&Body> {
        self.dense_index(handle).map(|i| &self.bodies[i])
    }

    /// The body `handle` names, to teleport, turn or stop it.
    pub fn body_mut(&mut self, handle: BodyHandle) -> Option<&mut Body> {
        self.dense_index(handle).map(|i| &mut self.bodies[i])
    }

    /// Gives one body settings of its own (a faster runner, a heavier robot),
    /// or back the simulation's with `None`. False when the handle names no
    /// body.
    ///
    /// # Errors
    /// The first setting out of range; nothing changes then.
    pub fn set_body_settings(
        &mut self,
        handle: BodyHandle,
        settings: Option<Settings>,
    ) -> Result<bool, SettingError> {
        if let Some(s) = &settings {
            s.validate()?;
        }
        let Some(i) = self.dense_index(handle) else {
            return Ok(false);
        };
        self.own_settings[i] = settings.map(Box::new);
        Ok(true)
    }

    /// Keeps a number with a body (the game's entity id, an index into its
    /// own tables); 0 until set. False when the handle names no body.
    ///
    /// ```
    /// use voxwalk::glam::DVec3;
    /// use voxwalk::controller::{Body, Settings, Simulation};
    /// use voxwalk::world::World;
    ///
    /// let mut sim = Simulation::new(World::new(), Settings::default()).unwrap();
    /// let h = sim.add_body(Body::new(DVec3::ZERO, Body::DEFAULT_SIZE).unwrap());
    /// assert!(sim.set_user_data(h, 4711));
    /// assert_eq!(sim.user_data(h), Some(4711));
    /// ```
    pub fn set_user_data(&mut self, handle: BodyHandle, data: u64) -> bool {
        let Some(i) = self.dense_index(handle) else {
            return false;
        };
        self.user_data[i] = data;
        true
    }

    /// The number kept with `handle`'s body.
    #[must_use]
    pub fn user_data(&self, handle: BodyHandle) -> Option<u64> {
        self.dense_index(handle).map(|i| self.user_data[i])
    }

    /// The settings `handle`'s body ticks with.
    #[must_use]
    pub fn body_settings(&self, handle: BodyHandle) -> Option<&Settings> {
        let i = self.dense_index(handle)?;
        Some(self.own_settings[i].as_deref().unwrap_or(&self.settings))
    }

    /// Adds a ball; returns its index.
    pub fn add_ball(&mut self, ball: Ball) -> usize {
        self.balls.push(ball);
        self.balls.len() - 1
    }

    /// Ticks bodies on all of rayon's threads (`true`) or on the caller's.
    /// The trajectories are the same bit for bit either way; only the time
    /// differs. When a move fails, which failing body is reported may differ.
    #[cfg(feature = "parallel")]
    pub fn set_parallel(&mut self, parallel: bool) {
        self.parallel = parallel;
    }

    /// The bodies, in the order they tick (the order of
    /// [`Simulation::handles`]; a removal moves the last body into the gap).
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

    /// Ticks run so far.
    #[must_use]
    pub fn tick(&self) -> u64 {
        self.tick
    }

    /// Runs one tick. `inputs[i]` drives the body at `bodies()[i]` (and
    /// `handles()[i]`); bodies without one idle.
    ///
    /// # Errors
    /// [`SimulationError`] when the resolver refuses a move; the bodies moved
    /// before it keep their new state, the tick counter does not advance.
    pub fn step(&mut self, inputs: &[Input]) -> Result<TickReport, SimulationError> {
        let mut report = TickReport::default();
        self.step_into(inputs, &mut report)?;
        Ok(report)
    }

    /// [`Simulation::step`], writing what happened into `report` and reusing
    /// its storage: a loop that keeps one report and ticks every frame
    /// allocates nothing for events once the lists have grown (with 100,000
    /// bodies, some 40 % of them have an event every tick).
    ///
    /// ```
    /// use voxwalk::glam::DVec3;
    /// use voxwalk::controller::{Body, Settings, Simulation, TickReport};
    /// use voxwalk::formats::text_format;
    ///
    /// let world = text_format::parse("voxwalk-world 1\nlayer 0\n|####|\n").unwrap();
    /// let mut sim = Simulation::new(world, Settings::default()).unwrap();
    /// sim.add_body(Body::new(DVec3::new(0.5, 3.0, 0.5), Body::DEFAULT_SIZE).unwrap());
    /// let mut report = TickReport::default();
    /// for _ in 0..40 {
    ///     sim.step_into(&[], &mut report).unwrap();
    /// }
    /// assert_eq!(report.tick, 39);
    /// assert!(sim.bodies()[0].grounded);
    /// assert!(report.bodies[0].is_empty()); // landed long ago: nothing new this tick
    /// ```
    ///
    /// # Errors
    /// As [`Simulation::step`]; `report` then holds what happened up to the
    /// refused move.
    pub fn step_into(
        &mut self,
        inputs: &[Input],
        report: &mut TickReport,
    ) -> Result<(), SimulationError> {
        let tick = self.tick;
        self.start_report(report);
        self.tick_bodies(inputs, report)?;
        report.pairs_checked = push_bodies_apart(
            &self.world,
            &mut self.scratch.resolver,
            &mut self.bodies,
            &self.handles,
            &mut report.bodies,
            &mut self.crowd_cells,
            self.parallel,
        )
        .map_err(|source| SimulationError::Move {
            tick,
            body: None,
            source,
        })?;
        for (index, ball) in self.balls.iter_mut().enumerate() {
            tick_ball(
                &self.world,
                &mut self.scratch.resolver,
                &self.settings,
                ball,
                &mut report.balls[index],
            );
        }
        self.tick += 1;
        Ok(())
    }

    /// Empties `report` for this tick, keeping its allocations.
    fn start_report(&self, report: &mut TickReport) {
        report.tick = self.tick;
        report.pairs_checked = 0;
        report.bodies.resize_with(self.bodies.len(), Vec::new);
        report.balls.resize_with(self.balls.len(), Vec::new);
        report.handles.clear();
        report.handles.extend_from_slice(&self.handles);
        match () {
            #[cfg(feature = "parallel")]
            () if self.parallel => report.bodies.par_iter_mut().for_each(Vec::clear),
            () => report.bodies.iter_mut().for_each(Vec::clear),
        }
        report.balls.iter_mut().for_each(Vec::clear);
    }

    /// Ticks every moving body on its own (pushes between them come after),
    /// each against its settings and its copy of the cells around it.
    fn tick_bodies(
        &mut self,
        inputs: &[Input],
        report: &mut TickReport,
    ) -> Result<(), SimulationError> {
        let tick = self.tick;
        let (world, settings) = (&self.world, &self.settings);
        let (handles, own_settings) = (&self.handles, &self.own_settings);
        let (copying, epoch) = (world.cells_can_be_copied(), self.world_epoch);
        let tick_one = |scratch: &mut TickScratch,
                        (index, ((body, events), copy)): (
            usize,
            ((&mut Body, &mut Vec<Event>), &mut CellCopy),
        )|
         -> Result<(), SimulationError> {
            if body.is_static() {
                return Ok(());
            }
            let input = inputs.get(index).copied().unwrap_or_default();
            let settings = own_settings[index].as_deref().unwrap_or(settings);
            let ticked = if copying {
                copy.refresh(world, &body.aabb, epoch);
                let world = CopiedCells { world, copy };
                tick_body(&world, scratch, settings, body, input, events)
            } else {
                tick_body(world, scratch, settings, body, input, events)
            };
            ticked.map(|_| ()).map_err(|source| SimulationError::Move {
                tick,
                body: Some(handles[index]),
                source,
            })
        };
        match () {
            // Each body's tick reads the world and writes only that body: the
            // result is the same on any number of threads.
            #[cfg(feature = "parallel")]
            () if self.parallel => self
                .bodies
                .par_iter_mut()
                .zip(report.bodies.par_iter_mut())
                .zip(self.copies.par_iter_mut())
                .enumerate()
                .try_for_each_init(TickScratch::default, tick_one)?,
            () => {
                let scratch = &mut self.scratch;
                self.bodies
                    .iter_mut()
                    .zip(report.bodies.iter_mut())
                    .zip(self.copies.iter_mut())
                    .enumerate()
                    .try_for_each(|item| tick_one(scratch, item))?;
            }
        }
        Ok(())
    }
}
