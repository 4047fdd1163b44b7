//! What the controller takes at most, in one place. The limits of one kind
//! of thing sit on it: [`Body::MAX_SPEED`](super::Body::MAX_SPEED),
//! [`Ball::MAX_RADIUS`](super::Ball::MAX_RADIUS) and
//! [`SimulationState::MAX_BODIES`](super::SimulationState::MAX_BODIES) and
//! their kin.

/// The longest script accepted, in ticks: a day at 20 ticks per second, ten times over.
pub const MAX_SCRIPT_TICKS: u64 = 20 * 86_400 * 10;
