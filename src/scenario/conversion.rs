//! From a scenario file as written to a scenario ready to run, in named
//! steps: the world, the bodies with their scripts, the balls, the length,
//! the checks, the mirror. Each step reads the file's own fields and says
//! what is wrong in the scenario's words.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use glam::DVec3;

use super::file::{BodyFile, MirrorFile, ScenarioFile};
use super::reading::{open_world, read_text};
use super::spec::{Mirror, Scenario, ScenarioBody, ScenarioError};
use crate::block::BlockRegistry;
use crate::controller::limits::MAX_SCRIPT_TICKS;
use crate::controller::{Ball, Body, BodyError, InputScript, MODEL, Settings};
use crate::formats::{Loaded, ReadBudget, text_format};
use crate::geometry::Mobility;
use crate::movers::Mover;
use crate::printable::{LineBreaks, terminal_safe};
use crate::world::World;

/// Where a scenario file is, what its world may hold, and the steps that
/// turn its fields into a [`Scenario`].
pub(super) struct Conversion<'a> {
    /// The scenario file, named in every error.
    path: &'a Path,
    /// Its folder: files it names are read from here.
    folder: &'a Path,
    /// What its worlds may hold.
    budget: ReadBudget,
}

impl<'a> Conversion<'a> {
    pub(super) fn new(path: &'a Path, budget: ReadBudget) -> Self {
        Self {
            path,
            folder: path.parent().unwrap_or(Path::new(".")),
            budget,
        }
    }

    fn invalid(&self, problem: String) -> ScenarioError {
        ScenarioError::Invalid {
            path: self.path.to_path_buf(),
            problem,
        }
    }

    /// The whole conversion, step by step.
    pub(super) fn scenario(&self, file: ScenarioFile) -> Result<Scenario, ScenarioError> {
        self.model(file.model.as_deref())?;
        let save_folder = self.save_folder(&file);
        if save_folder.is_some() && file.mirror.is_some() {
            return Err(self.invalid(
                "a scenario of a save folder has no [mirror]: the mirror world would stream beside it".into(),
            ));
        }
        // The world file's movers come first (indices 0, 1, … in `rides`),
        // then the scenario's `[[mover]]`s.
        let (world, mut movers) = match &save_folder {
            Some(folder) => (self.folder_world(folder)?, Vec::new()),
            None => self.world(&file)?,
        };
        let settings = self.settings(file.settings.clone())?;
        let bodies = self.bodies(&file, &world)?;
        let balls = self.balls(&file)?;
        let first_table = movers.len();
        let mut held = world.storage_bytes() as u64;
        for (i, m) in file.mover.iter().enumerate() {
            // Charged before it is built: a few `fill`s of a small file can
            // ask for gigabytes.
            held = held.saturating_add(m.bytes_claimed(world.registry()).unwrap_or(0));
            self.budget
                .check(held, || format!("mover {}", first_table + i))
                .map_err(|e| self.invalid(e.to_string()))?;
            let mover = m
                .mover(world.registry())
                .map_err(|e| self.invalid(format!("mover {}: {e}", first_table + i)))?;
            movers.push(mover);
        }
        let ticks = self.ticks(file.ticks, &bodies)?;
        self.check_shapes(&file, bodies.len(), balls.len(), ticks)?;
        // A check naming a mover the scenario lacks could only ever fail.
        for (i, e) in file.expect.iter().enumerate() {
            if let Some(mover) = e.rides
                && mover >= movers.len()
            {
                return Err(self.invalid(format!(
                    "expect #{}: `rides = {mover}` names no mover: the scenario has {}",
                    i + 1,
                    movers.len()
                )));
            }
        }
        let golden_tolerance = self.golden_tolerance(file.golden_tolerance)?;
        let mirror = file.mirror.as_ref().map(|m| self.mirror(m)).transpose()?;
        Ok(Scenario {
            name: self
                .path
                .file_stem()
                .map_or_else(|| "scenario".into(), |s| s.to_string_lossy().into_owned()),
            path: self.path.to_path_buf(),
            description: file.description,
            world,
            settings,
            bodies,
            balls,
            movers,
            ticks,
            expectations: file.expect,
            always: file.always,
            golden: file.golden.map(|g| self.folder.join(g)),
            golden_tolerance,
            mirror,
            save_folder,
        })
    }

    /// The file's expectations hold for the model it names: this build's, or
    /// the run would judge a new model by an old one's figures.
    fn model(&self, pinned: Option<&str>) -> Result<(), ScenarioError> {
        let running = MODEL.to_string();
        if pinned == Some(running.as_str()) {
            return Ok(());
        }
        Err(ScenarioError::Model {
            path: self.path.to_path_buf(),
            pinned: pinned.map(|p| terminal_safe(p, LineBreaks::Escape)),
            running,
        })
    }

    /// The save folder `world` names, if it names a folder.
    fn save_folder(&self, file: &ScenarioFile) -> Option<PathBuf> {
        let name = file.world.as_ref()?;
        let path = self.folder.join(name);
        path.is_dir().then_some(path)
    }

    /// A save folder's world before any column is loaded: no blocks, the
    /// folder's name and spawn.
    fn folder_world(&self, folder: &Path) -> Result<World, ScenarioError> {
        #[cfg(feature = "import")]
        {
            use crate::formats::save_folder::{Dimension, SaveFolder};
            let save = SaveFolder::open(folder, Dimension::Overworld)
                .map_err(|e| self.invalid(format!("world: {e}")))?;
            let mut world = World::new();
            world.name = save.name();
            world.spawn = Some(save.spawn());
            Ok(world)
        }
        #[cfg(not(feature = "import"))]
        Err(self.invalid(format!(
            "world: {} is a save folder, which this build reads only with the `import` feature",
            folder.display()
        )))
    }

    /// The world: a file (of any readable format, or `gen:`) or `world_text`
    /// with the `[[block]]` types its legend may name, never both.
    fn world(&self, file: &ScenarioFile) -> Result<(World, Vec<Mover>), ScenarioError> {
        match (&file.world, &file.world_text) {
            (Some(_), None) if !file.block.is_empty() => Err(self.invalid(
                "[[block]] defines blocks for `world_text`; a world file defines its own (`block` lines in a text world)".into(),
            )),
            (Some(w), None) => Ok(self.world_file(w)?.into_parts()),
            (None, Some(text)) => {
                let mut registry = BlockRegistry::new();
                for (index, block) in file.block.iter().enumerate() {
                    let n = index + 1;
                    let definition = block.to_block_type().map_err(|problem| {
                        self.invalid(format!("[[block]] {n} ({:?}): {problem}", block.name))
                    })?;
                    registry
                        .register(definition)
                        .map_err(|e| self.invalid(format!("[[block]] {n}: {e}")))?;
                }
                text_format::parse_within(text, Arc::new(registry), self.budget)
                    .map(|read| (read.world, read.movers))
                    .map_err(|source| ScenarioError::WorldText {
                        path: self.path.to_path_buf(),
                        source,
                    })
            }
            _ => Err(self.invalid(
                "give exactly one of `world` (a file) and `world_text`".into(),
            )),
        }
    }

    fn world_file(&self, name: &Path) -> Result<Loaded, ScenarioError> {
        open_world(self.folder, name, self.budget).map_err(|source| ScenarioError::World {
            path: self.path.to_path_buf(),
            source,
        })
    }

    fn settings(&self, settings: Option<Settings>) -> Result<Settings, ScenarioError> {
        let settings = settings.unwrap_or_default();
        settings
            .validate()
            .map_err(|source| ScenarioError::Setting {
                path: self.path.to_path_buf(),
                source,
            })?;
        Ok(settings)
    }

    /// An input script, inline or from a file beside the scenario.
    fn script(
        &self,
        inline: Option<&String>,
        file_path: Option<&PathBuf>,
        what: &str,
    ) -> Result<InputScript, ScenarioError> {
        let (text, name) = match (inline, file_path) {
            (Some(t), None) => (t.clone(), format!("{} ({what})", self.path.display())),
            (None, Some(p)) => {
                let full = self.folder.join(p);
                (read_text(&full, self.path)?, full.display().to_string())
            }
            (None, None) => (String::new(), String::new()),
            (Some(_), Some(_)) => {
                return Err(self.invalid(format!(
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
                path: self.path.to_path_buf(),
                source,
            }
        })
    }

    fn body_error(&self, what: String) -> impl FnOnce(BodyError) -> ScenarioError + '_ {
        move |source| ScenarioError::Body {
            path: self.path.to_path_buf(),
            what,
            source,
        }
    }

    fn heading(&self, degrees: Option<f64>, body: &mut Body) -> Result<(), ScenarioError> {
        match degrees {
            Some(d) if !d.is_finite() => Err(self.invalid(format!("heading {d} is not finite"))),
            Some(d) => {
                body.set_heading_degrees(d);
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// Body 0 from the file's top level (at the world's spawn unless it says),
    /// then the `[[body]]`s.
    fn bodies(
        &self,
        file: &ScenarioFile,
        world: &World,
    ) -> Result<Vec<ScenarioBody>, ScenarioError> {
        let spawn = file
            .spawn
            .map(DVec3::from_array)
            .or(world.spawn)
            .ok_or_else(|| self.invalid("no `spawn` here and none in the world".into()))?;
        let size = file.size.map_or(Body::DEFAULT_SIZE, DVec3::from_array);
        let mut first = Body::new(spawn, size).map_err(self.body_error("body 0".into()))?;
        self.heading(file.heading, &mut first)?;
        let mut bodies = vec![ScenarioBody {
            body: first,
            script: self.script(file.inputs.as_ref(), file.inputs_file.as_ref(), "inputs")?,
            goal: self.goal(
                file.goal,
                file.inputs.is_some() || file.inputs_file.is_some(),
                "body 0",
            )?,
        }];
        for (i, b) in file.body.iter().enumerate() {
            bodies.push(self.other_body(i + 1, b)?);
        }
        Ok(bodies)
    }

    fn other_body(&self, index: usize, b: &BodyFile) -> Result<ScenarioBody, ScenarioError> {
        let what = format!("body {index}");
        let size = b.size.map_or(Body::DEFAULT_SIZE, DVec3::from_array);
        let mut body =
            Body::new(DVec3::from_array(b.spawn), size).map_err(self.body_error(what.clone()))?;
        if b.is_static {
            body.mobility = Mobility::Static;
        }
        self.heading(b.heading, &mut body)?;
        Ok(ScenarioBody {
            body,
            script: self.script(b.inputs.as_ref(), None, &what)?,
            goal: self.goal(b.goal, b.inputs.is_some(), &what)?,
        })
    }

    /// A body's goal: finite, and not beside keys of its own.
    fn goal(
        &self,
        goal: Option<[f64; 3]>,
        has_inputs: bool,
        what: &str,
    ) -> Result<Option<DVec3>, ScenarioError> {
        let Some(goal) = goal.map(DVec3::from_array) else {
            return Ok(None);
        };
        if !goal.is_finite() {
            return Err(self.invalid(format!("{what}: `goal` must be three finite numbers")));
        }
        if has_inputs {
            return Err(self.invalid(format!(
                "{what}: give `inputs` or `goal`, not both (a goal's keys come from its plan)"
            )));
        }
        Ok(Some(goal))
    }

    fn balls(&self, file: &ScenarioFile) -> Result<Vec<Ball>, ScenarioError> {
        file.ball
            .iter()
            .enumerate()
            .map(|(i, b)| {
                Ball::new(
                    DVec3::from_array(b.center),
                    b.radius,
                    DVec3::from_array(b.velocity),
                )
                .map_err(self.body_error(format!("ball {i}")))
            })
            .collect()
    }

    /// The run's length: `ticks`, or the longest script.
    fn ticks(&self, ticks: Option<u64>, bodies: &[ScenarioBody]) -> Result<u64, ScenarioError> {
        let longest = bodies.iter().map(|b| b.script.len()).max().unwrap_or(0);
        let ticks = ticks.unwrap_or(longest);
        if ticks == 0 {
            return Err(self.invalid("nothing to run: no inputs and no `ticks`".into()));
        }
        if ticks > MAX_SCRIPT_TICKS {
            return Err(self.invalid(format!(
                "ticks = {ticks} is more than the {MAX_SCRIPT_TICKS} allowed"
            )));
        }
        Ok(ticks)
    }

    /// Every check names bodies, balls and ticks that exist.
    fn check_shapes(
        &self,
        file: &ScenarioFile,
        bodies: usize,
        balls: usize,
        ticks: u64,
    ) -> Result<(), ScenarioError> {
        for (i, e) in file.expect.iter().enumerate() {
            e.check_shape(bodies, balls, ticks)
                .map_err(|p| self.invalid(format!("expect #{}: {p}", i + 1)))?;
        }
        for (i, a) in file.always.iter().enumerate() {
            a.check_shape(bodies)
                .map_err(|p| self.invalid(format!("always #{}: {p}", i + 1)))?;
        }
        Ok(())
    }

    fn golden_tolerance(&self, tolerance: Option<f64>) -> Result<f64, ScenarioError> {
        let tolerance = tolerance.unwrap_or(1e-9);
        if tolerance_ok(tolerance) {
            Ok(tolerance)
        } else {
            Err(self.invalid("golden_tolerance must be a finite number ≥ 0".into()))
        }
    }

    fn mirror(&self, m: &MirrorFile) -> Result<Mirror, ScenarioError> {
        let offset = DVec3::from_array(m.offset);
        let tolerance = m.tolerance.unwrap_or(1e-6);
        if !offset.is_finite() || !tolerance_ok(tolerance) {
            return Err(self.invalid("[mirror]: offset and tolerance must be finite".into()));
        }
        // The mirror is a second world of blocks the same run is read
        // against; movers of its file would be left behind, so it has none.
        let world = self
            .world_file(&m.world)?
            .into_world()
            .map_err(|e| self.invalid(format!("[mirror]: {}: {e}", m.world.display())))?;
        Ok(Mirror {
            world,
            world_path: self.folder.join(&m.world),
            offset,
            tolerance,
        })
    }
}

fn tolerance_ok(t: f64) -> bool {
    t.is_finite() && t >= 0.0
}
