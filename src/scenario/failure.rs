//! The first failure of a check: which check, at which tick, what it wanted
//! and what happened.

use std::fmt;

/// What a check looked at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subject {
    /// Body `n` (0 is the file's top-level body).
    Body(usize),
    /// Ball `n`.
    Ball(usize),
}

/// Which of a scenario's checks failed, so that a viewer can mark it without
/// reading the words meant for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckKind {
    /// A body overlapped a solid (checked for every body at every tick).
    InsideSolid {
        /// The body.
        body: usize,
    },
    /// An `[[always]]` rule.
    Always {
        /// Its place among the scenario's `[[always]]` tables, from 0.
        rule: usize,
        /// The body that broke it.
        body: usize,
    },
    /// An `[[expect]]` check.
    Expect {
        /// The body or ball it is about.
        subject: Subject,
    },
    /// The mirror run moved differently.
    Mirror {
        /// The body that differs.
        body: usize,
    },
    /// The golden trajectory differs.
    Golden,
}

/// The first check that did not hold.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// The tick where it failed.
    pub tick: u64,
    /// Which check it was.
    pub kind: CheckKind,
    /// What was checked, for people, e.g. `body 0 pos.x`.
    pub check: String,
    /// What the scenario expected.
    pub expected: String,
    /// What happened.
    pub actual: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "tick {}: {}: expected {}, got {}",
            self.tick, self.check, self.expected, self.actual
        )
    }
}
