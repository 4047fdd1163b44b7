//! Reading a scenario: from a file or text, within a read budget, to a
//! [`Scenario`] ready to run (the TOML parsed into the file's types, then
//! converted step by step in `conversion.rs`).

use std::path::Path;

use super::conversion::Conversion;
use super::file::ScenarioFile;
use super::reading::read_text;
use super::{Scenario, ScenarioError};
use crate::formats::ReadBudget;

impl Scenario {
    /// Reads and checks the scenario file at `path`.
    ///
    /// # Errors
    /// [`ScenarioError`] naming the file and what is wrong: TOML syntax or an
    /// unknown key (with line and column), a missing or broken world or input
    /// file, settings out of range, impossible bodies.
    pub fn load(path: &Path) -> Result<Scenario, ScenarioError> {
        Self::load_within(path, ReadBudget::default())
    }

    /// [`Scenario::load`], holding at most `budget` bytes while it reads: the
    /// file, the tree TOML parses it into (estimated before parsing, from the
    /// values the text holds), and the world.
    ///
    /// # Errors
    /// As [`Scenario::load`]; a scenario whose parse or world would take more
    /// than the budget is refused naming it.
    pub fn load_within(path: &Path, budget: ReadBudget) -> Result<Scenario, ScenarioError> {
        let text = read_text(path, path)?;
        Self::parse_within(&text, path, budget)
    }

    /// Reads a scenario from `text`; relative paths in it are taken from the
    /// folder of `path`.
    ///
    /// # Errors
    /// As [`Scenario::load`].
    pub fn parse(text: &str, path: &Path) -> Result<Scenario, ScenarioError> {
        Self::parse_within(text, path, ReadBudget::default())
    }

    /// [`Scenario::parse`] within a read budget, as [`Scenario::load_within`].
    ///
    /// # Errors
    /// As [`Scenario::load_within`].
    pub fn parse_within(
        text: &str,
        path: &Path,
        budget: ReadBudget,
    ) -> Result<Scenario, ScenarioError> {
        let invalid = |problem: String| ScenarioError::Invalid {
            path: path.to_path_buf(),
            problem,
        };
        let parse_bytes = toml_parse_bytes(text);
        budget
            .check(parse_bytes, || "the TOML text, parsed".into())
            .map_err(|e| invalid(e.to_string()))?;
        // What the world may take: the budget less what the parse holds.
        let budget = ReadBudget::new(budget.bytes() - parse_bytes);
        let file: ScenarioFile = toml::from_str(text).map_err(|e| ScenarioError::Toml {
            path: path.to_path_buf(),
            message: e.to_string().trim_end().replace('\n', "\n    "),
        })?;
        Conversion::new(path, budget).scenario(file)
    }
}

/// Bytes parsing `text` as TOML holds at most, estimated before parsing: the
/// text, and for every value it can hold (a `=`, `,`, `[` or `{` starts at
/// most one) what the parser keeps of one, measured at about
/// [`TOML_VALUE_BYTES`]. A 16 MiB file of inline tables is about 2 GB parsed.
fn toml_parse_bytes(text: &str) -> u64 {
    let values = text
        .bytes()
        .filter(|b| matches!(b, b'=' | b',' | b'[' | b'{'))
        .count() as u64;
    2 * text.len() as u64 + values * TOML_VALUE_BYTES
}

/// What the TOML parser and the structures it fills keep of one value, at
/// most (measured on files of inline expectation tables).
const TOML_VALUE_BYTES: u64 = 384;
