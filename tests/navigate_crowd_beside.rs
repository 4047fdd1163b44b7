//! A crowd planning beside the step: its planning handed out each tick and
//! run on a worker thread while the simulation steps gives the same states,
//! bit for bit, as the same planning run in line, and the plans it makes
//! are the plans the crowd makes in line, a tick later.

mod support;

use glam::IVec3;
use support::errands::send_across;
use support::terrain::bumpy_terrain;
use voxwalk::block::BlockId;
use voxwalk::controller::{BodyHandle, Settings, Simulation};
use voxwalk::navigate::{Crowd, CrowdEvent, CrowdPlanning, Step};
use voxwalk::world::{SharedWorld, World};

/// How the crowd's planning is run.
#[derive(Clone, Copy, PartialEq)]
enum Planning {
    /// `Crowd::inputs`: planned in the tick, first keys at once.
    InLine,
    /// `Crowd::inputs_beside`, the planning run before the step on this
    /// thread.
    BesideInLine,
    /// `Crowd::inputs_beside`, the planning run on a worker thread while
    /// the step runs.
    BesideOnAThread,
}

/// What one run came to.
#[derive(Debug, PartialEq)]
struct Run {
    /// Each body's first plan and the tick it was followed from.
    plans: Vec<Option<(Vec<Step>, u32)>>,
    /// Every event, by tick.
    events: Vec<(u32, BodyHandle, CrowdEvent)>,
    /// Each body's feet at the end, bit for bit.
    ends: Vec<[u64; 3]>,
    arrived: usize,
}

/// Where and when a wall two high is built across the bodies' ways: when
/// most have their plans and are on their way.
const WALL_TICK: u32 = 150;
const WALL_X: i32 = 30;
const WALL_Z: std::ops::RangeInclusive<i32> = 18..=30;

/// 24 bodies on 48 × 48 bumpy terrain sent 30 to 50 blocks across, the
/// crowd planning 5,000 work a tick, for 800 ticks; a wall built across
/// their ways at tick 150 and the crowd told.
fn run(world: &World, planning: Planning) -> Run {
    let mut sim = Simulation::new(SharedWorld::new(world.clone()), Settings::default()).unwrap();
    let mut crowd = Crowd::new();
    crowd.work_per_tick = 5_000;
    let handles = send_across(world, &mut sim, &mut crowd);
    let mut plans = vec![None; handles.len()];
    let mut all_events = Vec::new();
    let mut arrived = 0;
    let mut beside = CrowdPlanning::default();
    let mut events = Vec::new();
    for tick in 0..800 {
        if tick == WALL_TICK {
            for z in WALL_Z {
                let ground = (0..64)
                    .rev()
                    .find(|&y| world.block(IVec3::new(WALL_X, y, z)) != BlockId::AIR)
                    .unwrap();
                for y in ground + 1..=ground + 2 {
                    let cell = IVec3::new(WALL_X, y, z);
                    sim.world_mut().edit().set_block(cell, BlockId::BRICK);
                    crowd.edited(cell);
                }
            }
        }
        let inputs = match planning {
            Planning::InLine => crowd.inputs(&mut sim, &mut events).to_vec(),
            _ => crowd
                .inputs_beside(&mut sim, &mut beside, &mut events)
                .to_vec(),
        };
        for &(handle, event) in &events {
            let i = handles.iter().position(|&h| h == handle).unwrap();
            match event {
                CrowdEvent::Planned { again: false, .. } => {
                    plans[i] = Some((crowd.remaining(handle).to_vec(), tick));
                }
                CrowdEvent::Arrived => arrived += 1,
                _ => {}
            }
            all_events.push((tick, handle, event));
        }
        match planning {
            Planning::InLine => {
                sim.step(&inputs).unwrap();
            }
            Planning::BesideInLine => {
                beside.run(sim.world());
                sim.step(&inputs).unwrap();
            }
            Planning::BesideOnAThread => {
                let shared = sim.world().clone();
                std::thread::scope(|s| {
                    s.spawn(|| beside.run(&shared));
                    sim.step(&inputs).unwrap();
                });
            }
        }
    }
    let ends = handles
        .iter()
        .map(|&h| sim.body(h).unwrap().feet().to_array().map(f64::to_bits))
        .collect();
    Run {
        plans,
        events: all_events,
        ends,
        arrived,
    }
}

/// On a worker thread or in line, the same run bit for bit; each first
/// plan is the one the crowd makes in line, followed a tick later; as
/// many bodies arrive.
#[test]
fn a_crowd_planned_beside_the_step_gives_the_states_it_gives_in_line() {
    let world = bumpy_terrain(48, 48);
    let on_a_thread = run(&world, Planning::BesideOnAThread);
    let beside_in_line = run(&world, Planning::BesideInLine);
    assert_eq!(on_a_thread, beside_in_line);
    let in_line = run(&world, Planning::InLine);
    let planned = in_line.plans.iter().flatten().count();
    assert!(planned >= 20, "{planned}");
    for (beside, line) in on_a_thread.plans.iter().zip(&in_line.plans) {
        let (Some(beside), Some(line)) = (beside, line) else {
            assert_eq!(beside.is_some(), line.is_some());
            continue;
        };
        assert_eq!(beside.0, line.0, "the same steps");
        assert_eq!(beside.1, line.1 + 1, "a tick later");
    }
    let blocked = |run: &Run| {
        run.events
            .iter()
            .filter(|e| e.0 >= WALL_TICK && matches!(e.2, CrowdEvent::Stuck(_)))
            .count()
    };
    println!(
        "arrived {} beside, {} in line; stuck after the edit {} and {}",
        on_a_thread.arrived,
        in_line.arrived,
        blocked(&on_a_thread),
        blocked(&in_line)
    );
    assert_eq!(on_a_thread.arrived, in_line.arrived);
    assert!(blocked(&on_a_thread) > 0);
}
