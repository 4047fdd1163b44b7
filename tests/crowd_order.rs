//! A crowd's result does not depend on the order its bodies are kept in:
//! `Simulation::step` sorts the bodies by place now and then, and
//! `step_in_order` never does; with the same inputs per handle both give
//! the same bodies and the same events, bit for bit, on any thread count.

mod support;

use glam::{DVec3, IVec3};
use support::terrain::hash;
use support::wandering::wandering_input;
use voxwalk::block::BlockId;
use voxwalk::controller::{Body, BodyHandle, Event, Input, Settings, Simulation};
use voxwalk::world::World;

/// A floor of 96 × 96 over four chunk columns each way, with a few walls
/// the pushes press bodies against.
fn world() -> World {
    let mut world = World::new();
    world.fill(
        IVec3::new(-48, -1, -48),
        IVec3::new(47, -1, 47),
        BlockId::STONE,
    );
    for k in 0..6 {
        let x = -40 + 15 * k;
        world.fill(IVec3::new(x, 0, -30), IVec3::new(x, 1, 30), BlockId::BRICK);
    }
    world
}

/// Body `key`'s input at `tick`: headings that change every second, sprints
/// and jumps.
fn input(key: u64, tick: u64) -> Input {
    wandering_input(key, tick, 20, 29)
}

#[derive(Clone, Copy, PartialEq)]
enum Stepping {
    ByHandle,
    InOrder,
}

/// Per tick, every body's state and events by handle, in the order of the
/// handles as the crowd was made; and the order of the bodies at the end.
struct Run {
    ticks: Vec<Vec<(BodyHandle, Body, Vec<Event>)>>,
    final_order: Vec<BodyHandle>,
}

/// 600 bodies packed around the walls; at tick 50 a seventh of them go and
/// 40 come (reusing their handles' slots), so slot, index and the order of
/// adding all differ. 560 ticks: past tick 512, the seventeenth reorder,
/// where the copies, filled by then, are laid anew in the bodies' order.
fn run(stepping: Stepping, parallel: bool) -> Run {
    let mut sim = Simulation::new(world(), Settings::default()).unwrap();
    sim.set_parallel(parallel);
    let place = |key: u64| {
        let x = (hash(2 * key) % 8000) as f64 / 100.0 - 40.0;
        let z = (hash(2 * key + 1) % 6000) as f64 / 100.0 - 30.0;
        DVec3::new(x, 0.0, z)
    };
    let mut crowd: Vec<(u64, BodyHandle)> = (0..600)
        .map(|key| {
            (
                key,
                sim.add_body(Body::new(place(key), Body::DEFAULT_SIZE).unwrap()),
            )
        })
        .collect();
    let mut ticks = Vec::new();
    for tick in 0..560u64 {
        if tick == 50 {
            for (key, handle) in crowd.iter().filter(|(key, _)| key % 7 == 3) {
                assert!(sim.remove_body(*handle).is_some(), "body {key}");
            }
            crowd.retain(|(key, _)| key % 7 != 3);
            for key in 1000..1040 {
                let handle = sim.add_body(Body::new(place(key), Body::DEFAULT_SIZE).unwrap());
                crowd.push((key, handle));
            }
        }
        let report = match stepping {
            Stepping::ByHandle => {
                let inputs: Vec<(BodyHandle, Input)> = crowd
                    .iter()
                    .map(|&(key, h)| (h, input(key, tick)))
                    .collect();
                sim.step(&inputs).unwrap()
            }
            Stepping::InOrder => {
                let mut dense = vec![Input::IDLE; sim.bodies().len()];
                for &(key, h) in &crowd {
                    dense[sim.dense_index(h).unwrap()] = input(key, tick);
                }
                sim.step_in_order(&dense).unwrap()
            }
        };
        ticks.push(
            crowd
                .iter()
                .map(|&(_, h)| (h, *sim.body(h).unwrap(), report.events(h).unwrap().to_vec()))
                .collect(),
        );
    }
    Run {
        ticks,
        final_order: sim.handles().to_vec(),
    }
}

#[test]
fn a_crowd_sorted_by_place_moves_as_one_kept_in_its_order() {
    let kept = run(Stepping::InOrder, false);
    let sorted = run(Stepping::ByHandle, false);
    assert_ne!(
        kept.final_order, sorted.final_order,
        "stepping by handle sorted the bodies by place"
    );
    let pushes: usize = kept
        .ticks
        .iter()
        .flatten()
        .flat_map(|(_, _, events)| events)
        .filter(|e| matches!(e, Event::PushedByBody { .. }))
        .count();
    assert!(
        pushes > 1000,
        "the crowd pushes itself about: {pushes} pushes"
    );
    for (tick, (a, b)) in kept.ticks.iter().zip(&sorted.ticks).enumerate() {
        for ((handle, body_a, events_a), (_, body_b, events_b)) in a.iter().zip(b) {
            assert_eq!(body_a, body_b, "tick {tick}, {handle:?}");
            assert_eq!(events_a, events_b, "tick {tick}, {handle:?}");
        }
    }
}

#[cfg(feature = "parallel")]
#[test]
fn a_crowd_sorted_by_place_moves_alike_on_every_thread_count() {
    let one = run(Stepping::ByHandle, false);
    let all = run(Stepping::ByHandle, true);
    assert_eq!(one.final_order, all.final_order);
    for (tick, (a, b)) in one.ticks.iter().zip(&all.ticks).enumerate() {
        assert!(
            a == b,
            "tick {tick}: the threads changed a body or an event"
        );
    }
}

/// A crowd stacked on one spot (3,000 bodies spawned at the same feet):
/// each tick's pair search opens at most 64 pairs a body, where every pair
/// of the crowd touches (4.5 million), so a tick holds memory linear in the
/// crowd; the crowd spreads over the ticks, and kept in its order or sorted
/// it moves alike.
#[test]
fn a_stacked_crowd_takes_pairs_linear_in_its_size() {
    const BODIES: usize = 3000;
    let stacked = |stepping: Stepping| {
        let mut sim = Simulation::new(world(), Settings::default()).unwrap();
        let handles: Vec<BodyHandle> = (0..BODIES)
            .map(|_| {
                sim.add_body(Body::new(DVec3::new(0.5, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap())
            })
            .collect();
        let mut most_pairs = 0;
        for _ in 0..6 {
            let report = match stepping {
                Stepping::ByHandle => sim.step(&[]).unwrap(),
                Stepping::InOrder => sim.step_in_order(&vec![Input::IDLE; BODIES]).unwrap(),
            };
            most_pairs = most_pairs.max(report.pairs_checked);
        }
        let spread = handles
            .iter()
            .map(|&h| sim.body(h).unwrap().feet().x)
            .fold(0.0f64, |m, x| m.max((x - 0.5).abs()));
        let bodies: Vec<Body> = handles.iter().map(|&h| *sim.body(h).unwrap()).collect();
        (most_pairs, spread, bodies)
    };
    let (pairs, spread, sorted) = stacked(Stepping::ByHandle);
    assert!(pairs <= 64 * BODIES, "{pairs} pairs");
    assert!(spread > 1.0, "the stack spreads: {spread}");
    let (_, _, in_order) = stacked(Stepping::InOrder);
    assert_eq!(sorted, in_order, "the same in either order");
}
