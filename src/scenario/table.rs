//! The report `voxwalk check` prints.

use std::fmt::Write;

use super::check_files::Outcome;
use super::runner::Verdict;
use crate::printable::{LineBreaks, terminal_safe};

/// A table of outcomes: scenario, result, ticks, milliseconds, and the first
/// failed check with what was expected and what happened. Ends with a summary.
#[must_use]
pub fn format_table(outcomes: &[Outcome]) -> String {
    // Names and messages come from files: one line each, nothing raw.
    let safe = |text: &str| terminal_safe(text, LineBreaks::Escape);
    let width = outcomes
        .iter()
        .map(|o| safe(&o.name).chars().count())
        .max()
        .unwrap_or(0)
        .max("scenario".len());
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<width$}  {:<7}  {:>6}  {:>8}  detail",
        "scenario", "result", "ticks", "ms"
    );
    for o in outcomes {
        let (result, detail) = match &o.verdict {
            Verdict::Passed => ("pass", String::new()),
            Verdict::Blessed => ("blessed", "golden trajectory written".into()),
            Verdict::Failed(f) => ("FAIL", safe(&f.to_string())),
            Verdict::Error(e) => ("ERROR", safe(&e.replace('\n', " "))),
        };
        let _ = writeln!(
            out,
            "{:<width$}  {result:<7}  {:>6}  {:>8.1}  {detail}",
            safe(&o.name),
            o.ticks,
            o.elapsed.as_secs_f64() * 1000.0
        );
    }
    let failed = outcomes.iter().filter(|o| !o.verdict.is_pass()).count();
    let total_ms: f64 = outcomes
        .iter()
        .map(|o| o.elapsed.as_secs_f64() * 1000.0)
        .sum();
    let _ = writeln!(
        out,
        "{} scenarios, {} passed, {failed} failed, {total_ms:.0} ms",
        outcomes.len(),
        outcomes.len() - failed
    );
    out
}
