//! Random block types as users define them, for property tests: several boxes,
//! boxes reaching out of the cell on every side, thin slivers, and corners on a
//! 1/16 grid so that faces of neighbouring blocks meet exactly.

#![allow(dead_code)]

use glam::DVec3;
use proptest::prelude::*;
use voxwalk::block::limits::MIN_BOX_THICKNESS;
use voxwalk::block::{BlockRegistry, BlockType, PropertyValue};
use voxwalk::geometry::Aabb;

/// One side of a box on one axis: a 1/16-grid interval inside the allowed reach
/// (−0.5..=1.5), or now and then a sliver of the thinnest allowed thickness.
fn extent() -> impl Strategy<Value = (f64, f64)> {
    prop_oneof![
        8 => (-8i32..24, 1i32..16).prop_map(|(lo, len)| {
            let hi = (lo + len).min(24);
            (f64::from(lo) / 16.0, f64::from(hi) / 16.0)
        }),
        1 => (-8i32..24).prop_map(|lo| {
            let lo = f64::from(lo) / 16.0;
            (lo, lo + MIN_BOX_THICKNESS)
        }),
    ]
}

/// One box of a user shape.
pub fn user_box() -> impl Strategy<Value = Aabb> {
    (extent(), extent(), extent())
        .prop_map(|(x, y, z)| Aabb::new(DVec3::new(x.0, y.0, z.0), DVec3::new(x.1, y.1, z.1)))
}

/// A solid block type named `name` of one to four random boxes.
pub fn user_shape(name: String) -> impl Strategy<Value = BlockType> {
    proptest::collection::vec(user_box(), 1..=4).prop_map(move |boxes| {
        let mut block = BlockType::new(name.clone());
        block.boxes = boxes;
        block
    })
}

/// A registry of the built-ins and `count` random solid user shapes (ids 13…).
pub fn registry_of_user_shapes(count: usize) -> impl Strategy<Value = BlockRegistry> {
    let shapes: Vec<_> = (0..count)
        .map(|i| user_shape(format!("shape_{i}")))
        .collect();
    shapes.prop_map(|shapes| {
        let mut registry = BlockRegistry::new();
        for shape in shapes {
            registry
                .register(shape)
                .expect("generated shapes are valid");
        }
        registry
    })
}

/// Any valid block type: a name of awkward characters, any boxes (or none when
/// passable), a colour, sometimes a glyph, numbers and flags as properties.
pub fn any_block_type() -> impl Strategy<Value = BlockType> {
    let name = "[a-z][a-z0-9_:./\\[\\]=,-]{0,20}";
    let property = (
        "custom\\.[a-z][a-z_]{0,10}",
        prop_oneof![
            any::<bool>().prop_map(PropertyValue::Flag),
            (-1e6..1e6f64).prop_map(PropertyValue::Number),
            Just(PropertyValue::Number(0.1 + 0.2)),
        ],
    );
    (
        name,
        any::<bool>(),
        proptest::collection::vec(user_box(), 0..=4),
        any::<[u8; 3]>(),
        proptest::option::of(proptest::char::range('!', '~')),
        proptest::collection::vec(property, 0..4),
    )
        .prop_map(|(name, solid, boxes, colour, glyph, properties)| {
            let mut block = BlockType::new(name);
            block.solid = solid && !boxes.is_empty();
            block.boxes = boxes;
            block.look.colour = colour;
            block.look.glyph = glyph;
            for (key, value) in properties {
                block.properties.set(key, value);
            }
            block
        })
}
