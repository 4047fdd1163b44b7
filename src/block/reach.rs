//! How far the shapes of a registry's solid types reach out of their cells.

use glam::DVec3;

use crate::geometry::Aabb;

/// How far collision boxes reach beyond their own cell, per axis: `below` past
/// the cell's minimum faces, `above` past its maximum faces (each in
/// `0..=`[`super::limits::MAX_SHAPE_REACH`]).
///
/// Candidate gathering reads it: the blocks that can touch a region lie in the
/// region's cells widened by `above` towards the minimum side (a fence post below
/// reaches up into it) and by `below` towards the maximum side.
///
/// ```
/// use voxwalk::glam::DVec3;
/// use voxwalk::block::BlockRegistry;
/// // The built-ins reach out of their cell only upwards, by a fence post's half block.
/// let reach = BlockRegistry::new().reach();
/// assert_eq!(reach.above, DVec3::new(0.0, 0.5, 0.0));
/// assert_eq!(reach.below, DVec3::ZERO);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ShapeReach {
    /// How far boxes reach below `0` on each axis (a positive distance).
    pub below: DVec3,
    /// How far boxes reach above `1` on each axis.
    pub above: DVec3,
}

impl ShapeReach {
    /// This reach widened to take in `shape`, a box in cell-local units.
    #[must_use]
    pub fn including(self, shape: &Aabb) -> Self {
        Self {
            below: self.below.max(-shape.min),
            above: self.above.max(shape.max - DVec3::ONE),
        }
    }
}
