//! Worlds too large to hold: chunk columns loaded around the bodies from a
//! [`ChunkSource`] (a Minecraft save's regions, a terrain generator) before
//! each tick and dropped when far, within a budget of bytes.
//!
//! The tick itself reads a plain [`BlockSource`](crate::world::BlockSource):
//! loading happens in [`StreamingWorld::prepare`]
//! ([`Simulation::stream`](crate::controller::Simulation::stream)), never
//! inside the resolver.

mod chunk_source;
mod simulation_stream;
mod sources;
mod streamer;
mod streaming_world;

pub use chunk_source::ChunkSource;
pub use simulation_stream::reach_of;
pub use streamer::Streamer;
pub use streaming_world::{Prepared, StreamError, StreamSettings, StreamStats, StreamingWorld};
