//! The figures a player feels, measured on the controller at a given tick
//! rate in small worlds of Minecraft's blocks (defined here as data): top
//! speeds, glides, jumps, bounces, and yes/no outcomes.
//!
//! Reached through the support module (`mod support;` in a test).

#![allow(dead_code)]

use std::sync::Arc;

use glam::{DVec3, IVec3};
use voxwalk::block::{BlockId, BlockRegistry, BlockType, PropertyValue};
use voxwalk::controller::{Body, Event, Input, Settings, Simulation};
use voxwalk::world::World;

/// The blocks of the test worlds.
#[derive(Clone, Copy)]
pub struct Blocks {
    pub stone: BlockId,
    pub ice: BlockId,
    pub soul_sand: BlockId,
    pub honey: BlockId,
    pub slime: BlockId,
    pub water: BlockId,
    pub lava: BlockId,
    pub cobweb: BlockId,
    pub vines: BlockId,
}

/// An empty world whose registry knows Minecraft's behaviour blocks, with
/// Minecraft's numbers (`Blocks`, `SlimeBlock`, `HoneyBlock`, `WebBlock`).
pub fn empty_world() -> (World, Blocks) {
    let mut r = BlockRegistry::new();
    let n = |x: f64| PropertyValue::Number(x);
    let f = |x: f32| PropertyValue::Number(f64::from(x));
    let mut add = |t: BlockType| r.register(t).unwrap();
    let ice = add(BlockType::cube("ice").with_property("slipperiness", f(0.98)));
    let soul_sand = add(BlockType::cube("soul_sand").with_property("speed_factor", f(0.4)));
    let honey = add(BlockType::cube("honey")
        .with_property("speed_factor", f(0.4))
        .with_property("jump_factor", f(0.5)));
    let slime = add(BlockType::cube("slime")
        .with_property("slipperiness", f(0.8))
        .with_property("bounce", n(1.0)));
    let lava = add(BlockType::new("lava")
        .passable()
        .with_property("liquid_drag", n(0.5))
        .with_property("liquid_gravity", n(0.25))
        .with_property("lava", PropertyValue::Flag(true)));
    let cobweb = add(BlockType::new("cobweb")
        .passable()
        .with_property("stuck_horizontal", n(0.25))
        .with_property("stuck_vertical", f(0.05)));
    let vines = add(BlockType::new("vines")
        .passable()
        .with_property("climbable", PropertyValue::Flag(true)));
    let blocks = Blocks {
        stone: BlockId::STONE,
        ice,
        soul_sand,
        honey,
        slime,
        water: BlockId::WATER,
        lava,
        cobweb,
        vines,
    };
    (World::with_registry(Arc::new(r)), blocks)
}

/// A floor of `ground` under x, z in [−r, r] at y = 0 (top at 1).
pub fn floor(world: &mut World, ground: BlockId, r: i32) {
    world.fill(IVec3::new(-r, 0, -r), IVec3::new(r, 0, r), ground);
}

pub fn settings(rate: f64) -> Settings {
    Settings {
        tick_rate: rate,
        ..Settings::default()
    }
}

pub fn keys(words: &str) -> Input {
    if words.is_empty() {
        Input::IDLE
    } else {
        Input::parse(words).unwrap()
    }
}

/// A simulation of `world` at `rate` with one default body, feet at `feet`.
pub fn one_body(world: World, rate: f64, feet: DVec3) -> Simulation {
    let mut sim = Simulation::new(world, settings(rate)).unwrap();
    sim.add_body(Body::new(feet, Body::DEFAULT_SIZE).unwrap());
    sim
}

/// Ticks for `seconds` at `rate`, rounded.
pub fn ticks(seconds: f64, rate: f64) -> usize {
    (seconds * rate).round() as usize
}

/// The speed (length of the velocity moved with) after `seconds` of `words`
/// from rest at `feet` in `world`, as an average over the last 1/20 s so a
/// body that alternates (slime) is measured by what it covers.
pub fn speed_after(world: &World, rate: f64, feet: DVec3, words: &str, seconds: f64) -> DVec3 {
    let mut sim = one_body(world.clone(), rate, feet);
    let input = keys(words);
    let n = ticks(seconds, rate);
    let window = ticks(0.1, rate).max(1);
    let mut start = sim.bodies()[0].feet();
    for i in 0..n {
        if i == n - window {
            start = sim.bodies()[0].feet();
        }
        sim.step_in_order(&[input]).unwrap();
    }
    (sim.bodies()[0].feet() - start) / (window as f64 / rate)
}

/// How far a body coasts after letting go of `words` held for 2 s on `ground`.
pub fn glide(ground: BlockId, rate: f64, words: &str) -> f64 {
    let (mut world, _) = empty_world();
    floor(&mut world, ground, 80);
    world.set_block(IVec3::ZERO, ground);
    let mut sim = one_body(world, rate, DVec3::new(-60.0, 1.0, 0.5));
    let input = keys(words);
    for _ in 0..ticks(2.0, rate) {
        sim.step_in_order(&[input]).unwrap();
    }
    let released = sim.bodies()[0].feet().x;
    for _ in 0..ticks(3.0, rate) {
        sim.step_in_order(&[Input::IDLE]).unwrap();
    }
    sim.bodies()[0].feet().x - released
}

/// Seconds from rest to 90 % of the walking speed on stone, interpolated.
pub fn time_to_walking_speed(rate: f64) -> f64 {
    let (mut world, _) = empty_world();
    floor(&mut world, BlockId::STONE, 40);
    let top = Settings::default().walking.speed;
    let mut sim = one_body(world, rate, DVec3::new(-30.0, 1.0, 0.5));
    let dt = 1.0 / rate;
    let mut previous = 0.0;
    for i in 0..ticks(2.0, rate) {
        sim.step_in_order(&[keys("east")]).unwrap();
        let v = sim.bodies()[0].velocity.x;
        if v >= 0.9 * top {
            // The tick's velocity holds over the tick: 90 % is crossed at
            // its start, or between the two ticks' velocities.
            // Counted as Minecraft's figure counts it: when the first tick
            // that moves at 90 % has been moved.
            let _ = previous;
            return (i + 1) as f64 * dt;
        }
        previous = v;
    }
    f64::NAN
}

/// A jump from rest on `ground` (a ceiling `headroom` above the head, if
/// any): the highest the feet rise, and when the body lands again,
/// interpolated within the landing tick.
pub fn jump(ground: BlockId, rate: f64, headroom: Option<f64>) -> (f64, f64) {
    let (mut world, _) = empty_world();
    floor(&mut world, ground, 8);
    if let Some(h) = headroom {
        // A ceiling whose underside is at 1 + 1.8 + h: a slab-thin layer is
        // not a block, so place full blocks with their bottom there.
        let bottom = 1.0 + 1.8 + h;
        assert_eq!(bottom.fract(), 0.0, "ceilings sit on whole blocks");
        let y = bottom as i32;
        world.fill(IVec3::new(-8, y, -8), IVec3::new(8, y, 8), BlockId::STONE);
    }
    let mut sim = one_body(world, rate, DVec3::new(0.5, 1.0, 0.5));
    let dt = 1.0 / rate;
    let rest = sim.bodies()[0].feet().y;
    let mut apex: f64 = 0.0;
    // Jump pressed for one tick: the body jumps at the start of the next of
    // Minecraft's ticks (this one at 20 Hz), and is timed from there.
    let mut jumped_at = None;
    let mut last_air = (0.0, rest);
    for i in 0..ticks(3.0, rate) {
        let input = if i == 0 { keys("jump") } else { Input::IDLE };
        let report = sim.step_in_order(&[input]).unwrap();
        let body = sim.bodies()[0];
        apex = apex.max(body.feet().y - rest);
        if report.bodies[0].iter().any(|e| matches!(e, Event::Jumped)) {
            jumped_at = Some(i as f64 * dt);
        }
        let Some(start) = jumped_at else {
            continue;
        };
        if let Some(speed) = report.bodies[0].iter().find_map(|e| match e {
            Event::Landed { speed } => Some(*speed),
            _ => None,
        }) {
            let (t, y) = last_air;
            return (apex, t + (y - rest) / speed);
        }
        last_air = ((i + 1) as f64 * dt - start, body.feet().y);
    }
    (apex, f64::NAN)
}

/// Ticks between jumps with jump held under a ceiling 2 blocks above the
/// floor (0.2 above the head): the jump wait, in seconds.
pub fn jump_interval_under_ceiling(rate: f64) -> f64 {
    let (mut world, _) = empty_world();
    floor(&mut world, BlockId::STONE, 8);
    world.fill(IVec3::new(-8, 3, -8), IVec3::new(8, 3, 8), BlockId::STONE);
    let mut sim = one_body(world, rate, DVec3::new(0.5, 1.0, 0.5));
    let mut jumps = Vec::new();
    for i in 0..ticks(2.0, rate) {
        let report = sim.step_in_order(&[keys("jump")]).unwrap();
        if report.bodies[0].iter().any(|e| matches!(e, Event::Jumped)) {
            jumps.push(i as f64 / rate);
        }
    }
    (jumps[jumps.len() - 1] - jumps[0]) / (jumps.len() - 1) as f64
}

/// Whether tick `i` (from 0) at `rate` holds the start of one of
/// Minecraft's ticks: the tick in which a 1/20 s since the start ends, as
/// the controller counts them (within a microsecond).
pub fn holds_minecraft_tick(i: usize, rate: f64) -> bool {
    let whole = |t: f64| (t * 20.0 / rate + 1e-6).floor();
    whole((i + 1) as f64) > whole(i as f64)
}

/// Sprint, jump and the way east held on a long flat floor (a ceiling 2
/// blocks above it, if `head_hitter`): for each tick, whether the body
/// jumped in it and whether it stands on the ground after it.
fn sprint_jumping(rate: f64, head_hitter: bool, seconds: f64) -> Vec<(bool, bool)> {
    let (mut world, _) = empty_world();
    floor(&mut world, BlockId::STONE, 200);
    if head_hitter {
        world.fill(
            IVec3::new(-200, 3, -8),
            IVec3::new(200, 3, 8),
            BlockId::STONE,
        );
    }
    let mut sim = one_body(world, rate, DVec3::new(-150.0, 1.0, 0.5));
    let input = keys("east+sprint+jump");
    (0..ticks(seconds, rate))
        .map(|_| {
            let report = sim.step_in_order(&[input]).unwrap();
            let jumped = report.bodies[0].iter().any(|e| matches!(e, Event::Jumped));
            (jumped, sim.bodies()[0].grounded)
        })
        .collect()
}

/// Seconds between jumps with sprint and jump held on flat ground, read in
/// Minecraft's ticks: the ticks of 1/20 s from the first jump to the last,
/// over the jumps made, times 1/20 s.
pub fn sprint_jump_cadence(rate: f64) -> f64 {
    let samples: Vec<bool> = sprint_jumping(rate, false, 5.0)
        .into_iter()
        .enumerate()
        .filter(|&(i, _)| holds_minecraft_tick(i, rate))
        .map(|(_, (jumped, _))| jumped)
        .collect();
    let jumps: Vec<usize> = (0..samples.len()).filter(|&k| samples[k]).collect();
    let spans = (jumps.len() - 1) as f64;
    (jumps[jumps.len() - 1] - jumps[0]) as f64 / spans / 20.0
}

/// Seconds in the air of a sprint jump under a ceiling 2 blocks above the
/// floor, read in Minecraft's ticks: from the tick of 1/20 s that jumps to
/// the first that starts on the ground, times 1/20 s.
pub fn head_hitter_flight(rate: f64) -> f64 {
    let ticks = sprint_jumping(rate, true, 1.0);
    // The state a Minecraft tick starts from is the one the tick before it
    // left; the first tick starts from the spawn, on the ground.
    let mut standing_before = true;
    let mut samples = Vec::new();
    for (i, &(jumped, standing)) in ticks.iter().enumerate() {
        if holds_minecraft_tick(i, rate) {
            samples.push((jumped, standing_before));
        }
        standing_before = standing;
    }
    let jump = samples.iter().position(|&(jumped, _)| jumped).unwrap();
    let landed = samples[jump + 1..]
        .iter()
        .position(|&(_, standing)| standing)
        .unwrap();
    (landed + 1) as f64 / 20.0
}

/// The highest the feet rise after the first bounce of a body dropped
/// `drop` blocks onto slime.
pub fn bounce_apex(drop: f64, rate: f64) -> f64 {
    let (mut world, b) = empty_world();
    floor(&mut world, b.slime, 8);
    let mut sim = one_body(world, rate, DVec3::new(0.5, 1.0 + drop, 0.5));
    let mut bounced = false;
    let mut apex: f64 = 0.0;
    for _ in 0..ticks(6.0, rate) {
        let report = sim.step_in_order(&[Input::IDLE]).unwrap();
        let y = sim.bodies()[0].feet().y - 1.0;
        if bounced {
            if y < apex {
                return apex;
            }
            apex = y;
        }
        bounced |= report.bodies[0]
            .iter()
            .any(|e| matches!(e, Event::Bounced { .. }));
    }
    apex
}

/// How far a body travels along x during one jump from a steady walk (or
/// sprint) on stone, from take-off to landing, with the keys held.
pub fn jump_length(rate: f64, words: &str) -> f64 {
    let (mut world, _) = empty_world();
    floor(&mut world, BlockId::STONE, 60);
    let mut sim = one_body(world, rate, DVec3::new(-50.0, 1.0, 0.5));
    let input = keys(words);
    run_up(&mut sim, input, rate);
    let with_jump = Input {
        jump: true,
        ..input
    };
    let from = sim.bodies()[0].feet().x;
    let report = sim.step_in_order(&[with_jump]).unwrap();
    assert!(report.bodies[0].iter().any(|e| matches!(e, Event::Jumped)));
    for _ in 0..ticks(2.0, rate) {
        let report = sim.step_in_order(&[input]).unwrap();
        if report.bodies[0]
            .iter()
            .any(|e| matches!(e, Event::Landed { .. }))
        {
            return sim.bodies()[0].feet().x - from;
        }
    }
    f64::NAN
}

/// `input` held for about 2 s from the simulation's start, up to the tick
/// before one of Minecraft's, where a jump pressed next jumps at once.
fn run_up(sim: &mut Simulation, input: Input, rate: f64) {
    let mut i = 0;
    while i < ticks(2.0, rate) || !holds_minecraft_tick(i, rate) {
        sim.step_in_order(&[input]).unwrap();
        i += 1;
    }
}

/// Whether a body walking (or sprinting) at full speed, jumping from the
/// very edge of a platform (its box over it by 0.001), lands on the far side
/// of a gap `gap` blocks wide. The body reaches full speed on a run-up, then
/// is set at the edge with its state: where the last tick before the edge
/// falls would otherwise decide, and that depends on the start, not the
/// rate.
pub fn crosses_gap(rate: f64, words: &str, gap: i32) -> bool {
    let (mut world, _) = empty_world();
    // Run-up x in [−40, −20); near platform x in [−2, 0), far from `gap` on.
    world.fill(
        IVec3::new(-40, 0, -2),
        IVec3::new(-21, 0, 2),
        BlockId::STONE,
    );
    world.fill(IVec3::new(-2, 0, -2), IVec3::new(-1, 0, 2), BlockId::STONE);
    world.fill(
        IVec3::new(gap, 0, -2),
        IVec3::new(gap + 10, 0, 2),
        BlockId::STONE,
    );
    world.fill(
        IVec3::new(-40, -20, -2),
        IVec3::new(gap + 10, -20, 2),
        BlockId::STONE,
    );
    let mut sim = one_body(world, rate, DVec3::new(-38.0, 1.0, 0.5));
    let input = keys(words);
    run_up(&mut sim, input, rate);
    let body = &mut sim.bodies_mut()[0];
    let shift = DVec3::new(-0.001 - body.aabb.min.x, 0.0, 0.0);
    body.aabb = body.aabb.translated(shift);
    let jump = Input {
        jump: true,
        ..input
    };
    let report = sim.step_in_order(&[jump]).unwrap();
    assert!(report.bodies[0].iter().any(|e| matches!(e, Event::Jumped)));
    for _ in 0..ticks(3.0, rate) {
        sim.step_in_order(&[input]).unwrap();
        let body = sim.bodies()[0];
        if body.aabb.min.y < 0.5 {
            return false;
        }
        if body.grounded {
            return body.aabb.max.x > f64::from(gap);
        }
    }
    false
}

/// Whether a body swimming east at the water's surface climbs out onto a
/// ledge whose top is `above` blocks above the water's top.
pub fn climbs_out_of_water(rate: f64, above: i32) -> bool {
    let (mut world, b) = empty_world();
    // A pool: floor at y = 0, water y in 1..=3 (top at 4), a wall at x >= 4.
    world.fill(IVec3::new(-8, 0, -3), IVec3::new(12, 0, 3), BlockId::STONE);
    world.fill(IVec3::new(-8, 1, -3), IVec3::new(3, 3, 3), b.water);
    world.fill(
        IVec3::new(4, 1, -3),
        IVec3::new(12, 3 + above, 3),
        BlockId::STONE,
    );
    let mut sim = one_body(world, rate, DVec3::new(0.5, 3.0, 0.5));
    for _ in 0..ticks(6.0, rate) {
        sim.step_in_order(&[keys("east+jump")]).unwrap();
        let body = sim.bodies()[0];
        if body.grounded && body.aabb.min.x >= 4.0 {
            return true;
        }
    }
    false
}

/// Whether a body under water, swimming into a wall with no ledge within
/// reach, rises (it must not: Minecraft's ledge exit needs a box free of
/// liquid). Returns how far it rose in 2 s.
pub fn rise_against_wall_under_water(rate: f64) -> f64 {
    let (mut world, b) = empty_world();
    world.fill(IVec3::new(-8, 0, -3), IVec3::new(12, 0, 3), BlockId::STONE);
    world.fill(IVec3::new(-8, 1, -3), IVec3::new(3, 8, 3), b.water);
    world.fill(IVec3::new(4, 1, -3), IVec3::new(12, 12, 3), BlockId::STONE);
    let mut sim = one_body(world, rate, DVec3::new(3.0, 1.0, 0.5));
    // Settled on the floor first: a spawn touching it ends a contact gap up.
    sim.step_in_order(&[keys("east")]).unwrap();
    let start = sim.bodies()[0].feet().y;
    let mut highest = start;
    for _ in 0..ticks(2.0, rate) {
        sim.step_in_order(&[keys("east")]).unwrap();
        highest = highest.max(sim.bodies()[0].feet().y);
    }
    highest - start
}

/// A tall world of `medium` over stone, for steady vertical speeds.
pub fn column(medium: fn(&Blocks) -> BlockId) -> World {
    let (mut world, b) = empty_world();
    floor(&mut world, BlockId::STONE, 12);
    world.fill(IVec3::new(-12, 1, -12), IVec3::new(12, 60, 12), medium(&b));
    world
}

/// A stream one block deep along +x over stone: a source at x = 0, then
/// water of levels 1 to 7 (each flowing on along +x), walls beside it.
pub fn stream() -> World {
    let (mut world, _) = empty_world();
    world.fill(IVec3::new(-1, 0, 0), IVec3::new(9, 0, 2), BlockId::STONE);
    world.fill(IVec3::new(-1, 1, 0), IVec3::new(9, 1, 0), BlockId::STONE);
    world.fill(IVec3::new(-1, 1, 2), IVec3::new(9, 1, 2), BlockId::STONE);
    world.set_block(IVec3::new(-1, 1, 1), BlockId::STONE);
    world.set_block(IVec3::new(0, 1, 1), BlockId::WATER);
    for level in 1..8u8 {
        let flowing = BlockType::new(format!("water@level={level}"))
            .passable()
            .with_property("liquid_drag", PropertyValue::Number(f64::from(0.8_f32)))
            .with_property("liquid_gravity", PropertyValue::Number(1.0 / 16.0))
            .with_property("liquid_level", PropertyValue::Number(f64::from(level)));
        let id = world.register_block(flowing).unwrap();
        world.set_block(IVec3::new(i32::from(level), 1, 1), id);
    }
    world
}

/// A shaft one block wide and `depth` deep of bubble columns carrying
/// bodies `way` (1 up, −1 down), over stone, open to the air above.
pub fn bubble_shaft(way: f64, depth: i32) -> World {
    let (mut world, _) = empty_world();
    world.fill(
        IVec3::new(-1, 0, -1),
        IVec3::new(1, depth + 1, 1),
        BlockId::STONE,
    );
    let column = BlockType::new("bubbles")
        .passable()
        .with_property("liquid_drag", PropertyValue::Number(f64::from(0.8_f32)))
        .with_property("liquid_gravity", PropertyValue::Number(1.0 / 16.0))
        .with_property("bubble_column", PropertyValue::Number(way));
    let column = world.register_block(column).unwrap();
    world.fill(IVec3::new(0, 1, 0), IVec3::new(0, depth, 0), column);
    world.set_block(IVec3::new(0, depth + 1, 0), BlockId::AIR);
    world
}

/// A world of `ground`, for steady horizontal speeds.
pub fn ground_of(ground: fn(&Blocks) -> BlockId) -> World {
    let (mut world, b) = empty_world();
    floor(&mut world, ground(&b), 70);
    world
}
