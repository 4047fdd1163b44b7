//! A game's own chunk storage behind `BlockSource`: the resolver and the
//! controller read the game's chunks directly, with no copy into voxwalk's
//! `World`.
//!
//! The game here keeps 32³ chunks of `u8` block numbers in a hash map (its
//! own format, its own chunk size), and maps its numbers to voxwalk's ids.
//!
//! `cargo run --example own_chunks`

use std::collections::HashMap;

use voxwalk::block::{BlockId, BlockRegistry};
use voxwalk::controller::{Body, Controller, Event, Input, Settings};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::world::BlockSource;

/// The game's chunk edge: not voxwalk's 16.
const EDGE: i32 = 32;

/// The game's world: chunks of block numbers (0 air, 1 rock, 2 half slab).
struct GameChunks {
    chunks: HashMap<IVec3, Vec<u8>>,
}

impl GameChunks {
    fn set(&mut self, cell: IVec3, block: u8) {
        let key = cell.div_euclid(IVec3::splat(EDGE));
        let local = cell.rem_euclid(IVec3::splat(EDGE));
        let chunk = self
            .chunks
            .entry(key)
            .or_insert_with(|| vec![0; (EDGE * EDGE * EDGE) as usize]);
        chunk[((local.y * EDGE + local.z) * EDGE + local.x) as usize] = block;
    }
}

impl BlockSource for GameChunks {
    fn block(&self, cell: IVec3) -> BlockId {
        let key = cell.div_euclid(IVec3::splat(EDGE));
        let local = cell.rem_euclid(IVec3::splat(EDGE));
        match self.chunks.get(&key) {
            None => BlockId::AIR,
            Some(chunk) => match chunk[((local.y * EDGE + local.z) * EDGE + local.x) as usize] {
                1 => BlockId::STONE,
                2 => BlockId::SLAB,
                _ => BlockId::AIR,
            },
        }
    }

    fn registry(&self) -> &BlockRegistry {
        // Built-in blocks only; a game with its own types returns its registry.
        BlockRegistry::built_in()
    }
}

fn main() {
    let mut world = GameChunks {
        chunks: HashMap::new(),
    };
    // A floor 64 blocks long across two of the game's chunks, a slab step at
    // x = 40 and a wall at x = 60.
    for x in -4..64 {
        for z in -4..4 {
            world.set(IVec3::new(x, 0, z), 1);
        }
        world.set(IVec3::new(x, 1, 0), if x >= 40 { 2 } else { 0 });
    }
    for y in 1..4 {
        world.set(IVec3::new(60, y, 0), 1);
    }

    let mut controller = Controller::new(Settings::default()).expect("default settings are valid");
    let mut body = Body::new(DVec3::new(0.5, 1.0, 0.5), Body::DEFAULT_SIZE).expect("a valid body");
    let east = Input {
        east: true,
        ..Input::IDLE
    };
    let mut events = Vec::new();
    let mut stepped_at = None;
    for tick in 0..400 {
        events.clear();
        controller
            .tick(&world, &mut body, east, &mut events)
            .expect("the move stays in range");
        if events.iter().any(|e| matches!(e, Event::Stepped { .. })) {
            stepped_at.get_or_insert(tick);
        }
    }
    let feet = body.feet();
    println!(
        "after 400 ticks: feet at ({:.3}, {:.3}, {:.3}), grounded {}, stepped onto the slab at tick {:?}",
        feet.x, feet.y, feet.z, body.grounded, stepped_at
    );
    assert!(
        stepped_at.is_some(),
        "the body climbs the slab without jumping"
    );
    assert!(body.grounded);
    assert!((feet.y - 1.5).abs() < 1e-6, "standing on the slab");
    assert!(
        body.aabb.max.x <= 60.0,
        "stopped by the wall, not through it"
    );
}
