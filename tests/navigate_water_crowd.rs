//! A crowd over hills flooded to y = 18, a lake where the ground lies low:
//! bodies set down anywhere (afloat too) and sent anywhere (into the lake
//! too) all get plans, and every body whose goal a lone planner reaches
//! arrives, none ever inside a block; those that arrive afloat tread water.

mod support;

use glam::DVec3;
use support::reference_resolver::overlaps_solid;
use support::terrain::flooded_terrain;
use voxwalk::controller::{Body, Settings, Simulation};
use voxwalk::navigate::{Crowd, CrowdEvent, Goal, Planner};

/// The columns of 24 bodies and of their goals, spread over the middle of
/// the map by a fixed walk of multiples.
fn columns() -> Vec<((i32, i32), (i32, i32))> {
    (0..24)
        .map(|i: i32| {
            let start = (6 + (i * 7) % 36, 6 + (i * 13) % 36);
            let goal = (6 + (i * 11 + 17) % 36, 6 + (i * 5 + 23) % 36);
            (start, goal)
        })
        .collect()
}

#[test]
fn a_crowd_over_a_lake_plans_from_and_to_the_water() {
    let world = flooded_terrain(48, 48, 18);
    let mut sim = Simulation::new(world.clone(), Settings::default()).unwrap();
    let mut crowd = Crowd::new();
    crowd.work_per_tick = 20_000;
    let mut lone = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let mut reachable = Vec::new();
    let mut afloat_starts = 0;
    let handles: Vec<_> = columns()
        .into_iter()
        .map(|((x, z), (gx, gz))| {
            let feet = DVec3::new(f64::from(x) + 0.5, 40.0, f64::from(z) + 0.5);
            let body = Body::new(feet, Body::DEFAULT_SIZE).unwrap();
            let goal = Goal::Column { x: gx, z: gz };
            let plan = lone.plan(&world, &body, goal);
            reachable.push(plan.as_ref().is_ok_and(|p| p.complete));
            afloat_starts += usize::from(plan.is_ok_and(|p| p.start.afloat));
            let handle = sim.add_body(body);
            crowd.send(handle, goal);
            handle
        })
        .collect();
    let mut arrived = vec![false; handles.len()];
    let (mut no_way, mut stuck, mut inside) = (0, 0, 0);
    let mut events = Vec::new();
    for _ in 0..2400 {
        let inputs = crowd.inputs(&mut sim, &mut events).to_vec();
        for &(handle, event) in &events {
            let i = handles.iter().position(|&h| h == handle).unwrap();
            match event {
                CrowdEvent::Arrived => arrived[i] = true,
                CrowdEvent::NoWay => no_way += 1,
                CrowdEvent::Stuck(_) => stuck += 1,
                CrowdEvent::Planned { .. } => {}
            }
        }
        sim.step(&inputs).unwrap();
        inside += handles
            .iter()
            .filter(|&&h| overlaps_solid(&world, &sim.body(h).unwrap().aabb))
            .count();
    }
    // Those that arrived afloat tread water there, a cell or less below
    // the surface (at y = 18.89), rather than sink.
    let mut afloat_at_end = 0;
    for (i, &h) in handles.iter().enumerate() {
        let body = sim.body(h).unwrap();
        if arrived[i] && body.in_liquid {
            afloat_at_end += 1;
            assert!(body.feet().y > 17.0, "body {i} sank: {:?}", body.feet());
        }
    }
    let reached = reachable.iter().filter(|&&r| r).count();
    let came = arrived.iter().filter(|&&a| a).count();
    println!(
        "{reached} of 24 goals reachable alone ({afloat_starts} starting afloat); \
         {came} arrived ({afloat_at_end} afloat at the end), {no_way} no-ways, {stuck} stuck, \
         {inside} body-ticks inside a block"
    );
    assert_eq!(inside, 0);
    for (i, (&r, &a)) in reachable.iter().zip(&arrived).enumerate() {
        assert!(
            !r || a,
            "body {i}: its goal is reachable, and it did not arrive"
        );
    }
    assert!(afloat_starts >= 3, "{afloat_starts} bodies start afloat");
}
