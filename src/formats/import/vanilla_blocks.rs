//! Minecraft block states to registry blocks with their vanilla boxes, for the
//! game version a file's `DataVersion` names.
//!
//! What the table of vanilla shapes knows decides the shape: no box is air
//! (flowers, torches, rails; water and lava are seen but not solid), the full cube, the two half slabs and a lone fence post are the
//! built-in blocks of the same shape (full cubes by material, so worlds keep
//! their look; materials with colours of their own, such as gravel, ores,
//! wool, terracotta, ice and snow, are full-cube types of that colour), and
//! every
//! other shape (stairs, fences, walls, panes, snow layers, chests, doors, …)
//! is a registry type of its own, named after the block and the shape
//! (`oak_stairs@12`) and registered once per world. States the table does not
//! know (mods, versions newer than it) fall back to the name rules of
//! [`super::map_block_state`]: full blocks by material, counted as unknown.
//!
//! Where the data cannot speak: scaffolding's boxes are solid only from
//! above and to a body not sneaking (`one_way`, `sneak_through`), where the
//! game also holds a body on the bottom of an unsupported scaffold; powder
//! snow is listed without boxes and is passable; bamboo and
//! pointed dripstone are placed at their cells' corners as listed, without the
//! game's per-position offsets.

use std::collections::HashMap;

use glam::DVec3;

use super::block_states::{Mapped, map_block_state};
use super::materials::material_colour;
use super::vanilla_shapes::{GameVersion, StateShape, UnknownState, VanillaShapes};
use crate::block::{BlockId, BlockType, Liquid, LiquidKind, PropertyValue};
use crate::geometry::Aabb;
use crate::world::World;

/// Maps the states of one file, remembering what each became.
pub(crate) struct VanillaBlocks {
    shapes: Option<(&'static VanillaShapes, GameVersion)>,
    /// What each `name|properties` became.
    mapped: HashMap<String, Mapped>,
    /// The file's dimension is ultra-warm: its lava pushes as the Nether's.
    ultra_warm: bool,
}

const FULL: Aabb = Aabb::new(DVec3::ZERO, DVec3::ONE);
/// The built-ins a state's shape may be, asked for their boxes in the
/// registry (the one home of a block's shape): a vanilla state shaped exactly
/// like one of them is that built-in.
const SHAPED_BUILT_INS: [BlockId; 3] = [BlockId::SLAB, BlockId::TOP_SLAB, BlockId::POST];

/// The built-in of [`SHAPED_BUILT_INS`] whose shape is `boxes`, if any.
fn built_in_shaped(boxes: &[Aabb]) -> Option<BlockId> {
    let registry = crate::block::BlockRegistry::built_in();
    SHAPED_BUILT_INS
        .into_iter()
        .find(|&id| registry.get(id).is_some_and(|t| t.boxes == boxes))
}

impl VanillaBlocks {
    /// A mapper for a file of `data_version` (the newest the table has when
    /// the file does not say).
    pub fn new(data_version: Option<i32>) -> Self {
        let shapes = VanillaShapes::get().ok().map(|table| {
            let version = data_version.map_or(u32::MAX, |v| u32::try_from(v).unwrap_or(0));
            (table, table.version_for(version))
        });
        Self {
            shapes,
            mapped: HashMap::new(),
            ultra_warm: false,
        }
    }

    /// The same for a file of a dimension whose type is ultra-warm (the
    /// Nether) or not, which sets how hard its lava pushes.
    #[must_use]
    pub fn in_ultra_warm_dimension(mut self, ultra_warm: bool) -> Self {
        self.ultra_warm = ultra_warm;
        self
    }

    /// The registry block of state `name` (with or without `minecraft:`) with
    /// `properties` (`k=v` pairs joined by commas), registering its shape in
    /// `world` the first time one is needed.
    pub fn block(&mut self, world: &mut World, name: &str, properties: &str) -> Mapped {
        let key = format!("{name}|{properties}");
        if let Some(&mapped) = self.mapped.get(&key) {
            return mapped;
        }
        let mapped = self.map(world, name, properties);
        self.mapped.insert(key, mapped);
        mapped
    }

    fn map(&self, world: &mut World, name: &str, properties: &str) -> Mapped {
        let name = name.strip_prefix("minecraft:").unwrap_or(name);
        if let Some((kind, level)) = vanilla_liquid(name, properties) {
            // A level out of range reads as the default, a source, as the
            // game reads it; it is counted among the unknown states.
            let mut mapped = liquid_block(world, kind, level.unwrap_or(0), self.ultra_warm);
            mapped.known &= level.is_some();
            return mapped;
        }
        if name == "bubble_column" {
            let drags = stated(properties).any(|(k, v)| k == "drag" && v == "true");
            return bubble_column(world, drags);
        }
        if !stated(properties).any(|(k, v)| k == "waterlogged" && v == "true") {
            return self.map_solid(world, name, properties);
        }
        // The shape is the dry state's; the cell holds source water too.
        let dry: Vec<String> = stated(properties)
            .filter(|(k, _)| *k != "waterlogged")
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let mapped = self.map_solid(world, name, &dry.join(","));
        waterlogged(world, mapped)
    }

    /// The block of a state that holds no liquid of its own.
    fn map_solid(&self, world: &mut World, name: &str, properties: &str) -> Mapped {
        let by_name = map_block_state(name, properties);
        if matches!(by_name.block, BlockId::WATER)
            || matches!(name, "air" | "cave_air" | "void_air")
        {
            return by_name;
        }
        let Some((table, version)) = self.shapes else {
            return by_name;
        };
        let mut stated: Vec<(&str, &str)> = stated(properties).collect();
        let mut every_property_known = true;
        let state = loop {
            match table.state(version, name, &stated) {
                Ok(state) => break state,
                // As the game reads a saved state (`NbtUtils.readBlockState`):
                // a property the block does not have, or a value it does not
                // take, is left out and that property keeps its default. The
                // block stays itself, with the arms its known properties say,
                // and is counted among the unknown states.
                Err(UnknownState::Property {
                    property, value, ..
                }) => {
                    every_property_known = false;
                    stated.retain(|&(k, v)| !(k == property && v == value));
                }
                Err(UnknownState::Block(_)) => return by_name,
            }
        };
        let mut mapped = shaped(world, name, &state, by_name);
        mapped.known &= every_property_known;
        mapped
    }
}

/// The block of a state the table knows, shaped as it lists.
fn shaped(world: &mut World, name: &str, state: &StateShape, by_name: Mapped) -> Mapped {
    let known = |block| Mapped { block, known: true };
    if !vanilla_behaviours(name).is_empty() {
        // A block that acts on bodies is a type of its own, whatever its
        // shape: vines and cobwebs have no boxes yet are climbed and stuck in.
        let colour = material_colour(name).unwrap_or_else(|| {
            world
                .registry()
                .get(full_block(by_name.block))
                .map_or([128, 128, 128], |t| t.look.colour)
        });
        let block = match state.boxes.as_slice() {
            [] => BlockType::new(name).passable().with_colour(colour),
            [only] if *only == FULL => BlockType::cube(name).with_colour(colour),
            boxes => {
                let mut block =
                    BlockType::new(format!("{name}@{}", state.shape)).with_colour(colour);
                block.boxes = boxes.to_vec();
                block
            }
        };
        return registered(world, with_behaviours(block, name));
    }
    if let Some(built_in) = built_in_shaped(&state.boxes) {
        return known(built_in);
    }
    match state.boxes.as_slice() {
        [] => known(BlockId::AIR),
        [only] if *only == FULL => match material_colour(name) {
            Some(rgb) => registered(world, BlockType::cube(name).with_colour(rgb)),
            None => known(full_block(by_name.block)),
        },
        boxes => {
            let colour = material_colour(name).unwrap_or_else(|| {
                world
                    .registry()
                    .get(full_block(by_name.block))
                    .map_or([128, 128, 128], |t| t.look.colour)
            });
            let mut block = BlockType::new(format!("{name}@{}", state.shape)).with_colour(colour);
            block.boxes = boxes.to_vec();
            registered(world, block)
        }
    }
}

/// The `k=v` pairs of a state's properties.
fn stated(properties: &str) -> impl Iterator<Item = (&str, &str)> {
    properties
        .split(',')
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.trim(), v.trim()))
}

/// The liquid a state is, with its level (`None` for a `level` that is not
/// one of 0 to 15): water and lava by their `level`, and the blocks whose
/// fluid state is always a water source though they have no `waterlogged`
/// property (kelp, seagrass, bubble columns).
fn vanilla_liquid(name: &str, properties: &str) -> Option<(LiquidKind, Option<u8>)> {
    let level = || match stated(properties).find(|(k, _)| *k == "level") {
        None => Some(0),
        Some((_, v)) => v.parse::<u8>().ok().filter(|&l| l <= Liquid::MAX_LEVEL),
    };
    match name {
        "water" | "flowing_water" => Some((LiquidKind::Water, level())),
        "lava" | "flowing_lava" => Some((LiquidKind::Lava, level())),
        "kelp" | "kelp_plant" | "seagrass" | "tall_seagrass" => Some((LiquidKind::Water, Some(0))),
        _ => None,
    }
}

/// Minecraft's liquid of `kind` at `level` as a registry type: source water
/// is the built-in type; the rest are registered once each (`lava`,
/// `water@level=3`), with Minecraft's drag and gravity (`travelInFluid`:
/// water 0.8f and 1/16, lava 0.5 and 1/4). Lava of an `ultra_warm`
/// dimension pushes as the Nether's (`liquid_push` 0.007).
fn liquid_block(world: &mut World, kind: LiquidKind, level: u8, ultra_warm: bool) -> Mapped {
    if kind == LiquidKind::Water && level == 0 {
        return Mapped {
            block: BlockId::WATER,
            known: true,
        };
    }
    let block = match kind {
        LiquidKind::Water => liquid_type(
            BlockType::new(format!("water@level={level}")).with_colour([50, 90, 200]),
            kind,
            level,
        ),
        LiquidKind::Lava => {
            let name = if level == 0 {
                "lava".to_owned()
            } else {
                format!("lava@level={level}")
            };
            let lava = liquid_type(BlockType::new(name).with_colour([207, 92, 20]), kind, level);
            if ultra_warm {
                // `Entity.updateFluidHeightAndDoFluidPushing`: the
                // dimension's type decides how hard lava pushes.
                lava.with_property(
                    crate::block::behaviour_names::LIQUID_PUSH,
                    PropertyValue::Number(Liquid::ULTRA_WARM_LAVA_PUSH),
                )
            } else {
                lava
            }
        }
    };
    registered(world, block.passable().with_glyph('~'))
}

/// A bubble column: source water (its fluid state) that lifts a body, or
/// drags it down where `drags` (over magma).
fn bubble_column(world: &mut World, drags: bool) -> Mapped {
    use crate::block::behaviour_names::BUBBLE_COLUMN;
    let (name, way) = if drags {
        ("bubble_column@drag=true", -1.0)
    } else {
        ("bubble_column@drag=false", 1.0)
    };
    let block = liquid_type(
        BlockType::new(name).with_colour([90, 130, 220]),
        LiquidKind::Water,
        0,
    )
    .with_property(BUBBLE_COLUMN, PropertyValue::Number(way))
    .passable()
    .with_glyph('~');
    registered(world, block)
}

/// `block` holding Minecraft's liquid of `kind` at `level`.
fn liquid_type(block: BlockType, kind: LiquidKind, level: u8) -> BlockType {
    use crate::block::behaviour_names::{LAVA, LIQUID_DRAG, LIQUID_GRAVITY, LIQUID_LEVEL};
    use PropertyValue::{Flag, Number};
    let (drag, gravity) = match kind {
        LiquidKind::Water => (f64::from(0.8_f32), 1.0 / 16.0),
        LiquidKind::Lava => (0.5, 0.25),
    };
    let mut block = block
        .with_property(LIQUID_DRAG, Number(drag))
        .with_property(LIQUID_GRAVITY, Number(gravity));
    if level != 0 {
        block = block.with_property(LIQUID_LEVEL, Number(f64::from(level)));
    }
    if kind == LiquidKind::Lava {
        block = block.with_property(LAVA, Flag(true));
    }
    block
}

/// A block with source water in its cell (`waterlogged=true`): its shape and
/// look, and water's behaviours; air that is waterlogged is water.
fn waterlogged(world: &mut World, mapped: Mapped) -> Mapped {
    let registry = world.registry();
    if mapped.block == BlockId::AIR || registry.behaviour(mapped.block).liquid.is_some() {
        return liquid_block(world, LiquidKind::Water, 0, false);
    }
    let Some(base) = registry.get(mapped.block) else {
        return mapped;
    };
    let mut block = base.clone();
    block.name = format!("{}+water", block.name);
    let block = liquid_type(block, LiquidKind::Water, 0);
    Mapped {
        known: mapped.known,
        ..registered(world, block)
    }
}

/// What vanilla blocks do to bodies besides stopping them, with Minecraft's
/// numbers (1.21: `Blocks` for friction, speed and jump factors; the
/// `climbable` block tag; `SlimeBlock`; `WebBlock`). Liquids are made by
/// [`liquid_block`].
fn vanilla_behaviours(name: &str) -> &'static [(&'static str, PropertyValue)] {
    use crate::block::behaviour_names::{
        BOUNCE, BOUNCE_UNDAMPED, CLIMBABLE, JUMP_FACTOR, NO_WATERFALL_WALL, ONE_WAY, SLIPPERINESS,
        SNEAK_THROUGH, SPEED_FACTOR, STUCK_AT_FEET, STUCK_HORIZONTAL, STUCK_VERTICAL, WALL_SLIDE,
    };
    use PropertyValue::{Flag, Number};
    match name {
        // `ScaffoldingBlock.getCollisionShape`: solid only to a body above
        // its top that is not descending (sneaking); climbable inside.
        "scaffolding" => &[
            (CLIMBABLE, Flag(true)),
            (ONE_WAY, Flag(true)),
            (SNEAK_THROUGH, Flag(true)),
        ],
        "ladder"
        | "vine"
        | "weeping_vines"
        | "weeping_vines_plant"
        | "twisting_vines"
        | "twisting_vines_plant"
        | "cave_vines"
        | "cave_vines_plant" => &[(CLIMBABLE, Flag(true))],
        // `IceBlock` (not packed ice): no wall to a waterfall's current.
        "ice" | "frosted_ice" => &[
            (SLIPPERINESS, Number(0.98)),
            (NO_WATERFALL_WALL, Flag(true)),
        ],
        "packed_ice" => &[(SLIPPERINESS, Number(0.98))],
        "blue_ice" => &[(SLIPPERINESS, Number(0.989))],
        "slime_block" => &[(SLIPPERINESS, Number(0.8)), (BOUNCE, Number(1.0))],
        // `BedBlock.bounceUp`: 0.66f of the landing, and no `stepOn`.
        bed if bed.ends_with("_bed") => &[
            (BOUNCE, Number(0.660_000_026_226_043_7)),
            (BOUNCE_UNDAMPED, Flag(true)),
        ],
        "soul_sand" => &[(SPEED_FACTOR, Number(0.4))],
        // `HoneyBlock.doSlideMovement` down its sides.
        "honey_block" => &[
            (SPEED_FACTOR, Number(0.4)),
            (JUMP_FACTOR, Number(0.5)),
            (WALL_SLIDE, Flag(true)),
        ],
        // `WebBlock.entityInside`: (0.25, 0.05f, 0.25).
        "cobweb" => &[
            (STUCK_HORIZONTAL, Number(0.25)),
            (STUCK_VERTICAL, Number(0.050_000_000_745_058_06)),
        ],
        // `PowderSnowBlock.entityInside`: (0.9f, 1.5, 0.9f), a living body
        // only where its feet are. (No boxes: a body without leather boots
        // passes through, but for the one tick a fall of more than 2.5
        // lands on it, which is not modelled.)
        "powder_snow" => &[
            (STUCK_HORIZONTAL, Number(0.899_999_976_158_142_1)),
            (STUCK_VERTICAL, Number(1.5)),
            (STUCK_AT_FEET, Flag(true)),
        ],
        // `SweetBerryBushBlock.entityInside`: (0.8f, 0.75, 0.8f).
        "sweet_berry_bush" => &[
            (STUCK_HORIZONTAL, Number(0.800_000_011_920_929)),
            (STUCK_VERTICAL, Number(0.75)),
        ],
        _ => &[],
    }
}

fn with_behaviours(mut block: BlockType, name: &str) -> BlockType {
    for &(key, value) in vanilla_behaviours(name) {
        block.properties.set(key, value);
    }
    block
}

/// The id of `block` in `world`, registering it the first time (the same name
/// always stands for the same definition here); a definition the registry
/// refuses stays a full block, counted as unknown.
fn registered(world: &mut World, block: BlockType) -> Mapped {
    if let Some(id) = world.registry().id(&block.name) {
        return Mapped {
            block: id,
            known: true,
        };
    }
    match world.register_block(block) {
        Ok(id) => Mapped {
            block: id,
            known: true,
        },
        Err(_) => Mapped {
            block: BlockId::STONE,
            known: false,
        },
    }
}

/// The built-in full cube a state's name rules chose, or stone where they
/// chose a shape that is not one (the table says the state is a full cube).
fn full_block(by_name: BlockId) -> BlockId {
    match by_name {
        BlockId::AIR | BlockId::SLAB | BlockId::TOP_SLAB | BlockId::POST | BlockId::WATER => {
            BlockId::STONE
        }
        other => other,
    }
}
