//! Reading a world file of any known format, recognised by its content.

use std::path::{Path, PathBuf};

use thiserror::Error;

use super::World;
use super::text_format::{self, TextWorldError};

/// Largest world file read whole into memory. Text worlds are meant to be edited by
/// hand; anything larger is almost surely not one.
pub const MAX_TEXT_WORLD_BYTES: u64 = 256 << 20;

/// Why a world file could not be loaded.
#[derive(Debug, Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is a text world with a mistake in it.
    #[error("{path}: {source}")]
    Text {
        /// The file.
        path: PathBuf,
        /// Where and what.
        source: TextWorldError,
    },
    /// The content is no world format this build reads.
    #[error(
        "{path}: not a world file this program reads (a text world starts with `voxwalk-world 1`)"
    )]
    UnknownFormat {
        /// The file.
        path: PathBuf,
    },
    /// The file is larger than any world of its format should be.
    #[error("{path}: {bytes} bytes is larger than the {limit}-byte limit for this format")]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size.
        bytes: u64,
        /// The limit.
        limit: u64,
    },
}

/// Loads the world at `path`, choosing the format by what the file holds.
///
/// # Errors
/// [`LoadError`] naming the file and, for text worlds, the line and column.
pub fn load(path: &Path) -> Result<World, LoadError> {
    let io = |source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let bytes = std::fs::metadata(path).map_err(io)?.len();
    if bytes > MAX_TEXT_WORLD_BYTES {
        let limit = MAX_TEXT_WORLD_BYTES;
        return Err(LoadError::TooLarge {
            path: path.to_path_buf(),
            bytes,
            limit,
        });
    }
    let data = std::fs::read(path).map_err(io)?;
    let text = std::str::from_utf8(&data)
        .ok()
        .filter(|t| looks_like_text_world(t));
    let Some(text) = text else {
        return Err(LoadError::UnknownFormat {
            path: path.to_path_buf(),
        });
    };
    text_format::parse(text).map_err(|source| LoadError::Text {
        path: path.to_path_buf(),
        source,
    })
}

/// Whether the first line that is neither blank nor a comment starts with the magic.
fn looks_like_text_world(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l.starts_with(text_format::MAGIC))
}
