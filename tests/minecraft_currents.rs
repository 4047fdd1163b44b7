//! Currents against the client: random pools of water and lava cells of
//! every level, sources, falling liquid beside stone and ice walls,
//! waterlogged slabs and bubble columns, walked through with random keys.
//! The client's liquids are ported cell by cell in
//! `support/minecraft_pool.rs` (heights, flow, pushing, the eyes, bubble
//! columns along the move), its motion in `support/minecraft_reference.rs`
//! and its collisions in `support/vanilla_client.rs`; voxwalk reads the same
//! pool as block types with a liquid level. In Minecraft's collision order
//! every tick agrees within 1e-9 (feet and momentum), and in the ground, the
//! sprint and the swim exactly; in the exact order the same, within 1e-9 a
//! tick, up to the first contact with a block (where it rests a contact gap
//! away and the two orders are documented to part).
//!
//! Sneaking is left out: voxwalk's edge guard is its own (as in
//! `vanilla_profile.rs`); sinking on sneak is held to the client on the flat
//! pools of `minecraft_motion.rs`.

mod support;
use support::controls;

use std::cell::Cell;
use std::sync::Arc;

use controls::{cases, input_from_bits};
use glam::{DVec3, IVec3};
use proptest::prelude::*;
use support::minecraft_pool::{FluidKind, FluidState, Pool, Solid};
use support::minecraft_reference::{Flat, Ground, Keys, Medium, Player};
use support::vanilla_client;
use support::vanilla_worlds::ends_inside;
use voxwalk::block::{BlockId, BlockType, PropertyValue};
use voxwalk::controller::{Body, Settings, Simulation};
use voxwalk::geometry::Aabb;
use voxwalk::world::World;

/// The pool's side: cells 0..SIDE on x and z, 1..=DEPTH high, walled.
const SIDE: i32 = 6;
const DEPTH: i32 = 3;
/// How high the walls stand: no jump or swim leaves the pool.
const WALL_TOP: i32 = 6;

/// One cell of a pool as both sides read it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Content {
    Air,
    Stone,
    Ice,
    WaterloggedSlab,
    Liquid(FluidState),
    /// A bubble column: true where it drags down.
    Bubbles(bool),
}

/// A pool's cells: `codes` one a cell (x, then z, then y), and whether each
/// of the four walls is ice.
fn contents(codes: &[u8], ice_walls: [bool; 4]) -> Vec<([i32; 3], Content)> {
    let liquid = |kind, amount, falling| {
        Content::Liquid(FluidState {
            kind,
            amount,
            falling,
        })
    };
    let mut cells = Vec::new();
    let mut code = codes.iter().copied().cycle();
    for y in 1..=DEPTH {
        for z in 0..SIDE {
            for x in 0..SIDE {
                let content = match code.next().unwrap() % 27 {
                    0..=4 => Content::Air,
                    5 => Content::Stone,
                    6 => Content::WaterloggedSlab,
                    c @ 7..=14 => liquid(FluidKind::Water, c - 6, false),
                    15..=17 => liquid(FluidKind::Water, 8, true),
                    18..=19 => liquid(FluidKind::Water, 8, false),
                    20 => liquid(FluidKind::Lava, 8, false),
                    21 => liquid(FluidKind::Lava, 4, false),
                    22 => liquid(FluidKind::Lava, 8, true),
                    23 => Content::Ice,
                    c => Content::Bubbles(c == 26),
                };
                cells.push(([x, y, z], content));
            }
        }
    }
    for y in 1..=WALL_TOP {
        for i in -1..=SIDE {
            for (side, cell) in [[i, y, -1], [SIDE, y, i], [i, y, SIDE], [-1, y, i]]
                .into_iter()
                .enumerate()
            {
                let wall = if ice_walls[side] {
                    Content::Ice
                } else {
                    Content::Stone
                };
                cells.push((cell, wall));
            }
        }
    }
    cells
}

/// The client's side of the pool, in a dimension that is `ultra_warm` or not.
fn pool_of(cells: &[([i32; 3], Content)], ultra_warm: bool) -> Pool {
    let mut pool = Pool {
        ultra_warm,
        ..Pool::default()
    };
    for &(cell, content) in cells {
        match content {
            Content::Air => {}
            Content::Stone => _ = pool.solids.insert(cell, Solid::Cube),
            Content::Ice => _ = pool.solids.insert(cell, Solid::Ice),
            Content::WaterloggedSlab => {
                pool.solids.insert(cell, Solid::BottomSlab);
                let source = FluidState {
                    kind: FluidKind::Water,
                    amount: 8,
                    falling: false,
                };
                pool.fluids.insert(cell, source);
            }
            Content::Liquid(state) => _ = pool.fluids.insert(cell, state),
            Content::Bubbles(drags) => {
                let source = FluidState {
                    kind: FluidKind::Water,
                    amount: 8,
                    falling: false,
                };
                pool.fluids.insert(cell, source);
                pool.bubbles.insert(cell, drags);
            }
        }
    }
    pool
}

/// voxwalk's side: the same cells as block types, liquids by Minecraft's
/// block level (0 a source, 8 − amount flowing, 8 falling), on a stone
/// floor; lava pushes as the Nether's where `ultra_warm`.
fn world_of(cells: &[([i32; 3], Content)], ultra_warm: bool) -> World {
    let mut world = World::new();
    // The floor reaches well past the walls: a bubble column may throw a
    // body out over them (the port's floor has no end).
    world.fill(
        IVec3::new(-24, 0, -24),
        IVec3::new(SIDE + 24, 0, SIDE + 24),
        BlockId::STONE,
    );
    let number = PropertyValue::Number;
    let liquid_type = |block: BlockType, kind: FluidKind, level: u8| {
        let block = match kind {
            FluidKind::Water => block
                .with_property("liquid_drag", number(f64::from(0.8_f32)))
                .with_property("liquid_gravity", number(1.0 / 16.0)),
            FluidKind::Lava if ultra_warm => block
                .with_property("liquid_drag", number(0.5))
                .with_property("liquid_gravity", number(0.25))
                .with_property("lava", PropertyValue::Flag(true))
                .with_property("liquid_push", number(0.007)),
            FluidKind::Lava => block
                .with_property("liquid_drag", number(0.5))
                .with_property("liquid_gravity", number(0.25))
                .with_property("lava", PropertyValue::Flag(true)),
        };
        block.with_property("liquid_level", number(f64::from(level)))
    };
    let ice = BlockType::cube("ice")
        .with_property("slipperiness", number(f64::from(0.98_f32)))
        .with_property("no_waterfall_wall", PropertyValue::Flag(true));
    let ice = world.register_block(ice).unwrap();
    let slab =
        BlockType::new("slab+water").with_box(Aabb::new(DVec3::ZERO, DVec3::new(1.0, 0.5, 1.0)));
    let slab = world
        .register_block(liquid_type(slab, FluidKind::Water, 0))
        .unwrap();
    let bubbles = [1.0, -1.0].map(|way| {
        let column = BlockType::new(format!("bubbles{way}"))
            .passable()
            .with_property("bubble_column", number(way));
        world
            .register_block(liquid_type(column, FluidKind::Water, 0))
            .unwrap()
    });
    let mut liquids = std::collections::HashMap::new();
    for &(cell, content) in cells {
        let id = match content {
            Content::Air => continue,
            Content::Stone => BlockId::STONE,
            Content::Ice => ice,
            Content::WaterloggedSlab => slab,
            Content::Bubbles(drags) => bubbles[usize::from(drags)],
            Content::Liquid(state) => {
                let level = match (state.falling, state.amount) {
                    (true, _) => 8,
                    (false, amount) => 8 - amount,
                };
                *liquids.entry((state.kind, level)).or_insert_with(|| {
                    let name = format!("{:?}@{level}", state.kind);
                    let block = liquid_type(BlockType::new(name).passable(), state.kind, level);
                    world.register_block(block).unwrap()
                })
            }
        };
        world.set_block(IVec3::from_array(cell), id);
    }
    world
}

/// The keys of `bits` both ways, without sneaking.
fn keys_of(bits: u16) -> (Keys, voxwalk::controller::Input) {
    let bits = bits & !32;
    let input = input_from_bits((bits & 127) | ((bits >> 7) << 11));
    (Keys::of(&input), input)
}

/// Both walk `segments` from `feet`; the first tick whose state differs,
/// with what differs.
fn first_difference(
    (cells, ultra_warm): (&[([i32; 3], Content)], bool),
    feet: DVec3,
    segments: &[(u8, u16)],
    vanilla: bool,
) -> Option<String> {
    let world = world_of(cells, ultra_warm);
    let flat = Flat {
        ground: Ground::STONE,
        medium: Medium::Air,
        medium_top: 1.0,
        pool: Some(Arc::new(pool_of(cells, ultra_warm))),
    };
    let by_rounding = Cell::new(false);
    let height = Cell::new(1.8_f64);
    let blocks = |pos: [f64; 3], movement: [f64; 3], on_ground: bool| {
        let mut rounding = false;
        let made = vanilla_client::collide_noting_rounding(
            &world,
            &vanilla_client::client_box(pos, height.get()),
            DVec3::from_array(movement),
            on_ground,
            0.6,
            &mut rounding,
        );
        by_rounding.set(rounding);
        made.to_array()
    };
    let mut settings = Settings::default();
    settings.collisions.vanilla_order = vanilla;
    settings.walking.snap_to_ground = false;
    let mut sim = Simulation::new(world.clone(), settings).unwrap();
    let h = sim.add_body(Body::new(feet, Body::MINECRAFT_SIZE).unwrap());
    let mut client = Player::falling(feet.to_array());
    if sim.body(h).unwrap().grounded {
        client.on_ground = true;
        client.delta[1] = -0.08 * f64::from(0.98_f32);
    }
    let mut tick = 0;
    for &(ticks, bits) in segments {
        let (keys, input) = keys_of(bits);
        for _ in 0..ticks {
            let sprint_by_rounding = client.minor_by_rounding;
            sim.step_in_order(&[input]).unwrap();
            height.set(client.pose.height());
            client.tick_in(&flat, keys, Some(&blocks));
            let body = sim.body(h).unwrap();
            // The exact order parts from the client's at the first contact
            // (it rests a contact gap from what it touches): compared up to
            // there.
            let touched = body.touching.ground
                || body.touching.ceiling
                || body.touching.wall()
                || client.on_ground
                || client.move_cut;
            if !vanilla && touched {
                return None;
            }
            let ours = [body.feet(), body.momentum / 20.0];
            let theirs = [client.pos, client.delta].map(DVec3::from_array);
            let error = (ours[0] - theirs[0])
                .abs()
                .max((ours[1] - theirs[1]).abs())
                .max_element();
            let allowed = if vanilla {
                1e-9
            } else {
                1e-9 * f64::from(tick + 1)
            };
            let apart = error > allowed
                || body.grounded != client.on_ground
                || body.sprinting != client.sprinting
                || body.swimming != client.swimming;
            // Where the client's own choice turned on the last bit (see
            // `vanilla_profile.rs`), the two may part by design.
            if apart && (sprint_by_rounding || by_rounding.get() || client.bubbles_by_rounding) {
                return None;
            }
            if apart {
                return Some(format!(
                    "tick {tick}, keys {bits:#b}: feet {}, momentum {}, grounded {}, \
                     sprinting {}, swimming {}\n  client's: {client:?}",
                    ours[0], ours[1], body.grounded, body.sprinting, body.swimming
                ));
            }
            tick += 1;
        }
    }
    None
}

/// The start in the pool: lifted above the cells where it would begin inside a block.
fn start_in(cells: &[([i32; 3], Content)], (x, y, z): (f64, f64, f64)) -> DVec3 {
    let mut feet = DVec3::new(x, y, z);
    let world = world_of(cells, false);
    if ends_inside(&world, &Aabb::from_feet(feet, Body::MINECRAFT_SIZE)) {
        feet.y = f64::from(DEPTH + 1) + 0.5;
    }
    feet
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    #[test]
    fn currents_push_a_body_as_the_client_pushes_it(
        codes in proptest::collection::vec(0u8..27, 108),
        ice_walls in proptest::array::uniform4(any::<bool>()),
        ultra_warm in any::<bool>(),
        start in (0.31f64..5.69, 1.0f64..4.0, 0.31f64..5.69),
        segments in proptest::collection::vec((1u8..30, 0u16..1024), 1..8),
    ) {
        let cells = contents(&codes, ice_walls);
        let feet = start_in(&cells, start);
        for vanilla in [true, false] {
            if let Some(difference) = first_difference((&cells, ultra_warm), feet, &segments, vanilla) {
                prop_assert!(
                    false,
                    "vanilla order {vanilla}, ultra-warm {ultra_warm}, from {feet}, {segments:?}: {difference}"
                );
            }
        }
    }
}
