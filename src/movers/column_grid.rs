//! Boxes found by the columns of the world they stand in: the movers near
//! a body, the bodies near a mover, without looking at every one.

use rustc_hash::FxHashMap;

use crate::geometry::Aabb;

/// The side of one column of the grid, in blocks: a body's reads span one
/// or two, a 20-block floor two or three.
const COLUMN: f64 = 16.0;

/// A box spanning more columns than this on either axis is kept aside and
/// looked at by every query, so that one vast box costs one entry.
const WIDEST: i64 = 8;

/// Ids of boxes by the grid columns (x, z) their boxes cross. A query
/// gives every id whose box may reach a region, in increasing order,
/// among a few more: the caller checks each against the region itself.
#[derive(Clone, Default)]
pub(crate) struct ColumnGrid {
    columns: FxHashMap<(i32, i32), Vec<u32>>,
    /// Ids of boxes too wide to list by column.
    wide: Vec<u32>,
    /// Whether it holds what it was built from; until it is built again,
    /// it finds nothing, and callers look at every box instead.
    built: bool,
}

/// The grid columns a box crosses on one axis, or `None` beyond
/// [`WIDEST`] (or not finite).
fn span(lo: f64, hi: f64) -> Option<(i32, i32)> {
    let (a, b) = ((lo / COLUMN).floor(), (hi / COLUMN).floor());
    if !(a.is_finite() && b.is_finite()) || b - a >= WIDEST as f64 {
        return None;
    }
    #[allow(clippy::cast_possible_truncation)] // within the world's coordinates over 16
    Some((a as i32, b as i32))
}

impl ColumnGrid {
    /// An empty grid, not built.
    pub(crate) const fn new() -> ColumnGrid {
        ColumnGrid {
            columns: FxHashMap::with_hasher(rustc_hash::FxBuildHasher),
            wide: Vec::new(),
            built: false,
        }
    }

    /// Forgets every box, to be built again. The columns the last build
    /// used keep their room; the others go, so it holds no more columns
    /// than its boxes last crossed.
    pub(crate) fn clear(&mut self) {
        self.columns.retain(|_, ids| {
            let used = !ids.is_empty();
            ids.clear();
            used
        });
        self.wide.clear();
        self.built = false;
    }

    /// Marks it out of date, in constant time (a mover added or removed):
    /// it finds nothing until cleared and built again.
    pub(crate) fn stale(&mut self) {
        self.built = false;
    }

    /// Whether it was built since last cleared.
    pub(crate) fn is_built(&self) -> bool {
        self.built
    }

    /// Marks it built: the boxes inserted since it was cleared are all.
    pub(crate) fn finish(&mut self) {
        self.built = true;
    }

    /// Lists `id` under every column `aabb` crosses.
    pub(crate) fn insert(&mut self, id: u32, aabb: &Aabb) {
        match (span(aabb.min.x, aabb.max.x), span(aabb.min.z, aabb.max.z)) {
            (Some((x0, x1)), Some((z0, z1))) => {
                for x in x0..=x1 {
                    for z in z0..=z1 {
                        self.columns.entry((x, z)).or_default().push(id);
                    }
                }
            }
            _ => self.wide.push(id),
        }
    }

    /// Writes into `out` the ids listed under the columns `region` crosses,
    /// and the wide ones, in increasing order, each once.
    pub(crate) fn near(&self, region: &Aabb, out: &mut Vec<u32>) {
        out.clear();
        out.extend_from_slice(&self.wide);
        match (
            span(region.min.x, region.max.x),
            span(region.min.z, region.max.z),
        ) {
            (Some((x0, x1)), Some((z0, z1))) => {
                for x in x0..=x1 {
                    for z in z0..=z1 {
                        if let Some(ids) = self.columns.get(&(x, z)) {
                            out.extend_from_slice(ids);
                        }
                    }
                }
            }
            _ => {
                for ids in self.columns.values() {
                    out.extend_from_slice(ids);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
    }

    /// Bytes it holds.
    pub(crate) fn bytes(&self) -> usize {
        self.columns.capacity() * std::mem::size_of::<((i32, i32), Vec<u32>)>()
            + self
                .columns
                .values()
                .map(|ids| ids.capacity() * 4)
                .sum::<usize>()
            + self.wide.capacity() * 4
    }
}

/// Printed as its name: it is derived data.
impl std::fmt::Debug for ColumnGrid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ColumnGrid")
    }
}
