//! Questions about the movers themselves: which mover a ray meets first,
//! which mover blocks a region overlaps. A query of the world with the
//! movers in it ([`Movers::around`]) sees their boxes too, but names cells,
//! not movers.

use glam::DVec3;

use super::{MoverBlock, MoverHandle, Movers};
use crate::geometry::Aabb;
use crate::resolver::limits::MAX_DISPLACEMENT;
use crate::resolver::{QueryError, ray_box};

/// Where a ray met a mover.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoverRayHit {
    /// The mover.
    pub mover: MoverHandle,
    /// Its block that was met (its cell counted from the mover's origin).
    pub block: MoverBlock,
    /// How far along the ray, in blocks (the direction is normalised).
    pub distance: f64,
    /// The point on the block's box.
    pub point: DVec3,
    /// The outward normal of the face entered (zero from inside the box).
    pub normal: DVec3,
}

impl Movers {
    /// The first mover box a ray from `origin` along `direction` meets
    /// within `max_distance`, where the movers are now. Compare its distance
    /// with [`crate::resolver::cast_ray`]'s to know whether a block of the
    /// world is nearer.
    ///
    /// ```
    /// use voxwalk::glam::{DVec3, IVec3};
    /// use voxwalk::movers::{Mover, Movers};
    /// use voxwalk::block::{BlockId, BlockRegistry};
    ///
    /// let mut movers = Movers::new();
    /// let door = movers.add(Mover::new(BlockRegistry::built_in(), [(IVec3::ZERO, BlockId::STONE)], DVec3::new(5.25, 0.0, 0.0)).unwrap()).unwrap();
    /// let hit = movers.cast_ray(DVec3::new(0.0, 0.5, 0.5), DVec3::X, 10.0).unwrap().unwrap();
    /// assert_eq!((hit.mover, hit.distance), (door, 5.25));
    /// assert!(movers.cast_ray(DVec3::new(0.0, 0.5, 0.5), DVec3::X, 5.0).unwrap().is_none());
    /// ```
    ///
    /// # Errors
    /// [`QueryError`] for an origin or direction that is not finite, a zero
    /// direction, or a length outside 0 to [`MAX_DISPLACEMENT`].
    pub fn cast_ray(
        &self,
        origin: DVec3,
        direction: DVec3,
        max_distance: f64,
    ) -> Result<Option<MoverRayHit>, QueryError> {
        if !origin.is_finite() {
            return Err(QueryError::NotFinite { what: "origin" });
        }
        if !direction.is_finite() {
            return Err(QueryError::NotFinite { what: "direction" });
        }
        if !max_distance.is_finite() {
            return Err(QueryError::NotFinite { what: "length" });
        }
        if !(0.0..=MAX_DISPLACEMENT).contains(&max_distance) {
            return Err(QueryError::OutOfRange {
                what: "length",
                value: max_distance,
                limit: MAX_DISPLACEMENT,
            });
        }
        let Some(dir) = direction.try_normalize() else {
            return Err(QueryError::OutOfRange {
                what: "direction length",
                value: 0.0,
                limit: f64::INFINITY,
            });
        };
        let mut best: Option<MoverRayHit> = None;
        for (handle, mover) in self.iter() {
            if ray_box(origin, dir, &mover.bounds()).is_none_or(|(t, _)| t > max_distance) {
                continue;
            }
            for (index, (aabb, _)) in mover.boxes().enumerate() {
                if let Some((t, normal)) = ray_box(origin, dir, &aabb)
                    && t <= max_distance
                    && best.is_none_or(|b| t < b.distance)
                {
                    best = Some(MoverRayHit {
                        mover: handle,
                        block: mover.block_of_box(index),
                        distance: t,
                        point: origin + dir * t,
                        normal,
                    });
                }
            }
        }
        Ok(best)
    }

    /// Calls `visit` once for each mover block with a box overlapping
    /// `region` (touching does not count), where the movers are now: what a
    /// blast or a trigger zone meets.
    pub fn blocks_in_box(&self, region: &Aabb, mut visit: impl FnMut(MoverHandle, MoverBlock)) {
        for (handle, mover) in self.iter() {
            if !mover.bounds().overlaps_beyond(region, 0.0) {
                continue;
            }
            let mut last = None;
            for (index, (aabb, _)) in mover.boxes().enumerate() {
                let block = mover.block_of_box(index);
                if last != Some(block) && aabb.overlaps_beyond(region, 0.0) {
                    visit(handle, block);
                    last = Some(block);
                }
            }
        }
    }
}
