//! Minecraft's own collision order, for servers and bots that must agree
//! with the vanilla client (anti-cheat, prediction): `Entity.collide`.
//!
//! The exact resolver sweeps the whole move at once and stops a hair short
//! of the first contact. Minecraft instead clips the move one axis at a
//! time: y, then the larger horizontal axis, then the other, each against
//! the block shapes in the volume the whole move sweeps, and lets the box end
//! exactly touching (within 10⁻⁷) what stopped it; a blocked horizontal move
//! that was or ends on the ground then tries again raised by each height the
//! step may climb. A diagonal move can so pass a corner the sweep would meet,
//! or meet one it would pass; both never end inside a block.
//!
//! The shapes are gathered as `BlockCollisions` does (cells in z, y, x
//! order, those on the edge of the range only for shapes reaching out of
//! their cell), each shape clipped as `VoxelShape.collide` clips it, with its
//! 10⁻⁷ tolerances, so the result is the client's to the last bit.

use glam::{DVec3, IVec3};

use super::MoveError;
use super::validate::validate;
use crate::geometry::Aabb;
use crate::world::BlockSource;

/// Minecraft's collision tolerance (`1.0E-7` throughout `VoxelShape`).
const EPSILON: f64 = 1.0e-7;

/// The block shapes a box moving by some displacement may meet, in world
/// coordinates, one entry a block: Minecraft's collision list.
#[derive(Clone, Debug, Default)]
pub struct VanillaColliders {
    /// Every box of every shape, shape after shape.
    boxes: Vec<Aabb>,
    /// Where each shape's boxes end in `boxes`.
    ends: Vec<usize>,
}

impl VanillaColliders {
    /// The shapes of the blocks whose shapes overlap `query`
    /// (`BlockCollisions`): the cells one beyond the box (with 10⁻⁷ of
    /// slack), z outermost and x innermost; cells on a face of that range
    /// only when their shape reaches out of its cell, none on its edges.
    /// Each cell's shape is the world's [`BlockSource::shape_at`], so a
    /// filtered world's blocks count as its filter says. Before them, each
    /// box the world holds outside its cells (a mover's,
    /// [`BlockSource::for_each_loose_box`]) that overlaps `query`, as the
    /// client puts the shapes of entities before the blocks'.
    pub fn gather<W: BlockSource>(&mut self, world: &W, query: &Aabb) {
        self.boxes.clear();
        self.ends.clear();
        world.for_each_loose_box(query, &mut |aabb| {
            if overlaps(aabb, query) {
                self.boxes.push(*aabb);
                self.ends.push(self.boxes.len());
            }
        });
        let floor = |v: f64| v.floor() as i32;
        let lo = IVec3::new(
            floor(query.min.x - EPSILON) - 1,
            floor(query.min.y - EPSILON) - 1,
            floor(query.min.z - EPSILON) - 1,
        );
        let hi = IVec3::new(
            floor(query.max.x + EPSILON) + 1,
            floor(query.max.y + EPSILON) + 1,
            floor(query.max.z + EPSILON) + 1,
        );
        for z in lo.z..=hi.z {
            for y in lo.y..=hi.y {
                for x in lo.x..=hi.x {
                    let on_face = u8::from(x == lo.x || x == hi.x)
                        + u8::from(y == lo.y || y == hi.y)
                        + u8::from(z == lo.z || z == hi.z);
                    if on_face >= 2 {
                        continue; // edges and corners: only moving pistons
                    }
                    let cell = IVec3::new(x, y, z);
                    let shape = world.shape_at(cell);
                    if shape.is_empty() || (on_face == 1 && !reaches_out(shape)) {
                        continue;
                    }
                    let base = cell.as_dvec3();
                    let start = self.boxes.len();
                    self.boxes.extend(shape.iter().map(|b| b.translated(base)));
                    // Kept only if some box overlaps the query with volume.
                    if self.boxes[start..].iter().any(|b| overlaps(b, query)) {
                        self.ends.push(self.boxes.len());
                    } else {
                        self.boxes.truncate(start);
                    }
                }
            }
        }
    }

    /// Each shape's boxes, in the order gathered.
    fn shapes(&self) -> impl Iterator<Item = &[Aabb]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(self.ends.iter().copied())
            .map(|(from, to)| &self.boxes[from..to])
    }

    /// Whether nothing was gathered.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
}

/// Whether a shape leaves its unit cell (`hasLargeCollisionShape`).
fn reaches_out(shape: &[Aabb]) -> bool {
    shape
        .iter()
        .any(|b| b.min.min_element() < 0.0 || b.max.max_element() > 1.0)
}

/// Strict overlap with volume (`AABB.intersects`).
fn overlaps(a: &Aabb, b: &Aabb) -> bool {
    a.min.cmplt(b.max).all() && a.max.cmpgt(b.min).all()
}

/// `aabb` grown towards `by` (`AABB.expandTowards`).
fn expand_towards(aabb: &Aabb, by: DVec3) -> Aabb {
    let mut grown = *aabb;
    for axis in 0..3 {
        if by[axis] < 0.0 {
            grown.min[axis] += by[axis];
        } else if by[axis] > 0.0 {
            grown.max[axis] += by[axis];
        }
    }
    grown
}

/// How far `aabb` may move by `d` along `axis` before one shape's boxes stop
/// it (`VoxelShape.collide`): boxes beside it on the other two axes (by
/// more than 10⁻⁷) and ahead of it (within 10⁻⁷) stop it on their face.
fn clip_by_shape(axis: usize, shape: &[Aabb], aabb: &Aabb, mut d: f64) -> f64 {
    if d.abs() < EPSILON {
        return 0.0;
    }
    let (a1, a2) = ((axis + 1) % 3, (axis + 2) % 3);
    for b in shape {
        let beside =
            |o: usize| b.min[o] <= aabb.max[o] - EPSILON && b.max[o] > aabb.min[o] + EPSILON;
        if !(beside(a1) && beside(a2)) {
            continue;
        }
        if d > 0.0 && b.min[axis] > aabb.max[axis] - EPSILON {
            d = d.min(b.min[axis] - aabb.max[axis]);
        } else if d < 0.0 && b.max[axis] <= aabb.min[axis] + EPSILON {
            d = d.max(b.max[axis] - aabb.min[axis]);
        }
    }
    d
}

/// `Shapes.collide`: each shape in order clips what is left of `d`.
fn clip_axis(axis: usize, shapes: &VanillaColliders, aabb: &Aabb, mut d: f64) -> f64 {
    for shape in shapes.shapes() {
        if d.abs() < EPSILON {
            return 0.0;
        }
        d = clip_by_shape(axis, shape, aabb, d);
    }
    d
}

/// `Entity.collideWithShapes`: y first, then the larger horizontal axis,
/// then the other, each from where the axes before it left the box.
#[must_use]
pub fn collide_with_shapes(movement: DVec3, aabb: &Aabb, shapes: &VanillaColliders) -> DVec3 {
    if shapes.is_empty() {
        return movement;
    }
    let order = if movement.x.abs() < movement.z.abs() {
        [1, 2, 0]
    } else {
        [1, 0, 2]
    };
    let mut result = DVec3::ZERO;
    for axis in order {
        let d = movement[axis];
        if d != 0.0 {
            result[axis] = clip_axis(axis, shapes, &aabb.translated(result), d);
        }
    }
    result
}

/// The heights a step may rise to, relative to the box's bottom, ascending
/// (`Entity.collectCandidateStepUpHeights`): every y of every shape's boxes
/// from the bottom up to `max_up`, but the height the plain move reached.
fn step_heights(aabb: &Aabb, shapes: &VanillaColliders, max_up: f32, reached: f32) -> Vec<f32> {
    let mut heights: Vec<f32> = Vec::with_capacity(4);
    for shape in shapes.shapes() {
        let mut ys: Vec<f64> = shape.iter().flat_map(|b| [b.min.y, b.max.y]).collect();
        ys.sort_by(f64::total_cmp);
        ys.dedup();
        for y in ys {
            let h = (y - aabb.min.y) as f32;
            if h < 0.0 || h == reached {
                continue;
            }
            if h > max_up {
                break;
            }
            if !heights.contains(&h) {
                heights.push(h);
            }
        }
    }
    heights.sort_by(f32::total_cmp);
    heights
}

/// What [`collide_vanilla`] made of a movement.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VanillaMove {
    /// The movement made.
    pub movement: DVec3,
    /// Whether it stepped up: the plain clip was cut sideways and a raised
    /// try went farther.
    pub stepped: bool,
}

/// Where Minecraft lets `aabb` go of `movement` through `world`
/// (`Entity.collide`): the axis-by-axis clip, then, when a horizontal axis
/// was cut and the box was on the ground or lands in this move, the first
/// step height (up to `max_up_step`, a float as Minecraft keeps it) that
/// carries it farther horizontally.
///
/// ```
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::geometry::Aabb;
/// use voxwalk::resolver::{VanillaColliders, collide_vanilla};
/// use voxwalk::block::BlockId;
/// use voxwalk::world::World;
///
/// let mut world = World::new();
/// world.fill(IVec3::new(-4, -1, -4), IVec3::new(4, -1, 4), BlockId::STONE);
/// world.set_block(IVec3::new(1, 0, 0), BlockId::SLAB); // half a block up
/// let body = Aabb::from_feet(DVec3::new(0.5, 0.0, 0.5), DVec3::new(0.6, 1.8, 0.6));
/// let mut shapes = VanillaColliders::default();
/// // Falling onto the floor: it ends exactly on it, not a hair above.
/// let fall = collide_vanilla(&world, &body.translated(DVec3::Y), DVec3::new(0.0, -1.5, 0.0), false, 0.6, &mut shapes).unwrap();
/// assert_eq!(fall.movement.y, -1.0);
/// // Walking into the slab on the ground: stepped up onto it.
/// let walk = collide_vanilla(&world, &body, DVec3::new(0.3, -0.08, 0.0), true, 0.6, &mut shapes).unwrap();
/// assert_eq!((walk.movement.x, walk.movement.y, walk.stepped), (0.3, 0.5, true));
/// ```
///
/// # Errors
/// [`MoveError`] for a box or movement the resolver would refuse (not
/// finite, too large, too far out).
pub fn collide_vanilla<W: BlockSource>(
    world: &W,
    aabb: &Aabb,
    movement: DVec3,
    on_ground: bool,
    max_up_step: f32,
    shapes: &mut VanillaColliders,
) -> Result<VanillaMove, MoveError> {
    validate(aabb, movement)?;
    let made = |movement, stepped| VanillaMove { movement, stepped };
    if movement.length_squared() == 0.0 {
        return Ok(made(movement, false));
    }
    shapes.gather(world, &expand_towards(aabb, movement));
    let plain = collide_with_shapes(movement, aabb, shapes);
    let cut = |axis: usize| movement[axis] != plain[axis];
    let lands = cut(1) && movement.y < 0.0;
    if !(max_up_step > 0.0 && (lands || on_ground) && (cut(0) || cut(2))) {
        return Ok(made(plain, false));
    }
    let from = if lands {
        aabb.translated(DVec3::new(0.0, plain.y, 0.0))
    } else {
        *aabb
    };
    let mut reach = expand_towards(
        &from,
        DVec3::new(movement.x, f64::from(max_up_step), movement.z),
    );
    if !lands {
        reach = expand_towards(&reach, DVec3::new(0.0, f64::from(-1.0e-5f32), 0.0));
    }
    shapes.gather(world, &reach);
    let horizontal = |v: DVec3| v.x * v.x + v.z * v.z;
    for height in step_heights(&from, shapes, max_up_step, plain.y as f32) {
        let stepped = collide_with_shapes(
            DVec3::new(movement.x, f64::from(height), movement.z),
            &from,
            shapes,
        );
        if horizontal(stepped) > horizontal(plain) {
            let dropped = aabb.min.y - from.min.y;
            return Ok(made(stepped - DVec3::new(0.0, dropped, 0.0), true));
        }
    }
    Ok(made(plain, false))
}
