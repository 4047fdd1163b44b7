//! A scenario ready to run (`Scenario`: its world, bodies, balls, movers,
//! checks), and what can be wrong with a scenario file (`ScenarioError`).
//! The file as written is `file.rs`; reading one is `loading.rs`.

use std::path::PathBuf;

use glam::DVec3;
use thiserror::Error;

use super::always::Always;
use super::expectation::Expectation;
use crate::controller::{Ball, Body, BodyError, InputScript, ScriptError, SettingError, Settings};
use crate::formats::LoadError;
use crate::formats::text_format::TextWorldError;
use crate::movers::Mover;
use crate::world::World;

/// A body of a scenario with its inputs.
#[derive(Clone, Debug)]
pub struct ScenarioBody {
    /// The body at the start.
    pub body: Body,
    /// What it is told to do.
    pub script: InputScript,
    /// Or where it is sent: it plans its own way to the cell holding this
    /// point (`navigate`), and its keys come from the plan.
    pub goal: Option<DVec3>,
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

/// `text` as a message quotes it: whole when short, else its first 60
/// characters and how long it was (a file may name a model of megabytes).
fn shortened(text: &str) -> String {
    const SHOWN: usize = 60;
    match text.char_indices().nth(SHOWN) {
        None => text.to_owned(),
        Some((cut, _)) => format!("{}… ({} bytes)", &text[..cut], text.len()),
    }
}
