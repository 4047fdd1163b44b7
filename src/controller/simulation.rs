//! A world with bodies and balls in it, advanced one fixed tick at a time.

use glam::DVec3;
use rayon::prelude::*;
use thiserror::Error;

use super::ball::tick_ball;
use super::crowd::push_bodies_apart;
use super::walk::tick_body;
use super::{Ball, Body, Event, Input, SettingError, Settings};
use crate::resolver::{MoveError, Resolver};
use crate::world::World;

/// How far below its feet [`Simulation::add_body`] looks for ground: a body
/// resting on a floor floats [`crate::resolver::CONTACT_GAP`] above it.
pub const GROUND_PROBE: f64 = 1e-6;

/// Everything that moves in one world.
///
/// Each [`Simulation::step`] is one fixed tick: every dynamic body in index
/// order, then the pushes between bodies, then every ball. Nothing depends on
/// wall-clock time, hash order or threads, so the same world, settings and
/// inputs give the same trajectory bit for bit.
///
/// ```
/// use glam::DVec3;
/// use voxwalk::controller::{Body, Input, Settings, Simulation};
/// use voxwalk::world::text_format;
///
/// let world = text_format::parse("voxwalk-world 1\nlayer 0\n|##########|\n").unwrap();
/// let mut sim = Simulation::new(world, Settings::default()).unwrap();
/// sim.add_body(Body::new(DVec3::new(0.5, 1.0, 0.5), Body::DEFAULT_SIZE).unwrap());
/// let east = Input::parse("east").unwrap();
/// for _ in 0..20 {
///     sim.step(&[east]).unwrap();
/// }
/// let body = &sim.bodies()[0];
/// assert!(body.grounded);
/// assert_eq!(body.velocity.x, 4.317); // full walking speed after a second
/// assert!(body.feet().x > 4.0);
/// ```
#[derive(Debug)]
pub struct Simulation {
    world: World,
    settings: Settings,
    bodies: Vec<Body>,
    balls: Vec<Ball>,
    tick: u64,
    resolver: Resolver,
    /// Scratch for the body–body broad phase.
    crowd_cells: super::crowd::CrowdCells,
    /// Tick bodies on all of rayon's threads.
    parallel: bool,
}

/// What one tick did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TickReport {
    /// The tick that ran (0 for the first).
    pub tick: u64,
    /// Events of each body, by index.
    pub bodies: Vec<Vec<Event>>,
    /// Events of each ball, by index.
    pub balls: Vec<Vec<Event>>,
    /// Pairs of bodies the body–body broad phase handed on to the exact
    /// circle test (grows with contacts, not with the square of the count).
    pub pairs_checked: usize,
}

/// Why a tick could not run.
#[derive(Debug, Error)]
pub enum SimulationError {
    /// The settings are out of range (a simulation cannot start with them).
    #[error(transparent)]
    Settings(#[from] SettingError),
    /// The resolver refused a body's move (it left the coordinate range, …).
    #[error("tick {tick}, body {body}: {source}")]
    Move {
        /// The tick.
        tick: u64,
        /// The body.
        body: usize,
        /// What the resolver said.
        source: MoveError,
    },
}

impl Simulation {
    /// An empty simulation over `world`.
    ///
    /// # Errors
    /// The first setting out of range.
    pub fn new(world: World, settings: Settings) -> Result<Simulation, SettingError> {
        settings.validate()?;
        Ok(Simulation {
            world,
            settings,
            bodies: Vec::new(),
            balls: Vec::new(),
            tick: 0,
            resolver: Resolver::new(),
            crowd_cells: Vec::new(),
            parallel: false,
        })
    }

    /// Adds a body; returns its index. A dynamic body added standing on
    /// something (within [`GROUND_PROBE`] of it) starts grounded, so it can walk
    /// and jump on its first tick.
    pub fn add_body(&mut self, mut body: Body) -> usize {
        if !body.is_static() {
            let probe = DVec3::new(0.0, -GROUND_PROBE, 0.0);
            body.grounded = self
                .resolver
                .move_box(&self.world, body.aabb, probe)
                .is_ok_and(|m| m.blocked.y && m.depenetration.is_none());
        }
        self.bodies.push(body);
        self.bodies.len() - 1
    }

    /// Adds a ball; returns its index.
    pub fn add_ball(&mut self, ball: Ball) -> usize {
        self.balls.push(ball);
        self.balls.len() - 1
    }

    /// Ticks bodies on all of rayon's threads (`true`) or on the caller's.
    /// The trajectories are the same bit for bit either way; only the time
    /// differs. When a move fails, which failing body is reported may differ.
    pub fn set_parallel(&mut self, parallel: bool) {
        self.parallel = parallel;
    }

    /// The bodies, by index.
    #[must_use]
    pub fn bodies(&self) -> &[Body] {
        &self.bodies
    }

    /// The bodies, for callers that teleport or remove them.
    pub fn bodies_mut(&mut self) -> &mut Vec<Body> {
        &mut self.bodies
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
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The world, for callers that edit blocks between ticks.
    pub fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }

    /// The settings in force.
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Ticks run so far.
    #[must_use]
    pub fn tick(&self) -> u64 {
        self.tick
    }

    /// Runs one tick. `inputs[i]` drives body `i`; bodies without one idle.
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
    /// use glam::DVec3;
    /// use voxwalk::controller::{Body, Settings, Simulation, TickReport};
    /// use voxwalk::world::text_format;
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
        report.tick = tick;
        report.pairs_checked = 0;
        report.bodies.resize_with(self.bodies.len(), Vec::new);
        report.balls.resize_with(self.balls.len(), Vec::new);
        if self.parallel {
            report.bodies.par_iter_mut().for_each(Vec::clear);
        } else {
            report.bodies.iter_mut().for_each(Vec::clear);
        }
        report.balls.iter_mut().for_each(Vec::clear);
        let (world, settings) = (&self.world, &self.settings);
        let tick_one = |resolver: &mut Resolver,
                        (index, (body, events)): (usize, (&mut Body, &mut Vec<Event>))|
         -> Result<(), SimulationError> {
            if body.is_static() {
                return Ok(());
            }
            let input = inputs.get(index).copied().unwrap_or_default();
            tick_body(world, resolver, settings, body, input, events).map_err(|source| {
                SimulationError::Move {
                    tick,
                    body: index,
                    source,
                }
            })
        };
        if self.parallel {
            // Each body's tick reads the world and writes only that body: the
            // result is the same on any number of threads.
            self.bodies
                .par_iter_mut()
                .zip(report.bodies.par_iter_mut())
                .enumerate()
                .try_for_each_init(Resolver::new, tick_one)?;
        } else {
            let resolver = &mut self.resolver;
            self.bodies
                .iter_mut()
                .zip(report.bodies.iter_mut())
                .enumerate()
                .try_for_each(|item| tick_one(resolver, item))?;
        }
        report.pairs_checked = push_bodies_apart(
            &self.world,
            &mut self.resolver,
            &mut self.bodies,
            &mut report.bodies,
            &mut self.crowd_cells,
            self.parallel,
        )
        .map_err(|source| SimulationError::Move {
            tick,
            body: usize::MAX,
            source,
        })?;
        for (index, ball) in self.balls.iter_mut().enumerate() {
            tick_ball(
                &self.world,
                &mut self.resolver,
                &self.settings,
                ball,
                &mut report.balls[index],
            );
        }
        self.tick += 1;
        Ok(())
    }
}
