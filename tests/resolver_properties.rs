//! Properties of the resolver over random worlds and moves, including the
//! differential check against the literal reference resolver.
//!
//! Case counts default to a few thousand per property; set
//! `VOXWALK_PROPTEST_CASES` to run a longer campaign (e.g. `1000000`).

mod support;
use support::cases::cases;

use glam::{DVec3, IVec3};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use support::move_invariants::check_move_invariants;
use support::reference_resolver::{overlaps_solid, reference_move};
use voxwalk::block::BlockId;
use voxwalk::geometry::Aabb;
use voxwalk::resolver::{CONTACT_GAP, Motion, Resolver};
use voxwalk::world::World;

/// The random worlds: an 8×6×8 region straddling chunk borders on every axis
/// (x −4..4 crosses 0, y −3..3 crosses 0, z 12..20 crosses 16).
const REGION_LO: IVec3 = IVec3::new(-4, -3, 12);
const REGION_SIZE: IVec3 = IVec3::new(8, 6, 8);

fn block_for(roll: u8) -> BlockId {
    match roll {
        0..70 => BlockId::AIR,
        70..80 => BlockId::STONE,
        80..84 => BlockId::BRICK,
        84..88 => BlockId::SLAB,
        88..92 => BlockId::TOP_SLAB,
        92..96 => BlockId::POST,
        _ => BlockId::WATER,
    }
}

fn world_from(rolls: &[u8], shift: IVec3) -> World {
    let mut world = World::new();
    let mut i = 0;
    for x in 0..REGION_SIZE.x {
        for y in 0..REGION_SIZE.y {
            for z in 0..REGION_SIZE.z {
                world.set_block(REGION_LO + IVec3::new(x, y, z) + shift, block_for(rolls[i]));
                i += 1;
            }
        }
    }
    world
}

/// Air in every cell whose block could reach into `aabb`, so the box starts free.
fn clear_around(world: &mut World, aabb: &Aabb) {
    let lo = (aabb.min - DVec3::new(0.0, 1.0, 0.0)).floor().as_ivec3();
    let hi = aabb.max.floor().as_ivec3();
    world.fill(lo, hi, BlockId::AIR);
}

fn rolls() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(
        0u8..100,
        (REGION_SIZE.x * REGION_SIZE.y * REGION_SIZE.z) as usize,
    )
}

/// A box somewhere in the region, 0.1 to 2.5 on an edge.
fn any_box() -> impl Strategy<Value = Aabb> {
    let lo = REGION_LO.as_dvec3();
    let hi = (REGION_LO + REGION_SIZE).as_dvec3();
    (
        lo.x..hi.x,
        lo.y..hi.y,
        lo.z..hi.z,
        0.1..2.5f64,
        0.1..2.5f64,
        0.1..2.5f64,
    )
        .prop_map(|(x, y, z, w, h, d)| {
            Aabb::new(DVec3::new(x, y, z), DVec3::new(x + w, y + h, z + d))
        })
}

/// The same kind of box on a 1/8 grid, so that boxes start touching faces, meet
/// edges exactly and hit several faces at the same instant.
fn grid_box() -> impl Strategy<Value = Aabb> {
    let lo = REGION_LO * 8;
    let hi = (REGION_LO + REGION_SIZE) * 8;
    (
        lo.x..hi.x,
        lo.y..hi.y,
        lo.z..hi.z,
        1..20i32,
        1..20i32,
        1..20i32,
    )
        .prop_map(|(x, y, z, w, h, d)| {
            let min = IVec3::new(x, y, z).as_dvec3() / 8.0;
            Aabb::new(min, min + IVec3::new(w, h, d).as_dvec3() / 8.0)
        })
}

fn short_move() -> impl Strategy<Value = DVec3> {
    (-3.0..3.0f64, -3.0..3.0f64, -3.0..3.0f64).prop_map(|(x, y, z)| DVec3::new(x, y, z))
}

fn long_move() -> impl Strategy<Value = DVec3> {
    (-20.0..20.0f64, -20.0..20.0f64, -20.0..20.0f64).prop_map(|(x, y, z)| DVec3::new(x, y, z))
}

fn grid_move() -> impl Strategy<Value = DVec3> {
    (-40..40i32, -40..40i32, -40..40i32).prop_map(|(x, y, z)| IVec3::new(x, y, z).as_dvec3() / 8.0)
}

fn check_invariants(world: &World, m: &Motion, by: DVec3) -> Result<(), TestCaseError> {
    check_move_invariants(world, m, by).map_err(TestCaseError::fail)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(5000),
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]

    /// The fast resolver (chunks, segmented gathering, candidate reuse) ends where
    /// the literal one (whole swept box every pass) ends.
    #[test]
    fn agrees_with_the_literal_reference(rolls in rolls(), aabb in any_box(), by in short_move()) {
        let mut world = world_from(&rolls, IVec3::ZERO);
        clear_around(&mut world, &aabb);
        let fast = Resolver::new().move_box(&world, aabb, by).unwrap();
        let (slow, _) = reference_move(&world, aabb, by);
        let diff = (fast.end.min - slow.min).abs().max_element().max((fast.end.max - slow.max).abs().max_element());
        prop_assert!(diff < 1e-6, "fast {:?}\nslow {:?}\nhits {:?}", fast.end, slow, fast.hits);
    }

    /// No penetration, no tunnelling, at most one hit per axis, on long moves.
    #[test]
    fn long_moves_never_enter_a_solid(rolls in rolls(), aabb in any_box(), by in long_move()) {
        let mut world = world_from(&rolls, IVec3::ZERO);
        clear_around(&mut world, &aabb);
        let m = Resolver::new().move_box(&world, aabb, by).unwrap();
        check_invariants(&world, &m, by)?;
    }

    /// The same on a 1/8 grid, where contacts are exact ties: boxes start touching,
    /// meet edges and corners head-on, and hit two faces at once.
    #[test]
    fn grid_aligned_moves_never_enter_a_solid(rolls in rolls(), aabb in grid_box(), by in grid_move()) {
        let mut world = world_from(&rolls, IVec3::ZERO);
        clear_around(&mut world, &aabb);
        let m = Resolver::new().move_box(&world, aabb, by).unwrap();
        check_invariants(&world, &m, by)?;
    }

    /// A start inside solids is pushed out and then moved like any other.
    #[test]
    fn starts_inside_solids_end_outside(rolls in rolls(), aabb in any_box(), by in short_move()) {
        let mut world = world_from(&rolls, IVec3::ZERO);
        world.set_block(aabb.center().floor().as_ivec3(), BlockId::STONE);
        prop_assume!(overlaps_solid(&world, &aabb));
        let m = Resolver::new().move_box(&world, aabb, by).unwrap();
        let push = m.depenetration.expect("start overlaps, so it is reported");
        if push.resolved {
            prop_assert!(!overlaps_solid(&world, &m.end), "pushed out, yet ends inside: {:?}", m.end);
        }
    }

    /// 30 million blocks out, the same world gives the same answer to 1e-6.
    #[test]
    fn far_from_the_origin_moves_match_moves_at_the_origin(rolls in rolls(), aabb in any_box(), by in long_move()) {
        let shift = IVec3::new(30_000_000, 0, -30_000_000);
        let (mut near, mut far) = (world_from(&rolls, IVec3::ZERO), world_from(&rolls, shift));
        clear_around(&mut near, &aabb);
        clear_around(&mut far, &aabb.translated(shift.as_dvec3()));
        let a = Resolver::new().move_box(&near, aabb, by).unwrap();
        let b = Resolver::new().move_box(&far, aabb.translated(shift.as_dvec3()), by).unwrap();
        let diff = (b.end.min - shift.as_dvec3() - a.end.min).abs().max_element();
        prop_assert!(diff < 1e-6, "differs by {diff}: {:?} vs {:?}", a.end, b.end);
        prop_assert_eq!(a.blocked, b.blocked);
    }

    /// Oblique casts into flat ground of unit blocks of mixed kinds: the box rests
    /// on it and keeps all of its horizontal motion, as against a single plane.
    #[test]
    fn oblique_casts_into_a_seamed_floor_slide_like_one_plane(
        kinds in proptest::collection::vec(0usize..4, 24 * 24),
        x in -2.0..2.0f64, y in 0.5..6.0f64, z in -2.0..2.0f64,
        size in (0.2..2.0f64, 0.2..2.0f64, 0.2..2.0f64),
        dx in -8.0..8.0f64, dy in -20.0..-7.0f64, dz in -8.0..8.0f64,
    ) {
        let mut world = World::new();
        let full = [BlockId::STONE, BlockId::DIRT, BlockId::GRASS, BlockId::BRICK];
        for (i, k) in kinds.iter().enumerate() {
            world.set_block(IVec3::new(i as i32 % 24 - 12, -1, i as i32 / 24 - 12), full[*k]);
        }
        let start = Aabb::new(DVec3::new(x, y, z), DVec3::new(x + size.0, y + size.1, z + size.2));
        let by = DVec3::new(dx, dy, dz);
        let m = Resolver::new().move_box(&world, start, by).unwrap();
        prop_assert_eq!(m.end.min.y, CONTACT_GAP);
        prop_assert!((m.end.min.x - (x + dx)).abs() < 1e-9, "x lost {}", x + dx - m.end.min.x);
        prop_assert!((m.end.min.z - (z + dz)).abs() < 1e-9, "z lost {}", z + dz - m.end.min.z);
        prop_assert_eq!(m.hits.len(), 1);
    }

    /// The same against a wall of unit blocks: pressed into it, the box slides
    /// along it with all of its motion in the wall's plane.
    #[test]
    fn oblique_casts_into_a_seamed_wall_slide_like_one_plane(
        kinds in proptest::collection::vec(0usize..4, 24 * 24),
        y in -2.0..2.0f64, z in -2.0..2.0f64,
        size in (0.2..2.0f64, 0.2..2.0f64, 0.2..2.0f64),
        dx in 6.0..20.0f64, dy in -8.0..8.0f64, dz in -8.0..8.0f64,
    ) {
        let mut world = World::new();
        let full = [BlockId::STONE, BlockId::GLASS, BlockId::WOOD, BlockId::SAND];
        for (i, k) in kinds.iter().enumerate() {
            world.set_block(IVec3::new(5, i as i32 % 24 - 12, i as i32 / 24 - 12), full[*k]);
        }
        let start = Aabb::new(DVec3::new(0.0, y, z), DVec3::new(size.0, y + size.1, z + size.2));
        let m = Resolver::new().move_box(&world, start, DVec3::new(dx, dy, dz)).unwrap();
        prop_assert_eq!(m.end.max.x, 5.0 - CONTACT_GAP);
        prop_assert!((m.end.min.y - (y + dy)).abs() < 1e-9);
        prop_assert!((m.end.min.z - (z + dz)).abs() < 1e-9);
    }
}
