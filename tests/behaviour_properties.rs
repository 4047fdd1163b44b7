//! Block behaviours under random worlds: random behaviour blocks never let a
//! body into a block and replay bit for bit.

mod support;
use support::controls;

use controls::{cases, run_script};
use glam::{DVec3, IVec3};
use proptest::prelude::*;
use support::reference_resolver::overlaps_solid;
use support::terrain::bumpy_terrain;
use voxwalk::controller::Body;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(256)))]

    /// Random behaviour blocks (ladders of any shape, liquids of both kinds
    /// and every level, waterlogged slabs, bubble columns both ways, ice,
    /// slime, honey, cobwebs with random numbers in their ranges) scattered
    /// over rough
    /// terrain, random keys and body sizes: the body is never inside a block
    /// after a tick, stays finite, and replays bit for bit.
    #[test]
    fn random_behaviours_never_enter_blocks_and_replay_exactly(
        kinds in proptest::collection::vec((0u8..9, 0.0f64..1.0, 0.0f64..1.0, any::<bool>()), 1..6),
        placements in proptest::collection::vec((0i32..24, 0i32..8, 0i32..24, 0usize..6), 10..120),
        start in (4.0f64..20.0, 4.0f64..20.0),
        segments in proptest::collection::vec((1u64..15, 0u16..16384), 1..12),
        size in prop_oneof![Just(Body::DEFAULT_SIZE), Just(DVec3::new(0.3, 0.3, 0.3)), Just(DVec3::new(1.7, 2.2, 1.7))],
    ) {
        use voxwalk::geometry::Aabb;
        use voxwalk::block::{BlockType, PropertyValue::{Flag, Number}};
        let mut world = bumpy_terrain(24, 24);
        let mut ids = Vec::new();
        for (i, &(kind, a, b, solid)) in kinds.iter().enumerate() {
            let name = format!("b{i}");
            let slab = Aabb::new(DVec3::ZERO, DVec3::new(1.0, 0.5 + 0.5 * a, 1.0));
            let block = match kind {
                0 => BlockType::new(name).with_box(Aabb::new(DVec3::new(0.8, 0.0, 0.0), DVec3::ONE))
                    .with_property("climbable", Flag(true)),
                1 => BlockType::new(name).passable()
                    .with_property("liquid_drag", Number(0.05 + 0.95 * a))
                    .with_property("liquid_gravity", Number(b)),
                2 => BlockType::new(name).with_box(slab)
                    .with_property("slipperiness", Number(0.1 + 0.9 * a)),
                3 => BlockType::new(name).with_box(slab)
                    .with_property("bounce", Number(a))
                    .with_property("bounce_undamped", Flag(solid))
                    .with_property("slipperiness", Number(0.1 + 0.9 * b)),
                // Honey-like where `solid`: inset sides a body slides down.
                4 if solid => BlockType::new(name)
                    .with_box(Aabb::new(DVec3::new(0.0625, 0.0, 0.0625), DVec3::new(0.9375, 0.9375, 0.9375)))
                    .with_property("speed_factor", Number(a))
                    .with_property("wall_slide", Flag(true)),
                4 => BlockType::new(name).with_box(slab)
                    .with_property("speed_factor", Number(a))
                    .with_property("jump_factor", Number(b)),
                5 => BlockType::new(name).passable()
                    .with_property("stuck_horizontal", Number(0.01 + 0.99 * a))
                    .with_property("stuck_vertical", Number(0.01 + 1.99 * b))
                    .with_property("stuck_at_feet", Flag(solid)),
                6 => {
                    let block = BlockType::new(name).with_property("climbable", Flag(true));
                    if solid { block.with_box(slab) } else { block.passable() }
                }
                7 => {
                    // A liquid of either kind at any level, waterlogged in a
                    // slab where `solid`: its flow pushes.
                    let block = BlockType::new(name)
                        .with_property("liquid_drag", Number(0.05 + 0.95 * a))
                        .with_property("liquid_level", Number((15.0 * b).floor()))
                        .with_property("lava", Flag(a > 0.5));
                    if solid { block.with_box(slab) } else { block.passable() }
                }
                _ => BlockType::new(name).passable()
                    .with_property("liquid_drag", Number(0.8))
                    .with_property("bubble_column", Number(if solid { -1.0 } else { 1.0 })),
            };
            ids.push(world.register_block(block).unwrap());
        }
        for &(x, dy, z, which) in &placements {
            let ground = support::terrain::height_at(x, z);
            world.set_block(IVec3::new(x, ground + 1 + dy, z), ids[which % ids.len()]);
        }
        let first = run_script(&world, start, size, &segments);
        for (tick, body) in first.iter().enumerate() {
            prop_assert!(body.aabb.min.is_finite() && body.velocity.is_finite());
            prop_assert!(!overlaps_solid(&world, &body.aabb), "tick {tick}: {:?} inside a block", body.aabb);
        }
        prop_assert_eq!(first, run_script(&world, start, size, &segments));
    }
}
