//! Inclusive ranges of cells, and what one range adds to the one before it.

use glam::{DVec3, IVec3};

use super::limits::MAX_COORDINATE;
use crate::block::ShapeReach;
use crate::geometry::Aabb;

/// The cell containing `p` (floor on every axis), for the points of a move the
/// resolver has validated: every coordinate within [`MAX_COORDINATE`] plus the
/// move's reach, far inside the `i32` range this needs.
///
/// The same cells as [`crate::world::cell_containing`], which must give a defined
/// answer for any input and so pays for a saturating conversion with a NaN check
/// on each axis. Here adding 1.5·2⁵² rounds a coordinate to an integer that then
/// sits in the low bits of the sum (exact for magnitudes below 2⁵¹), and one
/// comparison turns rounding into floor, with no NaN check or saturation,
/// which every move needs three times.
#[inline]
pub(crate) fn cell_containing_validated(p: DVec3) -> IVec3 {
    const ROUND: f64 = 6_755_399_441_055_744.0; // 1.5 · 2^52
    debug_assert!(p.abs().max_element() <= 2.0 * MAX_COORDINATE, "{p}");
    let floor = |x: f64| {
        let shifted = x + ROUND;
        let nearest = shifted - ROUND;
        // The low 32 bits of the sum's mantissa are the nearest integer in two's
        // complement (1.5 · 2^52 contributes only bit 51).
        let rounded = shifted.to_bits() as i32;
        rounded - i32::from(nearest > x)
    };
    IVec3::new(floor(p.x), floor(p.y), floor(p.z))
}

/// The cells `lo..=hi` on every axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CellRange {
    pub lo: IVec3,
    pub hi: IVec3,
}

impl CellRange {
    /// Every cell whose block could reach into `region`, given how far the
    /// world's shapes reach out of their cells: cells below the region count as
    /// far down as shapes reach up out of theirs (fence posts), cells above it as
    /// far as shapes reach down, and so on each side. Conservative by at most a
    /// cell: a cell the region only touches is included.
    #[inline]
    pub fn covering(region: &Aabb, reach: &ShapeReach) -> Self {
        Self {
            lo: cell_containing_validated(region.min - reach.above),
            hi: cell_containing_validated(region.max + reach.below),
        }
    }

    /// Every cell whose block could touch `cell`, faces, edges and corners
    /// included, on every side: what a ray that runs in a face or through
    /// an edge may meet without entering the block's cell.
    #[inline]
    pub fn touching(cell: IVec3, reach: &ShapeReach) -> Self {
        let low = cell.as_dvec3() - DVec3::ONE - reach.above;
        Self {
            // The ceiling, by the fast floor.
            lo: -cell_containing_validated(-low),
            hi: cell_containing_validated(cell.as_dvec3() + DVec3::ONE + reach.below),
        }
    }

    /// Every cell whose block could reach into the open inside of `cell`:
    /// as [`CellRange::covering`] of the cell, less the cells beyond its high
    /// faces that only touch them. A ray that crosses faces one at a time
    /// meets such a touching box only where it enters that cell, which it
    /// then asks about itself.
    #[inline]
    pub fn reaching_inside(cell: IVec3, reach: &ShapeReach) -> Self {
        let low = cell.as_dvec3();
        let high = low + DVec3::ONE + reach.below;
        Self {
            lo: cell_containing_validated(low - reach.above),
            // The ceiling less one, by the fast floor.
            hi: -cell_containing_validated(-high) - IVec3::ONE,
        }
    }

    /// The cells of this range not in `before`, when this range is `before`
    /// moved one cell along one axis (the slab it moved into); else the
    /// whole range, a superset of what is new.
    #[inline]
    pub fn beyond(&self, before: &CellRange) -> CellRange {
        let shift = self.lo - before.lo;
        if shift != self.hi - before.hi || shift.abs().element_sum() != 1 {
            return *self;
        }
        let axis = if shift.x != 0 {
            0
        } else if shift.y != 0 {
            1
        } else {
            2
        };
        let mut slab = *self;
        if shift[axis] > 0 {
            slab.lo[axis] = self.hi[axis];
        } else {
            slab.hi[axis] = self.lo[axis];
        }
        slab
    }

    /// Number of cells (0 for an empty range).
    #[inline]
    pub fn volume(&self) -> u64 {
        let d = (self.hi - self.lo + IVec3::ONE).max(IVec3::ZERO);
        d.x as u64 * d.y as u64 * d.z as u64
    }

    /// This range moved by `offset` cells.
    #[inline]
    pub fn translated(&self, offset: IVec3) -> Self {
        Self {
            lo: self.lo + offset,
            hi: self.hi + offset,
        }
    }

    /// Calls `visit` with disjoint ranges that together hold exactly the cells of
    /// `self` that are not in `previous` (all of `self` when there is none).
    ///
    /// Peels `self` axis by axis: the slabs below and above `previous` on x, then
    /// on y within the x-overlap, then on z; what is left lies inside `previous`.
    pub fn for_each_part_not_in(
        &self,
        previous: Option<&CellRange>,
        mut visit: impl FnMut(CellRange),
    ) {
        let Some(prev) = previous else {
            visit(*self);
            return;
        };
        let mut rest = *self;
        for axis in 0..3 {
            if rest.lo[axis] > prev.hi[axis] || rest.hi[axis] < prev.lo[axis] {
                visit(rest);
                return;
            }
            if rest.lo[axis] < prev.lo[axis] {
                let mut below = rest;
                below.hi[axis] = prev.lo[axis] - 1;
                visit(below);
                rest.lo[axis] = prev.lo[axis];
            }
            if rest.hi[axis] > prev.hi[axis] {
                let mut above = rest;
                above.lo[axis] = prev.hi[axis] + 1;
                visit(above);
                rest.hi[axis] = prev.hi[axis];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(r: &CellRange) -> Vec<IVec3> {
        let mut out = Vec::new();
        for x in r.lo.x..=r.hi.x {
            for y in r.lo.y..=r.hi.y {
                for z in r.lo.z..=r.hi.z {
                    out.push(IVec3::new(x, y, z));
                }
            }
        }
        out
    }

    proptest::proptest! {
        #[test]
        fn parts_not_in_previous_are_exactly_the_difference(
            a in proptest::array::uniform6(-4i32..5), b in proptest::array::uniform6(-4i32..5)
        ) {
            let range = |v: [i32; 6]| CellRange {
                lo: IVec3::new(v[0].min(v[3]), v[1].min(v[4]), v[2].min(v[5])),
                hi: IVec3::new(v[0].max(v[3]), v[1].max(v[4]), v[2].max(v[5])),
            };
            let (cur, prev) = (range(a), range(b));
            let mut got = Vec::new();
            cur.for_each_part_not_in(Some(&prev), |part| got.extend(cells(&part)));
            let prev_cells = cells(&prev);
            let mut want: Vec<IVec3> = cells(&cur).into_iter().filter(|c| !prev_cells.contains(c)).collect();
            got.sort_by_key(glam::IVec3::to_array);
            want.sort_by_key(glam::IVec3::to_array);
            proptest::prop_assert_eq!(got, want);
        }

        #[test]
        fn validated_cells_are_the_world_cells(
            v in proptest::array::uniform3(-4e9f64..4e9),
            near in proptest::array::uniform3(-3.0f64..3.0),
            whole in proptest::array::uniform3(-1_999_999_999i32..1_999_999_999),
        ) {
            let on_integers = IVec3::from_array(whole).as_dvec3();
            let just_below = on_integers.to_array().map(|x| x - x.abs().max(1.0) * f64::EPSILON);
            for p in [v, near, on_integers.to_array(), just_below] {
                let p = DVec3::from_array(p).clamp(DVec3::splat(-2.0e9), DVec3::splat(2.0e9));
                proptest::prop_assert_eq!(cell_containing_validated(p), crate::world::cell_containing(p), "{}", p);
            }
        }
    }

    #[test]
    fn validated_cells_at_the_edges() {
        for x in [
            -0.0,
            0.0,
            -1e-300,
            1e-300,
            -0.5,
            0.5,
            -1.0,
            1.0,
            0.999_999_999_999_999_9,
            -1e9,
            1e9,
            -1e9 - 0.5,
            1e9 + 0.5,
        ] {
            let p = DVec3::splat(x);
            assert_eq!(
                cell_containing_validated(p),
                crate::world::cell_containing(p),
                "{x}"
            );
        }
    }
}
