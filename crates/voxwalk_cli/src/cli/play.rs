//! `voxwalk play`: the terminal viewer, or its headless demo.

use std::io::{IsTerminal, Write};

use clap::Args;

use super::CliError;
use crate::viewer::{App, TerminalSession, run_headless, run_terminal};
use voxwalk::generate::{Generator, Preset};
use voxwalk::movers::Mover;
use voxwalk::world::World;

/// The seed of the world `play` opens with no arguments.
pub const DEFAULT_SEED: u64 = 2024;
/// Ticks of the headless demo when none are asked for (30 s of game time).
pub const DEFAULT_DEMO_TICKS: u64 = 600;

/// Arguments of `voxwalk play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// A world of any readable format, or `gen:PRESET:SEED`; a generated world
    /// when absent.
    pub world: Option<String>,
    /// The preset of the generated world.
    #[arg(long, default_value = "hills")]
    pub preset: Preset,
    /// The seed of the generated world.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// The body walks by itself.
    #[arg(long)]
    pub demo: bool,
    /// With `--headless`: ticks to run.
    #[arg(long, value_name = "N")]
    pub ticks: Option<u64>,
    /// No terminal: run the demo and print the final state as JSON.
    #[arg(long)]
    pub headless: bool,
    /// A scenario (`.toml`) only: open it after this tick, paused.
    #[arg(long, value_name = "TICK")]
    pub tick: Option<u64>,
    #[command(flatten)]
    pub stream: super::streamed::StreamArgs,
}

pub(super) fn run(
    args: &PlayArgs,
    budget: voxwalk::formats::ReadBudget,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let usage = |e: &dyn std::fmt::Display| CliError::Usage(e.to_string());
    let is_scenario = |w: &&str| {
        std::path::Path::new(w)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
    };
    if let Some(path) = args.world.as_deref().filter(is_scenario) {
        return play_scenario(std::path::Path::new(path), args, budget, out);
    }
    if args.tick.is_some() {
        return Err(CliError::Usage(
            "--tick is for scenarios (play SCENARIO.toml --tick N)".into(),
        ));
    }
    if let Some(folder) = args
        .world
        .as_deref()
        .filter(|w| std::path::Path::new(w).is_dir())
    {
        let (streamer, spawn) = super::streamed::open_streamer(folder, &args.stream)?;
        let app =
            App::streaming(streamer, spawn, args.demo || args.headless).map_err(|e| usage(&e))?;
        return play_app(app, args, out);
    }
    let (world, movers, generator) = open(args, budget)?;
    let spawn = match (&generator, world.start_position()) {
        (_, Some(s)) => s,
        (Some(g), None) => g.spawn(),
        (None, None) => {
            return Err(CliError::Usage(
                "the world has no solid block to start the body on".into(),
            ));
        }
    };
    let interactive = std::io::stdout().is_terminal() && std::io::stdin().is_terminal();
    let demo = args.demo || args.headless || !interactive;
    let app = App::new(world, movers, generator, spawn, demo).map_err(|e| usage(&e))?;
    play_app(app, args, out)
}

/// Runs a viewer in the terminal, or its headless demo where there is none.
fn play_app(mut app: App, args: &PlayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let usage = |e: &dyn std::fmt::Display| CliError::Usage(e.to_string());
    let interactive = std::io::stdout().is_terminal() && std::io::stdin().is_terminal();
    if args.headless || !interactive {
        if !args.headless {
            writeln!(
                out,
                "voxwalk play: stdout is not a terminal, so here is the headless demo instead ({} ticks).",
                args.ticks.unwrap_or(DEFAULT_DEMO_TICKS)
            )
            .map_err(|source| CliError::Io { place: "stdout".into(), source })?;
        }
        let summary = run_headless(&mut app, args.ticks.unwrap_or(DEFAULT_DEMO_TICKS))
            .map_err(|e| usage(&e))?;
        let json = serde_json::to_string(&summary).map_err(|e| usage(&e))?;
        return writeln!(out, "{json}").map_err(|source| CliError::Io {
            place: "stdout".into(),
            source,
        });
    }
    run_terminal(app).map_err(|source| CliError::Io {
        place: "terminal".into(),
        source,
    })
}

/// The world and, for generated ones, the generator that extends it as the
/// body walks.
/// Plays a scenario in the viewer; without a terminal, runs it to the tick
/// asked for (or its end) and prints the state there as JSON.
fn play_scenario(
    path: &std::path::Path,
    args: &PlayArgs,
    budget: voxwalk::formats::ReadBudget,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let usage = |e: &dyn std::fmt::Display| CliError::Usage(e.to_string());
    let scenario = voxwalk::scenario::Scenario::load_within(path, budget)?;
    let last = scenario.ticks.saturating_sub(1);
    if let Some(t) = args.tick
        && t > last
    {
        return Err(CliError::Usage(format!(
            "{}: --tick {t} is past its last tick, {last}",
            path.display()
        )));
    }
    let interactive = std::io::stdout().is_terminal() && std::io::stdin().is_terminal();
    if args.headless || !interactive {
        let app =
            App::from_scenario(scenario, Some(args.tick.unwrap_or(last))).map_err(|e| usage(&e))?;
        let body = app.player();
        let line = serde_json::json!({
            "tick": app.playback().and_then(crate::viewer::Playback::shown_tick),
            "pos": body.feet().to_array(),
            "vel": body.velocity.to_array(),
            "grounded": body.grounded,
            "failing_ticks": app.playback().map(crate::viewer::Playback::failed_ticks),
        });
        return writeln!(out, "{line}").map_err(|source| CliError::Io {
            place: "stdout".into(),
            source,
        });
    }
    // The terminal is taken first, so that `q` stops a long scenario while
    // it is judged and run to the tick asked for.
    let terminal_error = |source| CliError::Io {
        place: "terminal".into(),
        source,
    };
    let mut session = TerminalSession::start().map_err(terminal_error)?;
    let name =
        voxwalk::printable::terminal_safe(&scenario.name, voxwalk::printable::LineBreaks::Escape);
    let total = scenario.ticks;
    let mut drawn = Ok(());
    let app = App::from_scenario_unless_stopped(scenario, args.tick, &mut |ran| match session
        .progress(&format!("voxwalk: running {name}: tick {ran} of {total}"))
    {
        Ok(go_on) => go_on,
        Err(e) => {
            drawn = Err(e);
            false
        }
    })
    .map_err(|e| usage(&e))?;
    drawn.map_err(terminal_error)?;
    match app {
        Some(app) => session.run(app),
        None => session.finish(),
    }
    .map_err(terminal_error)
}

fn open(
    args: &PlayArgs,
    budget: voxwalk::formats::ReadBudget,
) -> Result<(World, Vec<Mover>, Option<Generator>), CliError> {
    let generated = |g: Generator| {
        let mut world = World::new();
        world.name = format!("{} (seed {})", g.preset(), g.seed());
        world.spawn = Some(g.spawn());
        (world, Vec::new(), Some(g))
    };
    match &args.world {
        None => Ok(generated(Generator::new(args.preset, args.seed))),
        // Generated lazily around the bodies, not whole.
        Some(spec) if spec.starts_with("gen:") => match voxwalk::formats::generator_named(spec)? {
            Some(g) => Ok(generated(g)),
            None => unreachable!("a gen: name names a generator or is an error"),
        },
        Some(spec) => {
            let (world, movers) = super::open_world(spec, budget)?.into_parts();
            Ok((world, movers, None))
        }
    }
}
