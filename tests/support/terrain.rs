//! Bumpy terrain with pillars, the world the resolver is measured on.

#![allow(dead_code)]

use glam::IVec3;
use voxwalk::block::BlockId;
use voxwalk::world::World;

/// A floor of stone, its top at y 0, from −`half` to `half` on x and z.
pub fn stone_floor(half: i32) -> World {
    let mut world = World::new();
    world.fill(
        IVec3::new(-half, -1, -half),
        IVec3::new(half, -1, half),
        BlockId::STONE,
    );
    world
}

/// A small deterministic hash (splitmix64) so fixtures need no random crate state.
pub fn hash(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The ground height of column (x, z): gentle waves plus a one-block bump here and there.
pub fn height_at(x: i32, z: i32) -> i32 {
    let wave = ((f64::from(x) * 0.21).sin() * 3.0 + (f64::from(z) * 0.17).cos() * 3.0) as i32;
    let bump = i32::from(hash(((x as u64) << 32) ^ u64::from(z as u32)).is_multiple_of(7));
    20 + wave + bump
}

/// [`bumpy_terrain`] with a lake: every column whose ground lies below
/// `level` dug 4 blocks deeper, and water filling every open cell up to
/// `level`. Its banks drop 5 blocks or more, so a body crosses it swimming.
pub fn flooded_terrain(size_x: i32, size_z: i32, level: i32) -> World {
    let mut world = bumpy_terrain(size_x, size_z);
    for x in 0..size_x {
        for z in 0..size_z {
            let h = height_at(x, z);
            if h >= level {
                continue;
            }
            for y in h - 4..=level {
                world.set_block(IVec3::new(x, y, z), BlockId::WATER);
            }
        }
    }
    world.compact();
    world
}

/// A `size_x × 64 × size_z` world: stone under dirt under grass, a slab or post on
/// some columns, and a 6-tall brick pillar on one column in about forty.
pub fn bumpy_terrain(size_x: i32, size_z: i32) -> World {
    let mut world = World::new();
    for x in 0..size_x {
        for z in 0..size_z {
            let h = height_at(x, z);
            world.fill(IVec3::new(x, 0, z), IVec3::new(x, h - 3, z), BlockId::STONE);
            world.fill(
                IVec3::new(x, h - 2, z),
                IVec3::new(x, h - 1, z),
                BlockId::DIRT,
            );
            world.set_block(IVec3::new(x, h, z), BlockId::GRASS);
            let r = hash((x as u64) * 7919 + z as u64 * 104_729);
            match r % 40 {
                0 => world.fill(
                    IVec3::new(x, h + 1, z),
                    IVec3::new(x, h + 6, z),
                    BlockId::BRICK,
                ),
                1 => world.set_block(IVec3::new(x, h + 1, z), BlockId::SLAB),
                2 => world.set_block(IVec3::new(x, h + 1, z), BlockId::POST),
                _ => {}
            }
        }
    }
    world.compact();
    world
}

/// A world built to make planning slow: a lake `size` across with a
/// random bottom 4 to 7 below its surface (y = 10), too deep to stand in
/// anywhere, and stepping-stone islands one column wide on one column in
/// about twelve, so every place plans up to eight swims of up to 16
/// columns whose boxes of blocks (the random bottom) are all different.
/// Banks of stone all round. What the hostile round's slow-swim class is.
pub fn slow_swim_lake(size: i32, seed: u64) -> World {
    let mut world = World::new();
    let surface = 10;
    world.fill(
        IVec3::new(-2, 0, -2),
        IVec3::new(size + 1, surface, size + 1),
        BlockId::STONE,
    );
    for x in 0..size {
        for z in 0..size {
            let r = hash(seed ^ ((x as u64) << 20 | z as u64));
            let bottom = surface - 4 - (r % 4) as i32;
            world.fill(
                IVec3::new(x, bottom, z),
                IVec3::new(x, surface, z),
                BlockId::WATER,
            );
            if (r >> 8).is_multiple_of(12) {
                world.fill(
                    IVec3::new(x, bottom, z),
                    IVec3::new(x, surface, z),
                    BlockId::STONE,
                );
            }
        }
    }
    world.compact();
    world
}
