//! The blocks a game of fences and walkways registers, for the tests of
//! the body's own collision rules: a fence post on layer 1 (bit 2), which
//! animals meet and people pass, and a one-way plank 0.75 to 1.0 up its
//! cell.

#![allow(dead_code)]

use glam::DVec3;
use voxwalk::block::{BlockId, BlockType, PropertyValue};
use voxwalk::geometry::Aabb;
use voxwalk::world::World;

/// The two blocks' ids in a world they were registered in.
pub struct Blocks {
    pub fence: BlockId,
    pub plank: BlockId,
}

/// Registers the fence and the plank in `world`.
pub fn register(world: &mut World) -> Blocks {
    let fence = world
        .register_block(
            BlockType::new("animal_fence")
                .with_box(Aabb::new(
                    DVec3::new(0.375, 0.0, 0.375),
                    DVec3::new(0.625, 1.5, 0.625),
                ))
                .with_property("collision_layers", PropertyValue::Number(2.0)),
        )
        .unwrap();
    let plank = world
        .register_block(
            BlockType::new("walkway")
                .with_box(Aabb::new(DVec3::new(0.0, 0.75, 0.0), DVec3::ONE))
                .with_property("one_way", PropertyValue::Flag(true)),
        )
        .unwrap();
    Blocks { fence, plank }
}
