//! Minecraft block states to voxwalk blocks, for the `.schem` and `.mca`
//! importers.

use crate::block::BlockId;

/// What a block state became.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mapped {
    /// The voxwalk block.
    pub block: BlockId,
    /// `false` when no rule knew the state and it became a full stone block
    /// (stairs, doors, beds, …), or when a known block came with a property
    /// or value it does not have and was read without it (a liquid's level
    /// out of range too); importers count these in a warning.
    pub known: bool,
}

const fn known(block: BlockId) -> Mapped {
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

/// The full block a double slab or an unknown state becomes, by material.
fn material(name: &str) -> Option<BlockId> {
    super::materials::material_of(name).and_then(|m| m.stands_in)
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
/// use voxwalk::block::BlockId;
/// use voxwalk::formats::map_block_state;
/// assert_eq!(map_block_state("minecraft:oak_slab", "type=top,waterlogged=false").block, BlockId::TOP_SLAB);
/// assert_eq!(map_block_state("minecraft:cobblestone_wall", "").block, BlockId::POST);
/// assert_eq!(map_block_state("minecraft:poppy", "").block, BlockId::AIR);
/// let stairs = map_block_state("minecraft:oak_stairs", "facing=east");
/// assert_eq!((stairs.block, stairs.known), (BlockId::STONE, false));
/// ```
#[must_use]
pub fn map_block_state(name: &str, props: &str) -> Mapped {
    let name = name.strip_prefix("minecraft:").unwrap_or(name);
    match name {
        // `snow` is a thin layer of it, nothing to stand in.
        "air" | "cave_air" | "void_air" | "snow" => return known(BlockId::AIR),
        "water" | "flowing_water" | "lava" | "flowing_lava" | "bubble_column" => {
            return known(BlockId::WATER);
        }
        _ => {}
    }
    if name.ends_with("_slab") || name == "slab" {
        return match property(props, "type").or_else(|| property(props, "half")) {
            Some("top") => known(BlockId::TOP_SLAB),
            Some("double") => known(material(name).unwrap_or(BlockId::STONE)),
            _ => known(BlockId::SLAB),
        };
    }
    if name.starts_with("double_") && name.contains("slab") {
        return known(material(name).unwrap_or(BlockId::STONE));
    }
    if name.ends_with("_fence_gate") {
        return known(if property(props, "open") == Some("true") {
            BlockId::AIR
        } else {
            BlockId::POST
        });
    }
    if name.ends_with("_fence") || name.ends_with("_wall") || name == "fence" || name == "iron_bars"
    {
        return known(BlockId::POST);
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
        return known(BlockId::AIR);
    }
    match material(name) {
        Some(block) => known(block),
        None => Mapped {
            block: BlockId::STONE,
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

/// The vanilla state a built-in block is written as when a world is exported
/// to Minecraft: its name and properties. Read back by the importer, each is
/// the same built-in again (`save_folder`'s round-trip test holds it).
#[must_use]
pub fn vanilla_state_of_built_in(
    block: BlockId,
) -> Option<(&'static str, &'static [(&'static str, &'static str)])> {
    const NO_FENCE_SIDES: &[(&str, &str)] = &[
        ("east", "false"),
        ("north", "false"),
        ("south", "false"),
        ("waterlogged", "false"),
        ("west", "false"),
    ];
    Some(match block {
        BlockId::AIR => ("minecraft:air", &[]),
        BlockId::STONE => ("minecraft:stone", &[]),
        BlockId::DIRT => ("minecraft:dirt", &[]),
        BlockId::GRASS => ("minecraft:grass_block", &[("snowy", "false")]),
        BlockId::SAND => ("minecraft:sand", &[]),
        BlockId::WOOD => ("minecraft:oak_planks", &[]),
        BlockId::LEAVES => (
            "minecraft:oak_leaves",
            &[
                ("distance", "7"),
                ("persistent", "true"),
                ("waterlogged", "false"),
            ],
        ),
        BlockId::GLASS => ("minecraft:glass", &[]),
        BlockId::BRICK => ("minecraft:bricks", &[]),
        BlockId::SLAB => (
            "minecraft:stone_slab",
            &[("type", "bottom"), ("waterlogged", "false")],
        ),
        BlockId::TOP_SLAB => (
            "minecraft:stone_slab",
            &[("type", "top"), ("waterlogged", "false")],
        ),
        BlockId::POST => ("minecraft:oak_fence", NO_FENCE_SIDES),
        BlockId::WATER => ("minecraft:water", &[("level", "0")]),
        _ => return None,
    })
}
