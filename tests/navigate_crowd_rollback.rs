//! A crowd rewound: `Crowd::clone` kept beside the simulation's saved
//! state goes on bit for bit as the crowd it was copied from, with plans
//! half made, bodies following, a coarse layer and edits after the copy.

mod support;

use glam::IVec2;
use support::errands::{Run, go_on, send_across};
use support::terrain::bumpy_terrain;
use voxwalk::controller::{Body, Settings, Simulation};
use voxwalk::navigate::{CoarseLayer, Crowd, CrowdEvent, LayerShape, Planner};

const COPIED_AT: u32 = 110;

/// 24 bodies on 48 × 48 bumpy terrain sent 30 to 50 blocks across, 5,000
/// work a tick (so some plans are half made at the copy), over a coarse
/// layer where `layered`. The simulation's state and the crowd are copied
/// at tick [`COPIED_AT`]; the original runs on to tick 600, then the copy
/// is restored into a fresh simulation and runs the same ticks.
fn rewound(layered: bool) -> (Run, Run, usize) {
    let world = bumpy_terrain(48, 48);
    let mut sim = Simulation::new(world.clone(), Settings::default()).unwrap();
    let mut crowd = Crowd::new();
    crowd.work_per_tick = 5_000;
    if layered {
        let planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
        let mut layer = CoarseLayer::new(planner, LayerShape::new(0, 63));
        layer.build(&world, (IVec2::ZERO, IVec2::splat(23)), &|_| true);
        crowd.set_layer(layer);
    }
    let handles = send_across(&world, &mut sim, &mut crowd);
    let before = go_on(&mut sim, &mut crowd, &handles, (0, COPIED_AT));
    let planned_before = before
        .ticks
        .iter()
        .flat_map(|(_, events)| events)
        .filter(|(_, e)| matches!(e, CrowdEvent::Planned { again: false, .. }))
        .count();
    let saved = (sim.state(), crowd.clone());
    let original = go_on(&mut sim, &mut crowd, &handles, (COPIED_AT, 600));
    let (state, mut crowd) = saved;
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    sim.restore(state).unwrap();
    let again = go_on(&mut sim, &mut crowd, &handles, (COPIED_AT, 600));
    (original, again, planned_before)
}

/// Copied while some plans are still being made, the crowd goes on as the
/// original did: every input and event of 540 ticks, through a wall built
/// across the ways, and every body's feet at the end.
#[test]
fn a_crowd_copied_mid_plan_goes_on_bit_for_bit() {
    let (original, again, planned_before) = rewound(false);
    assert!(
        (1..24).contains(&planned_before),
        "some following, some planned for at the copy: {planned_before}"
    );
    let arrived = original
        .ticks
        .iter()
        .flat_map(|(_, events)| events)
        .filter(|(_, e)| *e == CrowdEvent::Arrived)
        .count();
    println!("{planned_before} of 24 planned at the copy; {arrived} arrived after");
    assert!(arrived >= 12, "{arrived}");
    assert!(original == again, "the copy parted from the original");
}

/// The same over a coarse layer: its clusters, and the ones the wall makes
/// stale, are the copy's too.
#[test]
fn a_crowd_over_a_coarse_layer_copied_goes_on_bit_for_bit() {
    let (original, again, _) = rewound(true);
    assert!(original == again, "the copy parted from the original");
}
