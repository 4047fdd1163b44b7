//! Worlds to and from files: the hand-editable text format, the compact
//! binary format, the importers of other tools' files, [`load`] (the one
//! door for reading a world: a file of any format, told apart by content,
//! or a generated one), [`decode`] (the same from bytes) and [`save`].
//! What a file holds comes back as [`Loaded`]: its blocks and the movers it
//! declares, together.
//!
//! Every reader holds at most a [`ReadBudget`] of bytes and counts what it
//! builds against the limits of [`limits`]; every error
//! names the place in the file. Builds on [`crate::world`],
//! [`crate::block`] and [`crate::movers`] (and `crate::generate` for `gen:`
//! names); nothing below imports it.

mod atomic_write;
#[cfg(feature = "binary")]
pub mod binary_format;
mod block_line;
#[cfg(feature = "import")]
pub mod import;
pub mod limits;
mod load;
mod loaded;
mod read_budget;
mod regular_file;
mod save;
#[cfg(feature = "import")]
pub mod save_folder;
pub mod text_format;

pub use atomic_write::write_atomically;
#[cfg(feature = "import")]
pub use import::map_block_state;
pub use load::{DecodeError, LoadError, decode, load};
#[cfg(feature = "generate")]
pub use load::{GENERATED_HI, GENERATED_LO, generator_named};
pub use loaded::{LoadOptions, Loaded, MoversLeftBehind};
pub use read_budget::{OverBudget, ReadBudget};
pub use regular_file::{read_regular_file, read_regular_text};
pub use save::{SaveError, save};
