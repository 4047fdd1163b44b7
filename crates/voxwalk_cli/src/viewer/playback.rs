//! A scenario played in the viewer: its run, tick by tick, forwards and back.
//!
//! Stepping back is exact because a run replays bit for bit: the state after
//! every 256th tick is kept (bodies, balls, movers: all a simulation's state),
//! and going to a tick restores the nearest kept state before it and runs
//! forward from there, at most 255 ticks. Opening a long scenario at its last
//! tick costs one run, plus one run to find its failures.

use glam::DVec3;

use voxwalk::controller::{Body, Input, Simulation, SimulationError, SimulationState, TickReport};
use voxwalk::geometry::Aabb;
use voxwalk::scenario::{
    CheckKind, Expectation, Failure, PROGRESS_EVERY, Scenario, Subject, WorldStream,
    failures_unless_stopped,
};

/// Ticks between kept states.
const KEEP_EVERY: u64 = 256;

/// A region a check of the shown tick expects a body in, for the views to
/// outline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outline {
    /// The region (axes a check leaves open take the body's own extent).
    pub region: Aabb,
    /// Whether the check holds at this tick.
    pub passed: bool,
}

/// A check of the shown tick, for the status line.
#[derive(Clone, Debug, PartialEq)]
pub struct TickCheck {
    /// What it checks.
    pub what: String,
    /// Whether it holds.
    pub passed: bool,
}

/// The scenario, where its run is, and what failed in it.
#[derive(Debug)]
pub struct Playback {
    /// The scenario.
    pub scenario: Scenario,
    /// Ticks run so far: the state shown is the one after tick `ran − 1`
    /// (0: the start, before any tick).
    pub ran: u64,
    /// The state after every `KEEP_EVERY`th tick, from the start.
    kept: Vec<SimulationState>,
    /// The first failure of each check that failed, by tick.
    pub failures: Vec<Failure>,
    /// The golden trajectory's body positions (feet), by tick, when the
    /// scenario names a golden file that reads.
    golden: Vec<Vec<DVec3>>,
    inputs: Vec<Input>,
    /// Loads a save folder's columns before each tick.
    stream: WorldStream,
}

/// The body positions of a golden file, by tick; empty when it does not read.
fn golden_positions(scenario: &Scenario) -> Vec<Vec<DVec3>> {
    let Some(text) = scenario
        .golden
        .as_ref()
        .and_then(|g| std::fs::read_to_string(g).ok())
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let Ok(value) = serde_json::from_str::<serde_json::Value>(line) else {
            return Vec::new();
        };
        let bodies = value["bodies"].as_array().map_or_else(Vec::new, |bodies| {
            bodies
                .iter()
                .filter_map(|b| {
                    let p = b["pos"].as_array()?;
                    Some(DVec3::new(
                        p.first()?.as_f64()?,
                        p.get(1)?.as_f64()?,
                        p.get(2)?.as_f64()?,
                    ))
                })
                .collect()
        });
        out.push(bodies);
    }
    out
}

impl Playback {
    /// The scenario ready to play from its start, and the simulation it plays
    /// in; its checks are judged once here, to mark failures.
    ///
    /// # Errors
    /// Settings the simulation refuses.
    ///
    /// # Panics
    /// Never: the run is told always to go on.
    pub fn open(scenario: Scenario) -> Result<(Playback, Simulation), SimulationError> {
        Ok(Self::open_unless_stopped(scenario, &mut |_| true)?
            .expect("a run told always to go on is never stopped"))
    }

    /// [`Playback::open`], asking `go_on` with the ticks judged so far as
    /// the checks are judged (a long scenario takes seconds); `None` when it
    /// said no.
    ///
    /// # Errors
    /// As [`Playback::open`].
    pub fn open_unless_stopped(
        scenario: Scenario,
        go_on: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Option<(Playback, Simulation)>, SimulationError> {
        let Some(failures) = failures_unless_stopped(&scenario, go_on) else {
            return Ok(None);
        };
        let sim = scenario.simulation()?;
        let stream = WorldStream::open(scenario.save_folder.as_ref())?;
        let kept = vec![sim.state()];
        let golden = golden_positions(&scenario);
        Ok(Some((
            Playback {
                scenario,
                ran: 0,
                kept,
                failures,
                golden,
                inputs: Vec::new(),
                stream,
            },
            sim,
        )))
    }

    /// The scenario's length in ticks.
    #[must_use]
    pub fn ticks(&self) -> u64 {
        self.scenario.ticks
    }

    /// The tick whose state is shown, `None` at the start.
    #[must_use]
    pub fn shown_tick(&self) -> Option<u64> {
        self.ran.checked_sub(1)
    }

    /// Runs the next tick; `false` at the end of the scenario.
    ///
    /// # Errors
    /// When the resolver refuses a move.
    pub fn step(
        &mut self,
        sim: &mut Simulation,
        report: &mut TickReport,
    ) -> Result<bool, SimulationError> {
        if self.ran >= self.scenario.ticks {
            return Ok(false);
        }
        let tick = self.ran;
        self.inputs.clear();
        self.inputs
            .extend(self.scenario.bodies.iter().map(|b| b.script.input_at(tick)));
        self.stream.ready(sim, tick)?;
        sim.step_in_order_into(&self.inputs, report)?;
        self.ran += 1;
        if self.ran.is_multiple_of(KEEP_EVERY) && self.kept.len() as u64 == self.ran / KEEP_EVERY {
            self.kept.push(sim.state());
        }
        Ok(true)
    }

    /// Shows the state after `ran` ticks (clamped to the scenario), exactly
    /// as a run from the start would reach it.
    ///
    /// # Errors
    /// When the resolver refuses a move on the way.
    pub fn seek(
        &mut self,
        sim: &mut Simulation,
        report: &mut TickReport,
        ran: u64,
    ) -> Result<(), SimulationError> {
        self.seek_unless_stopped(sim, report, ran, &mut |_| true)
            .map(|_| ())
    }

    /// [`Playback::seek`], asking `go_on` with the tick reached every
    /// [`PROGRESS_EVERY`] ticks; `Ok(false)` when it said no (the playback
    /// is left at the tick reached).
    ///
    /// # Errors
    /// As [`Playback::seek`].
    pub fn seek_unless_stopped(
        &mut self,
        sim: &mut Simulation,
        report: &mut TickReport,
        ran: u64,
        go_on: &mut dyn FnMut(u64) -> bool,
    ) -> Result<bool, SimulationError> {
        let target = ran.min(self.scenario.ticks);
        let k = ((target / KEEP_EVERY) as usize).min(self.kept.len() - 1);
        if target < self.ran || k as u64 * KEEP_EVERY > self.ran {
            sim.restore(self.kept[k].clone())?;
            self.ran = k as u64 * KEEP_EVERY;
            report.bodies.iter_mut().for_each(Vec::clear);
        }
        while self.ran < target {
            self.step(sim, report)?;
            if self.ran.is_multiple_of(PROGRESS_EVERY) && !go_on(self.ran) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The checks about the shown tick: the `[[expect]]`s at it, and the
    /// `[[always]]`s, with whether each holds, from the failures found.
    #[must_use]
    pub fn checks_now(&self, sim: &Simulation, body: usize) -> (Vec<TickCheck>, Vec<Outline>) {
        let Some(tick) = self.shown_tick() else {
            return (Vec::new(), Vec::new());
        };
        let failed_here = |kind: CheckKind| {
            self.failures
                .iter()
                .any(|f| f.tick == tick && f.kind == kind)
        };
        let (mut checks, mut outlines) = (Vec::new(), Vec::new());
        for e in &self.scenario.expectations {
            if e.tick_in(self.scenario.ticks) != tick || e.ball.is_some() {
                continue;
            }
            let who = format!("body {}", e.body.unwrap_or(0));
            let passed = !failed_here(CheckKind::Expect {
                subject: Subject::Body(e.body.unwrap_or(0)),
            });
            checks.push(TickCheck {
                what: format!("expect {who}"),
                passed,
            });
            let index = e.body.unwrap_or(0);
            if index != body {
                continue;
            }
            let Some(shown) = sim.bodies().get(index) else {
                continue;
            };
            outlines.extend(
                expected_regions(e, shown)
                    .into_iter()
                    .flatten()
                    .map(|region| Outline { region, passed }),
            );
        }
        // The golden trajectory's body, beside the one shown.
        if let (Some(feet), Some(shown)) = (
            self.golden.get(tick as usize).and_then(|g| g.get(body)),
            sim.bodies().get(body),
        ) {
            let tolerance = self.scenario.golden_tolerance;
            let passed = (*feet - shown.feet()).abs().max_element() <= tolerance;
            checks.push(TickCheck {
                what: "golden".into(),
                passed: passed && !failed_here(CheckKind::Golden),
            });
            outlines.push(Outline {
                region: Aabb::from_feet(*feet, shown.aabb.size()),
                passed,
            });
        }
        for (i, a) in self.scenario.always.iter().enumerate() {
            if tick < a.from_tick.unwrap_or(0) {
                continue;
            }
            checks.push(TickCheck {
                what: format!("always #{}", i + 1),
                passed: !self.failures.iter().any(|f| {
                    f.tick == tick && matches!(f.kind, CheckKind::Always { rule, .. } if rule == i)
                }),
            });
        }
        (checks, outlines)
    }

    /// The ticks at which a check first failed, in order, without repeats.
    #[must_use]
    pub fn failed_ticks(&self) -> Vec<u64> {
        let mut ticks: Vec<u64> = self.failures.iter().map(|f| f.tick).collect();
        ticks.sort_unstable();
        ticks.dedup();
        ticks
    }
}

/// Where expectation `e` wants the body `shown` to be: the box at its `pos`
/// grown by the tolerance, and the boxes its feet's bounds allow (an
/// unbounded axis where the body is).
fn expected_regions(e: &Expectation, shown: &Body) -> [Option<Aabb>; 2] {
    let size = shown.aabb.size();
    let at_pos = e.pos.map(|pos| {
        let tolerance = e.tolerance.unwrap_or(1e-6);
        let target = Aabb::from_feet(DVec3::from_array(pos), size);
        Aabb::new(target.min - tolerance, target.max + tolerance)
    });
    let within_bounds = (e.x.is_some() || e.y.is_some() || e.z.is_some()).then(|| {
        let feet = shown.feet();
        let span = |b: Option<[f64; 2]>, at: f64| b.unwrap_or([at, at]);
        let (x, y, z) = (span(e.x, feet.x), span(e.y, feet.y), span(e.z, feet.z));
        let lo = Aabb::from_feet(DVec3::new(x[0], y[0], z[0]), size);
        let hi = Aabb::from_feet(DVec3::new(x[1], y[1], z[1]), size);
        lo.union(&hi)
    });
    [at_pos, within_bounds]
}
