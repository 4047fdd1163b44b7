//! What a scenario checks: at one tick (`[[expect]]`) or at every tick (`[[always]]`).

use glam::DVec3;
use serde::Deserialize;

use super::checked_fields::{event_kind, finite};
use super::failure::{CheckKind, Failure, Subject};
use super::trajectory::Frame;

/// A check of one body or ball at one tick.
///
/// Every field but `tick`, `body`, `ball` and `tolerance` is a check, and all
/// given checks must hold. `tick` is the tick after which the state is taken
/// (0-based, like the `tick` of `voxwalk run`); the last tick when absent.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expectation {
    /// The tick; the last one when absent.
    pub tick: Option<u64>,
    /// Which body (default 0).
    pub body: Option<usize>,
    /// Or which ball.
    pub ball: Option<usize>,
    /// Feet position of a body, centre of a ball, within `tolerance` on each axis.
    #[serde(default, deserialize_with = "finite")]
    pub pos: Option<[f64; 3]>,
    /// For `pos` (default 1e-6).
    #[serde(default, deserialize_with = "finite")]
    pub tolerance: Option<f64>,
    /// Bounds `[min, max]` on the x of `pos`.
    #[serde(default, deserialize_with = "finite")]
    pub x: Option<[f64; 2]>,
    /// Bounds on y.
    #[serde(default, deserialize_with = "finite")]
    pub y: Option<[f64; 2]>,
    /// Bounds on z.
    #[serde(default, deserialize_with = "finite")]
    pub z: Option<[f64; 2]>,
    /// Whether a body is on the ground.
    pub grounded: Option<bool>,
    /// Whether a ball lies still.
    pub resting: Option<bool>,
    /// Whether a body rides a mover.
    pub riding: Option<bool>,
    /// The mover (its index among the scenario's `[[mover]]`s) a body
    /// rides.
    pub rides: Option<usize>,
    /// Whether a body is in a liquid (it swam its last tick).
    pub in_liquid: Option<bool>,
    /// Whether a body swims: sprinting under water, flat.
    pub swimming: Option<bool>,
    /// Bounds on the length of the velocity.
    #[serde(default, deserialize_with = "finite")]
    pub speed: Option<[f64; 2]>,
    /// Bounds on the length of the horizontal (x, z) velocity.
    #[serde(default, deserialize_with = "finite")]
    pub horizontal_speed: Option<[f64; 2]>,
    /// The highest `pos.y` from the start up to this tick is at most this.
    #[serde(default, deserialize_with = "finite")]
    pub max_height: Option<f64>,
    /// The highest `pos.y` from the start up to this tick is at least this.
    #[serde(default, deserialize_with = "finite")]
    pub min_peak: Option<f64>,
    /// An event of this kind (`stepped`, `landed`, …) happened at this tick.
    #[serde(default, deserialize_with = "event_kind")]
    pub event: Option<String>,
    /// An event of this kind happened at some tick up to this one.
    #[serde(default, deserialize_with = "event_kind")]
    pub event_by: Option<String>,
    /// No event of this kind happened at any tick up to this one.
    #[serde(default, deserialize_with = "event_kind")]
    pub no_event_by: Option<String>,
}

/// Why a check cannot apply to the scenario it is in.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum ShapeError {
    /// It names a tick the run does not reach.
    #[error("tick {tick} is past the end (the run has ticks 0..{ticks})")]
    TickPastEnd {
        /// The tick named.
        tick: u64,
        /// The run's length.
        ticks: u64,
    },
    /// It names both a body and a ball.
    #[error("give `body` or `ball`, not both")]
    BodyAndBall,
    /// It names a body the scenario does not have.
    #[error("body {body} does not exist ({bodies} bodies)")]
    NoSuchBody {
        /// The body named.
        body: usize,
        /// How many there are.
        bodies: usize,
    },
    /// It names a ball the scenario does not have.
    #[error("ball {ball} does not exist ({balls} balls)")]
    NoSuchBall {
        /// The ball named.
        ball: usize,
        /// How many there are.
        balls: usize,
    },
    /// `riding` or `rides` asked of a ball.
    #[error("`riding` and `rides` are for bodies")]
    RidingBall,
    /// `in_liquid` or `swimming` asked of a ball.
    #[error("`in_liquid` and `swimming` are for bodies")]
    SwimmingBall,
    /// `grounded` asked of a ball.
    #[error("`grounded` is for bodies; balls have `resting`")]
    GroundedBall,
    /// `resting` asked of a body.
    #[error("`resting` is for balls; bodies have `grounded`")]
    RestingBody,
    /// A tolerance that is negative or not finite.
    #[error("tolerance must be a finite number ≥ 0")]
    Tolerance,
}

const AXES: [&str; 3] = ["x", "y", "z"];

pub(super) fn range_ok(bounds: [f64; 2], value: f64) -> bool {
    bounds[0] <= value && value <= bounds[1]
}

pub(super) fn fmt_range(bounds: [f64; 2]) -> String {
    format!("within [{}, {}]", bounds[0], bounds[1])
}

/// The first axis whose bounds `pos` breaks: (`pos.x`, expected, actual).
pub(super) fn out_of_bounds(
    bounds: [Option<[f64; 2]>; 3],
    pos: DVec3,
) -> Option<(String, String, String)> {
    (0..3).find_map(|axis| {
        let b = bounds[axis]?;
        (!range_ok(b, pos[axis])).then(|| {
            (
                format!("pos.{}", AXES[axis]),
                fmt_range(b),
                format!("{}", pos[axis]),
            )
        })
    })
}

impl Expectation {
    /// The tick checked, given the run's length.
    #[must_use]
    pub fn tick_in(&self, ticks: u64) -> u64 {
        self.tick.unwrap_or(ticks.saturating_sub(1))
    }

    /// Checks the expectation makes sense for a scenario of this shape.
    pub(crate) fn check_shape(
        &self,
        bodies: usize,
        balls: usize,
        ticks: u64,
    ) -> Result<(), ShapeError> {
        if let Some(tick) = self.tick
            && tick >= ticks
        {
            return Err(ShapeError::TickPastEnd { tick, ticks });
        }
        match (self.body, self.ball) {
            (Some(_), Some(_)) => return Err(ShapeError::BodyAndBall),
            (Some(body), None) if body >= bodies => {
                return Err(ShapeError::NoSuchBody { body, bodies });
            }
            (None, Some(ball)) if ball >= balls => {
                return Err(ShapeError::NoSuchBall { ball, balls });
            }
            _ => {}
        }
        if self.ball.is_some() && self.grounded.is_some() {
            return Err(ShapeError::GroundedBall);
        }
        if self.ball.is_none() && self.resting.is_some() {
            return Err(ShapeError::RestingBody);
        }
        if self.ball.is_some() && (self.riding.is_some() || self.rides.is_some()) {
            return Err(ShapeError::RidingBall);
        }
        if self.ball.is_some() && (self.in_liquid.is_some() || self.swimming.is_some()) {
            return Err(ShapeError::SwimmingBall);
        }
        if let Some(t) = self.tolerance
            && !(t.is_finite() && t >= 0.0)
        {
            return Err(ShapeError::Tolerance);
        }
        Ok(())
    }

    /// The first check that fails against the recorded frames.
    #[must_use]
    pub fn first_failure(&self, frames: &[Frame]) -> Option<Failure> {
        let mut watch = self.watch(frames.len() as u64);
        for (tick, frame) in frames.iter().enumerate() {
            if watch.see(tick as u64, frame) {
                break;
            }
        }
        watch.failure()
    }

    /// Follows this expectation through a run of `ticks` ticks, a frame at a
    /// time, keeping only what its checks need of the history.
    #[must_use]
    pub fn watch(&self, ticks: u64) -> ExpectationWatch<'_> {
        ExpectationWatch {
            expectation: self,
            tick: self.tick_in(ticks),
            peak: f64::NEG_INFINITY,
            first_event_by: None,
            first_no_event: None,
            failure: None,
        }
    }

    fn kind(&self) -> CheckKind {
        CheckKind::Expect {
            subject: match self.ball {
                Some(i) => Subject::Ball(i),
                None => Subject::Body(self.body.unwrap_or(0)),
            },
        }
    }

    fn who(&self) -> String {
        match self.ball {
            Some(i) => format!("ball {i}"),
            None => format!("body {}", self.body.unwrap_or(0)),
        }
    }

    /// Position, velocity and grounded/resting of the subject in `frame`.
    fn subject(&self, frame: &Frame) -> (DVec3, DVec3, bool) {
        if let Some(i) = self.ball {
            let b = &frame.balls[i];
            (b.center, b.velocity, b.resting)
        } else {
            let b = &frame.bodies[self.body.unwrap_or(0)];
            (b.feet, b.velocity, b.grounded)
        }
    }

    fn event_kinds<'f>(&self, frame: &'f Frame) -> &'f [String] {
        match self.ball {
            Some(i) => &frame.ball_events[i],
            None => &frame.body_events[self.body.unwrap_or(0)],
        }
    }

    /// The checks on the state at the tick itself.
    fn state_failure(&self, tick: u64, frame: &Frame) -> Option<Failure> {
        let (pos, vel, flag) = self.subject(frame);
        let fail = |check: &str, expected: String, actual: String| {
            Some(Failure {
                tick,
                kind: self.kind(),
                check: format!("{} {check}", self.who()),
                expected,
                actual,
            })
        };
        if let Some(want) = self.pos {
            let tolerance = self.tolerance.unwrap_or(1e-6);
            for axis in 0..3 {
                if (pos[axis] - want[axis]).abs() > tolerance || pos[axis].is_nan() {
                    return fail(
                        &format!("pos.{}", AXES[axis]),
                        format!("{} ± {tolerance}", want[axis]),
                        format!("{}", pos[axis]),
                    );
                }
            }
        }
        if let Some((check, expected, actual)) = out_of_bounds([self.x, self.y, self.z], pos) {
            return fail(&check, expected, actual);
        }
        if let Some(want) = self.grounded.or(self.resting)
            && want != flag
        {
            let name = if self.ball.is_some() {
                "resting"
            } else {
                "grounded"
            };
            return fail(name, want.to_string(), flag.to_string());
        }
        if self.ball.is_none() {
            let body = &frame.bodies[self.body.unwrap_or(0)];
            for (check, want, is) in [
                ("in_liquid", self.in_liquid, body.in_liquid),
                ("swimming", self.swimming, body.swimming),
            ] {
                if let Some(want) = want
                    && want != is
                {
                    return fail(check, want.to_string(), is.to_string());
                }
            }
            let rides = body.riding;
            if let Some(want) = self.riding
                && want != rides.is_some()
            {
                return fail("riding", want.to_string(), describe_riding(rides));
            }
            if let Some(want) = self.rides
                && rides != Some(want)
            {
                return fail("rides", format!("mover {want}"), describe_riding(rides));
            }
        }
        if let Some(bounds) = self.speed
            && !range_ok(bounds, vel.length())
        {
            return fail("speed", fmt_range(bounds), format!("{}", vel.length()));
        }
        if let Some(bounds) = self.horizontal_speed {
            let h = vel.x.hypot(vel.z);
            if !range_ok(bounds, h) {
                return fail("horizontal speed", fmt_range(bounds), format!("{h}"));
            }
        }
        if let Some(kind) = &self.event {
            let kinds = self.event_kinds(frame);
            if !kinds.contains(kind) {
                return fail("events", format!("a `{kind}` event"), format!("{kinds:?}"));
            }
        }
        None
    }

    /// The checks on everything up to the tick: peaks and events.
    fn history_failure(&self, watch: &ExpectationWatch<'_>) -> Option<Failure> {
        let fail = |check: &str, expected: String, actual: String| {
            Some(Failure {
                tick: watch.tick,
                kind: self.kind(),
                check: format!("{} {check}", self.who()),
                expected,
                actual,
            })
        };
        let peak = watch.peak;
        if let Some(limit) = self.max_height
            && peak > limit
        {
            return fail("highest pos.y", format!("≤ {limit}"), format!("{peak}"));
        }
        if let Some(limit) = self.min_peak
            && peak < limit
        {
            return fail("highest pos.y", format!("≥ {limit}"), format!("{peak}"));
        }
        if let Some(kind) = &self.event_by
            && watch.first_event_by.is_none()
        {
            return fail(
                "events",
                format!("a `{kind}` event by this tick"),
                "none".into(),
            );
        }
        if let Some(kind) = &self.no_event_by
            && let Some(at) = watch.first_no_event
        {
            return fail(
                "events",
                format!("no `{kind}` event"),
                format!("one at tick {at}"),
            );
        }
        None
    }
}

/// An [`Expectation`] followed through a run a frame at a time
/// ([`Expectation::watch`]): the highest point so far and the first tick of
/// each event kind it names, so that a run of millions of ticks is judged
/// without keeping its frames.
#[derive(Clone, Debug)]
pub struct ExpectationWatch<'e> {
    expectation: &'e Expectation,
    /// The tick the expectation is about.
    tick: u64,
    peak: f64,
    first_event_by: Option<u64>,
    first_no_event: Option<u64>,
    failure: Option<Failure>,
}

impl ExpectationWatch<'_> {
    /// Takes in the frame after `tick` (frames come in order, from tick 0);
    /// true once the expectation's tick has been judged and later frames no
    /// longer matter.
    pub fn see(&mut self, tick: u64, frame: &Frame) -> bool {
        if tick > self.tick {
            return true;
        }
        let e = self.expectation;
        self.peak = self.peak.max(e.subject(frame).0.y);
        let kinds = e.event_kinds(frame);
        let happened = |kind: &Option<String>| {
            kind.as_ref()
                .is_some_and(|k| kinds.iter().any(|seen| seen == k))
        };
        if self.first_event_by.is_none() && happened(&e.event_by) {
            self.first_event_by = Some(tick);
        }
        if self.first_no_event.is_none() && happened(&e.no_event_by) {
            self.first_no_event = Some(tick);
        }
        if tick == self.tick {
            self.failure = e
                .state_failure(tick, frame)
                .or_else(|| e.history_failure(self));
            return true;
        }
        false
    }

    /// The failure found, if the expectation's tick has been seen and a check
    /// did not hold.
    #[must_use]
    pub fn failure(&self) -> Option<Failure> {
        self.failure.clone()
    }
}

/// What a body rides, for a failure: the mover's index, or nothing.
pub(super) fn describe_riding(rides: Option<usize>) -> String {
    rides.map_or_else(|| "riding nothing".into(), |m| format!("riding mover {m}"))
}
