//! The recorded run of a scenario, tick by tick, and golden trajectory files.

use std::path::Path;

use glam::DVec3;
use serde::{Deserialize, Serialize};

use super::expectation::Failure;
use crate::controller::{Event, Simulation, TickReport};
use crate::geometry::Aabb;

/// A body after a tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyState {
    /// Feet position.
    pub feet: DVec3,
    /// Velocity.
    pub velocity: DVec3,
    /// On the ground.
    pub grounded: bool,
    /// The box.
    pub aabb: Aabb,
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

/// The `kind` an event is written with.
#[must_use]
pub fn event_kind(event: &Event) -> String {
    serde_json::to_value(event)
        .ok()
        .and_then(|v| v.get("kind").and_then(|k| k.as_str()).map(str::to_owned))
        .unwrap_or_default()
}

impl Frame {
    /// The state of `sim` after the tick `report` describes.
    #[must_use]
    pub fn capture(sim: &Simulation, report: &TickReport) -> Frame {
        let kinds = |events: &Vec<Vec<Event>>| {
            events
                .iter()
                .map(|list| list.iter().map(event_kind).collect())
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
                    aabb: b.aabb,
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

fn golden_lines(frames: &[Frame]) -> Vec<GoldenLine> {
    frames
        .iter()
        .enumerate()
        .map(|(tick, f)| GoldenLine {
            tick: tick as u64,
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
        })
        .collect()
}

/// Writes `frames` as a golden trajectory: one JSON object per tick, numbers
/// printed so that they read back bit for bit. Written to a temporary file and
/// renamed, so an interrupted bless never leaves half a file.
///
/// # Errors
/// Whatever the file system says.
pub fn write_golden(path: &Path, frames: &[Frame]) -> std::io::Result<()> {
    let mut text = String::new();
    for line in golden_lines(frames) {
        text.push_str(&serde_json::to_string(&line).map_err(std::io::Error::other)?);
        text.push('\n');
    }
    let temporary = path.with_extension("golden.tmp");
    std::fs::write(&temporary, text)?;
    std::fs::rename(&temporary, path)
}

/// Compares `frames` with the golden trajectory in `text`; the first tick and
/// field that differ by more than `tolerance`, or a problem with the file.
///
/// # Errors
/// A message naming the line of `text` that does not parse.
pub fn compare_golden(
    text: &str,
    frames: &[Frame],
    tolerance: f64,
) -> Result<Option<Failure>, String> {
    let mut golden = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let parsed: GoldenLine =
            serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        golden.push(parsed);
    }
    let now = golden_lines(frames);
    for (want, got) in golden.iter().zip(&now) {
        let fail = |check: String, expected: String, actual: String| {
            Ok(Some(Failure {
                tick: got.tick,
                check: format!("golden {check}"),
                expected,
                actual,
            }))
        };
        if want.tick != got.tick {
            return Err(format!("ticks out of order at golden tick {}", want.tick));
        }
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
    }
    if golden.len() != now.len() {
        return Ok(Some(Failure {
            tick: golden.len().min(now.len()) as u64,
            check: "golden length".into(),
            expected: format!("{} ticks", golden.len()),
            actual: format!("{} ticks", now.len()),
        }));
    }
    Ok(None)
}
