//! The thirteen built-in block types, with the ids [`super::BlockId`] names.

use glam::DVec3;

use super::BlockType;
use crate::geometry::Aabb;

/// How many built-in types there are: ids `0..COUNT`.
pub(super) const COUNT: usize = 13;

/// The built-ins in id order (a test checks the order against the constants).
pub(super) fn types() -> [BlockType; COUNT] {
    let grey = [128, 128, 128];
    let wood = [120, 88, 50];
    let full = |name: &str, rgb| BlockType::cube(name).with_colour(rgb);
    [
        BlockType::new("air").passable().with_colour([0, 0, 0]),
        full("stone", grey),
        full("dirt", [134, 96, 67]),
        full("grass", [95, 159, 53]),
        full("sand", [219, 207, 163]),
        full("wood", wood),
        full("leaves", [48, 110, 32]),
        full("glass", [180, 220, 235]),
        full("brick", [160, 70, 50]),
        BlockType::new("slab")
            .with_box(Aabb::new(DVec3::ZERO, DVec3::new(1.0, 0.5, 1.0)))
            .with_colour(grey),
        BlockType::new("top_slab")
            .with_box(Aabb::new(DVec3::new(0.0, 0.5, 0.0), DVec3::ONE))
            .with_colour(grey),
        BlockType::new("post")
            .with_box(Aabb::new(
                DVec3::new(0.375, 0.0, 0.375),
                DVec3::new(0.625, 1.5, 0.625),
            ))
            .with_colour(wood),
        // Minecraft's water: a body keeps 0.8 of its velocity per tick (the
        // float 0.8f, as `travelInWater` multiplies by it) and feels 1/16 of
        // gravity (`getFluidFallingAdjustedMovement`).
        BlockType::new("water")
            .passable()
            .with_colour([50, 90, 200])
            .with_glyph('~')
            .with_property(
                super::behaviour::names::LIQUID_DRAG,
                super::PropertyValue::Number(f64::from(0.8_f32)),
            )
            .with_property(
                super::behaviour::names::LIQUID_GRAVITY,
                super::PropertyValue::Number(1.0 / 16.0),
            ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::block::{BlockId, BlockRegistry};

    #[test]
    fn the_constants_name_the_built_ins_in_order() {
        let registry = BlockRegistry::new();
        let named = [
            (BlockId::AIR, "air"),
            (BlockId::STONE, "stone"),
            (BlockId::DIRT, "dirt"),
            (BlockId::GRASS, "grass"),
            (BlockId::SAND, "sand"),
            (BlockId::WOOD, "wood"),
            (BlockId::LEAVES, "leaves"),
            (BlockId::GLASS, "glass"),
            (BlockId::BRICK, "brick"),
            (BlockId::SLAB, "slab"),
            (BlockId::TOP_SLAB, "top_slab"),
            (BlockId::POST, "post"),
            (BlockId::WATER, "water"),
        ];
        assert_eq!(named.len(), COUNT);
        for (id, name) in named {
            assert_eq!(registry.name(id), name);
            assert_eq!(registry.id(name), Some(id));
        }
    }
}
