//! What a mover may hold and do at most, in one place: a mover beyond these
//! is refused with a [`MoverError`](super::MoverError) naming what.

/// The most blocks one mover may hold.
pub const MAX_MOVER_BLOCKS: usize = 65_536;

/// The widest a mover may be on any axis, in blocks: a body pushed or
/// carried by it is moved through the resolver, which takes boxes and
/// moves far smaller than a mover may be, but a query around a body must
/// still find a mover's boxes without visiting more than a few of them.
pub const MAX_MOVER_SPAN: i64 = 256;

/// The fastest a mover may travel, blocks per second: faster than anything a
/// game moves on purpose, slow enough that a tick's travel at the lowest tick
/// rate stays far inside what the resolver moves a body in one go.
pub const MAX_MOVER_SPEED: f64 = 1024.0;

/// The longest pause at a waypoint, seconds (eleven and a half days).
pub const MAX_PAUSE: f64 = 1e6;

/// The most waypoints a path may have.
pub const MAX_WAYPOINTS: usize = 4096;

/// The most mover slots (live or free) one simulation holds: far beyond a
/// level's lifts and doors, and what a saved state may hold
/// ([`SimulationState::MAX_MOVER_SLOTS`](crate::controller::SimulationState::MAX_MOVER_SLOTS)),
/// so every simulation's state can be restored.
pub const MAX_MOVER_SLOTS: usize = 1 << 16;
