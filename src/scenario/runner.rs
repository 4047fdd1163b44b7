//! Running scenarios and judging them.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use glam::IVec3;

use super::expectation::Failure;
use super::spec::{Scenario, ScenarioError};
use super::trajectory::{Frame, compare_golden, write_golden};
use crate::controller::{Input, Simulation, SimulationError};
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

/// One scenario's line of the report.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The scenario's name (file stem).
    pub name: String,
    /// Its file.
    pub path: PathBuf,
    /// Ticks run (0 when it did not load).
    pub ticks: u64,
    /// The result.
    pub verdict: Verdict,
    /// Wall-clock time to load, run and check it.
    pub elapsed: Duration,
}

/// Runs a scenario and records every tick.
///
/// # Errors
/// When the resolver refuses a move (a body flew out of the coordinate range).
pub fn record(scenario: &Scenario) -> Result<Vec<Frame>, SimulationError> {
    simulate(scenario, &scenario.world, glam::DVec3::ZERO)
}

/// Runs `scenario`'s bodies and balls in `world`, everything displaced by `-shift`.
fn simulate(
    scenario: &Scenario,
    world: &World,
    shift: glam::DVec3,
) -> Result<Vec<Frame>, SimulationError> {
    let mut sim = Simulation::new(world.clone(), scenario.settings.clone())?;
    for b in &scenario.bodies {
        let mut body = b.body;
        body.aabb = body.aabb.translated(-shift);
        sim.add_body(body);
    }
    for ball in &scenario.balls {
        let mut ball = *ball;
        ball.center -= shift;
        sim.add_ball(ball);
    }
    let mut frames = Vec::with_capacity(scenario.ticks as usize);
    let mut inputs: Vec<Input> = Vec::with_capacity(scenario.bodies.len());
    for tick in 0..scenario.ticks {
        inputs.clear();
        inputs.extend(scenario.bodies.iter().map(|b| b.script.input_at(tick)));
        let report = sim.step(&inputs)?;
        frames.push(Frame::capture(&sim, &report));
    }
    Ok(frames)
}

/// A solid cell the box overlaps by more than the touch tolerance, if any.
fn overlapped_block(world: &World, aabb: &Aabb) -> Option<IVec3> {
    let range = CellRange::covering(aabb, &world.registry().reach());
    let mut found = None;
    world.for_each_solid_in(range.lo, range.hi, |cell, shape| {
        if found.is_none()
            && shape
                .iter()
                .any(|s| aabb.overlaps_beyond(&s.translated(cell.as_dvec3()), TOUCH_TOLERANCE))
        {
            found = Some(cell);
        }
    });
    found
}

/// Runs one scenario and applies every check: no body ever inside a block, the
/// `[[always]]` and `[[expect]]` checks, the golden trajectory (written instead
/// when `bless`), and the mirror run.
#[must_use]
pub fn judge(scenario: &Scenario, bless: bool) -> Verdict {
    let frames = match record(scenario) {
        Ok(f) => f,
        Err(e) => return Verdict::Error(e.to_string()),
    };
    for (tick, frame) in frames.iter().enumerate() {
        for (index, body) in frame.bodies.iter().enumerate() {
            if let Some(cell) = overlapped_block(&scenario.world, &body.aabb) {
                return Verdict::Failed(Failure {
                    tick: tick as u64,
                    check: format!("body {index} never overlaps a solid"),
                    expected: "no overlap".into(),
                    actual: format!("box {:?} inside block {}", body.aabb.to_array(), cell),
                });
            }
        }
    }
    for always in &scenario.always {
        if let Some(f) = always.first_failure(&frames) {
            return Verdict::Failed(f);
        }
    }
    for expectation in &scenario.expectations {
        if let Some(f) = expectation.first_failure(&frames) {
            return Verdict::Failed(f);
        }
    }
    if let Some(mirror) = &scenario.mirror {
        let twin = match simulate(scenario, &mirror.world, mirror.offset) {
            Ok(f) => f,
            Err(e) => return Verdict::Error(format!("mirror run: {e}")),
        };
        if let Some(f) = compare_mirror(&frames, &twin, mirror.offset, mirror.tolerance) {
            return Verdict::Failed(f);
        }
    }
    if let Some(golden) = &scenario.golden {
        if bless {
            return match write_golden(golden, &frames) {
                Ok(()) => Verdict::Blessed,
                Err(e) => Verdict::Error(format!("{}: {e}", golden.display())),
            };
        }
        let text = match std::fs::read_to_string(golden) {
            Ok(t) => t,
            Err(e) => {
                return Verdict::Error(format!(
                    "{}: {e} (run `voxwalk check --bless` to write it)",
                    golden.display()
                ));
            }
        };
        match compare_golden(&text, &frames, scenario.golden_tolerance) {
            Ok(None) => {}
            Ok(Some(f)) => return Verdict::Failed(f),
            Err(e) => return Verdict::Error(format!("{}: {e}", golden.display())),
        }
    }
    Verdict::Passed
}

fn compare_mirror(
    frames: &[Frame],
    twin: &[Frame],
    offset: glam::DVec3,
    tolerance: f64,
) -> Option<Failure> {
    for (tick, (a, b)) in frames.iter().zip(twin).enumerate() {
        for (index, (x, y)) in a.bodies.iter().zip(&b.bodies).enumerate() {
            let moved_back = x.feet - offset;
            for axis in 0..3 {
                let differs =
                    (moved_back[axis] - y.feet[axis]).abs() > tolerance || x.grounded != y.grounded;
                if differs {
                    return Some(Failure {
                        tick: tick as u64,
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
    }
    None
}

/// Loads and judges one scenario file.
#[must_use]
pub fn check_file(path: &Path, bless: bool) -> Outcome {
    let started = Instant::now();
    let name = path
        .file_stem()
        .map_or_else(|| "scenario".into(), |s| s.to_string_lossy().into_owned());
    let (ticks, verdict) = match Scenario::load(path) {
        Ok(s) => (s.ticks, judge(&s, bless)),
        Err(e) => (0, Verdict::Error(e.to_string())),
    };
    Outcome {
        name,
        path: path.to_path_buf(),
        ticks,
        verdict,
        elapsed: started.elapsed(),
    }
}

/// The scenario files under `paths`: files as given, folders searched
/// recursively for `*.toml`, each folder's files in name order.
///
/// # Errors
/// A path that does not exist or a folder that cannot be read.
pub fn discover(paths: &[PathBuf]) -> Result<Vec<PathBuf>, ScenarioError> {
    let mut found = Vec::new();
    for path in paths {
        walk(path, &mut found, true)?;
    }
    Ok(found)
}

fn walk(path: &Path, found: &mut Vec<PathBuf>, given: bool) -> Result<(), ScenarioError> {
    let io = |source| ScenarioError::Io {
        path: path.to_path_buf(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if meta.is_dir() {
        let mut entries = std::fs::read_dir(path)
            .map_err(io)?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(io)?;
        entries.sort();
        for entry in entries {
            walk(&entry, found, false)?;
        }
    } else if given || path.extension().is_some_and(|e| e == "toml") {
        found.push(path.to_path_buf());
    }
    Ok(())
}

/// Judges every scenario under `paths`.
///
/// # Errors
/// When a path cannot be searched; a scenario that fails to load is an
/// [`Verdict::Error`] outcome instead, so one bad file does not hide the rest.
pub fn check_paths(paths: &[PathBuf], bless: bool) -> Result<Vec<Outcome>, ScenarioError> {
    Ok(discover(paths)?
        .iter()
        .map(|p| check_file(p, bless))
        .collect())
}
