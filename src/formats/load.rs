//! Reading a world file of any known format, recognised by its content.

use std::path::{Path, PathBuf};

use thiserror::Error;

#[cfg(feature = "binary")]
use super::binary_format::{self, BinaryWorldError};
#[cfg(feature = "import")]
use super::import::{self, ImportError};
use super::text_format::{self, TextWorldError, TextWriteError};
use super::{OverBudget, ReadBudget, write_atomically};
#[cfg(feature = "generate")]
use crate::generate::{Generator, Preset};
use crate::world::World;

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

/// Loads the world at `path`, choosing the format by what the file holds (not
/// by its extension): a text world (`voxwalk-world 1`), a binary world
/// (`VOXWALKB`), or another tool's file (`.vox`, `.schem`, `.mca`, `.nbt`).
/// Importers' warnings are dropped; [`load_detailed`] keeps them.
///
/// # Errors
/// [`LoadError`] naming the file and where in it the problem is.
pub fn load(path: &Path) -> Result<World, LoadError> {
    load_detailed(path, ReadBudget::default(), &mut |_, _| {}).map(|l| l.world)
}

/// A loaded world with what is known about where it came from.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The world.
    pub world: World,
    /// The format it was read from, for people.
    pub format: String,
    /// What an importer could not carry over, one line each.
    pub warnings: Vec<String>,
}

/// [`load`], keeping the format and the readers' warnings, holding at most
/// `budget` bytes while it reads (the file, what it inflates, the world);
/// `progress` hears `(done, total)` while a large region is read.
///
/// # Errors
/// As [`load`]; a file or world over the budget is refused naming it, before
/// the part that would exceed it is built.
pub fn load_detailed(
    path: &Path,
    budget: ReadBudget,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Loaded, LoadError> {
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
    budget
        .check(bytes, || "the file".into())
        .map_err(|source| LoadError::OverBudget {
            path: path.to_path_buf(),
            source,
        })?;
    let data = super::read_regular_file(path, limit.min(budget.bytes())).map_err(io)?;
    let name = path.file_name().and_then(|n| n.to_str());
    decode_named(&data, name, budget, progress).map_err(|kind| match kind {
        Decoded::Text(source) => LoadError::Text {
            path: path.to_path_buf(),
            source,
        },
        #[cfg(feature = "binary")]
        Decoded::Binary(source) => LoadError::Binary {
            path: path.to_path_buf(),
            source,
        },
        #[cfg(feature = "import")]
        Decoded::Import(source) => LoadError::Import {
            path: path.to_path_buf(),
            source,
        },
        Decoded::NotBuiltIn { format, feature } => LoadError::NotBuiltIn {
            what: path.display().to_string(),
            format,
            feature,
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

/// Decodes a world from the bytes of a file of any readable format.
///
/// # Errors
/// [`Decoded`] saying which format it looked like and what is wrong.
pub fn decode_any(data: &[u8]) -> Result<World, Decoded> {
    decode_named(data, None, ReadBudget::default(), &mut |_, _| {}).map(|l| l.world)
}

/// [`decode_any`] with the file's name (a region file's coordinates are in it),
/// a budget for what the read may hold and a progress callback, keeping the
/// format and warnings.
///
/// # Errors
/// As [`decode_any`].
pub fn decode_named(
    data: &[u8],
    file_name: Option<&str>,
    budget: ReadBudget,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Loaded, Decoded> {
    let plain = |world, format: &str| Loaded {
        world,
        format: format.to_owned(),
        warnings: Vec::new(),
    };
    if data.starts_with(BINARY_MAGIC) {
        #[cfg(feature = "binary")]
        return binary_format::decode_within(data, budget)
            .map(|w| plain(w, "voxwalk binary (.vxb)"))
            .map_err(Decoded::Binary);
        #[cfg(not(feature = "binary"))]
        return Err(Decoded::NotBuiltIn {
            format: "a voxwalk binary world",
            feature: "binary",
        });
    }
    if let Some(text) = std::str::from_utf8(data)
        .ok()
        .filter(|t| looks_like_text_world(t))
    {
        if data.len() as u64 > MAX_TEXT_WORLD_BYTES {
            return Err(Decoded::TooLarge {
                limit: MAX_TEXT_WORLD_BYTES,
            });
        }
        let registry = std::sync::Arc::clone(crate::world::BlockRegistry::built_in());
        return text_format::parse_within(text, registry, budget)
            .map(|read| Loaded {
                warnings: read.warnings,
                ..plain(read.world, "voxwalk text (.vxw)")
            })
            .map_err(Decoded::Text);
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
) -> Result<Loaded, Decoded> {
    if import::detect(data).is_none() {
        return Err(Decoded::Unknown);
    }
    let (format, imported) =
        import::import(data, file_name, budget, progress).map_err(Decoded::Import)?;
    Ok(Loaded {
        world: imported.world,
        format: format.to_string(),
        warnings: imported.warnings.lines(),
    })
}

/// Without the importers, another tool's file is named for what it is by its
/// first bytes alone.
#[cfg(not(feature = "import"))]
fn imported(
    data: &[u8],
    _file_name: Option<&str>,
    _budget: ReadBudget,
    _progress: &mut dyn FnMut(usize, usize),
) -> Result<Loaded, Decoded> {
    let looks_imported = data.starts_with(b"VOX ")
        || data.starts_with(&[0x1f, 0x8b])
        || data.first() == Some(&10)
        || (data.len() >= 8192 && data.len().is_multiple_of(4096));
    if looks_imported {
        Err(Decoded::NotBuiltIn {
            format: "another tool's world file (.vox, .schem, .mca, .nbt)",
            feature: "import",
        })
    } else {
        Err(Decoded::Unknown)
    }
}

/// Opens a world by name: `gen:PRESET:SEED` generates one (256×96×256 cells,
/// x and z from −128, y from 0), anything else is a file for [`load`].
///
/// ```
/// use voxwalk::formats::open;
/// let world = open("gen:course:1").unwrap();
/// assert!(world.spawn.is_some());
/// assert!(open("gen:volcano:1").unwrap_err().to_string().contains("unknown preset"));
/// ```
///
/// # Errors
/// [`LoadError`] for a bad `gen:` name or a file that does not load.
pub fn open(spec: &str) -> Result<World, LoadError> {
    open_detailed(spec, ReadBudget::default(), &mut |_, _| {}).map(|l| l.world)
}

/// [`open`], keeping the format and the importers' warnings.
///
/// # Errors
/// As [`open`].
pub fn open_detailed(
    spec: &str,
    budget: ReadBudget,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Loaded, LoadError> {
    let Some(rest) = spec.strip_prefix("gen:") else {
        return load_detailed(Path::new(spec), budget, progress);
    };
    generated(spec, rest)
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
    Ok(Loaded {
        world: generator.region(GENERATED_LO, GENERATED_HI),
        format: format!("generated ({preset}, seed {seed})"),
        warnings: Vec::new(),
    })
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
        #[cfg(feature = "binary")]
        Some("vxb") => binary_format::encode(world).map_err(|source| SaveError::Binary {
            path: path.to_path_buf(),
            source,
        })?,
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
    write_atomically(path, &bytes).map_err(|source| SaveError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Whether the first line that is neither blank nor a comment starts with the magic.
fn looks_like_text_world(text: &str) -> bool {
    text_format::without_byte_order_mark(text)
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l.starts_with(text_format::MAGIC))
}
