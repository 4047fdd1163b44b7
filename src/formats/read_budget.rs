//! How many bytes reading one file may make us hold.
//!
//! Counts say little about memory: 131,072 chunks are 600 MB when each holds
//! up to 256 types and twice that when it holds more; 65,000 block types are
//! kilobytes or hundreds of megabytes depending on their boxes and names. So
//! every reader keeps one figure, the bytes it holds (the file's own bytes,
//! what it inflated and not yet consumed, and everything built from them), and
//! asks the budget before each allocation that would grow it: it stops with an
//! error naming the budget and the place in the file, before the allocation,
//! instead of building until the process runs out of memory.

use thiserror::Error;

/// The bytes reading one file may hold.
///
/// The default, [`ReadBudget::DEFAULT_BYTES`], keeps a process reading the
/// largest file it accepts under 2 GB with room to spare; a server reading
/// untrusted files next to other work sets a smaller one.
///
/// ```
/// use voxwalk::formats::ReadBudget;
/// let budget = ReadBudget::new(1 << 20);
/// assert!(budget.check(1000, || "a chunk".into()).is_ok());
/// let refused = budget.check(2 << 20, || "chunk 7".into()).unwrap_err();
/// assert_eq!(refused.to_string(),
///     "chunk 7 would bring what reading this file holds to 2097152 bytes, \
///      over the read budget of 1048576 bytes");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadBudget {
    bytes: u64,
}

impl ReadBudget {
    /// 1 GiB: real worlds need a small part of it (a whole Minecraft region
    /// is tens of megabytes once read).
    pub const DEFAULT_BYTES: u64 = 1 << 30;

    /// A budget of `bytes`.
    #[must_use]
    pub const fn new(bytes: u64) -> Self {
        Self { bytes }
    }

    /// The bytes a read may hold.
    #[must_use]
    pub const fn bytes(self) -> u64 {
        self.bytes
    }

    /// Whether holding `held` bytes in all is within the budget; `what` names
    /// the part of the file that would make it so, for the error.
    ///
    /// # Errors
    /// [`OverBudget`] when `held` is more than the budget.
    pub fn check(self, held: u64, what: impl FnOnce() -> String) -> Result<(), OverBudget> {
        if held <= self.bytes {
            Ok(())
        } else {
            Err(OverBudget {
                what: what(),
                held,
                budget: self.bytes,
            })
        }
    }
}

impl Default for ReadBudget {
    fn default() -> Self {
        Self::new(Self::DEFAULT_BYTES)
    }
}

/// A read stopped before it held more than its budget.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error(
    "{what} would bring what reading this file holds to {held} bytes, over the read budget of {budget} bytes"
)]
pub struct OverBudget {
    /// The part of the file that asked for more (a chunk, a block type, a line).
    pub what: String,
    /// The bytes it would have held.
    pub held: u64,
    /// The budget.
    pub budget: u64,
}
