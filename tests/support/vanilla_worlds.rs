//! Worlds of vanilla shapes for the tests that hold voxwalk against the
//! client's collisions: full blocks, slabs, stairs, fence and wall posts that
//! reach 1.5 up, snow layers, carpets and chests, placed cell by cell.

#![allow(dead_code)] // each test binary uses part of it

use std::sync::Arc;

use glam::{DVec3, IVec3};
use voxwalk::block::{BlockId, BlockRegistry, BlockType};
use voxwalk::geometry::Aabb;
use voxwalk::world::World;

const EPS: f64 = 1.0e-7;

/// Vanilla shapes, in sixteenths as `Block.box` writes them.
pub fn vanilla_shapes() -> Vec<(&'static str, Vec<[f64; 6]>)> {
    vec![
        ("stone", vec![[0., 0., 0., 16., 16., 16.]]),
        ("slab", vec![[0., 0., 0., 16., 8., 16.]]),
        ("top_slab", vec![[0., 8., 0., 16., 16., 16.]]),
        (
            "stairs_east",
            vec![[0., 0., 0., 16., 8., 16.], [8., 8., 0., 16., 16., 16.]],
        ),
        (
            "stairs_north",
            vec![[0., 0., 0., 16., 8., 16.], [0., 8., 0., 16., 16., 8.]],
        ),
        ("fence_post", vec![[6., 0., 6., 10., 24., 10.]]),
        (
            "fence_east",
            vec![[6., 0., 6., 10., 24., 10.], [10., 0., 6., 16., 24., 10.]],
        ),
        ("wall_post", vec![[4., 0., 4., 12., 24., 12.]]),
        ("snow_2", vec![[0., 0., 0., 16., 2., 16.]]),
        ("carpet", vec![[0., 0., 0., 16., 1., 16.]]),
        ("chest", vec![[1., 0., 1., 15., 14., 15.]]),
    ]
}

pub fn registry() -> (Arc<BlockRegistry>, Vec<BlockId>) {
    let mut registry = BlockRegistry::new();
    let ids = vanilla_shapes()
        .into_iter()
        .map(|(name, boxes)| {
            let mut block = BlockType::new(format!("test:{name}"));
            block.boxes = boxes
                .iter()
                .map(|b| {
                    let v = b.map(|c| c / 16.0);
                    Aabb::new(DVec3::new(v[0], v[1], v[2]), DVec3::new(v[3], v[4], v[5]))
                })
                .collect();
            registry.register(block).unwrap()
        })
        .collect();
    (Arc::new(registry), ids)
}

pub fn world_of(cells: &[u8], ids: &[BlockId], registry: &Arc<BlockRegistry>) -> World {
    tiled_world_of(cells, ids, registry, 0)
}

/// [`world_of`] with its 8 × 8 blocks of cells repeated `tiles` times on
/// every side, for walks that go farther than one.
pub fn tiled_world_of(
    cells: &[u8],
    ids: &[BlockId],
    registry: &Arc<BlockRegistry>,
    tiles: i32,
) -> World {
    let mut world = World::with_registry(registry.clone());
    // A floor wider than any walk of the cases, so no body leaves the world.
    let reach = 72 + 8 * tiles;
    world.fill(
        IVec3::new(-reach, -1, -reach),
        IVec3::new(reach + 8, -1, reach + 8),
        BlockId::STONE,
    );
    for (n, &c) in cells.iter().enumerate() {
        let n = n as i32;
        let cell = IVec3::new(n % 8, (n / 8) % 4, n / 32);
        let Some(&id) = ids.get(usize::from(c)) else {
            continue;
        };
        for tx in -tiles..=tiles {
            for tz in -tiles..=tiles {
                world.set_block(cell + IVec3::new(8 * tx, 0, 8 * tz), id);
            }
        }
    }
    world
}

pub fn ends_inside(world: &World, aabb: &Aabb) -> bool {
    let mut inside = false;
    voxwalk::resolver::blocks_in_box(world, &Aabb::new(aabb.min + EPS, aabb.max - EPS), |_| {
        inside = true;
    })
    .unwrap();
    inside
}
