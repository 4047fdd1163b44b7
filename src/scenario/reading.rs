//! The files a scenario names, read within their limits: the scenario file
//! itself and its input scripts (text of at most 16 MiB), and its world
//! (through the one loading door, within the scenario's budget).

use std::path::Path;

use super::ScenarioError;
use crate::formats::{self, LoadError, LoadOptions, Loaded, ReadBudget};

/// Largest scenario or input file read.
const MAX_FILE_BYTES: u64 = 16 << 20;

/// A world named in a scenario: `gen:PRESET:SEED`, or a file relative to the
/// scenario's folder.
pub(super) fn open_world(
    folder: &Path,
    name: &Path,
    budget: ReadBudget,
) -> Result<Loaded, LoadError> {
    let options = LoadOptions::default().budget(budget);
    match name.to_str() {
        Some(spec) if spec.starts_with("gen:") => formats::load(spec, options),
        _ => formats::load(folder.join(name), options),
    }
}

/// The text of `path`, a file `owner` names (the scenario itself, or the
/// scenario naming an input file), at most [`MAX_FILE_BYTES`].
pub(super) fn read_text(path: &Path, owner: &Path) -> Result<String, ScenarioError> {
    let io = |source| ScenarioError::Io {
        path: path.to_path_buf(),
        source,
    };
    let bytes = std::fs::metadata(path).map_err(io)?.len();
    if bytes > MAX_FILE_BYTES {
        return Err(ScenarioError::Invalid {
            path: owner.to_path_buf(),
            problem: format!(
                "{} is {bytes} bytes, more than the {MAX_FILE_BYTES}-byte limit",
                path.display()
            ),
        });
    }
    crate::formats::read_regular_text(path, MAX_FILE_BYTES).map_err(io)
}
