//! Minecraft save folders: a world as the game keeps it (`level.dat`,
//! `region/r.X.Z.mca` by the hundred, the other dimensions beside them),
//! opened a chunk column at a time ([`SaveFolder`]) for a world that streams
//! around its bodies, and written a region at a time ([`SaveWriter`]), so a
//! generated course opens in the game.

mod export;
mod folder;
mod level_dat;

pub use export::{EXPORT_SECTIONS, ExportError, SaveWriter, export_world};
pub use folder::{Dimension, FolderError, MAX_REGION_FILES, SaveFolder};
pub use level_dat::{EXPORT_DATA_VERSION, EXPORT_GAME_VERSION, LevelDat, MAX_LEVEL_DAT_BYTES};
