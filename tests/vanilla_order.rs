//! The vanilla collision order (`resolver::collide_vanilla`) against a port
//! of the client's code written apart from it (`support/vanilla_client.rs`:
//! shapes as grids, as the client holds them). Random worlds
//! of vanilla shapes (full blocks, slabs, stairs, fences and walls that reach
//! 1.5 up, snow layers, carpets, chests), random boxes and moves, tiny moves
//! among them (the 10⁻⁷ tolerances): the same movement to the bit, and no
//! box ends inside a block.

mod support;

use glam::DVec3;
use proptest::prelude::*;
use support::vanilla_client;
use support::vanilla_worlds::{ends_inside, registry, world_of};
use voxwalk::geometry::Aabb;
use voxwalk::resolver::{VanillaColliders, collide_vanilla};

/// A displacement component: walking-sized, falls, sixteenths (so boxes
/// come to touch faces exactly, where the tolerances decide), and the tiny
/// values the client's 10⁻⁷ tolerances treat apart.
fn component() -> impl Strategy<Value = f64> {
    prop_oneof![
        4 => -1.0f64..1.0,
        3 => (-24i32..=24).prop_map(|k| f64::from(k) / 16.0),
        1 => Just(0.0),
        1 => (-3i32..=3).prop_map(|k| f64::from(k) * 4.0e-8),
        1 => -4.0f64..-1.0,
    ]
}

/// A coordinate of the start, on the sixteenths grid half the time.
fn coordinate(range: std::ops::Range<f64>) -> impl Strategy<Value = f64> {
    let (lo, hi) = ((range.start * 16.0) as i32, (range.end * 16.0) as i32);
    prop_oneof![range, (lo..hi).prop_map(|k| f64::from(k) / 16.0)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("VOXWALK_PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(2000)
    ))]

    #[test]
    fn the_vanilla_order_is_the_clients_to_the_bit(
        cells in proptest::collection::vec(0u8..32, 256),
        feet in (coordinate(0.3..7.7), coordinate(0.0..6.0), coordinate(0.3..7.7)),
        size in (coordinate(0.2..1.4), coordinate(0.3..2.2)),
        moves in proptest::collection::vec((component(), component(), component(), any::<bool>(), any::<bool>()), 1..12),
    ) {
        let (registry, ids) = registry();
        let world = world_of(&cells, &ids, &registry);
        let mut aabb = Aabb::from_feet(DVec3::new(feet.0, feet.1, feet.2), DVec3::new(size.0, size.1, size.0));
        // A box that starts inside a block is lifted above the blocks.
        if ends_inside(&world, &aabb) {
            aabb = aabb.translated(DVec3::new(0.0, 4.5 - aabb.min.y, 0.0));
        }
        let mut colliders = VanillaColliders::default();
        for (x, y, z, on_ground, diagonal) in moves {
            // Now and then as far along z as along x: the axis order's tie.
            let movement = DVec3::new(x, y, if diagonal { x.abs() * z.signum() } else { z });
            let ours = collide_vanilla(&world, &aabb, movement, on_ground, 0.6, &mut colliders).unwrap().movement;
            let theirs = vanilla_client::collide(&world, &aabb, movement, on_ground, 0.6);
            prop_assert_eq!(ours.to_array().map(f64::to_bits), theirs.to_array().map(f64::to_bits),
                "{:?} by {:?}: {:?} against the client's {:?}", aabb, movement, ours, theirs);
            aabb = aabb.translated(ours);
            prop_assert!(!ends_inside(&world, &aabb), "ended inside a block at {:?}", aabb);
        }
    }
}
