//! Imported Minecraft blocks collide with their vanilla boxes, checked through
//! the resolver: thin probes dropped onto each shape and slid into it stop where
//! the game's boxes say, for stairs of every facing, half and shape, fences and
//! panes with each connection, walls, snow layers, chests, doors, trapdoors and
//! the other partial blocks.

mod support;
use support::schematic;

use glam::{DVec3, IVec3};
use voxwalk::formats::import::{VanillaShapes, import};
use voxwalk::geometry::Aabb;
use voxwalk::resolver::{CONTACT_GAP, Resolver};
use voxwalk::world::{BlockSource, World};

/// Minecraft 1.20.1.
const DATA_VERSION: i32 = 3465;
/// Cells between two probed blocks along x.
const SPACING: i32 = 3;

/// Every state probed: the name and the properties it states.
fn states() -> Vec<String> {
    let mut out = Vec::new();
    for facing in ["north", "east", "south", "west"] {
        for half in ["bottom", "top"] {
            for shape in [
                "straight",
                "inner_left",
                "inner_right",
                "outer_left",
                "outer_right",
            ] {
                out.push(format!(
                    "oak_stairs[facing={facing},half={half},shape={shape}]"
                ));
            }
        }
    }
    let sides = ["north", "east", "south", "west"];
    for mask in 0..16 {
        let connected = |k: usize| {
            if mask & (1 << k) != 0 {
                "true"
            } else {
                "false"
            }
        };
        let props = sides
            .iter()
            .enumerate()
            .map(|(k, s)| format!("{s}={}", connected(k)))
            .collect::<Vec<_>>()
            .join(",");
        for block in ["oak_fence", "glass_pane", "iron_bars"] {
            out.push(format!("{block}[{props}]"));
        }
    }
    for (up, east, north) in [
        ("true", "none", "none"),
        ("true", "low", "none"),
        ("true", "tall", "none"),
        ("false", "low", "none"),
        ("false", "tall", "tall"),
        ("true", "low", "tall"),
    ] {
        out.push(format!(
            "cobblestone_wall[up={up},east={east},north={north},south=none,west=none]"
        ));
    }
    for layers in 1..=8 {
        out.push(format!("snow[layers={layers}]"));
    }
    for kind in ["single", "left", "right"] {
        out.push(format!("chest[type={kind},facing=north]"));
    }
    for open in ["false", "true"] {
        out.push(format!(
            "oak_door[facing=east,half=lower,hinge=left,open={open}]"
        ));
        for half in ["bottom", "top"] {
            out.push(format!(
                "oak_trapdoor[facing=north,half={half},open={open}]"
            ));
        }
    }
    for kind in ["bottom", "top", "double"] {
        out.push(format!("oak_slab[type={kind}]"));
    }
    for hanging in ["false", "true"] {
        out.push(format!("lantern[hanging={hanging}]"));
    }
    for eye in ["false", "true"] {
        out.push(format!("end_portal_frame[eye={eye},facing=north]"));
    }
    for plain in [
        "white_carpet",
        "soul_sand",
        "farmland",
        "dirt_path",
        "cake",
        "cauldron",
        "hopper",
        "lily_pad",
        "cactus",
        "stone",
        "poppy",
    ] {
        out.push(plain.to_owned());
    }
    out
}

/// A schematic of every state in a row along x, `SPACING` apart, imported.
fn probed_world(states: &[String]) -> World {
    let width = SPACING * states.len() as i32;
    let mut palette: Vec<(String, i32)> = vec![("minecraft:air".to_owned(), 0)];
    let mut ids = vec![0; width as usize];
    for (k, state) in states.iter().enumerate() {
        palette.push((format!("minecraft:{state}"), k as i32 + 1));
        ids[k * SPACING as usize] = k as i32 + 1;
    }
    let palette: Vec<(&str, i32)> = palette.iter().map(|(s, id)| (s.as_str(), *id)).collect();
    let bytes = schematic::sponge_v2(width as i16, 1, 1, &palette, &ids, DATA_VERSION);
    let (_, imported) = import(
        &bytes,
        None,
        voxwalk::formats::ReadBudget::default(),
        &mut |_, _| {},
    )
    .unwrap();
    assert!(
        imported.warnings.is_empty(),
        "{:?}",
        imported.warnings.lines()
    );
    imported.world
}

/// The boxes the table lists for `state`.
fn vanilla_boxes(state: &str) -> Vec<Aabb> {
    let shapes = VanillaShapes::get().unwrap();
    let (name, props) = state.split_once('[').unwrap_or((state, "]"));
    let stated: Vec<(&str, &str)> = props
        .trim_end_matches(']')
        .split(',')
        .filter_map(|kv| kv.split_once('='))
        .collect();
    shapes
        .state(shapes.version_for(DATA_VERSION as u32), name, &stated)
        .unwrap()
        .boxes
}

/// The face a probe moving along `axis` (towards + when `toward > 0`) meets
/// first among the boxes it overlaps on the other two axes (open intervals:
/// touching an edge is not meeting it), in the probe's and boxes' frame.
fn first_face(boxes: &[Aabb], probe: &Aabb, axis: usize, toward: f64) -> Option<f64> {
    let in_path = |b: &&Aabb| {
        (0..3)
            .filter(|&k| k != axis)
            .all(|k| probe.min[k] < b.max[k] && b.min[k] < probe.max[k])
    };
    let met = boxes.iter().filter(in_path);
    if toward > 0.0 {
        met.map(|b| b.min[axis]).reduce(f64::min)
    } else {
        met.map(|b| b.max[axis]).reduce(f64::max)
    }
}

#[test]
fn probes_stop_on_and_against_every_vanilla_shape_where_its_boxes_say() {
    let states = states();
    let world = probed_world(&states);
    let mut resolver = Resolver::new();
    let (mut drops, mut slides) = (0, 0);
    for (k, state) in states.iter().enumerate() {
        let origin = IVec3::new(k as i32 * SPACING, 0, 0);
        let boxes = vanilla_boxes(state);
        let shape = world.shape_at(origin);
        assert_eq!(
            shape,
            boxes.as_slice(),
            "{state}: the imported cell's boxes"
        );
        let base = origin.as_dvec3();
        let half = 0.025;
        // Drops: a 0.05-wide probe from above onto 5 × 5 points of the cell.
        for i in 0..5 {
            for j in 0..5 {
                let (x, z) = (0.1 + 0.2 * f64::from(i), 0.1 + 0.2 * f64::from(j));
                let probe = Aabb::new(
                    DVec3::new(x - half, 2.0, z - half),
                    DVec3::new(x + half, 2.05, z + half),
                );
                let top = first_face(&boxes, &probe, 1, -1.0);
                let m = resolver
                    .move_box(&world, probe.translated(base), DVec3::new(0.0, -4.0, 0.0))
                    .unwrap();
                let want = top.map_or(-2.0, |t| t + CONTACT_GAP);
                assert!(
                    (m.end.min.y - want).abs() < 1e-9,
                    "{state}: dropped at ({x}, {z}) rests at {}, the boxes say {want}",
                    m.end.min.y
                );
                drops += 1;
            }
        }
        // Slides: a 0.05 probe moving +x into the cell at 5 heights × 3 depths.
        for y in [0.03, 0.3, 0.6, 0.9, 1.3] {
            for z in [0.2, 0.5, 0.8] {
                let probe = Aabb::new(
                    DVec3::new(-0.65, y - half, z - half),
                    DVec3::new(-0.6, y + half, z + half),
                );
                let face = first_face(&boxes, &probe, 0, 1.0);
                let m = resolver
                    .move_box(&world, probe.translated(base), DVec3::new(2.0, 0.0, 0.0))
                    .unwrap();
                let want = face.map_or(base.x + 1.4, |f| base.x + f - CONTACT_GAP);
                assert!(
                    (m.end.max.x - want).abs() < 1e-9,
                    "{state}: slid in at y {y}, z {z} stops at {}, the boxes say {want}",
                    m.end.max.x
                );
                slides += 1;
            }
        }
    }
    println!("{} states, {drops} drops, {slides} slides", states.len());
}

#[test]
fn vanilla_figures_hold_for_the_blocks_players_know() {
    let top = |state: &str| {
        vanilla_boxes(state)
            .iter()
            .map(|b| b.max.y)
            .fold(0.0, f64::max)
    };
    assert_eq!(top("chest[type=single,facing=north]"), 0.875);
    assert_eq!(top("soul_sand"), 0.875);
    assert_eq!(top("farmland"), 0.9375);
    assert_eq!(top("dirt_path"), 0.9375);
    assert_eq!(
        top("oak_fence[north=true,east=false,south=true,west=false]"),
        1.5
    );
    assert_eq!(
        top("cobblestone_wall[up=false,east=low,north=none,south=none,west=none]"),
        1.5
    );
    assert_eq!(top("white_carpet"), 0.0625);
    assert!(
        vanilla_boxes("snow[layers=1]").is_empty(),
        "one layer has no collision"
    );
    for layers in 2..=8 {
        assert_eq!(
            top(&format!("snow[layers={layers}]")),
            f64::from(layers - 1) / 8.0
        );
    }
    assert_eq!(
        vanilla_boxes("oak_stairs[facing=north,half=bottom,shape=straight]").len(),
        2
    );
    assert_eq!(
        vanilla_boxes("oak_stairs[facing=north,half=bottom,shape=outer_left]").len(),
        2
    );
    assert_eq!(
        vanilla_boxes("oak_stairs[facing=north,half=bottom,shape=inner_left]").len(),
        3
    );
}
