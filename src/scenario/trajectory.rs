//! The recorded run of a scenario, tick by tick, and golden trajectory files.

use std::path::Path;

use glam::DVec3;
use serde::{Deserialize, Serialize};

use super::failure::{CheckKind, Failure};
use crate::controller::{Event, MODEL, Simulation, TickReport};
use crate::geometry::Aabb;
use crate::printable::{LineBreaks, terminal_safe};
use crate::resolver::TOUCH_TOLERANCE;

/// A body after a tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyState {
    /// Feet position.
    pub feet: DVec3,
    /// Velocity.
    pub velocity: DVec3,
    /// On the ground.
    pub grounded: bool,
    /// In a liquid.
    pub in_liquid: bool,
    /// Swimming (sprinting under water).
    pub swimming: bool,
    /// The box.
    pub aabb: Aabb,
    /// The mover it rides (its index among the scenario's movers).
    pub riding: Option<usize>,
    /// The mover whose box it overlaps, if any (never, unless something is
    /// wrong).
    pub inside_mover: Option<usize>,
}

/// A ball after a tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BallState {
    /// Centre.
    pub center: DVec3,
    /// Velocity.
    pub velocity: DVec3,
    /// Lying still.
    pub resting: bool,
}

/// Everything after one tick.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// Each body.
    pub bodies: Vec<BodyState>,
    /// Each ball.
    pub balls: Vec<BallState>,
    /// The kinds of each body's events this tick (`stepped`, `landed`, …).
    pub body_events: Vec<Vec<String>>,
    /// The kinds of each ball's events.
    pub ball_events: Vec<Vec<String>>,
}

impl Frame {
    /// The state of `sim` after the tick `report` describes.
    #[must_use]
    pub fn capture(sim: &Simulation, report: &TickReport) -> Frame {
        let kinds = |events: &Vec<Vec<Event>>| {
            events
                .iter()
                .map(|list| list.iter().map(|e| e.kind().to_owned()).collect())
                .collect()
        };
        Frame {
            bodies: sim
                .bodies()
                .iter()
                .map(|b| BodyState {
                    feet: b.feet(),
                    velocity: b.velocity,
                    grounded: b.grounded,
                    in_liquid: b.in_liquid,
                    swimming: b.swimming,
                    aabb: b.aabb,
                    riding: b.riding.map(|h| h.slot() as usize),
                    inside_mover: sim.movers().iter().find_map(|(h, m)| {
                        m.boxes()
                            .any(|(boxed, _)| boxed.overlaps_beyond(&b.aabb, TOUCH_TOLERANCE))
                            .then_some(h.slot() as usize)
                    }),
                })
                .collect(),
            balls: sim
                .balls()
                .iter()
                .map(|b| BallState {
                    center: b.center,
                    velocity: b.velocity,
                    resting: b.resting,
                })
                .collect(),
            body_events: kinds(&report.bodies),
            ball_events: kinds(&report.balls),
        }
    }
}

/// One line of a golden trajectory file.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct GoldenLine {
    tick: u64,
    bodies: Vec<GoldenThing>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    balls: Vec<GoldenThing>,
}

#[derive(Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct GoldenThing {
    pos: [f64; 3],
    vel: [f64; 3],
    /// `grounded` of a body, `resting` of a ball.
    on: bool,
}

fn golden_line(tick: u64, f: &Frame) -> GoldenLine {
    GoldenLine {
        tick,
        bodies: f
            .bodies
            .iter()
            .map(|b| GoldenThing {
                pos: b.feet.to_array(),
                vel: b.velocity.to_array(),
                on: b.grounded,
            })
            .collect(),
        balls: f
            .balls
            .iter()
            .map(|b| GoldenThing {
                pos: b.center.to_array(),
                vel: b.velocity.to_array(),
                on: b.resting,
            })
            .collect(),
    }
}

/// Writes `frames` as a golden trajectory: one JSON object per tick, numbers
/// printed so that they read back bit for bit. Written to a temporary file and
/// renamed, so an interrupted bless never leaves half a file.
///
/// # Errors
/// Whatever the file system says.
pub fn write_golden(path: &Path, frames: &[Frame]) -> std::io::Result<()> {
    let mut writer = GoldenWriter::create(path)?;
    for (tick, frame) in frames.iter().enumerate() {
        writer.write(tick as u64, frame)?;
    }
    writer.commit()
}

/// A golden trajectory written a frame at a time, to a temporary file beside
/// `path` that [`GoldenWriter::commit`] renames into place; dropped without a
/// commit (a check failed, the run stopped), it removes the temporary file and
/// leaves the old golden file as it was.
#[derive(Debug)]
pub struct GoldenWriter {
    file: Option<std::io::BufWriter<std::fs::File>>,
    temporary: std::path::PathBuf,
    path: std::path::PathBuf,
}

impl GoldenWriter {
    /// Starts a golden file for `path`.
    ///
    /// # Errors
    /// Whatever the file system says.
    pub fn create(path: &Path) -> std::io::Result<GoldenWriter> {
        let temporary = path.with_extension("golden.tmp");
        // A leftover (or a link planted in its place) is removed, never
        // written through: the file is made anew.
        match std::fs::remove_file(&temporary) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)?;
        let mut file = std::io::BufWriter::new(file);
        // The first line names the movement model the ticks come from.
        serde_json::to_writer(
            &mut file,
            &GoldenHeader {
                model: MODEL.to_string(),
            },
        )
        .map_err(std::io::Error::other)?;
        std::io::Write::write_all(&mut file, b"\n")?;
        Ok(GoldenWriter {
            file: Some(file),
            temporary,
            path: path.to_path_buf(),
        })
    }

    /// Appends the frame after `tick`.
    ///
    /// # Errors
    /// Whatever the file system says.
    pub fn write(&mut self, tick: u64, frame: &Frame) -> std::io::Result<()> {
        use std::io::Write;
        let Some(file) = self.file.as_mut() else {
            return Ok(());
        };
        serde_json::to_writer(&mut *file, &golden_line(tick, frame))
            .map_err(std::io::Error::other)?;
        file.write_all(b"\n")
    }

    /// Flushes the file and puts it in place of the old one.
    ///
    /// # Errors
    /// Whatever the file system says.
    pub fn commit(mut self) -> std::io::Result<()> {
        use std::io::Write;
        if let Some(mut file) = self.file.take() {
            file.flush()?;
            file.get_ref().sync_all()?;
        }
        std::fs::rename(&self.temporary, &self.path)
    }
}

impl Drop for GoldenWriter {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = std::fs::remove_file(&self.temporary);
        }
    }
}

/// The first line of a golden file.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct GoldenHeader {
    model: String,
}

/// What is wrong with a golden trajectory file.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum GoldenError {
    /// A line that is not a golden line.
    #[error("line {line}: {problem}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What the JSON reader said.
        problem: String,
    },
    /// The file names another movement model than this build's, or none
    /// (its first line is `{"model": "…"}`).
    #[error("{}", match .pinned {
        Some(pinned) => format!("written by movement model {pinned}, but this build runs {running}: check what the new model changes, then re-bless"),
        None => format!("names no movement model on its first line (this build runs {running}): re-bless it"),
    })]
    Model {
        /// The model the file names, if any.
        pinned: Option<String>,
        /// The model this build runs.
        running: String,
    },
    /// Lines whose ticks are not in order.
    #[error("ticks out of order at golden tick {tick}")]
    OutOfOrder {
        /// The tick the file has where the next was due.
        tick: u64,
    },
}

/// Compares `frames` with the golden trajectory in `text`; the first tick and
/// field that differ by more than `tolerance`, or a problem with the file.
///
/// # Errors
/// [`GoldenError`] naming the line of `text` that does not parse.
pub fn compare_golden(
    text: &str,
    frames: &[Frame],
    tolerance: f64,
) -> Result<Option<Failure>, GoldenError> {
    let mut comparison = GoldenComparison::new(text, tolerance);
    for (tick, frame) in frames.iter().enumerate() {
        if comparison.see(tick as u64, frame) {
            break;
        }
    }
    comparison.finish()
}

/// A golden trajectory compared with a run a frame at a time, reading the
/// file's lines as the ticks come (see [`compare_golden`]).
#[derive(Debug)]
pub struct GoldenComparison<'t> {
    lines: std::iter::Enumerate<std::str::Lines<'t>>,
    tolerance: f64,
    seen: u64,
    golden_ticks: u64,
    outcome: Option<Result<Option<Failure>, GoldenError>>,
}

impl<'t> GoldenComparison<'t> {
    /// Starts comparing with the golden file's `text`, whose first line
    /// must name this build's movement model.
    #[must_use]
    pub fn new(text: &'t str, tolerance: f64) -> Self {
        let mut lines = text.lines().enumerate();
        let header = lines
            .by_ref()
            .find(|(_, line)| !line.trim().is_empty())
            .and_then(|(_, line)| serde_json::from_str::<GoldenHeader>(line).ok());
        let running = MODEL.to_string();
        let outcome = match header {
            Some(h) if h.model == running => None,
            other => Some(Err(GoldenError::Model {
                pinned: other.map(|h| terminal_safe(&h.model, LineBreaks::Escape)),
                running,
            })),
        };
        GoldenComparison {
            lines,
            tolerance,
            seen: 0,
            golden_ticks: 0,
            outcome,
        }
    }

    /// Takes in the frame after `tick`; true once the outcome is known.
    pub fn see(&mut self, tick: u64, frame: &Frame) -> bool {
        if self.outcome.is_some() {
            return true;
        }
        self.seen = tick + 1;
        let want = loop {
            match self.lines.next() {
                None => return false,
                Some((_, line)) if line.trim().is_empty() => {}
                Some((i, line)) => match serde_json::from_str::<GoldenLine>(line) {
                    Ok(parsed) => break parsed,
                    Err(e) => {
                        self.outcome = Some(Err(GoldenError::Line {
                            line: i + 1,
                            problem: e.to_string(),
                        }));
                        return true;
                    }
                },
            }
        };
        self.golden_ticks += 1;
        let got = golden_line(tick, frame);
        if want.tick != got.tick {
            self.outcome = Some(Err(GoldenError::OutOfOrder { tick: want.tick }));
            return true;
        }
        if let Some(failure) = differs(&want, &got, self.tolerance) {
            self.outcome = Some(Ok(Some(failure)));
            return true;
        }
        false
    }

    /// The outcome once every frame has been seen: a difference, a golden file
    /// of another length, or none.
    ///
    /// # Errors
    /// A message naming the line that does not parse.
    pub fn finish(mut self) -> Result<Option<Failure>, GoldenError> {
        if let Some(outcome) = self.outcome.take() {
            return outcome;
        }
        for (i, line) in self.lines.by_ref() {
            if line.trim().is_empty() {
                continue;
            }
            serde_json::from_str::<GoldenLine>(line).map_err(|e| GoldenError::Line {
                line: i + 1,
                problem: e.to_string(),
            })?;
            self.golden_ticks += 1;
        }
        if self.golden_ticks != self.seen {
            return Ok(Some(Failure {
                tick: self.golden_ticks.min(self.seen),
                kind: CheckKind::Golden,
                check: "golden length".into(),
                expected: format!("{} ticks", self.golden_ticks),
                actual: format!("{} ticks", self.seen),
            }));
        }
        Ok(None)
    }
}

/// The first field of `got` that differs from `want` by more than `tolerance`.
fn differs(want: &GoldenLine, got: &GoldenLine, tolerance: f64) -> Option<Failure> {
    let fail = |check: String, expected: String, actual: String| {
        Some(Failure {
            tick: got.tick,
            kind: CheckKind::Golden,
            check: format!("golden {check}"),
            expected,
            actual,
        })
    };
    for (kind, w_list, g_list) in [
        ("body", &want.bodies, &got.bodies),
        ("ball", &want.balls, &got.balls),
    ] {
        if w_list.len() != g_list.len() {
            return fail(
                format!("{kind} count"),
                w_list.len().to_string(),
                g_list.len().to_string(),
            );
        }
        for (index, (w, g)) in w_list.iter().zip(g_list).enumerate() {
            for (field, wv, gv) in [("pos", w.pos, g.pos), ("vel", w.vel, g.vel)] {
                for axis in 0..3 {
                    let differs = (wv[axis] - gv[axis]).abs() > tolerance
                        || wv[axis].is_nan() != gv[axis].is_nan();
                    if differs {
                        return fail(
                            format!("{kind} {index} {field}.{}", ["x", "y", "z"][axis]),
                            format!("{} ± {tolerance}", wv[axis]),
                            gv[axis].to_string(),
                        );
                    }
                }
            }
            if w.on != g.on {
                let name = if kind == "body" {
                    "grounded"
                } else {
                    "resting"
                };
                return fail(
                    format!("{kind} {index} {name}"),
                    w.on.to_string(),
                    g.on.to_string(),
                );
            }
        }
    }
    None
}
