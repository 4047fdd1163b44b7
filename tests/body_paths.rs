//! Every path that moves a body keeps the game's rules: the body's own move
//! in either collision order, the pushes of other bodies and of movers, its
//! ground probe when added, `room_to_stand`, poses and push-outs all read
//! the world and its movers through that body's own filter (its layers, a
//! one-way block only below its feet), and no path leaves it inside what it
//! meets or sinks it deeper into what it was put inside.

mod support;
use support::cases::cases;
use support::fences::{Blocks, register};

use proptest::prelude::*;
use support::terrain::hash;
use support::wandering::wandering_input;
use voxwalk::block::{BlockId, BlockType};
use voxwalk::controller::{Body, Event, Input, Pose, RestoreError, Settings, Simulation};
use voxwalk::geometry::{Aabb, Mobility};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::movers::Mover;
use voxwalk::resolver::{CollisionFilter, Filtered, TOUCH_TOLERANCE, blocks_in_box};
use voxwalk::world::{BlockSource, World};

/// The blocks `body` meets that its box overlaps beyond the touch
/// tolerance, by its own filter.
fn overlaps_by_own_filter(world: &World, body: &Body) -> Vec<IVec3> {
    let filter = CollisionFilter {
        mask: body.collision_mask,
        feet: Some(body.aabb.min.y),
        ..CollisionFilter::ALL
    };
    let shrunk = Aabb::new(
        body.aabb.min + DVec3::splat(TOUCH_TOLERANCE),
        body.aabb.max - DVec3::splat(TOUCH_TOLERANCE),
    );
    let mut cells = Vec::new();
    blocks_in_box(&Filtered::new(world, filter), &shrunk, |cell| {
        cells.push(cell);
    })
    .unwrap();
    cells
}

// ---------------------------------------------------------------------------
// Bodies pushing bodies, through each body's filter.

/// A pasture: a floor, rows of fences (layer 1) and a one-way walkway over
/// part of it.
fn pasture() -> (World, Blocks) {
    let mut world = World::new();
    let blocks = register(&mut world);
    world.fill(
        IVec3::new(-20, -1, -20),
        IVec3::new(20, -1, 20),
        BlockId::STONE,
    );
    for z in [-12, -4, 4, 12] {
        world.fill(IVec3::new(-16, 0, z), IVec3::new(16, 0, z), blocks.fence);
    }
    for x in [-8, 8] {
        world.fill(IVec3::new(x, 0, -16), IVec3::new(x, 0, 16), blocks.fence);
    }
    world.fill(IVec3::new(-6, 1, -6), IVec3::new(6, 1, 6), blocks.plank);
    world.fill(IVec3::new(-3, 0, 7), IVec3::new(3, 0, 10), blocks.plank);
    // A wall around it all.
    for (lo, hi) in [
        (IVec3::new(-20, 0, -20), IVec3::new(20, 3, -20)),
        (IVec3::new(-20, 0, 20), IVec3::new(20, 3, 20)),
        (IVec3::new(-20, 0, -20), IVec3::new(-20, 3, 20)),
        (IVec3::new(20, 0, -20), IVec3::new(20, 3, 20)),
    ] {
        world.fill(lo, hi, BlockId::BRICK);
    }
    (world, blocks)
}

/// A crowd of people (who pass fences) and animals (which meet them), of
/// several sizes and layers, some of them standing inside fences and
/// walkways they pass, walking and jumping at random: no body's move in a
/// tick goes farther than its own velocity and the depth of the body
/// contacts that pushed it, no body is pushed out of a block it stands in
/// legally, and no body ends a tick inside a block it meets.
fn crowd_keeps_every_body_filter(seed: u64, bodies: usize, ticks: u64) -> Result<(), String> {
    let (world, _) = pasture();
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let mut handles = Vec::new();
    for k in 0..bodies as u64 {
        let h = hash(seed * 7919 + k);
        let person = h & 1 == 0;
        let width = [0.6, 0.4, 0.9, 0.5][(h >> 1) as usize % 4];
        let height = [1.8, 0.9, 1.4, 0.7][(h >> 3) as usize % 4];
        // Crowded in a few spots, on and under the walkways and on fences.
        let spot = [(0.5, 0.5), (0.5, 4.5), (-8.5, 0.5), (0.5, 8.5)][(h >> 5) as usize % 4];
        let jitter = |bits: u64| ((hash(h ^ bits) % 1000) as f64 / 1000.0 - 0.5) * 2.0;
        let feet = DVec3::new(spot.0 + jitter(1), 0.0, spot.1 + jitter(2));
        let mut body = Body::new(feet, DVec3::new(width, height, width)).unwrap();
        if person {
            // People meet the default layer only: fences are for animals.
            body.collision_mask = 1;
            body.collision_layers = 1;
        } else {
            body.collision_layers = if h & 128 == 0 { 1 } else { 3 };
        }
        if !overlaps_by_own_filter(sim.world(), &body).is_empty() {
            continue;
        }
        handles.push(sim.add_body(body));
    }
    let dt = sim.settings().dt();
    for tick in 0..ticks {
        let inputs: Vec<(_, Input)> = handles
            .iter()
            .enumerate()
            .map(|(k, &h)| (h, wandering_input(seed * 1000 + k as u64, tick, 23, 17)))
            .collect();
        let before: Vec<Body> = handles.iter().map(|&h| *sim.body(h).unwrap()).collect();
        let report = sim.step(&inputs).unwrap();
        for (k, &handle) in handles.iter().enumerate() {
            let body = sim.body(handle).unwrap();
            let mut pushes = 0.0;
            for event in report.events(handle).unwrap() {
                match event {
                    Event::PushedOut { offset, .. } => {
                        return Err(format!(
                            "tick {tick}: body {k} pushed out by {offset} from {:?}",
                            before[k].aabb
                        ));
                    }
                    Event::PushedByBody { other, offset } => {
                        let other = sim.body(*other).unwrap();
                        let reach = f64::midpoint(body.aabb.size().x, other.aabb.size().x);
                        if offset.y != 0.0 || offset.length() > reach + 1e-6 {
                            return Err(format!("tick {tick}: body {k} popped {offset} by a push"));
                        }
                        pushes += offset.length();
                    }
                    _ => {}
                }
            }
            // The body's own move along an axis a wall stopped is not in
            // its velocity (zeroed there): it is bounded by the momentum
            // it came with and what one tick's keys and jump can add
            // (a sprint jump adds 6.3 blocks a second; 8 is the bound).
            let moved = body.aabb.min - before[k].aabb.min;
            for (axis, walled) in [(0, body.touching.wall_x), (2, body.touching.wall_z)] {
                let own = if walled {
                    (before[k].momentum[axis].abs() + 8.0) * dt
                } else {
                    body.velocity[axis].abs() * dt
                };
                if moved[axis].abs() > own + pushes + 1e-6 {
                    return Err(format!(
                        "tick {tick}: body {k} moved {} along axis {axis} with {own} of its own and pushes {pushes}: {:?} -> {body:?}, {:?}",
                        moved[axis],
                        before[k],
                        report.events(handle)
                    ));
                }
            }
            let inside = overlaps_by_own_filter(sim.world(), body);
            if !inside.is_empty() {
                return Err(format!("tick {tick}: body {k} inside {inside:?}"));
            }
        }
    }
    Ok(())
}

#[test]
fn bodies_push_each_other_through_their_own_filters() {
    for seed in 0..4 {
        crowd_keeps_every_body_filter(seed, 48, 300).unwrap();
    }
}

/// A person (who passes fences) added standing on the floor with a
/// walkway through its head starts on the ground and has room to stand.
#[test]
fn add_body_and_room_to_stand_read_the_body_filter() {
    let (world, blocks) = pasture();
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    // Under the walkway's plank at y 1.75..2.0, the body 1.8 tall.
    assert_eq!(sim.world().block(IVec3::new(0, 1, 0)), blocks.plank);
    let body = Body::new(DVec3::new(0.5, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap();
    let under = sim.add_body(body);
    assert!(sim.body(under).unwrap().grounded, "grounded when added");
    // Crouched on a fence line: a person passes the fence, so stands.
    let crouched = Body::new(DVec3::new(0.5, 0.0, 4.5), Body::DEFAULT_SIZE)
        .unwrap()
        .posed(Pose::Sneaking, sim.settings())
        .with_layers(1, 1);
    let crouched = sim.add_body(crouched);
    assert!(sim.room_to_stand(crouched).unwrap());
    let mut resolver = voxwalk::resolver::Resolver::new();
    let body = *sim.body(crouched).unwrap();
    assert!(voxwalk::controller::room_to_stand(sim.world(), &mut resolver, &body).unwrap());
    // An animal there meets the fence: no room.
    let mut animal = body;
    animal.collision_mask = u32::MAX;
    assert!(!voxwalk::controller::room_to_stand(sim.world(), &mut resolver, &animal).unwrap());
    // And the next tick stands the person up, as room_to_stand said.
    sim.step(&[]).unwrap();
    assert_eq!(sim.body(crouched).unwrap().pose, Pose::Standing);
}

// ---------------------------------------------------------------------------
// Minecraft's collision order among movers.

/// A body dropped onto a mover standing still, in Minecraft's collision
/// order: it lands on the mover's top, not through it.
#[test]
fn the_vanilla_order_lands_on_a_still_mover() {
    let world = World::new();
    let mut settings = Settings::default();
    settings.collisions.vanilla_order = true;
    let mut sim = Simulation::new(world, settings).unwrap();
    let cells = (0..3).flat_map(|x| (0..3).map(move |z| (IVec3::new(x, 0, z), BlockId::STONE)));
    let mover = Mover::new(sim.world().registry(), cells, DVec3::new(-1.0, 4.0, -1.0)).unwrap();
    sim.add_mover(mover).unwrap();
    let body = sim.add_body(Body::new(DVec3::new(0.5, 8.0, 0.5), Body::MINECRAFT_SIZE).unwrap());
    for _ in 0..40 {
        sim.step(&[]).unwrap();
    }
    let feet = sim.body(body).unwrap().feet();
    assert!((feet.y - 5.0).abs() < 1e-6, "stands on the mover: {feet}");
    assert!(sim.body(body).unwrap().riding.is_some());
}

// ---------------------------------------------------------------------------
// Poses that follow the room.

/// Whether `aabb` overlaps a block of `world` beyond the touch tolerance.
fn inside_world(world: &World, aabb: &Aabb) -> bool {
    let shrunk = Aabb::new(
        aabb.min + DVec3::splat(TOUCH_TOLERANCE),
        aabb.max - DVec3::splat(TOUCH_TOLERANCE),
    );
    let mut inside = false;
    blocks_in_box(world, &shrunk, |_| inside = true).unwrap();
    inside
}

/// A ceiling of top slabs lowered by edits onto standing, crouched and
/// crawling bodies, a half block at a time down to the crawl height: each
/// body ends in the largest pose that fits under it and never above it.
#[test]
fn a_lowered_ceiling_lowers_the_pose() {
    let settings = Settings::default();
    for start in [Pose::Standing, Pose::Sneaking, Pose::Crawling] {
        let mut world = World::new();
        world.fill(IVec3::new(-4, -1, -4), IVec3::new(4, -1, 4), BlockId::STONE);
        let mut sim = Simulation::new(world, settings.clone()).unwrap();
        let sneak = Input {
            sneak: true,
            ..Input::IDLE
        };
        let input = if start == Pose::Sneaking {
            sneak
        } else {
            Input::IDLE
        };
        let body = sim.add_body(Body::new(DVec3::new(0.5, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap());
        sim.step(&[(body, input)]).unwrap();
        if start == Pose::Crawling {
            // Made to crawl by a ceiling put 1.2 over its feet.
            set_ceiling(sim.world_mut(), 1.2);
            sim.step(&[(body, input)]).unwrap();
            assert_eq!(sim.body(body).unwrap().pose, Pose::Crawling);
        }
        // Ceilings whose bottom comes down from 2.5 (from 1.2 over a body
        // crawling already) to the crawl height (0.6), in tenths.
        let highest = if start == Pose::Crawling { 12 } else { 25 };
        for tenths in (6..=highest).rev() {
            let ceiling = f64::from(tenths) / 10.0;
            set_ceiling(sim.world_mut(), ceiling);
            for _ in 0..3 {
                sim.step(&[(body, input)]).unwrap();
            }
            let b = *sim.body(body).unwrap();
            let gap = ceiling - b.aabb.min.y;
            let expected = [Pose::Standing, Pose::Sneaking, Pose::Crawling]
                .into_iter()
                .filter(|p| start != Pose::Sneaking || *p != Pose::Standing)
                .find(|p| p.height(&settings, 1.8) <= gap + TOUCH_TOLERANCE)
                .unwrap_or(Pose::Crawling);
            assert!(
                b.aabb.max.y <= ceiling + TOUCH_TOLERANCE && b.feet().y < 0.01,
                "{start:?} under {ceiling}: {b:?}"
            );
            assert!(
                !inside_world(sim.world(), &b.aabb),
                "{start:?} under {ceiling}: inside"
            );
            assert_eq!(b.pose, expected, "{start:?} under a ceiling at {ceiling}");
        }
    }
}

/// Writes a ceiling over the floor around the origin whose underside is at
/// `height` (a whole block, or a top slab from a half), clearing what is
/// below and above it.
fn set_ceiling(world: &mut World, height: f64) {
    let lo = IVec3::new(-3, 0, -3);
    let hi = IVec3::new(3, 3, 3);
    world.fill(lo, hi, BlockId::AIR);
    let whole = height.ceil() as i32;
    if height.fract() == 0.0 {
        world.fill(
            IVec3::new(-3, whole, -3),
            IVec3::new(3, whole, 3),
            BlockId::STONE,
        );
    } else if height.fract() == 0.5 {
        let cell = height.floor() as i32;
        world.fill(
            IVec3::new(-3, cell, -3),
            IVec3::new(3, cell, 3),
            BlockId::TOP_SLAB,
        );
    } else {
        // Other tenths: a registered slab of that thickness.
        let thickness = f64::from(whole) - height;
        let name = format!("ceiling_{}", (thickness * 10.0).round());
        let id = world.registry().id(&name).unwrap_or_else(|| {
            world
                .register_block(
                    BlockType::new(&name)
                        .with_box(Aabb::new(DVec3::new(0.0, 1.0 - thickness, 0.0), DVec3::ONE)),
                )
                .unwrap()
        });
        let cell = whole - 1;
        world.fill(IVec3::new(-3, cell, -3), IVec3::new(3, cell, 3), id);
    }
}

/// Below the crawl height no pose fits: the body crawls and is pushed out
/// of the ceiling as any body put inside blocks is, to the nearest free
/// place (out from under it sideways here, the ceiling being thin).
#[test]
fn below_the_crawl_height_a_body_is_pushed_out() {
    let mut world = World::new();
    world.fill(IVec3::new(-4, -1, -4), IVec3::new(4, -1, 4), BlockId::STONE);
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let body = sim.add_body(Body::new(DVec3::new(0.5, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap());
    sim.step(&[]).unwrap();
    sim.world_mut()
        .set_block(IVec3::new(0, 0, 0), BlockId::TOP_SLAB);
    let report = sim.step(&[]).unwrap();
    let b = *sim.body(body).unwrap();
    assert_eq!(b.pose, Pose::Crawling);
    assert!(!inside_world(sim.world(), &b.aabb), "{b:?}");
    assert!(
        report
            .events(body)
            .unwrap()
            .iter()
            .any(|e| matches!(e, Event::PushedOut { resolved: true, .. })),
        "{:?}",
        report.events(body)
    );
}

// ---------------------------------------------------------------------------
// Push-out from corners, edges and seams.

/// Up to 0.3 into the solids of a corner (open or under a ceiling), an edge
/// or a seam, near the
/// origin and 30 million blocks out, random sizes: no tick leaves a body
/// deeper than it was, and the first tick frees it wherever a free place is
/// within reach.
fn corner_case(
    far: bool,
    kind: u8,
    size: (f64, f64, f64),
    depth: (f64, f64, f64),
    keys: u8,
) -> Result<(), TestCaseError> {
    let base = if far {
        IVec3::new(29_999_000, 10, -29_999_000)
    } else {
        IVec3::new(0, 10, 0)
    };
    let mut world = World::new();
    let solid =
        |world: &mut World, lo: IVec3, hi: IVec3| world.fill(base + lo, base + hi, BlockId::STONE);
    // A room 6 wide with a floor, and the corner, edge or seam at its
    // low-x, low-z end.
    // The floor thick enough that no body is pushed out below it.
    solid(&mut world, IVec3::new(-3, -5, -3), IVec3::new(6, -1, 6));
    match kind % 4 {
        0 => {
            // A corner: two walls and the floor.
            solid(&mut world, IVec3::new(-3, 0, -3), IVec3::new(-1, 3, 6));
            solid(&mut world, IVec3::new(-3, 0, -3), IVec3::new(6, 3, -1));
        }
        3 => {
            // A corner under a ceiling two blocks up.
            solid(&mut world, IVec3::new(-3, 0, -3), IVec3::new(-1, 3, 6));
            solid(&mut world, IVec3::new(-3, 0, -3), IVec3::new(6, 3, -1));
            solid(&mut world, IVec3::new(0, 2, 0), IVec3::new(6, 3, 6));
        }
        1 => {
            // An edge: one wall and a low ceiling over the floor.
            solid(&mut world, IVec3::new(-3, 0, -3), IVec3::new(-1, 3, 6));
            solid(&mut world, IVec3::new(0, 2, -3), IVec3::new(6, 3, 6));
        }
        _ => {
            // A seam: two wall blocks meeting in a slot of one, a pillar
            // beside it.
            solid(&mut world, IVec3::new(-3, 0, -3), IVec3::new(-1, 3, 0));
            solid(&mut world, IVec3::new(-3, 0, 2), IVec3::new(-1, 3, 6));
            solid(&mut world, IVec3::new(1, 0, 1), IVec3::new(1, 3, 1));
        }
    }
    let size = DVec3::new(size.0, size.1, size.2);
    let corner = base.as_dvec3() + DVec3::new(0.0, 0.0, 0.0);
    let feet = corner + DVec3::new(size.x / 2.0 - depth.0, -depth.1, size.z / 2.0 - depth.2);
    let Ok(body) = Body::new(feet, size) else {
        return Ok(());
    };
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let handle = sim.add_body(body);
    let depth_of = |sim: &Simulation, aabb: &Aabb| -> f64 {
        let mut volume = 0.0;
        sim.world().for_each_solid_in(
            voxwalk::world::cell_containing(aabb.min) - IVec3::ONE,
            voxwalk::world::cell_containing(aabb.max) + IVec3::ONE,
            |cell, shape| {
                for b in shape {
                    let b = b.translated(cell.as_dvec3());
                    let overlap = (aabb.max.min(b.max) - aabb.min.max(b.min)).max(DVec3::ZERO);
                    volume += overlap.x * overlap.y * overlap.z;
                }
            },
        );
        volume
    };
    let mut overlap = depth_of(&sim, &sim.body(handle).unwrap().aabb);
    for tick in 0..8u32 {
        let input = wandering_input(u64::from(keys), u64::from(tick), 3, 5);
        let report = sim.step(&[(handle, input)]).unwrap();
        let aabb = sim.body(handle).unwrap().aabb;
        let now = depth_of(&sim, &aabb);
        prop_assert!(
            now <= overlap + 1e-12,
            "tick {tick}: overlap {overlap} -> {now} at {aabb:?}"
        );
        // Every place here has room within reach (the room is open above,
        // or low enough that crawling fits under its ceiling).
        if tick == 0 {
            prop_assert!(
                now < 1e-12,
                "not freed on the first tick: {now} at {aabb:?}, {:?}",
                report.events(handle)
            );
        }
        overlap = now;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    #[test]
    fn bodies_put_into_corners_edges_and_seams_come_out_and_never_sink(
        far in any::<bool>(),
        kind in 0u8..4,
        size in (0.3f64..1.5, 0.5f64..2.0, 0.3f64..1.5),
        depth in (0.0f64..0.3, 0.0f64..0.3, 0.0f64..0.3),
        keys in any::<u8>(),
    ) {
        corner_case(far, kind, size, depth, keys)?;
    }
}

/// A 1 × 1 × 1 body spawned 0.122 into a corner of `worlds/stuck_corner.vxw`
/// (found by a hostile-input campaign; every axis way out meets another
/// solid within reach) is freed on its first tick, near where it was.
#[test]
fn the_stuck_corner_is_freed_on_the_first_tick() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("worlds/stuck_corner.vxw");
    let world = voxwalk::formats::load(&path, voxwalk::formats::LoadOptions::default())
        .unwrap()
        .into_world()
        .unwrap();
    let feet = DVec3::new(30_000_003.378_140_938, 4.0, -29_999_997.541_235_72);
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let body = sim.add_body(Body::new(feet, DVec3::ONE).unwrap());
    assert!(inside_world(sim.world(), &sim.body(body).unwrap().aabb));
    let report = sim.step(&[]).unwrap();
    let aabb = sim.body(body).unwrap().aabb;
    assert!(!inside_world(sim.world(), &aabb), "{aabb:?}");
    let pushed = report.events(body).unwrap().iter().find_map(|e| match e {
        Event::PushedOut {
            offset,
            resolved: true,
        } => Some(*offset),
        _ => None,
    });
    let offset = pushed.expect("pushed out on the first tick");
    assert!(offset.length() < 0.2, "near where it was: {offset}");
}

// ---------------------------------------------------------------------------
// Restoring.

/// A static body restored inside a block is refused: nothing would ever
/// move it out.
#[test]
fn restore_refuses_a_static_body_inside_a_block() {
    let mut world = World::new();
    world.fill(IVec3::new(-4, -1, -4), IVec3::new(4, -1, 4), BlockId::STONE);
    world.set_block(IVec3::new(2, 0, 0), BlockId::STONE);
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let mut post = Body::new(DVec3::new(0.5, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap();
    post.mobility = Mobility::Static;
    sim.add_body(post);
    let mut state = sim.state();
    state.bodies[0].place(Aabb::from_feet(
        DVec3::new(2.5, 0.0, 0.5),
        Body::DEFAULT_SIZE,
    ));
    assert!(matches!(
        sim.restore(state.clone()),
        Err(RestoreError::StaticInside { index: 0, .. })
    ));
    state.bodies[0].place(Aabb::from_feet(
        DVec3::new(0.5, 0.0, 0.5),
        Body::DEFAULT_SIZE,
    ));
    sim.restore(state).unwrap();
}

/// A block placed into the side of a standing body, from its feet up (a
/// wall built into it), pushes it clear and leaves it standing: its eyes
/// and its box stay where they were on every tick. The build before this
/// one had it crawl for a tick after every such push-out.
#[test]
fn a_wall_placed_into_a_standing_body_leaves_it_standing() {
    let settings = Settings::default();
    for (x, wall) in [(0.9, IVec3::new(1, 0, 0)), (0.1, IVec3::new(-1, 0, 0))] {
        for tall in [1, 2] {
            let mut world = World::new();
            world.fill(IVec3::new(-4, -1, -4), IVec3::new(4, -1, 4), BlockId::STONE);
            let mut sim = Simulation::new(world, settings.clone()).unwrap();
            let body =
                sim.add_body(Body::new(DVec3::new(x, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap());
            sim.step(&[]).unwrap();
            for y in 0..tall {
                sim.world_mut()
                    .set_block(wall + IVec3::new(0, y, 0), BlockId::STONE);
            }
            let report = sim.step(&[]).unwrap();
            assert!(
                report
                    .events(body)
                    .unwrap()
                    .iter()
                    .any(|e| matches!(e, Event::PushedOut { resolved: true, .. })),
                "pushed out of the wall"
            );
            for tick in 0..5 {
                let b = *sim.body(body).unwrap();
                assert_eq!(
                    b.pose,
                    Pose::Standing,
                    "x {x}, wall {tall} high, tick {tick}"
                );
                assert!(
                    (b.height() - 1.8).abs() < 1e-9,
                    "x {x}, wall {tall} high, tick {tick}: {}",
                    b.height()
                );
                assert!(!inside_world(sim.world(), &b.aabb), "{b:?}");
                sim.step(&[]).unwrap();
            }
        }
    }
    // A block put over the head half of a body still lowers its pose: the
    // room above it shrank.
    let mut world = World::new();
    world.fill(IVec3::new(-4, -1, -4), IVec3::new(4, -1, 4), BlockId::STONE);
    let mut sim = Simulation::new(world, settings).unwrap();
    let body = sim.add_body(Body::new(DVec3::new(0.5, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap());
    sim.step(&[]).unwrap();
    sim.world_mut()
        .set_block(IVec3::new(0, 1, 0), BlockId::STONE);
    sim.step(&[]).unwrap();
    let b = *sim.body(body).unwrap();
    assert_ne!(b.pose, Pose::Standing, "{b:?}");
    assert!(!inside_world(sim.world(), &b.aabb), "{b:?}");
}

/// The one-way rule in a push between bodies (docs/blocks.md): judged at
/// the pushed body's feet as the push starts. A body falling past a
/// walkway's edge, its feet already below the top, may be shoved into the
/// lip and falls on through, never lifted onto the top; a body standing on
/// the top is pushed along it and stays on it.
#[test]
fn a_push_keeps_the_one_way_rule_at_the_feet_it_starts_from() {
    let mut world = World::new();
    let blocks = register(&mut world);
    world.fill(
        IVec3::new(-4, -1, -4),
        IVec3::new(10, -1, 4),
        BlockId::STONE,
    );
    // A walkway whose top is at y = 1 over x 0..4.
    world.fill(IVec3::new(0, 0, -1), IVec3::new(3, 0, 1), blocks.plank);
    // Falling past the edge, feet half a block below the top, pressed
    // towards the walkway by a body beside it.
    let mut sim = Simulation::new(world.clone(), Settings::default()).unwrap();
    let falling = sim.add_body(Body::new(DVec3::new(4.31, 0.5, 0.5), Body::DEFAULT_SIZE).unwrap());
    let pusher = sim.add_body(Body::new(DVec3::new(4.8, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap());
    let report = sim.step(&[]).unwrap();
    assert!(
        report
            .events(falling)
            .unwrap()
            .iter()
            .any(|e| matches!(e, Event::PushedByBody { other, .. } if *other == pusher)),
        "pushed"
    );
    let b = *sim.body(falling).unwrap();
    assert!(b.aabb.min.x < 4.0, "shoved into the lip: {b:?}");
    for tick in 0..40 {
        let b = *sim.body(falling).unwrap();
        assert!(
            b.feet().y < 1.0 - 1e-6,
            "tick {tick}: lifted onto the top: {b:?}"
        );
        assert!(
            overlaps_by_own_filter(sim.world(), &b).is_empty(),
            "tick {tick}: {b:?}"
        );
        sim.step(&[]).unwrap();
    }
    let b = *sim.body(falling).unwrap();
    assert!(
        b.grounded && b.feet().y.abs() < 1e-6,
        "fell on through to the floor: {b:?}"
    );
    // Standing on the top, pushed along it: on the top still.
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let standing = sim.add_body(Body::new(DVec3::new(3.0, 1.0, 0.5), Body::DEFAULT_SIZE).unwrap());
    sim.add_body(Body::new(DVec3::new(3.4, 1.0, 0.5), Body::DEFAULT_SIZE).unwrap());
    for tick in 0..20 {
        sim.step(&[]).unwrap();
        let b = *sim.body(standing).unwrap();
        assert!((b.feet().y - 1.0).abs() < 1e-6, "tick {tick}: {b:?}");
        assert!(b.grounded, "tick {tick}: {b:?}");
    }
    assert!(
        sim.body(standing).unwrap().feet().x < 3.0,
        "pushed along the top"
    );
}
