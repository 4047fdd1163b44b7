//! Auto-step: climbing a low ledge (a slab) without jumping.

use super::body_view::BodyView;
use glam::{BVec3, DVec3};

use crate::geometry::Aabb;
use crate::resolver::{Motion, MoveError, Resolver, TOUCH_TOLERANCE};
use crate::world::BlockSource;

/// How much farther than the plain move's height the climb's down move looks
/// for a floor: more than the resolver's contact gap, so the floor the body
/// stood on is found.
const LANDING_MARGIN: f64 = 1e-6;

/// A climb that got the body farther than walking into the ledge did.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Step {
    /// Where the body ends, standing on the ledge.
    pub end: Aabb,
    /// Horizontal axes still blocked after climbing (a wall beyond the ledge).
    pub blocked: BVec3,
    /// How much higher the body ends than the move without stepping would have
    /// left it.
    pub height: f64,
}

/// Tries the move `displacement` from `start` again as three moves — up by
/// `step_height` (a ceiling cuts this short, so stepping never pushes a body into
/// one), across, and down until it lands — and keeps the climb when it lands on
/// something and covers more horizontal ground than `plain`, the move without
/// stepping.
pub(crate) fn step_up<W: BlockSource>(
    world: &BodyView<'_, W>,
    resolver: &mut Resolver,
    start: &Aabb,
    displacement: DVec3,
    step_height: f64,
    plain: &Motion,
) -> Result<Option<Step>, MoveError> {
    let up = resolver.move_box(world, *start, DVec3::new(0.0, step_height, 0.0))?;
    let raised = up.end.min.y - start.min.y;
    if raised <= 0.0 {
        return Ok(None);
    }
    let across = resolver.move_box(
        world,
        up.end,
        DVec3::new(displacement.x, 0.0, displacement.z),
    )?;
    // Down no lower than the plain move ends (a step climbs, it never goes
    // down: with a long tick the tick's fall would otherwise carry the body
    // off a ledge as a "step"), and a hair farther so a floor at that height is
    // met rather than missed by the contact gap.
    let lowest = plain.end.min.y.min(start.min.y) - LANDING_MARGIN;
    let down = resolver.move_box(
        world,
        across.end,
        DVec3::new(0.0, lowest - up.end.min.y, 0.0),
    )?;
    if !down.blocked.y || down.end.min.y < plain.end.min.y {
        // Nothing to stand on up there: the climb would leave the body in the air.
        return Ok(None);
    }
    let gained = |b: &Aabb| {
        let d = b.min - start.min;
        crate::math::hypot(d.x, d.z)
    };
    // Farther by more than rounding: a climb that ends back where the plain
    // move did (a wall too tall to step onto) differs from it by an ulp or
    // two, and is no climb.
    if gained(&down.end) <= gained(&plain.end) + TOUCH_TOLERANCE {
        return Ok(None);
    }
    Ok(Some(Step {
        end: down.end,
        blocked: BVec3::new(across.blocked.x, false, across.blocked.z),
        height: down.end.min.y - plain.end.min.y,
    }))
}
