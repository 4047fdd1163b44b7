//! `level.dat`: a save's name, spawn, game version and the player's last
//! place, read from (and written as) gzipped NBT.

use std::io::Read;

use flate2::Compression;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use glam::{DVec3, IVec3};
use serde::Serialize;

use crate::formats::import::{ImportError, nbt_guard};
use crate::formats::limits::MAX_LEVEL_DAT_BYTES;

/// What a save's `level.dat` says that a walk needs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LevelDat {
    /// The save's name (`LevelName`), as written: names from files are
    /// escaped when shown, never refused.
    pub name: String,
    /// The game's data version (`DataVersion`), which picks the block shapes.
    pub data_version: Option<i32>,
    /// The world spawn (`SpawnX`, `SpawnY`, `SpawnZ`).
    pub spawn: Option<IVec3>,
    /// Where the single player was when the game saved (`Player.Pos`).
    pub player: Option<DVec3>,
}

impl LevelDat {
    /// Reads `level.dat`'s bytes (gzipped NBT).
    ///
    /// # Errors
    /// [`ImportError`] for bytes that are not gzip, inflate past
    /// [`MAX_LEVEL_DAT_BYTES`], are not NBT or hold no `Data` compound.
    pub fn parse(bytes: &[u8]) -> Result<LevelDat, ImportError> {
        let mut nbt = Vec::new();
        GzDecoder::new(bytes)
            .take(MAX_LEVEL_DAT_BYTES + 1)
            .read_to_end(&mut nbt)
            .map_err(|e| ImportError::from(format!("level.dat: gzip: {e}")))?;
        if nbt.len() as u64 > MAX_LEVEL_DAT_BYTES {
            return Err(format!("level.dat inflates past {MAX_LEVEL_DAT_BYTES} bytes").into());
        }
        nbt_guard::check(&nbt)?;
        let root: fastnbt::Value = fastnbt::from_bytes(&nbt)
            .map_err(|e| ImportError::from(format!("level.dat: NBT: {e}")))?;
        let fastnbt::Value::Compound(mut root) = root else {
            return Err("level.dat: the root is not a compound".into());
        };
        let Some(fastnbt::Value::Compound(data)) = root.remove("Data") else {
            return Err("level.dat: no `Data` compound".into());
        };
        let int = |key: &str| match data.get(key) {
            Some(fastnbt::Value::Int(v)) => Some(*v),
            _ => None,
        };
        let name = match data.get("LevelName") {
            Some(fastnbt::Value::String(s)) => s.clone(),
            _ => String::new(),
        };
        let spawn = match (int("SpawnX"), int("SpawnY"), int("SpawnZ")) {
            (Some(x), Some(y), Some(z)) => Some(IVec3::new(x, y, z)),
            _ => None,
        };
        Ok(LevelDat {
            name,
            data_version: int("DataVersion"),
            spawn,
            player: player_position(data.get("Player")),
        })
    }

    /// The gzipped NBT of a `level.dat` saying this, with the fields a game
    /// needs to open the save as a flat, peaceful creative world.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        #[derive(Serialize)]
        #[serde(rename_all = "PascalCase")]
        #[allow(clippy::struct_field_names)] // the game's names
        struct Data<'a> {
            level_name: &'a str,
            data_version: i32,
            spawn_x: i32,
            spawn_y: i32,
            spawn_z: i32,
            version: Version<'a>,
            game_type: i32,
            difficulty: i8,
            allow_commands: i8,
            initialized: i8,
            #[serde(rename = "version")]
            storage_version: i32,
        }
        #[derive(Serialize)]
        #[serde(rename_all = "PascalCase")]
        struct Version<'a> {
            id: i32,
            name: &'a str,
            snapshot: i8,
        }
        #[derive(Serialize)]
        #[serde(rename_all = "PascalCase")]
        struct Root<'a> {
            data: Data<'a>,
        }
        let spawn = self.spawn.unwrap_or(IVec3::ZERO);
        let data_version = self.data_version.unwrap_or(EXPORT_DATA_VERSION);
        let root = Root {
            data: Data {
                level_name: &self.name,
                data_version,
                spawn_x: spawn.x,
                spawn_y: spawn.y,
                spawn_z: spawn.z,
                version: Version {
                    id: data_version,
                    name: EXPORT_GAME_VERSION,
                    snapshot: 0,
                },
                game_type: 1,
                difficulty: 0,
                allow_commands: 1,
                initialized: 1,
                // The Anvil format's storage version.
                storage_version: 19133,
            },
        };
        let nbt = fastnbt::to_bytes(&root).unwrap_or_default();
        let mut out = GzEncoder::new(Vec::new(), Compression::default());
        // Writing to a Vec cannot fail.
        let _ = std::io::Write::write_all(&mut out, &nbt);
        out.finish().unwrap_or_default()
    }
}

/// The data version written into exported saves and their chunks: Minecraft
/// 1.21.4's, whose block names and states the exporter writes.
pub const EXPORT_DATA_VERSION: i32 = 4189;
/// The game version [`EXPORT_DATA_VERSION`] is.
pub const EXPORT_GAME_VERSION: &str = "1.21.4";

fn player_position(player: Option<&fastnbt::Value>) -> Option<DVec3> {
    let Some(fastnbt::Value::Compound(player)) = player else {
        return None;
    };
    let Some(fastnbt::Value::List(pos)) = player.get("Pos") else {
        return None;
    };
    let v: Vec<f64> = pos
        .iter()
        .filter_map(|p| match p {
            fastnbt::Value::Double(d) => Some(*d),
            _ => None,
        })
        .collect();
    match v.as_slice() {
        [x, y, z] if x.is_finite() && y.is_finite() && z.is_finite() => {
            Some(DVec3::new(*x, *y, *z))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_level_dat_reads_back() {
        let level = LevelDat {
            name: "Course 🧗‍♀️".into(),
            data_version: Some(EXPORT_DATA_VERSION),
            spawn: Some(IVec3::new(10, 70, -4)),
            player: None,
        };
        assert_eq!(LevelDat::parse(&level.to_bytes()).unwrap(), level);
    }

    #[test]
    fn a_cut_level_dat_is_an_error() {
        let bytes = LevelDat::default().to_bytes();
        for cut in [0, 10, bytes.len() / 2, bytes.len() - 1] {
            assert!(LevelDat::parse(&bytes[..cut]).is_err(), "cut at {cut}");
        }
    }
}
