//! The `voxwalk` command line: argument types and dispatch. `main.rs` only calls
//! [`run`] and prints what comes back.

// Hidden from the crate's docs (not its interface): links here are for
// readers of the source, so rustdoc's check of them is left out.
#![allow(rustdoc::broken_intra_doc_links)]

mod check;
mod convert;
mod generate;
mod info;
mod numbers;
mod path;
mod play;
mod run;
mod streamed;
mod sweep;

use clap::{Parser, Subcommand};
use thiserror::Error;

use voxwalk::formats::{LoadError, ReadBudget, SaveError};
use voxwalk::printable::{LineBreaks, terminal_safe};
use voxwalk::resolver::MoveError;
use voxwalk::scenario::ScenarioError;

pub use numbers::{parse_box, parse_vector};

impl CliError {
    /// The process exit code for this error: 1 when checks ran and some failed,
    /// 2 for everything that stopped a command from running.
    #[must_use]
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::ChecksFailed { .. } => 1,
            _ => 2,
        }
    }
}

/// Moves box-shaped characters through voxel worlds without ever passing through a block.
#[derive(Debug, Parser)]
#[command(name = "voxwalk", version, about)]
pub struct Cli {
    /// The most bytes reading one world or scenario file may make voxwalk
    /// hold (the file, what it inflates, what is built from it); a file that
    /// needs more is refused, naming this budget.
    #[arg(long, global = true, value_name = "BYTES", default_value_t = ReadBudget::DEFAULT_BYTES)]
    pub read_budget: u64,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Walk a body through a world in the terminal (a generated world by default).
    Play(play::PlayArgs),
    /// Move one box through a world and print what happened as JSON.
    Sweep(sweep::SweepArgs),
    /// Walk a body through a world by an input script; one JSON line per tick.
    Run(run::RunArgs),
    /// Plan a way from one place to another and walk it: the plan, then one JSON line per tick.
    Path(path::PathArgs),
    /// Run scenario files and folders; exit 1 if any fails.
    Check(check::CheckArgs),
    /// Generate a world (flat, hills, caves, mountains, course) and save it.
    Gen(generate::GenArgs),
    /// Show what a world holds: format, size, chunks, blocks by kind, spawn.
    Info(info::InfoArgs),
    /// Convert a world between formats (by the output's extension).
    Convert(convert::ConvertArgs),
}

/// Why a command failed; printed on one line, exit code 2.
#[derive(Debug, Error)]
pub enum CliError {
    /// The world could not be loaded.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// The world could not be saved.
    #[error(transparent)]
    Save(#[from] SaveError),
    /// A move was refused.
    #[error("{place}: {source}")]
    Move {
        /// Which move (`--box/--by`, or `FILE line N`).
        place: String,
        /// Why.
        source: MoveError,
    },
    /// A line of a batch file is malformed.
    #[error("{place}: {message}")]
    BadLine {
        /// File and line.
        place: String,
        /// What is wrong.
        message: String,
    },
    /// Reading input or writing output failed.
    #[error("{place}: {source}")]
    Io {
        /// What was being read or written.
        place: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// Arguments that do not fit together, or a bad value in one.
    #[error("{0}")]
    Usage(String),
    /// A scenario file or folder could not be read.
    #[error(transparent)]
    Scenario(#[from] ScenarioError),
    /// Some scenarios failed (the table says which); exit code 1.
    #[error("{failed} of {total} scenarios failed")]
    ChecksFailed {
        /// How many failed.
        failed: usize,
        /// How many ran.
        total: usize,
    },
}

/// Runs one parsed command line, writing its output to `out`.
///
/// # Errors
/// [`CliError`] for bad input or a failed write; the caller prints it.
pub fn run(cli: Cli, out: &mut dyn std::io::Write) -> Result<(), CliError> {
    let budget = ReadBudget::new(cli.read_budget);
    match cli.command {
        Command::Play(args) => play::run(&args, budget, out),
        Command::Sweep(args) => sweep::run(&args, budget, out),
        Command::Run(args) => run::run(&args, budget, out),
        Command::Path(args) => path::run(&args, budget, out),
        Command::Check(args) => check::run(&args, budget, out),
        Command::Gen(args) => generate::run(&args, out),
        Command::Info(args) => info::run(&args, budget, out),
        Command::Convert(args) => convert::run(&args, budget, out),
    }
}

/// The settings `--set KEY=VALUE` items give, from the defaults.
///
/// # Errors
/// [`CliError::Usage`] naming an item that is not `KEY=VALUE` or a setting
/// that refuses its value.
pub fn settings_from(items: &[String]) -> Result<voxwalk::controller::Settings, CliError> {
    let mut settings = voxwalk::controller::Settings::default();
    for item in items {
        let (key, value) = item
            .split_once('=')
            .ok_or_else(|| CliError::Usage(format!("--set {item}: expected KEY=VALUE")))?;
        settings
            .set(key.trim(), value.trim())
            .map_err(|e| CliError::Usage(format!("--set {item}: {e}")))?;
    }
    Ok(settings)
}

/// Opens a world for a command: progress of long imports and the importers'
/// warnings go to stderr, so stdout stays the command's output.
///
/// # Errors
/// [`CliError::Load`] when the world cannot be opened.
pub fn open_world(spec: &str, budget: ReadBudget) -> Result<voxwalk::formats::Loaded, CliError> {
    let mut last = std::time::Instant::now();
    let mut progress = |done: usize, total: usize| {
        if total >= 64 && (done == total || last.elapsed().as_millis() >= 500) {
            last = std::time::Instant::now();
            eprint!("\rvoxwalk: reading {spec}: {done}/{total} chunks");
            if done == total {
                eprintln!();
            }
        }
    };
    let options = voxwalk::formats::LoadOptions::default()
        .budget(budget)
        .progress(&mut progress);
    let loaded = voxwalk::formats::load(spec, options)?;
    for warning in loaded.warnings() {
        eprintln!(
            "voxwalk: warning: {}",
            terminal_safe(&format!("{spec}: {warning}"), LineBreaks::Keep)
        );
    }
    Ok(loaded)
}
