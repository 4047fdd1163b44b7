//! The block registry: user types round-trip through every format, and bad
//! definitions are refused with the place and field named, changing nothing.

mod support;
use support::cases::cases;
use support::user_blocks;

use std::path::Path;

use glam::{DVec3, IVec3};
use proptest::prelude::*;
use user_blocks::any_block_type;
use voxwalk::block::limits::MAX_BLOCK_TYPES;
use voxwalk::block::{BlockError, BlockField, BlockId, BlockRegistry, BlockType, PropertyValue};
use voxwalk::formats::{binary_format, text_format};
use voxwalk::geometry::Aabb;
use voxwalk::scenario::Scenario;
use voxwalk::world::World;

/// Each cell of `cells` with the definition of its type: what a save and load
/// must keep, whatever ids the types get.
fn definitions(world: &World, cells: &[IVec3]) -> Vec<(IVec3, Option<BlockType>)> {
    cells
        .iter()
        .map(|&c| (c, world.registry().get(world.block(c)).cloned()))
        .collect()
}

/// A world holding `types` (unique names), each in a few cells, mixed with
/// built-ins, and those cells.
fn world_of(types: &[BlockType], places: &[(i32, i32, i32, usize)]) -> (World, Vec<IVec3>) {
    let mut world = World::new();
    let mut ids = BlockId::BUILT_IN.to_vec();
    for t in types {
        ids.push(world.register_block(t.clone()).unwrap());
    }
    let mut cells = Vec::new();
    for &(x, y, z, k) in places {
        let cell = IVec3::new(x, y, z);
        world.set_block(cell, ids[k % ids.len()]);
        cells.push(cell);
    }
    (world, cells)
}

fn unique_types() -> impl Strategy<Value = Vec<BlockType>> {
    proptest::collection::vec(any_block_type(), 1..8).prop_map(|mut types| {
        let mut seen = std::collections::HashSet::new();
        types.retain(|t| seen.insert(t.name.clone()) && BlockRegistry::new().id(&t.name).is_none());
        types
    })
}

fn places() -> impl Strategy<Value = Vec<(i32, i32, i32, usize)>> {
    proptest::collection::vec((-20..20i32, -20..20i32, -20..20i32, 0usize..30), 1..60)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(500)))]

    /// Every field of every user type a cell holds survives text and binary.
    #[test]
    fn user_blocks_round_trip_through_text_and_binary(types in unique_types(), places in places()) {
        let (world, cells) = world_of(&types, &places);
        let want = definitions(&world, &cells);
        let text = text_format::to_text(&world, &[]).unwrap();
        let from_text = text_format::parse(&text).unwrap();
        prop_assert_eq!(definitions(&from_text, &cells), want.clone(), "{}", text);
        let from_binary = binary_format::decode(&binary_format::encode(&world).unwrap()).unwrap();
        prop_assert_eq!(definitions(&from_binary, &cells), want);
        prop_assert_eq!(from_binary.count_blocks_by_name(), world.count_blocks_by_name());
    }

    /// Whatever a registration refuses, the registry is unchanged.
    #[test]
    fn a_refused_registration_changes_nothing(
        mut block in any_block_type(), corner in (-1.0..2.0f64, -1.0..2.0f64, -1.0..2.0f64)
    ) {
        let mut registry = BlockRegistry::new();
        block.solid = true;
        block.boxes.push(Aabb::new(DVec3::new(corner.0, corner.1, corner.2), DVec3::new(corner.0, corner.1, corner.2) + 0.6));
        let before = registry.clone();
        let reach = voxwalk::block::limits::MAX_SHAPE_REACH;
        let within = block.boxes.iter().all(|b| {
            b.min.cmpge(DVec3::splat(-reach)).all() && b.max.cmple(DVec3::splat(1.0 + reach)).all()
        });
        if let Ok(id) = registry.register(block.clone()) {
            // Taken: the type reads back as given, and its boxes are ones
            // the resolver's gathering reaches (a box farther out would be
            // missed by every cell around it).
            prop_assert!(within, "a box beyond the reach was taken: {:?}", block.boxes);
            prop_assert_eq!(registry.get(id).map(|t| &t.boxes), Some(&block.boxes));
            prop_assert_eq!(registry.get(id).map(|t| t.name.as_str()), Some(block.name.as_str()));
        } else {
            // Refused: nothing changed.
            prop_assert_eq!(registry, before);
        }
    }
}

fn invalid_field(error: BlockError) -> (String, BlockField) {
    match error {
        BlockError::Invalid { block, field, .. } => (block, field),
        other => panic!("expected an invalid field, got {other}"),
    }
}

#[test]
fn registration_names_the_block_and_field_it_refuses() {
    let mut registry = BlockRegistry::new();
    let cube = |min: [f64; 3], max: [f64; 3]| Aabb::new(DVec3::from(min), DVec3::from(max));
    let cases = [
        (
            BlockType::new("nan").with_box(cube([0.0, f64::NAN, 0.0], [1.0, 1.0, 1.0])),
            BlockField::Box { index: 0 },
            "not finite",
        ),
        (
            BlockType::cube("inverted").with_box(cube([0.0, 0.0, 0.0], [1.0, 1.0, -0.5])),
            BlockField::Box { index: 1 },
            "inverted on z",
        ),
        (
            BlockType::new("tall").with_box(cube([0.0, 0.0, 0.0], [1.0, 1.6, 1.0])),
            BlockField::Box { index: 0 },
            "reaches 1.6 on y",
        ),
        (
            BlockType::new("low").with_box(cube([0.0, -0.75, 0.0], [1.0, 1.0, 1.0])),
            BlockField::Box { index: 0 },
            "reaches -0.75 on y",
        ),
        (
            BlockType::new("flat").with_box(cube([0.0, 0.5, 0.0], [1.0, 0.5, 1.0])),
            BlockField::Box { index: 0 },
            "thick on y",
        ),
        (
            BlockType::new("many").with_box(cube([0.0; 3], [1.0; 3])),
            BlockField::Boxes,
            "at most 16",
        ),
        (
            BlockType::new("empty"),
            BlockField::Boxes,
            "at least one box",
        ),
        (
            BlockType::new("two words").with_box(cube([0.0; 3], [1.0; 3])),
            BlockField::Name,
            "whitespace",
        ),
        (
            BlockType::cube("odd").with_property("speed", PropertyValue::Number(f64::INFINITY)),
            BlockField::Property {
                name: "speed".into(),
            },
            "not a finite number",
        ),
        (
            BlockType::cube("tab").with_glyph('\t'),
            BlockField::Glyph,
            "not a printable",
        ),
    ];
    for (mut block, field, words) in cases {
        if block.name == "many" {
            block.boxes = vec![block.boxes[0]; 17];
        }
        let name = block.name.clone();
        let error = registry.register(block).unwrap_err();
        let message = error.to_string();
        assert!(message.contains(words), "{name}: {message}");
        assert!(message.contains(&format!("{name:?}")), "{name}: {message}");
        assert_eq!(invalid_field(error), (name, field));
    }
    assert_eq!(registry, BlockRegistry::new(), "nothing was registered");
    let duplicate = registry.register(BlockType::cube("post")).unwrap_err();
    assert_eq!(
        duplicate,
        BlockError::Duplicate {
            block: "post".into()
        }
    );
}

#[test]
fn a_registry_holds_as_many_types_as_ids_and_refuses_one_more() {
    let mut registry = BlockRegistry::new();
    for i in registry.len()..MAX_BLOCK_TYPES {
        registry.register(BlockType::cube(format!("b{i}"))).unwrap();
    }
    assert_eq!(registry.id("b65535"), Some(BlockId(65_535)));
    let full = registry.register(BlockType::cube("one_more")).unwrap_err();
    assert!(
        matches!(full, BlockError::Full { max: 65_536, .. }),
        "{full}"
    );
    assert_eq!(registry.len(), MAX_BLOCK_TYPES);
}

#[test]
fn a_text_world_names_the_line_column_and_field_of_a_bad_block() {
    let bad = |line: &str| {
        text_format::parse(&format!("voxwalk-world 1\n# a comment\n{line}\n")).unwrap_err()
    };
    let e = bad("block ramp box 0 0 0 1 0.5 1 box 0 0.5 NaN 1 1 1");
    assert_eq!((e.line, e.column), (3, 30), "{e}");
    assert!(e.to_string().contains("block \"ramp\", box 2"), "{e}");
    let e = bad("block ramp box 0 0 0 1 0.5 -1");
    assert_eq!((e.line, e.column), (3, 12), "{e}");
    assert!(e.to_string().contains("inverted on z"), "{e}");
    let e = bad("block pole box 0.4 0 0.4 0.6 2 0.6");
    assert!(e.to_string().contains("reaches 2 on y"), "{e}");
    let e = bad("block slab");
    assert_eq!(e.column, 7, "{e}");
    assert!(e.to_string().contains("defined already"), "{e}");
    let e = bad("block ice property slipperiness=fast");
    assert_eq!(e.column, 20, "{e}");
    let e = bad("block ice colour 300 0 0");
    assert!(e.to_string().contains("colour component 300"), "{e}");
    let e = bad("block ice shiny");
    assert!(e.to_string().contains("unknown word \"shiny\""), "{e}");
    let e = bad("block ice box 0 0 0 1 1");
    assert!(e.to_string().contains("six numbers"), "{e}");
    let e = bad("legend x marble");
    assert!(
        e.to_string().contains("unknown block name \"marble\""),
        "{e}"
    );
}

#[test]
fn a_text_world_of_more_block_types_than_ids_is_refused_at_the_first_too_many() {
    let fits = MAX_BLOCK_TYPES - BlockRegistry::new().len();
    let text: String = std::iter::once("voxwalk-world 1\n".to_owned())
        .chain((0..=fits).map(|i| format!("block b{i}\n")))
        .collect();
    let e = text_format::parse(&text).unwrap_err();
    assert_eq!(e.line, fits + 2, "{e}");
    assert!(e.to_string().contains("registry is full"), "{e}");
}

#[test]
fn a_binary_world_names_the_block_type_it_cannot_define() {
    let mut world = World::new();
    let thin = world
        .register_block(BlockType::new("thin").with_box(Aabb::new(DVec3::ZERO, DVec3::splat(0.5))))
        .unwrap();
    world.set_block(IVec3::ZERO, thin);
    let bytes = binary_format::encode(&world).unwrap();
    // Flip the box's max.x (0.5) to −0.5 inside the payload and re-encode the file.
    let payload = inflate(&bytes);
    let at = payload
        .windows(8)
        .rposition(|w| w == 0.5f64.to_le_bytes())
        .expect("the box's max is in the payload");
    let mut broken = payload.clone();
    broken[at - 16..at - 8].copy_from_slice(&(-0.5f64).to_le_bytes());
    let e = binary_format::decode(&deflated_file(&broken)).unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("block type 1") && text.contains("\"thin\"") && text.contains("inverted"),
        "{text}"
    );
}

fn inflate(file: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    flate2::read::DeflateDecoder::new(&file[binary_format::HEADER_BYTES..])
        .read_to_end(&mut out)
        .unwrap();
    out
}

fn deflated_file(payload: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut enc = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
    enc.write_all(payload).unwrap();
    let compressed = enc.finish().unwrap();
    let mut out = Vec::new();
    out.extend_from_slice(binary_format::MAGIC);
    out.extend_from_slice(&binary_format::VERSION.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&crc32fast::hash(payload).to_le_bytes());
    out.extend_from_slice(&compressed);
    out
}

#[test]
fn a_scenario_names_the_file_table_and_field_of_a_bad_block() {
    let path = Path::new("bad_blocks.toml");
    let scenario = |blocks: &str| {
        let text = format!(
            "model = \"minecraft-1.21 v4\"\nworld_text = \"\"\"\nvoxwalk-world 1\nlayer 0\n|#|\n\"\"\"\n{blocks}"
        );
        Scenario::parse(&text, path).unwrap_err().to_string()
    };
    let e = scenario(
        "[[block]]\nname = \"ok\"\n[[block]]\nname = \"bent\"\nboxes = [[0, 0, 0, 1, -1, 1]]\n",
    );
    assert!(
        e.starts_with("bad_blocks.toml")
            && e.contains("[[block]] 2")
            && e.contains("box 1")
            && e.contains("inverted on y"),
        "{e}"
    );
    let e = scenario("[[block]]\nname = \"x\"\nshape = \"round\"\n");
    assert!(e.contains("unknown field `shape`"), "{e}");
    let e = scenario("[[block]]\nname = \"x\"\ncolour = \"#12345\"\n");
    assert!(
        e.contains("[[block]] 1 (\"x\")") && e.contains("#RRGGBB"),
        "{e}"
    );
    let e = scenario("[[block]]\nname = \"stone\"\n");
    assert!(e.contains("defined already"), "{e}");
}

#[test]
fn a_world_whose_cells_outrun_its_registry_collides_as_cubes_and_is_not_saved() {
    let mut world = World::new();
    world.set_block(IVec3::new(0, 0, 0), BlockId(500));
    assert_eq!(
        voxwalk::world::BlockSource::shape_at(&world, IVec3::ZERO).len(),
        1
    );
    assert_eq!(world.registry().name(BlockId(500)), "unknown");
    assert_eq!(
        binary_format::encode(&world).unwrap_err(),
        binary_format::BinaryWriteError::UnknownBlockId { id: 500 }
    );
    assert_eq!(
        text_format::to_text(&world, &[]).unwrap_err(),
        text_format::TextWriteError::UnknownBlockId { id: 500 }
    );
}

#[test]
fn a_spawn_no_format_reads_is_neither_written_nor_read() {
    let mut world = World::new();
    world.spawn = Some(DVec3::new(1e300, 0.0, 0.0));
    assert!(matches!(
        binary_format::encode(&world),
        Err(binary_format::BinaryWriteError::SpawnOutOfRange { .. })
    ));
    assert!(matches!(
        text_format::to_text(&world, &[]),
        Err(text_format::TextWriteError::SpawnOutOfRange { .. })
    ));
    // A binary file that claims one anyway (written by hand) is refused on read.
    world.spawn = Some(DVec3::new(4.0, 0.0, 0.0));
    let payload = inflate(&binary_format::encode(&world).unwrap());
    let at = payload
        .windows(8)
        .position(|w| w == 4.0f64.to_le_bytes())
        .unwrap();
    let mut far = payload.clone();
    far[at..at + 8].copy_from_slice(&1e300f64.to_le_bytes());
    let e = binary_format::decode(&deflated_file(&far)).unwrap_err();
    assert!(e.to_string().contains("beyond"), "{e}");
}

/// A glyph is one printable cell: a zero-width joiner or a bidi override
/// would move what the viewer draws after it.
#[test]
fn glyphs_refuse_invisible_formatting() {
    for glyph in ['\u{200d}', '\u{202e}', '\u{feff}', '\u{1b}'] {
        let block = voxwalk::block::BlockType::cube("odd").with_glyph(glyph);
        assert!(block.validate().is_err(), "{glyph:?} accepted");
    }
    for glyph in ['#', 'é', '▓', 'Ω'] {
        let block = voxwalk::block::BlockType::cube("ok").with_glyph(glyph);
        assert!(block.validate().is_ok(), "{glyph:?} refused");
    }
}

/// Two-cell glyphs (a CJK character, an emoji) and combining marks (no cell
/// of their own) would shift the viewer's columns: refused, naming the glyph.
#[test]
fn glyphs_refuse_what_is_not_one_cell_wide() {
    for glyph in ['漢', '😀', '\u{301}', '\u{ff21}'] {
        let block = voxwalk::block::BlockType::cube("wide").with_glyph(glyph);
        let error = block.validate().unwrap_err().to_string();
        assert!(error.contains("one terminal cell"), "{glyph:?}: {error}");
    }
}
