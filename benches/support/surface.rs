//! Where a body stands on a generated world: on top of a column.

use glam::{DVec3, IVec3};
use voxwalk::world::{BlockSource, World};

/// The feet position on top of column (x, z) of a world up to 128 high.
pub fn surface(world: &World, x: i32, z: i32) -> DVec3 {
    let y = (0..128)
        .rev()
        .find(|&y| world.is_solid_at(IVec3::new(x, y, z)))
        .unwrap_or(0);
    DVec3::new(f64::from(x) + 0.5, f64::from(y + 1), f64::from(z) + 0.5)
}
