//! Names for movers that survive other movers coming and going.

/// A mover in a [`Movers`](super::Movers) set: it names the same mover until
/// that mover is removed, and is never given to another one (a reused slot
/// carries a new generation), as [`BodyHandle`](crate::controller::BodyHandle)
/// does for bodies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoverHandle {
    slot: u32,
    generation: u32,
}

impl MoverHandle {
    pub(crate) const fn new(slot: u32, generation: u32) -> Self {
        MoverHandle { slot, generation }
    }

    /// The slot this handle names: movers move in the order of their slots.
    #[must_use]
    pub const fn slot(self) -> u32 {
        self.slot
    }

    /// How many movers held this slot before this one.
    #[must_use]
    pub const fn generation(self) -> u32 {
        self.generation
    }
}

impl std::fmt::Display for MoverHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "mover {}", self.slot)?;
        if self.generation > 0 {
            write!(f, " (generation {})", self.generation)?;
        }
        Ok(())
    }
}
