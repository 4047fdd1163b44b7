//! World cell ↔ (chunk, cell within chunk) coordinates.
//!
//! Chunks are cubes of [`CHUNK_EDGE`] = 16 cells. Division is floor division
//! (an arithmetic shift, which rounds toward −∞), so cell −1 lives in chunk −1
//! at local 15, and the world is unbounded in every direction, negative ones
//! included.

use glam::{DVec3, IVec3};

/// Base-two logarithm of the chunk edge.
pub const CHUNK_EDGE_BITS: u32 = 4;
/// Cells along each edge of a chunk: 16, a power of two so that chunk and local
/// coordinates are a shift and a mask.
pub const CHUNK_EDGE: i32 = 1 << CHUNK_EDGE_BITS;
/// Cells in one chunk.
pub const CHUNK_VOLUME: usize = (CHUNK_EDGE * CHUNK_EDGE * CHUNK_EDGE) as usize;

/// The cell holding the point `p`: each component rounded toward −∞.
///
/// The same as `p.floor().as_ivec3()` for every `|p| < 2³¹`, without a call into
/// the maths library (`floor` is not an instruction on baseline x86-64). Defined
/// for any input: NaN gives 0 and out-of-range values saturate. The resolver,
/// whose inputs are validated first, uses a cheaper form of the same floor.
///
/// ```
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::world::cell_containing;
/// assert_eq!(cell_containing(DVec3::new(2.5, -0.25, -3.0)), IVec3::new(2, -1, -3));
/// ```
#[inline]
#[must_use]
pub fn cell_containing(p: DVec3) -> IVec3 {
    let truncated = p.as_ivec3(); // rounds toward zero
    let above = truncated.as_dvec3().cmpgt(p); // only for negative non-integers
    // Saturating: below −2³¹ the truncation is already `i32::MIN`.
    truncated.saturating_sub(IVec3::select(above, IVec3::ONE, IVec3::ZERO))
}

/// The chunk holding world cell `cell`.
///
/// ```
/// use voxwalk::glam::IVec3;
/// use voxwalk::world::chunk_of;
/// assert_eq!(chunk_of(IVec3::new(15, 16, -1)), IVec3::new(0, 1, -1));
/// ```
#[inline]
#[must_use]
pub fn chunk_of(cell: IVec3) -> IVec3 {
    // `>>` on signed integers is floor division by a power of two.
    cell >> CHUNK_EDGE_BITS
}

/// Where `cell` lies inside its chunk, each component in `0..CHUNK_EDGE`.
///
/// ```
/// use voxwalk::glam::IVec3;
/// use voxwalk::world::local_of;
/// assert_eq!(local_of(IVec3::new(15, 16, -1)), IVec3::new(15, 0, 15));
/// ```
#[inline]
#[must_use]
pub fn local_of(cell: IVec3) -> IVec3 {
    cell & IVec3::splat(CHUNK_EDGE - 1)
}

/// The world cell at `local` inside `chunk`: the inverse of
/// ([`chunk_of`], [`local_of`]).
///
/// ```
/// use voxwalk::glam::IVec3;
/// use voxwalk::world::{cell_of, chunk_of, local_of};
/// let cell = IVec3::new(-17, 40, 3);
/// assert_eq!(cell_of(chunk_of(cell), local_of(cell)), cell);
/// ```
#[inline]
#[must_use]
pub fn cell_of(chunk: IVec3, local: IVec3) -> IVec3 {
    chunk * CHUNK_EDGE + local
}

/// Index of a local cell in a chunk's flat storage (x slowest, z fastest: the
/// standard layout of a `[x, y, z]`-indexed array).
#[inline]
#[must_use]
pub const fn index_of(local: IVec3) -> usize {
    ((local.x * CHUNK_EDGE + local.y) * CHUNK_EDGE + local.z) as usize
}

#[cfg(test)]
mod tests {
    use glam::DVec3;

    use super::cell_containing;

    proptest::proptest! {
        #[test]
        fn cell_containing_is_floor(v in proptest::array::uniform3(-2.2e9f64..2.2e9), small in proptest::array::uniform3(-3.0f64..3.0)) {
            for p in [DVec3::from_array(v).clamp(DVec3::splat(-2.1e9), DVec3::splat(2.1e9)), DVec3::from_array(small)] {
                proptest::prop_assert_eq!(cell_containing(p), p.floor().as_ivec3());
            }
        }
    }

    #[test]
    fn cell_containing_on_integers_and_just_below() {
        for x in [
            -3.0,
            -1.0,
            -0.0,
            0.0,
            1.0,
            2.0,
            -1e-300,
            1e-300,
            -0.5,
            0.999_999_999_999_999_9,
            -1e9,
            1e9,
        ] {
            let p = DVec3::splat(x);
            assert_eq!(cell_containing(p), p.floor().as_ivec3(), "{x}");
        }
    }

    #[test]
    fn cell_containing_outside_the_i32_range_saturates() {
        let p = DVec3::new(-1e10, 1e10, f64::NAN);
        assert_eq!(cell_containing(p), glam::IVec3::new(i32::MIN, i32::MAX, 0));
        let p = DVec3::new(f64::NEG_INFINITY, f64::INFINITY, -2_147_483_648.5);
        assert_eq!(
            cell_containing(p),
            glam::IVec3::new(i32::MIN, i32::MAX, i32::MIN)
        );
    }
}
