//! Colours of common Minecraft materials that no built-in block stands for, so
//! the viewer tells gravel from stone and wool from glass.

/// Materials matched as parts of a block's name, first match wins: the blocks
/// of these materials become registry types of their own colour.
const MATERIALS: &[(&str, [u8; 3])] = &[
    ("gravel", [136, 126, 126]),
    ("coal_ore", [70, 70, 70]),
    ("iron_ore", [175, 142, 119]),
    ("copper_ore", [124, 125, 120]),
    ("gold_ore", [252, 238, 75]),
    ("redstone_ore", [150, 30, 30]),
    ("lapis_ore", [30, 60, 150]),
    ("diamond_ore", [90, 220, 210]),
    ("emerald_ore", [23, 221, 98]),
    ("_ore", [140, 140, 150]),
    ("white_wool", [234, 236, 236]),
    ("wool", [200, 200, 200]),
    ("white_terracotta", [210, 178, 161]),
    ("orange_terracotta", [161, 83, 37]),
    ("yellow_terracotta", [186, 133, 35]),
    ("red_terracotta", [143, 61, 46]),
    ("brown_terracotta", [77, 51, 35]),
    ("light_gray_terracotta", [135, 107, 98]),
    ("terracotta", [152, 94, 67]),
    ("concrete", [200, 200, 200]),
    ("blue_ice", [116, 167, 253]),
    ("packed_ice", [141, 180, 250]),
    ("ice", [145, 183, 253]),
    ("snow_block", [249, 254, 254]),
    ("powder_snow", [248, 253, 253]),
    ("snow", [249, 254, 254]),
    ("obsidian", [20, 18, 30]),
    ("netherrack", [110, 50, 50]),
    ("clay", [160, 166, 179]),
    ("bedrock", [85, 85, 85]),
    ("magma_block", [142, 63, 31]),
    ("glowstone", [171, 131, 84]),
    ("amethyst", [133, 97, 191]),
    ("copper", [192, 107, 79]),
    ("prismarine", [99, 156, 151]),
    ("quartz", [235, 229, 222]),
    ("pumpkin", [198, 118, 24]),
    ("melon", [111, 145, 30]),
    ("hay_block", [166, 136, 38]),
];

/// The colour of block `name`'s material, if it has one of its own.
///
/// ```
/// use voxwalk::formats::import::material_colour;
/// assert_eq!(material_colour("gravel"), Some([136, 126, 126]));
/// assert_eq!(material_colour("stone"), None); // the built-in stone's grey
/// ```
#[must_use]
pub fn material_colour(name: &str) -> Option<[u8; 3]> {
    MATERIALS
        .iter()
        .find(|(part, _)| name.contains(part))
        .map(|(_, rgb)| *rgb)
}
