//! Movers carrying 10,000 bodies: ns per body-tick, against the same
//! bodies on the same floors held still as blocks of the world, in one run;
//! the bytes of the movers' column index; and what adding a mover,
//! changing its path and removing it cost.
//!
//! `cargo bench --bench movers` (prints a table; each figure is the median of
//! five runs in this one process, the two worlds alternating;
//! `VOXWALK_MOVERS_RUNS` for another count).
//!
//! Two layouts: 100 floors of 20 × 20 blocks with 100 bodies on each in a
//! 10 × 10 grid, 30 blocks apart; and 10,000 floors of 3 × 3 with one body
//! each, 6 apart. The bodies idle; half the floors slide back and forth 5
//! blocks east, half rise and sink 5 blocks, at 2 blocks a second. A body
//! only ever meets its own floor.

#[path = "support/run_stamp.rs"]
mod run_stamp;

use std::time::Instant;

use glam::{DVec3, IVec3};
use voxwalk::block::BlockId;
use voxwalk::controller::{Body, Input, Settings, Simulation, TickReport};
use voxwalk::movers::{Drive, Mover, Path, PathEnds};
use voxwalk::world::World;

const TICKS: u64 = 200;
const WARM_UP: u64 = 20;

/// Floors on a square grid, bodies on a square grid on each.
#[derive(Clone, Copy)]
struct Layout {
    /// Floors along a side.
    floors: i32,
    /// Blocks between floors' origins.
    spacing: i32,
    /// A floor's side, blocks.
    side: i32,
    /// Bodies along a floor's side, 2 blocks apart.
    bodies: i32,
}

const WIDE_FLOORS: Layout = Layout {
    floors: 10,
    spacing: 30,
    side: 20,
    bodies: 10,
};

const SMALL_FLOORS: Layout = Layout {
    floors: 100,
    spacing: 6,
    side: 3,
    bodies: 1,
};

impl Layout {
    fn cells(self) -> Vec<(IVec3, BlockId)> {
        (0..self.side)
            .flat_map(|x| (0..self.side).map(move |z| (IVec3::new(x, 0, z), BlockId::STONE)))
            .collect()
    }

    fn origin(self, i: i32, j: i32) -> DVec3 {
        DVec3::new(
            f64::from(i * self.spacing),
            10.0,
            f64::from(j * self.spacing),
        )
    }

    fn floors(self) -> impl Iterator<Item = (i32, i32)> {
        (0..self.floors).flat_map(move |i| (0..self.floors).map(move |j| (i, j)))
    }

    fn add_bodies(self, sim: &mut Simulation) {
        for (i, j) in self.floors() {
            for a in 0..self.bodies {
                for b in 0..self.bodies {
                    let feet = self.origin(i, j)
                        + DVec3::new(f64::from(2 * a) + 1.0, 1.0, f64::from(2 * b) + 1.0);
                    sim.add_body(Body::new(feet, Body::DEFAULT_SIZE).unwrap());
                }
            }
        }
    }

    fn mover(self, sim: &Simulation, i: i32, j: i32) -> Mover {
        let way = if (i + j) % 2 == 0 { DVec3::X } else { DVec3::Y } * 5.0;
        let path = Path::straight(&[DVec3::ZERO, way], 2.0, 0.0, PathEnds::PingPong).unwrap();
        Mover::new(sim.world().registry(), self.cells(), self.origin(i, j))
            .unwrap()
            .with_drive(Drive::Path(path))
    }

    /// The bodies on moving floors.
    fn with_movers(self) -> Simulation {
        let mut sim = Simulation::new(World::new(), Settings::default()).unwrap();
        for (i, j) in self.floors() {
            let floor = self.mover(&sim, i, j);
            sim.add_mover(floor).unwrap();
        }
        self.add_bodies(&mut sim);
        sim
    }

    /// The same bodies on the same floors, as blocks of the world.
    fn on_still_floors(self) -> Simulation {
        let mut world = World::new();
        for (i, j) in self.floors() {
            let o = self.origin(i, j).as_ivec3();
            world.fill(
                o,
                o + IVec3::new(self.side - 1, 0, self.side - 1),
                BlockId::STONE,
            );
        }
        let mut sim = Simulation::new(world, Settings::default()).unwrap();
        self.add_bodies(&mut sim);
        sim
    }
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

/// ns to remove one mover, add it back and change its path, and ns of the
/// tick after such changes to every mover, over the small floors.
fn churn(layout: Layout) -> (f64, f64) {
    let mut sim = layout.with_movers();
    sim.step(&[]).unwrap();
    let handles: Vec<_> = sim.movers().iter().map(|(h, _)| h).collect();
    let floors: Vec<_> = layout.floors().collect();
    let start = Instant::now();
    for (&handle, &(i, j)) in handles.iter().zip(&floors) {
        sim.remove_mover(handle);
        let back = sim.add_mover(layout.mover(&sim, i, j)).unwrap();
        let path = Path::straight(&[DVec3::ZERO, DVec3::Z], 1.0, 0.0, PathEnds::Once).unwrap();
        sim.mover_mut(back).unwrap().drive = Drive::Path(path);
    }
    let each = start.elapsed().as_nanos() as f64 / handles.len() as f64;
    let start = Instant::now();
    sim.step(&[]).unwrap();
    (each, start.elapsed().as_nanos() as f64)
}

fn main() {
    run_stamp::print("movers");
    for (name, layout) in [
        ("100 floors of 20 x 20", WIDE_FLOORS),
        ("10,000 floors of 3 x 3", SMALL_FLOORS),
    ] {
        let (mut moving, mut still) = (Vec::new(), Vec::new());
        let runs = std::env::var("VOXWALK_MOVERS_RUNS").map_or(5, |s| s.parse().unwrap());
        for _ in 0..runs {
            moving.push(time(layout.with_movers()));
            still.push(time(layout.on_still_floors()));
        }
        let (moving, still) = (median(moving), median(still));
        let mut sim = layout.with_movers();
        sim.step(&[]).unwrap();
        println!("{name}: 10,000 bodies, one thread          ns/body-tick");
        println!("{:<44} {:>12.0}", "  on moving floors (movers)", moving);
        println!(
            "{:<44} {:>12.0}",
            "  on the same floors held still (blocks)", still
        );
        println!("{:<44} {:>12.2}", "  ratio", moving / still);
        println!(
            "{:<44} {:>12}",
            "  movers' column index, bytes",
            sim.movers().index_bytes()
        );
    }
    let (each, tick) = churn(SMALL_FLOORS);
    println!("10,000 small floors each removed, added back and given a new path:");
    println!("{:<44} {:>12.0}", "  ns a mover", each);
    println!(
        "{:<44} {:>12.0}",
        "  ns of the tick after (index made again)", tick
    );
}
