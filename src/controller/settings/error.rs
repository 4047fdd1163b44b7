//! Why a setting could not be applied.

use thiserror::Error;

/// A setting that could not be applied.
#[derive(Debug, Error, PartialEq)]
pub enum SettingError {
    /// No setting has this name.
    #[error("unknown setting `{name}` (known: {known})")]
    Unknown {
        /// The name given.
        name: String,
        /// Every valid name, comma-separated.
        known: String,
    },
    /// The value does not parse as the setting's type.
    #[error("setting `{name}`: `{value}` is not {expected}")]
    BadValue {
        /// The setting.
        name: String,
        /// The text given.
        value: String,
        /// What was expected.
        expected: &'static str,
    },
    /// The value parses but makes no sense (negative gravity, zero tick rate, …).
    #[error("setting `{name}` = {value}: {problem}")]
    OutOfRange {
        /// The setting.
        name: &'static str,
        /// The value.
        value: f64,
        /// What is wrong with it.
        problem: &'static str,
    },
}
