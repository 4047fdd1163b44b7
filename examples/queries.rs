//! Asking the world questions besides "where does this body stop": the block
//! under a cursor ray (a voxel DDA over the real block shapes), the blocks a
//! blast sphere reaches, and whether a box-shaped space is free to stand in.
//!
//! `cargo run --example queries`

use voxwalk::block::BlockId;
use voxwalk::geometry::Aabb;
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::resolver::{blocks_in_box, blocks_in_sphere, cast_ray};
use voxwalk::world::World;

fn main() {
    let mut world = World::new();
    world.fill(
        IVec3::new(-16, -4, -16),
        IVec3::new(16, -1, 16),
        BlockId::STONE,
    );
    world.fill(IVec3::new(-16, 0, 5), IVec3::new(16, 0, 5), BlockId::SLAB); // a slab kerb
    world.set_block(IVec3::new(0, 0, 10), BlockId::POST);

    // Picking: the eye at head height looks down the +z axis and a little down.
    let eye = DVec3::new(0.5, 1.62, 0.5);
    let look = DVec3::new(0.0, -0.3, 1.0);
    match cast_ray(&world, eye, look, 20.0).expect("a valid ray") {
        Some(hit) => println!(
            "the cursor is on {} at {} ({:.2} blocks away), face {:?}",
            world.registry().name(world.block(hit.block)),
            hit.block,
            hit.distance,
            hit.normal
        ),
        None => println!("the cursor points at the sky"),
    }
    let hit = cast_ray(&world, eye, look, 20.0)
        .expect("a valid ray")
        .expect("the ray meets the kerb");
    assert_eq!(world.block(hit.block), BlockId::SLAB);
    assert_eq!(hit.normal, DVec3::NEG_Z, "the kerb's near side");
    // Aimed higher, the ray passes over the kerb and meets the post's side.
    let over = cast_ray(&world, DVec3::new(0.5, 0.75, 0.5), DVec3::Z, 20.0)
        .expect("a valid ray")
        .expect("the ray meets the post");
    assert_eq!(over.block, IVec3::new(0, 0, 10));
    println!(
        "at knee height the ray clears the kerb and meets the post at z = {:.3}",
        over.point.z
    );

    // A blast of radius 3 where the cursor is: clear what it reaches.
    let mut crater = Vec::new();
    blocks_in_sphere(&world, hit.point, 3.0, |cell| crater.push(cell)).expect("a valid sphere");
    for &cell in &crater {
        world.set_block(cell, BlockId::AIR);
    }
    println!("the blast clears {} blocks", crater.len());
    assert!(!crater.is_empty());
    assert_eq!(world.block(hit.block), BlockId::AIR);

    // Is there room to stand a body at the blast's centre now? A box query.
    let body = Aabb::from_feet(DVec3::new(0.5, 0.0, 5.5), DVec3::new(0.6, 1.8, 0.6));
    let mut in_the_way = Vec::new();
    blocks_in_box(&world, &body, |cell| in_the_way.push(cell)).expect("a valid box");
    println!("blocks in the way of a body at the crater: {in_the_way:?}");
    assert!(in_the_way.is_empty(), "the blast cleared the space");
}
