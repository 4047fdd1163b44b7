//! A goal that moves: a body following another that walks a circle about
//! its start has its plan patched every half second, not made anew. It
//! keeps up, is never stuck, and the patches take a small share of the
//! work planning anew each time would.

mod support;

use glam::DVec3;
use support::terrain::bumpy_terrain;
use support::walking::settled;
use voxwalk::controller::{Body, Controller, Settings};
use voxwalk::navigate::{FollowEvent, Follower, Goal, Planner};
use voxwalk::world::World;

/// How often the follower's goal is moved to where the leader is, ticks.
const EVERY: u32 = 10;

/// The middle of the circle.
const MIDDLE: (f64, f64) = (32.5, 32.5);

/// A body walking round and round the circle: planned from one of eight
/// points on it to the next (or as near as it comes).
struct Leader {
    body: Body,
    follower: Follower,
    point: usize,
    radius: f64,
}

impl Leader {
    fn new(world: &World, planner: &mut Planner, radius: f64) -> Leader {
        let body = settled(world, MIDDLE.0 + radius, MIDDLE.1, 40.0, Body::DEFAULT_SIZE);
        let mut leader = Leader {
            follower: Follower::new(
                &planner
                    .plan(world, &body, Goal::Column { x: 0, z: 0 })
                    .unwrap(),
                body.feet(),
                0.6,
            ),
            body,
            point: 0,
            radius,
        };
        leader.next_point(world, planner);
        leader
    }

    /// Plans to the next of the eight points.
    fn next_point(&mut self, world: &World, planner: &mut Planner) {
        self.point = (self.point + 1) % 8;
        let angle = std::f64::consts::TAU * self.point as f64 / 8.0;
        let goal = Goal::Column {
            x: (MIDDLE.0 + self.radius * angle.cos()).floor() as i32,
            z: (MIDDLE.1 + self.radius * angle.sin()).floor() as i32,
        };
        // A point on a pillar is walked as near as the plan comes.
        let plan = planner.plan(world, &self.body, goal).unwrap();
        self.follower = Follower::new(&plan, self.body.feet(), 0.6);
    }

    fn tick(&mut self, world: &World, planner: &mut Planner, controller: &mut Controller) {
        let (input, event) = self.follower.input(&mut self.body);
        if matches!(event, Some(FollowEvent::Arrived)) || self.follower.done() {
            self.next_point(world, planner);
        }
        controller
            .tick(world, &mut self.body, input, &mut Vec::new())
            .unwrap();
    }
}

fn across(a: DVec3, b: DVec3) -> f64 {
    (a.x - b.x).hypot(a.z - b.z)
}

/// What a chase came to: the work of the patches and of planning anew
/// each time, and the farthest the follower was behind after 5 s.
struct Chase {
    patched: u64,
    anew: u64,
    farthest: f64,
}

/// 60 seconds: the leader walks a circle of `radius` about the follower's
/// start, the follower's goal is moved to within 2 blocks of where it last
/// stood every half second, and a plan made anew from the same state is
/// counted beside each patch. No tick may leave the follower stuck, every
/// patch reaches its goal, and the last is walked in exactly its ticks.
fn chase(radius: f64) -> Chase {
    let world = bumpy_terrain(64, 64);
    let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let mut controller = Controller::new(Settings::default()).unwrap();
    let mut leader = Leader::new(&world, &mut planner, radius);
    let mut body = settled(&world, MIDDLE.0, MIDDLE.1, 40.0, Body::DEFAULT_SIZE);
    let mut chaser = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let mut anew = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    let first = chaser
        .plan(&world, &body, near(leader.body.feet()))
        .unwrap();
    let mut follower = Follower::new(&first, body.feet(), 0.6);
    let (mut patched_work, mut anew_work, mut patches) = (0, 0, 0);
    let mut last_ticks = 0;
    let mut farthest: f64 = 0.0;
    // Where the leader last stood: in the air over a drop, no place is
    // within 2 blocks of its feet.
    let mut leader_stood = leader.body.feet();
    for tick in 1..=1200 {
        leader.tick(&world, &mut planner, &mut controller);
        if leader.body.grounded {
            leader_stood = leader.body.feet();
        }
        let (input, event) = follower.input(&mut body);
        assert!(
            !matches!(event, Some(FollowEvent::Stuck(_))),
            "tick {tick}: {event:?}"
        );
        controller
            .tick(&world, &mut body, input, &mut Vec::new())
            .unwrap();
        if tick % EVERY != 0 {
            continue;
        }
        let goal = near(leader_stood);
        let patched = chaser.retarget(&world, &body, &mut follower, goal).unwrap();
        let fresh = anew.plan(&world, &body, goal).unwrap();
        assert!(
            patched.complete && fresh.complete,
            "tick {tick}: {patched:?}"
        );
        patched_work += patched.work;
        anew_work += fresh.work;
        last_ticks = patched.ticks;
        patches += 1;
        if tick > 100 {
            farthest = farthest.max(across(body.feet(), leader.body.feet()));
        }
    }
    // The last patch, walked with the goal still: in exactly its ticks.
    let mut ticks = 0;
    while !follower.done() {
        let (input, event) = follower.input(&mut body);
        if matches!(event, Some(FollowEvent::Arrived)) {
            break;
        }
        controller
            .tick(&world, &mut body, input, &mut Vec::new())
            .unwrap();
        ticks += 1;
        assert!(ticks <= last_ticks, "{ticks}");
    }
    assert_eq!(ticks, last_ticks);
    println!(
        "radius {radius}: {patches} patches, {patched_work} work against {anew_work} planning \
         anew ({:.3}); farthest behind after 5 s {farthest:.2} blocks",
        patched_work as f64 / anew_work as f64
    );
    Chase {
        patched: patched_work,
        anew: anew_work,
        farthest,
    }
}

/// Round a circle 20 blocks about it (some 2.5 times in the minute), the
/// patches take under a tenth of the work of planning anew, and the
/// follower is never more than a block further behind than it began.
#[test]
fn a_follower_of_a_goal_circling_20_blocks_away_keeps_up_for_a_tenth_of_the_work() {
    let run = chase(20.0);
    assert!(run.patched * 10 <= run.anew, "{} {}", run.patched, run.anew);
    assert!(run.farthest < 21.0, "{}", run.farthest);
}

/// Closer, plans anew are shorter and the share larger: under a fifth. The
/// patched plan keeps to the leader's track where a plan anew would cut
/// across, so the follower drops up to 3 blocks further behind.
#[test]
fn a_follower_of_a_goal_circling_10_blocks_away_keeps_up_for_a_fifth_of_the_work() {
    let run = chase(10.0);
    assert!(run.patched * 5 <= run.anew, "{} {}", run.patched, run.anew);
    assert!(run.farthest < 13.0, "{}", run.farthest);
}

fn near(point: DVec3) -> Goal {
    Goal::Near { point, radius: 2.0 }
}

/// In a crowd: a member following a body that walks east across a field
/// has its plan patched by `Crowd::retarget` every half second, each
/// patch a `Planned { again }` event, and keeps within a block of the
/// distance it began at (4), walking on without stopping to plan.
#[test]
fn a_crowd_member_following_a_walking_body_has_its_plan_patched() {
    use voxwalk::block::BlockId;
    use voxwalk::controller::{Input, Simulation};
    use voxwalk::navigate::{Crowd, CrowdEvent};
    let mut world = World::new();
    world.fill(
        glam::IVec3::new(0, 0, 0),
        glam::IVec3::new(63, 0, 20),
        BlockId::STONE,
    );
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let leader = sim.add_body(Body::new(DVec3::new(8.5, 1.0, 10.5), Body::DEFAULT_SIZE).unwrap());
    let member = sim.add_body(Body::new(DVec3::new(4.5, 1.0, 10.5), Body::DEFAULT_SIZE).unwrap());
    let mut crowd = Crowd::new();
    crowd.send(member, near(DVec3::new(8.5, 1.0, 10.5)));
    let east = Input::parse("east").unwrap();
    let (mut patches, mut farthest, mut standing) = (0, 0.0_f64, 0);
    let mut events = Vec::new();
    for tick in 1..=200 {
        if tick % EVERY == 0 {
            crowd.retarget(member, near(sim.body(leader).unwrap().feet()));
        }
        let mut inputs = crowd.inputs(&mut sim, &mut events).to_vec();
        patches += events
            .iter()
            .filter(|e| matches!(e.1, CrowdEvent::Planned { again: true, .. }))
            .count();
        inputs.push((leader, east));
        sim.step(&inputs).unwrap();
        let (l, m) = (sim.body(leader).unwrap(), sim.body(member).unwrap());
        farthest = farthest.max(across(l.feet(), m.feet()));
        if tick > 40 && m.velocity.x.abs() < 1e-9 {
            standing += 1;
        }
    }
    println!("{patches} patches, at most {farthest:.2} blocks behind, {standing} ticks standing");
    assert!(patches >= 15, "{patches}");
    assert!(farthest < 5.0, "{farthest}");
    assert!(standing < 10, "stood {standing} ticks");
}
