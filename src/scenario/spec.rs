//! Scenario files: the TOML a user writes, and the scenario it resolves to.

use std::path::{Path, PathBuf};

use glam::DVec3;
use serde::Deserialize;
use thiserror::Error;

use super::always::Always;
use super::block_file::BlockFile;
use super::expectation::Expectation;
use super::mover_file::MoverFile;
use crate::controller::{Ball, Body, BodyError, InputScript, ScriptError, SettingError, Settings};
use crate::formats;
use crate::formats::text_format::TextWorldError;
use crate::formats::{LoadError, LoadOptions, Loaded, ReadBudget};
use crate::movers::Mover;
use crate::world::World;

/// Largest scenario or input file read.
const MAX_FILE_BYTES: u64 = 16 << 20;

/// A scenario file as written. Every table rejects keys it does not know, so a
/// misspelt expectation is an error instead of a check that never runs.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ScenarioFile {
    /// The movement model the expectations were written against
    /// (`controller::MODEL`, as `minecraft-1.21 v1`).
    #[serde(default)]
    pub(super) model: Option<String>,
    /// What the scenario pins, for people.
    #[serde(default)]
    pub(super) description: Option<String>,
    /// A world file, relative to the scenario.
    #[serde(default)]
    pub(super) world: Option<PathBuf>,
    /// Or the world itself, in the text world format.
    #[serde(default)]
    pub(super) world_text: Option<String>,
    /// Block types `world_text` may name in its legend.
    #[serde(default)]
    pub(super) block: Vec<BlockFile>,
    /// Feet position of body 0; the world's spawn when absent.
    #[serde(default)]
    pub(super) spawn: Option<[f64; 3]>,
    /// Size of body 0.
    #[serde(default)]
    pub(super) size: Option<[f64; 3]>,
    /// Direction body 0's `east` walks in, degrees from +x towards +z.
    #[serde(default)]
    pub(super) heading: Option<f64>,
    /// Input script of body 0, inline.
    #[serde(default)]
    pub(super) inputs: Option<String>,
    /// Or a script file, relative to the scenario.
    #[serde(default)]
    pub(super) inputs_file: Option<PathBuf>,
    /// Ticks to run; the longest script when absent.
    #[serde(default)]
    pub(super) ticks: Option<u64>,
    /// Overrides of controller settings.
    #[serde(default)]
    pub(super) settings: Option<Settings>,
    /// More bodies (indices 1, 2, …).
    #[serde(default)]
    pub(super) body: Vec<BodyFile>,
    /// Balls.
    #[serde(default)]
    pub(super) ball: Vec<BallFile>,
    /// Movers (indices 0, 1, … in `rides` checks).
    #[serde(default)]
    pub(super) mover: Vec<MoverFile>,
    /// Checks at one tick.
    #[serde(default)]
    pub(super) expect: Vec<Expectation>,
    /// Checks at every tick.
    #[serde(default)]
    pub(super) always: Vec<Always>,
    /// A golden trajectory file, relative to the scenario.
    #[serde(default)]
    pub(super) golden: Option<PathBuf>,
    /// How far a golden trajectory may be off (default 1e-9).
    #[serde(default)]
    pub(super) golden_tolerance: Option<f64>,
    /// Run the same scenario in another world, shifted, and require the same motion.
    #[serde(default)]
    pub(super) mirror: Option<MirrorFile>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BodyFile {
    pub(super) spawn: [f64; 3],
    #[serde(default)]
    pub(super) size: Option<[f64; 3]>,
    #[serde(default, rename = "static")]
    pub(super) is_static: bool,
    #[serde(default)]
    pub(super) heading: Option<f64>,
    #[serde(default)]
    pub(super) inputs: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BallFile {
    pub(super) center: [f64; 3],
    #[serde(default = "default_ball_radius")]
    pub(super) radius: f64,
    #[serde(default)]
    pub(super) velocity: [f64; 3],
}

fn default_ball_radius() -> f64 {
    0.25
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MirrorFile {
    pub(super) world: PathBuf,
    pub(super) offset: [f64; 3],
    #[serde(default)]
    pub(super) tolerance: Option<f64>,
}

/// A body of a scenario with its inputs.
#[derive(Clone, Debug)]
pub struct ScenarioBody {
    /// The body at the start.
    pub body: Body,
    /// What it is told to do.
    pub script: InputScript,
}

/// The same scenario in another world, displaced by `offset`.
#[derive(Clone, Debug)]
pub struct Mirror {
    /// The other world.
    pub world: World,
    /// Where the other world's file is, for messages.
    pub world_path: PathBuf,
    /// This scenario's world is the other one moved by `offset`.
    pub offset: DVec3,
    /// How far positions may differ (after the offset).
    pub tolerance: f64,
}

/// A scenario ready to run: files read, defaults applied, values checked.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// Name: the file stem.
    pub name: String,
    /// The file it came from.
    pub path: PathBuf,
    /// What it pins.
    pub description: Option<String>,
    /// The world.
    pub world: World,
    /// Controller settings with the overrides applied.
    pub settings: Settings,
    /// Bodies, body 0 first.
    pub bodies: Vec<ScenarioBody>,
    /// Balls.
    pub balls: Vec<Ball>,
    /// Movers, in the order they move.
    pub movers: Vec<Mover>,
    /// The Minecraft save folder the world streams from, when `world` names
    /// one (`world` then holds no blocks until a run loads them).
    pub save_folder: Option<PathBuf>,
    /// Ticks to run.
    pub ticks: u64,
    /// Checks at one tick.
    pub expectations: Vec<Expectation>,
    /// Checks at every tick.
    pub always: Vec<Always>,
    /// Golden trajectory file, when one is used.
    pub golden: Option<PathBuf>,
    /// Tolerance against the golden trajectory.
    pub golden_tolerance: f64,
    /// A shifted twin that must move the same way.
    pub mirror: Option<Mirror>,
}

/// Why a scenario file could not be read; the message starts with the file.
#[derive(Debug, Error)]
pub enum ScenarioError {
    /// Reading a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The TOML does not parse or does not fit the schema (the message has the
    /// line, column and key).
    #[error("{path}: {message}")]
    Toml {
        /// The scenario file.
        path: PathBuf,
        /// What the TOML reader said.
        message: String,
    },
    /// The world could not be loaded.
    #[error("{path}: world: {source}")]
    World {
        /// The scenario file.
        path: PathBuf,
        /// Why.
        source: LoadError,
    },
    /// The inline world has a mistake.
    #[error("{path}: world_text line {}, column {}: {}", .source.line, .source.column, .source.problem)]
    WorldText {
        /// The scenario file.
        path: PathBuf,
        /// Where in the inline world.
        source: TextWorldError,
    },
    /// An input script has a mistake.
    #[error("{path}: {source}")]
    Script {
        /// The scenario file.
        path: PathBuf,
        /// Where in the script.
        source: ScriptError,
    },
    /// A setting is out of range.
    #[error("{path}: [settings]: {source}")]
    Setting {
        /// The scenario file.
        path: PathBuf,
        /// Which and why.
        source: SettingError,
    },
    /// A body or ball cannot exist as given.
    #[error("{path}: {what}: {source}")]
    Body {
        /// The scenario file.
        path: PathBuf,
        /// Which body or ball.
        what: String,
        /// Why.
        source: BodyError,
    },
    /// The file names no movement model, or another than this build's.
    #[error("{path}: {}", match .pinned {
        Some(pinned) => format!("written against movement model {}, but this build runs {running}: check what the new model changes, then re-pin with `voxwalk check --bless`", shortened(pinned)),
        None => format!("names no movement model: add `model = \"{running}\"` (this build's) once its checks hold under it"),
    })]
    Model {
        /// The scenario file.
        path: PathBuf,
        /// The model it names, if any.
        pinned: Option<String>,
        /// The model this build runs.
        running: String,
    },
    /// The file is consistent TOML but asks for something impossible.
    #[error("{path}: {problem}")]
    Invalid {
        /// The scenario file.
        path: PathBuf,
        /// What.
        problem: String,
    },
}

/// A world named in a scenario: `gen:PRESET:SEED`, or a file relative to the
/// scenario's folder.
pub(super) fn open_world(
    folder: &Path,
    name: &Path,
    budget: ReadBudget,
) -> Result<Loaded, LoadError> {
    let options = LoadOptions::default().budget(budget);
    match name.to_str() {
        Some(spec) if spec.starts_with("gen:") => formats::load(spec, options),
        _ => formats::load(folder.join(name), options),
    }
}

/// Bytes parsing `text` as TOML holds at most, estimated before parsing: the
/// text, and for every value it can hold (a `=`, `,`, `[` or `{` starts at
/// most one) what the parser keeps of one, measured at about
/// [`TOML_VALUE_BYTES`]. A 16 MiB file of inline tables is about 2 GB parsed.
fn toml_parse_bytes(text: &str) -> u64 {
    let values = text
        .bytes()
        .filter(|b| matches!(b, b'=' | b',' | b'[' | b'{'))
        .count() as u64;
    2 * text.len() as u64 + values * TOML_VALUE_BYTES
}

/// What the TOML parser and the structures it fills keep of one value, at
/// most (measured on files of inline expectation tables).
const TOML_VALUE_BYTES: u64 = 384;

pub(super) fn read_text(path: &Path, owner: &Path) -> Result<String, ScenarioError> {
    let io = |source| ScenarioError::Io {
        path: path.to_path_buf(),
        source,
    };
    let bytes = std::fs::metadata(path).map_err(io)?.len();
    if bytes > MAX_FILE_BYTES {
        return Err(ScenarioError::Invalid {
            path: owner.to_path_buf(),
            problem: format!(
                "{} is {bytes} bytes, more than the {MAX_FILE_BYTES}-byte limit",
                path.display()
            ),
        });
    }
    crate::formats::read_regular_text(path, MAX_FILE_BYTES).map_err(io)
}

impl Scenario {
    /// Reads and checks the scenario file at `path`.
    ///
    /// # Errors
    /// [`ScenarioError`] naming the file and what is wrong: TOML syntax or an
    /// unknown key (with line and column), a missing or broken world or input
    /// file, settings out of range, impossible bodies.
    pub fn load(path: &Path) -> Result<Scenario, ScenarioError> {
        Self::load_within(path, ReadBudget::default())
    }

    /// [`Scenario::load`], holding at most `budget` bytes while it reads: the
    /// file, the tree TOML parses it into (estimated before parsing, from the
    /// values the text holds), and the world.
    ///
    /// # Errors
    /// As [`Scenario::load`]; a scenario whose parse or world would take more
    /// than the budget is refused naming it.
    pub fn load_within(path: &Path, budget: ReadBudget) -> Result<Scenario, ScenarioError> {
        let text = read_text(path, path)?;
        Self::parse_within(&text, path, budget)
    }

    /// Reads a scenario from `text`; relative paths in it are taken from the
    /// folder of `path`.
    ///
    /// # Errors
    /// As [`Scenario::load`].
    pub fn parse(text: &str, path: &Path) -> Result<Scenario, ScenarioError> {
        Self::parse_within(text, path, ReadBudget::default())
    }

    /// [`Scenario::parse`] within a read budget, as [`Scenario::load_within`].
    ///
    /// # Errors
    /// As [`Scenario::load_within`].
    pub fn parse_within(
        text: &str,
        path: &Path,
        budget: ReadBudget,
    ) -> Result<Scenario, ScenarioError> {
        let invalid = |problem: String| ScenarioError::Invalid {
            path: path.to_path_buf(),
            problem,
        };
        let parse_bytes = toml_parse_bytes(text);
        budget
            .check(parse_bytes, || "the TOML text, parsed".into())
            .map_err(|e| invalid(e.to_string()))?;
        // What the world may take: the budget less what the parse holds.
        let budget = ReadBudget::new(budget.bytes() - parse_bytes);
        let file: ScenarioFile = toml::from_str(text).map_err(|e| ScenarioError::Toml {
            path: path.to_path_buf(),
            message: e.to_string().trim_end().replace('\n', "\n    "),
        })?;
        super::conversion::Conversion::new(path, budget).scenario(file)
    }
}

/// `text` as a message quotes it: whole when short, else its first 60
/// characters and how long it was (a file may name a model of megabytes).
fn shortened(text: &str) -> String {
    const SHOWN: usize = 60;
    match text.char_indices().nth(SHOWN) {
        None => text.to_owned(),
        Some((cut, _)) => format!("{}… ({} bytes)", &text[..cut], text.len()),
    }
}
