//! Where a body is sent.

use glam::{DVec3, IVec3};

/// Where a plan ends: a place a body stands that the goal accepts.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Goal {
    /// Standing with the feet in this cell.
    Cell(IVec3),
    /// Standing with the feet within `radius` of `point`.
    Near {
        /// The point.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec3"))]
        point: DVec3,
        /// How far from it, blocks.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
        radius: f64,
    },
    /// Standing anywhere in this column (x, z), at any height.
    Column {
        /// The column's x.
        x: i32,
        /// The column's z.
        z: i32,
    },
    /// Standing with the feet at least this high.
    Height(#[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))] f64),
}

impl Goal {
    /// Whether feet at `feet`, in `cell`, reach the goal.
    #[must_use]
    pub fn reached(&self, cell: IVec3, feet: DVec3) -> bool {
        match *self {
            Goal::Cell(goal) => cell == goal,
            Goal::Near { point, radius } => feet.distance(point) <= radius,
            Goal::Column { x, z } => cell.x == x && cell.z == z,
            Goal::Height(y) => feet.y >= y,
        }
    }

    /// How far feet at `feet` are from the goal, blocks (0 once reached):
    /// what the search's estimate and the best partial plan go by.
    #[must_use]
    pub fn distance(&self, feet: DVec3) -> f64 {
        match *self {
            Goal::Cell(goal) => {
                let centre = goal.as_dvec3() + DVec3::new(0.5, 0.0, 0.5);
                let d = (feet - centre).abs();
                // Within the cell counts as there.
                DVec3::new(
                    (d.x - 0.5).max(0.0),
                    (d.y - 1.0).max(0.0),
                    (d.z - 0.5).max(0.0),
                )
                .length()
            }
            Goal::Near { point, radius } => (feet.distance(point) - radius).max(0.0),
            Goal::Column { x, z } => {
                let centre = DVec3::new(f64::from(x) + 0.5, feet.y, f64::from(z) + 0.5);
                let d = (feet - centre).abs();
                DVec3::new((d.x - 0.5).max(0.0), 0.0, (d.z - 0.5).max(0.0)).length()
            }
            Goal::Height(y) => (y - feet.y).max(0.0),
        }
    }
}
