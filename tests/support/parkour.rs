//! Parkour courses: platforms along +x with gaps of 1 to 5 empty columns
//! between them, the gaps and the heights picked by a seed.

use glam::IVec3;
use voxwalk::block::BlockId;
use voxwalk::world::World;

use super::terrain::hash;

/// How high the platforms' tops lie (a body's feet rest one above), with a
/// floor far enough below that a body falling into a gap never climbs out
/// and no drop reaches it.
pub const PLATFORM_TOP: i32 = 10;

/// A course of `platforms` platforms along +x, 3 columns wide (z 0..=2):
/// each 2 to 4 columns long, after a gap of 1 to 5 empty columns, its top
/// up to one block above or below the one before; a stone floor at y = 0
/// under it all. Returns the world and each platform's first and last x.
pub fn parkour_course(seed: u64, platforms: usize) -> (World, Vec<(i32, i32)>) {
    let mut world = World::new();
    let mut spans = Vec::with_capacity(platforms);
    let (mut x, mut top) = (0, PLATFORM_TOP);
    for i in 0..platforms {
        let r = hash(seed.wrapping_mul(1_000_003) + i as u64);
        let length = 2 + (r % 3) as i32;
        world.fill(
            IVec3::new(x, 0, 0),
            IVec3::new(x + length - 1, top, 2),
            BlockId::STONE,
        );
        spans.push((x, x + length - 1));
        let gap = 1 + ((r >> 8) % 5) as i32;
        top = (top + ((r >> 16) % 3) as i32 - 1).clamp(PLATFORM_TOP - 2, PLATFORM_TOP + 2);
        x += length + gap;
    }
    // The floor under the gaps.
    world.fill(IVec3::new(0, 0, 0), IVec3::new(x, 0, 2), BlockId::STONE);
    world.compact();
    (world, spans)
}
