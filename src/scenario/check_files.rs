//! Checking scenario files: finding them under the paths given, loading and
//! judging each, one [`Outcome`] a file (a file that fails to load is an
//! outcome too, so one bad file does not hide the rest).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::model_pin::pin_model;
use super::runner::{Verdict, judge};
use super::spec::{Scenario, ScenarioError};
use crate::formats::ReadBudget;

/// One scenario's line of the report.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The scenario's name (file stem).
    pub name: String,
    /// Its file.
    pub path: PathBuf,
    /// Ticks run (0 when it did not load).
    pub ticks: u64,
    /// The result.
    pub verdict: Verdict,
    /// Wall-clock time to load, run and check it.
    pub elapsed: Duration,
}

/// Loads and judges one scenario file.
#[must_use]
pub fn check_file(path: &Path, bless: bool) -> Outcome {
    check_file_within(path, bless, ReadBudget::default())
}

/// [`check_file`], reading the scenario and its world within `budget`.
#[must_use]
pub fn check_file_within(path: &Path, bless: bool, budget: ReadBudget) -> Outcome {
    let started = Instant::now();
    let name = path
        .file_stem()
        .map_or_else(|| "scenario".into(), |s| s.to_string_lossy().into_owned());
    // Blessing pins the file to this build's model first: the run then
    // writes the golden trajectory of that model.
    let pinned = if bless {
        pin_model(path).map(|_| ())
    } else {
        Ok(())
    };
    let loaded = pinned.and_then(|()| Scenario::load_within(path, budget));
    let (ticks, verdict) = match loaded {
        Ok(s) => (s.ticks, judge(&s, bless)),
        Err(e) => (0, Verdict::Error(e.to_string())),
    };
    Outcome {
        name,
        path: path.to_path_buf(),
        ticks,
        verdict,
        elapsed: started.elapsed(),
    }
}

/// The scenario files under `paths`: files as given, folders searched
/// recursively for `*.toml`, each folder's files in name order.
///
/// # Errors
/// A path that does not exist or a folder that cannot be read.
pub fn discover(paths: &[PathBuf]) -> Result<Vec<PathBuf>, ScenarioError> {
    let mut found = Vec::new();
    for path in paths {
        walk(path, &mut found, true)?;
    }
    Ok(found)
}

fn walk(path: &Path, found: &mut Vec<PathBuf>, given: bool) -> Result<(), ScenarioError> {
    let io = |source| ScenarioError::Io {
        path: path.to_path_buf(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if meta.is_dir() {
        let mut entries = std::fs::read_dir(path)
            .map_err(io)?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(io)?;
        entries.sort();
        for entry in entries {
            walk(&entry, found, false)?;
        }
    } else if given || path.extension().is_some_and(|e| e == "toml") {
        found.push(path.to_path_buf());
    }
    Ok(())
}

/// Judges every scenario under `paths`.
///
/// # Errors
/// When a path cannot be searched; a scenario that fails to load is an
/// [`Verdict::Error`] outcome instead, so one bad file does not hide the rest.
pub fn check_paths(
    paths: &[PathBuf],
    bless: bool,
    budget: ReadBudget,
) -> Result<Vec<Outcome>, ScenarioError> {
    Ok(discover(paths)?
        .iter()
        .map(|p| check_file_within(p, bless, budget))
        .collect())
}
