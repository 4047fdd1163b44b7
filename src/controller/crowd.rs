//! Bodies touching bodies: pushed apart as circles in the horizontal plane.

use glam::{DVec2, DVec3};

use super::{Body, Event};
use crate::geometry::{contact_circle_circle, separation};
use crate::resolver::{MoveError, Resolver, TOUCH_TOLERANCE};
use crate::world::BlockSource;

/// Ends the overlaps between bodies, pair by pair in index order.
///
/// Two bodies whose boxes share some height are circles in the x–z plane (the
/// radius is half the larger of width and depth, the circle that holds the
/// box's footprint best for any heading). Overlapping circles are separated
/// along the line between their centres: a static body does not move and the
/// other takes the whole depth; two dynamic bodies move half each. Each push
/// goes through the resolver, so a body pushed towards a wall stops at it.
pub(crate) fn push_bodies_apart<W: BlockSource + ?Sized>(
    world: &W,
    resolver: &mut Resolver,
    bodies: &mut [Body],
    events: &mut [Vec<Event>],
) -> Result<(), MoveError> {
    for i in 0..bodies.len() {
        for j in i + 1..bodies.len() {
            let (a, b) = (bodies[i], bodies[j]);
            let shares_height = a.aabb.min.y < b.aabb.max.y - TOUCH_TOLERANCE
                && b.aabb.min.y < a.aabb.max.y - TOUCH_TOLERANCE;
            if !shares_height {
                continue;
            }
            let centre = |body: &Body| {
                let c = body.aabb.center();
                DVec2::new(c.x, c.z)
            };
            let radius = |body: &Body| 0.5 * body.aabb.size().x.max(body.aabb.size().z);
            let Some(contact) =
                contact_circle_circle(centre(&a), radius(&a), centre(&b), radius(&b))
            else {
                continue;
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
        }
    }
    Ok(())
}
