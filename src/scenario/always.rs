//! A scenario's `[[always]]` checks: one body, or every body, at every tick.

use serde::Deserialize;

use super::checked_fields::finite;
use super::expectation::{ShapeError, describe_riding, out_of_bounds};
use super::failure::{CheckKind, Failure};
use super::trajectory::Frame;

/// A check of one body (or every body) at every tick.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Always {
    /// Which body; every body when absent.
    pub body: Option<usize>,
    /// The first tick checked (default 0).
    pub from_tick: Option<u64>,
    /// `pos.y` never goes above this.
    #[serde(default, deserialize_with = "finite")]
    pub max_height: Option<f64>,
    /// `pos.x` stays within `[min, max]`.
    #[serde(default, deserialize_with = "finite")]
    pub x: Option<[f64; 2]>,
    /// `pos.y` stays within.
    #[serde(default, deserialize_with = "finite")]
    pub y: Option<[f64; 2]>,
    /// `pos.z` stays within.
    #[serde(default, deserialize_with = "finite")]
    pub z: Option<[f64; 2]>,
    /// Whether the body is on the ground at every tick.
    pub grounded: Option<bool>,
    /// Whether the body rides a mover at every tick.
    pub riding: Option<bool>,
}

impl Always {
    pub(crate) fn check_shape(&self, bodies: usize) -> Result<(), ShapeError> {
        match self.body {
            Some(body) if body >= bodies => Err(ShapeError::NoSuchBody { body, bodies }),
            _ => Ok(()),
        }
    }

    /// The first tick and check that fails; `rule` is this table's place
    /// among the scenario's `[[always]]`s, for the failure to name.
    #[must_use]
    pub fn first_failure(&self, rule: usize, frames: &[Frame]) -> Option<Failure> {
        frames
            .iter()
            .enumerate()
            .find_map(|(tick, frame)| self.failure_at(rule, tick as u64, frame))
    }

    /// The check that fails in the frame after `tick`, if any.
    #[must_use]
    pub fn failure_at(&self, rule: usize, tick: u64, frame: &Frame) -> Option<Failure> {
        if tick < self.from_tick.unwrap_or(0) {
            return None;
        }
        for (index, body) in frame.bodies.iter().enumerate() {
            if self.body.is_some_and(|b| b != index) {
                continue;
            }
            let fail = |check: String, expected: String, actual: String| {
                Some(Failure {
                    tick,
                    kind: CheckKind::Always { rule, body: index },
                    check: format!("body {index} {check} (always)"),
                    expected,
                    actual,
                })
            };
            if let Some(limit) = self.max_height
                && body.feet.y > limit
            {
                return fail(
                    "pos.y".into(),
                    format!("≤ {limit}"),
                    format!("{}", body.feet.y),
                );
            }
            if let Some((check, expected, actual)) =
                out_of_bounds([self.x, self.y, self.z], body.feet)
            {
                return fail(check, expected, actual);
            }
            if let Some(want) = self.grounded
                && want != body.grounded
            {
                return fail(
                    "grounded".into(),
                    want.to_string(),
                    body.grounded.to_string(),
                );
            }
            if let Some(want) = self.riding
                && want != body.riding.is_some()
            {
                return fail(
                    "riding".into(),
                    want.to_string(),
                    describe_riding(body.riding),
                );
            }
        }
        None
    }
}
