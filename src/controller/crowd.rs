//! Bodies touching bodies: pushed apart as circles in the horizontal plane.

use glam::{DVec2, DVec3};

use super::{Body, Event};
use crate::geometry::{contact_circle_circle, separation};
use crate::resolver::{MoveError, Resolver, TOUCH_TOLERANCE};
use crate::world::BlockSource;

/// The circle a body is pushed as: its centre in the x–z plane and its radius.
fn circle(body: &Body) -> (DVec2, f64) {
    let c = body.aabb.center();
    let size = body.aabb.size();
    (DVec2::new(c.x, c.z), 0.5 * size.x.max(size.z))
}

/// Ends the overlaps between bodies.
///
/// Two bodies whose boxes share some height are circles in the x–z plane (the
/// radius is half the larger of width and depth, the circle that holds the
/// box's footprint best for any heading). Overlapping circles are separated
/// along the line between their centres: a static body does not move and the
/// other takes the whole depth; two dynamic bodies move half each. Each push
/// goes through the resolver, so a body pushed towards a wall stops at it.
///
/// Pairs are found by sweep and prune along x (sort by the circles' west ends,
/// stop a body's scan at the first circle starting east of it), so a crowd of
/// a thousand costs thousands of pair tests, not half a million. `order` is
/// scratch space. The sort is total (ties by index), so the result is the same
/// on every run.
pub(crate) fn push_bodies_apart<W: BlockSource + ?Sized>(
    world: &W,
    resolver: &mut Resolver,
    bodies: &mut [Body],
    events: &mut [Vec<Event>],
    order: &mut Vec<usize>,
) -> Result<(), MoveError> {
    order.clear();
    order.extend(0..bodies.len());
    let west = |b: &Body| {
        let (c, r) = circle(b);
        c.x - r
    };
    order.sort_by(|&a, &b| {
        west(&bodies[a])
            .total_cmp(&west(&bodies[b]))
            .then(a.cmp(&b))
    });
    for k in 0..order.len() {
        for &other in &order[k + 1..] {
            let me = order[k];
            let (c, r) = circle(&bodies[me]);
            if west(&bodies[other]) >= c.x + r {
                break;
            }
            let (i, j) = (me.min(other), me.max(other));
            push_pair(world, resolver, bodies, events, i, j)?;
        }
    }
    Ok(())
}

/// Separates bodies `i < j` if their circles overlap and they share height.
fn push_pair<W: BlockSource + ?Sized>(
    world: &W,
    resolver: &mut Resolver,
    bodies: &mut [Body],
    events: &mut [Vec<Event>],
    i: usize,
    j: usize,
) -> Result<(), MoveError> {
    let (a, b) = (bodies[i], bodies[j]);
    let shares_height = a.aabb.min.y < b.aabb.max.y - TOUCH_TOLERANCE
        && b.aabb.min.y < a.aabb.max.y - TOUCH_TOLERANCE;
    if !shares_height {
        return Ok(());
    }
    let ((ca, ra), (cb, rb)) = (circle(&a), circle(&b));
    let Some(contact) = contact_circle_circle(ca, ra, cb, rb) else {
        return Ok(());
    };
    let (push_a, push_b) = separation(&contact, a.mobility, b.mobility);
    for (index, other, push) in [(i, j, push_a), (j, i, push_b)] {
        if push == DVec2::ZERO {
            continue;
        }
        let body = &mut bodies[index];
        let start = body.aabb;
        let motion = resolver.move_box(world, start, DVec3::new(push.x, 0.0, push.y))?;
        body.aabb = motion.end;
        events[index].push(Event::PushedByBody {
            other,
            offset: (motion.end.min - start.min).to_array(),
        });
    }
    Ok(())
}
