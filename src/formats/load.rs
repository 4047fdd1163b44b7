//! Reading a world file of any known format, recognised by its content.

use std::path::{Path, PathBuf};

use thiserror::Error;

#[cfg(feature = "binary")]
use super::binary_format::{self, BinaryWorldError};
#[cfg(feature = "import")]
use super::import::{self, ImportError};
use super::text_format::{self, TextWorldError};
use super::{LoadOptions, Loaded, OverBudget, ReadBudget};
use crate::formats::limits::MAX_BINARY_WORLD_BYTES;
use crate::formats::limits::MAX_TEXT_WORLD_BYTES;
#[cfg(feature = "generate")]
use crate::generate::{Generator, Preset};

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
    #[cfg(feature = "binary")]
    #[error("{path}: {source}")]
    Binary {
        /// The file.
        path: PathBuf,
        /// What and where.
        source: BinaryWorldError,
    },
    /// A file of another tool's format that could not be imported.
    #[cfg(feature = "import")]
    #[error("{path}: {source}")]
    Import {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: ImportError,
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
        "{path}: not a world file this program reads (voxwalk text or binary, MagicaVoxel .vox, Sponge .schem, Minecraft .mca or chunk .nbt)"
    )]
    UnknownFormat {
        /// The file.
        path: PathBuf,
    },
    /// A format this build was made without (a Cargo feature left out).
    #[error("{what}: {format} needs voxwalk built with the `{feature}` feature")]
    NotBuiltIn {
        /// The file or world name.
        what: String,
        /// The format.
        format: &'static str,
        /// The Cargo feature that reads it.
        feature: &'static str,
    },
    /// The file alone is larger than the read budget.
    #[error("{path}: {source}")]
    OverBudget {
        /// The file.
        path: PathBuf,
        /// The budget and the size.
        source: OverBudget,
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

/// Reads a world: `gen:PRESET:SEED` generates one (256×96×256 cells, x and
/// z from −128, y from 0); anything else is a file, its format told by what
/// it holds (not by its extension): a text world (`voxwalk-world 1`), a
/// binary world (`VOXWALKB`), or another tool's file (`.vox`, `.schem`,
/// `.mca`, `.nbt`). The one door for reading worlds; [`decode`] reads bytes
/// already in memory.
///
/// ```
/// use voxwalk::formats::{LoadOptions, load};
/// let loaded = load("gen:course:1", LoadOptions::default()).unwrap();
/// assert!(loaded.world().spawn.is_some());
/// let bad = load("gen:volcano:1", LoadOptions::default()).unwrap_err();
/// assert!(bad.to_string().contains("unknown preset"));
/// ```
///
/// # Errors
/// [`LoadError`] naming the file and where in it the problem is; a file or
/// world over the budget is refused naming it, before the part that would
/// exceed it is built.
pub fn load(spec: impl AsRef<Path>, options: LoadOptions<'_>) -> Result<Loaded, LoadError> {
    let path = spec.as_ref();
    if let Some(rest) = path.to_str().and_then(|s| s.strip_prefix("gen:")) {
        return generated(path.to_str().unwrap_or_default(), rest);
    }
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
    options
        .budget
        .check(bytes, || "the file".into())
        .map_err(|source| LoadError::OverBudget {
            path: path.to_path_buf(),
            source,
        })?;
    let data = super::read_regular_file(path, limit.min(options.budget.bytes())).map_err(io)?;
    let name = path.file_name().and_then(|n| n.to_str());
    decode(&data, name, options).map_err(|kind| match kind {
        DecodeError::Text(source) => LoadError::Text {
            path: path.to_path_buf(),
            source,
        },
        #[cfg(feature = "binary")]
        DecodeError::Binary(source) => LoadError::Binary {
            path: path.to_path_buf(),
            source,
        },
        #[cfg(feature = "import")]
        DecodeError::Import(source) => LoadError::Import {
            path: path.to_path_buf(),
            source,
        },
        DecodeError::NotBuiltIn { format, feature } => LoadError::NotBuiltIn {
            what: path.display().to_string(),
            format,
            feature,
        },
        DecodeError::TooLarge { limit } => LoadError::TooLarge {
            path: path.to_path_buf(),
            bytes,
            limit,
        },
        DecodeError::Unknown => LoadError::UnknownFormat {
            path: path.to_path_buf(),
        },
    })
}

/// Why bytes did not decode as a world, before a path is attached.
#[derive(Debug)]
pub enum DecodeError {
    /// A text world with a mistake.
    Text(TextWorldError),
    /// A binary world with a problem.
    #[cfg(feature = "binary")]
    Binary(BinaryWorldError),
    /// Another tool's file that could not be imported.
    #[cfg(feature = "import")]
    Import(ImportError),
    /// A format this build was made without.
    NotBuiltIn {
        /// The format.
        format: &'static str,
        /// The Cargo feature that reads it.
        feature: &'static str,
    },
    /// Larger than its format allows.
    TooLarge {
        /// The format's limit.
        limit: u64,
    },
    /// No format this build reads.
    Unknown,
}

/// Decodes a world from the bytes of a file of any readable format, as
/// [`load`] reads a file; `file_name` is the file's name where there was one
/// (a region file's coordinates are in it).
///
/// ```
/// use voxwalk::formats::{LoadOptions, decode};
/// let text = b"voxwalk-world 1\nlayer 0\n|#|\nend\n";
/// let loaded = decode(text, None, LoadOptions::default()).unwrap();
/// assert_eq!(loaded.format(), "voxwalk text (.vxw)");
/// ```
///
/// # Errors
/// [`DecodeError`] saying which format it looked like and what is wrong.
pub fn decode(
    data: &[u8],
    file_name: Option<&str>,
    options: LoadOptions<'_>,
) -> Result<Loaded, DecodeError> {
    let LoadOptions { budget, progress } = options;
    let mut quiet = |_: usize, _: usize| {};
    let progress: &mut dyn FnMut(usize, usize) = match progress {
        Some(progress) => progress,
        None => &mut quiet,
    };
    if data.starts_with(BINARY_MAGIC) {
        #[cfg(feature = "binary")]
        return binary_format::decode_within(data, budget)
            .map(|w| Loaded::new(w, Vec::new(), "voxwalk binary (.vxb)".into(), Vec::new()))
            .map_err(DecodeError::Binary);
        #[cfg(not(feature = "binary"))]
        return Err(DecodeError::NotBuiltIn {
            format: "a voxwalk binary world",
            feature: "binary",
        });
    }
    if let Some(text) = std::str::from_utf8(data)
        .ok()
        .filter(|t| looks_like_text_world(t))
    {
        if data.len() as u64 > MAX_TEXT_WORLD_BYTES {
            return Err(DecodeError::TooLarge {
                limit: MAX_TEXT_WORLD_BYTES,
            });
        }
        let registry = std::sync::Arc::clone(crate::block::BlockRegistry::built_in());
        return text_format::parse_within(text, registry, budget)
            .map(|read| {
                Loaded::new(
                    read.world,
                    read.movers,
                    "voxwalk text (.vxw)".to_owned(),
                    read.warnings,
                )
            })
            .map_err(DecodeError::Text);
    }
    imported(data, file_name, budget, progress)
}

/// The first bytes of a binary world (`binary_format::MAGIC`), known without
/// the format, so a build without it can say what it was given.
const BINARY_MAGIC: &[u8; 8] = b"VOXWALKB";

#[cfg(feature = "import")]
fn imported(
    data: &[u8],
    file_name: Option<&str>,
    budget: ReadBudget,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Loaded, DecodeError> {
    if import::detect(data).is_none() {
        return Err(DecodeError::Unknown);
    }
    let (format, imported) =
        import::import(data, file_name, budget, progress).map_err(DecodeError::Import)?;
    Ok(Loaded::new(
        imported.world,
        Vec::new(),
        format.to_string(),
        imported.warnings.lines(),
    ))
}

/// Without the importers, another tool's file is named for what it is by its
/// first bytes alone.
#[cfg(not(feature = "import"))]
fn imported(
    data: &[u8],
    _file_name: Option<&str>,
    _budget: ReadBudget,
    _progress: &mut dyn FnMut(usize, usize),
) -> Result<Loaded, DecodeError> {
    let looks_imported = data.starts_with(b"VOX ")
        || data.starts_with(&[0x1f, 0x8b])
        || data.first() == Some(&10)
        || (data.len() >= 8192 && data.len().is_multiple_of(4096));
    if looks_imported {
        Err(DecodeError::NotBuiltIn {
            format: "another tool's world file (.vox, .schem, .mca, .nbt)",
            feature: "import",
        })
    } else {
        Err(DecodeError::Unknown)
    }
}

#[cfg(not(feature = "generate"))]
fn generated(spec: &str, _rest: &str) -> Result<Loaded, LoadError> {
    Err(LoadError::NotBuiltIn {
        what: spec.to_owned(),
        format: "a generated world",
        feature: "generate",
    })
}

#[cfg(feature = "generate")]
fn generated(spec: &str, rest: &str) -> Result<Loaded, LoadError> {
    let generator = generator_of(spec, rest)?;
    let (preset, seed) = (generator.preset(), generator.seed());
    Ok(Loaded::new(
        generator.region(GENERATED_LO, GENERATED_HI),
        Vec::new(),
        format!("generated ({preset}, seed {seed})"),
        Vec::new(),
    ))
}

/// The generator a `gen:PRESET:SEED` name means; `None` for another name.
///
/// ```
/// use voxwalk::formats::generator_named;
/// assert_eq!(generator_named("gen:hills:7").unwrap().unwrap().seed(), 7);
/// assert!(generator_named("worlds/seams.vxw").unwrap().is_none());
/// assert!(generator_named("gen:volcano:1").is_err());
/// ```
///
/// # Errors
/// [`LoadError::Generated`] for a `gen:` name that does not parse.
#[cfg(feature = "generate")]
pub fn generator_named(spec: &str) -> Result<Option<Generator>, LoadError> {
    spec.strip_prefix("gen:")
        .map(|rest| generator_of(spec, rest))
        .transpose()
}

#[cfg(feature = "generate")]
fn generator_of(spec: &str, rest: &str) -> Result<Generator, LoadError> {
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
    Ok(Generator::new(preset, seed))
}

/// The chunks a `gen:` world covers.
#[cfg(feature = "generate")]
pub const GENERATED_LO: glam::IVec3 = glam::IVec3::new(-8, 0, -8);
/// The last chunk a `gen:` world covers.
#[cfg(feature = "generate")]
pub const GENERATED_HI: glam::IVec3 = glam::IVec3::new(7, 5, 7);

/// Whether the first line that is neither blank nor a comment starts with the magic.
fn looks_like_text_world(text: &str) -> bool {
    text_format::without_byte_order_mark(text)
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l.starts_with(text_format::MAGIC))
}
