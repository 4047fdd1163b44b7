//! Names for bodies that survive other bodies coming and going.

/// A body in a [`Simulation`](super::Simulation): it names the same body until
/// that body is removed, and is never given to another one, so a game can keep
/// it in its own entity beside a renderer's or a network's id.
///
/// Removing a body moves the last body into its place in
/// [`Simulation::bodies`](super::Simulation::bodies) (that order is for
/// iterating, not for naming); handles do not move.
///
/// ```
/// use voxwalk::glam::DVec3;
/// use voxwalk::controller::{Body, Settings, Simulation};
/// use voxwalk::world::World;
///
/// let mut sim = Simulation::new(World::new(), Settings::default()).unwrap();
/// let a = sim.add_body(Body::new(DVec3::new(0.5, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap());
/// let b = sim.add_body(Body::new(DVec3::new(5.5, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap());
/// assert!(sim.remove_body(a).is_some());
/// assert_eq!(sim.body(b).unwrap().feet().x, 5.5); // b is still b
/// assert!(sim.body(a).is_none());                  // a is gone for good
/// let c = sim.add_body(Body::new(DVec3::ZERO, Body::DEFAULT_SIZE).unwrap());
/// assert_ne!(c, a);                                // even where a's slot is reused
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BodyHandle {
    slot: u32,
    generation: u32,
}

impl BodyHandle {
    pub(crate) const fn new(slot: u32, generation: u32) -> Self {
        BodyHandle { slot, generation }
    }

    /// The slot this handle names; reused after a removal, with a new generation.
    #[must_use]
    pub const fn slot(self) -> u32 {
        self.slot
    }

    /// How many bodies held this slot before this one.
    #[must_use]
    pub const fn generation(self) -> u32 {
        self.generation
    }
}
