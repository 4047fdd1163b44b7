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
    /// The file to write: `.vxb` (binary) or `.vxw` (text); or a folder
    /// (a path ending in `/`, or without an extension) to write a Minecraft
    /// save in.
    pub output: PathBuf,
}

pub(super) fn run(
    args: &ConvertArgs,
    budget: voxwalk::formats::ReadBudget,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let (world, movers) = super::open_world(&args.input, budget)?.into_parts();
    let to_folder = args.output.to_string_lossy().ends_with('/')
        || args.output.extension().is_none()
        || args.output.is_dir();
    let written = if to_folder {
        let save = voxwalk::formats::save_folder::export_world(&world, &movers, &args.output)
            .map_err(|e| CliError::Usage(e.to_string()))?;
        format!(
            "a Minecraft save of {} regions, {} chunk columns",
            save.regions, save.columns
        )
    } else {
        voxwalk::formats::save(&world, &movers, &args.output)?;
        format!("{} chunks", world.chunk_count())
    };
    writeln!(
        out,
        "{} -> {}: {written}",
        terminal_safe(&args.input, LineBreaks::Escape),
        terminal_safe(&args.output.display().to_string(), LineBreaks::Escape),
    )
    .map_err(|source| CliError::Io {
        place: "stdout".into(),
        source,
    })
}
