//! voxwalk as a game embeds it: the controller one body at a time on the
//! game's own world, bodies named by handles, and the world queries (ray,
//! sphere, box) against brute force.

use std::collections::HashMap;

use glam::{DVec2, DVec3, IVec3};
use proptest::prelude::*;
use voxwalk::block::{BlockId, BlockRegistry, BlockType};
use voxwalk::controller::{Body, BodyHandle, Controller, Event, Input, Settings, Simulation};
use voxwalk::geometry::Aabb;
use voxwalk::resolver::{blocks_in_box, cast_ray};
use voxwalk::world::BlockSource;

mod support;
use support::controls;

use controls::{cases, input_from_bits};
use support::terrain::{hash, height_at};

/// A game's world as a test writes it: columns in a hash map, a registry of
/// its own with a quarter step and a thin post beside the built-ins.
struct GameWorld {
    columns: HashMap<(i32, i32), Vec<BlockId>>,
    registry: BlockRegistry,
}

impl BlockSource for GameWorld {
    fn block(&self, cell: IVec3) -> BlockId {
        self.columns
            .get(&(cell.x, cell.z))
            .and_then(|column| usize::try_from(cell.y).ok().and_then(|y| column.get(y)))
            .copied()
            .unwrap_or(BlockId::AIR)
    }

    fn registry(&self) -> &BlockRegistry {
        &self.registry
    }
}

fn game_world(size: i32) -> GameWorld {
    let mut registry = BlockRegistry::new();
    let step = registry
        .register(
            BlockType::new("quarter").with_box(Aabb::new(DVec3::ZERO, DVec3::new(1.0, 0.25, 1.0))),
        )
        .unwrap();
    let post = registry
        .register(BlockType::new("thin_post").with_box(Aabb::new(
            DVec3::new(0.4, 0.0, 0.4),
            DVec3::new(0.6, 1.5, 0.6),
        )))
        .unwrap();
    let mut columns = HashMap::new();
    for x in 0..size {
        for z in 0..size {
            let h = height_at(x, z) as usize - 10;
            let mut column = vec![BlockId::STONE; h + 1];
            match hash((x as u64) << 20 ^ z as u64) % 12 {
                0 => column.push(step),
                1 => column.push(post),
                2 => column.push(BlockId::SLAB),
                // Fence posts reach half a block above their cells, and
                // water pools make bodies swim: both change what a tick reads.
                3 => column.push(BlockId::POST),
                4 => column.push(BlockId::WATER),
                _ => {}
            }
            columns.insert((x, z), column);
        }
    }
    GameWorld { columns, registry }
}

/// The keys of `bits` (as the controller tests read them), and now and then
/// an analog stick tilted part way.
fn input_of(bits: u64) -> Input {
    let analog = if bits & (1 << 12) != 0 {
        DVec2::new(
            ((bits >> 13) % 7) as f64 / 6.0 - 0.5,
            ((bits >> 16) % 5) as f64 / 4.0 - 0.5,
        )
    } else {
        DVec2::ZERO
    };
    Input {
        analog,
        ..input_from_bits(bits as u16)
    }
}

fn bits_of(b: &Body) -> [u64; 10] {
    [
        b.aabb.min.x,
        b.aabb.min.y,
        b.aabb.min.z,
        b.aabb.max.x,
        b.aabb.max.y,
        b.aabb.max.z,
        b.velocity.x,
        b.velocity.y,
        b.velocity.z,
        f64::from(u8::from(b.grounded)),
    ]
    .map(f64::to_bits)
}

/// The same bodies, inputs and world, through a `Simulation` over the game's
/// world and through `Controller::tick` on bodies the test keeps: the same
/// trajectories to the bit and the same events, tick after tick. Where two of
/// the simulation's bodies meet it pushes them apart, which the per-body call
/// leaves to the game: such a tick compares the events of the walk only and
/// takes the simulation's body as the next start (it happens in few ticks).
#[test]
fn the_per_body_call_matches_the_simulation_bit_for_bit() {
    per_body_calls_match(game_world(48), |_, _| ());
}

/// The same over voxwalk's own `World` holding the game's blocks, where the
/// simulation answers each body's reads from a copy of the cells around it:
/// the copies change no bit. Every 50 ticks the world is edited through
/// `world_mut` (a floor dug out under one body, a pillar raised in front of
/// another), and the copies must see it on the next tick.
#[test]
fn a_simulation_reading_copies_of_the_cells_matches_the_per_body_call() {
    let game = game_world(48);
    let mut world =
        voxwalk::world::World::with_registry(std::sync::Arc::new(game.registry.clone()));
    for (&(x, z), column) in &game.columns {
        for (y, &id) in column.iter().enumerate() {
            world.set_block(IVec3::new(x, y as i32, z), id);
        }
    }
    assert!(world.cells_can_be_copied());
    per_body_calls_match(world, |tick, sim| {
        if tick % 50 != 49 {
            return;
        }
        let (dig, raise) = (sim.bodies()[(tick / 50) as usize % 36], sim.bodies()[7]);
        let under = voxwalk::world::cell_containing(dig.aabb.center()) - IVec3::Y * 2;
        let ahead = voxwalk::world::cell_containing(raise.aabb.min) + IVec3::X;
        let world = sim.world_mut();
        world.fill(
            under - IVec3::new(1, 3, 1),
            under + IVec3::new(1, 0, 1),
            BlockId::AIR,
        );
        world.fill(ahead, ahead + IVec3::Y * 2, BlockId::BRICK);
    });
}

/// A game's storage of two methods, wrapped in `Unchanging`: the simulation
/// keeps copies of its cells, visits them in `World`'s order, and no bit
/// changes against the per-body call reading the storage itself.
#[test]
fn a_game_storage_declared_unchanging_reads_copies_and_matches_the_per_body_call() {
    let storage = voxwalk::world::Unchanging(game_world(48));
    assert!(storage.cells_can_be_copied());
    per_body_calls_match(storage, |_, _| ());
}

/// Ticks 36 bodies for 400 ticks through a `Simulation` over `sim_world` and
/// through `Controller::tick` over the simulation's own world, calling `edit`
/// before each tick, and asserts equal trajectories and events.
fn per_body_calls_match<W: BlockSource + Sync>(
    sim_world: W,
    mut edit: impl FnMut(u64, &mut Simulation<W>),
) {
    let settings = Settings::default();
    let mut sim = Simulation::new(sim_world, settings.clone()).unwrap();
    let mut controller = Controller::new(settings).unwrap();
    let mut own: Vec<Body> = Vec::new();
    let mut handles = Vec::new();
    for i in 0..36 {
        let feet = DVec3::new(
            3.5 + 8.0 * f64::from(i % 6),
            40.0,
            3.5 + 8.0 * f64::from(i / 6),
        );
        let body = Body::new(feet, DVec3::new(0.6 + 0.05 * f64::from(i % 5), 1.8, 0.6)).unwrap();
        handles.push(sim.add_body(body));
        own.push(body);
    }
    let mut events = Vec::new();
    let (mut compared, mut pushed, mut compared_events) = (0, 0, 0);
    for tick in 0..400u64 {
        let inputs: Vec<Input> = (0..36u64)
            .map(|i| input_of(hash(i * 1_000_003 + tick / 15)))
            .collect();
        edit(tick, &mut sim);
        let by_handle: Vec<(BodyHandle, Input)> = handles
            .iter()
            .copied()
            .zip(inputs.iter().copied())
            .collect();
        let report = sim.step(&by_handle).unwrap();
        for (i, body) in own.iter_mut().enumerate() {
            events.clear();
            controller
                .tick(sim.world(), body, inputs[i], &mut events)
                .unwrap();
            let is_push = |e: &&Event| matches!(e, Event::PushedByBody { .. });
            // By handle: `step` may keep the bodies in another order.
            let (sim_body, sim_events) = (
                *sim.body(handles[i]).unwrap(),
                report.events(handles[i]).unwrap(),
            );
            let walk_events: Vec<&Event> = sim_events.iter().filter(|e| !is_push(e)).collect();
            assert_eq!(
                events.iter().collect::<Vec<_>>(),
                walk_events,
                "tick {tick}, body {i}"
            );
            compared_events += events.len();
            if walk_events.len() < sim_events.len() {
                pushed += 1;
                *body = sim_body;
                continue;
            }
            compared += 1;
            assert_eq!(
                bits_of(body),
                bits_of(&sim_body),
                "tick {tick}, body {i}: {body:?} against {sim_body:?}"
            );
        }
    }
    println!("{compared} body-ticks equal to the bit, {pushed} pushed, {compared_events} events");
    assert!(
        compared_events > 1000,
        "only {compared_events} events: the inputs should make many"
    );
    assert!(
        pushed * 20 < compared,
        "{pushed} pushed body-ticks, {compared} compared"
    );
}

/// Handles name the same body through removals, re-added slots get new
/// handles, events name handles, and a removed body's handle is refused.
#[test]
fn handles_survive_removals_and_name_pushes() {
    let mut world = voxwalk::world::World::new();
    // Long enough east for d to reach its own speed on the ground.
    world.fill(
        IVec3::new(-10, 0, -10),
        IVec3::new(40, 0, 10),
        BlockId::STONE,
    );
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let at = |x: f64| Body::new(DVec3::new(x, 1.0, 0.5), Body::DEFAULT_SIZE).unwrap();
    let a = sim.add_body(at(-5.0));
    let b = sim.add_body(at(0.0));
    let c = sim.add_body(at(0.3)); // overlaps b: they push apart
    let report = sim.step(&[]).unwrap();
    let pushed: Vec<(BodyHandle, BodyHandle)> = report
        .body_events()
        .flat_map(|(me, events)| {
            events.iter().filter_map(move |e| match e {
                Event::PushedByBody { other, .. } => Some((me, *other)),
                _ => None,
            })
        })
        .collect();
    assert_eq!(pushed, vec![(b, c), (c, b)]);
    let c_feet = sim.body(c).unwrap().feet();
    assert_eq!(sim.remove_body(a).map(|body| body.feet().x), Some(-5.0));
    assert!(sim.remove_body(a).is_none(), "removed once");
    assert!(sim.body(a).is_none());
    assert_eq!(
        sim.body(c).unwrap().feet(),
        c_feet,
        "c moved in the list, not in the world"
    );
    assert_eq!(sim.handles(), [c, b]);
    let d = sim.add_body(at(8.0));
    assert_eq!(d.slot(), a.slot(), "the slot is reused");
    assert_ne!(d, a, "with a new generation");
    assert!(sim.body(a).is_none());
    assert!(
        sim.set_body_settings(
            d,
            Some({
                let mut settings = Settings::default();
                settings.walking.speed = 8.0;
                settings
            })
        )
        .unwrap()
    );
    assert!(!sim.set_body_settings(a, None).unwrap());
    let east = Input {
        east: true,
        ..Input::IDLE
    };
    for _ in 0..40 {
        sim.step(&[(d, east)]).unwrap();
    }
    assert!(
        (sim.body(d).unwrap().velocity.x - 8.0).abs() < 1e-6,
        "its own walking speed"
    );
}

/// Every cell's boxes tested one by one against the ray: the reference for
/// the voxel walk.
fn brute_force_ray<W: BlockSource>(
    world: &W,
    lo: IVec3,
    hi: IVec3,
    origin: DVec3,
    dir: DVec3,
    max: f64,
) -> Option<f64> {
    let dir = dir.normalize();
    let mut best: Option<f64> = None;
    world.for_each_solid_in(lo, hi, |cell, boxes| {
        for b in boxes {
            let b = b.translated(cell.as_dvec3());
            let (mut t_in, mut t_out) = (0.0f64, f64::INFINITY);
            let mut hit = true;
            for axis in 0..3 {
                if dir[axis] == 0.0 {
                    if origin[axis] < b.min[axis] || origin[axis] > b.max[axis] {
                        hit = false;
                    }
                    continue;
                }
                let t0 = (b.min[axis] - origin[axis]) / dir[axis];
                let t1 = (b.max[axis] - origin[axis]) / dir[axis];
                t_in = t_in.max(t0.min(t1));
                t_out = t_out.min(t0.max(t1));
            }
            if hit && t_in <= t_out && t_in <= max && best.is_none_or(|t| t_in < t) {
                best = Some(t_in);
            }
        }
    });
    best
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(2000)))]

    /// The voxel walk finds the first box a ray meets, as testing every box of
    /// the region does: through slabs' empty halves, past the thin posts of the
    /// game's registry and the half-block collars of fence posts reaching into
    /// the cell above.
    #[test]
    fn a_ray_meets_the_box_brute_force_finds_first(
        origin in (0.0f64..16.0, 0.0f64..40.0, 0.0f64..16.0),
        dir in (-1.0f64..1.0, -1.0f64..1.0, -1.0f64..1.0),
        axis_aligned in 0u8..4,
        on_the_grid in any::<bool>(),
        max in 0.0f64..40.0,
    ) {
        let world = game_world(16);
        let mut origin = DVec3::new(origin.0, origin.1, origin.2);
        let mut dir = DVec3::new(dir.0, dir.1, dir.2);
        if on_the_grid {
            // On cell faces, edges and corners, along lines through them:
            // where a walk steps through an edge or a corner, or runs in a
            // face, and boxes touch the ray in cells it never enters.
            origin = (origin * 2.0).round() / 2.0;
            dir = (dir * 2.5).round();
        }
        if axis_aligned < 3 {
            dir = DVec3::ZERO;
            dir[usize::from(axis_aligned)] = -1.0;
        }
        prop_assume!(dir.length() > 1e-3);
        let hit = cast_ray(&world, origin, dir, max).unwrap();
        let want = brute_force_ray(&world, IVec3::new(-2, -2, -2), IVec3::new(18, 60, 18), origin, dir, max);
        match (hit, want) {
            (None, None) => {}
            (Some(h), Some(t)) => {
                prop_assert!((h.distance - t).abs() <= 1e-9 * (1.0 + t), "{h:?} against {t}");
                let boxes = world.registry().collision_shape(world.block(h.block));
                prop_assert!(boxes.iter().any(|b| b.translated(h.block.as_dvec3()).overlaps_beyond(
                    &Aabb::new(h.point - 1e-6, h.point + 1e-6), 0.0)));
            }
            (h, t) => prop_assert!(false, "{h:?} against {t:?}"),
        }
    }

    /// A box query lists exactly the cells whose boxes the region overlaps.
    #[test]
    fn a_box_query_lists_the_cells_it_overlaps(
        corner in (0.0f64..16.0, 5.0f64..30.0, 0.0f64..16.0),
        size in (0.0f64..4.0, 0.0f64..4.0, 0.0f64..4.0),
    ) {
        let world = game_world(16);
        let min = DVec3::new(corner.0, corner.1, corner.2);
        let region = Aabb::new(min, min + DVec3::new(size.0, size.1, size.2));
        let mut got = Vec::new();
        blocks_in_box(&world, &region, |cell| got.push(cell)).unwrap();
        got.sort_by_key(|c| (c.x, c.y, c.z));
        let mut want = Vec::new();
        world.for_each_solid_in(IVec3::new(-1, 0, -1), IVec3::new(21, 40, 21), |cell, boxes| {
            if boxes.iter().any(|b| region.overlaps_beyond(&b.translated(cell.as_dvec3()), 0.0)) {
                want.push(cell);
            }
        });
        want.sort_by_key(|c| (c.x, c.y, c.z));
        prop_assert_eq!(got, want);
    }
}
