//! One tick of a simulation: the inputs put in the order of the bodies,
//! every body ticked, the pushes between them, the balls.

#[cfg(feature = "parallel")]
use rayon::prelude::*;

use super::Simulation;
use crate::controller::ball::tick_ball;
use crate::controller::carry::{CarryError, move_movers};
use crate::controller::cell_copy::{CellCopy, CopiedCells};
use crate::controller::crowd::{CrowdCells, push_bodies_apart};
use crate::controller::phase_times::Timing;
use crate::controller::tick::tick_body;
use crate::controller::tick_records::TickScratch;
use crate::controller::tick_report::{SimulationError, TickReport};
use crate::controller::{Ball, Body, BodyHandle, Event, Input, Settings, SyncIfParallel};
use crate::movers::Movers;
use crate::resolver::{MoveError, Resolver};
use crate::world::BlockSource;

impl<W: BlockSource + SyncIfParallel> Simulation<W> {
    /// Runs one tick, each body driven by the input given with its handle;
    /// a body without one idles. Once in 32 ticks it first sorts
    /// [`Simulation::bodies`] by where they are, which changes no result.
    ///
    /// # Errors
    /// [`SimulationError::NoSuchBody`] or [`SimulationError::TwoInputs`]
    /// when the inputs name a body that is not there or one twice (nothing
    /// moves then); [`SimulationError::Move`] when the resolver refuses a
    /// move: the bodies moved before it keep their new state, the tick
    /// counter does not advance.
    pub fn step(&mut self, inputs: &[(BodyHandle, Input)]) -> Result<TickReport, SimulationError> {
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
        inputs: &[(BodyHandle, Input)],
        report: &mut TickReport,
    ) -> Result<(), SimulationError> {
        let mut timing = Timing::start();
        if self.tick.is_multiple_of(super::spatial_order::SORT_EVERY) {
            self.sort_by_place();
        }
        timing.lap(|t| &mut t.order);
        let mut by_slot = std::mem::take(&mut self.slot_inputs);
        let mut given = std::mem::take(&mut self.inputs_given);
        let mut dense = std::mem::take(&mut self.dense_inputs);
        let placed = self.place_inputs(inputs, &mut by_slot, &mut given);
        timing.lap(|t| &mut t.inputs);
        let ticked = placed.and_then(|()| {
            self.gather_inputs(&by_slot, &mut dense);
            timing.lap(|t| &mut t.bodies);
            self.run_tick(&dense, report, timing)
        });
        self.slot_inputs = by_slot;
        self.inputs_given = given;
        self.dense_inputs = dense;
        ticked
    }

    /// Runs one tick with `inputs[i]` driving the body at `bodies()[i]`
    /// (and `handles()[i]`): for a caller that keeps its inputs in the
    /// simulation's order, as a scenario does. The order changes when a body
    /// is removed ([`Simulation::remove_body`]); [`Simulation::step`] names
    /// bodies by handle and does not care.
    ///
    /// # Errors
    /// [`SimulationError::InputCount`] unless there is one input per body
    /// (nothing moves then); otherwise as [`Simulation::step`].
    pub fn step_in_order(&mut self, inputs: &[Input]) -> Result<TickReport, SimulationError> {
        let mut report = TickReport::default();
        self.step_in_order_into(inputs, &mut report)?;
        Ok(report)
    }

    /// [`Simulation::step_in_order`], reusing `report`'s storage as
    /// [`Simulation::step_into`] does.
    ///
    /// # Errors
    /// As [`Simulation::step_in_order`].
    pub fn step_in_order_into(
        &mut self,
        inputs: &[Input],
        report: &mut TickReport,
    ) -> Result<(), SimulationError> {
        if inputs.len() != self.bodies.len() {
            return Err(SimulationError::InputCount {
                inputs: inputs.len(),
                bodies: self.bodies.len(),
            });
        }
        self.run_tick(inputs, report, Timing::start())
    }

    /// Writes each input at its body's handle slot, idle for bodies
    /// without one. By slot rather than where the body is in
    /// [`Simulation::bodies`]: a game names its bodies in the order it
    /// added them, so these writes, on one thread, run along memory; the
    /// bodies' order, which follows where they are, is gathered on all
    /// cores ([`Simulation::gather_inputs`]). `given` marks the slots
    /// named so far; both lists are kept between ticks, so placing
    /// allocates nothing once they have grown.
    fn place_inputs(
        &self,
        inputs: &[(BodyHandle, Input)],
        by_slot: &mut Vec<Input>,
        given: &mut Vec<bool>,
    ) -> Result<(), SimulationError> {
        by_slot.clear();
        by_slot.resize(self.slots.len(), Input::IDLE);
        given.clear();
        given.resize(self.slots.len(), false);
        for &(handle, input) in inputs {
            if self.dense_index(handle).is_none() {
                return Err(SimulationError::NoSuchBody { handle });
            }
            let slot = handle.slot() as usize;
            if std::mem::replace(&mut given[slot], true) {
                return Err(SimulationError::TwoInputs { handle });
            }
            by_slot[slot] = input;
        }
        Ok(())
    }

    /// Each body's input, from `by_slot`, in the bodies' order, on all
    /// cores where the simulation is parallel.
    fn gather_inputs(&self, by_slot: &[Input], dense: &mut Vec<Input>) {
        dense.clear();
        dense.resize(self.bodies.len(), Input::IDLE);
        let input_of = |(input, handle): (&mut Input, &BodyHandle)| {
            *input = by_slot[handle.slot() as usize];
        };
        match () {
            #[cfg(feature = "parallel")]
            () if self.parallel => dense.par_iter_mut().zip(&self.handles).for_each(input_of),
            () => dense.iter_mut().zip(&self.handles).for_each(input_of),
        }
    }

    /// One tick with an input for every body, in their order.
    fn run_tick(
        &mut self,
        inputs: &[Input],
        report: &mut TickReport,
        mut timing: Timing,
    ) -> Result<(), SimulationError> {
        let tick = self.tick;
        self.start_report(report);
        // A body added on a mover boarded it as it was added: said first
        // in its first tick.
        for (handle, mover) in std::mem::take(&mut self.boarded_when_added) {
            if let Some(index) = self.dense_index(handle) {
                report.bodies[index].push(Event::Boarded { mover });
            }
        }
        timing.lap(|t| &mut t.report);
        // Each body notes its box before the tick: here, before the movers
        // carry it, where there are movers; else in its own tick, on all
        // cores.
        if !self.movers.is_empty() {
            for body in self.bodies.iter_mut().filter(|b| !b.is_static()) {
                body.previous = body.aabb;
            }
            self.move_movers(report)?;
        }
        timing.lap(|t| &mut t.movers);
        self.tick_bodies(inputs, report)?;
        timing.lap(|t| &mut t.bodies);
        let Simulation {
            world,
            movers,
            settings,
            bodies,
            handles,
            balls,
            scratch,
            crowd_cells,
            parallel,
            ..
        } = self;
        let after = AfterBodies {
            resolver: &mut scratch.resolver,
            settings,
            bodies,
            handles,
            balls,
            crowd_cells,
            parallel: *parallel,
        };
        let pairs = after.run(world, movers, report, &mut timing);
        timing.finish(report);
        report.pairs_checked = pairs.map_err(|source| SimulationError::Move {
            tick,
            body: None,
            source,
        })?;
        self.tick += 1;
        Ok(())
    }

    /// The movers' part of the tick: each carries and pushes the bodies.
    fn move_movers(&mut self, report: &mut TickReport) -> Result<(), SimulationError> {
        let tick = self.tick;
        let handles = &self.handles;
        let events = &mut report.bodies;
        move_movers(
            &self.world,
            &mut self.movers,
            &mut self.scratch.resolver,
            &mut self.carry,
            self.settings.dt(),
            &mut self.bodies,
            |index, event| events[index].push(event),
        )
        .map_err(|error| match error {
            CarryError::Mover { mover, source } => SimulationError::Mover {
                tick,
                mover,
                source,
            },
            CarryError::Move { body, source, .. } => SimulationError::Move {
                tick,
                body: Some(handles[body]),
                source,
            },
        })
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
        let (world, settings, movers) = (&self.world, &self.settings, &self.movers);
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
            if movers.is_empty() {
                body.previous = body.aabb;
            }
            let input = inputs[index];
            let settings = own_settings[index].as_deref().unwrap_or(settings);
            let ticked = if copying {
                copy.refresh(world, &body.aabb, epoch);
                let world = CopiedCells { world, copy };
                tick_body(&world, movers, scratch, settings, body, input, events)
            } else {
                tick_body(world, movers, scratch, settings, body, input, events)
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

/// What a tick does after the bodies' own moves: the pushes between bodies,
/// then the balls, in the world as the bodies met it.
struct AfterBodies<'a> {
    resolver: &'a mut Resolver,
    settings: &'a Settings,
    bodies: &'a mut [Body],
    handles: &'a [BodyHandle],
    balls: &'a mut [Ball],
    crowd_cells: &'a mut CrowdCells,
    parallel: bool,
}

impl AfterBodies<'_> {
    /// Pushes bodies apart and ticks the balls in `world`; returns the pairs
    /// of bodies checked.
    #[inline]
    fn run<S: BlockSource + SyncIfParallel>(
        self,
        world: &S,
        movers: &Movers,
        report: &mut TickReport,
        timing: &mut Timing,
    ) -> Result<usize, MoveError> {
        let pairs = push_bodies_apart(
            world,
            Some(movers),
            self.resolver,
            (self.bodies, self.handles, &mut report.bodies),
            self.crowd_cells,
            (self.parallel, &mut *timing),
        )?;
        let world = movers.around(world);
        for (index, ball) in self.balls.iter_mut().enumerate() {
            tick_ball(
                &world,
                self.resolver,
                self.settings,
                ball,
                &mut report.balls[index],
            );
        }
        timing.lap(|t| &mut t.balls);
        Ok(pairs)
    }
}
