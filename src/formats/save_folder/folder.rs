//! A Minecraft save folder opened for reading: its `level.dat`, and which
//! region files of a dimension there are, each checked before it is trusted.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use glam::{DVec3, IVec2};

use super::level_dat::LevelDat;
use crate::formats::import::anvil::{
    DecodedColumn, RegionEntry, chunk_nbt, decode_column, region_entries,
};
use crate::formats::import::{ImportError, Warnings};
use crate::formats::limits::MAX_REGION_FILES;
use crate::formats::read_regular_file;
use crate::formats::text_format::MAX_CELL_COORDINATE;

const SECTOR: u64 = 4096;

/// One of a save's dimensions, each a folder of regions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Dimension {
    /// `region/`.
    #[default]
    Overworld,
    /// `DIM-1/region/`.
    Nether,
    /// `DIM1/region/`.
    End,
}

impl Dimension {
    /// The dimension's folder of regions, relative to the save.
    #[must_use]
    pub fn region_folder(self) -> &'static str {
        match self {
            Dimension::Overworld => "region",
            Dimension::Nether => "DIM-1/region",
            Dimension::End => "DIM1/region",
        }
    }

    /// Whether the dimension's type is ultra-warm (the Nether's): its lava
    /// pushes harder ([`Liquid::ULTRA_WARM_LAVA_PUSH`]), and the importer
    /// gives its lava that `liquid_push`.
    ///
    /// [`Liquid::ULTRA_WARM_LAVA_PUSH`]: crate::block::Liquid::ULTRA_WARM_LAVA_PUSH
    #[must_use]
    pub fn is_ultra_warm(self) -> bool {
        self == Dimension::Nether
    }

    /// The dimension a name (`overworld`, `nether`, `end`) means.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Dimension> {
        match name {
            "overworld" => Some(Dimension::Overworld),
            "nether" | "the_nether" => Some(Dimension::Nether),
            "end" | "the_end" => Some(Dimension::End),
            _ => None,
        }
    }
}

/// Why a folder cannot be opened as a save.
#[derive(Debug, thiserror::Error)]
pub enum FolderError {
    /// The folder, or its dimension's region folder, cannot be listed.
    #[error("{path}: {source}")]
    Io {
        /// The path.
        path: PathBuf,
        /// What the file system said.
        source: io::Error,
    },
    /// Neither a `level.dat` nor a region folder: not a save.
    #[error("{path}: not a Minecraft save folder (no level.dat, no {regions}/)")]
    NotASave {
        /// The folder.
        path: PathBuf,
        /// The region folder looked for.
        regions: &'static str,
    },
    /// More region files than [`MAX_REGION_FILES`].
    #[error("{path}: more than {MAX_REGION_FILES} region files")]
    TooManyRegions {
        /// The region folder.
        path: PathBuf,
    },
}

/// A save folder's dimension, ready to read chunk columns from.
#[derive(Debug)]
pub struct SaveFolder {
    path: PathBuf,
    dimension: Dimension,
    /// What `level.dat` says, when it could be read.
    pub level: Option<LevelDat>,
    /// Each region's file.
    regions: BTreeMap<(i32, i32), PathBuf>,
    /// What was skipped, and why.
    pub warnings: Warnings,
}

impl SaveFolder {
    /// Opens `dimension` of the save at `path`: reads `level.dat` (a
    /// missing or unreadable one is a warning) and lists the region files,
    /// skipping with a warning each that is misnamed, not a regular file
    /// (a directory, a symlink loop) or shorter than its header; empty ones
    /// (the game leaves them) are counted in one warning.
    ///
    /// # Errors
    /// [`FolderError`] when the folder cannot be listed or is no save.
    pub fn open(path: &Path, dimension: Dimension) -> Result<SaveFolder, FolderError> {
        let mut warnings = Warnings::default();
        let level_path = path.join("level.dat");
        let level =
            match read_regular_file(&level_path, crate::formats::limits::MAX_LEVEL_DAT_BYTES) {
                Ok(bytes) => match LevelDat::parse(&bytes) {
                    Ok(level) => Some(level),
                    Err(e) => {
                        warnings.note(format!("level.dat skipped: {e}"));
                        None
                    }
                },
                Err(e) if e.kind() == io::ErrorKind::NotFound => None,
                Err(e) => {
                    warnings.note(format!("level.dat skipped: {e}"));
                    None
                }
            };
        let folder = path.join(dimension.region_folder());
        let listing = match std::fs::read_dir(&folder) {
            Ok(listing) => Some(listing),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(source) => {
                return Err(FolderError::Io {
                    path: folder,
                    source,
                });
            }
        };
        let Some(listing) = listing else {
            if level.is_none() && !level_path.exists() {
                return Err(FolderError::NotASave {
                    path: path.to_path_buf(),
                    regions: dimension.region_folder(),
                });
            }
            warnings.note(format!(
                "no {}/ folder: the dimension is empty",
                dimension.region_folder()
            ));
            return Ok(SaveFolder {
                path: path.to_path_buf(),
                dimension,
                level,
                regions: BTreeMap::new(),
                warnings,
            });
        };
        let regions = list_regions(&folder, listing, &mut warnings)?;
        Ok(SaveFolder {
            path: path.to_path_buf(),
            dimension,
            level,
            regions,
            warnings,
        })
    }

    /// The save's folder.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The dimension read.
    #[must_use]
    pub fn dimension(&self) -> Dimension {
        self.dimension
    }

    /// The regions there are, in order.
    pub fn regions(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        self.regions.keys().copied()
    }

    /// Where a body starts: the player's last place, else the world spawn
    /// (the middle of its block), else above the origin.
    #[must_use]
    pub fn spawn(&self) -> DVec3 {
        let level = self.level.as_ref();
        level
            .and_then(|l| l.player)
            .or_else(|| {
                level
                    .and_then(|l| l.spawn)
                    .map(|s| s.as_dvec3() + DVec3::new(0.5, 0.0, 0.5))
            })
            .unwrap_or(DVec3::new(0.5, 100.0, 0.5))
    }

    /// The save's name, or the folder's.
    #[must_use]
    pub fn name(&self) -> String {
        match &self.level {
            Some(level) if !level.name.is_empty() => level.name.clone(),
            _ => self
                .path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
        }
    }

    /// Reads chunk column `column` (chunk x, z) out of its region file: the
    /// header's entry, then that chunk's sectors only. `None` for a column
    /// no region holds.
    ///
    /// # Errors
    /// [`ImportError`] naming the region and chunk for a file that cannot be
    /// read or a chunk that is not one (the import's limits hold per chunk).
    pub fn read_column(&self, column: IVec2) -> Result<Option<DecodedColumn>, ImportError> {
        let region = (column.x.div_euclid(32), column.y.div_euclid(32));
        let Some(path) = self.regions.get(&region) else {
            return Ok(None);
        };
        let (cx, cz) = (column.x.rem_euclid(32), column.y.rem_euclid(32));
        let place = || format!("r.{}.{}.mca, chunk ({cx}, {cz})", region.0, region.1);
        let io_error = |e: io::Error| ImportError::from(format!("{}: {e}", place()));
        let mut file = File::open(path).map_err(io_error)?;
        let length = file.metadata().map_err(io_error)?.len();
        // The whole header, read as a region read whole reads it: an entry
        // whose sectors overlap an earlier one's is skipped either way.
        let mut header = vec![0u8; SECTOR as usize];
        file.read_exact(&mut header).map_err(io_error)?;
        let index = (cx + cz * 32) as usize;
        let (offset, sectors) = match region_entries(&header, (length / SECTOR) as usize)[index] {
            RegionEntry::Absent => return Ok(None),
            RegionEntry::At { offset, sectors } => (offset as u64, sectors as u64),
            overlapping @ RegionEntry::Overlapping { .. } => {
                return Err(format!("{}: {}", place(), overlapping.overlap_problem()).into());
            }
        };
        let start = offset * SECTOR;
        if start >= length {
            return Err(format!("{}: it lies past the end of the file", place()).into());
        }
        let mut bytes = vec![0u8; ((sectors.max(1) * SECTOR).min(length - start)) as usize];
        file.seek(SeekFrom::Start(start)).map_err(io_error)?;
        file.read_exact(&mut bytes).map_err(io_error)?;
        let nbt =
            chunk_nbt(&bytes, 0).map_err(|e| ImportError::from(format!("{}: {e}", place())))?;
        decode_column(&nbt)
            .map(Some)
            .map_err(|e| ImportError::from(format!("{}: {e}", place())))
    }
}

/// The region files of a listing by their coordinates, each checked.
fn list_regions(
    folder: &Path,
    listing: std::fs::ReadDir,
    warnings: &mut Warnings,
) -> Result<BTreeMap<(i32, i32), PathBuf>, FolderError> {
    let mut regions = BTreeMap::new();
    let mut empty = 0usize;
    for entry in listing {
        let entry = entry.map_err(|source| FolderError::Io {
            path: folder.to_path_buf(),
            source,
        })?;
        let name = entry.file_name().to_string_lossy().into_owned();
        // The game writes `.mca` in lower case; other names are not its.
        if !std::path::Path::new(&name)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("mca"))
        {
            continue;
        }
        let Some(coordinates) = strict_region_name(&name) else {
            warnings.note(format!("{name} skipped: not named r.X.Z.mca"));
            continue;
        };
        if !region_within_reach(coordinates) {
            warnings.note(format!(
                "{name} skipped: its blocks lie beyond {MAX_CELL_COORDINATE}, where no cell can be"
            ));
            continue;
        }
        let path = entry.path();
        // Follows a symlink; a loop or a dangling one is an error here.
        match std::fs::metadata(&path) {
            Err(e) => warnings.note(format!("{name} skipped: {e}")),
            Ok(m) if !m.is_file() => warnings.note(format!("{name} skipped: not a regular file")),
            Ok(m) if m.len() == 0 => empty += 1,
            Ok(m) if m.len() < 2 * SECTOR => warnings.note(format!(
                "{name} skipped: {} bytes, shorter than a region's header",
                m.len()
            )),
            Ok(_) => {
                if regions.len() == MAX_REGION_FILES {
                    return Err(FolderError::TooManyRegions {
                        path: folder.to_path_buf(),
                    });
                }
                regions.insert(coordinates, path);
            }
        }
    }
    if empty > 0 {
        warnings.note(format!("{empty} empty region files skipped"));
    }
    Ok(regions)
}

/// Whether every block of region `(x, z)` lies within the cells a world
/// file may name ([`MAX_CELL_COORDINATE`]): a name at the integer limits
/// (`r.2147483647.0.mca`) names blocks no `i32` cell can hold.
fn region_within_reach((x, z): (i32, i32)) -> bool {
    let edge = |r: i32| {
        (i64::from(r) * 512)
            .abs()
            .max((i64::from(r) * 512 + 511).abs())
    };
    edge(x).max(edge(z)) <= i64::from(MAX_CELL_COORDINATE)
}

/// The coordinates of a file named exactly `r.X.Z.mca`, as the game names them.
fn strict_region_name(name: &str) -> Option<(i32, i32)> {
    let middle = name.strip_prefix("r.")?.strip_suffix(".mca")?;
    let (x, z) = middle.split_once('.')?;
    Some((x.parse().ok()?, z.parse().ok()?))
}
