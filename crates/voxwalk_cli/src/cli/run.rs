//! `voxwalk run`: one body through a world, headless, one JSON line per tick.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use glam::DVec3;
use serde::Serialize;

use super::{CliError, parse_vector};
use voxwalk::controller::{Body, Event, InputScript, Settings, Simulation, SyncIfParallel};
use voxwalk::streaming::{ChunkSource, StreamingWorld};
use voxwalk::world::BlockSource;

/// Arguments of `voxwalk run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The world: a file of any readable format, or `gen:PRESET:SEED`.
    pub world: String,
    /// The input script: one `TICKS ACTIONS` per line (`40 east+sprint`).
    #[arg(long, value_name = "FILE")]
    pub inputs: PathBuf,
    /// Feet position to start at; the world's spawn when absent.
    #[arg(long, value_name = "X,Y,Z", allow_hyphen_values = true, value_parser = parse_vector)]
    pub spawn: Option<DVec3>,
    /// Ticks to run; the script's length when absent (the body idles after it).
    #[arg(long, value_name = "N")]
    pub ticks: Option<u64>,
    /// Body size.
    #[arg(long, value_name = "W,H,D", value_parser = parse_vector)]
    pub size: Option<DVec3>,
    /// Override a controller setting, e.g. `--set walking.step_height=1.0` or its flat name `step_height=1.0` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE", allow_hyphen_values = true)]
    pub set: Vec<String>,
    #[command(flatten)]
    pub stream: super::streamed::StreamArgs,
}

/// One tick as printed (`path` prints the same, and more).
#[derive(Debug, Serialize)]
pub(super) struct TickLine<'a> {
    tick: u64,
    pos: [f64; 3],
    vel: [f64; 3],
    grounded: bool,
    #[serde(rename = "box")]
    aabb: [f64; 6],
    events: &'a [Event],
}

impl<'a> TickLine<'a> {
    /// The line of `tick` for `body` and its `events`.
    pub(super) fn of(tick: u64, body: &Body, events: &'a [Event]) -> Self {
        TickLine {
            tick,
            pos: body.feet().to_array(),
            vel: body.velocity.to_array(),
            grounded: body.grounded,
            aabb: body.aabb.to_array(),
            events,
        }
    }
}

pub(super) fn run(
    args: &RunArgs,
    budget: voxwalk::formats::ReadBudget,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let usage = CliError::Usage;
    let script = read_script(args)?;
    if let Some(opened) = super::streamed::open(&args.world, &args.stream)? {
        return match opened {
            super::streamed::Opened::Folder(world, spawn) => {
                run_streamed(args, world, spawn, &script, out)
            }
            super::streamed::Opened::Generated(world, spawn) => {
                run_streamed(args, world, spawn, &script, out)
            }
        };
    }
    let (world, movers) = super::open_world(&args.world, budget)?.into_parts();
    let spawn = args
        .spawn
        .or_else(|| world.start_position())
        .ok_or_else(|| {
            usage(format!(
                "{}: the world has no spawn and no solid block to start on; give --spawn X,Y,Z",
                args.world
            ))
        })?;
    let sim = Simulation::with_movers(world, movers, settings(args)?)
        .map_err(|e| usage(e.to_string()))?;
    drive(args, sim, spawn, &script, out, |_| Ok(())).map(|_| ())
}

/// The settings `--set` gives.
fn settings(args: &RunArgs) -> Result<Settings, CliError> {
    super::settings_from(&args.set)
}

fn read_script(args: &RunArgs) -> Result<InputScript, CliError> {
    let text = std::fs::read_to_string(&args.inputs).map_err(|source| CliError::Io {
        place: args.inputs.display().to_string(),
        source,
    })?;
    InputScript::parse(&text, &args.inputs.display().to_string())
        .map_err(|e| CliError::Usage(e.to_string()))
}

/// A streamed world's run: chunks around the body loaded before each tick.
fn run_streamed<S: ChunkSource>(
    args: &RunArgs,
    mut world: StreamingWorld<S>,
    spawn: DVec3,
    script: &InputScript,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let spawn = args.spawn.unwrap_or(spawn);
    // Loaded before the body is placed, so that it is placed on what is
    // there, as in the world loaded whole.
    let size = args.size.unwrap_or(Body::DEFAULT_SIZE);
    let start = Body::new(spawn, size).map_err(|e| CliError::Usage(format!("body: {e}")))?;
    world
        .prepare(&[(start.aabb, 0.0)])
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let sim =
        Simulation::new(world, settings(args)?).map_err(|e| CliError::Usage(e.to_string()))?;
    let sim = drive(args, sim, spawn, script, out, |sim| {
        sim.stream()
            .map(|_| ())
            .map_err(|e| CliError::Usage(e.to_string()))
    })?;
    for warning in sim.world().warnings() {
        eprintln!(
            "voxwalk: warning: {}",
            voxwalk::printable::terminal_safe(&warning, voxwalk::printable::LineBreaks::Keep)
        );
    }
    if args.stream.stats {
        eprintln!("{}", super::streamed::describe_stats(sim.world()));
    }
    Ok(())
}

/// Runs the body from `spawn` through the script, `before_tick` readying
/// the world for each tick; the simulation at the end.
fn drive<W: BlockSource + SyncIfParallel>(
    args: &RunArgs,
    mut sim: Simulation<W>,
    spawn: DVec3,
    script: &InputScript,
    out: &mut dyn Write,
    mut before_tick: impl FnMut(&mut Simulation<W>) -> Result<(), CliError>,
) -> Result<Simulation<W>, CliError> {
    let usage = CliError::Usage;
    let body = Body::new(spawn, args.size.unwrap_or(Body::DEFAULT_SIZE))
        .map_err(|e| usage(format!("body: {e}")))?;
    let ticks = args.ticks.unwrap_or(script.len());
    if ticks > voxwalk::controller::limits::MAX_SCRIPT_TICKS {
        return Err(usage(format!(
            "--ticks {ticks}: at most {} ticks",
            voxwalk::controller::limits::MAX_SCRIPT_TICKS
        )));
    }
    let walker = sim.add_body(body);
    let io = |source| CliError::Io {
        place: "stdout".into(),
        source,
    };
    for tick in 0..ticks {
        before_tick(&mut sim)?;
        let report = sim
            .step(&[(walker, script.input_at(tick))])
            .map_err(|e| usage(e.to_string()))?;
        let body = &sim.bodies()[0];
        let line = TickLine::of(tick, body, &report.bodies[0]);
        serde_json::to_writer(&mut *out, &line).map_err(|e| io(e.into()))?;
        writeln!(out).map_err(io)?;
    }
    Ok(sim)
}
