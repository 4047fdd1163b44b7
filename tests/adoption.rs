//! What a game needs to adopt voxwalk, one section per need: inputs named by
//! handle, behaviour properties that refuse typos, snapping to the ground on
//! the way down steps, collision layers and one-way blocks, poses, saved and
//! rewound state, interpolation, leaving the world, and types that fit a
//! game's code (vectors in events, a world behind `&dyn`, no `Sync` unless
//! threads need it, a wall reported when it is first touched).
//!
//! Built with the core alone too: `.ci/run` runs this file with
//! `--no-default-features`, where a world need not be `Sync`.

use voxwalk::controller::{Body, Event, Input, Settings, Simulation};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::world::{BlockId, BlockSource, World};

fn stone_floor(half: i32) -> World {
    let mut world = World::new();
    world.fill(
        IVec3::new(-half, -1, -half),
        IVec3::new(half, -1, half),
        BlockId::STONE,
    );
    world
}

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

/// The walk of `steps` ticks east over a floor with a wall, in any world.
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
    use voxwalk::world::BlockRegistry;

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
    assert_eq!(sim.tick(), 0, "no tick ran");

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
    assert_eq!(sim.tick(), 1);
}

// ---------------------------------------------------------------------------
// 2. Behaviour properties that refuse typos.

/// A misspelt behaviour is refused with the nearest real one named; a game's
/// own property lives under `custom.` and round-trips.
#[test]
fn a_misspelt_behaviour_is_refused_and_a_custom_one_kept() {
    use voxwalk::formats::text_format;
    use voxwalk::world::{BlockError, BlockField, BlockType, PropertyValue};

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
    let again = text_format::parse(&text_format::to_text(&world).unwrap()).unwrap();
    let bell = again.registry().id("bell").unwrap();
    assert_eq!(again.registry().get(bell).unwrap().properties, *properties);
}
