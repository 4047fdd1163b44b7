//! Fixtures shared by the integration tests and the benchmarks: the one
//! door to them. A test declares `mod support;` and names what it uses
//! (`use support::terrain::bumpy_terrain;`); each test uses some of them,
//! so what the others leave unused is no warning.
#![allow(dead_code, unused_imports)]

#[cfg(all(feature = "import", feature = "generate"))]
pub mod big_save;
pub mod cases;
pub mod controls;
pub mod errands;
pub mod fences;
pub mod flowing_water;
pub mod minecraft_pool;
pub mod minecraft_reference;
pub mod minecraft_world;
pub mod motion_path;
pub mod move_invariants;
pub mod movement_figures;
pub mod parkour;
pub mod pit_and_tower;
pub mod realdata;
pub mod reference_resolver;
#[cfg(feature = "import")]
pub mod schematic;
pub mod source_files;
pub mod temp_dir;
pub mod terrain;
pub mod user_blocks;
pub mod vanilla_client;
pub mod vanilla_worlds;
pub mod vox;
pub mod walking;
pub mod wandering;
