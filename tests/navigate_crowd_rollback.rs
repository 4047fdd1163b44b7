//! A crowd rewound: `Crowd::clone` kept beside the simulation's saved
//! state goes on bit for bit as the crowd it was copied from, with plans
//! half made, bodies following, a coarse layer and edits after the copy.

mod support;

use glam::{IVec2, IVec3};
use support::errands::send_across;
use support::terrain::bumpy_terrain;
use voxwalk::block::BlockId;
use voxwalk::controller::{Body, BodyHandle, Input, Settings, Simulation};
use voxwalk::navigate::{CoarseLayer, Crowd, CrowdEvent, LayerShape, Planner};
use voxwalk::world::World;

/// One tick's keys and events.
type Tick = (Vec<(BodyHandle, Input)>, Vec<(BodyHandle, CrowdEvent)>);

/// What the ticks after the copy came to: every tick's inputs and events,
/// and every body's feet at the end, bit for bit.
#[derive(Debug, PartialEq)]
struct Run {
    ticks: Vec<Tick>,
    ends: Vec<[u64; 3]>,
}

const COPIED_AT: u32 = 110;
const WALL_TICK: u32 = 150;

/// Runs `ticks` ticks from `sim` and `crowd` as they are, building a wall
/// across the bodies' ways at [`WALL_TICK`] (counted from the start).
fn go_on(
    sim: &mut Simulation<World>,
    crowd: &mut Crowd,
    handles: &[BodyHandle],
    (from, to): (u32, u32),
) -> Run {
    let mut ticks = Vec::new();
    let mut events = Vec::new();
    for tick in from..to {
        if tick == WALL_TICK {
            for z in 18..=30 {
                let ground = (0..64)
                    .rev()
                    .find(|&y| sim.world().block(IVec3::new(30, y, z)) != BlockId::AIR)
                    .unwrap();
                for y in ground + 1..=ground + 2 {
                    let cell = IVec3::new(30, y, z);
                    sim.world_mut().set_block(cell, BlockId::BRICK);
                    crowd.edited(cell);
                }
            }
        }
        let inputs = crowd.inputs(sim, &mut events).to_vec();
        sim.step(&inputs).unwrap();
        ticks.push((inputs, events.clone()));
    }
    let ends = handles
        .iter()
        .map(|&h| sim.body(h).unwrap().feet().to_array().map(f64::to_bits))
        .collect();
    Run { ticks, ends }
}

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
