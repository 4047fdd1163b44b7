//! Movers: lifts, moving floors, doors and pistons carry and push bodies and
//! never push one into a block.

use voxwalk::controller::{Body, Event, Input, LeavePlatform, Settings, Simulation};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::movers::{CrushRule, Drive, Mover, MoverHandle, Path, PathEnds};
use voxwalk::resolver::{CONTACT_GAP, TOUCH_TOLERANCE};
use voxwalk::world::{BlockId, BlockSource, World};

/// A flat slab of stone cells `x0..=x1` × `z0..=z1` at height 0, as mover
/// blocks.
fn slab(x0: i32, x1: i32, z0: i32, z1: i32) -> Vec<(IVec3, BlockId)> {
    (x0..=x1)
        .flat_map(|x| (z0..=z1).map(move |z| (IVec3::new(x, 0, z), BlockId::STONE)))
        .collect()
}

fn path(points: &[[f64; 3]], speed: f64, pause: f64, ends: PathEnds) -> Drive {
    let points: Vec<DVec3> = points.iter().map(|&p| DVec3::from_array(p)).collect();
    Drive::Path(Path::straight(&points, speed, pause, ends).unwrap())
}

fn mover(sim: &Simulation, cells: Vec<(IVec3, BlockId)>, at: [f64; 3], drive: Drive) -> Mover {
    Mover::new(sim.world().registry(), cells, DVec3::from_array(at))
        .unwrap()
        .with_drive(drive)
}

/// Whether `body` overlaps a block of the world or a box of a mover.
fn overlap(sim: &Simulation, body: &Body) -> Option<String> {
    let b = body.aabb;
    let lo = voxwalk::world::cell_containing(b.min) - IVec3::ONE;
    let hi = voxwalk::world::cell_containing(b.max) + IVec3::ONE;
    let mut found = None;
    sim.world().for_each_solid_in(lo, hi, |cell, shape| {
        for s in shape {
            if s.translated(cell.as_dvec3())
                .overlaps_beyond(&b, TOUCH_TOLERANCE)
            {
                found = Some(format!("block {cell}"));
            }
        }
    });
    for (handle, m) in sim.movers().iter() {
        for (boxed, _) in m.boxes() {
            if boxed.overlaps_beyond(&b, TOUCH_TOLERANCE) {
                found = Some(format!("{handle} box {boxed:?}"));
            }
        }
    }
    found
}

#[test]
fn a_lift_carries_a_body_20_blocks_up_level_with_a_floor_it_walks_onto() {
    let mut world = World::new();
    // The ground, and an upper floor at y = 20 east of the shaft.
    world.fill(
        IVec3::new(-4, -1, -4),
        IVec3::new(10, -1, 4),
        BlockId::STONE,
    );
    world.fill(IVec3::new(3, 20, -4), IVec3::new(10, 20, 4), BlockId::STONE);
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    // A 3 × 3 lift in the ground's top layer at x 0..3, waiting a second, then up
    // 20 at 4 b/s, so its top (21) is level with the upper floor's.
    let lift = mover(
        &sim,
        slab(0, 2, -1, 1),
        [0.0, 0.0, 0.0],
        path(&[[0.0; 3], [0.0, 20.0, 0.0]], 4.0, 1.0, PathEnds::Once),
    );
    let lift = sim.add_mover(lift).unwrap();
    let rider = sim.add_body(Body::new(DVec3::new(1.5, 1.0, 0.5), Body::DEFAULT_SIZE).unwrap());
    let mut events = Vec::new();
    for tick in 0..200 {
        let report = sim.step(&[]).unwrap();
        events.extend(report.events(rider).unwrap().iter().cloned());
        let body = *sim.body(rider).unwrap();
        assert_eq!(overlap(&sim, &body), None, "tick {tick}");
    }
    assert_eq!(
        sim.mover(lift).unwrap().position(),
        DVec3::new(0.0, 20.0, 0.0)
    );
    let body = *sim.body(rider).unwrap();
    assert_eq!(body.riding, Some(lift));
    assert!(
        (body.feet().y - (21.0 + CONTACT_GAP)).abs() < 1e-9,
        "{}",
        body.feet().y
    );
    assert!(events.contains(&Event::Boarded { mover: lift }));
    // Walk east onto the floor, with no jump: the lift's top is level with it.
    let east = Input::parse("east").unwrap();
    for _ in 0..30 {
        sim.step(&[(rider, east)]).unwrap();
    }
    let body = *sim.body(rider).unwrap();
    assert!(body.feet().x > 4.0, "{}", body.feet().x);
    assert!(body.grounded && body.riding.is_none());
    assert!((body.feet().y - 21.0).abs() < 1e-6);
}
