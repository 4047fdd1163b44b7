//! The obstacle course: one lane along +x past everything the controller must
//! handle, on an endless flat floor.
//!
//! The lane runs over z ∈ [4, 12) between brick walls at z = 3 and z = 12,
//! with the floor's top at y = 1 (bodies stand at y = 1):
//!
//! | x | obstacle |
//! |---|---|
//! | 6 | a row of slabs: step up without a jump |
//! | 10–14 | stairs of slabs up to a two-high wall top, then a drop |
//! | 18 | posts every two blocks: walk between, never over |
//! | 22–30 | a one-wide corridor at z = 8 |
//! | 34–35 | a gap two blocks wide over a pit three deep |
//! | 40–46 | a ceiling two blocks above the floor |
//! | 48–55 | slab steps up onto a platform three high, ending at a ledge |

use glam::{DVec3, IVec3};

use super::cell;
use crate::block::BlockId;
use crate::world::{CHUNK_EDGE, Chunk};

/// Where a body starts: the west end of the lane.
pub const SPAWN: DVec3 = DVec3::new(1.5, 1.0, 8.5);

const LANE_Z: (i32, i32) = (4, 11);
const WALL_Z: (i32, i32) = (3, 12);
const COURSE_END_X: i32 = 60;

/// The block at a world cell.
#[must_use]
pub fn block_at(c: IVec3) -> BlockId {
    let (x, y, z) = (c.x, c.y, c.z);
    let in_lane = (LANE_Z.0..=LANE_Z.1).contains(&z);
    let on_course = (0..COURSE_END_X).contains(&x);
    // The floor: stone below, grass on top at y = 0, except the pit.
    let pit = on_course && in_lane && (34..=35).contains(&x);
    if y < 0 {
        return if pit && y >= -3 {
            BlockId::AIR
        } else {
            BlockId::STONE
        };
    }
    if y == 0 {
        return if pit { BlockId::AIR } else { BlockId::GRASS };
    }
    if !on_course {
        return BlockId::AIR;
    }
    if (z == WALL_Z.0 || z == WALL_Z.1) && y <= 3 {
        return BlockId::BRICK;
    }
    if !in_lane {
        return BlockId::AIR;
    }
    obstacle(x, y, z)
}

/// The obstacles inside the lane: `(x from, x to, y from, y to, block)`, all
/// inclusive; the first rule that holds a cell wins.
const OBSTACLES: &[(i32, i32, i32, i32, BlockId)] = &[
    (6, 6, 1, 1, BlockId::SLAB),
    // Stairs: slab, block, block + slab, two blocks; then down to the floor.
    (10, 10, 1, 1, BlockId::SLAB),
    (11, 12, 1, 1, BlockId::STONE),
    (12, 12, 2, 2, BlockId::SLAB),
    (13, 14, 1, 2, BlockId::STONE),
    // The low ceiling.
    (40, 46, 3, 3, BlockId::STONE),
    // Slab steps up onto the platform, whose east end is the ledge.
    (48, 48, 1, 1, BlockId::SLAB),
    (49, 50, 1, 1, BlockId::STONE),
    (50, 50, 2, 2, BlockId::SLAB),
    (51, 51, 1, 2, BlockId::STONE),
    (51, 51, 3, 3, BlockId::SLAB),
    (52, 55, 1, 3, BlockId::STONE),
];

fn obstacle(x: i32, y: i32, z: i32) -> BlockId {
    if x == 18 && y == 1 && z % 2 == 0 {
        return BlockId::POST;
    }
    // The one-wide corridor: everything but z = 8 walled up.
    if (22..=30).contains(&x) && (1..=3).contains(&y) && z != 8 {
        return BlockId::STONE;
    }
    OBSTACLES
        .iter()
        .find(|(x0, x1, y0, y1, _)| (*x0..=*x1).contains(&x) && (*y0..=*y1).contains(&y))
        .map_or(BlockId::AIR, |rule| rule.4)
}

/// The chunk at `key`.
#[must_use]
pub fn chunk(key: IVec3) -> Chunk {
    let base = key * CHUNK_EDGE;
    if base.y > 3 {
        return Chunk::Uniform(BlockId::AIR);
    }
    if base.y + CHUNK_EDGE - 1 < -3 {
        return Chunk::Uniform(BlockId::STONE);
    }
    let mut chunk = Chunk::Uniform(BlockId::AIR);
    for x in 0..CHUNK_EDGE {
        for y in 0..CHUNK_EDGE {
            for z in 0..CHUNK_EDGE {
                let b = block_at(cell(key, x, y, z));
                if b != BlockId::AIR {
                    chunk.set(IVec3::new(x, y, z), b);
                }
            }
        }
    }
    chunk.compact();
    chunk
}
