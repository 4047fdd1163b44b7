//! An NPC that follows the player: the player walks a scripted round
//! (through a door, a jump up a step, along a ditch); the NPC plans a way to
//! within two blocks of the player once a second, or when its follower says
//! it arrived or cannot go on, and walks the plan with a follower. Both are
//! bodies of one `Simulation`, so they push each other as characters do.
//! The example checks that the NPC keeps up: it ends near the player, and
//! its follower never gave up twice in a row.
//!
//! `cargo run --release --example npc_follows_player`

use voxwalk::block::BlockId;
use voxwalk::controller::{Body, BodyHandle, Input, InputScript, Settings, Simulation};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::navigate::{FollowEvent, Follower, Goal, Planner};
use voxwalk::world::World;

/// A yard: a wall with a door, a step up, a one-block ditch.
fn yard() -> World {
    let mut world = World::new();
    world.fill(IVec3::new(0, 0, 0), IVec3::new(39, 0, 39), BlockId::STONE);
    world.fill(IVec3::new(12, 1, 0), IVec3::new(12, 3, 39), BlockId::BRICK);
    world.fill(IVec3::new(12, 1, 18), IVec3::new(12, 2, 19), BlockId::AIR); // the door
    world.fill(IVec3::new(20, 1, 0), IVec3::new(39, 1, 39), BlockId::STONE); // a step up
    world.fill(IVec3::new(28, 0, 0), IVec3::new(28, 1, 39), BlockId::AIR); // a ditch
    world
}

/// The NPC's mind: a planner, the plan it walks, and when it last planned.
struct Npc {
    handle: BodyHandle,
    planner: Planner,
    follower: Option<Follower>,
    planned_at: u64,
    plans: u32,
    gave_up_in_a_row: u32,
    worst_give_ups: u32,
}

impl Npc {
    /// This tick's keys: a new plan once a second or when the last one ended.
    fn input(&mut self, sim: &mut Simulation<World>, player: DVec3, tick: u64) -> Input {
        let stale = tick >= self.planned_at + 20;
        if self.follower.is_none() || stale {
            let body = *sim.body(self.handle).expect("the NPC");
            let goal = Goal::Near {
                point: player,
                radius: 2.0,
            };
            if let Ok(plan) = self.planner.plan(sim.world(), &body, goal) {
                self.follower = Some(Follower::new(&plan, body.feet(), 0.6));
                self.plans += 1;
            }
            self.planned_at = tick;
        }
        let body = sim.body_mut(self.handle).expect("the NPC");
        let Some(follower) = &mut self.follower else {
            return Input::IDLE;
        };
        let (input, event) = follower.input(body);
        match event {
            Some(FollowEvent::Arrived) => {
                self.follower = None;
                self.gave_up_in_a_row = 0;
            }
            Some(FollowEvent::Stuck(_)) => {
                self.follower = None;
                self.gave_up_in_a_row += 1;
                self.worst_give_ups = self.worst_give_ups.max(self.gave_up_in_a_row);
            }
            Some(FollowEvent::StepMade(_)) => self.gave_up_in_a_row = 0,
            None => {}
        }
        input
    }
}

fn main() {
    let mut sim = Simulation::new(yard(), Settings::default()).expect("default settings");
    let player = sim.add_body(Body::new(DVec3::new(3.5, 1.0, 18.5), Body::DEFAULT_SIZE).unwrap());
    let npc = sim.add_body(Body::new(DVec3::new(3.5, 1.0, 10.5), Body::DEFAULT_SIZE).unwrap());
    // East through the door, a jump up the step, on to the ditch, then
    // north along it.
    let route = "60 east\n40 east+jump\n20 east\n80 north\n60 idle\n";
    let script = InputScript::parse(route, "the player's round").expect("a valid script");
    let mut mind = Npc {
        handle: npc,
        planner: Planner::new(Settings::default(), Body::DEFAULT_SIZE).expect("default settings"),
        follower: None,
        planned_at: 0,
        plans: 0,
        gave_up_in_a_row: 0,
        worst_give_ups: 0,
    };
    for tick in 0..script.len() {
        let at = sim.body(player).expect("the player").feet();
        let npc_input = mind.input(&mut sim, at, tick);
        sim.step(&[(player, script.input_at(tick)), (npc, npc_input)])
            .expect("a tick in range");
    }
    let (p, n) = (
        sim.body(player).unwrap().feet(),
        sim.body(npc).unwrap().feet(),
    );
    let apart = p.distance(n);
    println!(
        "player at {p:.2}, NPC at {n:.2}: {apart:.2} blocks apart after {} ticks; \
         {} plans, at most {} gave up in a row",
        script.len(),
        mind.plans,
        mind.worst_give_ups
    );
    assert!(apart < 4.0, "the NPC fell behind: {apart} blocks");
    assert!(mind.worst_give_ups < 2, "the NPC gave up twice in a row");
}
