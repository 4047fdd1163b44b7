//! Minecraft materials, one table: for each part of a block's name, the
//! built-in block it stands in for (a double slab or a state no rule knows
//! becomes that full block) and, where the built-in's colour would hide it
//! (gravel against stone, wool against glass), a colour of its own. The
//! first row whose part the name contains is the block's material; both
//! answers come from that row, so a block cannot look like one material and
//! stand in as another.

use crate::block::BlockId;

/// One material.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Material {
    /// What a block's name contains to be of this material.
    part: &'static str,
    /// The full built-in block it becomes when nothing better is known.
    pub(super) stands_in: Option<BlockId>,
    /// Its own colour, where it has one.
    pub(super) colour: Option<[u8; 3]>,
}

const fn material(
    part: &'static str,
    stands_in: Option<BlockId>,
    colour: Option<[u8; 3]>,
) -> Material {
    Material {
        part,
        stands_in,
        colour,
    }
}

/// First match wins: the more particular parts come first.
const MATERIALS: &[Material] = &[
    material("gravel", Some(BlockId::SAND), Some([136, 126, 126])),
    material("coal_ore", Some(BlockId::STONE), Some([70, 70, 70])),
    material("iron_ore", Some(BlockId::STONE), Some([175, 142, 119])),
    material("copper_ore", Some(BlockId::STONE), Some([124, 125, 120])),
    material("gold_ore", Some(BlockId::STONE), Some([252, 238, 75])),
    material("redstone_ore", Some(BlockId::STONE), Some([150, 30, 30])),
    material("lapis_ore", Some(BlockId::STONE), Some([30, 60, 150])),
    material("diamond_ore", Some(BlockId::STONE), Some([90, 220, 210])),
    material("emerald_ore", Some(BlockId::STONE), Some([23, 221, 98])),
    material("_ore", Some(BlockId::STONE), Some([140, 140, 150])),
    material("white_wool", Some(BlockId::STONE), Some([234, 236, 236])),
    material("wool", Some(BlockId::STONE), Some([200, 200, 200])),
    material(
        "white_terracotta",
        Some(BlockId::STONE),
        Some([210, 178, 161]),
    ),
    material(
        "orange_terracotta",
        Some(BlockId::STONE),
        Some([161, 83, 37]),
    ),
    material(
        "yellow_terracotta",
        Some(BlockId::STONE),
        Some([186, 133, 35]),
    ),
    material("red_terracotta", Some(BlockId::STONE), Some([143, 61, 46])),
    material("brown_terracotta", Some(BlockId::STONE), Some([77, 51, 35])),
    material(
        "light_gray_terracotta",
        Some(BlockId::STONE),
        Some([135, 107, 98]),
    ),
    material("terracotta", Some(BlockId::STONE), Some([152, 94, 67])),
    material("concrete", Some(BlockId::STONE), Some([200, 200, 200])),
    material("blue_ice", Some(BlockId::STONE), Some([116, 167, 253])),
    material("packed_ice", Some(BlockId::STONE), Some([141, 180, 250])),
    material("ice", Some(BlockId::STONE), Some([145, 183, 253])),
    material("snow_block", Some(BlockId::STONE), Some([249, 254, 254])),
    material("powder_snow", None, Some([248, 253, 253])),
    material("snow", None, Some([249, 254, 254])),
    material("obsidian", Some(BlockId::STONE), Some([20, 18, 30])),
    material("netherrack", Some(BlockId::STONE), Some([110, 50, 50])),
    material("clay", Some(BlockId::DIRT), Some([160, 166, 179])),
    material("bedrock", Some(BlockId::STONE), Some([85, 85, 85])),
    material("magma_block", Some(BlockId::STONE), Some([142, 63, 31])),
    material("glowstone", Some(BlockId::STONE), Some([171, 131, 84])),
    material("amethyst", None, Some([133, 97, 191])),
    material("copper", None, Some([192, 107, 79])),
    material("prismarine", Some(BlockId::STONE), Some([99, 156, 151])),
    material("quartz", Some(BlockId::STONE), Some([235, 229, 222])),
    material("pumpkin", None, Some([198, 118, 24])),
    material("melon", None, Some([111, 145, 30])),
    material("hay_block", Some(BlockId::STONE), Some([166, 136, 38])),
    // Built-in stand-ins only: these materials look like the block they become.
    material("grass_block", Some(BlockId::GRASS), None),
    material("mycelium", Some(BlockId::GRASS), None),
    material("moss_block", Some(BlockId::GRASS), None),
    material("dirt", Some(BlockId::DIRT), None),
    material("podzol", Some(BlockId::DIRT), None),
    material("mud", Some(BlockId::DIRT), None),
    material("farmland", Some(BlockId::DIRT), None),
    material("clay", Some(BlockId::DIRT), None),
    material("soul_soil", Some(BlockId::DIRT), None),
    material("sandstone", Some(BlockId::SAND), None),
    material("sand", Some(BlockId::SAND), None),
    material("gravel", Some(BlockId::SAND), None),
    material("_leaves", Some(BlockId::LEAVES), None),
    material("leaves", Some(BlockId::LEAVES), None),
    material("_log", Some(BlockId::WOOD), None),
    material("_wood", Some(BlockId::WOOD), None),
    material("log", Some(BlockId::WOOD), None),
    material("planks", Some(BlockId::WOOD), None),
    material("_stem", Some(BlockId::WOOD), None),
    material("_hyphae", Some(BlockId::WOOD), None),
    material("bookshelf", Some(BlockId::WOOD), None),
    material("crafting_table", Some(BlockId::WOOD), None),
    material("glass", Some(BlockId::GLASS), None),
    material("brick", Some(BlockId::BRICK), None),
    material("stone", Some(BlockId::STONE), None),
    material("granite", Some(BlockId::STONE), None),
    material("diorite", Some(BlockId::STONE), None),
    material("andesite", Some(BlockId::STONE), None),
    material("deepslate", Some(BlockId::STONE), None),
    material("bedrock", Some(BlockId::STONE), None),
    material("_ore", Some(BlockId::STONE), None),
    material("terracotta", Some(BlockId::STONE), None),
    material("tuff", Some(BlockId::STONE), None),
    material("calcite", Some(BlockId::STONE), None),
    material("basalt", Some(BlockId::STONE), None),
    material("netherrack", Some(BlockId::STONE), None),
    material("obsidian", Some(BlockId::STONE), None),
    material("concrete", Some(BlockId::STONE), None),
    material("prismarine", Some(BlockId::STONE), None),
    material("purpur", Some(BlockId::STONE), None),
    material("quartz", Some(BlockId::STONE), None),
    material("ice", Some(BlockId::STONE), None),
    material("snow_block", Some(BlockId::STONE), None),
    material("coral_block", Some(BlockId::STONE), None),
    material("mushroom_block", Some(BlockId::WOOD), None),
    material("wool", Some(BlockId::STONE), None),
    material("magma_block", Some(BlockId::STONE), None),
    material("amethyst_block", Some(BlockId::STONE), None),
    material("dripstone_block", Some(BlockId::STONE), None),
    material("sponge", Some(BlockId::STONE), None),
    material("_block", Some(BlockId::STONE), None),
];

/// The material of block `name` (without the `minecraft:` prefix), if any.
pub(super) fn material_of(name: &str) -> Option<&'static Material> {
    MATERIALS.iter().find(|m| name.contains(m.part))
}

/// The colour of block `name`'s material, if it has one of its own.
///
/// ```
/// use voxwalk::formats::import::material_colour;
/// assert_eq!(material_colour("gravel"), Some([136, 126, 126]));
/// assert_eq!(material_colour("stone"), None); // the built-in stone's grey
/// ```
#[must_use]
pub fn material_colour(name: &str) -> Option<[u8; 3]> {
    material_of(name).and_then(|m| m.colour)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A material a block's colour shows is the one it stands in as:
    /// gravel is its own grey and stands in as sand, wool its own white and
    /// stands in as stone; a name matching no row has neither.
    #[test]
    fn one_row_answers_both_questions() {
        let gravel = material_of("gravel").unwrap();
        assert_eq!(
            (gravel.stands_in, gravel.colour),
            (Some(BlockId::SAND), Some([136, 126, 126]))
        );
        let wool = material_of("red_wool").unwrap();
        assert_eq!(wool.stands_in, Some(BlockId::STONE));
        assert!(wool.colour.is_some());
        assert_eq!(material_of("poppy"), None);
    }
}
