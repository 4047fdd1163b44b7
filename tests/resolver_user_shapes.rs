//! The resolver in worlds of random user-defined shapes: several boxes per
//! cell, boxes reaching into the neighbouring cells above, below and to the
//! sides, thin slivers, and faces on a 1/16 grid that meet exactly. It must
//! agree with the literal reference resolver and keep every invariant.
//!
//! Case counts default to a few thousand per property; set
//! `VOXWALK_PROPTEST_CASES` to run a longer campaign (e.g. `1000000`).

mod support;
use support::cases::cases;
use support::user_blocks;

use std::sync::Arc;

use glam::{DVec3, IVec3};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use support::move_invariants::check_move_invariants;
use support::reference_resolver::reference_move;
use user_blocks::registry_of_user_shapes;
use voxwalk::block::limits::MAX_SHAPE_REACH;
use voxwalk::block::{BUILT_IN_TYPES, BlockId, BlockRegistry};
use voxwalk::geometry::Aabb;
use voxwalk::resolver::{Motion, Resolver};
use voxwalk::world::World;

/// A 6×6×6 region across chunk borders on x and z.
const REGION_LO: IVec3 = IVec3::new(-3, -3, 13);
const REGION: i32 = 6;
/// How many user shapes a random registry holds.
const SHAPES: usize = 6;

/// The region filled from `rolls`: about half air, the rest user shapes and
/// now and then stone.
fn world_from(registry: &BlockRegistry, rolls: &[u8]) -> World {
    let mut world = World::with_registry(Arc::new(registry.clone()));
    let mut i = 0;
    for x in 0..REGION {
        for y in 0..REGION {
            for z in 0..REGION {
                let block = match rolls[i] {
                    0..50 => BlockId::AIR,
                    50..56 => BlockId::STONE,
                    r => BlockId((BUILT_IN_TYPES + usize::from(r) % SHAPES) as u16),
                };
                world.set_block(REGION_LO + IVec3::new(x, y, z), block);
                i += 1;
            }
        }
    }
    world
}

/// Air in every cell whose shapes could reach into `aabb`, so the box starts free.
fn clear_around(world: &mut World, aabb: &Aabb) {
    let lo = (aabb.min - DVec3::splat(1.0 + MAX_SHAPE_REACH))
        .floor()
        .as_ivec3();
    let hi = (aabb.max + DVec3::splat(MAX_SHAPE_REACH))
        .floor()
        .as_ivec3();
    world.fill(lo, hi, BlockId::AIR);
}

fn rolls() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(0u8..100, (REGION * REGION * REGION) as usize)
}

/// A box in the region on a 1/16 grid, 1/16 to 2 on an edge: it starts
/// touching faces and meets edges and corners exactly.
fn grid_box() -> impl Strategy<Value = Aabb> {
    let lo = REGION_LO * 16;
    let hi = (REGION_LO + IVec3::splat(REGION)) * 16;
    (
        lo.x..hi.x,
        lo.y..hi.y,
        lo.z..hi.z,
        1..32i32,
        1..32i32,
        1..32i32,
    )
        .prop_map(|(x, y, z, w, h, d)| {
            let min = IVec3::new(x, y, z).as_dvec3() / 16.0;
            Aabb::new(min, min + IVec3::new(w, h, d).as_dvec3() / 16.0)
        })
}

/// A box anywhere in the region, 0.1 to 2 on an edge.
fn any_box() -> impl Strategy<Value = Aabb> {
    let lo = REGION_LO.as_dvec3();
    let hi = (REGION_LO + IVec3::splat(REGION)).as_dvec3();
    (
        lo.x..hi.x,
        lo.y..hi.y,
        lo.z..hi.z,
        0.1..2.0f64,
        0.1..2.0f64,
        0.1..2.0f64,
    )
        .prop_map(|(x, y, z, w, h, d)| {
            Aabb::new(DVec3::new(x, y, z), DVec3::new(x + w, y + h, z + d))
        })
}

fn short_move() -> impl Strategy<Value = DVec3> {
    (-3.0..3.0f64, -3.0..3.0f64, -3.0..3.0f64).prop_map(|(x, y, z)| DVec3::new(x, y, z))
}

fn grid_move() -> impl Strategy<Value = DVec3> {
    (-64..64i32, -64..64i32, -64..64i32).prop_map(|(x, y, z)| IVec3::new(x, y, z).as_dvec3() / 16.0)
}

fn check_invariants(world: &World, m: &Motion, by: DVec3) -> Result<(), TestCaseError> {
    check_move_invariants(world, m, by).map_err(TestCaseError::fail)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(3000),
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]

    /// The fast resolver ends where the literal one ends, and both keep every
    /// invariant.
    #[test]
    fn user_shapes_agree_with_the_literal_reference(
        registry in registry_of_user_shapes(SHAPES), rolls in rolls(), aabb in any_box(), by in short_move(),
    ) {
        let mut world = world_from(&registry, &rolls);
        clear_around(&mut world, &aabb);
        let fast = Resolver::new().move_box(&world, aabb, by).unwrap();
        let (slow, _) = reference_move(&world, aabb, by);
        let diff = (fast.end.min - slow.min).abs().max_element().max((fast.end.max - slow.max).abs().max_element());
        prop_assert!(diff < 1e-6, "fast {:?}\nslow {:?}\nhits {:?}", fast.end, slow, fast.hits);
        check_invariants(&world, &fast, by)?;
    }

    /// On the 1/16 grid of the shapes' corners, where contacts are exact ties:
    /// boxes start touching, meet edges head-on and hit two or three faces at
    /// once. Only the invariants: the literal reference counts a face only when
    /// the box is strictly inside it on the other axes, so a box meeting a
    /// block corner-first at an exact corner passes through it there.
    #[test]
    fn user_shapes_on_their_own_grid_keep_the_invariants(
        registry in registry_of_user_shapes(SHAPES), rolls in rolls(), aabb in grid_box(), by in grid_move(),
    ) {
        let mut world = world_from(&registry, &rolls);
        clear_around(&mut world, &aabb);
        let m = Resolver::new().move_box(&world, aabb, by).unwrap();
        check_invariants(&world, &m, by)?;
    }

    /// Long moves, gathered segment by segment, through user shapes.
    #[test]
    fn long_moves_through_user_shapes_never_enter_one(
        registry in registry_of_user_shapes(SHAPES), rolls in rolls(), aabb in any_box(),
        by in (-12.0..12.0f64, -12.0..12.0f64, -12.0..12.0f64),
    ) {
        let by = DVec3::new(by.0, by.1, by.2);
        let mut world = world_from(&registry, &rolls);
        clear_around(&mut world, &aabb);
        let m = Resolver::new().move_box(&world, aabb, by).unwrap();
        check_invariants(&world, &m, by)?;
    }
}
