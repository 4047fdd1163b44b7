//! What a body is asked to do on one tick, and scripts of such inputs.

use std::fmt;

use crate::controller::limits::MAX_SCRIPT_TICKS;
use thiserror::Error;

/// The controls held during one tick. Each is a level, not an edge: `jump` held
/// on the ground jumps, `fly` held means flying for that tick.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
#[allow(clippy::struct_excessive_bools)] // one flag per key, as the player holds them
pub struct Input {
    /// An analog stick's wish, in the body's frame like the keys: `x` towards
    /// east, `y` towards south, its length the fraction of full speed (a stick
    /// tilted half way walks at half speed). Lengths above 1 count as 1, and
    /// anything not finite as no wish; the keys add to it, up to full speed.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec2"))]
    pub analog: glam::DVec2,
    /// Towards +x.
    pub east: bool,
    /// Towards −x.
    pub west: bool,
    /// Towards +z.
    pub south: bool,
    /// Towards −z.
    pub north: bool,
    /// Jump when on the ground.
    pub jump: bool,
    /// Walk slowly and do not walk off ledges.
    pub sneak: bool,
    /// Walk faster.
    pub sprint: bool,
    /// Fly: no gravity, `up` and `down` move vertically.
    pub fly: bool,
    /// Rise while flying.
    pub up: bool,
    /// Sink while flying.
    pub down: bool,
    /// Where the body looks, up or down, in degrees: Minecraft's pitch
    /// (`xRot`), 0 level, 90 straight down, −90 straight up; values past
    /// ±90 count as ±90 and anything not finite as 0. It steers a swimming
    /// body (`Player.travel`): looking down dives, looking up rises, and
    /// level holds the depth. Nothing else reads it; the keys walk without it.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub pitch: f64,
}

/// The words of the input language, in the order [`Input`] declares them.
const WORDS: [&str; 10] = [
    "east", "west", "south", "north", "jump", "sneak", "sprint", "fly", "up", "down",
];

impl Input {
    /// No control held.
    pub const IDLE: Input = Input {
        analog: glam::DVec2::ZERO,
        east: false,
        west: false,
        south: false,
        north: false,
        jump: false,
        sneak: false,
        sprint: false,
        fly: false,
        up: false,
        down: false,
        pitch: 0.0,
    };

    /// [`Input::pitch`] as it is read: within ±90°, zero when not finite.
    ///
    /// ```
    /// use voxwalk::controller::Input;
    /// let diving = Input { pitch: 120.0, ..Input::IDLE };
    /// assert_eq!(diving.pitch_degrees(), 90.0);
    /// assert_eq!(Input { pitch: f64::NAN, ..Input::IDLE }.pitch_degrees(), 0.0);
    /// ```
    #[must_use]
    pub fn pitch_degrees(&self) -> f64 {
        if self.pitch.is_finite() {
            self.pitch.clamp(-90.0, 90.0)
        } else {
            0.0
        }
    }

    /// [`Input::analog`] as it is walked: at most 1 long, zero when not finite.
    ///
    /// ```
    /// use voxwalk::glam::DVec2;
    /// use voxwalk::controller::Input;
    /// let half = Input { analog: DVec2::new(0.0, 0.5), ..Input::IDLE };
    /// assert_eq!(half.analog_wish(), DVec2::new(0.0, 0.5));
    /// let wild = Input { analog: DVec2::new(3.0, 4.0), ..Input::IDLE };
    /// assert_eq!(wild.analog_wish(), DVec2::new(0.6, 0.8));
    /// let broken = Input { analog: DVec2::new(f64::NAN, 0.0), ..Input::IDLE };
    /// assert_eq!(broken.analog_wish(), DVec2::ZERO);
    /// ```
    #[must_use]
    pub fn analog_wish(&self) -> glam::DVec2 {
        if self.analog.is_finite() {
            self.analog.clamp_length_max(1.0)
        } else {
            glam::DVec2::ZERO
        }
    }

    fn flag_mut(&mut self, word: &str) -> Option<&mut bool> {
        Some(match word {
            "east" => &mut self.east,
            "west" => &mut self.west,
            "south" => &mut self.south,
            "north" => &mut self.north,
            "jump" => &mut self.jump,
            "sneak" => &mut self.sneak,
            "sprint" => &mut self.sprint,
            "fly" => &mut self.fly,
            "up" => &mut self.up,
            "down" => &mut self.down,
            _ => return None,
        })
    }

    fn flags(&self) -> [bool; 10] {
        [
            self.east,
            self.west,
            self.south,
            self.north,
            self.jump,
            self.sneak,
            self.sprint,
            self.fly,
            self.up,
            self.down,
        ]
    }

    /// Parses `idle` or `+`-joined words such as `east+jump`; `pitch=DEGREES`
    /// sets where the body looks ([`Input::pitch`]).
    ///
    /// ```
    /// use voxwalk::controller::Input;
    /// let i = Input::parse("east+sprint").unwrap();
    /// assert!(i.east && i.sprint && !i.jump);
    /// assert_eq!(Input::parse("idle").unwrap(), Input::IDLE);
    /// assert!(Input::parse("east+hop").is_err());
    /// let dive = Input::parse("east+sprint+pitch=30").unwrap();
    /// assert_eq!(dive.pitch, 30.0);
    /// assert_eq!(Input::parse(&dive.to_string()).unwrap(), dive);
    /// assert!(Input::parse("east+pitch=down").is_err());
    /// ```
    ///
    /// # Errors
    /// [`UnknownAction`] naming the first word that is not an action (an
    /// empty one included).
    pub fn parse(text: &str) -> Result<Input, UnknownAction> {
        if text == "idle" {
            return Ok(Input::IDLE);
        }
        let mut input = Input::IDLE;
        for word in text.split('+') {
            if let Some(degrees) = word.strip_prefix("pitch=") {
                input.pitch = degrees
                    .parse::<f64>()
                    .ok()
                    .filter(|d| d.is_finite())
                    .ok_or_else(|| UnknownAction {
                        word: word.to_owned(),
                    })?;
                continue;
            }
            let flag = input.flag_mut(word).ok_or_else(|| UnknownAction {
                word: word.to_owned(),
            })?;
            *flag = true;
        }
        Ok(input)
    }
}

/// A word of an input that names no action.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("unknown action `{word}` (expected `idle` or +-joined words from {}, or pitch=DEGREES)", WORDS.join(", "))]
pub struct UnknownAction {
    /// The word.
    pub word: String,
}

impl fmt::Display for Input {
    /// The text [`Input::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut held: Vec<String> = WORDS
            .iter()
            .zip(self.flags())
            .filter(|(_, on)| *on)
            .map(|(w, _)| (*w).to_owned())
            .collect();
        if self.pitch != 0.0 {
            held.push(format!("pitch={}", self.pitch));
        }
        if held.is_empty() {
            f.write_str("idle")
        } else {
            f.write_str(&held.join("+"))
        }
    }
}

/// A line of an input script that could not be read.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("{source_name}:{line}: {problem}")]
pub struct ScriptError {
    /// The file the script came from (or a description such as `inline inputs`).
    pub source_name: String,
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub problem: String,
}

/// A sequence of inputs, each held for some ticks: `40 east+sprint`, `10 east+jump`.
///
/// ```
/// use voxwalk::controller::{Input, InputScript};
/// let s = InputScript::parse("# warm up\n40 east+sprint\n10 east+jump\n", "example").unwrap();
/// assert_eq!(s.len(), 50);
/// assert!(s.input_at(39).sprint);
/// assert!(s.input_at(45).jump);
/// assert_eq!(s.input_at(50), Input::IDLE); // idle after the end
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct InputScript {
    segments: Vec<(u64, Input)>,
    len: u64,
}

impl InputScript {
    /// Reads a script: one `TICKS ACTIONS` segment per line, `#` starts a comment,
    /// blank lines are ignored. `source_name` names the script in errors.
    ///
    /// # Errors
    /// [`ScriptError`] naming the line: a missing or non-numeric tick count, an
    /// unknown action, or a script longer than [`MAX_SCRIPT_TICKS`].
    pub fn parse(text: &str, source_name: &str) -> Result<InputScript, ScriptError> {
        let mut script = InputScript::default();
        for (index, raw) in text.lines().enumerate() {
            let error = |problem: String| ScriptError {
                source_name: source_name.into(),
                line: index + 1,
                problem,
            };
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let mut parts = line.split_whitespace();
            let ticks_text = parts.next().unwrap_or("");
            let ticks: u64 = ticks_text.parse().map_err(|_| {
                error(format!(
                    "`{ticks_text}` is not a tick count (expected `TICKS ACTIONS`, e.g. `40 east+sprint`)"
                ))
            })?;
            let actions = parts
                .next()
                .ok_or_else(|| error("missing actions after the tick count".into()))?;
            if let Some(extra) = parts.next() {
                return Err(error(format!(
                    "unexpected `{extra}`: join actions with `+`, not spaces"
                )));
            }
            let input = Input::parse(actions).map_err(|e| error(e.to_string()))?;
            script.len = script
                .len
                .checked_add(ticks)
                .filter(|&n| n <= MAX_SCRIPT_TICKS)
                .ok_or_else(|| {
                    error(format!(
                        "the script is longer than {MAX_SCRIPT_TICKS} ticks"
                    ))
                })?;
            if ticks > 0 {
                script.segments.push((script.len, input));
            }
        }
        Ok(script)
    }

    /// A script holding one input for `ticks` ticks.
    #[must_use]
    pub fn constant(input: Input, ticks: u64) -> InputScript {
        InputScript {
            segments: vec![(ticks, input)],
            len: ticks,
        }
    }

    /// Total ticks the script covers.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the script covers no tick.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The input of tick `tick` (0-based); idle past the end.
    #[must_use]
    pub fn input_at(&self, tick: u64) -> Input {
        // Segments store their exclusive end tick, in increasing order.
        let i = self.segments.partition_point(|(end, _)| *end <= tick);
        self.segments
            .get(i)
            .map_or(Input::IDLE, |(_, input)| *input)
    }
}
