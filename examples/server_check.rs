//! A server checking its players' moves: each tick a player sends the keys
//! it held and where it says they took it. The server moves its own copy of
//! the body in Minecraft's collision order (`Settings::vanilla_collisions`,
//! the client's box `Body::MINECRAFT_SIZE`), which follows the vanilla
//! client's motion within 10⁻⁹ a tick (docs/determinism.md), and flags a
//! report farther from where those keys lead than a thousandth of a block:
//! then it sends its own place back, and the player is put there.
//!
//! Here the players are voxwalk too: an honest one, never flagged, and one
//! that jumps half a block east on three ticks (a speed hack), flagged on
//! each and put back, then in step again: the example asserts both.
//!
//! `cargo run --example server_check`

use voxwalk::block::BlockId;
use voxwalk::controller::{Body, BodyHandle, Input, Settings, Simulation};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::world::World;

/// How far a report may be from the server's own move before it is flagged.
const TOLERANCE: f64 = 1e-3;

/// Stone, a floor of slabs to step onto, and a wall at its end.
fn world() -> World {
    let mut world = World::new();
    world.fill(
        IVec3::new(-4, -1, -4),
        IVec3::new(24, -1, 4),
        BlockId::STONE,
    );
    world.fill(IVec3::new(6, 0, -4), IVec3::new(15, 0, 4), BlockId::SLAB);
    world.fill(IVec3::new(16, 0, -4), IVec3::new(16, 3, 4), BlockId::STONE);
    world
}

/// Minecraft's profile: its collision order, no snap down a step (the
/// client falls off one).
fn settings() -> Settings {
    {
        let mut settings = Settings::default();
        settings.collisions.vanilla_order = true;
        settings.walking.snap_to_ground = false;
        settings
    }
}

/// The keys held at `tick`: sprint east, jumping now and then, into the wall.
fn keys(tick: u32) -> Input {
    Input {
        east: true,
        sprint: true,
        jump: tick % 12 == 3,
        ..Input::IDLE
    }
}

/// One player: its own simulation, and the ticks it cheats on.
struct Player {
    sim: Simulation,
    body: BodyHandle,
    cheats_on: std::ops::Range<u32>,
}

impl Player {
    fn new(cheats_on: std::ops::Range<u32>) -> Player {
        let mut sim = Simulation::new(world(), settings()).expect("valid settings");
        let body = sim.add_body(start());
        Player {
            sim,
            body,
            cheats_on,
        }
    }

    /// Moves by `input` (half a block farther east on the ticks it
    /// cheats) and says where it ended.
    fn tick(&mut self, tick: u32, input: Input) -> DVec3 {
        self.sim.step_in_order(&[input]).expect("a valid tick");
        let body = self.sim.body_mut(self.body).expect("the player's body");
        if self.cheats_on.contains(&tick) {
            body.place(body.aabb.translated(DVec3::new(0.5, 0.0, 0.0)));
        }
        body.feet()
    }

    /// Put back where the server says.
    fn correct(&mut self, to: Body) {
        *self.sim.body_mut(self.body).expect("the player's body") = to;
    }
}

fn start() -> Body {
    Body::new(DVec3::new(0.5, 0.0, 0.5), Body::MINECRAFT_SIZE).expect("a valid body")
}

/// The ticks on which the server flags `player`'s reports.
fn flagged(mut player: Player) -> Vec<u32> {
    let mut server = Simulation::new(world(), settings()).expect("valid settings");
    let own = server.add_body(start());
    let mut flagged = Vec::new();
    for tick in 0..60 {
        let input = keys(tick);
        let reported = player.tick(tick, input);
        server.step_in_order(&[input]).expect("a valid tick");
        let body = *server.body(own).expect("the server's body");
        if (reported - body.feet()).abs().max_element() > TOLERANCE {
            flagged.push(tick);
            player.correct(body);
        }
    }
    let end = server.body(own).expect("the server's body").feet();
    assert!(
        end.x < 16.0 && end.y > 0.4,
        "stepped onto the slab, stopped at the wall: {end}"
    );
    flagged
}

fn main() {
    let honest = flagged(Player::new(0..0));
    let cheat = flagged(Player::new(20..23));
    println!("honest player flagged on ticks {honest:?}, cheating player on {cheat:?}");
    assert!(honest.is_empty());
    assert_eq!(cheat, vec![20, 21, 22]);
}
