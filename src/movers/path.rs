//! A mover's way through the world: waypoints it travels between at their
//! speeds, pausing at each, once, round and round, or back and forth.

use glam::DVec3;

use super::MoverError;
use crate::movers::limits::MAX_MOVER_SPEED;
use crate::movers::limits::MAX_PAUSE;
use crate::movers::limits::MAX_WAYPOINTS;
use crate::resolver::limits::MAX_COORDINATE;

/// A piston's speed: one block in two ticks of Minecraft's twenty a second
/// (`PistonMovingBlockEntity` advances its progress by 0.5 a tick).
pub const PISTON_SPEED: f64 = 10.0;

/// One stop of a [`Path`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Waypoint {
    /// Where the mover's origin is at this stop, relative to where the mover
    /// was made (its home).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec3"))]
    pub offset: DVec3,
    /// Seconds the mover holds still on arriving here (before leaving, for
    /// the first stop).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub pause: f64,
    /// Blocks per second on the leg between this stop and the next one (both
    /// ways on a back-and-forth path; from the last stop back to the first on
    /// a loop).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub speed: f64,
}

/// What a path does at its last waypoint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum PathEnds {
    /// Stops there for good: a piston, a lift sent up once.
    #[default]
    Once,
    /// Goes on to the first waypoint and round again: a conveyor of platforms.
    Loop,
    /// Comes back the way it went, and again: a lift, a sliding door.
    PingPong,
}

/// Waypoints a mover travels between at constant speeds, in straight lines.
///
/// Where the mover should be is a function of time along the path, so a
/// mover that is never blocked is exactly on it at every tick, whatever the
/// tick rate, and exactly at a waypoint while it pauses there. A blocked
/// mover's time does not advance: its path waits and resumes.
///
/// ```
/// use voxwalk::glam::DVec3;
/// use voxwalk::movers::{Path, PathEnds};
///
/// // Up 20 blocks at 4 blocks a second, a second's pause at each end, back down.
/// let lift = Path::straight(&[DVec3::ZERO, DVec3::new(0.0, 20.0, 0.0)], 4.0, 1.0, PathEnds::PingPong).unwrap();
/// assert_eq!(lift.offset_at(0.5), DVec3::ZERO);                    // waiting at the bottom
/// assert_eq!(lift.offset_at(3.5), DVec3::new(0.0, 10.0, 0.0));     // halfway up
/// assert_eq!(lift.offset_at(6.5), DVec3::new(0.0, 20.0, 0.0));     // waiting at the top
/// assert_eq!(lift.offset_at(12.5), DVec3::ZERO);                   // and round again
/// assert_eq!(lift.period(), 12.0);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Path {
    waypoints: Vec<Waypoint>,
    ends: PathEnds,
}

impl Path {
    /// Bytes its waypoints hold.
    #[must_use]
    pub fn storage_bytes(&self) -> usize {
        self.waypoints.capacity() * std::mem::size_of::<Waypoint>()
    }

    /// A path through `waypoints`.
    ///
    /// # Errors
    /// [`MoverError`] for fewer than two waypoints or more than
    /// [`MAX_WAYPOINTS`], an offset that is not finite or beyond the
    /// coordinate range, a speed not in `(0, MAX_MOVER_SPEED]`, or a pause
    /// not in `[0, MAX_PAUSE]`.
    pub fn new(waypoints: Vec<Waypoint>, ends: PathEnds) -> Result<Path, MoverError> {
        let path = Path { waypoints, ends };
        path.validate()?;
        Ok(path)
    }

    /// A path through `offsets` at one `speed`, pausing `pause` seconds at
    /// each.
    ///
    /// # Errors
    /// As [`Path::new`].
    pub fn straight(
        offsets: &[DVec3],
        speed: f64,
        pause: f64,
        ends: PathEnds,
    ) -> Result<Path, MoverError> {
        let waypoints = offsets
            .iter()
            .map(|&offset| Waypoint {
                offset,
                pause,
                speed,
            })
            .collect();
        Path::new(waypoints, ends)
    }

    /// A piston's stroke: one block along `direction` (a unit axis step) at
    /// [`PISTON_SPEED`], once.
    ///
    /// # Errors
    /// [`MoverError::NotFinite`] or [`MoverError::OutOfRange`] for a
    /// direction that is not finite or longer than a block.
    pub fn piston(direction: DVec3) -> Result<Path, MoverError> {
        if !direction.is_finite() {
            return Err(MoverError::NotFinite {
                what: "piston direction",
            });
        }
        let length = direction.length();
        if length > 1.0 + 1e-12 {
            return Err(MoverError::OutOfRange {
                what: "piston stroke",
                value: length,
                min: 0.0,
                max: 1.0,
            });
        }
        Path::straight(&[DVec3::ZERO, direction], PISTON_SPEED, 0.0, PathEnds::Once)
    }

    /// The waypoints.
    #[must_use]
    pub fn waypoints(&self) -> &[Waypoint] {
        &self.waypoints
    }

    /// What the path does at its end.
    #[must_use]
    pub fn ends(&self) -> PathEnds {
        self.ends
    }

    pub(crate) fn validate(&self) -> Result<(), MoverError> {
        let count = self.waypoints.len();
        if count < 2 {
            return Err(MoverError::ShortPath { count });
        }
        if count > MAX_WAYPOINTS {
            return Err(MoverError::OutOfRange {
                what: "number of waypoints",
                value: count as f64,
                min: 2.0,
                max: MAX_WAYPOINTS as f64,
            });
        }
        for w in &self.waypoints {
            if !w.offset.is_finite() {
                return Err(MoverError::NotFinite {
                    what: "waypoint offset",
                });
            }
            in_range(
                "waypoint offset",
                w.offset.abs().max_element(),
                0.0,
                MAX_COORDINATE / 4.0,
            )?;
            if !w.speed.is_finite() {
                return Err(MoverError::NotFinite { what: "speed" });
            }
            if w.speed <= 0.0 {
                return Err(MoverError::NotPositive {
                    what: "speed",
                    value: w.speed,
                });
            }
            in_range("speed", w.speed, 0.0, MAX_MOVER_SPEED)?;
            if !w.pause.is_finite() {
                return Err(MoverError::NotFinite { what: "pause" });
            }
            in_range("pause", w.pause, 0.0, MAX_PAUSE)?;
        }
        Ok(())
    }

    /// Seconds the path takes to come back to its start (to reach its end,
    /// for a path that stops there).
    #[must_use]
    pub fn period(&self) -> f64 {
        let mut total = 0.0;
        for k in 0..self.station_count() - 1 {
            let (from, to) = (self.station(k), self.station(k + 1));
            total += self.waypoints[from].pause + self.leg_time(from, to);
        }
        total
    }

    /// Where the mover's origin is, relative to its home, `time` seconds
    /// along the path: exactly a waypoint's offset while it pauses there or
    /// once a path that stops has ended.
    #[must_use]
    pub fn offset_at(&self, time: f64) -> DVec3 {
        let period = self.period();
        let stations = self.station_count();
        let mut t = match self.ends {
            PathEnds::Once => time,
            PathEnds::Loop | PathEnds::PingPong if period > 0.0 => time.rem_euclid(period),
            PathEnds::Loop | PathEnds::PingPong => 0.0,
        };
        for k in 0..stations - 1 {
            let (from, to) = (self.station(k), self.station(k + 1));
            let here = &self.waypoints[from];
            if t < here.pause {
                return here.offset;
            }
            t -= here.pause;
            let duration = self.leg_time(from, to);
            if t < duration {
                let there = self.waypoints[to].offset;
                return here.offset + (there - here.offset) * (t / duration);
            }
            t -= duration;
        }
        self.waypoints[self.station(stations - 1)].offset
    }

    /// How many stops one period makes: every waypoint, then the first again
    /// after a loop, or the way back after a back-and-forth.
    fn station_count(&self) -> usize {
        let n = self.waypoints.len();
        match self.ends {
            PathEnds::Once => n,
            PathEnds::Loop => n + 1,
            PathEnds::PingPong => 2 * n - 1,
        }
    }

    /// The waypoint of the `k`-th stop of a period.
    fn station(&self, k: usize) -> usize {
        let n = self.waypoints.len();
        match self.ends {
            PathEnds::Once => k,
            PathEnds::Loop => k % n,
            PathEnds::PingPong if k < n => k,
            PathEnds::PingPong => 2 * (n - 1) - k,
        }
    }

    /// Seconds from waypoint `from` to its neighbour `to`.
    fn leg_time(&self, from: usize, to: usize) -> f64 {
        // A leg's speed is its first waypoint's going forwards (and on a
        // loop's way back to the start), its second's coming back.
        let speed = if to == from + 1 || self.ends == PathEnds::Loop {
            self.waypoints[from].speed
        } else {
            self.waypoints[to].speed
        };
        (self.waypoints[to].offset - self.waypoints[from].offset).length() / speed
    }
}

fn in_range(what: &'static str, value: f64, min: f64, max: f64) -> Result<(), MoverError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(MoverError::OutOfRange {
            what,
            value,
            min,
            max,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loop_comes_back_along_its_closing_leg() {
        let square = Path::straight(
            &[DVec3::ZERO, DVec3::X * 2.0, DVec3::new(2.0, 0.0, 2.0)],
            2.0,
            0.0,
            PathEnds::Loop,
        )
        .unwrap();
        // Legs of 2, 2 and 2·√2 blocks at 2 b/s.
        assert!((square.period() - (2.0 + 2f64.sqrt())).abs() < 1e-12);
        let back = square.offset_at(2.0 + 2f64.sqrt() / 2.0);
        assert!((back - DVec3::new(1.0, 0.0, 1.0)).length() < 1e-12);
    }

    #[test]
    fn a_path_that_stops_stays_at_its_end() {
        let piston = Path::piston(DVec3::Y).unwrap();
        assert_eq!(piston.offset_at(0.05), DVec3::new(0.0, 0.5, 0.0));
        assert_eq!(piston.offset_at(0.1), DVec3::Y);
        assert_eq!(piston.offset_at(1e9), DVec3::Y);
    }

    #[test]
    fn bad_numbers_are_refused() {
        let bad = |speed: f64, pause: f64| {
            Path::straight(&[DVec3::ZERO, DVec3::X], speed, pause, PathEnds::Once)
        };
        assert!(matches!(
            bad(f64::NAN, 0.0),
            Err(MoverError::NotFinite { what: "speed" })
        ));
        assert!(matches!(
            bad(0.0, 0.0),
            Err(MoverError::NotPositive { what: "speed", .. })
        ));
        assert!(matches!(
            bad(1e6, 0.0),
            Err(MoverError::OutOfRange { what: "speed", .. })
        ));
        assert!(matches!(
            bad(1.0, -1.0),
            Err(MoverError::OutOfRange { what: "pause", .. })
        ));
        assert!(matches!(
            Path::straight(&[DVec3::ZERO], 1.0, 0.0, PathEnds::Once),
            Err(MoverError::ShortPath { count: 1 })
        ));
        assert!(Path::piston(DVec3::X * 2.0).is_err());
    }
}
