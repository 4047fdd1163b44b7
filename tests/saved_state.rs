//! Save and rewind: a simulation's state saved (through JSON too) and
//! restored runs on bit for bit; every float of it is written so any reader
//! gets the bits back; inputs and events go both ways for netcode; a state
//! that does not hold together, or that a constructor would refuse, is
//! refused and the simulation left as it was.
//!
//! Built with the core alone too, as `tests/adoption.rs` is: `.ci/run` runs
//! this file with `--no-default-features`.

mod support;
use support::terrain::stone_floor;

#[cfg(feature = "scenario")]
use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Input, Settings, Simulation};
use voxwalk::glam::DVec3;
#[cfg(feature = "scenario")]
use voxwalk::glam::IVec3;
use voxwalk::world::World;

/// A busy simulation: bodies of several sizes on random-looking inputs, some
/// added and removed, balls thrown.
fn busy(world: World) -> (Simulation, Vec<voxwalk::controller::BodyHandle>) {
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let mut handles = Vec::new();
    for i in 0..12 {
        let size = DVec3::new(
            0.4 + 0.1 * f64::from(i % 4),
            1.0 + 0.2 * f64::from(i % 5),
            0.6,
        );
        let body = Body::new(DVec3::new(-6.5 + f64::from(i), 0.0, 0.5), size).unwrap();
        handles.push(sim.add_body(body));
    }
    sim.remove_body(handles.remove(3));
    sim.remove_body(handles.remove(7));
    sim.set_user_data(handles[0], 99);
    sim.add_ball(voxwalk::controller::Ball::new(DVec3::new(0.5, 4.0, 2.5), 0.3, DVec3::X).unwrap());
    (sim, handles)
}

fn inputs_at(
    tick: u64,
    handles: &[voxwalk::controller::BodyHandle],
) -> Vec<(voxwalk::controller::BodyHandle, Input)> {
    handles
        .iter()
        .enumerate()
        .map(|(i, &h)| {
            let bits = (tick / 7 + i as u64 * 13) % 32;
            let input = Input {
                east: bits & 1 != 0,
                west: bits & 2 != 0,
                south: bits & 4 != 0,
                jump: bits & 8 != 0,
                sneak: bits & 16 != 0,
                ..Input::IDLE
            };
            (h, input)
        })
        .collect()
}

fn run(
    sim: &mut Simulation,
    handles: &[voxwalk::controller::BodyHandle],
    ticks: std::ops::Range<u64>,
) {
    for tick in ticks {
        sim.step(&inputs_at(tick, handles)).unwrap();
    }
}

/// Saved mid-run (through JSON), the world edited, the run continued,
/// then restored: it continues bit for bit as a simulation that ran from the
/// saved state over the edited world, and new bodies get the same handles.
#[cfg(feature = "scenario")]
#[test]
fn a_saved_simulation_restores_and_runs_on_bit_for_bit() {
    use voxwalk::controller::SimulationState;
    let mut world = stone_floor(12);
    world.fill(IVec3::new(-3, 0, -2), IVec3::new(-3, 1, 2), BlockId::BRICK);
    let (mut sim, handles) = busy(world);
    run(&mut sim, &handles, 0..50);
    let saved = serde_json::to_string(&sim.state()).unwrap();
    run(&mut sim, &handles, 50..80);
    // Dig under the walkers after the save: copies of the cells taken
    // before must not survive the restore.
    sim.world_mut()
        .fill(IVec3::new(-12, -1, 0), IVec3::new(12, -1, 0), BlockId::AIR);
    let state: SimulationState = serde_json::from_str(&saved).unwrap();
    sim.restore(state.clone()).unwrap();
    assert_eq!(sim.ticks_run(), 50);
    let mut fresh = Simulation::new(sim.world().clone(), Settings::default()).unwrap();
    fresh.restore(state).unwrap();
    run(&mut sim, &handles, 50..150);
    run(&mut fresh, &handles, 50..150);
    assert_eq!(sim.bodies(), fresh.bodies());
    assert_eq!(sim.balls(), fresh.balls());
    assert_eq!(sim.user_data(handles[0]), Some(99));
    let born = Body::new(DVec3::new(0.5, 0.0, 5.5), Body::DEFAULT_SIZE).unwrap();
    assert_eq!(sim.add_body(born), fresh.add_body(born));
    // A clone runs on as the original does.
    let mut twin = sim.clone();
    run(&mut sim, &handles, 150..200);
    run(&mut twin, &handles, 150..200);
    assert_eq!(sim.bodies(), twin.bodies());
}

/// Every float of a saved state (bodies, balls, settings, movers and their
/// paths) is written by a human-readable format as a string of its exact
/// decimal, never as a number a reader's default parser may round: a JSON
/// save holds no number with a fraction or an exponent.
#[cfg(feature = "scenario")]
#[test]
fn every_float_of_a_saved_state_is_written_exactly() {
    use voxwalk::controller::Ball;
    use voxwalk::movers::{Mover, Path, PathEnds};
    fn numbers_with_fractions(value: &serde_json::Value, at: &str, out: &mut Vec<String>) {
        match value {
            serde_json::Value::Number(n) if n.is_f64() => out.push(format!("{at} = {n}")),
            serde_json::Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    numbers_with_fractions(item, &format!("{at}[{i}]"), out);
                }
            }
            serde_json::Value::Object(fields) => {
                for (name, item) in fields {
                    numbers_with_fractions(item, &format!("{at}.{name}"), out);
                }
            }
            _ => {}
        }
    }
    let (mut sim, handles) = busy(stone_floor(12));
    let path = Path::straight(
        &[DVec3::ZERO, DVec3::new(0.0, 3.3, 0.0)],
        1.7,
        0.3,
        PathEnds::PingPong,
    )
    .unwrap();
    let lift = Mover::new(
        sim.world().registry(),
        [(IVec3::ZERO, BlockId::STONE)],
        DVec3::new(6.0, 0.0, 6.0),
    )
    .unwrap()
    .with_drive(voxwalk::movers::Drive::Path(path));
    sim.add_mover(lift).unwrap();
    sim.add_ball(Ball::new(DVec3::new(0.3, 4.1, 0.7), 0.3, DVec3::new(0.1, 0.0, 0.2)).unwrap());
    run(&mut sim, &handles, 0..20);
    let saved = serde_json::to_value(sim.state()).unwrap();
    let mut found = Vec::new();
    numbers_with_fractions(&saved, "state", &mut found);
    assert!(found.is_empty(), "floats written as numbers: {found:?}");
    let back: voxwalk::controller::SimulationState = serde_json::from_value(saved).unwrap();
    assert_eq!(format!("{back:?}"), format!("{:?}", sim.state()));
}

/// What netcode sends: inputs (an analog stick's wish to the bit) and
/// events go through JSON and come back equal.
#[cfg(feature = "scenario")]
#[test]
fn inputs_and_events_go_both_ways() {
    use voxwalk::controller::Event;
    const EAST: Input = Input {
        east: true,
        ..Input::IDLE
    };
    let input = Input {
        analog: voxwalk::glam::DVec2::new(0.1 + 0.2, -1.0 / 3.0),
        jump: true,
        ..Input::IDLE
    };
    let sent = serde_json::to_string(&input).unwrap();
    let got: Input = serde_json::from_str(&sent).unwrap();
    assert_eq!(got.analog.x.to_bits(), input.analog.x.to_bits());
    assert_eq!(got, input);
    // A sender may leave out the keys not held.
    let east: Input = serde_json::from_str(r#"{"east": true}"#).unwrap();
    assert_eq!(east, EAST);
    let events = vec![
        Event::Jumped,
        Event::Landed { speed: 7.5 },
        Event::HitWall {
            normal: DVec3::NEG_X,
        },
        Event::PushedOut {
            offset: DVec3::new(0.0, 0.5, 0.0),
            resolved: true,
        },
    ];
    let sent = serde_json::to_string(&events).unwrap();
    let got: Vec<Event> = serde_json::from_str(&sent).unwrap();
    assert_eq!(got, events);
}

/// An input's and an event's floats are written as exact strings, as a
/// saved state's are: a stock JSON reader (`crates/json_save` has one, with
/// none of this crate's parser features) gets every bit back. Here no
/// float of either is written as a number at all.
#[cfg(feature = "scenario")]
#[test]
fn every_float_of_an_input_and_an_event_is_written_exactly() {
    use voxwalk::controller::{BodyHandle, Event, HorizontalAxis};
    use voxwalk::movers::MoverHandle;
    fn float_numbers(value: &serde_json::Value) -> usize {
        match value {
            serde_json::Value::Number(n) => usize::from(n.is_f64()),
            serde_json::Value::Array(items) => items.iter().map(float_numbers).sum(),
            serde_json::Value::Object(fields) => fields.values().map(float_numbers).sum(),
            _ => 0,
        }
    }
    let third = 1.0 / 3.0;
    let input = Input {
        analog: voxwalk::glam::DVec2::new(0.1 + 0.2, -third),
        pitch: 0.1 + 0.7,
        ..Input::IDLE
    };
    let odd = DVec3::new(0.1 + 0.2, -third, 1e-300);
    let mut sim = Simulation::new(stone_floor(4), Settings::default()).unwrap();
    let body: BodyHandle =
        sim.add_body(Body::new(DVec3::new(0.5, 1.0, 0.5), Body::DEFAULT_SIZE).unwrap());
    let mover: MoverHandle = sim
        .add_mover(
            voxwalk::movers::Mover::new(
                sim.world().registry(),
                [(IVec3::ZERO, BlockId::STONE)],
                DVec3::new(3.0, 3.0, 3.0),
            )
            .unwrap(),
        )
        .unwrap();
    let events = vec![
        Event::PushedOut {
            offset: odd,
            resolved: true,
        },
        Event::Landed { speed: third },
        Event::HitWall { normal: odd },
        Event::Stepped { height: third },
        Event::Snapped { height: third },
        Event::EdgeGuard {
            axis: HorizontalAxis::Z,
        },
        Event::PushedByBody {
            other: body,
            offset: odd,
        },
        Event::Bounced {
            normal: odd,
            speed: third,
        },
        Event::Alighted { mover, kept: odd },
    ];
    let written = serde_json::to_value(input).unwrap();
    assert_eq!(float_numbers(&written), 0, "{written}");
    let back: Input = serde_json::from_value(written).unwrap();
    assert_eq!(back.pitch.to_bits(), input.pitch.to_bits());
    assert_eq!(back, input);
    for event in events {
        let written = serde_json::to_value(&event).unwrap();
        assert_eq!(float_numbers(&written), 0, "{written}");
        let back: Event = serde_json::from_value(written).unwrap();
        assert_eq!(format!("{back:?}"), format!("{event:?}"));
    }
}

/// A state that does not hold together is refused, the simulation unchanged.
#[test]
fn a_state_that_does_not_hold_together_is_refused() {
    use voxwalk::controller::RestoreError;
    let (mut sim, handles) = busy(stone_floor(12));
    run(&mut sim, &handles, 0..5);
    let good = sim.state();
    let mut short = good.clone();
    short.user_data.pop();
    assert!(matches!(
        sim.restore(short),
        Err(RestoreError::Lengths {
            what: "user_data",
            ..
        })
    ));
    let mut twice = good.clone();
    twice.handles[1] = twice.handles[0];
    assert!(matches!(
        sim.restore(twice),
        Err(RestoreError::Handle { index: 1, .. })
    ));
    let mut freed = good.clone();
    freed.free.push(freed.handles[0].slot());
    assert!(matches!(
        sim.restore(freed),
        Err(RestoreError::FreeSlot { .. })
    ));
    let mut nan = good.clone();
    nan.bodies[2].aabb.min.x = f64::NAN;
    assert!(matches!(
        sim.restore(nan),
        Err(RestoreError::Body { index: 2, .. })
    ));
    for radius in [-1.0, 0.0, 1e300] {
        let mut ball = good.clone();
        ball.balls[0].radius = radius;
        assert!(
            matches!(sim.restore(ball), Err(RestoreError::Ball { index: 0, .. })),
            "radius {radius}"
        );
    }
    // Finite, but faster than a tick can move: the build before restored it
    // and its next tick failed.
    let mut flung = good.clone();
    flung.bodies[3].momentum.y = -5e306;
    assert!(matches!(
        sim.restore(flung),
        Err(RestoreError::Body {
            index: 3,
            source: voxwalk::controller::BodyError::TooFast { .. }
        })
    ));
    let mut thrown = good.clone();
    thrown.balls[0].velocity = DVec3::new(1e9, 0.0, 0.0);
    assert!(matches!(
        sim.restore(thrown),
        Err(RestoreError::Ball { index: 0, .. })
    ));
    assert_eq!(sim.state(), good, "unchanged");
}

/// A loaded state whose body's standing height a constructor would refuse
/// (zero, absurd) is refused, as a loaded file may say anything.
#[cfg(feature = "scenario")]
#[test]
fn a_loaded_state_is_checked_as_the_constructors_check() {
    use voxwalk::controller::{RestoreError, SimulationState};
    let (mut sim, handles) = busy(stone_floor(12));
    run(&mut sim, &handles, 0..5);
    let good = serde_json::to_value(sim.state()).unwrap();
    for (field, value) in [
        ("standing_height", "0"),
        ("standing_height", "1e300"),
        ("jump_wait", "NaN"),
        // The ground a jump took off from drives its first 1/20 s: no
        // block's slipperiness is any of these.
        ("takeoff_slipperiness", "NaN"),
        ("takeoff_slipperiness", "0"),
        ("takeoff_slipperiness", "-0.5"),
        ("takeoff_slipperiness", "0.09999999999999999"),
        ("takeoff_slipperiness", "1.0000000000000002"),
        ("takeoff_slipperiness", "1e300"),
    ] {
        let mut bad = good.clone();
        bad["bodies"][1][field] = serde_json::Value::String(value.into());
        let state: SimulationState = serde_json::from_value(bad).unwrap();
        assert!(
            matches!(sim.restore(state), Err(RestoreError::Body { index: 1, .. })),
            "{field} = {value}"
        );
    }
}

/// A state holding more than its documented limits is refused by name
/// before anything is built from it.
#[test]
fn a_state_beyond_the_limits_is_refused_by_name() {
    use voxwalk::controller::{RestoreError, SimulationState};
    let (mut sim, handles) = busy(stone_floor(12));
    run(&mut sim, &handles, 0..5);
    let good = sim.state();
    let mut slots = good.clone();
    slots
        .generations
        .resize(SimulationState::MAX_BODY_SLOTS + 1, 0);
    assert_eq!(
        sim.restore(slots),
        Err(RestoreError::TooMany {
            what: "body slots",
            count: SimulationState::MAX_BODY_SLOTS + 1,
            limit: SimulationState::MAX_BODY_SLOTS,
        })
    );
    let mut balls = good.clone();
    let ball = balls.balls[0];
    balls.balls.resize(SimulationState::MAX_BALLS + 1, ball);
    assert!(matches!(
        sim.restore(balls),
        Err(RestoreError::TooMany { what: "balls", .. })
    ));
    assert_eq!(sim.state(), good, "unchanged");
}
