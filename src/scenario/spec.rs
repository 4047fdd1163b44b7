//! Scenario files: the TOML a user writes, and the scenario it resolves to.

use std::path::{Path, PathBuf};

use glam::DVec3;
use serde::Deserialize;
use thiserror::Error;

use super::block_file::BlockFile;
use super::expectation::{Always, Expectation};
use crate::controller::{Ball, Body, BodyError, InputScript, ScriptError, SettingError, Settings};
use crate::geometry::Mobility;
use crate::world::text_format::{self, TextWorldError};
use crate::world::{self, BlockRegistry, LoadError, ReadBudget, World};

/// Largest scenario or input file read.
const MAX_FILE_BYTES: u64 = 16 << 20;

/// A scenario file as written. Every table rejects keys it does not know, so a
/// misspelt expectation is an error instead of a check that never runs.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    /// What the scenario pins, for people.
    #[serde(default)]
    description: Option<String>,
    /// A world file, relative to the scenario.
    #[serde(default)]
    world: Option<PathBuf>,
    /// Or the world itself, in the text world format.
    #[serde(default)]
    world_text: Option<String>,
    /// Block types `world_text` may name in its legend.
    #[serde(default)]
    block: Vec<BlockFile>,
    /// Feet position of body 0; the world's spawn when absent.
    #[serde(default)]
    spawn: Option<[f64; 3]>,
    /// Size of body 0.
    #[serde(default)]
    size: Option<[f64; 3]>,
    /// Direction body 0's `east` walks in, degrees from +x towards +z.
    #[serde(default)]
    heading: Option<f64>,
    /// Input script of body 0, inline.
    #[serde(default)]
    inputs: Option<String>,
    /// Or a script file, relative to the scenario.
    #[serde(default)]
    inputs_file: Option<PathBuf>,
    /// Ticks to run; the longest script when absent.
    #[serde(default)]
    ticks: Option<u64>,
    /// Overrides of controller settings.
    #[serde(default)]
    settings: Option<Settings>,
    /// More bodies (indices 1, 2, …).
    #[serde(default)]
    body: Vec<BodyFile>,
    /// Balls.
    #[serde(default)]
    ball: Vec<BallFile>,
    /// Checks at one tick.
    #[serde(default)]
    expect: Vec<Expectation>,
    /// Checks at every tick.
    #[serde(default)]
    always: Vec<Always>,
    /// A golden trajectory file, relative to the scenario.
    #[serde(default)]
    golden: Option<PathBuf>,
    /// How far a golden trajectory may be off (default 1e-9).
    #[serde(default)]
    golden_tolerance: Option<f64>,
    /// Run the same scenario in another world, shifted, and require the same motion.
    #[serde(default)]
    mirror: Option<MirrorFile>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BodyFile {
    spawn: [f64; 3],
    #[serde(default)]
    size: Option<[f64; 3]>,
    #[serde(default, rename = "static")]
    is_static: bool,
    #[serde(default)]
    heading: Option<f64>,
    #[serde(default)]
    inputs: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BallFile {
    center: [f64; 3],
    #[serde(default = "default_ball_radius")]
    radius: f64,
    #[serde(default)]
    velocity: [f64; 3],
}

fn default_ball_radius() -> f64 {
    0.25
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MirrorFile {
    world: PathBuf,
    offset: [f64; 3],
    #[serde(default)]
    tolerance: Option<f64>,
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
fn open_world(folder: &Path, name: &Path, budget: ReadBudget) -> Result<World, LoadError> {
    match name.to_str() {
        Some(spec) if spec.starts_with("gen:") => world::open(spec),
        _ => world::load_detailed(&folder.join(name), budget, &mut |_, _| {}).map(|l| l.world),
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

fn read_text(path: &Path, owner: &Path) -> Result<String, ScenarioError> {
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
    crate::world::read_regular_text(path, MAX_FILE_BYTES).map_err(io)
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
    #[allow(clippy::too_many_lines)] // one straight pass over the fields of the file
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
        let folder = path.parent().unwrap_or(Path::new("."));
        let world = match (&file.world, &file.world_text) {
            (Some(_), None) if !file.block.is_empty() => {
                return Err(invalid(
                    "[[block]] defines blocks for `world_text`; a world file defines its own (`block` lines in a text world)".into(),
                ));
            }
            (Some(w), None) => {
                open_world(folder, w, budget).map_err(|source| ScenarioError::World {
                    path: path.to_path_buf(),
                    source,
                })?
            }
            (None, Some(t)) => {
                let mut registry = BlockRegistry::new();
                for (index, block) in file.block.iter().enumerate() {
                    let n = index + 1;
                    let definition = block.to_block_type().map_err(|problem| {
                        invalid(format!("[[block]] {n} ({:?}): {problem}", block.name))
                    })?;
                    registry
                        .register(definition)
                        .map_err(|e| invalid(format!("[[block]] {n}: {e}")))?;
                }
                text_format::parse_within(t, std::sync::Arc::new(registry), budget)
                    .map_err(|source| ScenarioError::WorldText {
                        path: path.to_path_buf(),
                        source,
                    })?
                    .world
            }
            _ => {
                return Err(invalid(
                    "give exactly one of `world` (a file) and `world_text`".into(),
                ));
            }
        };
        let settings = file.settings.unwrap_or_default();
        settings
            .validate()
            .map_err(|source| ScenarioError::Setting {
                path: path.to_path_buf(),
                source,
            })?;

        let script_of = |inline: Option<&String>, file_path: Option<&PathBuf>, what: &str| {
            let (text, name) = match (inline, file_path) {
                (Some(t), None) => (t.clone(), format!("{} ({what})", path.display())),
                (None, Some(p)) => {
                    let full = folder.join(p);
                    (read_text(&full, path)?, full.display().to_string())
                }
                (None, None) => (String::new(), String::new()),
                (Some(_), Some(_)) => {
                    return Err(invalid(format!(
                        "{what}: give one of `inputs` and `inputs_file`, not both"
                    )));
                }
            };
            InputScript::parse(&text, &name).map_err(|mut source| {
                if file_path.is_some() {
                    // The file may be anything (`/etc/passwd`): say which
                    // line, never what it holds.
                    source.problem = "is not an input line: `TICKS ACTIONS` expected \
                                      (e.g. `40 east+sprint`)"
                        .into();
                }
                ScenarioError::Script {
                    path: path.to_path_buf(),
                    source,
                }
            })
        };
        let body_error = |what: String| {
            move |source| ScenarioError::Body {
                path: path.to_path_buf(),
                what,
                source,
            }
        };

        let spawn = file
            .spawn
            .map(DVec3::from_array)
            .or(world.spawn)
            .ok_or_else(|| invalid("no `spawn` here and none in the world".into()))?;
        let size = file.size.map_or(Body::DEFAULT_SIZE, DVec3::from_array);
        let heading = |degrees: Option<f64>, body: &mut Body| match degrees {
            Some(d) if !d.is_finite() => Err(invalid(format!("heading {d} is not finite"))),
            Some(d) => {
                body.set_heading_degrees(d);
                Ok(())
            }
            None => Ok(()),
        };
        let mut first = Body::new(spawn, size).map_err(body_error("body 0".into()))?;
        heading(file.heading, &mut first)?;
        let mut bodies = vec![ScenarioBody {
            body: first,
            script: script_of(file.inputs.as_ref(), file.inputs_file.as_ref(), "inputs")?,
        }];
        for (i, b) in file.body.iter().enumerate() {
            let what = format!("body {}", i + 1);
            let size = b.size.map_or(Body::DEFAULT_SIZE, DVec3::from_array);
            let mut body =
                Body::new(DVec3::from_array(b.spawn), size).map_err(body_error(what.clone()))?;
            if b.is_static {
                body.mobility = Mobility::Static;
            }
            heading(b.heading, &mut body)?;
            bodies.push(ScenarioBody {
                body,
                script: script_of(b.inputs.as_ref(), None, &what)?,
            });
        }
        let balls = file
            .ball
            .iter()
            .enumerate()
            .map(|(i, b)| {
                Ball::new(
                    DVec3::from_array(b.center),
                    b.radius,
                    DVec3::from_array(b.velocity),
                )
                .map_err(body_error(format!("ball {i}")))
            })
            .collect::<Result<Vec<_>, _>>()?;

        let longest = bodies.iter().map(|b| b.script.len()).max().unwrap_or(0);
        let ticks = file.ticks.unwrap_or(longest);
        if ticks == 0 {
            return Err(invalid("nothing to run: no inputs and no `ticks`".into()));
        }
        if ticks > crate::controller::MAX_SCRIPT_TICKS {
            return Err(invalid(format!(
                "ticks = {ticks} is more than the {} allowed",
                crate::controller::MAX_SCRIPT_TICKS
            )));
        }
        for (i, e) in file.expect.iter().enumerate() {
            e.check_shape(bodies.len(), balls.len(), ticks)
                .map_err(|p| invalid(format!("expect #{}: {p}", i + 1)))?;
        }
        for (i, a) in file.always.iter().enumerate() {
            a.check_shape(bodies.len())
                .map_err(|p| invalid(format!("always #{}: {p}", i + 1)))?;
        }
        let tolerance_ok = |t: f64| t.is_finite() && t >= 0.0;
        let golden_tolerance = file.golden_tolerance.unwrap_or(1e-9);
        if !tolerance_ok(golden_tolerance) {
            return Err(invalid(
                "golden_tolerance must be a finite number ≥ 0".into(),
            ));
        }
        let mirror = match file.mirror {
            None => None,
            Some(m) => {
                let world_path = folder.join(&m.world);
                let offset = DVec3::from_array(m.offset);
                let tolerance = m.tolerance.unwrap_or(1e-6);
                if !offset.is_finite() || !tolerance_ok(tolerance) {
                    return Err(invalid(
                        "[mirror]: offset and tolerance must be finite".into(),
                    ));
                }
                Some(Mirror {
                    world: open_world(folder, &m.world, budget).map_err(|source| {
                        ScenarioError::World {
                            path: path.to_path_buf(),
                            source,
                        }
                    })?,
                    world_path,
                    offset,
                    tolerance,
                })
            }
        };
        Ok(Scenario {
            name: path
                .file_stem()
                .map_or_else(|| "scenario".into(), |s| s.to_string_lossy().into_owned()),
            path: path.to_path_buf(),
            description: file.description,
            world,
            settings,
            bodies,
            balls,
            ticks,
            expectations: file.expect,
            always: file.always,
            golden: file.golden.map(|g| folder.join(g)),
            golden_tolerance,
            mirror,
        })
    }
}
