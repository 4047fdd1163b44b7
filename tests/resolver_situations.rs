//! The resolver in the situations it exists for, one test each, on tiny worlds.

mod support;

use glam::{BVec3, DVec3, IVec3};
use voxwalk::block::BlockId;
use voxwalk::formats::{LoadOptions, text_format};
use voxwalk::geometry::Aabb;
use voxwalk::resolver::{CONTACT_GAP, Motion, MoveError, Resolver};
use voxwalk::world::World;

const BODY: DVec3 = DVec3::new(0.6, 1.8, 0.6);

/// Moves `aabb` by `by` through `world` with a fresh resolver.
#[track_caller]
fn sweep(world: &World, aabb: Aabb, by: DVec3) -> Motion {
    Resolver::new()
        .move_box(world, aabb, by)
        .expect("valid move")
}

fn body_at(feet: DVec3) -> Aabb {
    Aabb::from_feet(feet, BODY)
}

/// A stone floor covering x, z in -n..n at y = -1 (its top at y = 0).
fn floor(n: i32) -> World {
    let mut w = World::new();
    w.fill(IVec3::new(-n, -1, -n), IVec3::new(n, -1, n), BlockId::STONE);
    w
}

fn world_file(name: &str) -> World {
    let path = format!("{}/worlds/{name}", env!("CARGO_MANIFEST_DIR"));
    voxwalk::formats::load(std::path::Path::new(&path), LoadOptions::default())
        .expect("shipped world loads")
        .into_world()
        .expect("shipped world loads")
}

#[test]
fn falling_onto_the_floor_rests_exactly_contact_gap_above_it() {
    let m = sweep(
        &floor(4),
        body_at(DVec3::new(0.5, 3.0, 0.5)),
        DVec3::new(0.0, -10.0, 0.0),
    );
    assert_eq!(m.end.min.y, CONTACT_GAP);
    assert_eq!(m.blocked, BVec3::new(false, true, false));
    let hit = m.hits.as_slice()[0];
    assert_eq!(hit.normal, DVec3::Y);
    // The time of contact with the face; the box itself stops the gap short of it.
    assert_eq!(hit.toi, 0.3);
    assert_eq!(hit.at, m.end);
}

#[test]
fn resting_position_repeats_exactly_move_after_move() {
    let w = floor(4);
    let mut r = Resolver::new();
    let mut b = r
        .move_box(
            &w,
            body_at(DVec3::new(0.5, 2.0, 0.5)),
            DVec3::new(0.0, -5.0, 0.0),
        )
        .unwrap()
        .end;
    for _ in 0..100 {
        b = r.move_box(&w, b, DVec3::new(0.0, -0.08, 0.0)).unwrap().end;
        assert_eq!(b.min.y, CONTACT_GAP);
    }
}

#[test]
fn walking_into_a_wall_stops_at_it_and_keeps_the_rest() {
    let mut w = floor(8);
    w.fill(IVec3::new(3, 0, -8), IVec3::new(3, 2, 8), BlockId::BRICK);
    let start = body_at(DVec3::new(0.5, CONTACT_GAP, 0.5));
    let m = sweep(&w, start, DVec3::new(4.0, 0.0, 1.5));
    assert_eq!(m.end.max.x, 3.0 - CONTACT_GAP);
    assert!((m.end.min.z - (start.min.z + 1.5)).abs() < 1e-12);
    assert_eq!(m.end.min.y, start.min.y);
    assert_eq!(m.blocked, BVec3::new(true, false, false));
}

#[test]
fn sliding_along_a_wall_of_unit_blocks_loses_nothing_at_seams() {
    // The wall at x = 3 is 17 separate blocks of alternating kinds.
    let mut w = floor(10);
    for z in -8..=8 {
        let kind = if z % 2 == 0 {
            BlockId::BRICK
        } else {
            BlockId::STONE
        };
        w.fill(IVec3::new(3, 0, z), IVec3::new(3, 1, z), kind);
    }
    let start = body_at(DVec3::new(2.0, CONTACT_GAP, -7.0));
    // Pressed into the wall while moving along it, with a little gravity.
    let m = sweep(&w, start, DVec3::new(1.5, -0.01, 14.0));
    let lost = start.min.z + 14.0 - m.end.min.z;
    assert!(
        lost.abs() < 1e-12,
        "tangential motion lost at a seam: {lost}"
    );
    assert_eq!(m.end.max.x, 3.0 - CONTACT_GAP);
}

#[test]
fn sliding_across_the_seams_world_floor_and_wall_matches_the_analytic_slide() {
    let w = world_file("seams.vxw");
    let start = body_at(DVec3::new(0.5, 1.0 + CONTACT_GAP, 1.5));
    // Towards the wall at z = 0 (its face at z = 1) and down into the floor, along x.
    let m = sweep(&w, start, DVec3::new(38.0, -0.5, -3.0));
    assert!((m.end.min.x - (start.min.x + 38.0)).abs() < 1e-12);
    assert_eq!(m.end.min.y, 1.0 + CONTACT_GAP);
    assert_eq!(m.end.min.z, 1.0 + CONTACT_GAP);
    assert_eq!(m.hits.len(), 2);
}

#[test]
fn ten_thousand_block_move_stops_at_the_first_wall() {
    let mut w = World::new();
    w.fill(
        IVec3::new(5000, -2, -2),
        IVec3::new(5000, 2, 2),
        BlockId::GLASS,
    );
    w.fill(
        IVec3::new(7000, -2, -2),
        IVec3::new(7000, 2, 2),
        BlockId::GLASS,
    );
    let start = Aabb::new(DVec3::splat(-0.3), DVec3::splat(0.3));
    let m = sweep(&w, start, DVec3::new(10_000.0, 0.0, 0.0));
    assert_eq!(m.end.max.x, 5000.0 - CONTACT_GAP);
    assert_eq!(m.hits.as_slice()[0].block.x, 5000);
    // The work follows the path: about one cross-section of cells per block travelled.
    assert!(m.lookups < 5000 * 12, "lookups {}", m.lookups);
}

#[test]
fn a_thin_wall_is_not_tunnelled_at_any_speed() {
    let mut w = World::new();
    w.fill(IVec3::new(0, 0, 0), IVec3::new(0, 0, 0), BlockId::SLAB);
    for speed in [0.3, 1.0, 7.5, 123.0, 99_999.0] {
        let start = Aabb::new(DVec3::new(0.25, 2.0, 0.25), DVec3::new(0.75, 2.2, 0.75));
        let m = sweep(&w, start, DVec3::new(0.0, -speed, 0.0));
        let expect = if speed < 1.5 {
            2.0 - speed
        } else {
            0.5 + CONTACT_GAP
        };
        assert!(
            (m.end.min.y - expect).abs() < 1e-12,
            "speed {speed}: ended at {}",
            m.end.min.y
        );
    }
}

#[test]
fn exact_fit_gap_lets_a_box_of_the_gap_width_through() {
    // Walls at x = -1 and x = 1; the gap between them is exactly one block wide.
    let mut w = World::new();
    w.fill(IVec3::new(-1, 0, -5), IVec3::new(-1, 2, 5), BlockId::STONE);
    w.fill(IVec3::new(1, 0, -5), IVec3::new(1, 2, 5), BlockId::STONE);
    let start = Aabb::new(DVec3::new(0.0, 0.0, -8.0), DVec3::new(1.0, 1.0, -7.0));
    let m = sweep(&w, start, DVec3::new(0.0, 0.0, 15.0));
    assert!(m.hits.is_empty());
    assert_eq!(m.end.min.z, 7.0);
}

#[test]
fn between_two_walls_a_wide_box_is_stopped_by_their_ends() {
    let mut w = World::new();
    w.fill(IVec3::new(-1, 0, 0), IVec3::new(-1, 2, 5), BlockId::STONE);
    w.fill(IVec3::new(1, 0, 0), IVec3::new(1, 2, 5), BlockId::STONE);
    let start = Aabb::new(DVec3::new(-0.1, 0.0, -4.0), DVec3::new(1.1, 1.0, -3.0));
    let m = sweep(&w, start, DVec3::new(0.0, 0.0, 10.0));
    assert_eq!(m.end.max.z, -CONTACT_GAP);
}

#[test]
fn inside_corner_blocks_both_axes_outside_corner_only_one() {
    let w = world_file("walls_and_corners.vxw");
    // Inside corner: the outer wall x = 0 meets the outer wall z = 0 (faces at 1).
    let start = body_at(DVec3::new(3.0, 1.0 + CONTACT_GAP, 3.0));
    let m = sweep(&w, start, DVec3::new(-5.0, 0.0, -5.0));
    assert_eq!(m.blocked, BVec3::new(true, false, true));
    assert_eq!(
        (m.end.min.x, m.end.min.z),
        (1.0 + CONTACT_GAP, 1.0 + CONTACT_GAP)
    );
    // Outside corner of the inner L at (4, 5): passing just below it along -z grazes nothing.
    let start = body_at(DVec3::new(3.7, 1.0 + CONTACT_GAP, 8.0));
    let m = sweep(&w, start, DVec3::new(0.0, 0.0, -5.0));
    assert!(m.hits.is_empty(), "{:?}", m.hits);
    // Moving diagonally into it: stopped on the face it meets first, slides along it.
    let start = body_at(DVec3::new(3.5, 1.0 + CONTACT_GAP, 7.5));
    let m = sweep(&w, start, DVec3::new(1.0, 0.0, -2.0));
    assert_eq!(m.blocked, BVec3::new(false, false, true));
    assert_eq!(m.end.min.z, 6.0 + CONTACT_GAP);
    assert!((m.end.min.x - (start.min.x + 1.0)).abs() < 1e-12);
}

#[test]
fn a_body_walks_the_one_wide_corridor_and_a_wide_one_does_not_fit() {
    let w = world_file("corridor.vxw");
    let mut r = Resolver::new();
    let mut b = body_at(DVec3::new(0.5, 1.0 + CONTACT_GAP, 1.5));
    for step in [
        DVec3::new(9.0, 0.0, 0.0),
        DVec3::new(0.0, 0.0, 2.0),
        DVec3::new(6.0, 0.0, 0.0),
    ] {
        let m = r.move_box(&w, b, step).unwrap();
        assert!(m.hits.is_empty(), "blocked at {:?} by {:?}", b, m.hits);
        b = m.end;
    }
    assert!((b.feet() - DVec3::new(15.5, 1.0 + CONTACT_GAP, 3.5)).length() < 1e-9);
    let wide = Aabb::from_feet(
        DVec3::new(0.5, 1.0 + CONTACT_GAP, 1.5),
        DVec3::new(0.6, 1.0, 1.2),
    );
    let stuck = r.move_box(&w, wide, DVec3::new(0.0, 0.0, 1.0)).unwrap();
    assert!(
        stuck.depenetration.is_some(),
        "a 1.2-wide box starts inside the corridor walls"
    );
}

#[test]
fn posts_reach_above_their_cell() {
    let w = world_file("slabs_and_posts.vxw");
    // Falling onto the post at (8, 1, 1): it stops at the post's top, y = 2.5.
    let small = Aabb::new(DVec3::new(8.4, 4.0, 1.4), DVec3::new(8.6, 4.5, 1.6));
    let m = sweep(&w, small, DVec3::new(0.0, -4.0, 0.0));
    assert_eq!(m.end.min.y, 2.5 + CONTACT_GAP);
    assert_eq!(m.hits.as_slice()[0].block, IVec3::new(8, 1, 1));
    // Walking into it at head height (y 2.2..): only the part above its cell is in the way.
    let head = Aabb::new(DVec3::new(7.0, 2.2, 1.3), DVec3::new(7.3, 2.4, 1.7));
    let m = sweep(&w, head, DVec3::new(2.0, 0.0, 0.0));
    assert_eq!(m.end.max.x, 8.375 - CONTACT_GAP);
}

#[test]
fn slabs_stop_at_half_height_and_top_slabs_hang_from_above() {
    let w = world_file("slabs_and_posts.vxw");
    let m = sweep(
        &w,
        body_at(DVec3::new(2.5, 3.0, 1.5)),
        DVec3::new(0.0, -3.0, 0.0),
    );
    assert_eq!(m.end.min.y, 1.5 + CONTACT_GAP);
    // Rising under the top slab at (6, 1, 3): its underside is at y = 1.5.
    let low = Aabb::new(
        DVec3::new(6.2, 1.0 + CONTACT_GAP, 3.2),
        DVec3::new(6.8, 1.3, 3.8),
    );
    let m = sweep(&w, low, DVec3::new(0.0, 1.0, 0.0));
    assert_eq!(m.end.max.y, 1.5 - CONTACT_GAP);
    assert_eq!(m.hits.as_slice()[0].normal, DVec3::NEG_Y);
}

#[test]
fn water_is_not_solid() {
    let w = text_format::parse("voxwalk-world 1\nlayer 0\n|~~~|\n").unwrap();
    let m = sweep(
        &w,
        Aabb::new(
            DVec3::new(0.0, 2.0, 0.0),
            DVec3::ONE * 0.5 + DVec3::new(0.0, 2.0, 0.0),
        ),
        DVec3::new(1.0, -5.0, 0.0),
    );
    assert!(m.hits.is_empty());
}

#[test]
fn a_box_larger_than_a_block_lands_on_bumpy_ground_and_passes_wide_gaps() {
    let mut w = floor(10);
    w.set_block(IVec3::new(1, 0, 1), BlockId::STONE); // one bump under the big box
    let big = Aabb::new(DVec3::new(-1.5, 5.0, -1.5), DVec3::new(2.5, 9.0, 2.5));
    let m = sweep(&w, big, DVec3::new(0.0, -20.0, 0.0));
    assert_eq!(m.end.min.y, 1.0 + CONTACT_GAP);
    // A 3×3×3 box through a 3-wide gap (x from -1 to 2) in a wall at z = 5: an exact fit.
    let mut w = floor(10);
    w.fill(IVec3::new(-10, 0, 5), IVec3::new(-2, 4, 5), BlockId::BRICK);
    w.fill(IVec3::new(2, 0, 5), IVec3::new(10, 4, 5), BlockId::BRICK);
    let cube = Aabb::new(
        DVec3::new(-1.0, CONTACT_GAP, 0.0),
        DVec3::new(2.0, 3.0 + CONTACT_GAP, 3.0),
    );
    let m = sweep(&w, cube, DVec3::new(0.0, -1.0, 6.0));
    assert_eq!(m.end.min.z, 6.0);
    assert_eq!(m.end.min.x, -1.0);
}

#[test]
fn a_thin_box_drops_through_a_one_wide_hole() {
    let mut w = floor(4);
    w.set_block(IVec3::new(0, -1, 0), BlockId::AIR);
    w.fill(IVec3::new(-4, -6, -4), IVec3::new(4, -6, 4), BlockId::STONE);
    let thin = Aabb::new(DVec3::new(0.4, 2.0, 0.4), DVec3::new(0.6, 2.2, 0.6));
    let m = sweep(&w, thin, DVec3::new(0.0, -10.0, 0.0));
    assert_eq!(m.end.min.y, -5.0 + CONTACT_GAP);
}

#[test]
fn a_block_placed_on_the_box_pushes_it_out_the_short_way() {
    let mut w = floor(4);
    // The body stands at x 0.2..0.8; a block at x = 0 covers most of it, the
    // shortest way out is +x (0.2 + gap) rather than up (1.0) or -x (0.8).
    w.set_block(IVec3::new(0, 0, 0), BlockId::STONE);
    let body = Aabb::new(DVec3::new(0.2, CONTACT_GAP, 0.2), DVec3::new(0.8, 1.8, 0.8));
    let m = sweep(&w, body, DVec3::new(0.0, -0.1, 0.0));
    let push = m.depenetration.expect("started inside a block");
    assert!(push.resolved);
    assert!(
        (push.offset - DVec3::new(0.8 + CONTACT_GAP, 0.0, 0.0)).length() < 1e-12,
        "{:?}",
        push.offset
    );
    assert_eq!(m.end.min.x, 1.0 + CONTACT_GAP);
    assert!(!support::reference_resolver::overlaps_solid(&w, &m.end));
}

#[test]
fn a_teleport_into_a_thick_wall_comes_out_the_nearer_side() {
    let mut w = floor(8);
    w.fill(IVec3::new(0, 0, -8), IVec3::new(2, 3, 8), BlockId::STONE);
    let inside = body_at(DVec3::new(2.6, 0.0 + CONTACT_GAP, 0.5));
    let m = sweep(&w, inside, DVec3::ZERO);
    assert_eq!(m.end.min.x, 3.0 + CONTACT_GAP);
    let buried = Aabb::new(
        DVec3::new(-20.0, -30.0, -20.0),
        DVec3::new(-19.5, -29.5, -19.5),
    );
    let mut deep = World::new();
    deep.fill(
        IVec3::new(-30, -40, -30),
        IVec3::new(-10, -20, -10),
        BlockId::STONE,
    );
    let m = sweep(&deep, buried, DVec3::new(1.0, 0.0, 0.0));
    assert_eq!(
        m.depenetration.map(|d| d.resolved),
        Some(false),
        "buried 9 blocks deep: stuck"
    );
}

#[test]
fn bad_input_is_refused_and_nothing_moves() {
    let w = floor(2);
    let ok = body_at(DVec3::new(0.5, 1.0, 0.5));
    let mut r = Resolver::new();
    let cases: [(Aabb, DVec3); 7] = [
        (ok, DVec3::new(f64::NAN, 0.0, 0.0)),
        (ok, DVec3::new(0.0, f64::INFINITY, 0.0)),
        (
            Aabb::new(DVec3::new(f64::NAN, 0.0, 0.0), DVec3::ONE),
            DVec3::X,
        ),
        (Aabb::new(DVec3::ONE, DVec3::ZERO), DVec3::X),
        (Aabb::new(DVec3::ZERO, DVec3::splat(1000.0)), DVec3::X),
        (ok, DVec3::new(0.0, 0.0, 1e12)),
        (ok.translated(DVec3::new(2e9, 0.0, 0.0)), DVec3::X),
    ];
    for (aabb, by) in cases {
        let err = r
            .move_box(&w, aabb, by)
            .expect_err("bad input must be refused");
        assert!(!err.to_string().is_empty());
        assert!(matches!(
            err,
            MoveError::NonFiniteBox { .. }
                | MoveError::NonFiniteDisplacement { .. }
                | MoveError::InvertedBox { .. }
                | MoveError::BoxTooLarge { .. }
                | MoveError::DisplacementTooLarge { .. }
                | MoveError::BoxOutOfRange { .. }
        ));
    }
    // Corners at infinity, both at the same one (a NaN size) or spanning
    // everything (an infinite size), are named as such.
    let inf = DVec3::splat(f64::INFINITY);
    for aabb in [
        Aabb::new(inf, inf),
        Aabb::new(-inf, -inf),
        Aabb::new(-inf, inf),
        Aabb::new(DVec3::ZERO, DVec3::new(1.0, f64::NAN, 1.0)),
    ] {
        let err = r.move_box(&w, aabb, DVec3::X).expect_err("refused");
        assert!(
            matches!(err, MoveError::NonFiniteBox { .. }),
            "{aabb:?}: {err}"
        );
    }
}

#[test]
fn the_far_away_world_behaves_like_the_one_at_the_origin() {
    let near = world_file("walls_and_corners.vxw");
    let far = world_file("far_away.vxw");
    let shift = DVec3::new(30_000_000.0, 0.0, -30_000_000.0);
    let moves = [
        (
            DVec3::new(2.5, 1.0 + CONTACT_GAP, 2.5),
            DVec3::new(7.3, -0.3, 4.1),
        ),
        (DVec3::new(6.0, 3.0, 7.0), DVec3::new(-9.0, -4.0, -9.0)),
        (DVec3::new(3.3, 1.5, 8.8), DVec3::new(1.0, 0.0, -5.0)),
    ];
    for (feet, by) in moves {
        let a = sweep(&near, body_at(feet), by);
        let b = sweep(&far, body_at(feet + shift), by);
        let diff = (b.end.min - shift) - a.end.min;
        assert!(
            diff.abs().max_element() < 1e-6,
            "moved {by}: differs by {diff}"
        );
        assert_eq!(a.blocked, b.blocked);
        assert_eq!(a.hits.len(), b.hits.len());
    }
}

#[test]
fn a_box_pulled_back_to_the_gap_still_sees_the_blocks_behind_it() {
    // A 1-wide box touching a block's edge at (1, 2, 12) moves into it diagonally;
    // placing it the gap short on x pulls it back towards the block at (-1, 2, 12),
    // which must then stop its z motion (found by the long property campaign).
    let mut w = World::new();
    w.set_block(IVec3::new(-1, 2, 12), BlockId::STONE);
    w.set_block(IVec3::new(1, 2, 12), BlockId::STONE);
    let start = Aabb::new(DVec3::new(0.0, 2.0, 13.0), DVec3::new(1.0, 2.125, 13.125));
    let m = sweep(&w, start, DVec3::new(0.125, 0.0, -0.125));
    assert!(
        !support::reference_resolver::overlaps_solid(&w, &m.end),
        "ends inside: {:?}",
        m.end
    );
    assert_eq!(m.end.min.z, 13.0 + CONTACT_GAP);
}

#[test]
fn the_largest_body_is_not_refused_for_the_rounding_of_its_own_moves() {
    let w = World::new();
    let mut r = Resolver::new();
    // 64 wide as rounding far from the origin leaves it (64.000000000000014,
    // one unit in the last place more): still a 64 box.
    let min = DVec3::new(3.0e7, 10.0, 0.5);
    let rounded = Aabb::new(min, min + DVec3::new(64.0f64.next_up(), 1.8, 0.6));
    assert!(r.move_box(&w, rounded, DVec3::X).is_ok());
    // A box truly larger than the limit still is refused.
    let larger = Aabb::new(min, min + DVec3::new(64.001, 1.8, 0.6));
    assert!(matches!(
        r.move_box(&w, larger, DVec3::X),
        Err(MoveError::BoxTooLarge { .. })
    ));
}
