//! Minecraft's liquids in a real save: the 1.19.4 region in
//! `../shared/realdata` read cell by cell against a plain reading of its
//! palettes (fastanvil, independently), every liquid cell of the right kind
//! and level, waterlogged blocks and the blocks that are always water
//! (kelp, seagrass, bubble columns) holding source water; and a body in its
//! sea bobbing and sinking as the client port does, tick for tick.

mod support;

use std::collections::HashMap;
use std::io::Cursor;

use fastanvil::{JavaChunk, Region};
use fastnbt::Value;
use support::minecraft_reference::{FLOOR_TOP, Flat, Ground, Keys, Medium, Player};
use support::movement_figures::{bubble_shaft, stream};
use support::realdata::realdata;
use voxwalk::block::LiquidKind;
use voxwalk::controller::{Body, Input, Settings, Simulation};
use voxwalk::formats::{LoadOptions, load};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::world::{BlockSource, World};

/// What a state's plain reading says its cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Plain {
    Water(u8),
    Lava(u8),
    AlwaysWater,
    Waterlogged,
    Dry,
}

impl Plain {
    fn of(description: &str) -> Plain {
        let (name, properties) = description.split_once('|').unwrap_or((description, ""));
        let name = name.strip_prefix("minecraft:").unwrap_or(name);
        let property = |key: &str| {
            properties
                .split(',')
                .filter_map(|kv| kv.split_once('='))
                .find(|(k, _)| *k == key)
                .map(|(_, v)| v)
        };
        let level = || property("level").and_then(|l| l.parse().ok()).unwrap_or(0);
        match name {
            "water" => Plain::Water(level()),
            "lava" => Plain::Lava(level()),
            "kelp" | "kelp_plant" | "seagrass" | "tall_seagrass" | "bubble_column" => {
                Plain::AlwaysWater
            }
            _ if property("waterlogged") == Some("true") => Plain::Waterlogged,
            _ => Plain::Dry,
        }
    }

    /// The liquid the cell should hold in voxwalk: kind and level.
    fn liquid(self) -> Option<(LiquidKind, u8)> {
        match self {
            Plain::Water(level) => Some((LiquidKind::Water, level)),
            Plain::Lava(level) => Some((LiquidKind::Lava, level)),
            Plain::AlwaysWater | Plain::Waterlogged => Some((LiquidKind::Water, 0)),
            Plain::Dry => None,
        }
    }
}

fn region() -> (World, Vec<u8>) {
    let path = realdata("fastanvil-1.19.4-r.mca");
    let world = load(&path, LoadOptions::default())
        .unwrap()
        .into_world()
        .unwrap();
    (world, std::fs::read(path).unwrap())
}

/// The waterlogged entries of each section's palette, by section `Y`, read
/// from the chunk's NBT (`fastanvil`'s descriptions leave the property out).
fn waterlogged_entries(nbt: &[u8]) -> HashMap<i8, Vec<bool>> {
    let Ok(Value::Compound(root)) = fastnbt::from_bytes::<Value>(nbt) else {
        return HashMap::new();
    };
    let Some(Value::List(sections)) = root.get("sections") else {
        return HashMap::new();
    };
    let mut out = HashMap::new();
    for section in sections {
        let Value::Compound(section) = section else {
            continue;
        };
        let Some(Value::Byte(y)) = section.get("Y") else {
            continue;
        };
        let Some(Value::Compound(states)) = section.get("block_states") else {
            continue;
        };
        let Some(Value::List(palette)) = states.get("palette") else {
            continue;
        };
        let wet = palette
            .iter()
            .map(|entry| match entry {
                Value::Compound(entry) => match entry.get("Properties") {
                    Some(Value::Compound(p)) => {
                        matches!(p.get("waterlogged"), Some(Value::String(w)) if w == "true")
                    }
                    _ => false,
                },
                _ => false,
            })
            .collect();
        out.insert(*y, wet);
    }
    out
}

#[test]
#[ignore = "needs ../shared/realdata"]
fn every_liquid_cell_of_a_real_region_has_its_kind_and_level() {
    let (world, bytes) = region();
    let mut file = Region::from_stream(Cursor::new(bytes)).unwrap();
    let registry = world.registry();
    let mut counts: HashMap<Plain, u64> = HashMap::new();
    let (mut waterlogged_types, mut mismatches) = (0u64, Vec::new());
    for cx in 0..32 {
        for cz in 0..32 {
            let Ok(Some(nbt)) = file.read_chunk(cx, cz) else {
                continue;
            };
            let Ok(JavaChunk::Post18(chunk)) = JavaChunk::from_bytes(&nbt) else {
                continue;
            };
            let wet = waterlogged_entries(&nbt);
            for section in chunk
                .sections
                .iter()
                .flat_map(fastanvil::SectionTower::sections)
            {
                let states = &section.block_states;
                let plain: Vec<Plain> = states
                    .palette()
                    .iter()
                    .enumerate()
                    .map(|(i, state)| {
                        let waterlogged =
                            wet.get(&section.y).is_some_and(|w| w.get(i) == Some(&true));
                        match Plain::of(state.encoded_description()) {
                            Plain::Dry if waterlogged => Plain::Waterlogged,
                            other => other,
                        }
                    })
                    .collect();
                // One state, no data: every cell holds it.
                let indices: Vec<usize> = match states.try_iter_indices() {
                    Some(iter) => iter.collect(),
                    None if plain.len() == 1 => vec![0; 4096],
                    None => continue,
                };
                for (i, &at) in indices.iter().enumerate().take(4096) {
                    let plain = plain[at];
                    *counts.entry(plain).or_default() += 1;
                    let cell = IVec3::new(
                        cx as i32 * 16 + (i % 16) as i32,
                        i32::from(section.y) * 16 + (i / 256) as i32,
                        cz as i32 * 16 + (i / 16 % 16) as i32,
                    );
                    let id = world.block(cell);
                    let ours = registry.behaviour(id).liquid.map(|l| (l.kind, l.level));
                    if registry.name(id).ends_with("+water") {
                        waterlogged_types += 1;
                    }
                    if ours != plain.liquid() && mismatches.len() < 10 {
                        mismatches.push(format!("{cell}: {plain:?} read as {ours:?}"));
                    }
                }
            }
        }
    }
    assert!(mismatches.is_empty(), "{mismatches:#?}");
    let of = |p: Plain| counts.get(&p).copied().unwrap_or(0);
    let flowing: u64 = (1..8).map(|l| of(Plain::Water(l))).sum();
    let falling: u64 = (8..16).map(|l| of(Plain::Water(l))).sum();
    let lava: u64 = (0..16).map(|l| of(Plain::Lava(l))).sum();
    eprintln!(
        "source water {}, flowing {flowing}, falling {falling}, lava {lava}, \
         always water {}, waterlogged {} ({waterlogged_types} as blocks with water)",
        of(Plain::Water(0)),
        of(Plain::AlwaysWater),
        of(Plain::Waterlogged)
    );
    // The sea, and each kind the issue counted, is there to be read.
    assert!(of(Plain::Water(0)) > 1_000_000, "an ocean");
    assert!(flowing + falling > 100 && of(Plain::AlwaysWater) > 10_000);
    assert!(waterlogged_types > 0 && waterlogged_types <= of(Plain::Waterlogged));
}

/// A column of the region's sea: source water from just above a solid
/// floor up to a top cell under air, the same in the 3 × 3 columns around
/// it, at least 10 deep. Its x, z, the floor's top and the water's top cell.
fn sea_column(world: &World) -> (i32, i32, i32, i32) {
    let registry = world.registry();
    let water = |c: IVec3| {
        registry
            .behaviour(world.block(c))
            .liquid
            .is_some_and(|l| l.level == 0)
    };
    let column = |x: i32, z: i32| -> Option<(i32, i32)> {
        let top = (0..100).rev().find(|&y| water(IVec3::new(x, y, z)))?;
        if world.block(IVec3::new(x, top + 1, z)) != voxwalk::block::BlockId::AIR {
            return None;
        }
        let floor = (-64..top).rev().find(|&y| !water(IVec3::new(x, y, z)))?;
        let solid = world.shape_at(IVec3::new(x, floor, z)).len() == 1
            && world.shape_at(IVec3::new(x, floor, z))[0].size() == DVec3::ONE;
        (solid && top - floor > 10).then_some((floor + 1, top))
    };
    for x in (0..512).step_by(7) {
        for z in (0..512).step_by(7) {
            let Some(found) = column(x, z) else { continue };
            let around =
                (-1..=1).all(|dx| (-1..=1).all(|dz| column(x + dx, z + dz) == Some(found)));
            if around {
                return (x, z, found.0, found.1);
            }
        }
    }
    panic!("no open sea column in the region");
}

#[test]
#[ignore = "needs ../shared/realdata"]
fn a_body_in_the_real_sea_bobs_and_sinks_as_the_client() {
    let (world, _) = region();
    let (x, z, floor_top, top_cell) = sea_column(&world);
    // The client port's world: its floor at 1, the same depth of water.
    let shift = f64::from(floor_top) - FLOOR_TOP;
    let flat = Flat {
        ground: Ground::STONE,
        medium: Medium::Water,
        medium_top: f64::from(top_cell + 1) - shift,
        pool: None,
    };
    let mut settings = Settings::default();
    settings.collisions.vanilla_order = true;
    settings.walking.snap_to_ground = false;
    let mut sim = Simulation::new(world, settings).unwrap();
    for (jump, name) in [(true, "holding jump"), (false, "holding nothing")] {
        let start = DVec3::new(
            f64::from(x) + 0.5,
            f64::from(top_cell) - 2.0,
            f64::from(z) + 0.5,
        );
        let h = sim.add_body(Body::new(start, Body::MINECRAFT_SIZE).unwrap());
        let mut client = Player::falling([start.x, start.y - shift, start.z]);
        let input = Input {
            jump,
            ..Input::default()
        };
        let keys = Keys::of(&input);
        let surface = f64::from(top_cell) + f64::from(8.0_f32 / 9.0);
        let (mut lowest, mut highest) = (f64::MAX, f64::MIN);
        for tick in 0..300 {
            sim.step_in_order(&[input]).unwrap();
            client.tick(&flat, keys);
            let feet = sim.body(h).unwrap().feet();
            let theirs = client.pos[1] + shift;
            assert!(
                (feet.y - theirs).abs() < 1e-9,
                "{name}, tick {tick}: feet at {} against the client's {theirs}",
                feet.y
            );
            if tick >= 100 {
                lowest = lowest.min(feet.y);
                highest = highest.max(feet.y);
            }
        }
        eprintln!("{name} at ({x}, {z}): feet {lowest:.4}..{highest:.4}, surface {surface:.4}");
        if jump {
            assert!(
                lowest > surface - 1.0 && highest > surface - 0.2,
                "{lowest} {highest}"
            );
        } else {
            // Sinking at the client's 0.5 blocks a second: 200 ticks, 5 blocks.
            assert!(
                highest - lowest > 4.9 && lowest > f64::from(floor_top),
                "{lowest} {highest}"
            );
        }
        sim.remove_body(h);
    }
}

/// Flowing water carries a body standing in it downstream, as
/// `updateFluidHeightAndDoFluidPushing` pushes a player: each cell of
/// levels 1–4 flows along +x (its upstream neighbour a ninth higher, its
/// downstream one a ninth lower: `getFlow` normalised to (1, 0, 0)), deeper
/// than 0.4 at the body's feet, so the push is 0.014 a tick; the water keeps
/// 0.8 of the momentum after each move. By hand: d ← d + 0.014, x ← x + d,
/// d ← 0.8f d, a tick.
#[test]
fn a_stream_carries_a_body_downstream_as_the_client_pushes_it() {
    let mut settings = Settings::default();
    settings.collisions.vanilla_order = true;
    settings.walking.snap_to_ground = false;
    let mut sim = Simulation::new(stream(), settings).unwrap();
    let h = sim.add_body(Body::new(DVec3::new(1.5, 1.0, 1.5), Body::MINECRAFT_SIZE).unwrap());
    let (mut x, mut d) = (1.5_f64, 0.0_f64);
    let mut ticks = 0;
    while x + 0.3 < 5.0 {
        d += 0.014;
        x += d;
        d *= f64::from(0.8_f32);
        sim.step_in_order(&[Input::default()]).unwrap();
        let body = sim.body(h).unwrap();
        assert!(
            (body.feet().x - x).abs() < 1e-9,
            "tick {ticks}: x {} against {x} by hand",
            body.feet().x
        );
        assert!(body.in_liquid && (body.feet().z - 1.5).abs() < 1e-12);
        ticks += 1;
    }
    assert!(ticks > 30, "{ticks} ticks through levels 1 to 4");
    // What the viewer shows: the push there, 0.014 a tick along +x.
    let push = voxwalk::controller::current_on(sim.world(), sim.body(h).unwrap());
    assert!(
        (push - DVec3::new(0.28, 0.0, 0.0)).length() < 1e-12,
        "{push}"
    );
    // Downstream the water thins and still carries it on, to the end of
    // the channel, where it rests on the last, shallowest cell or beyond.
    for _ in 0..200 {
        sim.step_in_order(&[Input::default()]).unwrap();
    }
    assert!(sim.body(h).unwrap().feet().x > 7.0, "{:?}", sim.body(h));
}

/// Still water (sources and water under water) has no current: a body
/// standing in a pool stays where it stood.
#[test]
fn still_water_has_no_current() {
    use voxwalk::block::BlockId;
    let mut world = World::new();
    world.fill(IVec3::new(-3, 0, -3), IVec3::new(3, 0, 3), BlockId::STONE);
    world.fill(IVec3::new(-3, 1, -3), IVec3::new(3, 2, 3), BlockId::WATER);
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let h = sim.add_body(Body::new(DVec3::new(0.5, 1.0, 0.5), Body::MINECRAFT_SIZE).unwrap());
    for _ in 0..100 {
        sim.step_in_order(&[Input::default()]).unwrap();
    }
    let feet = sim.body(h).unwrap().feet();
    assert_eq!((feet.x, feet.z), (0.5, 0.5));
}

/// A rising bubble column (`onInsideBubbleColumn`): a body resting on its
/// floor ends its first tick with water's −0.005 a tick and then the 0.06 of
/// each of the two column cells it is in (0.115 a tick, 2.3 blocks/s), is
/// carried up at up to 0.7 a tick, and is thrown out over the top, where the
/// top cell adds 0.1 (`onAboveBubbleColumn`).
#[test]
fn a_bubble_column_lifts_a_body_and_throws_it_out() {
    let mut sim = Simulation::new(bubble_shaft(1.0, 6), Settings::default()).unwrap();
    let h = sim.add_body(Body::new(DVec3::new(0.5, 1.0, 0.5), Body::MINECRAFT_SIZE).unwrap());
    sim.step_in_order(&[Input::default()]).unwrap();
    let first = sim.body(h).unwrap().momentum.y / 20.0;
    assert!((first - ((-0.005 + 0.06) + 0.06)).abs() < 1e-9, "{first}");
    let mut highest = f64::MIN;
    for _ in 0..60 {
        sim.step_in_order(&[Input::default()]).unwrap();
        highest = highest.max(sim.body(h).unwrap().feet().y);
    }
    // Its feet clear the water's surface (6.889) and the shaft's rim (8).
    assert!(highest > 8.0, "{highest}");
}

/// A column over magma drags a body down (`max(−0.3, v − 0.03)` a cell,
/// two cells, far below the column's top): 6 blocks a second, twelve times
/// the sinking of still water.
#[test]
fn a_bubble_column_over_magma_drags_a_body_down() {
    let mut sim = Simulation::new(bubble_shaft(-1.0, 12), Settings::default()).unwrap();
    let h = sim.add_body(Body::new(DVec3::new(0.5, 9.0, 0.5), Body::MINECRAFT_SIZE).unwrap());
    let mut fastest: f64 = 0.0;
    for _ in 0..8 {
        sim.step_in_order(&[Input::default()]).unwrap();
        fastest = fastest.min(sim.body(h).unwrap().momentum.y);
    }
    assert!((fastest - -6.0).abs() < 1e-9, "{fastest}");
}

/// Balls float and drift as Minecraft's items do: dropped into a pool a
/// ball plunges to the floor (no gravity in the water, but only 2 % of its
/// speed lost a tick), then rises back to the surface, again and again,
/// rather than resting on the floor; in a stream it drifts downstream.
#[test]
fn a_ball_floats_in_a_pool_and_drifts_in_a_stream() {
    use voxwalk::block::BlockId;
    use voxwalk::controller::Ball;
    let mut pool = World::new();
    pool.fill(IVec3::new(-4, 0, -4), IVec3::new(4, 0, 4), BlockId::STONE);
    pool.fill(IVec3::new(-4, 1, -4), IVec3::new(4, 4, 4), BlockId::WATER);
    let mut sim = Simulation::new(pool, Settings::default()).unwrap();
    sim.add_ball(Ball::new(DVec3::new(0.5, 7.0, 0.5), 0.25, DVec3::ZERO).unwrap());
    let (mut lowest, mut late) = (f64::MAX, Vec::new());
    let surface = 4.0 + f64::from(8.0_f32 / 9.0);
    for tick in 0..400 {
        sim.step(&[]).unwrap();
        let y = sim.balls()[0].center.y;
        lowest = lowest.min(y);
        if tick >= 200 {
            late.push(y);
        }
    }
    assert!(lowest < 2.0, "it never plunged: {lowest}");
    // It keeps coming back to the surface: it never rests on the floor.
    let highest = late.iter().copied().fold(f64::MIN, f64::max);
    assert!(
        highest > surface - 0.3 && !sim.balls()[0].resting,
        "not back at the surface {surface}: highest {highest} in 10 to 20 s"
    );
    let mut sim = Simulation::new(stream(), Settings::default()).unwrap();
    sim.add_ball(Ball::new(DVec3::new(1.5, 1.3, 1.5), 0.2, DVec3::ZERO).unwrap());
    for _ in 0..60 {
        sim.step(&[]).unwrap();
    }
    let x = sim.balls()[0].center.x;
    assert!(x > 2.5, "drifted only to {x}");
}

/// A waterfall runs down a wall (`FlowingFluid.getFlow`: a falling liquid
/// beside a block with a solid face flows down), but not down ice, whose
/// faces `isSolidFace` passes over (`no_waterfall_wall`, which imported
/// ice carries: `vanilla_scenarios.rs`).
#[test]
fn a_waterfall_runs_down_stone_and_not_down_ice() {
    use voxwalk::block::{BlockId, BlockType, PropertyValue};
    let mut pushes = Vec::new();
    for ice in [false, true] {
        let mut world = World::new();
        world.fill(IVec3::new(-2, 0, -2), IVec3::new(2, 0, 2), BlockId::STONE);
        let wall = if ice {
            let ice = BlockType::cube("ice")
                .with_property("no_waterfall_wall", PropertyValue::Flag(true));
            world.register_block(ice).unwrap()
        } else {
            BlockId::STONE
        };
        world.fill(IVec3::new(-1, 1, 0), IVec3::new(-1, 4, 0), wall);
        let falling = BlockType::new("water@level=8")
            .passable()
            .with_property("liquid_drag", PropertyValue::Number(f64::from(0.8_f32)))
            .with_property("liquid_gravity", PropertyValue::Number(1.0 / 16.0))
            .with_property("liquid_level", PropertyValue::Number(8.0));
        let falling = world.register_block(falling).unwrap();
        world.fill(IVec3::new(0, 1, 0), IVec3::new(0, 4, 0), falling);
        let body = Body::new(DVec3::new(0.5, 1.5, 0.5), Body::MINECRAFT_SIZE).unwrap();
        pushes.push(voxwalk::controller::current_on(&world, &body));
    }
    // 0.014 a tick down, in blocks a second; nothing beside ice.
    assert!(
        (pushes[0] - DVec3::new(0.0, -0.28, 0.0)).length() < 1e-12,
        "{pushes:?}"
    );
    assert_eq!(pushes[1], DVec3::ZERO);
}
