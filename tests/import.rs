//! Importers on real files written by MagicaVoxel, WorldEdit-style tools and
//! Minecraft (from `../shared/realdata/`: those tests are ignored unless asked
//! for with `cargo test --release -- --ignored`, and then fail without it), a Sponge
//! v2 schematic written here with the format's own structure, and mutated
//! copies of all of them.

mod support;
use support::cases::cases;
use support::realdata;
use support::schematic;
use support::vox;

use realdata::realdata;
use std::io::Cursor;
use std::path::Path;

use fastanvil::{Chunk as _, JavaChunk, Region};
use fastnbt::Value;
use glam::IVec3;
use proptest::prelude::*;
use voxwalk::block::BlockId;
use voxwalk::formats::import::{ImportFormat, VanillaShapes, import};
use voxwalk::formats::{DecodeError, LoadOptions, ReadBudget, decode, load, map_block_state};
use voxwalk::geometry::Aabb;
use voxwalk::world::{BlockSource, World};

use schematic::sponge_v2;
use vox::{vox_chunk, vox_file, vox_size};

fn count(world: &World, block: BlockId) -> u64 {
    world.count_blocks()[block.index()]
}

#[test]
#[ignore = "needs ../shared/realdata"]
fn magicavoxel_models_are_placed_y_up() {
    let path = realdata("dot_vox-placeholder.vox");
    let loaded = load(&path, LoadOptions::default()).unwrap();
    assert_eq!(loaded.format(), "MagicaVoxel (.vox)");
    let w = loaded.world();
    // One 2×2×2 model with 4 voxels, centred on the origin by its transform.
    let solid: u64 = BlockId::BUILT_IN
        .iter()
        .filter(|b| **b != BlockId::AIR)
        .map(|&b| count(w, b))
        .sum();
    assert_eq!(solid, 4);
    assert_eq!(
        w.bounds(),
        Some((IVec3::new(-1, 0, -1), IVec3::new(0, 1, 0)))
    );
    // Each of the four voxels has its own palette colour: four different blocks.
    for block in [
        BlockId::GRASS,
        BlockId::SAND,
        BlockId::BRICK,
        BlockId::WATER,
    ] {
        assert_eq!(count(w, block), 1, "{block:?}");
    }
}

#[test]
#[ignore = "needs ../shared/realdata"]
fn sponge_v3_schematic_maps_states_and_counts_unknown_ones() {
    let path = realdata("valence-example-v3.schem");
    let loaded = load(&path, LoadOptions::default()).unwrap();
    assert_eq!(loaded.format(), "Sponge schematic (.schem)");
    let w = loaded.world();
    // 3×4×3 with a grass floor, a pointed dripstone and four dark oak
    // trapdoors, each with its vanilla boxes (DataVersion 3218, 1.19.3).
    for x in 0..3 {
        for z in 0..3 {
            assert_eq!(w.block(IVec3::new(x, 0, z)), BlockId::GRASS);
        }
    }
    assert_eq!(count(w, BlockId::GRASS), 9);
    let by_name = w.count_blocks_by_name();
    let trapdoors: u64 = by_name
        .iter()
        .filter(|(name, _)| name.starts_with("dark_oak_trapdoor@"))
        .map(|(_, n)| n)
        .sum();
    assert_eq!(trapdoors, 4, "{by_name:?}");
    assert_eq!(by_name.values().sum::<u64>(), 14, "{by_name:?}");
    assert!(loaded.warnings().is_empty(), "{:?}", loaded.warnings());
}

#[test]
fn sponge_v2_schematic_places_cells_x_then_z_then_y() {
    let palette = [
        ("minecraft:air", 0),
        ("minecraft:stone", 1),
        ("minecraft:oak_slab[type=bottom,waterlogged=false]", 2),
        ("minecraft:oak_slab[type=top,waterlogged=false]", 3),
        (
            "minecraft:oak_fence[east=false,north=false,south=false,waterlogged=false,west=false]",
            4,
        ),
        (
            "minecraft:oak_stairs[facing=east,half=bottom,shape=straight,waterlogged=false]",
            5,
        ),
        ("minecraft:water[level=0]", 6),
        ("minecraft:poppy", 7),
    ];
    // 4 wide (x), 2 high (y), 3 long (z): index = x + z·4 + y·12. 200 > 127
    // takes a two-byte varint.
    let mut ids = vec![0; 24];
    ids[0] = 1; // (0,0,0) stone
    ids[1 + 4] = 2; // (1,0,1) slab
    ids[2 + 2 * 4] = 3; // (2,0,2) top slab
    ids[3 + 12] = 4; // (3,1,0) fence
    ids[12 + 4] = 5; // (0,1,1) stairs
    ids[1 + 8 + 12] = 6; // (1,1,2) water
    ids[2] = 7; // (2,0,0) poppy
    let mut palette = palette.to_vec();
    palette.push(("minecraft:bricks", 200));
    ids[3] = 200; // (3,0,0) bricks
    let bytes = sponge_v2(4, 2, 3, &palette, &ids, 2586);
    let (format, imported) = import(&bytes, None, ReadBudget::default(), &mut |_, _| {}).unwrap();
    assert_eq!(format, ImportFormat::Schematic);
    let w = imported.world;
    let at = |x, y, z| w.block(IVec3::new(x, y, z));
    assert_eq!(at(0, 0, 0), BlockId::STONE);
    assert_eq!(at(1, 0, 1), BlockId::SLAB);
    assert_eq!(at(2, 0, 2), BlockId::TOP_SLAB);
    assert_eq!(at(3, 1, 0), BlockId::POST);
    // Stairs facing east: the lower half, and the upper half on the east.
    let stairs: Vec<[f64; 6]> = w
        .shape_at(IVec3::new(0, 1, 1))
        .iter()
        .map(Aabb::to_array)
        .collect();
    assert_eq!(
        stairs,
        [
            [0.0, 0.0, 0.0, 1.0, 0.5, 1.0],
            [0.5, 0.5, 0.0, 1.0, 1.0, 1.0]
        ],
        "{}",
        w.registry().name(at(0, 1, 1))
    );
    assert_eq!(at(1, 1, 2), BlockId::WATER);
    assert_eq!(at(2, 0, 0), BlockId::AIR, "a poppy has no collision");
    assert_eq!(at(3, 0, 0), BlockId::BRICK);
    assert_eq!(imported.warnings.unknown_states.values().sum::<u64>(), 0);

    // Hostile variants: an id not in the palette, data cut short, absurd sizes.
    let mut bad = ids.clone();
    bad[5] = 9;
    let e = import(
        &sponge_v2(4, 2, 3, &palette, &bad, 2586),
        None,
        ReadBudget::default(),
        &mut |_, _| {},
    )
    .unwrap_err();
    assert!(e.problem.contains("palette id 9"), "{e}");
    let e = import(
        &sponge_v2(4, 2, 3, &palette, &ids[..20], 2586),
        None,
        ReadBudget::default(),
        &mut |_, _| {},
    )
    .unwrap_err();
    assert!(e.problem.contains("ends at cell"), "{e}");
    let e = import(
        &sponge_v2(-1, -1, -1, &palette, &ids, 2586),
        None,
        ReadBudget::default(),
        &mut |_, _| {},
    )
    .unwrap_err();
    assert!(e.problem.contains("more than"), "{e}");
}

#[test]
fn schematics_that_claim_what_they_cannot_hold_are_errors_not_empty_worlds() {
    let schematic = |width: Value, depth: i32, palette: &[(&str, i32)]| {
        let root: std::collections::HashMap<String, Value> = [
            ("Version".to_owned(), Value::Int(2)),
            ("Width".to_owned(), width),
            ("Height".to_owned(), Value::Int(depth)),
            ("Length".to_owned(), Value::Int(depth)),
            (
                "Palette".to_owned(),
                Value::Compound(
                    palette
                        .iter()
                        .map(|(s, id)| ((*s).to_owned(), Value::Int(*id)))
                        .collect(),
                ),
            ),
            (
                "BlockData".to_owned(),
                Value::ByteArray(fastnbt::ByteArray::new(vec![0; 8])),
            ),
        ]
        .into_iter()
        .collect();
        fastnbt::to_bytes_with_opts(
            &Value::Compound(root),
            fastnbt::SerOpts::new().root_name("Schematic"),
        )
        .unwrap()
    };
    // 4194304 × 2097152 × 2097152 = 2^64 cells: once wrapped to an empty world.
    let e = import(
        &schematic(Value::Int(4_194_304), 2_097_152, &[("minecraft:air", 0)]),
        None,
        ReadBudget::default(),
        &mut |_, _| {},
    )
    .unwrap_err();
    assert!(e.problem.contains("4194304 is not a size"), "{e}");
    // Two states with one id: once one of them silently won.
    let mut root_palette = vec![("minecraft:stone", 0), ("minecraft:dirt", 0)];
    root_palette.sort_unstable();
    let e = import(
        &schematic(Value::Short(1), 1, &root_palette),
        None,
        ReadBudget::default(),
        &mut |_, _| {},
    )
    .unwrap_err();
    assert!(e.problem.contains("palette id 0 is given to both"), "{e}");
}

/// Cross-checks a region against fastanvil read independently: every `step`-th
/// cell of every chunk collides with the vanilla boxes of its state for the
/// chunk's `DataVersion` (states the table does not know: the name rules'
/// block).
fn cross_check_region(path: &Path, region: (i32, i32), step: usize) -> usize {
    let loaded = load(path, LoadOptions::default()).unwrap();
    let bytes = std::fs::read(path).unwrap();
    let mut r = Region::from_stream(Cursor::new(bytes)).unwrap();
    let shapes = VanillaShapes::get().unwrap();
    let mut checked = 0;
    for cx in 0..32 {
        for cz in 0..32 {
            let Ok(Some(nbt)) = r.read_chunk(cx, cz) else {
                continue;
            };
            let Ok(chunk) = JavaChunk::from_bytes(&nbt) else {
                continue;
            };
            let data_version = match fastnbt::from_bytes::<Value>(&nbt) {
                Ok(Value::Compound(c)) => match c.get("DataVersion") {
                    Some(Value::Int(v)) => *v as u32,
                    _ => u32::MAX,
                },
                _ => u32::MAX,
            };
            let version = shapes.version_for(data_version);
            let ys = chunk.y_range();
            let mut i = 0usize;
            for y in ys.clone() {
                for x in 0..16 {
                    for z in 0..16 {
                        i += 1;
                        if !i.is_multiple_of(step) {
                            continue;
                        }
                        let Some(state) = chunk.block(x, y, z) else {
                            continue;
                        };
                        let (name, props) = state
                            .encoded_description()
                            .split_once('|')
                            .unwrap_or((state.name(), ""));
                        let stated: Vec<(&str, &str)> = props
                            .split(',')
                            .filter_map(|kv| kv.split_once('='))
                            .collect();
                        let plain = name.strip_prefix("minecraft:").unwrap_or(name);
                        let registry = loaded.world().registry();
                        let want: Vec<Aabb> = match shapes.state(version, plain, &stated) {
                            Ok(state) => state.boxes,
                            Err(_) => registry
                                .collision_shape(map_block_state(name, props).block)
                                .to_vec(),
                        };
                        let cell = IVec3::new(
                            (region.0 * 32 + cx as i32) * 16 + x as i32,
                            y as i32,
                            (region.1 * 32 + cz as i32) * 16 + z as i32,
                        );
                        assert_eq!(
                            loaded.world().shape_at(cell),
                            want.as_slice(),
                            "{} at {cell}",
                            state.encoded_description()
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    checked
}

#[test]
#[ignore = "needs ../shared/realdata"]
fn minecraft_regions_of_four_eras_land_where_the_game_has_them() {
    // 1.15 (Level.Sections, BlockStates + Palette), one chunk at (1, 3).
    {
        let p = realdata("querz-1.15-r.0.0.mca");
        let w = load(&p, LoadOptions::default())
            .unwrap()
            .into_world()
            .unwrap();
        assert_eq!(
            w.bounds(),
            Some((IVec3::new(16, 0, 48), IVec3::new(31, 79, 63)))
        );
        assert!(count(&w, BlockId::GRASS) > 100 && count(&w, BlockId::LEAVES) > 100);
        assert!(cross_check_region(&p, (0, 0), 7) > 2_000);
    }
    // 1.18 (sections[].block_states, yPos −4), region (−1, −1) from its name.
    {
        let p = realdata("querz-1.18-r.-1.-1.mca");
        let w = load(&p, LoadOptions::default())
            .unwrap()
            .into_world()
            .unwrap();
        let (lo, hi) = w.bounds().unwrap();
        assert_eq!((lo, hi.x, hi.z), (IVec3::new(-128, -64, -192), -113, -177));
        assert!(count(&w, BlockId::SAND) > 100, "badlands sand");
        assert!(cross_check_region(&p, (-1, -1), 7) > 2_000);
    }
    // 1.13 with stored lengths that stop before the zlib checksum: all three read.
    {
        let p = realdata("querz-1.13-r.2.2-short-lengths.mca");
        let loaded = load(&p, LoadOptions::default()).unwrap();
        assert!(
            !loaded.warnings().iter().any(|w| w.contains("skipped")),
            "{:?}",
            loaded.warnings()
        );
        let columns: std::collections::BTreeSet<(i32, i32)> =
            loaded.world().chunks().map(|(k, _)| (k.x, k.z)).collect();
        assert_eq!(columns.len(), 3);
    }
    // A whole 1.19.4 region: 676 chunks, y −64..320.
    {
        let p = realdata("fastanvil-1.19.4-r.mca");
        let mut seen = (0, 0);
        let mut progress = |done, total| seen = (done, total);
        let loaded = load(&p, LoadOptions::default().progress(&mut progress)).unwrap();
        assert_eq!(seen, (676, 676), "progress reaches the end");
        let w = loaded.world();
        let columns: std::collections::BTreeSet<(i32, i32)> =
            w.chunks().map(|(k, _)| (k.x, k.z)).collect();
        // 387 of the 676 are still at the `structure_starts` or `biomes` stage of
        // generation and hold no blocks; the other 289 (225 `full`) do.
        assert_eq!(columns.len(), 289);
        assert!(count(w, BlockId::STONE) > 5_000_000);
        assert!(count(w, BlockId::WATER) > 1_000_000, "an ocean");
        // Every state is vanilla 1.19.4: none unknown, and the 108 oak and 20
        // spruce stairs that used to be full blocks have their own boxes.
        assert!(
            !loaded
                .warnings()
                .iter()
                .any(|l| l.contains("unknown block states")),
            "{:?}",
            loaded.warnings()
        );
        let by_name = w.count_blocks_by_name();
        let cells_of = |prefix: &str| -> u64 {
            by_name
                .iter()
                .filter(|(name, _)| name.starts_with(prefix))
                .map(|(_, n)| n)
                .sum()
        };
        assert_eq!(cells_of("oak_stairs@"), 108, "{by_name:?}");
        assert_eq!(cells_of("spruce_stairs@"), 20, "{by_name:?}");
        assert!(cross_check_region(&p, (0, 0), 97) > 100_000);
    }
}

#[test]
#[ignore = "needs ../shared/realdata"]
fn a_bare_chunk_lands_at_its_xpos_zpos() {
    let p = realdata("fastanvil-forge-1.20.1-chunk.nbt");
    let loaded = load(&p, LoadOptions::default()).unwrap();
    assert_eq!(loaded.format(), "Minecraft chunk (.nbt)");
    let (lo, hi) = loaded.world().bounds().unwrap();
    assert_eq!((lo.x, lo.z, hi.x, hi.z), (0, 0, 15, 15));
    assert_eq!(lo.y, -64);
    assert!(count(loaded.world(), BlockId::STONE) > 20_000);
}

fn small_real_files() -> Vec<(String, Vec<u8>)> {
    [
        "dot_vox-placeholder.vox",
        "valence-example-v3.schem",
        "querz-1.15-r.0.0.mca",
        "querz-1.18-r.-1.-1.mca",
        "querz-1.13-r.2.2-short-lengths.mca",
        "fastanvil-forge-1.20.1-chunk.nbt",
    ]
    .iter()
    .map(|n| ((*n).to_owned(), std::fs::read(realdata(n)).unwrap()))
    .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(2000)))]

    /// Damaged files of every imported format are errors or worlds, never panics.
    #[test]
    #[ignore = "needs ../shared/realdata"]
    fn mutated_real_files_never_panic(
        which in any::<usize>(),
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), 0u8..4), 1..6),
    ) {
        thread_local! { static FILES: Vec<(String, Vec<u8>)> = small_real_files(); }
        let (name, mut bytes) = FILES.with(|f| f[which % f.len()].clone());
        for &(at, value, kind) in &edits {
            let n = bytes.len().max(1);
            match kind {
                0 => if !bytes.is_empty() { bytes[at % n] = value },
                1 => if !bytes.is_empty() { bytes[at % n] ^= value | 1 },
                2 => bytes.truncate(at % n),
                _ => bytes.insert(at % (bytes.len() + 1), value),
            }
        }
        let _ = decode(&bytes, Some(&name), LoadOptions::default());
    }
}

/// A 1.20 chunk whose one section has the block states `palette` and `data`,
/// or no block states at all for `None`.
fn chunk_with_section(palette: Option<&[&str]>, data: Option<Vec<i64>>) -> Vec<u8> {
    let compound = |entries: Vec<(&str, Value)>| {
        Value::Compound(
            entries
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v))
                .collect(),
        )
    };
    let mut section = vec![("Y", Value::Byte(0))];
    if let Some(palette) = palette {
        let palette = palette
            .iter()
            .map(|name| compound(vec![("Name", Value::String((*name).to_owned()))]))
            .collect();
        let mut states = vec![("palette", Value::List(palette))];
        if let Some(data) = data {
            states.push(("data", Value::LongArray(fastnbt::LongArray::new(data))));
        }
        section.push(("block_states", compound(states)));
    }
    let root = compound(vec![
        ("DataVersion", Value::Int(3465)),
        ("xPos", Value::Int(0)),
        ("zPos", Value::Int(0)),
        ("yPos", Value::Int(-4)),
        ("Status", Value::String("minecraft:full".to_owned())),
        ("sections", Value::List(vec![compound(section)])),
    ]);
    fastnbt::to_bytes(&root).unwrap()
}

#[test]
fn sections_whose_block_states_cannot_hold_every_cell_are_errors_naming_the_section() {
    let two = &["minecraft:stone", "minecraft:air"][..];
    for (palette, data, says) in [
        // Two states take 4 bits a cell: 256 longs; one is there.
        (
            two,
            Some(vec![0x1111_1111_1111_1111]),
            "section Y=0: 1 longs of block states, 2 palette entries need 256",
        ),
        (two, Some(vec![0; 255]), "section Y=0: 255 longs"),
        // No palette at all, yet data.
        (
            &[][..],
            Some(vec![0; 256]),
            "section Y=0: 256 longs of block states but an empty palette",
        ),
    ] {
        let bytes = chunk_with_section(Some(palette), data);
        let Err(DecodeError::Import(e)) = decode(&bytes, Some("c.nbt"), LoadOptions::default())
        else {
            panic!("{palette:?}: not refused by the importer");
        };
        assert!(e.to_string().contains(says), "{e}");
    }
    // A section with nothing to read (no palette and no data, or no block
    // states at all) is air.
    for palette in [Some(&[][..]), None] {
        let bytes = chunk_with_section(palette, None);
        let world = decode(&bytes, Some("c.nbt"), LoadOptions::default())
            .unwrap()
            .into_world()
            .unwrap();
        assert_eq!(world.chunk_count(), 0);
    }
    // The same chunk with all its data loads: stone in every other cell.
    let bytes = chunk_with_section(Some(two), Some(vec![0x1010_1010_1010_1010; 256]));
    let world = decode(&bytes, Some("c.nbt"), LoadOptions::default())
        .unwrap()
        .into_world()
        .unwrap();
    assert_eq!(count(&world, BlockId::STONE), 4096 / 2);
}

#[test]
fn a_region_skips_the_chunk_with_short_block_states_and_reads_the_rest() {
    let two = &["minecraft:stone", "minecraft:air"][..];
    let good = chunk_with_section(Some(two), Some(vec![0x1010_1010_1010_1010; 256]));
    let short = chunk_with_section(Some(two), Some(vec![0; 1]));
    // Two header sectors, then each chunk uncompressed (scheme 3) in whole sectors.
    let mut region = vec![0u8; 2 * 4096];
    for (index, nbt) in [good, short].iter().enumerate() {
        let offset = region.len() / 4096;
        let sectors = (nbt.len() + 5).div_ceil(4096);
        region[index * 4..index * 4 + 4].copy_from_slice(&[0, 0, offset as u8, sectors as u8]);
        region.extend_from_slice(&(nbt.len() as u32 + 1).to_be_bytes());
        region.push(3);
        region.extend_from_slice(nbt);
        region.resize((offset + sectors) * 4096, 0);
    }
    let loaded = decode(&region, Some("r.0.0.mca"), LoadOptions::default()).unwrap();
    assert_eq!(count(loaded.world(), BlockId::STONE), 4096 / 2);
    assert!(
        loaded.warnings().iter().any(|w| w.contains(
            "chunk (1, 0) skipped: section Y=0: 1 longs of block states, 2 palette entries need 256"
        )),
        "{:?}",
        loaded.warnings()
    );
}

#[test]
fn a_vox_model_claiming_more_voxels_than_it_holds_is_an_error_not_an_empty_world() {
    let size = vox_size(2, 2, 2);
    let lying = vox_chunk(*b"XYZI", &(1u32 << 30).to_le_bytes(), &[]);
    let file = vox_file;
    let e = import(
        &file(&[size.clone(), lying].concat()),
        None,
        ReadBudget::default(),
        &mut |_, _| {},
    )
    .unwrap_err();
    assert!(
        e.problem
            .contains("model 0 claims 1073741824 voxels, its chunk holds 0"),
        "{e}"
    );
    // One voxel, whole: it loads; cut two bytes short: the chunk claims more
    // than the file holds.
    let mut voxels = 1u32.to_le_bytes().to_vec();
    voxels.extend([0, 0, 0, 1]);
    let mut good = file(&[size, vox_chunk(*b"XYZI", &voxels, &[])].concat());
    let (_, imported) = import(&good, None, ReadBudget::default(), &mut |_, _| {}).unwrap();
    assert_eq!(
        imported.world.count_blocks_by_name().values().sum::<u64>(),
        1
    );
    good.truncate(good.len() - 2);
    let e = import(&good, None, ReadBudget::default(), &mut |_, _| {}).unwrap_err();
    assert!(e.problem.contains("are left"), "{e}");
}

/// A known block with a property it does not have, or a value it does not
/// take, imports as that block with the properties it knows (the rest at
/// their defaults, as the game reads a saved state) and is counted among
/// the unknown states: a ladder, vine, cobweb and scaffolding stay what
/// they are (the build before made them air, and waterlogged scaffolding
/// plain water), a fence keeps the arm its good property gives it (not a
/// bare post), and water and lava with a level out of range are read as
/// sources and counted.
#[test]
fn a_known_block_with_a_bad_property_keeps_what_it_knows_and_is_counted() {
    let states = [
        "minecraft:ladder[facing=north,waterlogged=false,colour=red]",
        "minecraft:vine[east=true,north=false,south=false,up=false,west=maybe]",
        "minecraft:cobweb[sticky=yes]",
        "minecraft:scaffolding[bottom=false,distance=9,waterlogged=false]",
        "minecraft:scaffolding[bottom=false,distance=0,waterlogged=true,extra=1]",
        "minecraft:oak_fence[east=true,north=false,south=false,waterlogged=false,west=bogus]",
        "minecraft:water[level=16]",
        "minecraft:lava[level=-1]",
    ];
    let palette: Vec<(&str, i32)> = std::iter::once(("minecraft:air", 0))
        .chain(states.iter().zip(1..).map(|(s, i)| (*s, i)))
        .collect();
    // One state a column along x, on a 9 × 1 × 1 strip.
    let ids: Vec<i32> = (0..9).collect();
    let bytes = sponge_v2(9, 1, 1, &palette, &ids, 3218);
    let (_, imported) = import(&bytes, None, ReadBudget::default(), &mut |_, _| {}).unwrap();
    let w = imported.world;
    let name = |x| w.registry().name(w.block(IVec3::new(x, 0, 0))).to_owned();
    let registry = w.registry();
    let behaviour = |x| *registry.behaviour(w.block(IVec3::new(x, 0, 0)));
    assert!(behaviour(1).climbable, "ladder: {}", name(1));
    assert!(behaviour(2).climbable, "vine: {}", name(2));
    assert!(behaviour(3).stuck.is_some(), "cobweb: {}", name(3));
    assert!(
        name(4).starts_with("scaffolding"),
        "scaffolding: {}",
        name(4)
    );
    assert!(
        name(5).starts_with("scaffolding") && behaviour(5).liquid.is_some(),
        "waterlogged scaffolding: {}",
        name(5)
    );
    // The fence's east arm: a box reaching the cell's east face.
    let fence = w.shape_at(IVec3::new(6, 0, 0));
    assert!(
        fence.iter().any(|b| b.max.x == 1.0),
        "{}: {fence:?}",
        name(6)
    );
    assert_eq!(w.block(IVec3::new(7, 0, 0)), BlockId::WATER, "{}", name(7));
    assert!(behaviour(8).liquid.is_some(), "lava: {}", name(8));
    let unknown: u64 = imported.warnings.unknown_states.values().sum();
    assert_eq!(unknown, 8, "{:?}", imported.warnings.unknown_states);
}
