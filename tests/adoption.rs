//! What a game needs to adopt voxwalk, one section per need: inputs named by
//! handle, behaviour properties that refuse typos, snapping to the ground on
//! the way down steps, collision layers and one-way blocks, poses,
//! interpolation, leaving the world (saved and rewound state is
//! `tests/saved_state.rs`), and types that fit a
//! game's code (vectors in events, a world behind `&dyn`, no `Sync` unless
//! threads need it, a wall reported when it is first touched).
//!
//! Built with the core alone too: `.ci/run` runs this file with
//! `--no-default-features`, where a world need not be `Sync`.

mod support;
use support::terrain::stone_floor;

use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Event, Input, Settings, Simulation};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::world::{BlockSource, World};

fn person_at(x: f64, y: f64, z: f64) -> Body {
    Body::new(DVec3::new(x, y, z), Body::DEFAULT_SIZE).unwrap()
}

const EAST: Input = Input {
    east: true,
    ..Input::IDLE
};

// ---------------------------------------------------------------------------
// 10. Types that fit a game's code.

/// A body walking into a wall for two seconds hits it once, and is reported
/// touching it on every tick it presses.
#[test]
fn a_wall_is_hit_once_and_then_touched() {
    let mut world = stone_floor(8);
    world.fill(IVec3::new(3, 0, -8), IVec3::new(3, 3, 8), BlockId::STONE);
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let walker = sim.add_body(person_at(0.5, 0.0, 0.5));
    let mut hits = Vec::new();
    for tick in 0..40 {
        let report = sim.step(&[(walker, EAST)]).unwrap();
        for event in report.events(walker).unwrap() {
            if let Event::HitWall { normal } = event {
                hits.push((tick, *normal));
            }
        }
        let touching = sim.body(walker).unwrap().touching.wall_x;
        assert_eq!(touching, !hits.is_empty(), "tick {tick}");
    }
    assert_eq!(hits.len(), 1, "one hit in two seconds: {hits:?}");
    assert_eq!(hits[0].1, DVec3::NEG_X, "its normal a vector");
    // Stepping back and walking in again is a new contact.
    let west = Input {
        west: true,
        ..Input::IDLE
    };
    for _ in 0..5 {
        sim.step(&[(walker, west)]).unwrap();
    }
    assert!(!sim.body(walker).unwrap().touching.wall_x);
    let mut again = 0;
    for _ in 0..20 {
        let report = sim.step(&[(walker, EAST)]).unwrap();
        again += report
            .events(walker)
            .unwrap()
            .iter()
            .filter(|e| matches!(e, Event::HitWall { .. }))
            .count();
    }
    assert_eq!(again, 1);
}

/// Two bodies' 60 ticks over `world` (one walking, one jumping east), the
/// first body's state after each.
fn walk_in<W: BlockSource + voxwalk::controller::SyncIfParallel>(world: W) -> Vec<Body> {
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    // Present in every build; without the `parallel` feature it does nothing.
    sim.set_parallel(true);
    let a = sim.add_body(person_at(0.5, 0.0, 0.5));
    let b = sim.add_body(person_at(-2.5, 0.0, 1.5));
    let jump = Input { jump: true, ..EAST };
    (0..60)
        .map(|_| {
            sim.step(&[(a, EAST), (b, jump)]).unwrap();
            *sim.body(a).unwrap()
        })
        .collect()
}

fn walled_floor() -> World {
    let mut world = stone_floor(8);
    world.fill(IVec3::new(4, 0, -8), IVec3::new(4, 0, 8), BlockId::STONE);
    world.fill(IVec3::new(6, 0, -8), IVec3::new(6, 3, 8), BlockId::STONE);
    world
}

/// A game may hand its world over as a trait object: the run is the same
/// bit for bit as with the world itself.
#[test]
fn a_world_behind_a_trait_object_walks_the_same() {
    let world = walled_floor();
    let direct = walk_in(world.clone());
    let shared: &(dyn BlockSource + Sync) = &world;
    assert_eq!(walk_in(shared), direct);
    #[cfg(not(feature = "parallel"))]
    {
        let plain: &dyn BlockSource = &world;
        assert_eq!(walk_in(plain), direct);
    }
    let hit = voxwalk::resolver::cast_ray(&shared, DVec3::new(0.5, 0.5, 0.5), DVec3::X, 20.0)
        .unwrap()
        .expect("the step east");
    assert_eq!(hit.block, IVec3::new(4, 0, 0));
}

/// Without the `parallel` feature a world that cannot be shared between
/// threads (a cache in a `Cell`) is simulated: `Sync` is asked only where
/// threads need it.
#[cfg(not(feature = "parallel"))]
#[test]
fn a_world_that_is_not_sync_is_simulated_without_threads() {
    use std::cell::Cell;
    use voxwalk::block::BlockRegistry;

    struct Counting {
        world: World,
        reads: Cell<u64>,
    }
    impl BlockSource for Counting {
        fn block(&self, cell: IVec3) -> BlockId {
            self.reads.set(self.reads.get() + 1);
            self.world.block(cell)
        }
        fn registry(&self) -> &BlockRegistry {
            self.world.registry()
        }
    }
    let counting = Counting {
        world: walled_floor(),
        reads: Cell::new(0),
    };
    let walked = walk_in(counting);
    assert_eq!(walked, walk_in(walled_floor()));
}

// ---------------------------------------------------------------------------
// 1. Inputs by handle.

/// Inputs kept in the order bodies were added go to the wrong bodies after a
/// removal reorders them; named by handle, each reaches its body.
#[test]
fn inputs_reach_their_bodies_after_a_removal() {
    let mut sim = Simulation::new(stone_floor(16), Settings::default()).unwrap();
    let first = sim.add_body(person_at(0.5, 0.0, -6.5));
    let second = sim.add_body(person_at(0.5, 0.0, 0.5));
    let third = sim.add_body(person_at(0.5, 0.0, 6.5));
    sim.remove_body(first);
    // `third` is now where `first` was in the simulation's order.
    let west = Input {
        west: true,
        ..Input::IDLE
    };
    for _ in 0..20 {
        sim.step(&[(second, EAST), (third, west)]).unwrap();
    }
    assert!(sim.body(second).unwrap().feet().x > 4.0);
    assert!(sim.body(third).unwrap().feet().x < -3.0);
    // A body without an input idles.
    let idle_from = sim.body(second).unwrap().feet();
    for _ in 0..40 {
        sim.step(&[(third, west)]).unwrap();
    }
    let idle_at = sim.body(second).unwrap().feet();
    assert!(
        (idle_at.x - idle_from.x).abs() < 2.0,
        "it slid to a stop, {idle_at}"
    );
    assert_eq!(sim.body(second).unwrap().velocity.x, 0.0);
}

/// A handle that names no body, or a body named twice, is an error naming
/// it, and nothing moves; inputs in order must be one per body.
#[test]
fn inputs_that_name_no_body_are_refused() {
    use voxwalk::controller::SimulationError;
    let mut sim = Simulation::new(stone_floor(8), Settings::default()).unwrap();
    let gone = sim.add_body(person_at(0.5, 0.0, 0.5));
    let here = sim.add_body(person_at(3.5, 0.0, 0.5));
    sim.remove_body(gone);
    let before = sim.body(here).copied();
    let refused = sim.step(&[(here, EAST), (gone, EAST)]).unwrap_err();
    assert!(matches!(refused, SimulationError::NoSuchBody { handle } if handle == gone));
    assert!(
        refused.to_string().contains("not in the simulation"),
        "{refused}"
    );
    let twice = sim.step(&[(here, EAST), (here, Input::IDLE)]).unwrap_err();
    assert!(matches!(twice, SimulationError::TwoInputs { handle } if handle == here));
    assert_eq!(sim.body(here).copied(), before, "nothing moved");
    assert_eq!(sim.ticks_run(), 0, "no tick ran");

    let too_many = sim.step_in_order(&[EAST, EAST]).unwrap_err();
    assert!(matches!(
        too_many,
        SimulationError::InputCount {
            inputs: 2,
            bodies: 1
        }
    ));
    assert!(sim.step_in_order(&[]).is_err(), "too few");
    sim.step_in_order(&[EAST]).unwrap();
    assert_eq!(sim.ticks_run(), 1);
}

// ---------------------------------------------------------------------------
// 2. Behaviour properties that refuse typos.

/// A misspelt behaviour is refused with the nearest real one named; a game's
/// own property lives under `custom.` and round-trips.
#[test]
fn a_misspelt_behaviour_is_refused_and_a_custom_one_kept() {
    use voxwalk::block::{BlockError, BlockField, BlockType, PropertyValue};
    use voxwalk::formats::text_format;

    for (typo, meant) in [("climable", "climbable"), ("slipperyness", "slipperiness")] {
        let ladder = BlockType::cube("my_ladder").with_property(typo, PropertyValue::Flag(true));
        let refused = World::new().register_block(ladder).unwrap_err();
        let BlockError::Invalid { field, problem, .. } = &refused else {
            panic!("{refused:?}");
        };
        assert_eq!(*field, BlockField::Property { name: typo.into() });
        assert!(
            problem.contains(&format!("did you mean {meant}?")),
            "{problem}"
        );
    }

    let text = "voxwalk-world 1\nblock ice colour #a0c8ff property slipperyness=0.98\n";
    let refused = text_format::parse(text).unwrap_err().to_string();
    assert!(
        refused.contains("line 2") && refused.contains("slipperiness"),
        "{refused}"
    );

    let text = "voxwalk-world 1\nblock bell colour #d0b040 property custom.chime=3 \
                property slipperiness=0.98\nlegend b bell\nlayer 0\n|b|\n";
    let world = text_format::parse(text).unwrap();
    let bell = world.registry().id("bell").unwrap();
    let properties = &world.registry().get(bell).unwrap().properties;
    assert_eq!(properties.number("custom.chime"), Some(3.0));
    let again = text_format::parse(&text_format::to_text(&world, &[]).unwrap()).unwrap();
    let bell = again.registry().id("bell").unwrap();
    assert_eq!(again.registry().get(bell).unwrap().properties, *properties);
}

// ---------------------------------------------------------------------------
// 3. Snapping to the ground down steps.

/// A staircase going down half a block per block, east: stone columns
/// topped by a bottom slab every other step.
fn half_slab_stairs_down() -> World {
    let mut world = World::new();
    for step in 0..24 {
        // The top of step `step` is at 12 − step / 2.
        let top_half = 24 - step; // in half blocks
        let (full, slab) = (top_half / 2, top_half % 2 == 1);
        let x = step;
        world.fill(
            IVec3::new(x, 0, -2),
            IVec3::new(x, full - 1, 2),
            BlockId::STONE,
        );
        if slab {
            world.fill(
                IVec3::new(x, full, -2),
                IVec3::new(x, full, 2),
                BlockId::SLAB,
            );
        }
    }
    world
}

/// Walks down the half-slab stairs for 40 ticks: the ticks in the air and
/// the landings.
fn walk_down_the_stairs(snap: bool) -> (usize, usize, f64, usize) {
    let mut settings = Settings::default();
    settings.walking.snap_to_ground = snap;
    let mut sim = Simulation::new(half_slab_stairs_down(), settings).unwrap();
    let walker = sim.add_body(person_at(0.5, 12.0, 0.5));
    assert!(sim.body(walker).unwrap().grounded);
    let (mut airborne, mut landings, mut snaps) = (0, 0, 0);
    for _ in 0..40 {
        let report = sim.step(&[(walker, EAST)]).unwrap();
        airborne += usize::from(!sim.body(walker).unwrap().grounded);
        let events = report.events(walker).unwrap();
        landings += events
            .iter()
            .filter(|e| matches!(e, Event::Landed { .. }))
            .count();
        snaps += events
            .iter()
            .filter(|e| matches!(e, Event::Snapped { height } if *height > 0.0 && *height <= 0.6))
            .count();
    }
    (
        airborne,
        landings,
        sim.body(walker).unwrap().feet().y,
        snaps,
    )
}

/// Down half-slab steps a walking body stays on the ground, with no landing
/// per step; without the snap (Minecraft's own motion) it spends ticks in
/// the air and lands on each step.
#[test]
fn a_body_walking_down_steps_stays_on_the_ground() {
    let (airborne, landings, end_y, snaps) = walk_down_the_stairs(true);
    assert_eq!((airborne, landings), (0, 0));
    // Each step down is told, as a snap of at most the step height.
    assert!(snaps >= 6, "{snaps} snaps");
    let (airborne_minecraft, landings_minecraft, end_y_minecraft, no_snaps) =
        walk_down_the_stairs(false);
    assert_eq!(no_snaps, 0);
    assert!(
        airborne_minecraft > 10 && landings_minecraft > 5,
        "{airborne_minecraft} {landings_minecraft}"
    );
    assert!(end_y <= 8.5, "it went down the stairs: {end_y}");
    assert!(end_y <= end_y_minecraft + 0.5);
}

/// The snap never pulls a body down a drop higher than a step, nor out of
/// a jump.
#[test]
fn the_snap_keeps_to_steps_and_leaves_jumps_alone() {
    let mut world = stone_floor(8);
    // A ledge one block high: walking off it is a fall, not a step.
    world.fill(IVec3::new(-8, 0, -8), IVec3::new(0, 0, 8), BlockId::STONE);
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let walker = sim.add_body(person_at(-0.5, 1.0, 0.5));
    let mut landed = 0;
    for _ in 0..20 {
        let report = sim.step(&[(walker, EAST)]).unwrap();
        landed += report
            .events(walker)
            .unwrap()
            .iter()
            .filter(|e| matches!(e, Event::Landed { .. }))
            .count();
    }
    assert_eq!(landed, 1, "it fell off the ledge and landed");
    let jump = Input {
        jump: true,
        ..Input::IDLE
    };
    sim.step(&[(walker, jump)]).unwrap();
    sim.step(&[(walker, Input::IDLE)]).unwrap();
    assert!(
        !sim.body(walker).unwrap().grounded,
        "a jump is not snapped back"
    );
}

// ---------------------------------------------------------------------------
// 8. Leaving the world.

/// A body that walks off the edge of the world falls to the world's lowest
/// block less `left_world_depth`, is reported once and held; moved back up,
/// it is simulated again.
#[test]
fn a_body_that_leaves_the_world_is_reported_and_held() {
    let mut sim = Simulation::new(stone_floor(4), Settings::default()).unwrap();
    let walker = sim.add_body(person_at(3.5, 0.0, 0.5));
    let mut reports = Vec::new();
    for tick in 0..400 {
        let report = sim.step(&[(walker, EAST)]).unwrap();
        if report.events(walker).unwrap().contains(&Event::LeftWorld) {
            reports.push(tick);
        }
    }
    assert_eq!(reports.len(), 1, "{reports:?}");
    let body = *sim.body(walker).unwrap();
    // The floor's chunk starts at y = -16: held once its top is 64 below.
    assert!(body.left_world);
    assert!(body.aabb.max.y < -16.0 - 64.0 && body.aabb.max.y > -16.0 - 64.0 - 5.0);
    assert_eq!(body.momentum, DVec3::ZERO);
    for _ in 0..10 {
        sim.step(&[(walker, EAST)]).unwrap();
    }
    assert_eq!(sim.body(walker).unwrap().aabb, body.aabb, "held");

    sim.body_mut(walker)
        .unwrap()
        .place(voxwalk::geometry::Aabb::from_feet(
            DVec3::new(0.5, 0.0, 0.5),
            Body::DEFAULT_SIZE,
        ));
    sim.step(&[(walker, EAST)]).unwrap();
    let back = sim.body(walker).unwrap();
    assert!(!back.left_world && back.feet().x > 0.5, "simulated again");
}

/// A game's storage that cannot say where its blocks end (a closure, and a
/// hash map of chunks with only the two required methods) keeps the same
/// promise with the default settings: the body walking off its edge is
/// held below the default floor and told once. A newtype over `World`
/// forwarding everything keeps `World`'s floor.
#[test]
fn every_storage_holds_a_body_that_leaves_it() {
    use std::collections::HashMap;
    use voxwalk::block::BlockRegistry;
    use voxwalk::world::DEFAULT_LOWEST_BLOCK;

    struct Chunks {
        chunks: HashMap<IVec3, Box<[BlockId; 4096]>>,
        registry: BlockRegistry,
    }
    impl BlockSource for Chunks {
        fn block(&self, cell: IVec3) -> BlockId {
            let key = cell.div_euclid(IVec3::splat(16));
            let l = cell.rem_euclid(IVec3::splat(16));
            self.chunks
                .get(&key)
                .map_or(BlockId::AIR, |c| c[(l.x * 256 + l.y * 16 + l.z) as usize])
        }
        fn registry(&self) -> &BlockRegistry {
            &self.registry
        }
    }
    struct Level(World);
    voxwalk::forward_block_source!(Level => 0);

    fn walk_off<W: BlockSource + voxwalk::controller::SyncIfParallel>(world: W, floor: f64) {
        let mut sim = Simulation::new(world, Settings::default()).unwrap();
        let walker = sim.add_body(person_at(3.5, 0.0, 0.5));
        let mut told = 0;
        for _ in 0..600 {
            let report = sim.step(&[(walker, EAST)]).unwrap();
            told += report
                .events(walker)
                .unwrap()
                .iter()
                .filter(|e| **e == Event::LeftWorld)
                .count();
        }
        let body = sim.body(walker).unwrap();
        assert_eq!(told, 1);
        assert!(body.left_world);
        let held_at = floor - Settings::default().collisions.left_world_depth;
        assert!(
            body.aabb.max.y < held_at && body.aabb.max.y > held_at - 5.0,
            "{body:?}"
        );
    }
    let default_floor = f64::from(DEFAULT_LOWEST_BLOCK);
    let closure = |c: IVec3| {
        if c.y == -1 && c.x.abs() <= 4 && c.z.abs() <= 4 {
            BlockId::STONE
        } else {
            BlockId::AIR
        }
    };
    walk_off(closure, default_floor);
    let mut chunks = HashMap::new();
    let mut cells = Box::new([BlockId::AIR; 4096]);
    for x in 0..5 {
        for z in 0..5 {
            cells[(x * 256 + 15 * 16 + z) as usize] = BlockId::STONE;
        }
    }
    chunks.insert(IVec3::new(0, -1, 0), cells);
    let registry = BlockRegistry::built_in().as_ref().clone();
    walk_off(Chunks { chunks, registry }, default_floor);
    walk_off(Level(stone_floor(4)), -16.0);
}

// ---------------------------------------------------------------------------
// 5. Poses.

const SNEAK_EAST: Input = Input {
    east: true,
    sneak: true,
    ..Input::IDLE
};

/// Sneaking lowers the body to 1.5; under a ceiling at 1.5 it stays
/// crouched when the key is let go, moving at the sneaking speed, and
/// stands up once out from under it.
#[test]
fn a_crouched_body_stands_only_where_there_is_room() {
    use voxwalk::controller::Pose;
    let mut world = stone_floor(12);
    // A ceiling of top slabs (1.5 to 2) from x = 2 to x = 6.
    world.fill(IVec3::new(2, 1, -3), IVec3::new(6, 1, 3), BlockId::TOP_SLAB);
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let walker = sim.add_body(person_at(0.5, 0.0, 0.5));
    sim.step(&[(walker, SNEAK_EAST)]).unwrap();
    let body = *sim.body(walker).unwrap();
    assert_eq!(body.pose, Pose::Sneaking);
    assert!((body.height() - 1.5).abs() < 1e-6, "{}", body.height());
    // Standing, it could not pass under the slabs; crouched it does.
    for _ in 0..70 {
        sim.step(&[(walker, SNEAK_EAST)]).unwrap();
    }
    let x = sim.body(walker).unwrap().feet().x;
    assert!(x > 4.0, "under the ceiling: {x}");
    assert!(!sim.room_to_stand(walker).unwrap());
    for _ in 0..20 {
        sim.step(&[(walker, Input::IDLE)]).unwrap();
    }
    let under = *sim.body(walker).unwrap();
    assert_eq!(under.pose, Pose::Sneaking, "no room to stand");
    assert!(under.aabb.max.y <= 1.5);
    // Walking on without the key: the sneaking speed while crouched.
    let settings = Settings::default();
    sim.step(&[(walker, EAST)]).unwrap();
    let mut fastest: f64 = 0.0;
    for _ in 0..200 {
        if sim.body(walker).unwrap().pose != Pose::Sneaking {
            break;
        }
        sim.step(&[(walker, EAST)]).unwrap();
        let body = sim.body(walker).unwrap();
        if body.pose == Pose::Sneaking {
            fastest = fastest.max(body.velocity.x);
        }
    }
    assert!(
        (fastest - settings.walking.sneak_speed).abs() < 1e-3 * settings.walking.sneak_speed,
        "{fastest}"
    );
    let out = *sim.body(walker).unwrap();
    assert!(
        out.aabb.min.x >= 7.0,
        "it stood up once out: {}",
        out.aabb.min.x
    );
    assert_eq!((out.pose, out.height()), (Pose::Standing, 1.8));
    assert!(sim.room_to_stand(walker).unwrap());
}

/// A crawling body in a tunnel one block high stays flat until it leaves.
#[test]
fn a_crawling_body_stays_flat_in_a_low_tunnel() {
    use voxwalk::controller::Pose;
    let mut world = stone_floor(12);
    world.fill(IVec3::new(-2, 1, -3), IVec3::new(5, 1, 3), BlockId::STONE);
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let mut body = person_at(0.5, 0.0, 0.5);
    body.pose = Pose::Crawling;
    body.aabb.max.y = body.aabb.min.y + 0.6;
    let crawler = sim.add_body(body);
    for _ in 0..5 {
        sim.step(&[(crawler, Input::IDLE)]).unwrap();
        let body = sim.body(crawler).unwrap();
        assert_eq!(body.pose, Pose::Crawling);
        assert!((body.height() - 0.6).abs() < 1e-6);
    }
    let mut ticks = 0;
    while sim.body(crawler).unwrap().pose == Pose::Crawling && ticks < 200 {
        sim.step(&[(crawler, EAST)]).unwrap();
        ticks += 1;
    }
    let out = sim.body(crawler).unwrap();
    assert!(out.aabb.min.x > 5.0, "{}", out.aabb.min.x);
    assert_eq!(out.pose, Pose::Standing);
}

// ---------------------------------------------------------------------------
// 4. Collision layers, filters and one-way blocks.

/// A wall on layer 1 (bit 2) stops a body that meets every layer and lets
/// through one that meets only layer 0; two bodies push each other only when
/// both masks meet the other's layers.
#[test]
fn layers_decide_who_meets_what() {
    use voxwalk::block::{BlockType, PropertyValue};
    let mut world = stone_floor(12);
    let ghost_wall = world
        .register_block(
            BlockType::cube("force_field")
                .with_property("collision_layers", PropertyValue::Number(2.0)),
        )
        .unwrap();
    world.fill(IVec3::new(3, 0, -12), IVec3::new(3, 3, 12), ghost_wall);
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let stopped = sim.add_body(person_at(0.5, 0.0, -4.5));
    let mut ghost = person_at(0.5, 0.0, 4.5);
    ghost.collision_mask = 1;
    let ghost = sim.add_body(ghost);
    for _ in 0..30 {
        sim.step(&[(stopped, EAST), (ghost, EAST)]).unwrap();
    }
    assert!(sim.body(stopped).unwrap().aabb.max.x <= 3.0);
    assert!(sim.body(ghost).unwrap().aabb.min.x > 4.0, "walked through");

    // Bodies: overlapping pairs, one pair on layers that do not meet.
    let mut sim = Simulation::new(stone_floor(12), Settings::default()).unwrap();
    let a = sim.add_body(person_at(0.5, 0.0, -4.5));
    let b = sim.add_body(person_at(0.8, 0.0, -4.5));
    let mut c = person_at(0.5, 0.0, 4.5);
    c.collision_layers = 2;
    c.collision_mask = 2;
    let c = sim.add_body(c);
    let d = sim.add_body(person_at(0.8, 0.0, 4.5));
    sim.step(&[]).unwrap();
    let gap = |p, q| sim.body(q).unwrap().feet().x - sim.body(p).unwrap().feet().x;
    assert!(gap(a, b) > 0.59, "pushed apart: {}", gap(a, b));
    assert!(
        (gap(c, d) - 0.3).abs() < 1e-9,
        "passed through each other: {}",
        gap(c, d)
    );
}

/// A ray that skips water, one that picks only liquids, one that skips a
/// type the game names.
#[test]
fn queries_take_a_filter() {
    use voxwalk::resolver::{CollisionFilter, Filtered, cast_ray};
    let mut world = World::new();
    world.set_block(IVec3::new(2, 0, 0), BlockId::WATER);
    world.set_block(IVec3::new(4, 0, 0), BlockId::GLASS);
    world.set_block(IVec3::new(6, 0, 0), BlockId::BRICK);
    let from = DVec3::new(0.5, 0.5, 0.5);
    let hit = |filter: CollisionFilter| {
        cast_ray(&Filtered::new(&world, filter), from, DVec3::X, 20.0)
            .unwrap()
            .map(|h| h.block.x)
    };
    assert_eq!(hit(CollisionFilter::ALL), Some(4), "water skipped");
    let is_liquid = |t: &voxwalk::block::BlockType| t.properties.number("liquid_drag").is_some();
    let liquids = CollisionFilter {
        passable: true,
        blocks: Some(&is_liquid),
        ..CollisionFilter::ALL
    };
    assert_eq!(hit(liquids), Some(2), "only liquids");
    let not_glass = |t: &voxwalk::block::BlockType| t.name != "glass";
    let through_glass = CollisionFilter {
        blocks: Some(&not_glass),
        ..CollisionFilter::ALL
    };
    assert_eq!(hit(through_glass), Some(6), "glass skipped");
    let none = CollisionFilter {
        mask: 2,
        ..CollisionFilter::ALL
    };
    assert_eq!(hit(none), None, "nothing on layer 1");
}

/// A one-way platform: jumped up through from below, landed on, stood on;
/// walked into from the side at body height, passed through.
#[test]
fn a_one_way_platform_is_solid_only_from_above() {
    use voxwalk::block::{BlockType, PropertyValue};
    use voxwalk::geometry::Aabb;
    let mut world = stone_floor(12);
    let platform = world
        .register_block(
            BlockType::new("platform")
                .with_box(Aabb::new(DVec3::new(0.0, 0.75, 0.0), DVec3::ONE))
                .with_property("one_way", PropertyValue::Flag(true)),
        )
        .unwrap();
    // Platforms from 0.75 to 1.0 above the floor: a square over the
    // jumper, and a row at knee height across the walker's way.
    world.fill(IVec3::new(-2, 0, -2), IVec3::new(2, 0, 2), platform);
    world.fill(IVec3::new(5, 0, -8), IVec3::new(5, 0, 8), platform);
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let jumper = sim.add_body(person_at(0.5, 0.0, 0.5));
    let jump = Input {
        jump: true,
        ..Input::IDLE
    };
    let mut highest: f64 = 0.0;
    for _ in 0..30 {
        sim.step(&[(jumper, jump)]).unwrap();
        highest = highest.max(sim.body(jumper).unwrap().feet().y);
    }
    for _ in 0..20 {
        sim.step(&[(jumper, Input::IDLE)]).unwrap();
    }
    let body = sim.body(jumper).unwrap();
    assert!(
        body.grounded && (body.feet().y - 1.0).abs() < 1e-6,
        "stands on it: {}",
        body.feet().y
    );
    assert!(highest > 1.0);

    let walker = sim.add_body(person_at(3.5, 0.0, 6.5));
    for _ in 0..20 {
        sim.step(&[(walker, EAST)]).unwrap();
    }
    let body = sim.body(walker).unwrap();
    assert!(
        body.aabb.min.x > 6.0 && body.feet().y < 0.01,
        "walked through: {body:?}"
    );
}
