//! Coyote time (`Settings::jumping.coyote_time`): a jump pressed just after
//! walking off an edge still leaves as from the ground, within the time
//! set and at any tick rate; never after a jump, and never at Minecraft's
//! 0.

use voxwalk::block::BlockId;
use voxwalk::controller::{Body, BodyHandle, Event, Input, Settings, Simulation};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::world::World;

/// A stone shelf, its top at y = 0, ending at x = 3; a floor far below.
fn ledge() -> World {
    let mut world = World::new();
    world.fill(IVec3::new(-8, -1, -4), IVec3::new(2, -1, 4), BlockId::STONE);
    world.fill(
        IVec3::new(-8, -30, -4),
        IVec3::new(30, -30, 4),
        BlockId::STONE,
    );
    world
}

/// A body walking east off the ledge, jump pressed from the `late`th tick
/// after it leaves the ground (counted at 20 a second: `late` × 1/20 s);
/// whether it jumps in the air, and how high its feet rise above the
/// ledge's top.
fn walk_off_and_jump(settings: Settings, late: f64) -> (bool, f64) {
    let dt = settings.dt();
    let mut sim = Simulation::new(ledge(), settings).unwrap();
    let body = sim.add_body(Body::new(DVec3::new(0.5, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap());
    let east = Input::parse("east").unwrap();
    let mut left_at = None;
    let (mut jumped, mut highest) = (false, f64::MIN);
    for tick in 0..200u32 {
        let now = f64::from(tick) * dt;
        // Held for 1/20 s from `late` on: one of Minecraft's ticks.
        let from = left_at.map(|t: f64| t + late / 20.0 - 1e-9);
        let press = from.is_some_and(|from| now >= from && now < from + 1.0 / 20.0);
        let input = Input {
            jump: press,
            ..east
        };
        let report = sim.step(&[(body, input)]).unwrap();
        let b = state(&sim, body);
        if left_at.is_none() && !b.grounded {
            left_at = Some(now + dt);
        }
        if left_at.is_some() {
            jumped |= report.bodies[0].contains(&Event::Jumped);
            highest = highest.max(b.feet().y);
            if b.grounded {
                break; // landed
            }
        }
    }
    assert!(left_at.is_some(), "never left the ledge");
    (jumped, highest)
}

fn state(sim: &Simulation<World>, body: BodyHandle) -> Body {
    *sim.body(body).unwrap()
}

fn with(coyote: f64, rate: f64) -> Settings {
    let mut settings = Settings {
        tick_rate: rate,
        ..Settings::default()
    };
    settings.jumping.coyote_time = coyote;
    settings
}

/// At Minecraft's 0, a press after leaving the ground is too late, as in
/// the game.
#[test]
fn without_coyote_time_a_late_press_falls() {
    for rate in [20.0, 60.0] {
        let (jumped, highest) = walk_off_and_jump(with(0.0, rate), 0.0);
        assert!(!jumped && highest <= 0.0, "{rate} Hz: {highest}");
    }
}

/// With 0.1 s (two ticks of 1/20 s), a press in the first or second tick
/// off the ledge jumps, at 20 and 60 ticks a second: a jump's full height
/// (1.25 above its start), less the little the body had fallen.
#[test]
fn a_press_within_coyote_time_jumps_from_the_air() {
    for rate in [20.0, 60.0] {
        for late in [0.0, 1.0] {
            let (jumped, highest) = walk_off_and_jump(with(0.1, rate), late);
            assert!(jumped, "{rate} Hz, {late} ticks late");
            assert!(
                highest > 1.0,
                "{rate} Hz, {late} ticks late: rose to {highest}"
            );
        }
    }
}

/// A press past the coyote time falls as without it.
#[test]
fn a_press_past_coyote_time_falls() {
    for rate in [20.0, 60.0] {
        let (jumped, highest) = walk_off_and_jump(with(0.1, rate), 3.0);
        assert!(!jumped && highest <= 0.0, "{rate} Hz: {highest}");
    }
}

/// Coyote time is for walking off, not a second jump: a body that jumps
/// off the ledge, holding jump all the way down, never jumps from the air.
#[test]
fn coyote_time_gives_no_second_jump() {
    for rate in [20.0, 60.0] {
        let mut sim = Simulation::new(ledge(), with(0.5, rate)).unwrap();
        let body = sim.add_body(Body::new(DVec3::new(2.5, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap());
        let input = Input::parse("east+jump").unwrap();
        let (mut from_the_ground, mut from_the_air) = (0, 0);
        for _ in 0..(4.0 * rate) as usize {
            let grounded = state(&sim, body).grounded;
            let report = sim.step(&[(body, input)]).unwrap();
            if report.bodies[0].contains(&Event::Jumped) {
                *(if grounded {
                    &mut from_the_ground
                } else {
                    &mut from_the_air
                }) += 1;
            }
            if state(&sim, body).feet().y < -20.0 {
                break; // down on the floor, where jumps are its own
            }
        }
        assert_eq!((from_the_ground, from_the_air), (1, 0), "{rate} Hz");
    }
}

/// Out of range, the setting is refused, naming it.
#[test]
fn a_coyote_time_over_a_second_is_refused() {
    let mut settings = Settings::default();
    let error = settings.set("jumping.coyote_time", "2").unwrap_err();
    assert!(error.to_string().contains("coyote_time"), "{error}");
    assert!(settings.set("coyote_time", "0.15").is_ok());
    assert_eq!(settings.jumping.coyote_time, 0.15);
}
