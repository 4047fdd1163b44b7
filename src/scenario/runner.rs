//! Running scenarios and judging them.

use std::path::Path;

use glam::{DVec3, IVec3};

use super::expectation::ExpectationWatch;
use super::failure::{CheckKind, Failure};
use super::goal_walk::GoalWalk;
use super::spec::Scenario;
use super::trajectory::{Frame, GoldenComparison, GoldenWriter};
use super::world_stream::WorldStream;
use crate::controller::{Input, Simulation, SimulationError};
use crate::formats::read_regular_text;
use crate::geometry::Aabb;
use crate::resolver::{CellRange, TOUCH_TOLERANCE};
use crate::world::{BlockSource, World};

/// How a scenario came out.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Every check held.
    Passed,
    /// Every check held and the golden trajectory was (re)written.
    Blessed,
    /// A check failed; the first one.
    Failed(Failure),
    /// The scenario could not be read or run.
    Error(String),
}

impl Verdict {
    /// Whether this counts as a pass.
    #[must_use]
    pub fn is_pass(&self) -> bool {
        matches!(self, Verdict::Passed | Verdict::Blessed)
    }
}

/// Runs a scenario and records every tick.
///
/// # Errors
/// When the resolver refuses a move (a body flew out of the coordinate range).
pub fn record(scenario: &Scenario) -> Result<Vec<Frame>, SimulationError> {
    let mut run = Run::new(scenario, &scenario.world, DVec3::ZERO)?;
    let mut frames = Vec::with_capacity(scenario.ticks.min(1 << 20) as usize);
    while let Some(frame) = run.next_frame()? {
        frames.push(frame);
    }
    Ok(frames)
}

impl Scenario {
    /// The simulation this scenario starts from: its world, settings,
    /// movers, bodies and balls.
    ///
    /// # Errors
    /// [`SimulationError::Settings`] or [`SimulationError::Mover`] for what
    /// the scenario's checks refused already (never for a scenario read from
    /// a file).
    pub fn simulation(&self) -> Result<Simulation, SimulationError> {
        let mut stream = WorldStream::open(self.save_folder.as_ref())?;
        self.streamed_simulation(&self.world, DVec3::ZERO, &mut stream)
    }

    /// [`Scenario::simulation_in`] a copy of `world` with what `stream`
    /// loads around the bodies' starts (nothing for a world read whole).
    fn streamed_simulation(
        &self,
        world: &World,
        shift: DVec3,
        stream: &mut WorldStream,
    ) -> Result<Simulation, SimulationError> {
        let mut world = world.clone();
        let starts: Vec<Aabb> = self
            .bodies
            .iter()
            .map(|b| b.body.aabb.translated(-shift))
            .collect();
        stream.ready_world(&mut world, &starts)?;
        self.simulation_in(world, shift)
    }

    /// [`Scenario::simulation`] in `world`, everything displaced by `-shift`.
    fn simulation_in(&self, world: World, shift: DVec3) -> Result<Simulation, SimulationError> {
        let mut sim = Simulation::new(world, self.settings.clone())?;
        for (index, mover) in self.movers.iter().enumerate() {
            // The index-th mover added to a fresh simulation gets slot index.
            let mover_error = |source| SimulationError::Mover {
                tick: 0,
                mover: crate::movers::MoverHandle::new(index as u32, 0),
                source,
            };
            let shifted = mover.shifted(-shift).map_err(mover_error)?;
            sim.add_mover(shifted).map_err(mover_error)?;
        }
        for b in &self.bodies {
            let mut body = b.body;
            body.place(body.aabb.translated(-shift));
            sim.add_body(body);
        }
        for ball in &self.balls {
            let mut ball = *ball;
            ball.center -= shift;
            sim.add_ball(ball);
        }
        Ok(sim)
    }
}

/// A scenario's bodies and balls run in `world`, everything displaced by
/// `-shift`, handing out one frame a tick: nothing is kept, so a scenario of
/// millions of ticks runs in the memory of one.
struct Run<'s> {
    scenario: &'s Scenario,
    sim: Simulation,
    /// Loads a save folder's columns before each tick.
    stream: WorldStream,
    inputs: Vec<Input>,
    /// The way of each body sent to a goal (`None` for one driven by keys).
    walks: Vec<Option<GoalWalk>>,
    tick: u64,
}

impl<'s> Run<'s> {
    fn new(scenario: &'s Scenario, world: &World, shift: DVec3) -> Result<Self, SimulationError> {
        let mut stream = WorldStream::open(scenario.save_folder.as_ref())?;
        let sim = scenario.streamed_simulation(world, shift, &mut stream)?;
        // One memory of checked steps, one cap, for every goal body.
        let memory = crate::navigate::StepMemory::default();
        let walk = |b: &super::ScenarioBody| {
            let size = b.body.aabb.max - b.body.aabb.min;
            let goal = b.goal?;
            GoalWalk::new(goal, shift, (&scenario.settings, &memory), size)
        };
        let walks = scenario.bodies.iter().map(walk).collect();
        Ok(Run {
            scenario,
            sim,
            stream,
            inputs: Vec::with_capacity(scenario.bodies.len()),
            walks,
            tick: 0,
        })
    }

    /// The frame after the next tick; `None` after the scenario's last tick.
    fn next_frame(&mut self) -> Result<Option<Frame>, SimulationError> {
        if self.tick == self.scenario.ticks {
            return Ok(None);
        }
        let tick = self.tick;
        self.inputs.clear();
        self.inputs
            .extend(self.scenario.bodies.iter().map(|b| b.script.input_at(tick)));
        self.stream.ready(&mut self.sim, tick)?;
        let mut walked = vec![Vec::new(); self.walks.len()];
        for (index, walk) in self.walks.iter_mut().enumerate() {
            if let Some(walk) = walk {
                let mut body = self.sim.bodies()[index];
                let known = |column| self.stream.knows_column(column);
                let world = (self.sim.world(), &known as &dyn Fn(_) -> bool);
                self.inputs[index] = walk.input(world, &mut body, &mut walked[index]);
                self.sim.bodies_mut()[index].heading = body.heading;
            }
        }
        let report = self.sim.step_in_order(&self.inputs)?;
        self.tick += 1;
        let mut frame = Frame::capture(&self.sim, &report);
        for (events, walked) in frame.body_events.iter_mut().zip(walked) {
            events.extend(walked);
        }
        Ok(Some(frame))
    }
}

/// A solid cell the box overlaps by more than the touch tolerance, if any.
/// Blocks some bodies pass (on other layers, one-way, sneaked through) are
/// left to the resolver's own tests: whether one counts turns on the body
/// and the tick.
fn overlapped_block(world: &World, aabb: &Aabb) -> Option<IVec3> {
    let registry = world.registry();
    let range = CellRange::covering(aabb, &registry.reach());
    let mut found = None;
    world.for_each_solid_in(range.lo, range.hi, |cell, shape| {
        if found.is_none()
            && !registry.behaviour(world.block(cell)).filters_collisions()
            && shape
                .iter()
                .any(|s| aabb.overlaps_beyond(&s.translated(cell.as_dvec3()), TOUCH_TOLERANCE))
        {
            found = Some(cell);
        }
    });
    found
}

/// The first body in `frame` that overlaps a solid, as a failure.
fn overlap_failure(world: &World, tick: u64, frame: &Frame) -> Option<Failure> {
    frame.bodies.iter().enumerate().find_map(|(index, body)| {
        let inside = overlapped_block(world, &body.aabb)
            .map(|cell| format!("block {cell}"))
            .or_else(|| body.inside_mover.map(|m| format!("mover {m}")));
        inside.map(|what| Failure {
            tick,
            kind: CheckKind::InsideSolid { body: index },
            check: format!("body {index} never overlaps a solid"),
            expected: "no overlap".into(),
            actual: format!("box {:?} inside {what}", body.aabb.to_array()),
        })
    })
}

/// Runs one scenario and applies every check: no body ever inside a block, the
/// `[[always]]` and `[[expect]]` checks, the mirror run, and the golden
/// trajectory (written instead when `bless`). The checks follow the run a tick
/// at a time, keeping only what they need (peaks, first events, the first
/// failure of each), so memory does not grow with the number of ticks; when
/// several fail, the verdict names the first failure in that order of checks.
#[must_use]
pub fn judge(scenario: &Scenario, bless: bool) -> Verdict {
    match judge_streaming(scenario, bless) {
        Ok(verdict) | Err(verdict) => verdict,
    }
}

fn judge_streaming(scenario: &Scenario, bless: bool) -> Result<Verdict, Verdict> {
    let error = |e: &dyn std::fmt::Display| Verdict::Error(e.to_string());
    let mut run = Run::new(scenario, &scenario.world, DVec3::ZERO).map_err(|e| error(&e))?;
    let mut twin = match &scenario.mirror {
        Some(mirror) => Some(
            Run::new(scenario, &mirror.world, mirror.offset)
                .map_err(|e| Verdict::Error(format!("mirror run: {e}")))?,
        ),
        None => None,
    };
    // A missing golden file is reported where the golden check comes, after
    // the others: a failing expectation says more than a file to bless.
    let golden_text = match (&scenario.golden, bless) {
        (Some(golden), false) => Some(read_regular_text(golden, MAX_GOLDEN_BYTES).map_err(|e| {
            format!(
                "{}: {e} (run `voxwalk check --bless` to write it)",
                golden.display()
            )
        })),
        _ => None,
    };
    let mut writer = match (&scenario.golden, bless) {
        (Some(golden), true) => Some(
            may_bless(&scenario.path, golden)
                .and_then(|()| GoldenWriter::create(golden))
                .map_err(|e| Verdict::Error(format!("{}: {e}", golden.display())))?,
        ),
        _ => None,
    };
    let mut comparison = match &golden_text {
        Some(Ok(text)) => Some(GoldenComparison::new(text, scenario.golden_tolerance)),
        _ => None,
    };

    let mut checks = Checks::new(scenario);
    while let Some(frame) = run.next_frame().map_err(|e| error(&e))? {
        let tick = run.tick - 1;
        checks.see(tick, &frame, twin.as_mut());
        if let Some(c) = comparison.as_mut() {
            c.see(tick, &frame);
        }
        if let (Some(w), Some(golden)) = (writer.as_mut(), &scenario.golden) {
            w.write(tick, &frame)
                .map_err(|e| Verdict::Error(format!("{}: {e}", golden.display())))?;
        }
    }
    if let Some(verdict) = checks.verdict() {
        return Err(verdict);
    }
    if let (Some(w), Some(golden)) = (writer, &scenario.golden) {
        w.commit()
            .map_err(|e| Verdict::Error(format!("{}: {e}", golden.display())))?;
        return Ok(Verdict::Blessed);
    }
    if let Some(Err(e)) = golden_text {
        return Err(Verdict::Error(e));
    }
    if let (Some(c), Some(golden)) = (comparison, &scenario.golden) {
        match c.finish() {
            Ok(None) => {}
            Ok(Some(f)) => return Err(Verdict::Failed(f)),
            Err(e) => return Err(Verdict::Error(format!("{}: {e}", golden.display()))),
        }
    }
    Ok(Verdict::Passed)
}

/// The checks of a scenario but the golden file, following a run a frame at a
/// time: the first failure of each, the state expectations need.
struct Checks<'s> {
    scenario: &'s Scenario,
    overlap: Option<Failure>,
    always: Vec<Option<Failure>>,
    expectations: Vec<ExpectationWatch<'s>>,
    mirror: Option<Result<Failure, SimulationError>>,
}

impl<'s> Checks<'s> {
    fn new(scenario: &'s Scenario) -> Self {
        Checks {
            scenario,
            overlap: None,
            always: vec![None; scenario.always.len()],
            expectations: scenario
                .expectations
                .iter()
                .map(|e| e.watch(scenario.ticks))
                .collect(),
            mirror: None,
        }
    }

    /// Takes in the frame after `tick`, and steps the mirror run beside it.
    fn see(&mut self, tick: u64, frame: &Frame, twin: Option<&mut Run<'_>>) {
        if self.overlap.is_none() {
            self.overlap = overlap_failure(&self.scenario.world, tick, frame);
        }
        for (rule, (check, found)) in self
            .scenario
            .always
            .iter()
            .zip(&mut self.always)
            .enumerate()
        {
            if found.is_none() {
                *found = check.failure_at(rule, tick, frame);
            }
        }
        for watch in &mut self.expectations {
            watch.see(tick, frame);
        }
        if self.mirror.is_none()
            && let (Some(twin), Some(m)) = (twin, &self.scenario.mirror)
        {
            match twin.next_frame() {
                Ok(Some(other)) => {
                    self.mirror =
                        compare_mirror(tick, frame, &other, m.offset, m.tolerance).map(Ok);
                }
                Ok(None) => {}
                Err(e) => self.mirror = Some(Err(e)),
            }
        }
    }

    /// The first failure of every check that failed, in the order the checks
    /// are documented (a mirror run that could not run is left out).
    fn into_failures(self) -> Vec<Failure> {
        let mut out: Vec<Failure> = self.overlap.into_iter().collect();
        out.extend(self.always.into_iter().flatten());
        out.extend(
            self.expectations
                .iter()
                .filter_map(ExpectationWatch::failure),
        );
        if let Some(Ok(f)) = self.mirror {
            out.push(f);
        }
        out
    }

    /// The verdict of the first check that failed, in the order the checks
    /// are documented; `None` when all held.
    fn verdict(self) -> Option<Verdict> {
        let failure = self
            .overlap
            .or_else(|| self.always.into_iter().flatten().next())
            .or_else(|| self.expectations.iter().find_map(ExpectationWatch::failure));
        if let Some(f) = failure {
            return Some(Verdict::Failed(f));
        }
        match self.mirror? {
            Ok(f) => Some(Verdict::Failed(f)),
            Err(e) => Some(Verdict::Error(format!("mirror run: {e}"))),
        }
    }
}

/// The first failure of every check of `scenario` (the golden file's too),
/// from one run, for a viewer to mark; empty when all hold. A run the
/// resolver stops ends the list where it stopped.
#[must_use]
pub fn failures(scenario: &Scenario) -> Vec<Failure> {
    failures_unless_stopped(scenario, &mut |_| true).unwrap_or_default()
}

/// How many ticks a long run goes between asking whether to go on.
pub const PROGRESS_EVERY: u64 = 1024;

/// [`failures`], asking `go_on` with the ticks run so far every
/// [`PROGRESS_EVERY`] ticks, so that a viewer can show the run's progress
/// and stop it; `None` when `go_on` said no.
pub fn failures_unless_stopped(
    scenario: &Scenario,
    go_on: &mut dyn FnMut(u64) -> bool,
) -> Option<Vec<Failure>> {
    let Ok(mut run) = Run::new(scenario, &scenario.world, DVec3::ZERO) else {
        return Some(Vec::new());
    };
    let mut twin = scenario
        .mirror
        .as_ref()
        .and_then(|m| Run::new(scenario, &m.world, m.offset).ok());
    let golden_text = scenario
        .golden
        .as_ref()
        .and_then(|g| read_regular_text(g, MAX_GOLDEN_BYTES).ok());
    let mut comparison = golden_text
        .as_deref()
        .map(|text| GoldenComparison::new(text, scenario.golden_tolerance));
    let mut checks = Checks::new(scenario);
    while let Ok(Some(frame)) = run.next_frame() {
        let tick = run.tick - 1;
        checks.see(tick, &frame, twin.as_mut());
        if let Some(c) = comparison.as_mut() {
            c.see(tick, &frame);
        }
        if run.tick.is_multiple_of(PROGRESS_EVERY) && !go_on(run.tick) {
            return None;
        }
    }
    let mut out = checks.into_failures();
    if let Some(Ok(Some(f))) = comparison.map(GoldenComparison::finish) {
        out.push(f);
    }
    Some(out)
}

/// Where the body states of one tick of a run and its mirror run differ.
fn compare_mirror(
    tick: u64,
    frame: &Frame,
    twin: &Frame,
    offset: DVec3,
    tolerance: f64,
) -> Option<Failure> {
    for (index, (x, y)) in frame.bodies.iter().zip(&twin.bodies).enumerate() {
        let moved_back = x.feet - offset;
        for axis in 0..3 {
            let differs =
                (moved_back[axis] - y.feet[axis]).abs() > tolerance || x.grounded != y.grounded;
            if differs {
                return Some(Failure {
                    tick,
                    kind: CheckKind::Mirror { body: index },
                    check: format!("body {index} matches the mirror run"),
                    expected: format!(
                        "pos − offset = {:?} ± {tolerance}, grounded {}",
                        y.feet.to_array(),
                        y.grounded
                    ),
                    actual: format!("{:?}, grounded {}", moved_back.to_array(), x.grounded),
                });
            }
        }
    }
    None
}

/// Largest golden trajectory read: a line a tick, a hundred bytes a body.
const MAX_GOLDEN_BYTES: u64 = 256 << 20;

/// Whether `--bless` may write `golden` for the scenario at `scenario`: only
/// inside the scenario's own folder, and never through a symbolic link
/// (reads may leave the folder; a write there could overwrite anything).
fn may_bless(scenario: &Path, golden: &Path) -> std::io::Result<()> {
    let refuse = |why: String| {
        Err(std::io::Error::new(
            std::io::ErrorKind::PermissionDenied,
            why,
        ))
    };
    let folder = scenario
        .parent()
        .filter(|f| !f.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .canonicalize()?;
    let target_folder = golden
        .parent()
        .filter(|f| !f.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .canonicalize()?;
    if !target_folder.starts_with(&folder) {
        return refuse(format!(
            "is outside the scenario's folder {}: --bless writes only inside it",
            folder.display()
        ));
    }
    if std::fs::symlink_metadata(golden).is_ok_and(|m| m.file_type().is_symlink()) {
        return refuse("is a symbolic link: --bless never writes through one".into());
    }
    Ok(())
}
