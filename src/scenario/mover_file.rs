//! A scenario's `[[mover]]` tables: blocks that move along a path or at a
//! velocity.

use glam::{DVec3, IVec3};
use serde::Deserialize;

use crate::block::BlockRegistry;
use crate::movers::limits::MAX_MOVER_BLOCKS;
use crate::movers::{CrushRule, Drive, Mover, MoverError, Path, PathEnds, mover_block_bytes};

/// A `[[mover]]` table as written:
///
/// ```toml
/// [[mover]]
/// block = "stone"
/// fill = [[0, 0, 0], [2, 0, 2]]    # cells, both corners included, from `at`
/// at = [0, 0, 0]                   # where its origin starts
/// path = [[0, 0, 0], [0, 20, 0]]   # waypoints, offsets from `at`
/// speed = 4                        # blocks per second
/// pause = 1                        # seconds at each waypoint
/// ends = "ping-pong"               # or "once" (the default), "loop"
/// ```
///
/// or `velocity = [x, y, z]` instead of a path; `cells = [[x, y, z], …]`
/// as well as or instead of `fill`; `through_blocks = true` to pass
/// through the world's blocks; `on_crush = "report"` to report a crushed
/// body rather than only stop.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MoverFile {
    block: String,
    #[serde(default)]
    cells: Vec<[i32; 3]>,
    #[serde(default)]
    fill: Option<[[i32; 3]; 2]>,
    at: [f64; 3],
    #[serde(default)]
    path: Vec<[f64; 3]>,
    #[serde(default)]
    speed: Option<f64>,
    #[serde(default)]
    pause: f64,
    #[serde(default)]
    ends: PathEnds,
    #[serde(default)]
    velocity: Option<[f64; 3]>,
    #[serde(default)]
    through_blocks: bool,
    #[serde(default)]
    on_crush: CrushRule,
}

impl MoverFile {
    /// The bytes the mover this table asks for would hold, counted before
    /// it is built: each cell it lists or fills, at what a block of its type
    /// costs a mover; `None` when `block` names no type (the build says so).
    pub(super) fn bytes_claimed(&self, registry: &BlockRegistry) -> Option<u64> {
        let block = registry.id(&self.block)?;
        let filled = self.fill.map_or(0, |[a, b]| {
            let span = (IVec3::from_array(a).as_i64vec3() - IVec3::from_array(b).as_i64vec3())
                .abs()
                + glam::I64Vec3::ONE;
            span.x.saturating_mul(span.y).saturating_mul(span.z) as u64
        });
        let cells = (self.cells.len() as u64).saturating_add(filled);
        Some(cells.saturating_mul(mover_block_bytes(registry, block) as u64))
    }

    /// The mover this table describes, of `registry`'s blocks; the error
    /// says what is wrong, for the scenario to name the table.
    pub(super) fn mover(&self, registry: &BlockRegistry) -> Result<Mover, MoverFileError> {
        let block = registry
            .id(&self.block)
            .ok_or_else(|| MoverFileError::UnknownBlock(self.block.clone()))?;
        let mut cells: Vec<IVec3> = self.cells.iter().map(|&c| IVec3::from_array(c)).collect();
        if let Some([a, b]) = self.fill {
            let (lo, hi) = (
                IVec3::from_array(a).min(IVec3::from_array(b)),
                IVec3::from_array(a).max(IVec3::from_array(b)),
            );
            let span = (hi.as_i64vec3() - lo.as_i64vec3()) + glam::I64Vec3::ONE;
            let volume = span.x.saturating_mul(span.y).saturating_mul(span.z);
            if volume > MAX_MOVER_BLOCKS as i64 {
                return Err(MoverFileError::FillTooLarge { volume });
            }
            for x in lo.x..=hi.x {
                for y in lo.y..=hi.y {
                    for z in lo.z..=hi.z {
                        cells.push(IVec3::new(x, y, z));
                    }
                }
            }
        }
        let drive = match (&self.path[..], self.velocity) {
            ([], None) => Drive::Velocity(DVec3::ZERO),
            ([], Some(v)) => Drive::Velocity(DVec3::from_array(v)),
            (_, Some(_)) => return Err(MoverFileError::PathAndVelocity),
            (points, None) => {
                let speed = self.speed.ok_or(MoverFileError::PathWithoutSpeed)?;
                let points: Vec<DVec3> = points.iter().map(|&p| DVec3::from_array(p)).collect();
                Drive::Path(Path::straight(&points, speed, self.pause, self.ends)?)
            }
        };
        let mut mover = Mover::new(
            registry,
            cells.into_iter().map(|c| (c, block)),
            DVec3::from_array(self.at),
        )?
        .with_drive(drive);
        // A velocity out of range is refused here, not on the first tick.
        mover.validate(registry).map_err(MoverFileError::Velocity)?;
        mover.through_blocks = self.through_blocks;
        mover.on_crush = self.on_crush;
        Ok(mover)
    }
}

/// What is wrong with a `[[mover]]` table.
#[derive(Debug, thiserror::Error, PartialEq)]
pub(super) enum MoverFileError {
    /// `block` names no block type.
    #[error("no block type is called `{0}`")]
    UnknownBlock(String),
    /// `fill` spans more cells than a mover may hold.
    #[error("`fill` holds {volume} cells; a mover holds at most {MAX_MOVER_BLOCKS}")]
    FillTooLarge {
        /// The cells the box spans.
        volume: i64,
    },
    /// Both drives given.
    #[error("give a `path` or a `velocity`, not both")]
    PathAndVelocity,
    /// A path with no speed to follow it at.
    #[error("a `path` needs a `speed` (blocks per second)")]
    PathWithoutSpeed,
    /// The blocks or the path make no mover.
    #[error(transparent)]
    Mover(#[from] MoverError),
    /// A velocity out of range.
    #[error("`velocity`: {0}")]
    Velocity(MoverError),
}
