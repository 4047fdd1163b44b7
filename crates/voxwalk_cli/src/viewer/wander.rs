//! A body that walks by itself: forward until a wall, up ledges it can jump,
//! round walls it cannot, turning now and then. Drives `--demo` and the
//! wanderers `n` adds.

use glam::{DVec2, IVec3};

use voxwalk::controller::{Body, Event, Input};
use voxwalk::world::{BlockSource, World};

/// The eight compass headings, east first, turning towards +z (clockwise seen
/// from above with north up).
const HEADINGS: [(bool, bool, bool, bool); 8] = [
    // (east, west, south, north)
    (true, false, false, false),
    (true, false, true, false),
    (false, false, true, false),
    (false, true, true, false),
    (false, true, false, false),
    (false, true, false, true),
    (false, false, false, true),
    (true, false, false, true),
];

/// The state of one wandering body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wanderer {
    /// Which body it drives.
    pub body: usize,
    /// Index into the eight compass headings.
    pub heading: usize,
    /// A small deterministic random state, so demos replay.
    rng: u64,
    /// Ticks until the next turn for the sake of it.
    until_turn: u32,
}

impl Wanderer {
    /// A wanderer for body `body`, seeded so each one walks its own way.
    #[must_use]
    pub fn new(body: usize, seed: u64) -> Wanderer {
        let mut w = Wanderer {
            body,
            heading: 0,
            rng: seed ^ 0x5DEE_CE66_D1CE_B00C,
            until_turn: 0,
        };
        w.heading = (w.next() % 8) as usize;
        w.until_turn = 60 + (w.next() % 140) as u32;
        w
    }

    fn next(&mut self) -> u64 {
        // xorshift64*
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        self.rng.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// The unit direction of the current heading in the x–z plane.
    #[must_use]
    pub fn direction(&self) -> DVec2 {
        let (e, w, s, n) = HEADINGS[self.heading];
        let axis = |p: bool, m: bool| f64::from(u8::from(p)) - f64::from(u8::from(m));
        DVec2::new(axis(e, w), axis(s, n)).normalize()
    }

    /// This tick's input, given the body and what happened to it last tick.
    pub fn input(&mut self, world: &World, body: &Body, last_events: &[Event]) -> Input {
        let mut jump = false;
        let hit_wall = last_events
            .iter()
            .any(|e| matches!(e, Event::HitWall { .. }));
        if hit_wall && body.grounded {
            if self.ledge_ahead_is_low(world, body) {
                jump = true;
            } else {
                // A wall: a quarter turn one way or the other.
                let turn = if self.next().is_multiple_of(2) { 2 } else { 6 };
                self.heading = (self.heading + turn) % 8;
            }
        }
        self.until_turn = self.until_turn.saturating_sub(1);
        if self.until_turn == 0 {
            let turn = if self.next().is_multiple_of(2) { 1 } else { 7 };
            self.heading = (self.heading + turn) % 8;
            self.until_turn = 60 + (self.next() % 140) as u32;
        }
        let (east, west, south, north) = HEADINGS[self.heading];
        Input {
            east,
            west,
            south,
            north,
            jump,
            ..Input::IDLE
        }
    }

    /// Whether the block ahead at foot level has free space above it for the
    /// body: one a jump (≈ 1.3) can get onto.
    fn ledge_ahead_is_low(&self, world: &World, body: &Body) -> bool {
        let feet = body.feet();
        let ahead = feet + glam::DVec3::new(self.direction().x, 0.0, self.direction().y) * 0.8;
        let cell = ahead.floor().as_ivec3();
        let height = (body.aabb.max.y - body.aabb.min.y).ceil() as i32;
        (1..=height).all(|dy| !world.is_solid_at(cell + IVec3::new(0, dy, 0)))
    }
}
