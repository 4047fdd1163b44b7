//! 100 movers carrying 10,000 bodies: ns per body-tick, against the same
//! bodies on the same floors held still as blocks of the world, in one run.
//!
//! `cargo bench --bench movers` (prints a table; each figure is the median of
//! five runs in this one process, the two worlds alternating).
//!
//! Each mover is a 20 × 20 floor of stone with 100 bodies standing on it in
//! a 10 × 10 grid, idling; half the floors slide
//! back and forth 5 blocks east, half rise and sink 5 blocks, at 2 blocks a
//! second. The floors are 30 blocks apart, so a body only ever meets its own.

#[path = "support/run_stamp.rs"]
mod run_stamp;

use std::time::Instant;

use glam::{DVec3, IVec3};
use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Input, Settings, Simulation, TickReport};
use voxwalk::movers::{Drive, Mover, Path, PathEnds};
use voxwalk::world::World;

const FLOORS: i32 = 10; // per side: 100 in all
const SPACING: i32 = 30;
const SIDE: i32 = 20;
const TICKS: u64 = 200;
const WARM_UP: u64 = 20;

fn floor_cells() -> Vec<(IVec3, BlockId)> {
    (0..SIDE)
        .flat_map(|x| (0..SIDE).map(move |z| (IVec3::new(x, 0, z), BlockId::STONE)))
        .collect()
}

fn origin(i: i32, j: i32) -> DVec3 {
    DVec3::new(f64::from(i * SPACING), 10.0, f64::from(j * SPACING))
}

fn add_bodies(sim: &mut Simulation) {
    for i in 0..FLOORS {
        for j in 0..FLOORS {
            for a in 0..10 {
                for b in 0..10 {
                    let feet = origin(i, j)
                        + DVec3::new(f64::from(2 * a) + 1.0, 1.0, f64::from(2 * b) + 1.0);
                    sim.add_body(Body::new(feet, Body::DEFAULT_SIZE).unwrap());
                }
            }
        }
    }
}

/// The bodies on 100 moving floors.
fn with_movers() -> Simulation {
    let mut sim = Simulation::new(World::new(), Settings::default()).unwrap();
    for i in 0..FLOORS {
        for j in 0..FLOORS {
            let way = if (i + j) % 2 == 0 { DVec3::X } else { DVec3::Y } * 5.0;
            let path = Path::straight(&[DVec3::ZERO, way], 2.0, 0.0, PathEnds::PingPong).unwrap();
            let floor = Mover::new(sim.world().registry(), floor_cells(), origin(i, j)).unwrap();
            sim.add_mover(floor.with_drive(Drive::Path(path))).unwrap();
        }
    }
    add_bodies(&mut sim);
    sim
}

/// The same bodies on the same floors, as blocks of the world.
fn on_still_floors() -> Simulation {
    let mut world = World::new();
    for i in 0..FLOORS {
        for j in 0..FLOORS {
            let o = origin(i, j).as_ivec3();
            world.fill(o, o + IVec3::new(SIDE - 1, 0, SIDE - 1), BlockId::STONE);
        }
    }
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    add_bodies(&mut sim);
    sim
}

/// ns per body-tick over `TICKS` ticks after `WARM_UP`.
fn time(mut sim: Simulation) -> f64 {
    let bodies = sim.bodies().len();
    let mut report = TickReport::default();
    let inputs = vec![Input::IDLE; bodies];
    for _ in 0..WARM_UP {
        sim.step_in_order_into(&inputs, &mut report).unwrap();
    }
    let start = Instant::now();
    for _ in 0..TICKS {
        sim.step_in_order_into(&inputs, &mut report).unwrap();
    }
    let ns = start.elapsed().as_nanos() as f64 / (TICKS as f64 * bodies as f64);
    if !sim.movers().is_empty() {
        let riding = sim.bodies().iter().filter(|b| b.riding.is_some()).count();
        assert_eq!(riding, bodies, "every body rides its floor");
    }
    ns
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    run_stamp::print("movers");
    let (mut moving, mut still) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        moving.push(time(with_movers()));
        still.push(time(on_still_floors()));
    }
    let (moving, still) = (median(moving), median(still));
    println!("{:<44} {:>12}", "10,000 bodies, one thread", "ns/body-tick");
    println!("{:<44} {:>12.0}", "on 100 moving floors (movers)", moving);
    println!(
        "{:<44} {:>12.0}",
        "on the same floors held still (blocks)", still
    );
    println!("{:<44} {:>12.2}", "ratio", moving / still);
}
