//! Fixtures shared by the integration tests and the benchmarks.

pub mod minecraft_reference;
pub mod motion_path;
pub mod move_invariants;
pub mod reference_resolver;
pub mod terrain;
pub mod vanilla_client;
pub mod vanilla_worlds;
pub mod wandering;
