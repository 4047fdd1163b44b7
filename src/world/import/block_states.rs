//! Minecraft block states to voxwalk blocks, for the `.schem` and `.mca`
//! importers.

use crate::world::Block;

/// What a block state became.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mapped {
    /// The voxwalk block.
    pub block: Block,
    /// `false` when no rule knew the state and it became a full stone block
    /// (stairs, doors, beds, …); importers count these in a warning.
    pub known: bool,
}

const fn known(block: Block) -> Mapped {
    Mapped { block, known: true }
}

/// Blocks nothing collides with in the game (plants, torches, rails, signs, …),
/// matched as parts of the name. Checked after the exceptions that contain
/// them (`grass_block`, `mushroom_block`, `snow_block`, `coral_block`).
const PASSABLE: &[&str] = &[
    "sapling",
    "flower",
    "grass",
    "fern",
    "dead_bush",
    "seagrass",
    "kelp",
    "vine",
    "torch",
    "sign",
    "banner",
    "button",
    "pressure_plate",
    "rail",
    "redstone_wire",
    "tripwire",
    "lever",
    "ladder",
    "carpet",
    "mushroom",
    "sugar_cane",
    "wheat",
    "carrots",
    "potatoes",
    "beetroots",
    "berry_bush",
    "cobweb",
    "dandelion",
    "poppy",
    "orchid",
    "allium",
    "azure_bluet",
    "tulip",
    "oxeye_daisy",
    "cornflower",
    "lily",
    "wither_rose",
    "sunflower",
    "lilac",
    "rose_bush",
    "peony",
    "coral",
    "roots",
    "sprouts",
    "lichen",
    "spore_blossom",
    "fire",
    "portal",
    "small_dripleaf",
    "petals",
    "frogspawn",
    "sculk_vein",
    "pitcher",
    "tall_",
    "bamboo_sapling",
    "nether_wart",
    "melon_stem",
    "pumpkin_stem",
    "cocoa",
    "scaffolding",
    "string",
    "structure_void",
    "head",
    "skull",
];

/// Full blocks by material, matched as parts of the name, first match wins.
const MATERIALS: &[(&str, Block)] = &[
    ("grass_block", Block::Grass),
    ("mycelium", Block::Grass),
    ("moss_block", Block::Grass),
    ("dirt", Block::Dirt),
    ("podzol", Block::Dirt),
    ("mud", Block::Dirt),
    ("farmland", Block::Dirt),
    ("clay", Block::Dirt),
    ("soul_soil", Block::Dirt),
    ("sandstone", Block::Sand),
    ("sand", Block::Sand),
    ("gravel", Block::Sand),
    ("_leaves", Block::Leaves),
    ("leaves", Block::Leaves),
    ("_log", Block::Wood),
    ("_wood", Block::Wood),
    ("log", Block::Wood),
    ("planks", Block::Wood),
    ("_stem", Block::Wood),
    ("_hyphae", Block::Wood),
    ("bookshelf", Block::Wood),
    ("crafting_table", Block::Wood),
    ("glass", Block::Glass),
    ("brick", Block::Brick),
    ("stone", Block::Stone),
    ("granite", Block::Stone),
    ("diorite", Block::Stone),
    ("andesite", Block::Stone),
    ("deepslate", Block::Stone),
    ("bedrock", Block::Stone),
    ("_ore", Block::Stone),
    ("terracotta", Block::Stone),
    ("tuff", Block::Stone),
    ("calcite", Block::Stone),
    ("basalt", Block::Stone),
    ("netherrack", Block::Stone),
    ("obsidian", Block::Stone),
    ("concrete", Block::Stone),
    ("prismarine", Block::Stone),
    ("purpur", Block::Stone),
    ("quartz", Block::Stone),
    ("ice", Block::Stone),
    ("snow_block", Block::Stone),
    ("coral_block", Block::Stone),
    ("mushroom_block", Block::Wood),
    ("wool", Block::Stone),
    ("magma_block", Block::Stone),
    ("amethyst_block", Block::Stone),
    ("dripstone_block", Block::Stone),
    ("sponge", Block::Stone),
    ("_block", Block::Stone),
];

/// The full block a double slab or an unknown state becomes, by material.
fn material(name: &str) -> Option<Block> {
    MATERIALS
        .iter()
        .find(|(part, _)| name.contains(part))
        .map(|(_, b)| *b)
}

/// The value of property `key` in `props` (`k=v,k2=v2`).
fn property<'a>(props: &'a str, key: &str) -> Option<&'a str> {
    props
        .split(',')
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| k.trim() == key)
        .map(|(_, v)| v.trim())
}

/// Maps a block state, `name` with or without the `minecraft:` prefix and its
/// properties as `k=v` pairs joined by commas.
///
/// ```
/// use voxwalk::world::{Block, map_block_state};
/// assert_eq!(map_block_state("minecraft:oak_slab", "type=top,waterlogged=false").block, Block::TopSlab);
/// assert_eq!(map_block_state("minecraft:cobblestone_wall", "").block, Block::Post);
/// assert_eq!(map_block_state("minecraft:poppy", "").block, Block::Air);
/// let stairs = map_block_state("minecraft:oak_stairs", "facing=east");
/// assert_eq!((stairs.block, stairs.known), (Block::Stone, false));
/// ```
#[must_use]
pub fn map_block_state(name: &str, props: &str) -> Mapped {
    let name = name.strip_prefix("minecraft:").unwrap_or(name);
    match name {
        // `snow` is a thin layer of it, nothing to stand in.
        "air" | "cave_air" | "void_air" | "snow" => return known(Block::Air),
        "water" | "flowing_water" | "lava" | "flowing_lava" | "bubble_column" => {
            return known(Block::Water);
        }
        _ => {}
    }
    if name.ends_with("_slab") || name == "slab" {
        return match property(props, "type").or_else(|| property(props, "half")) {
            Some("top") => known(Block::TopSlab),
            Some("double") => known(material(name).unwrap_or(Block::Stone)),
            _ => known(Block::Slab),
        };
    }
    if name.starts_with("double_") && name.contains("slab") {
        return known(material(name).unwrap_or(Block::Stone));
    }
    if name.ends_with("_fence_gate") {
        return known(if property(props, "open") == Some("true") {
            Block::Air
        } else {
            Block::Post
        });
    }
    if name.ends_with("_fence") || name.ends_with("_wall") || name == "fence" || name == "iron_bars"
    {
        return known(Block::Post);
    }
    let solid_exception = [
        "grass_block",
        "mushroom_block",
        "mushroom_stem",
        "snow_block",
        "coral_block",
        "moss_block",
        "leaves",
        "_log",
    ];
    let is_exception = solid_exception.iter().any(|e| name.contains(e));
    if !is_exception && PASSABLE.iter().any(|p| name.contains(p)) {
        return known(Block::Air);
    }
    match material(name) {
        Some(block) => known(block),
        None => Mapped {
            block: Block::Stone,
            known: false,
        },
    }
}

/// Splits `minecraft:oak_slab[type=bottom,waterlogged=false]` into the name and
/// the properties (`type=bottom,waterlogged=false`).
#[must_use]
pub fn split_state(state: &str) -> (&str, &str) {
    match state.split_once('[') {
        Some((name, rest)) => (name, rest.strip_suffix(']').unwrap_or(rest)),
        None => (state, ""),
    }
}
