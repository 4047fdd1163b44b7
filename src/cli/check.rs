//! `voxwalk check`: run scenario files and folders, print a table.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use crate::scenario::{check_paths, format_table};

/// Arguments of `voxwalk check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Scenario files, or folders searched for `*.toml`.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Write (or rewrite) the golden trajectories of the scenarios that name one.
    #[arg(long)]
    pub bless: bool,
}

pub(super) fn run(args: &CheckArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let outcomes = check_paths(&args.paths, args.bless)?;
    write!(out, "{}", format_table(&outcomes)).map_err(|source| CliError::Io {
        place: "stdout".into(),
        source,
    })?;
    let failed = outcomes.iter().filter(|o| !o.verdict.is_pass()).count();
    if failed > 0 {
        return Err(CliError::ChecksFailed {
            failed,
            total: outcomes.len(),
        });
    }
    Ok(())
}
