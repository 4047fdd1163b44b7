//! A tick's move in Minecraft's collision order
//! ([`Collisions::vanilla_order`](super::Collisions::vanilla_order)),
//! written as the resolver writes one: `Entity.move`'s rules for what the
//! collided movement does to the body, and the client's way of placing its
//! box.
//!
//! The client keeps a position, not a box: after a move it adds the movement
//! to its position and builds the box anew around it
//! (`EntityDimensions.makeBoundingBox`, its half width and height floats).
//! Translating the box instead moves each face by its own rounding, so the
//! box's width and height drift an ulp at a time and its faces stop being
//! the ones the client builds. A box the client could have built is moved
//! as the client moves its own, and keeps its float dimensions exactly.

use glam::DVec3;

use super::Event;
use crate::geometry::Aabb;
use crate::resolver::{CONTACT_GAP, Hit, Motion, VanillaMove};

/// Where a move by `movement` puts `start`, as the client places its box
/// (`Entity.setPos`, `makeBoundingBox`): along each axis on which `start` is
/// what the client builds around some position with a float extent, the
/// position moved and the box built anew around it; along any other, the
/// faces moved. A body given the client's box (0.6 and 1.8 as floats) so
/// keeps it, bit for bit, move after move. Within about a tenth of a block
/// of zero, several positions build the same faces (their sums round); one
/// of them is taken, and the box is then the client's within an ulp.
fn placed(start: Aabb, movement: DVec3) -> Aabb {
    let size = start.size();
    let mut end = start.translated(movement);
    for axis in [0, 2] {
        let half = f64::from(size[axis] as f32 / 2.0);
        if let Some(centre) = centre_of(start.min[axis], start.max[axis], half) {
            let moved = centre + movement[axis];
            end.min[axis] = moved - half;
            end.max[axis] = moved + half;
        }
    }
    let height = f64::from(size.y as f32);
    if start.min.y + height == start.max.y {
        end.max.y = end.min.y + height;
    }
    end
}

/// A position whose faces `half` either side are `min` and `max`, if
/// there is one: `min + half` or `max - half` (one of them is exact away
/// from zero), or next to them.
fn centre_of(min: f64, max: f64, half: f64) -> Option<f64> {
    let (from_min, from_max) = (min + half, max - half);
    [from_min, from_max]
        .into_iter()
        .flat_map(|c| [c, c.next_down(), c.next_up()])
        .find(|&c| c - half == min && c + half == max)
}

/// A move in Minecraft's order written as the resolver writes one, with
/// `Entity.move`'s rules: a move cut to under 10⁻⁷ that was meant to be
/// longer leaves the box where it was; a horizontal axis is blocked when cut
/// by 10⁻⁵ or more (`Mth.equal`), the vertical one when cut at all. A blocked
/// axis has a hit whose normal faces back along it (the block named is the
/// cell just beyond the face).
pub(crate) fn vanilla_motion(start: Aabb, wanted: DVec3, made: DVec3, motion: &mut Motion) {
    let length = made.length_squared();
    let moves = length > 1.0e-7 || wanted.length_squared() - length < 1.0e-7;
    let end = if moves { placed(start, made) } else { start };
    *motion = Motion::at_rest(start);
    motion.end = end;
    for axis in [1, 0, 2] {
        let blocked = if axis == 1 {
            wanted.y != made.y
        } else {
            (wanted[axis] - made[axis]).abs() >= f64::from(1.0e-5_f32)
        };
        if !blocked {
            continue;
        }
        motion.blocked.set(axis, true);
        let mut normal = DVec3::ZERO;
        normal[axis] = -wanted[axis].signum();
        let mut beyond = end.center();
        beyond[axis] = if wanted[axis] > 0.0 {
            end.max[axis] + 0.5 * CONTACT_GAP
        } else {
            end.min[axis] - 0.5 * CONTACT_GAP
        };
        motion.hits.push(Hit {
            block: beyond.floor().as_ivec3(),
            normal,
            toi: 1.0,
            at: end,
        });
    }
}

/// Whether Minecraft's step, which came with the move itself, counts as one
/// (reported when the body rose by it): rising into one (a jump beside a
/// ledge) leaves the body in the air, as the client's `onGround` is a
/// vertical collision below, and so does a step made with no fall at all
/// (a swimmer, spared gravity, walking into a slab on the floor), reported
/// but not a landing.
pub(crate) fn vanilla_stepped(
    made: VanillaMove,
    displacement: DVec3,
    events: &mut Vec<Event>,
) -> bool {
    let rose = made.stepped && made.movement.y > 0.0 && displacement.y <= 0.0;
    if rose {
        events.push(Event::Stepped {
            height: made.movement.y,
        });
    }
    rose && displacement.y < 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client_box(feet: DVec3) -> Aabb {
        let w = f64::from(0.6_f32 / 2.0);
        Aabb::new(
            DVec3::new(feet.x - w, feet.y, feet.z - w),
            DVec3::new(feet.x + w, feet.y + f64::from(1.8_f32), feet.z + w),
        )
    }

    #[test]
    fn a_clients_box_is_moved_as_the_client_moves_it() {
        // Faces moved by the movement land an ulp off on every axis here.
        let feet = DVec3::new(1.960_357, 2.2106, 1.960_357);
        let movement = DVec3::new(0.232_31, -0.078_4, 0.232_31);
        let start = client_box(feet);
        assert_ne!(start.translated(movement), client_box(feet + movement));
        assert_eq!(placed(start, movement), client_box(feet + movement));
    }

    #[test]
    fn near_zero_some_position_of_the_same_faces_is_found() {
        for x in [-0.074_999_988_079_071_04, 1.0e-9, -0.124_999, 0.0] {
            let b = client_box(DVec3::new(x, 0.0, 0.0));
            let half = f64::from(0.3_f32);
            let c = centre_of(b.min.x, b.max.x, half).unwrap();
            assert!((c - x).abs() < 1e-16, "{x}: {c}");
        }
    }

    #[test]
    fn any_other_box_is_translated() {
        let start = Aabb::from_feet(DVec3::new(3.3, 1.0, 2.7), DVec3::new(0.6, 1.8, 0.6));
        let movement = DVec3::new(0.1, 0.0, -0.3);
        assert_eq!(placed(start, movement), start.translated(movement));
    }
}
