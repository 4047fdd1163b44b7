//! The viewer's state and what actions and ticks do to it. Drawing reads it
//! (`draw`), the terminal loop feeds it (`terminal`); neither lives here.

use std::time::Duration;

use glam::{DVec2, DVec3};

mod errand;
pub use errand::PLAN_WORK_PER_FRAME;
mod reading;
mod toys;

use super::action::{Action, Hold, ScreenDir};
use super::camera::Camera;
use super::camera::{SliceAxis, ViewMode};
use super::feed::Feed;
use super::held_keys::HeldKeys;
use super::playback::Playback;
use super::theme::Palette;
use super::wander::Wanderer;
use voxwalk::controller::{
    Body, BodyError, Input, SettingError, Settings, Simulation, SimulationError, TickReport,
};
use voxwalk::generate::Generator;
use voxwalk::geometry::Aabb;
use voxwalk::movers::Mover;
use voxwalk::scenario::Scenario;
use voxwalk::world::World;

/// Figures for the status line, kept by the terminal loop.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stats {
    /// Physics ticks run in the last second.
    pub ticks_per_second: f64,
    /// Time one physics tick took, in microseconds.
    pub physics_us: f64,
    /// Time the last frame took to draw, in milliseconds.
    pub frame_ms: f64,
}

/// Everything the viewer knows. Its parts are private: actions, ticks and
/// the frame clock change them ([`App::apply`], [`App::tick`],
/// [`App::begin_frame`]), drawing reads them through the methods below.
#[derive(Debug)]
#[allow(clippy::struct_excessive_bools)] // one flag per toggle the user sees
pub struct App {
    /// The world and everything in it; body 0 is the player.
    sim: Simulation,
    /// Grows the world as bodies walk: generated chunks, a save's columns.
    feed: Feed,
    /// The top-down view draws the surface, shaded by height.
    map: bool,
    camera: Camera,
    /// Physics stopped.
    paused: bool,
    /// The key list is shown.
    help: bool,
    /// Sprinting toggled on.
    sprint: bool,
    /// Flying toggled on.
    flying: bool,
    /// The player walks by itself.
    demo: bool,
    /// Held controls.
    keys: HeldKeys,
    /// The unit x–z direction the player last walked in (balls and blasts go there).
    facing: DVec2,
    /// Bodies walking by themselves (a demo's player goes on errands).
    wanderers: Vec<Wanderer>,
    /// What the last tick did.
    last_report: TickReport,
    /// Status figures.
    stats: Stats,
    /// A line for the status bar (what the last action did).
    message: String,
    /// World name and seed, for the status bar.
    title: String,
    /// Colours to draw with.
    palette: Palette,
    /// How far between the last tick and the next one the frame is drawn
    /// (0 … 1), so bodies move smoothly at any frame rate.
    alpha: f64,
    /// The loop's clock when the frame is drawn (held keys are judged by it).
    now: Duration,
    /// A scenario being played, when the viewer opened one.
    playback: Option<Playback>,
    /// Digits typed of a tick to go to.
    goto: String,
    /// The player's walk to a far spot, when sent on one (`g`).
    errand: Option<errand::Errand>,
    /// Errands sent so far: each aims a little further round.
    errands: u32,
    /// The column picked for an errand (`k`), while the cursor is shown.
    cursor: Option<glam::IVec2>,
    /// Ticks a demo's player rests before its next errand.
    demo_rest: u32,
    /// The work the errand's plan was given in the last frame.
    plan_work_last_frame: Option<u64>,
}

/// Why the viewer could not start.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// Bad settings.
    #[error(transparent)]
    Settings(#[from] SettingError),
    /// The scenario cannot run.
    #[error("the scenario: {0}")]
    Scenario(SimulationError),
    /// The player cannot be placed.
    #[error("the player: {0}")]
    Body(#[from] BodyError),
    /// The world's movers do not fit it.
    #[error("the world: {0}")]
    World(SimulationError),
    /// The scenario sends a body to a goal, which playback cannot step
    /// back through yet.
    #[error(
        "the scenario sends body {0} to a goal: playing it tick by tick is not supported yet (`voxwalk check` runs it, `voxwalk path` shows a plan)"
    )]
    GoalPlayback(usize),
}

impl App {
    /// A viewer over `world` and the `movers` that start in it, with the
    /// player at `spawn`. A `generator` makes chunks around bodies as they
    /// walk.
    ///
    /// # Errors
    /// [`AppError`] when the spawn is not a place a body can be, or a mover
    /// does not fit the world.
    pub fn new(
        world: World,
        movers: Vec<Mover>,
        generator: Option<Generator>,
        spawn: DVec3,
        demo: bool,
    ) -> Result<App, AppError> {
        let feed = generator.map_or(Feed::Fixed, Feed::Generated);
        App::fed(world, movers, feed, spawn, demo)
    }

    /// A viewer walking a Minecraft save, its columns streamed around the
    /// bodies by `streamer`; the map mode is on.
    ///
    /// # Errors
    /// As [`App::new`].
    pub fn streaming(
        streamer: voxwalk::streaming::Streamer<voxwalk::formats::save_folder::SaveFolder>,
        spawn: DVec3,
        demo: bool,
    ) -> Result<App, AppError> {
        let mut world = World::new();
        world.name = streamer.source().name();
        let feed = Feed::Folder(Box::new(streamer));
        let mut app = App::fed(world, Vec::new(), feed, spawn, demo)?;
        app.map = true;
        Ok(app)
    }

    /// A viewer over `world`, grown by `feed`.
    fn fed(
        mut world: World,
        movers: Vec<Mover>,
        mut feed: Feed,
        spawn: DVec3,
        demo: bool,
    ) -> Result<App, AppError> {
        feed.ready_around(&mut world, spawn);
        let title =
            voxwalk::printable::terminal_safe(&world.name, voxwalk::printable::LineBreaks::Escape);
        let mut sim =
            Simulation::with_movers(world, movers, Settings::default()).map_err(AppError::World)?;
        let player = Body::new(spawn, Body::DEFAULT_SIZE)?;
        sim.add_body(player);
        // A demo's player sends itself on errands (`errand.rs`) rather
        // than wandering.
        let wanderers = Vec::new();
        Ok(App {
            sim,
            feed,
            map: false,
            camera: Camera::default(),
            paused: false,
            help: false,
            sprint: false,
            flying: false,
            demo,
            keys: HeldKeys::default(),
            facing: DVec2::X,
            wanderers,
            last_report: TickReport::default(),
            stats: Stats::default(),
            message: String::new(),
            title,
            palette: Palette::detect(),
            alpha: 1.0,
            now: Duration::ZERO,
            playback: None,
            goto: String::new(),
            errand: None,
            errands: 0,
            cursor: None,
            demo_rest: 0,
            plan_work_last_frame: None,
        })
    }

    /// A viewer playing `scenario` — its world, blocks, bodies, balls, settings
    /// and inputs — following its first body, shown after `tick` (at the start
    /// when `None`, and then playing; paused at a tick asked for).
    ///
    /// # Errors
    /// [`AppError`] when the scenario cannot run.
    ///
    /// # Panics
    /// Never: the run is told always to go on.
    pub fn from_scenario(scenario: Scenario, tick: Option<u64>) -> Result<App, AppError> {
        Ok(
            Self::from_scenario_unless_stopped(scenario, tick, &mut |_| true)?
                .expect("a run told always to go on is never stopped"),
        )
    }

    /// [`App::from_scenario`], asking `go_on` with the ticks run so far as the
    /// scenario is judged and then run to `tick` (seconds, for a long one);
    /// `None` when it said no.
    ///
    /// # Errors
    /// As [`App::from_scenario`].
    pub fn from_scenario_unless_stopped(
        scenario: Scenario,
        tick: Option<u64>,
        go_on: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Option<App>, AppError> {
        if let Some(index) = scenario.bodies.iter().position(|b| b.goal.is_some()) {
            return Err(AppError::GoalPlayback(index));
        }
        let spawn = scenario
            .bodies
            .first()
            .map_or(DVec3::ZERO, |b| b.body.feet());
        let mut app = App::new(World::new(), Vec::new(), None, spawn, false)?;
        let title = format!(
            "scenario {}",
            voxwalk::printable::terminal_safe(
                &scenario.name,
                voxwalk::printable::LineBreaks::Escape
            )
        );
        let Some((mut playback, sim)) =
            Playback::open_unless_stopped(scenario, go_on).map_err(AppError::Scenario)?
        else {
            return Ok(None);
        };
        app.sim = sim;
        app.title = title;
        if let Some(t) = tick {
            let reached = playback
                .seek_unless_stopped(
                    &mut app.sim,
                    &mut app.last_report,
                    t.saturating_add(1),
                    go_on,
                )
                .map_err(AppError::Scenario)?;
            if !reached {
                return Ok(None);
            }
            app.paused = true;
        }
        app.playback = Some(playback);
        Ok(Some(app))
    }

    /// The followed body (the player's, unless switched).
    #[must_use]
    pub fn player(&self) -> &Body {
        let bodies = self.sim.bodies();
        bodies.get(self.camera.followed()).unwrap_or(&bodies[0])
    }

    /// Goes to the state after `ran` ticks of the scenario being played.
    fn seek(&mut self, ran: u64) {
        let Some(playback) = self.playback.as_mut() else {
            return;
        };
        if let Err(e) = playback.seek(&mut self.sim, &mut self.last_report, ran) {
            self.message = e.to_string();
        }
        self.paused = true;
    }

    /// The followed body's box as drawn: between where it was before the
    /// last tick and where it is, by the frame's share of the next tick.
    #[must_use]
    pub fn drawn_player(&self) -> Aabb {
        self.player().interpolated(self.alpha)
    }

    /// Blocks per cell.
    #[must_use]
    pub fn blocks_per_cell(&self) -> u32 {
        self.camera.blocks_per_cell()
    }

    /// The simulation, to place bodies or edit the world from outside the
    /// keys (a test, a game's own tool). The views follow what it holds.
    pub fn sim_mut(&mut self) -> &mut Simulation {
        &mut self.sim
    }

    /// Shows `view`, its side slice along `axis`.
    pub fn show(&mut self, view: ViewMode, axis: SliceAxis) {
        self.camera.show(view, axis);
    }

    /// Sets the zoom to level `level` of [`ZOOMS`] (the last, beyond it).
    pub fn zoom_to(&mut self, level: usize) {
        self.camera.zoom_to(level);
    }

    /// Draws with `palette` from now on.
    pub fn set_palette(&mut self, palette: Palette) {
        self.palette = palette;
    }

    /// Starts a frame at the loop's clock `now`, drawn `alpha` (0 … 1) of the
    /// way from the last tick to the next.
    pub fn begin_frame(&mut self, now: Duration, alpha: f64) {
        self.now = now;
        self.alpha = alpha;
        self.plan_errand();
    }

    /// Keeps the loop's figures for the status line.
    pub fn record_stats(&mut self, stats: Stats) {
        self.stats = stats;
    }

    /// Tells the held keys whether the terminal reports releases: when it
    /// does, a key is held until released; when not, until its repeats stop.
    pub fn set_releases_reported(&mut self, reported: bool) {
        self.keys.releases_reported = reported;
    }

    /// Lets go of every held key (the terminal lost focus: releases will not come).
    pub fn release_keys(&mut self) {
        self.keys.clear();
    }

    /// Stops physics and says why on the status line (a tick that failed).
    pub fn halt(&mut self, why: impl std::fmt::Display) {
        self.message = why.to_string();
        self.paused = true;
    }

    /// Applies an action at time `now`; `false` means quit.
    pub fn apply(&mut self, action: Action, now: Duration) -> bool {
        match action {
            Action::Hold(Hold::Move(dir), true) if self.cursor.is_some() => {
                self.move_cursor(dir);
            }
            Action::Hold(hold, down) => self.keys.set(hold, down, now),
            Action::Pick => self.toggle_cursor(),
            Action::ToggleSprint => {
                self.sprint = !self.sprint;
                self.message = format!("sprint {}", on_off(self.sprint));
            }
            Action::ToggleFly => {
                self.flying = !self.flying;
                self.message = format!("fly {}", on_off(self.flying));
            }
            Action::CycleView => self.camera.cycle_view(),
            Action::ToggleMap => {
                self.map = !self.map;
                self.message = format!("map {}", on_off(self.map));
            }
            Action::FlipAxis => self.camera.flip_axis(),
            Action::ZoomIn => self.camera.zoom_in(),
            Action::ZoomOut => self.camera.zoom_out(),
            Action::ThrowBall => self.throw_ball(),
            Action::AddWanderer => self.add_wanderer(),
            Action::SendFar => self.send_far(),
            Action::Blast => self.blast(),
            Action::Pause => {
                self.paused = !self.paused;
                self.keys.clear();
            }
            Action::Step => {
                if self.paused
                    && let Err(e) = self.tick(now)
                {
                    self.message = e.to_string();
                }
            }
            Action::StepBack => {
                let ran = self.playback.as_ref().map_or(0, |p| p.ran);
                self.seek(ran.saturating_sub(1));
            }
            Action::Forward20 | Action::Back20 | Action::First | Action::Last => {
                if let Some(p) = &self.playback {
                    let target = match action {
                        Action::Forward20 => p.ran + 20,
                        Action::Back20 => p.ran.saturating_sub(20),
                        Action::First => 0,
                        _ => p.ticks(),
                    };
                    self.seek(target);
                }
            }
            Action::Digit(d) => {
                if self.goto.len() < 12 {
                    self.goto.push(char::from(b'0' + d));
                }
            }
            Action::GoTo if self.cursor.is_some() => self.send_to_cursor(),
            Action::GoTo => {
                if let Ok(tick) = self.goto.parse::<u64>() {
                    self.seek(tick.saturating_add(1));
                }
                self.goto.clear();
            }
            Action::NextBody => {
                self.camera.follow_next(self.sim.bodies().len());
                self.message = format!("following body {}", self.camera.followed());
            }
            Action::Help => self.help = !self.help,
            Action::Quit => return false,
        }
        true
    }

    /// The world direction of a screen direction in the current view.
    #[must_use]
    pub fn world_direction(&self, dir: ScreenDir) -> DVec2 {
        self.camera.world_direction(dir)
    }

    /// The player's input from the held keys at `now`.
    #[must_use]
    pub fn player_input(&self, now: Duration) -> Input {
        let held = |h| self.keys.is_held(h, now);
        let mut wish = DVec2::ZERO;
        for dir in [
            ScreenDir::Up,
            ScreenDir::Down,
            ScreenDir::Left,
            ScreenDir::Right,
        ] {
            if held(Hold::Move(dir)) {
                wish += self.world_direction(dir);
            }
        }
        let (jump, sneak) = (held(Hold::Jump), held(Hold::Sneak));
        Input {
            analog: glam::DVec2::ZERO,
            east: wish.x > 0.0,
            west: wish.x < 0.0,
            south: wish.y > 0.0,
            north: wish.y < 0.0,
            jump: jump && !self.flying,
            sneak: sneak && !self.flying,
            sprint: self.sprint,
            fly: self.flying,
            up: jump && self.flying,
            down: sneak && self.flying,
            // Level: a swimmer holds its depth, rises with jump and sinks
            // with sneak.
            pitch: 0.0,
        }
    }

    /// One physics tick.
    ///
    /// # Errors
    /// When the resolver refuses a move (a body left the coordinate range).
    pub fn tick(&mut self, now: Duration) -> Result<(), SimulationError> {
        if self.playback.is_some() {
            // A scenario plays its own inputs, and stops at its end.
            let Some(playback) = self.playback.as_mut() else {
                return Ok(());
            };
            if !playback.step(&mut self.sim, &mut self.last_report)? {
                self.paused = true;
            }
            return Ok(());
        }
        if let Err(problem) = self.feed.ready(&mut self.sim) {
            // The tick would read columns that are not there: it waits.
            self.message = problem.to_string();
            self.paused = true;
            return Ok(());
        }
        let mut inputs = vec![Input::IDLE; self.sim.bodies().len()];
        inputs[0] = self.player_input(now);
        if inputs[0] != Input::IDLE && self.errand.is_some() {
            // A key of the player's own takes the body back.
            self.errand = None;
            self.message = "errand dropped".into();
        }
        if self.demo && self.errand.is_none() {
            // A second's rest between errands (and between tries when no
            // way was found).
            if self.demo_rest == 0 {
                self.send_far();
                self.demo_rest = 20;
            } else {
                self.demo_rest -= 1;
            }
        }
        if let Some(input) = self.errand_input() {
            inputs[0] = input;
        }
        for w in &mut self.wanderers {
            let Some(body) = self.sim.bodies().get(w.body) else {
                continue;
            };
            let events = self
                .last_report
                .bodies
                .get(w.body)
                .map_or(&[][..], Vec::as_slice);
            inputs[w.body] = w.input(self.sim.world(), body, events);
        }
        let wish = DVec2::new(
            f64::from(u8::from(inputs[0].east)) - f64::from(u8::from(inputs[0].west)),
            f64::from(u8::from(inputs[0].south)) - f64::from(u8::from(inputs[0].north)),
        );
        if wish != DVec2::ZERO {
            self.facing = wish.normalize();
        }
        self.sim
            .step_in_order_into(&inputs, &mut self.last_report)?;
        Ok(())
    }
}

fn on_off(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}
