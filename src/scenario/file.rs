//! Scenario files as a user writes them: the TOML tables, each rejecting
//! keys it does not know. `conversion.rs` turns one into a [`Scenario`](super::Scenario).

use std::path::PathBuf;

use serde::Deserialize;

use super::always::Always;
use super::block_file::BlockFile;
use super::expectation::Expectation;
use super::mover_file::MoverFile;
use crate::controller::Settings;

/// A scenario file as written. Every table rejects keys it does not know, so a
/// misspelt expectation is an error instead of a check that never runs.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ScenarioFile {
    /// The movement model the expectations were written against
    /// (`controller::MODEL`, as `minecraft-1.21 v4`).
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
    /// Or a goal body 0 plans its own way to (the cell holding the point).
    #[serde(default)]
    pub(super) goal: Option<[f64; 3]>,
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
    #[serde(default)]
    pub(super) goal: Option<[f64; 3]>,
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
