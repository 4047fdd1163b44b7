//! Flowing water as a world's block types: Minecraft's levels 1 to 7 (a
//! source is the built-in `BlockId::WATER`), each with water's drag and
//! gravity, so that cells of falling level make a current.

use voxwalk::block::{BlockId, BlockType, PropertyValue};
use voxwalk::world::World;

/// Registers water of levels 1 to 7 in `world`: their ids, level 1 first.
pub fn flowing_water(world: &mut World) -> Vec<BlockId> {
    let number = PropertyValue::Number;
    (1..=7u8)
        .map(|level| {
            let water = BlockType::new(format!("water@level={level}"))
                .passable()
                .with_property("liquid_drag", number(f64::from(0.8_f32)))
                .with_property("liquid_gravity", number(1.0 / 16.0))
                .with_property("liquid_level", number(f64::from(level)));
            world.register_block(water).unwrap()
        })
        .collect()
}
