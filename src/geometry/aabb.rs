//! The axis-aligned box every other module speaks in.

use glam::DVec3;

/// An axis-aligned box given by its two extreme corners, `min <= max` on every axis.
///
/// Boxes are closed sets geometrically, but collision treats *touching* as *not
/// colliding*: two boxes overlap only when they share a volume thicker than a
/// tolerance on every axis (see [`Aabb::overlaps_beyond`]).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Aabb {
    /// The corner with the smallest coordinates.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec3"))]
    pub min: DVec3,
    /// The corner with the largest coordinates.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec3"))]
    pub max: DVec3,
}

impl Aabb {
    /// A box from its two corners.
    ///
    /// ```
    /// use voxwalk::glam::DVec3;
    /// use voxwalk::geometry::Aabb;
    /// let b = Aabb::new(DVec3::ZERO, DVec3::new(1.0, 2.0, 3.0));
    /// assert_eq!(b.size(), DVec3::new(1.0, 2.0, 3.0));
    /// ```
    #[inline]
    #[must_use]
    pub const fn new(min: DVec3, max: DVec3) -> Self {
        Self { min, max }
    }

    /// A box of `size` whose bottom face is centred on `feet`, the way bodies are placed.
    ///
    /// ```
    /// use voxwalk::glam::DVec3;
    /// use voxwalk::geometry::Aabb;
    /// let b = Aabb::from_feet(DVec3::new(0.5, 1.0, 0.5), DVec3::new(0.6, 1.8, 0.6));
    /// assert_eq!(b.min, DVec3::new(0.2, 1.0, 0.2));
    /// assert!((b.max - DVec3::new(0.8, 2.8, 0.8)).length() < 1e-12);
    /// ```
    #[inline]
    #[must_use]
    pub fn from_feet(feet: DVec3, size: DVec3) -> Self {
        let half = DVec3::new(size.x * 0.5, 0.0, size.z * 0.5);
        Self::new(feet - half, feet - half + size)
    }

    /// The extent on each axis.
    #[inline]
    #[must_use]
    pub fn size(&self) -> DVec3 {
        self.max - self.min
    }

    /// The centre point.
    #[inline]
    #[must_use]
    pub fn center(&self) -> DVec3 {
        (self.min + self.max) * 0.5
    }

    /// The centre of the bottom face: where a body's feet are.
    #[inline]
    #[must_use]
    pub fn feet(&self) -> DVec3 {
        let c = self.center();
        DVec3::new(c.x, self.min.y, c.z)
    }

    /// This box moved by `offset`.
    ///
    /// ```
    /// use voxwalk::glam::DVec3;
    /// use voxwalk::geometry::Aabb;
    /// let b = Aabb::new(DVec3::ZERO, DVec3::ONE).translated(DVec3::new(2.0, 0.0, -1.0));
    /// assert_eq!(b.min, DVec3::new(2.0, 0.0, -1.0));
    /// assert_eq!(b.max, DVec3::new(3.0, 1.0, 0.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn translated(&self, offset: DVec3) -> Self {
        Self::new(self.min + offset, self.max + offset)
    }

    /// The smallest box holding both `self` and `other`.
    #[inline]
    #[must_use]
    pub fn union(&self, other: &Self) -> Self {
        Self::new(self.min.min(other.min), self.max.max(other.max))
    }

    /// Whether the two boxes share a volume thicker than `tolerance` on every axis.
    ///
    /// With `tolerance = 0` boxes that merely touch do not overlap.
    ///
    /// ```
    /// use voxwalk::glam::DVec3;
    /// use voxwalk::geometry::Aabb;
    /// let a = Aabb::new(DVec3::ZERO, DVec3::ONE);
    /// let touching = a.translated(DVec3::X);
    /// let deep = a.translated(DVec3::splat(0.5));
    /// assert!(!a.overlaps_beyond(&touching, 0.0));
    /// assert!(a.overlaps_beyond(&deep, 0.0));
    /// assert!(!a.overlaps_beyond(&deep, 0.5));
    /// ```
    #[inline]
    #[must_use]
    pub fn overlaps_beyond(&self, other: &Self, tolerance: f64) -> bool {
        self.min.x < other.max.x - tolerance
            && self.max.x > other.min.x + tolerance
            && self.min.y < other.max.y - tolerance
            && self.max.y > other.min.y + tolerance
            && self.min.z < other.max.z - tolerance
            && self.max.z > other.min.z + tolerance
    }

    /// Whether every coordinate is finite and `min <= max` on each axis.
    #[inline]
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.min.is_finite() && self.max.is_finite() && self.min.cmple(self.max).all()
    }

    /// The six numbers `[min.x, min.y, min.z, max.x, max.y, max.z]`.
    #[inline]
    #[must_use]
    pub fn to_array(&self) -> [f64; 6] {
        [
            self.min.x, self.min.y, self.min.z, self.max.x, self.max.y, self.max.z,
        ]
    }

    /// The box from `[min.x, min.y, min.z, max.x, max.y, max.z]`.
    #[inline]
    #[must_use]
    pub fn from_array(v: [f64; 6]) -> Self {
        Self::new(DVec3::new(v[0], v[1], v[2]), DVec3::new(v[3], v[4], v[5]))
    }
}
