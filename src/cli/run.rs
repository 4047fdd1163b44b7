//! `voxwalk run`: one body through a world, headless, one JSON line per tick.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use glam::DVec3;
use serde::Serialize;

use super::{CliError, parse_vector};
use voxwalk::controller::{Body, Event, InputScript, Settings, Simulation};

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
    /// Override a controller setting, e.g. `--set step_height=1.0` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE", allow_hyphen_values = true)]
    pub set: Vec<String>,
}

/// One tick as printed.
#[derive(Debug, Serialize)]
struct TickLine<'a> {
    tick: u64,
    pos: [f64; 3],
    vel: [f64; 3],
    grounded: bool,
    #[serde(rename = "box")]
    aabb: [f64; 6],
    events: &'a [Event],
}

pub(super) fn run(
    args: &RunArgs,
    budget: voxwalk::formats::ReadBudget,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let usage = CliError::Usage;
    let mut settings = Settings::default();
    for item in &args.set {
        let (key, value) = item
            .split_once('=')
            .ok_or_else(|| usage(format!("--set {item}: expected KEY=VALUE")))?;
        settings
            .set(key.trim(), value.trim())
            .map_err(|e| usage(format!("--set {item}: {e}")))?;
    }
    let world = super::open_world(&args.world, budget)?.world;
    let spawn = args
        .spawn
        .or_else(|| world.start_position())
        .ok_or_else(|| {
            usage(format!(
                "{}: the world has no spawn and no solid block to start on; give --spawn X,Y,Z",
                args.world
            ))
        })?;
    let text = std::fs::read_to_string(&args.inputs).map_err(|source| CliError::Io {
        place: args.inputs.display().to_string(),
        source,
    })?;
    let script = InputScript::parse(&text, &args.inputs.display().to_string())
        .map_err(|e| usage(e.to_string()))?;
    let body = Body::new(spawn, args.size.unwrap_or(Body::DEFAULT_SIZE))
        .map_err(|e| usage(format!("body: {e}")))?;
    let ticks = args.ticks.unwrap_or(script.len());
    if ticks > voxwalk::controller::MAX_SCRIPT_TICKS {
        return Err(usage(format!(
            "--ticks {ticks}: at most {} ticks",
            voxwalk::controller::MAX_SCRIPT_TICKS
        )));
    }
    let mut sim = Simulation::of_world(world, settings).map_err(|e| usage(e.to_string()))?;
    let walker = sim.add_body(body);
    let io = |source| CliError::Io {
        place: "stdout".into(),
        source,
    };
    for tick in 0..ticks {
        let report = sim
            .step(&[(walker, script.input_at(tick))])
            .map_err(|e| usage(e.to_string()))?;
        let body = &sim.bodies()[0];
        let line = TickLine {
            tick,
            pos: body.feet().to_array(),
            vel: body.velocity.to_array(),
            grounded: body.grounded,
            aabb: body.aabb.to_array(),
            events: &report.bodies[0],
        };
        serde_json::to_writer(&mut *out, &line).map_err(|e| io(e.into()))?;
        writeln!(out).map_err(io)?;
    }
    Ok(())
}
