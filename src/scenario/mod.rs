//! Scenario files: a world, bodies, inputs and expectations, run to pin
//! controller behaviour (`voxwalk check`, and `cargo test` over
//! `worlds/scenarios/`).
//!
//! `spec` reads a file into a [`Scenario`]; `runner` records its run as
//! [`Frame`]s and judges them against `expectation`s, a golden trajectory
//! (`trajectory`) and an optional mirror run; `table` prints the outcomes.

mod block_file;
mod checked_fields;
mod expectation;
mod runner;
mod spec;
mod table;
mod trajectory;

pub use expectation::{Always, Expectation, Failure};
pub use runner::{Outcome, Verdict, check_file, check_paths, discover, judge, record};
pub use spec::{Mirror, Scenario, ScenarioBody, ScenarioError};
pub use table::format_table;
pub use trajectory::{BallState, BodyState, Frame, compare_golden, event_kind, write_golden};
