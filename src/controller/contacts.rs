//! What stopped a body on its last tick.

/// What a body touched during its tick: the blocks that stopped it.
///
/// A body that stands still on a floor touches it every tick (gravity presses
/// it down, the floor stops it), so `ground` is the grounded state after the
/// tick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::struct_excessive_bools)] // one flag per side a block can stop a body from
pub struct Contacts {
    /// Came down onto something (or climbed onto it).
    pub ground: bool,
    /// Rose into something.
    pub ceiling: bool,
    /// A wall stopped motion along x.
    pub wall_x: bool,
    /// A wall stopped motion along z.
    pub wall_z: bool,
}

impl Contacts {
    /// Whether a wall stopped it sideways, along either axis.
    #[must_use]
    pub fn wall(&self) -> bool {
        self.wall_x || self.wall_z
    }
}
