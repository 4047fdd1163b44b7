//! Block types a game registers from code: their boxes, whether bodies
//! collide with them, how they look and what behaviours read.
//!
//! A low wall a body cannot step onto but can jump, a thin carpet it walks
//! over, a tall grass it walks through, and a fence post with its half-block
//! collar above the cell, which no jump clears.
//!
//! `cargo run --example custom_blocks`

use voxwalk::block::{BlockId, BlockType, PropertyValue};
use voxwalk::controller::{Body, Event, Input, Settings, Simulation};
use voxwalk::geometry::Aabb;
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::world::World;

fn main() {
    let mut world = World::new();
    let low_wall = world
        .register_block(
            BlockType::new("low_wall")
                .with_box(Aabb::new(DVec3::ZERO, DVec3::new(1.0, 0.75, 1.0)))
                .with_colour([150, 150, 140]),
        )
        .expect("a valid type");
    let carpet = world
        .register_block(
            BlockType::new("carpet")
                .with_box(Aabb::new(DVec3::ZERO, DVec3::new(1.0, 1.0 / 16.0, 1.0)))
                .with_colour([160, 40, 40])
                .with_property("slipperiness", PropertyValue::Number(0.6)),
        )
        .expect("a valid type");
    let grass = world
        .register_block(
            BlockType::new("tall_grass")
                .with_box(Aabb::new(
                    DVec3::new(0.1, 0.0, 0.1),
                    DVec3::new(0.9, 0.8, 0.9),
                ))
                .passable()
                .with_glyph('"'),
        )
        .expect("a valid type");
    let fence = world
        .register_block(BlockType::new("fence_post").with_box(Aabb::new(
            DVec3::new(0.375, 0.0, 0.375),
            DVec3::new(0.625, 1.5, 0.625),
        )))
        .expect("a valid type");
    println!(
        "registered {} types; the shapes reach {:?} out of their cells",
        world.registry().len(),
        world.registry().reach()
    );

    // A lane along +x: carpet, grass, a low wall, then a fence across the lane.
    world.fill(IVec3::new(0, 0, -1), IVec3::new(40, 0, 1), BlockId::STONE);
    world.fill(IVec3::new(4, 1, -1), IVec3::new(7, 1, 1), carpet);
    world.fill(IVec3::new(10, 1, -1), IVec3::new(12, 1, 1), grass);
    world.fill(IVec3::new(16, 1, -1), IVec3::new(16, 1, 1), low_wall);
    world.fill(IVec3::new(30, 1, -1), IVec3::new(30, 1, 1), fence);

    let mut sim = Simulation::new(world, Settings::default()).expect("default settings are valid");
    let walker = sim
        .add_body(Body::new(DVec3::new(0.5, 1.0, 0.5), Body::DEFAULT_SIZE).expect("a valid body"));
    let mut stepped = 0;
    let mut max_x: f64 = 0.0;
    for tick in 0..200 {
        let x = sim.body(walker).expect("still there").feet().x;
        // Jump when the low wall is just ahead; walk east the whole time.
        let input = Input {
            east: true,
            jump: (14.5..15.5).contains(&x),
            ..Input::IDLE
        };
        let report = sim
            .step(&[(walker, input)])
            .expect("the move stays in range");
        stepped += report
            .events(walker)
            .expect("still there")
            .iter()
            .filter(|e| matches!(e, Event::Stepped { .. }))
            .count();
        max_x = max_x.max(sim.body(walker).expect("still there").aabb.max.x);
        if tick % 40 == 0 {
            println!("tick {tick:3}: x = {x:.2}");
        }
    }
    let body = sim.body(walker).expect("still there");
    println!(
        "stepped {stepped} times (onto the carpet), ended at x = {:.3}, stopped by the fence post",
        body.feet().x
    );
    assert!(stepped >= 1, "the carpet is climbed by a step");
    assert!(max_x > 17.0, "the low wall is jumped");
    assert!(body.aabb.max.x <= 30.375, "the fence post stops the body");
}
