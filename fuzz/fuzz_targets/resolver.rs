//! Any move in any small world, out to the resolver's limits: an error for a move
//! it refuses, never a panic; for a move from a free start within the promised
//! range (|coordinate| ≤ 3·10⁷, edges ≤ 64), the invariants of the resolver:
//!
//! - the end box overlaps no solid box;
//! - every straight piece of the path it reports (start, each contact, end) is
//!   free of solids;
//! - at most one hit per axis, in time order, in `[0, 1]`; no truncation;
//! - the box keeps its size.
//!
//! Overlaps are measured with the touch tolerance plus the rounding of the
//! coordinates involved (a few units in the last place): 30 million blocks
//! out, one unit in the last place is 3.7e-9, above the tolerance itself.
#![no_main]

use glam::{DVec3, IVec3};
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
#[path = "../../tests/support/mod.rs"]
mod support;
use support::motion_path::{hits_in_order, path};
use support::reference_resolver::passes_through;
use voxwalk::geometry::Aabb;
use voxwalk::resolver::{EDGE_ROUNDING, Resolver, TOUCH_TOLERANCE};
use voxwalk::resolver::limits::{MAX_BOX_EDGE, MAX_COORDINATE, MAX_DISPLACEMENT};
use voxwalk::block::BlockId;
use voxwalk::world::World;

/// The solids lie in a 6×6×6 region whose corner the input chooses.
const REGION: i32 = 6;
/// The range the resolver promises the same answer in as at the origin.
const PROMISED: f64 = 3.0e7;

struct Case {
    world: World,
    solids: Vec<Aabb>,
    aabb: Aabb,
    by: DVec3,
}

fn block_for(roll: u8) -> BlockId {
    match roll % 100 {
        0..65 => BlockId::AIR,
        65..78 => BlockId::STONE,
        78..84 => BlockId::SLAB,
        84..90 => BlockId::TOP_SLAB,
        90..96 => BlockId::POST,
        _ => BlockId::WATER,
    }
}

/// A number near the region: mostly in it, sometimes anything at all.
fn coordinate(u: &mut Unstructured, around: f64) -> Result<f64> {
    Ok(match u.int_in_range(0..=9u8)? {
        0 => u.arbitrary::<f64>()?,
        1 => around + f64::from(u.int_in_range(-16 * 8..=16 * 8i32)?) / 8.0,
        _ => around + f64::from(u.int_in_range(-4_000_000..=4_000_000i32)?) * 2.5e-6,
    })
}

fn edge(u: &mut Unstructured) -> Result<f64> {
    Ok(match u.int_in_range(0..=9u8)? {
        0 => u.arbitrary::<f64>()?,
        1 => f64::from(u.int_in_range(0..=1000u16)?) * 1e-5,
        2 => f64::from(u.int_in_range(0..=70u8)?),
        3 => f64::from(u.int_in_range(1..=64 * 8u16)?) / 8.0,
        _ => 0.1 + f64::from(u.int_in_range(0..=24_000u16)?) * 1e-4,
    })
}

fn component(u: &mut Unstructured) -> Result<f64> {
    Ok(match u.int_in_range(0..=9u8)? {
        0 => u.arbitrary::<f64>()?,
        1 => f64::from(u.int_in_range(-80..=80i8)?) / 8.0,
        2 => f64::from(u.int_in_range(-1000..=1000i16)?),
        3 => 0.0,
        _ => f64::from(u.int_in_range(-1_000_000..=1_000_000i32)?) * 1e-5,
    })
}

fn case(u: &mut Unstructured) -> Result<Case> {
    let reach: i32 = match u.int_in_range(0..=3u8)? {
        0 => 1_000_000_000,
        1 => PROMISED as i32,
        _ => 40,
    };
    let corner = IVec3::new(
        u.int_in_range(-reach..=reach)?,
        u.int_in_range(-40..=40)?,
        u.int_in_range(-reach..=reach)?,
    );
    let mut world = World::new();
    let mut solids = Vec::new();
    for x in 0..REGION {
        for y in 0..REGION {
            for z in 0..REGION {
                let cell = corner + IVec3::new(x, y, z);
                let block = block_for(u.arbitrary()?);
                world.set_block(cell, block);
                for shape in world.registry().collision_shape(block) {
                    solids.push(shape.translated(cell.as_dvec3()));
                }
            }
        }
    }
    let middle = corner.as_dvec3() + DVec3::splat(f64::from(REGION) / 2.0);
    let min = DVec3::new(
        coordinate(u, middle.x)?,
        coordinate(u, middle.y)?,
        coordinate(u, middle.z)?,
    );
    let size = DVec3::new(edge(u)?, edge(u)?, edge(u)?);
    let by = DVec3::new(component(u)?, component(u)?, component(u)?);
    Ok(Case {
        world,
        solids,
        aabb: Aabb::new(min, min + size),
        by,
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(Case {
        world,
        solids,
        aabb,
        by,
    }) = case(&mut Unstructured::new(data))
    else {
        return;
    };
    let Ok(m) = Resolver::new().move_box(&world, aabb, by) else {
        // Refused: the box or the move was not finite or out of the limits.
        let fine = aabb.min.is_finite()
            && aabb.max.is_finite()
            && by.is_finite()
            && aabb.size().cmpge(DVec3::ZERO).all()
            && aabb.size().max_element() <= MAX_BOX_EDGE + EDGE_ROUNDING
            && by.abs().max_element() <= MAX_DISPLACEMENT
            && aabb.min.abs().max(aabb.max.abs()).max_element() + by.abs().max_element()
                <= MAX_COORDINATE;
        assert!(
            !fine,
            "a move within the limits was refused: {aabb:?} by {by:?}"
        );
        return;
    };
    assert!(m.end.min.is_finite() && m.end.max.is_finite(), "{m:?}");
    let reach = aabb.min.abs().max(aabb.max.abs()).max_element() + by.abs().max_element();
    if reach > PROMISED || aabb.size().min_element() < 1e-3 {
        return;
    }
    // The touch tolerance plus a few units in the last place of these coordinates.
    let tol = TOUCH_TOLERANCE + 8.0 * f64::EPSILON * reach.max(1.0);
    let free = |b: &Aabb| !solids.iter().any(|s| b.overlaps_beyond(s, tol));
    if !free(&aabb) {
        assert!(
            m.depenetration.is_some(),
            "started inside, not pushed out: {m:?}"
        );
        return;
    }
    if solids
        .iter()
        .any(|s| aabb.overlaps_beyond(s, TOUCH_TOLERANCE))
    {
        // Inside by less than the rounding here: either answer is right.
        return;
    }
    assert!(m.depenetration.is_none(), "pushed out of nothing: {m:?}");
    assert!(free(&m.end), "ends inside a solid: {m:?}");
    for pair in path(&m, by).windows(2) {
        let d = pair[1].min - pair[0].min;
        assert!(
            !solids.iter().any(|s| passes_through(&pair[0], d, s, tol)),
            "{:?} -> {:?} passes through a solid: {m:?}",
            pair[0],
            pair[1]
        );
    }
    assert!(!m.truncated, "{m:?}");
    if let Err(wrong) = hits_in_order(&m) {
        panic!("{wrong}: {m:?}");
    }
    let resized = (m.end.size() - aabb.size()).abs().max_element();
    assert!(resized <= tol, "the box changed size by {resized}: {m:?}");
});
