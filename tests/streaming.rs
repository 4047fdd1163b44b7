//! A streamed world loads what the bodies need before each tick and what
//! they may need next a little at a time: a column that is slow to read and
//! not needed yet never holds up a tick for long.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use voxwalk::block::BlockId;
use voxwalk::geometry::Aabb;
use voxwalk::glam::{DVec3, IVec2, IVec3};
use voxwalk::streaming::{ChunkSource, StreamSettings, Streamer};
use voxwalk::world::{CHUNK_EDGE, World};

/// A floor of stone at y 0 under every column, counting its reads.
#[derive(Default)]
struct Floors {
    reads: AtomicUsize,
}

impl ChunkSource for Floors {
    type Column = IVec2;
    type Error = std::convert::Infallible;

    fn read(&self, column: IVec2) -> Result<Option<IVec2>, Self::Error> {
        self.reads.fetch_add(1, Ordering::Relaxed);
        Ok(Some(column))
    }

    fn most_bytes(&self, _: &IVec2) -> usize {
        // One mixed chunk of a byte a cell, with room to spare.
        1 << 16
    }

    fn place(&mut self, world: &mut World, column: IVec2, _: IVec2) {
        let lo = IVec3::new(column.x * CHUNK_EDGE, 0, column.y * CHUNK_EDGE);
        world.fill(
            lo,
            lo + IVec3::new(CHUNK_EDGE - 1, 0, CHUNK_EDGE - 1),
            BlockId::STONE,
        );
    }

    fn lowest_block(&self) -> Option<i32> {
        Some(0)
    }
}

#[test]
fn loading_ahead_stops_when_its_time_is_spent_and_goes_on_next_time() {
    let settings = StreamSettings {
        view_distance: 8,
        ahead_time: Duration::ZERO,
        ..StreamSettings::default()
    };
    let mut streamer = Streamer::new(Floors::default(), settings);
    let mut world = World::new();
    let feet = DVec3::new(8.5, 1.0, 8.5);
    let body = [(Aabb::new(feet, feet + DVec3::new(0.6, 1.8, 0.6)), 0.0)];

    let first = streamer.prepare(&mut world, &body).unwrap();
    assert!(
        first.waited_for > 0,
        "the columns the body needs are waited for"
    );
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    assert!(
        (1..=cores.max(1)).contains(&first.ahead),
        "with no time to spend, one batch of {cores} at most is read ahead, not {}",
        first.ahead
    );
    assert!(streamer.needs_preparing(&body));

    // Each later preparation reads another batch, until every wanted column
    // (17 × 17 around the body) is there and there is nothing left to do.
    let mut preparations = 1;
    while streamer.needs_preparing(&body) {
        let done = streamer.prepare(&mut world, &body).unwrap();
        assert_eq!(done.waited_for, 0, "nothing the body needs was dropped");
        assert!(done.ahead >= 1);
        preparations += 1;
        assert!(preparations < 1000, "loading ahead never finished");
    }
    assert_eq!(streamer.loaded_columns(), 17 * 17);
    assert_eq!(streamer.source().reads.load(Ordering::Relaxed), 17 * 17);
}

#[test]
fn with_time_to_spend_one_preparation_loads_as_many_as_it_may() {
    let settings = StreamSettings {
        view_distance: 8,
        ahead_per_prepare: 40,
        ahead_time: Duration::MAX,
        ..StreamSettings::default()
    };
    let mut streamer = Streamer::new(Floors::default(), settings);
    let mut world = World::new();
    let feet = DVec3::new(8.5, 1.0, 8.5);
    let body = [(Aabb::new(feet, feet + DVec3::new(0.6, 1.8, 0.6)), 0.0)];
    let done = streamer.prepare(&mut world, &body).unwrap();
    assert_eq!(done.ahead, 40);
}
