//! Scenario files: a world, bodies, inputs and expectations, run to pin
//! controller behaviour (`voxwalk check`, and `cargo test` over
//! `worlds/scenarios/`).
//!
//! `spec` reads a file into a [`Scenario`]; `runner` runs it a tick at a
//! time and judges each [`Frame`] as it comes against `expectation`s, a golden
//! trajectory (`trajectory`) and an optional mirror run, keeping no more than
//! the checks need, so the longest scenario runs in the memory of one tick;
//! `check_files` finds and judges the files of `voxwalk check`; `table`
//! prints the outcomes.

mod always;
mod block_file;
mod check_files;
mod checked_fields;
mod conversion;
mod expectation;
mod failure;
mod file;
mod goal_walk;
mod loading;
mod model_pin;
mod mover_file;
mod reading;
mod runner;
mod spec;
mod table;
mod trajectory;
mod world_stream;

pub use always::Always;
pub use check_files::{Outcome, check_file, check_file_within, check_paths, discover};
pub use expectation::{Expectation, ExpectationWatch};
pub use failure::{CheckKind, Failure, Subject};
pub use goal_walk::NAVIGATION_EVENTS;
pub use runner::{PROGRESS_EVERY, Verdict, failures, failures_unless_stopped, judge, record};
pub use spec::{Mirror, Scenario, ScenarioBody, ScenarioError};
pub use table::format_table;
pub use trajectory::{
    BallState, BodyState, Frame, GoldenComparison, GoldenError, GoldenWriter, compare_golden,
    write_golden,
};
pub use world_stream::WorldStream;
