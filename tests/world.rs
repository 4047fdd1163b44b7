//! Chunks, coordinates, block shapes and the text world format.

use glam::{DVec3, IVec3};
use proptest::prelude::*;
use voxwalk::block::limits::MAX_SHAPE_REACH;
use voxwalk::block::{BlockId, BlockRegistry};
use voxwalk::formats::{LoadOptions, text_format};
use voxwalk::world::{BlockSource, CHUNK_EDGE, Chunk, World, cell_of, chunk_of, local_of};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn cell_to_chunk_and_back_is_the_identity(x in any::<i32>(), y in -(1 << 30)..(1 << 30), z in -(1 << 30)..(1i32 << 30)) {
        let x = x / 2; // keep chunk * 16 in range
        let cell = IVec3::new(x, y, z);
        let (chunk, local) = (chunk_of(cell), local_of(cell));
        prop_assert!(local.cmpge(IVec3::ZERO).all() && local.cmplt(IVec3::splat(CHUNK_EDGE)).all());
        prop_assert_eq!(cell_of(chunk, local), cell);
        prop_assert_eq!(chunk, IVec3::new(x.div_euclid(16), y.div_euclid(16), z.div_euclid(16)));
    }

    #[test]
    fn set_then_get_returns_the_block_anywhere(cells in proptest::collection::vec(((-70..70i32, -70..70i32, -70..70i32), 0usize..13), 1..200)) {
        let mut world = World::new();
        let mut expected = std::collections::HashMap::new();
        for ((x, y, z), b) in &cells {
            let cell = IVec3::new(*x, *y, *z);
            world.set_block(cell, BlockId::BUILT_IN[*b]);
            expected.insert(cell, BlockId::BUILT_IN[*b]);
        }
        for (cell, block) in &expected {
            prop_assert_eq!(world.block(*cell), *block);
        }
        // The chunk-wise visit sees exactly the solid cells set.
        let mut seen = Vec::new();
        world.for_each_solid_in(IVec3::splat(-70), IVec3::splat(69), |c, shape| seen.push((c, shape.to_vec())));
        let registry = world.registry();
        let mut want: Vec<_> = expected
            .iter()
            .filter(|(_, b)| registry.is_solid(**b))
            .map(|(c, b)| (*c, registry.collision_shape(*b).to_vec()))
            .collect();
        seen.sort_by_key(|(c, _)| c.to_array());
        want.sort_by_key(|(c, _)| c.to_array());
        prop_assert_eq!(seen, want);
    }
}

fn small_world() -> impl Strategy<Value = World> {
    let cells =
        proptest::collection::vec(((-20..20i32, -20..20i32, -20..20i32), 0usize..13), 0..120);
    let spawn = proptest::option::of((-1e6..1e6f64, -1e3..1e3f64, -1e6..1e6f64));
    let name = "[A-Za-z0-9][A-Za-z0-9 ,.'-]{0,20}[A-Za-z0-9]|";
    (cells, spawn, name).prop_map(|(cells, spawn, name)| {
        let mut w = World::new();
        for ((x, y, z), b) in cells {
            w.set_block(IVec3::new(x, y, z), BlockId::BUILT_IN[b]);
        }
        w.spawn = spawn.map(|(x, y, z)| DVec3::new(x, y, z));
        w.name = name;
        w.compact();
        w
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn text_worlds_round_trip(world in small_world()) {
        let text = text_format::to_text(&world, &[]).unwrap();
        let back = text_format::parse(&text).unwrap();
        prop_assert_eq!(back, world, "{}", text);
    }

    /// Any edit of a valid file either loads or fails with a line and column inside the file.
    #[test]
    fn mangled_text_worlds_fail_with_a_place_never_a_panic(world in small_world(), at in any::<prop::sample::Index>(), junk in "[\\PC\n|#]{0,4}") {
        let mut text = text_format::to_text(&world, &[]).unwrap();
        let mut cut = at.index(text.len() + 1);
        while !text.is_char_boundary(cut) { cut -= 1; }
        text.insert_str(cut, &junk);
        if let Err(e) = text_format::parse(&text) {
            prop_assert!(e.line >= 1 && e.line <= text.lines().count() + 1, "{e}");
            prop_assert!(e.column >= 1);
        }
    }
}

#[test]
fn a_uniform_chunk_costs_at_most_64_bytes_and_a_mixed_one_reports_its_size() {
    let uniform = Chunk::Uniform(BlockId::STONE);
    assert!(uniform.storage_bytes() <= 64, "{}", uniform.storage_bytes());
    let mut mixed = uniform.clone();
    mixed.set(IVec3::new(3, 4, 5), BlockId::AIR);
    let bytes = mixed.storage_bytes();
    // A byte of palette index per cell, the 512-byte mask of cells that are
    // not air, and at most 256 more for the palette and the headers.
    assert!(
        (4096 + 512..4096 + 512 + 256).contains(&bytes),
        "mixed chunk: {bytes} bytes"
    );
    println!(
        "block storage: uniform chunk {} bytes, mixed chunk {bytes} bytes",
        uniform.storage_bytes()
    );
    mixed.set(IVec3::new(3, 4, 5), BlockId::STONE);
    mixed.compact();
    assert_eq!(mixed, uniform);
}

#[test]
fn every_built_in_shape_lies_in_its_cell_except_for_the_declared_reach() {
    let registry = BlockRegistry::new();
    for block in BlockId::BUILT_IN {
        for b in registry.collision_shape(block) {
            assert!(b.is_valid() && b.min.cmpge(DVec3::ZERO).all(), "{block:?}");
            assert!(
                b.max.x <= 1.0 && b.max.z <= 1.0 && b.max.y <= 1.0 + MAX_SHAPE_REACH,
                "{block:?}"
            );
        }
        assert_eq!(registry.id(registry.name(block)), Some(block));
    }
    assert!(!registry.is_solid(BlockId::WATER) && !registry.is_solid(BlockId::AIR));
    assert!(registry.is_solid(BlockId::POST));
}

#[test]
fn the_example_of_the_format_loads_as_written() {
    let text = "voxwalk-world 1\n# a test room: a floor, walls, one slab\nname Test room\norigin 0 0 0\nspawn 2.5 1 2.5\nlegend X brick\nlayer 0\n|XXXXX|\n|XXXXX|\n|XXXXX|\nlayer 1\n|#####|\n|#._.#|\n|#####|\n";
    let w = text_format::parse(text).unwrap();
    assert_eq!(w.name, "Test room");
    assert_eq!(w.spawn, Some(DVec3::new(2.5, 1.0, 2.5)));
    assert_eq!(w.block(IVec3::new(4, 0, 2)), BlockId::BRICK);
    assert_eq!(w.block(IVec3::new(2, 1, 1)), BlockId::SLAB);
    assert_eq!(w.block(IVec3::new(1, 1, 1)), BlockId::AIR);
    let counts = w.count_blocks();
    assert_eq!(counts[BlockId::BRICK.index()], 15);
    assert_eq!(counts[BlockId::STONE.index()], 12);
}

#[test]
fn rows_pad_with_air_layers_repeat_and_origin_offsets_everything() {
    let w =
        text_format::parse("voxwalk-world 1\norigin -3 10 5\nlayer 2\n|#\n|  #|\nlayer 2\n|.B\n")
            .unwrap();
    assert_eq!(
        w.block(IVec3::new(-3, 12, 5)),
        BlockId::AIR,
        "a later layer at the same y wins"
    );
    assert_eq!(w.block(IVec3::new(-2, 12, 5)), BlockId::BRICK);
    assert_eq!(w.block(IVec3::new(-1, 12, 6)), BlockId::STONE);
}

#[test]
fn mistakes_are_reported_at_their_line_and_column() {
    let cases: &[(&str, usize, usize, &str)] = &[
        ("", 1, 1, "expected `voxwalk-world 1`"),
        ("layer 0\n", 1, 1, "expected `voxwalk-world 1`"),
        ("voxwalk-world 2\n", 1, 15, "unsupported version"),
        ("voxwalk-world 1\nlayr 0\n", 2, 1, "unknown directive"),
        (
            "voxwalk-world 1\nlayer 0\n|##Q\n",
            3,
            4,
            "unknown block character 'Q'",
        ),
        ("voxwalk-world 1\n|#\n", 2, 1, "row outside a layer"),
        (
            "voxwalk-world 1\nlegend X lava\n",
            2,
            10,
            "unknown block name \"lava\"",
        ),
        (
            "voxwalk-world 1\nlegend XY stone\n",
            2,
            8,
            "`legend` expects",
        ),
        ("voxwalk-world 1\nspawn 1 NaN 2\n", 2, 7, "finite numbers"),
        ("voxwalk-world 1\norigin 1 2\n", 2, 8, "three integers"),
        (
            "voxwalk-world 1\nlayer 0\n|#\norigin 1 2 3\n",
            4,
            1,
            "before the first layer",
        ),
        (
            "voxwalk-world 1\nlayer 0\n|#|#|\n",
            3,
            3,
            "`|` inside a row",
        ),
        (
            "voxwalk-world 1\norigin 2000000000 0 0\n",
            2,
            8,
            "out of range",
        ),
        ("voxwalk-world 1\nlayer x\n", 2, 7, "one integer"),
    ];
    for (text, line, column, message) in cases {
        let e = text_format::parse(text).expect_err(text);
        let shown = e.to_string();
        assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {shown}");
        assert!(shown.contains(message), "{text:?}: {shown}");
        assert!(
            shown.starts_with(&format!("line {line}, column {column}: ")),
            "{shown}"
        );
    }
}

#[test]
fn names_that_would_not_survive_a_round_trip_are_refused() {
    let mut w = World::new();
    w.name = "two\nlines".into();
    assert!(text_format::to_text(&w, &[]).is_err());
}

#[test]
fn shipped_worlds_load_with_the_blocks_they_describe() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("worlds");
    let load = |name: &str| {
        voxwalk::formats::load(dir.join(name), LoadOptions::default())
            .unwrap()
            .into_world()
            .unwrap()
    };
    let w = load("walls_and_corners.vxw");
    assert_eq!(w.block(IVec3::new(8, 2, 7)), BlockId::STONE, "inner L wall");
    assert_eq!(w.count_blocks()[BlockId::BRICK.index()], 144);
    let far = load("far_away.vxw");
    assert_eq!(
        far.block(IVec3::new(30_000_008, 2, -29_999_993)),
        BlockId::STONE
    );
    assert_eq!(far.count_blocks(), w.count_blocks());
    let s = load("slabs_and_posts.vxw");
    assert_eq!(s.block(IVec3::new(8, 1, 1)), BlockId::POST);
    assert_eq!(s.block(IVec3::new(7, 1, 4)), BlockId::TOP_SLAB);
    let c = load("corridor.vxw");
    assert_eq!(c.block(IVec3::new(9, 1, 2)), BlockId::AIR);
    assert_eq!(load("seams.vxw").count_blocks()[BlockId::GRASS.index()], 40);
    let bad =
        voxwalk::formats::load(dir.join("no-such-world.vxw"), LoadOptions::default()).unwrap_err();
    assert!(bad.to_string().contains("no-such-world.vxw"));
}
