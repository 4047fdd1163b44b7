//! `voxwalk convert`: any readable world format to any writable one.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use voxwalk::printable::{LineBreaks, terminal_safe};

/// Arguments of `voxwalk convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The world to read: any readable format, or `gen:PRESET:SEED`.
    pub input: String,
    /// The file to write: `.vxb` (binary) or `.vxw` (text).
    pub output: PathBuf,
}

pub(super) fn run(
    args: &ConvertArgs,
    budget: voxwalk::formats::ReadBudget,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let world = super::open_world(&args.input, budget)?.world;
    voxwalk::formats::save(&world, &args.output)?;
    writeln!(
        out,
        "{} -> {}: {} chunks",
        terminal_safe(&args.input, LineBreaks::Escape),
        terminal_safe(&args.output.display().to_string(), LineBreaks::Escape),
        world.chunk_count()
    )
    .map_err(|source| CliError::Io {
        place: "stdout".into(),
        source,
    })
}
