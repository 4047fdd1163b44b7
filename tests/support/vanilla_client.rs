//! Minecraft's block collisions, ported from the 1.21.7 client the way it
//! holds shapes, apart from voxwalk's own `resolver::collide_vanilla`: each
//! block shape a grid of cells over its distinct coordinates
//! (`ArrayVoxelShape`), clipped by walking that grid (`VoxelShape.collideX`
//! with its `findIndex` searches), shapes gathered by a cursor over the range
//! (`BlockCollisions`, `Cursor3D`), steps by `Entity.collide`.

#![allow(dead_code)] // each test binary uses part of it

use glam::{DVec3, IVec3};
use voxwalk::geometry::Aabb;
use voxwalk::world::World;

/// `EntityDimensions.makeBoundingBox`: the player's box (0.6f wide, as the
/// client holds it) `height` high at feet `pos`.
pub fn client_box(pos: [f64; 3], height: f64) -> Aabb {
    let half = f64::from(0.6_f32) / 2.0;
    Aabb::new(
        DVec3::new(pos[0] - half, pos[1], pos[2] - half),
        DVec3::new(pos[0] + half, pos[1] + height, pos[2] + half),
    )
}

const EPS: f64 = 1.0e-7;

/// `ArrayVoxelShape` at a block: the distinct coordinates on each axis (in
/// world space, `OffsetDoubleList`) and which cells between them are full.
struct GridShape {
    coords: [Vec<f64>; 3],
    full: Vec<bool>,
}

impl GridShape {
    fn of(boxes: &[Aabb], at: IVec3) -> GridShape {
        let coords: [Vec<f64>; 3] = std::array::from_fn(|axis| {
            let mut c: Vec<f64> = boxes
                .iter()
                .flat_map(|b| [b.min[axis], b.max[axis]])
                .collect();
            c.sort_by(f64::total_cmp);
            c.dedup();
            c.into_iter().map(|v| v + f64::from(at[axis])).collect()
        });
        let size = |a: usize| coords[a].len() - 1;
        let mut full = vec![false; size(0) * size(1) * size(2)];
        for i in 0..size(0) {
            for j in 0..size(1) {
                for k in 0..size(2) {
                    let centre = DVec3::new(
                        f64::midpoint(coords[0][i], coords[0][i + 1]),
                        f64::midpoint(coords[1][j], coords[1][j + 1]),
                        f64::midpoint(coords[2][k], coords[2][k + 1]),
                    ) - at.as_dvec3();
                    full[(i * size(1) + j) * size(2) + k] = boxes
                        .iter()
                        .any(|b| centre.cmpgt(b.min).all() && centre.cmplt(b.max).all());
                }
            }
        }
        GridShape { coords, full }
    }

    fn size(&self, axis: usize) -> usize {
        self.coords[axis].len() - 1
    }

    /// `findIndex`: the last coordinate index at or below `v` (−1 below all).
    fn find_index(&self, axis: usize, v: f64) -> isize {
        self.coords[axis].iter().take_while(|&&c| c <= v).count() as isize - 1
    }

    fn is_full(&self, cell: [usize; 3]) -> bool {
        self.full[(cell[0] * self.size(1) + cell[1]) * self.size(2) + cell[2]]
    }

    /// `VoxelShape.collideX`, along `axis`.
    fn collide(&self, axis: usize, aabb: &Aabb, mut d: f64) -> f64 {
        if d.abs() < EPS {
            return 0.0;
        }
        let (a2, a3) = ((axis + 1) % 3, (axis + 2) % 3);
        let range = |a: usize| {
            let lo = self.find_index(a, aabb.min[a] + EPS).max(0) as usize;
            let hi =
                ((self.find_index(a, aabb.max[a] - EPS) + 1).max(0) as usize).min(self.size(a));
            lo..hi
        };
        let (r2, r3) = (range(a2), range(a3));
        let at = |i: usize, j: usize, k: usize| {
            let mut cell = [0; 3];
            cell[axis] = i;
            cell[a2] = j;
            cell[a3] = k;
            self.is_full(cell)
        };
        let layer_full = |i: usize| r2.clone().any(|j| r3.clone().any(|k| at(i, j, k)));
        if d > 0.0 {
            let first = (self.find_index(axis, aabb.max[axis] - EPS) + 1) as usize;
            if let Some(i) = (first..self.size(axis)).find(|&i| layer_full(i)) {
                let gap = self.coords[axis][i] - aabb.max[axis];
                if gap >= -EPS {
                    d = d.min(gap);
                }
            }
        } else if d < 0.0 {
            let last = self.find_index(axis, aabb.min[axis] + EPS);
            if let Some(i) = (0..last.max(0) as usize).rev().find(|&i| layer_full(i)) {
                let gap = self.coords[axis][i + 1] - aabb.min[axis];
                if gap <= EPS {
                    d = d.max(gap);
                }
            }
        }
        d
    }
}

/// `BlockCollisions` over `query`, with `Cursor3D`'s order and cell types.
fn block_collisions(world: &World, query: &Aabb) -> Vec<GridShape> {
    let f = |v: f64| v.floor() as i32;
    let (x0, x1) = (f(query.min.x - EPS) - 1, f(query.max.x + EPS) + 1);
    let (y0, y1) = (f(query.min.y - EPS) - 1, f(query.max.y + EPS) + 1);
    let (z0, z1) = (f(query.min.z - EPS) - 1, f(query.max.z + EPS) + 1);
    let (w, h, d) = (x1 - x0 + 1, y1 - y0 + 1, z1 - z0 + 1);
    let mut out = Vec::new();
    for index in 0..w * h * d {
        let (x, y, z) = (x0 + index % w, y0 + (index / w) % h, z0 + index / w / h);
        let kind = i32::from(x == x0 || x == x1)
            + i32::from(y == y0 || y == y1)
            + i32::from(z == z0 || z == z1);
        let boxes = world
            .registry()
            .collision_shape(world.block(IVec3::new(x, y, z)));
        let large = boxes
            .iter()
            .any(|b| b.min.min_element() < 0.0 || b.max.max_element() > 1.0);
        if kind == 3 || (kind == 1 && !large) || kind == 2 || boxes.is_empty() {
            continue;
        }
        let at = IVec3::new(x, y, z);
        let hits = boxes.iter().any(|b| {
            let b = b.translated(at.as_dvec3());
            b.min.cmplt(query.max).all() && b.max.cmpgt(query.min).all()
        });
        if hits {
            out.push(GridShape::of(boxes, at));
        }
    }
    out
}

fn expand(aabb: &Aabb, by: DVec3) -> Aabb {
    let mut g = *aabb;
    for a in 0..3 {
        if by[a] < 0.0 {
            g.min[a] += by[a];
        } else {
            g.max[a] += by[a];
        }
    }
    g
}

/// `Entity.collideWithShapes`.
fn collide_with(movement: DVec3, aabb: &Aabb, shapes: &[GridShape]) -> DVec3 {
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
        let mut d = movement[axis];
        if d == 0.0 {
            continue;
        }
        let moved = aabb.translated(result);
        for shape in shapes {
            if d.abs() < EPS {
                d = 0.0;
                break;
            }
            d = shape.collide(axis, &moved, d);
        }
        result[axis] = d;
    }
    result
}

/// `Entity.collide` with its step: the movement the client lets `aabb`
/// make of `movement`, `up` its step height.
pub fn collide(world: &World, aabb: &Aabb, movement: DVec3, on_ground: bool, up: f32) -> DVec3 {
    collide_noting_rounding(world, aabb, movement, on_ground, up, &mut false)
}

/// Whether `a` and `b` (lengths or squared lengths of moves) are equal but
/// for the rounding of the coordinates they come from: within 10⁻¹², a
/// thousand times below what the tests hold positions to, and far above the
/// ulps of coordinates in the tens.
fn near(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1.0e-12
}

/// [`collide`], setting `by_rounding` when one of the client's choices
/// turned on rounding: the axis order of a move whose horizontal parts
/// are as long but for rounding, or a step taken or not where the stepped
/// and the plain moves go as far but for rounding (a box as far from a wall
/// on x as from one on z). Arithmetic that agrees within ulps, not to the bit,
/// may choose the other way there.
pub fn collide_noting_rounding(
    world: &World,
    aabb: &Aabb,
    movement: DVec3,
    on_ground: bool,
    up: f32,
    by_rounding: &mut bool,
) -> DVec3 {
    if movement.length_squared() == 0.0 {
        return movement;
    }
    if movement.x.abs() != movement.z.abs() && near(movement.x.abs(), movement.z.abs()) {
        *by_rounding = true;
    }
    let plain = collide_with(
        movement,
        aabb,
        &block_collisions(world, &expand(aabb, movement)),
    );
    let (xc, yc, zc) = (
        movement.x != plain.x,
        movement.y != plain.y,
        movement.z != plain.z,
    );
    let lands = yc && movement.y < 0.0;
    if !(up > 0.0 && (lands || on_ground) && (xc || zc)) {
        return plain;
    }
    let from = if lands {
        aabb.translated(DVec3::new(0.0, plain.y, 0.0))
    } else {
        *aabb
    };
    let mut reach = expand(&from, DVec3::new(movement.x, f64::from(up), movement.z));
    if !lands {
        reach = expand(&reach, DVec3::new(0.0, f64::from(-1.0e-5f32), 0.0));
    }
    let shapes = block_collisions(world, &reach);
    let mut heights: Vec<f32> = Vec::new();
    for shape in &shapes {
        for &y in &shape.coords[1] {
            let h = (y - from.min.y) as f32;
            if h < 0.0 || h == plain.y as f32 {
                continue;
            }
            if h > up {
                break;
            }
            if !heights.contains(&h) {
                heights.push(h);
            }
        }
    }
    heights.sort_by(f32::total_cmp);
    for h in heights {
        let stepped = collide_with(
            DVec3::new(movement.x, f64::from(h), movement.z),
            &from,
            &shapes,
        );
        let (farther, plainly) = (
            stepped.x * stepped.x + stepped.z * stepped.z,
            plain.x * plain.x + plain.z * plain.z,
        );
        if near(farther, plainly) && stepped != plain {
            *by_rounding = true;
        }
        if farther > plainly {
            return stepped - DVec3::new(0.0, aabb.min.y - from.min.y, 0.0);
        }
    }
    plain
}
