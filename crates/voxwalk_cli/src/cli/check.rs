//! `voxwalk check`: run scenario files and folders, print a table.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use voxwalk::scenario::{check_paths, format_table};

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

pub(super) fn run(
    args: &CheckArgs,
    budget: voxwalk::formats::ReadBudget,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let outcomes = check_paths(&args.paths, args.bless, budget)?;
    write!(out, "{}", format_table(&outcomes)).map_err(|source| CliError::Io {
        place: "stdout".into(),
        source,
    })?;
    // Each failure with the command that shows it.
    for outcome in &outcomes {
        if let voxwalk::scenario::Verdict::Failed(f) = &outcome.verdict {
            writeln!(
                out,
                "see it: voxwalk play {} --tick {}",
                voxwalk::printable::terminal_safe(
                    &shell_word(&outcome.path.display().to_string()),
                    voxwalk::printable::LineBreaks::Escape
                ),
                f.tick
            )
            .map_err(|source| CliError::Io {
                place: "stdout".into(),
                source,
            })?;
        }
    }
    let failed = outcomes.iter().filter(|o| !o.verdict.is_pass()).count();
    if failed > 0 {
        return Err(CliError::ChecksFailed {
            failed,
            total: outcomes.len(),
        });
    }
    Ok(())
}

/// `text` as one word for a POSIX shell: as it is when it holds only safe
/// characters, else in single quotes.
fn shell_word(text: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "/._-+,:@".contains(c);
    if !text.is_empty() && text.chars().all(safe) {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}
