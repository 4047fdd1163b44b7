//! Reading a world file of any known format, recognised by its content.

use std::path::{Path, PathBuf};

use thiserror::Error;

use super::binary_format::{self, BinaryWorldError};
use super::text_format::{self, TextWorldError, TextWriteError};
use super::{Generator, Preset, World};

/// Largest world file read whole into memory. Text worlds are meant to be edited by
/// hand; anything larger is almost surely not one.
pub const MAX_TEXT_WORLD_BYTES: u64 = 256 << 20;
/// Largest binary world file read (its payload is limited separately).
pub const MAX_BINARY_WORLD_BYTES: u64 = 1 << 30;

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
    /// The file is a binary world with a problem.
    #[error("{path}: {source}")]
    Binary {
        /// The file.
        path: PathBuf,
        /// What and where.
        source: BinaryWorldError,
    },
    /// A `gen:PRESET:SEED` world name that does not parse.
    #[error("{spec}: {problem}")]
    Generated {
        /// What was given.
        spec: String,
        /// What is wrong.
        problem: String,
    },
    /// The content is no world format this build reads.
    #[error(
        "{path}: not a world file this program reads (a text world starts with `voxwalk-world 1`, a binary one with `VOXWALKB`)"
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

/// Loads the world at `path`, choosing the format by what the file holds (not
/// by its extension): a text world (`voxwalk-world 1`) or a binary world
/// (`VOXWALKB`).
///
/// # Errors
/// [`LoadError`] naming the file and where in it the problem is.
pub fn load(path: &Path) -> Result<World, LoadError> {
    let io = |source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let bytes = std::fs::metadata(path).map_err(io)?.len();
    let limit = MAX_TEXT_WORLD_BYTES.max(MAX_BINARY_WORLD_BYTES);
    if bytes > limit {
        return Err(LoadError::TooLarge {
            path: path.to_path_buf(),
            bytes,
            limit,
        });
    }
    let data = std::fs::read(path).map_err(io)?;
    decode_any(&data).map_err(|kind| match kind {
        Decoded::Text(source) => LoadError::Text {
            path: path.to_path_buf(),
            source,
        },
        Decoded::Binary(source) => LoadError::Binary {
            path: path.to_path_buf(),
            source,
        },
        Decoded::TooLarge { limit } => LoadError::TooLarge {
            path: path.to_path_buf(),
            bytes,
            limit,
        },
        Decoded::Unknown => LoadError::UnknownFormat {
            path: path.to_path_buf(),
        },
    })
}

/// Why bytes did not decode, before a path is attached.
#[derive(Debug)]
pub enum Decoded {
    /// A text world with a mistake.
    Text(TextWorldError),
    /// A binary world with a problem.
    Binary(BinaryWorldError),
    /// Larger than its format allows.
    TooLarge {
        /// The format's limit.
        limit: u64,
    },
    /// No format this build reads.
    Unknown,
}

/// Decodes a world from the bytes of a file of any readable format.
///
/// # Errors
/// [`Decoded`] saying which format it looked like and what is wrong.
pub fn decode_any(data: &[u8]) -> Result<World, Decoded> {
    if data.starts_with(binary_format::MAGIC) {
        return binary_format::decode(data).map_err(Decoded::Binary);
    }
    let text = std::str::from_utf8(data)
        .ok()
        .filter(|t| looks_like_text_world(t));
    let Some(text) = text else {
        return Err(Decoded::Unknown);
    };
    if data.len() as u64 > MAX_TEXT_WORLD_BYTES {
        return Err(Decoded::TooLarge {
            limit: MAX_TEXT_WORLD_BYTES,
        });
    }
    text_format::parse(text).map_err(Decoded::Text)
}

/// Opens a world by name: `gen:PRESET:SEED` generates one (256×96×256 cells,
/// x and z from −128, y from 0), anything else is a file for [`load`].
///
/// ```
/// use voxwalk::world::open;
/// let world = open("gen:course:1").unwrap();
/// assert!(world.spawn.is_some());
/// assert!(open("gen:volcano:1").unwrap_err().to_string().contains("unknown preset"));
/// ```
///
/// # Errors
/// [`LoadError`] for a bad `gen:` name or a file that does not load.
pub fn open(spec: &str) -> Result<World, LoadError> {
    let Some(rest) = spec.strip_prefix("gen:") else {
        return load(Path::new(spec));
    };
    let bad = |problem: String| LoadError::Generated {
        spec: spec.to_owned(),
        problem,
    };
    let (preset, seed) = rest
        .split_once(':')
        .ok_or_else(|| bad("expected gen:PRESET:SEED, e.g. gen:hills:42".into()))?;
    let preset: Preset = preset.parse().map_err(bad)?;
    let seed: u64 = seed.parse().map_err(|_| {
        bad(format!(
            "seed `{seed}` is not a whole number from 0 to 2^64 - 1"
        ))
    })?;
    Ok(Generator::new(preset, seed).region(GENERATED_LO, GENERATED_HI))
}

/// The chunks a `gen:` world covers.
pub const GENERATED_LO: glam::IVec3 = glam::IVec3::new(-8, 0, -8);
/// The last chunk a `gen:` world covers.
pub const GENERATED_HI: glam::IVec3 = glam::IVec3::new(7, 5, 7);

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
    /// Writing failed; any old file is untouched.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}

/// Saves `world` to `path` in the format its extension names (`.vxw` text,
/// `.vxb` binary), atomically: a crash mid-save leaves the old file.
///
/// # Errors
/// [`SaveError`]; on any error the file at `path` is as it was.
pub fn save(world: &World, path: &Path) -> Result<(), SaveError> {
    let bytes = match path.extension().and_then(|e| e.to_str()) {
        Some("vxb") => binary_format::encode(world),
        Some("vxw") => text_format::to_text(world)
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
    binary_format::write_atomically(path, &bytes).map_err(|source| SaveError::Io {
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
