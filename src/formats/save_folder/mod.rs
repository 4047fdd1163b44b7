//! Minecraft save folders: a world as the game keeps it (`level.dat`,
//! `region/r.X.Z.mca` by the hundred, the other dimensions beside them),
//! opened a chunk column at a time ([`SaveFolder`]) for a world that streams
//! around its bodies, and written a region at a time ([`SaveWriter`]), so a
//! generated course opens in the game.

mod export;
pub(super) mod folder;
pub(super) mod level_dat;

pub use export::{EXPORT_SECTIONS, ExportError, SaveWriter, export_world};
pub use folder::{Dimension, FolderError, SaveFolder};
pub use level_dat::{EXPORT_DATA_VERSION, EXPORT_GAME_VERSION, LevelDat};
