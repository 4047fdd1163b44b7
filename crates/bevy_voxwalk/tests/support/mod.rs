//! What the plugin's test binaries share: the floor they stand on.

use voxwalk::block::BlockId;
use voxwalk::glam::IVec3;
use voxwalk::world::World;

/// A stone floor four blocks deep, its top at y = 0, `2 × half` columns
/// on a side around the origin (from −`half` to `half − 1`).
pub fn stone_floor(half: i32) -> World {
    let mut world = World::new();
    world.fill(
        IVec3::new(-half, -4, -half),
        IVec3::new(half - 1, -1, half - 1),
        BlockId::STONE,
    );
    world
}
