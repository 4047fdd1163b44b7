//! Questions a game asks of the world's collision shapes besides "where does
//! this box stop": which blocks a blast sphere or a region touches, and which
//! block a ray (a cursor, a line of sight) meets first.
//!
//! All read any [`BlockSource`] and its registry's real boxes (a slab is half
//! a block, a post a thin column), and reach into neighbouring cells by the
//! registry's [`ShapeReach`](crate::block::ShapeReach), as the resolver does.

use glam::{DVec3, IVec3};
use thiserror::Error;

use super::CellRange;
use super::limits::{MAX_COORDINATE, MAX_DISPLACEMENT};
use crate::geometry::{Aabb, overlap_sphere_box};
use crate::resolver::limits::MAX_QUERY_EXTENT;
use crate::world::BlockSource;

/// A query the world cannot answer: its numbers are not finite, or it asks
/// about more than [`MAX_QUERY_EXTENT`] or [`MAX_DISPLACEMENT`] allow.
#[derive(Debug, Error, PartialEq)]
pub enum QueryError {
    /// A coordinate, radius, direction or length is NaN or infinite.
    #[error("{what} is not a finite number")]
    NotFinite {
        /// Which number.
        what: &'static str,
    },
    /// A region larger than a query takes, or a negative size.
    #[error("{what} {value} is outside 0 to {limit}")]
    OutOfRange {
        /// Which number.
        what: &'static str,
        /// Its value.
        value: f64,
        /// The largest allowed.
        limit: f64,
    },
}

fn check(what: &'static str, value: f64, limit: f64) -> Result<(), QueryError> {
    if !value.is_finite() {
        return Err(QueryError::NotFinite { what });
    }
    if !(0.0..=limit).contains(&value) {
        return Err(QueryError::OutOfRange { what, value, limit });
    }
    Ok(())
}

fn check_point(what: &'static str, p: DVec3) -> Result<(), QueryError> {
    if !p.is_finite() {
        return Err(QueryError::NotFinite { what });
    }
    if p.abs().max_element() > MAX_COORDINATE {
        return Err(QueryError::OutOfRange {
            what,
            value: p.abs().max_element(),
            limit: MAX_COORDINATE,
        });
    }
    Ok(())
}

/// Calls `visit` once for every cell with a collision box that overlaps the
/// sphere (touching does not count): the blocks a blast of that radius reaches.
///
/// ```
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::resolver::blocks_in_sphere;
/// use voxwalk::block::BlockId;
/// use voxwalk::world::World;
///
/// let mut world = World::new();
/// world.fill(IVec3::new(-10, -10, -10), IVec3::new(10, -1, 10), BlockId::STONE);
/// let mut crater = Vec::new();
/// blocks_in_sphere(&world, DVec3::new(0.0, 0.0, 0.0), 2.0, |cell| crater.push(cell)).unwrap();
/// assert!(crater.contains(&IVec3::new(0, -1, 0)));  // under the blast
/// assert!(crater.contains(&IVec3::new(0, -2, 0)));  // its top 1 below: inside
/// assert!(!crater.contains(&IVec3::new(0, -3, 0))); // its top 2 below: touching only
/// // Every stone cube nearer than 2 to the centre: the 4×4 around it in each
/// // of the top two layers, none in the third.
/// assert_eq!(crater.len(), 32);
/// ```
///
/// # Errors
/// [`QueryError`] for a centre or radius that is not finite, a negative
/// radius, one above [`MAX_QUERY_EXTENT`], or a centre beyond
/// [`MAX_COORDINATE`].
pub fn blocks_in_sphere<W: BlockSource + ?Sized>(
    world: &W,
    centre: DVec3,
    radius: f64,
    mut visit: impl FnMut(IVec3),
) -> Result<(), QueryError> {
    check_point("centre", centre)?;
    check("radius", radius, MAX_QUERY_EXTENT)?;
    let region = Aabb::new(centre - radius, centre + radius);
    let cells = CellRange::covering(&region, &world.registry().reach());
    world.for_each_solid_in_dyn(cells.lo, cells.hi, &mut |cell, boxes| {
        let origin = cell.as_dvec3();
        if boxes
            .iter()
            .any(|b| overlap_sphere_box(centre, radius, &b.translated(origin)))
        {
            visit(cell);
        }
    });
    Ok(())
}

/// Calls `visit` once for every cell with a collision box that overlaps
/// `region` by more than touching: what a box-shaped trigger, a placement
/// check or an area of effect meets.
///
/// ```
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::geometry::Aabb;
/// use voxwalk::resolver::blocks_in_box;
/// use voxwalk::block::BlockId;
/// use voxwalk::world::World;
///
/// let mut world = World::new();
/// world.set_block(IVec3::new(0, 0, 0), BlockId::SLAB); // its top is at y = 0.5
/// let mut hits = Vec::new();
/// let above_slab = Aabb::new(DVec3::new(0.0, 0.5, 0.0), DVec3::new(1.0, 1.0, 1.0));
/// blocks_in_box(&world, &above_slab, |cell| hits.push(cell)).unwrap();
/// assert!(hits.is_empty()); // touching the slab's top is not overlapping it
/// let lower = above_slab.translated(DVec3::new(0.0, -0.1, 0.0));
/// blocks_in_box(&world, &lower, |cell| hits.push(cell)).unwrap();
/// assert_eq!(hits, [IVec3::ZERO]);
/// ```
///
/// # Errors
/// [`QueryError`] for a box that is not finite, inverted, larger than
/// [`MAX_QUERY_EXTENT`] on an edge, or beyond [`MAX_COORDINATE`].
pub fn blocks_in_box<W: BlockSource + ?Sized>(
    world: &W,
    region: &Aabb,
    mut visit: impl FnMut(IVec3),
) -> Result<(), QueryError> {
    check_point("box minimum", region.min)?;
    check_point("box maximum", region.max)?;
    let size = region.size();
    for (what, edge) in [
        ("box width", size.x),
        ("box height", size.y),
        ("box depth", size.z),
    ] {
        check(what, edge, MAX_QUERY_EXTENT)?;
    }
    let cells = CellRange::covering(region, &world.registry().reach());
    world.for_each_solid_in_dyn(cells.lo, cells.hi, &mut |cell, boxes| {
        let origin = cell.as_dvec3();
        if boxes
            .iter()
            .any(|b| region.overlaps_beyond(&b.translated(origin), 0.0))
        {
            visit(cell);
        }
    });
    Ok(())
}

/// Where a ray met a block.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayHit {
    /// The block's cell.
    pub block: IVec3,
    /// How far along the ray, in blocks (the direction is normalised).
    pub distance: f64,
    /// The point on the block's box.
    pub point: DVec3,
    /// The outward normal of the face entered (zero when the ray starts inside
    /// the box).
    pub normal: DVec3,
}

/// The first block a ray from `origin` along `direction` meets within
/// `max_distance`: a voxel walk (Amanatides and Woo's DDA) through the cells
/// the ray crosses, testing the real boxes of each cell and of the neighbours
/// whose shapes reach into it, so a ray passes over a slab's empty half and
/// between fence posts. What the cursor points at, what an eye can see.
///
/// ```
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::resolver::cast_ray;
/// use voxwalk::block::BlockId;
/// use voxwalk::world::World;
///
/// let mut world = World::new();
/// world.set_block(IVec3::new(5, 0, 0), BlockId::SLAB);
/// world.set_block(IVec3::new(8, 0, 0), BlockId::STONE);
/// // At height 0.75 the ray passes over the slab and meets the stone's face.
/// let eye = DVec3::new(0.5, 0.75, 0.5);
/// let hit = cast_ray(&world, eye, DVec3::X, 100.0).unwrap().unwrap();
/// assert_eq!(hit.block, IVec3::new(8, 0, 0));
/// assert_eq!(hit.distance, 7.5);
/// assert_eq!(hit.normal, DVec3::NEG_X);
/// // Lower, it meets the slab; shorter than that, nothing.
/// let low = cast_ray(&world, DVec3::new(0.5, 0.25, 0.5), DVec3::X, 100.0).unwrap().unwrap();
/// assert_eq!(low.block, IVec3::new(5, 0, 0));
/// assert!(cast_ray(&world, eye, DVec3::X, 7.0).unwrap().is_none());
/// ```
///
/// # Errors
/// [`QueryError`] for an origin or direction that is not finite, a zero
/// direction, an origin beyond [`MAX_COORDINATE`], or a length outside 0 to
/// [`MAX_DISPLACEMENT`].
pub fn cast_ray<W: BlockSource + ?Sized>(
    world: &W,
    origin: DVec3,
    direction: DVec3,
    max_distance: f64,
) -> Result<Option<RayHit>, QueryError> {
    check_point("origin", origin)?;
    if !direction.is_finite() {
        return Err(QueryError::NotFinite { what: "direction" });
    }
    check("length", max_distance, MAX_DISPLACEMENT)?;
    let Some(dir) = direction.try_normalize() else {
        return Err(QueryError::OutOfRange {
            what: "direction length",
            value: 0.0,
            limit: f64::INFINITY,
        });
    };
    let reach = world.registry().reach();
    let mut cell = origin.floor().as_ivec3();
    let step = IVec3::new(sign(dir.x), sign(dir.y), sign(dir.z));
    // Distance along the ray to the next cell boundary on each axis, and
    // between boundaries.
    let next_boundary = |axis: usize| {
        let d = dir[axis];
        if d > 0.0 {
            (f64::from(cell[axis] + 1) - origin[axis]) / d
        } else if d < 0.0 {
            (f64::from(cell[axis]) - origin[axis]) / d
        } else {
            f64::INFINITY
        }
    };
    let mut t_next = DVec3::new(next_boundary(0), next_boundary(1), next_boundary(2));
    let t_delta = DVec3::new(1.0 / dir.x.abs(), 1.0 / dir.y.abs(), 1.0 / dir.z.abs());
    let mut best: Option<RayHit> = None;
    let mut entered = 0.0;
    let mut seen: Option<CellRange> = None;
    // A ray that lies in a cell face all along, or passes through an edge
    // or a corner, may touch boxes in cells it never enters: in the first
    // cell, and in each cell around an edge or a corner it passes (the one
    // it leaves and the three after), every cell that could touch the cell
    // is asked about.
    let in_a_face = (0..3).any(|axis| dir[axis] == 0.0 && origin[axis].fract() == 0.0);
    let mut touching_left = 1_u8;
    while entered <= max_distance && best.is_none_or(|b| entered <= b.distance) {
        let axis = if t_next.x <= t_next.y && t_next.x <= t_next.z {
            0
        } else if t_next.y <= t_next.z {
            1
        } else {
            2
        };
        // Within rounding of a tie: a ray computed to pass a hair beside an
        // edge may still touch the boxes along it.
        let near = 1e-9 * (1.0 + t_next[axis].abs());
        let at_an_edge = (1..3).any(|k| t_next[(axis + k) % 3] - t_next[axis] <= near);
        if at_an_edge {
            touching_left = 4;
        }
        // This cell's boxes, and those of neighbours reaching into it: the
        // cells not already asked about at the cell before. A box asked
        // about again would meet the ray at the same distance and could not
        // displace the hit it lost to, so only the slab of cells newly
        // within reach is read.
        let range = if in_a_face || touching_left > 0 {
            CellRange::touching(cell, &reach)
        } else {
            CellRange::reaching_inside(cell, &reach)
        };
        touching_left = touching_left.saturating_sub(1);
        let cells = seen.map_or(range, |before| range.beyond(&before));
        seen = Some(range);
        nearest_in(world, cells, (origin, dir, max_distance), &mut best);
        entered = t_next[axis];
        cell[axis] += step[axis];
        t_next[axis] += t_delta[axis];
    }
    Ok(best)
}

/// Keeps in `best` the nearest of the hits, within the ray's length, on
/// the boxes of the blocks in `cells` (none nearer than it already holds).
fn nearest_in<W: BlockSource + ?Sized>(
    world: &W,
    cells: CellRange,
    (origin, dir, max_distance): (DVec3, DVec3, f64),
    best: &mut Option<RayHit>,
) {
    world.for_each_solid_in_dyn(cells.lo, cells.hi, &mut |block, boxes| {
        for b in boxes {
            let b = b.translated(block.as_dvec3());
            if let Some((t, normal)) = ray_box(origin, dir, &b)
                && t <= max_distance
                && best.is_none_or(|h| t < h.distance)
            {
                *best = Some(RayHit {
                    block,
                    distance: t,
                    point: origin + dir * t,
                    normal,
                });
            }
        }
    });
}

fn sign(x: f64) -> i32 {
    if x > 0.0 {
        1
    } else if x < 0.0 {
        -1
    } else {
        0
    }
}

/// Where a ray enters `b` (the slab method): the distance and the normal of
/// the face entered, or distance 0 and no normal from inside.
pub(crate) fn ray_box(origin: DVec3, dir: DVec3, b: &Aabb) -> Option<(f64, DVec3)> {
    let (mut t_in, mut t_out) = (0.0f64, f64::INFINITY);
    let mut normal = DVec3::ZERO;
    for axis in 0..3 {
        let (o, d) = (origin[axis], dir[axis]);
        if d == 0.0 {
            if o < b.min[axis] || o > b.max[axis] {
                return None;
            }
            continue;
        }
        let (near, far, face) = if d > 0.0 {
            ((b.min[axis] - o) / d, (b.max[axis] - o) / d, -1.0)
        } else {
            ((b.max[axis] - o) / d, (b.min[axis] - o) / d, 1.0)
        };
        if near > t_in {
            t_in = near;
            normal = DVec3::ZERO;
            normal[axis] = face;
        }
        t_out = t_out.min(far);
        if t_in > t_out {
            return None;
        }
    }
    Some((t_in, normal))
}
