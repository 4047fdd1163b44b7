//! Writing a world file in the format its extension names.

use std::path::{Path, PathBuf};

use thiserror::Error;

#[cfg(feature = "binary")]
use super::binary_format;
use super::text_format::{self, TextWriteError};
use super::write_atomically;
use crate::movers::Mover;
use crate::world::World;

/// Why a world could not be saved.
#[derive(Debug, Error)]
pub enum SaveError {
    /// The extension names no format this build writes.
    #[error("{path}: unknown extension (write `.vxw` for a text world or `.vxb` for a binary one)")]
    UnknownExtension {
        /// The file.
        path: PathBuf,
    },
    /// The world cannot be written as text.
    #[error("{path}: {source}")]
    Text {
        /// The file.
        path: PathBuf,
        /// Why.
        source: TextWriteError,
    },
    /// The world cannot be written as a binary world.
    #[cfg(feature = "binary")]
    #[error("{path}: {source}")]
    Binary {
        /// The file.
        path: PathBuf,
        /// Why.
        source: binary_format::BinaryWriteError,
    },
    /// The world has movers, which the format does not hold.
    #[error(
        "{path}: the world has {count} movers, which {format} does not hold; write a text world (.vxw) instead"
    )]
    HasMovers {
        /// The file.
        path: PathBuf,
        /// How many movers.
        count: usize,
        /// The format.
        format: &'static str,
    },
    /// Writing failed; any old file is untouched.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}

/// Saves `world` and the `movers` that start in it to `path` in the format
/// its extension names (`.vxw` text, which holds movers; `.vxb` binary,
/// which does not and refuses them), atomically: a crash mid-save leaves
/// the old file.
///
/// # Errors
/// [`SaveError`]; on any error the file at `path` is as it was.
pub fn save(world: &World, movers: &[Mover], path: &Path) -> Result<(), SaveError> {
    let bytes = match path.extension().and_then(|e| e.to_str()) {
        #[cfg(feature = "binary")]
        Some("vxb") if !movers.is_empty() => {
            return Err(SaveError::HasMovers {
                path: path.to_path_buf(),
                count: movers.len(),
                format: "a binary world",
            });
        }
        #[cfg(feature = "binary")]
        Some("vxb") => binary_format::encode(world).map_err(|source| SaveError::Binary {
            path: path.to_path_buf(),
            source,
        })?,
        Some("vxw") => text_format::to_text(world, movers)
            .map_err(|source| SaveError::Text {
                path: path.to_path_buf(),
                source,
            })?
            .into_bytes(),
        _ => {
            return Err(SaveError::UnknownExtension {
                path: path.to_path_buf(),
            });
        }
    };
    write_atomically(path, &bytes).map_err(|source| SaveError::Io {
        path: path.to_path_buf(),
        source,
    })
}
