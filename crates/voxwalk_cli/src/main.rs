//! The `voxwalk` command: parses the arguments, runs them through the library,
//! prints any error on one line and exits with its code (1: checks failed,
//! 2: the command could not run).

use std::process::ExitCode;

use clap::Parser;
use voxwalk::printable::{LineBreaks, terminal_safe};
use voxwalk_cli::cli::{Cli, run};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli, &mut std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!(
                "voxwalk: {}",
                terminal_safe(&error.to_string(), LineBreaks::Keep)
            );
            ExitCode::from(error.exit_code())
        }
    }
}
