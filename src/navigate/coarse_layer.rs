//! The coarse layer: a world's places and checked steps kept by clusters
//! of columns, built as a plan or the game asks for them, built again when
//! an edit lands in what they read, dropped when their columns unload; and
//! over them the coarse graph of the clusters' own components, whose
//! strongly connected components say at once which goals can be reached.

use std::collections::BTreeMap;

use glam::{IVec2, IVec3};
use rustc_hash::FxHashMap;

use super::cluster::Cluster;
use super::coarse_graph::CoarseGraph;
use super::planner::Planner;
use crate::world::BlockSource;

/// How a [`CoarseLayer`] cuts the world: its clusters' side in columns and
/// the heights its places are looked for in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayerShape {
    /// A cluster's side, in columns: 16 (a chunk's) unless set.
    pub cluster_size: i32,
    /// The lowest cell feet may stand in.
    pub lowest: i32,
    /// The highest cell feet may stand in.
    pub highest: i32,
}

impl LayerShape {
    /// Clusters of 16 × 16 columns, places from `lowest` to `highest`.
    #[must_use]
    pub fn new(lowest: i32, highest: i32) -> LayerShape {
        LayerShape {
            cluster_size: 16,
            lowest,
            highest,
        }
    }

    /// The same, with clusters of `columns` × `columns` (from 1 to 1,024).
    #[must_use]
    pub fn with_cluster_size(self, columns: i32) -> LayerShape {
        LayerShape {
            cluster_size: columns.clamp(1, super::cluster::MOST_COLUMNS_ACROSS),
            ..self
        }
    }
}

/// The bytes a [`CoarseLayer`] holds unless told otherwise: 256 MiB.
pub const DEFAULT_LAYER_BYTES: usize = 256 << 20;

/// A world's places and checked steps by cluster, with the coarse graph
/// over them, for one [`Planner`] (its body size, settings and step
/// memory): plans over it check no step twice and know at once when a
/// goal cannot be reached ([`CoarseLayer::plan`]).
///
/// It holds what the world was when each cluster was built: tell it of
/// every edit ([`CoarseLayer::edited`]) and of columns that arrive or go
/// ([`CoarseLayer::columns_arrived`], [`CoarseLayer::columns_left`]).
///
/// ```
/// use voxwalk::block::BlockId;
/// use voxwalk::controller::{Body, Settings};
/// use voxwalk::glam::{DVec3, IVec2, IVec3};
/// use voxwalk::navigate::{CoarseLayer, Goal, LayerShape, Planner};
/// use voxwalk::world::World;
///
/// let mut world = World::new();
/// world.fill(IVec3::new(0, 0, 0), IVec3::new(47, 0, 47), BlockId::STONE);
/// let planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
/// let mut layer = CoarseLayer::new(planner, LayerShape::new(0, 8));
/// layer.build(&world, (IVec2::ZERO, IVec2::splat(47)), &|_| true);
/// assert_eq!(layer.clusters(), 9);
/// let body = Body::new(DVec3::new(1.5, 1.0, 1.5), Body::DEFAULT_SIZE).unwrap();
/// let goal = Goal::Cell(IVec3::new(40, 1, 40));
/// assert!(layer.plan(&world, &body, goal).unwrap().complete);
///
/// // A wall across the way, told to the layer: the clusters that read its
/// // cells are built again at the next plan, checking anew only the places
/// // and steps that read them.
/// for z in 0..48 {
///     world.fill(IVec3::new(20, 1, z), IVec3::new(20, 4, z), BlockId::STONE);
///     for y in 1..=4 {
///         layer.edited(IVec3::new(20, y, z));
///     }
/// }
/// let plan = layer.plan(&world, &body, goal).unwrap();
/// assert!(!plan.complete && plan.end().cell.x < 20);
/// ```
#[derive(Clone, Debug)]
pub struct CoarseLayer {
    pub(super) planner: Planner,
    pub(super) shape: LayerShape,
    pub(super) clusters: FxHashMap<IVec2, Cluster>,
    /// Clusters to build again before they are next read.
    /// The cells edited since it was built in each, or `None` where it is
    /// to be built afresh (columns it read arrived).
    dirty: BTreeMap<(i32, i32), Option<Vec<IVec3>>>,
    /// How far (columns) any build read past its own cluster: an edit
    /// further off than this from a cluster is outside what it read.
    read_reach: i32,
    /// The coarse graph, while no cluster changed since it was made.
    pub(super) graph: Option<CoarseGraph>,
    bytes: usize,
    /// The most bytes the clusters may hold ([`DEFAULT_LAYER_BYTES`]).
    pub max_bytes: usize,
    /// Where set, a plan's search keeps to a corridor: the clusters along
    /// the coarse graph's quickest way to the goal (between the mean places
    /// of its clusters' components) and this many clusters on each side
    /// (`None` unless set: the whole layer, plans the quickest there are).
    /// A crowd's plans then expand a band about their way rather than an
    /// ellipse about the straight line, much of a region where ways bend:
    /// fewer places, for plans the quickest within the corridor. With 1
    /// beside, over hills, plans took the same ticks with a third fewer
    /// places; with 0, a quarter of the places for ways about 5 % longer
    /// (`docs/navigation.md`). A search the corridor leaves without a way
    /// (a step on it could not be walked) searches the whole layer.
    pub corridor: Option<u32>,
}

/// Two layers are equal when they cut the world alike and hold the same
/// clusters, built from the same cells, with the same ones waiting to be
/// built again (the planners, caps and coarse graphs are not compared).
impl PartialEq for CoarseLayer {
    fn eq(&self, other: &CoarseLayer) -> bool {
        self.shape == other.shape && self.clusters == other.clusters && self.dirty == other.dirty
    }
}

impl CoarseLayer {
    /// An empty layer for `planner`'s bodies, cut as `shape` says (a
    /// cluster side from 1 to 1,024 columns).
    #[must_use]
    pub fn new(planner: Planner, shape: LayerShape) -> CoarseLayer {
        CoarseLayer {
            planner,
            // A side set by hand is held to what `with_cluster_size` takes.
            shape: shape.with_cluster_size(shape.cluster_size),
            clusters: FxHashMap::default(),
            dirty: BTreeMap::new(),
            read_reach: 0,
            graph: None,
            bytes: 0,
            max_bytes: DEFAULT_LAYER_BYTES,
            corridor: None,
        }
    }

    /// The planner its steps are checked with.
    #[must_use]
    pub fn planner(&self) -> &Planner {
        &self.planner
    }

    /// The planner, to set its budget or its highest drop (which changes
    /// what its steps are: clear the layer after that).
    pub fn planner_mut(&mut self) -> &mut Planner {
        &mut self.planner
    }

    /// How it cuts the world.
    #[must_use]
    pub fn shape(&self) -> LayerShape {
        self.shape
    }

    /// How many columns a step's body reaches past the cells of its ends.
    fn body_margin(&self) -> i32 {
        let size = self.planner.body_size();
        #[allow(clippy::cast_possible_truncation)] // a body a few blocks wide
        let margin = (size.x.max(size.z) / 2.0).ceil() as i32;
        margin
    }

    /// The clusters built.
    #[must_use]
    pub fn clusters(&self) -> usize {
        self.clusters.len()
    }

    /// The places its clusters hold.
    #[must_use]
    pub fn places(&self) -> usize {
        self.clusters.values().map(Cluster::len).sum()
    }

    /// The bytes its clusters and coarse graph hold.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.bytes + self.graph.as_ref().map_or(0, CoarseGraph::bytes)
    }

    /// The cluster holding column `column`.
    pub(super) fn cluster_of(&self, column: IVec2) -> IVec2 {
        IVec2::new(
            column.x.div_euclid(self.shape.cluster_size),
            column.y.div_euclid(self.shape.cluster_size),
        )
    }

    /// Builds every cluster holding a column of `lo..=hi` (columns x, z)
    /// that is not built yet or was edited since, over the columns `known`
    /// accepts: the work it took ([`Planner::work_budget`]).
    pub fn build<W: BlockSource>(
        &mut self,
        world: &W,
        (lo, hi): (IVec2, IVec2),
        known: &dyn Fn(IVec2) -> bool,
    ) -> u64 {
        let (a, b) = (self.cluster_of(lo), self.cluster_of(hi));
        let mut work = 0;
        for x in a.x..=b.x {
            for z in a.y..=b.y {
                work += self.ensure(world, IVec2::new(x, z), known);
            }
        }
        work
    }

    /// Builds cluster `key` if it is missing or was edited: the work it took.
    pub(super) fn ensure<W: BlockSource>(
        &mut self,
        world: &W,
        key: IVec2,
        known: &dyn Fn(IVec2) -> bool,
    ) -> u64 {
        let stale = self.dirty.remove(&(key.x, key.y));
        if stale.is_none() && self.clusters.contains_key(&key) {
            return 0;
        }
        let size = self.shape.cluster_size;
        let origin = key * size;
        let any_known = (0..size * size).any(|c| known(origin + IVec2::new(c / size, c % size)));
        if !any_known {
            // Nothing to build: a cluster none of whose columns is known is
            // left out (a step into it is one into columns not known).
            self.drop_cluster(key);
            return 0;
        }
        let heights = (self.shape.lowest, self.shape.highest);
        let edits = stale.flatten();
        let before = self.clusters.get(&key).zip(edits.as_deref());
        let (cluster, work) =
            self.planner
                .build_cluster(world, (key * size, size), (heights, known), before);
        if let Some((lo, hi)) = cluster.reads {
            let origin = key * size;
            let past = (origin - IVec2::new(lo.x, lo.z))
                .max(IVec2::new(hi.x, hi.z) - (origin + IVec2::splat(size - 1)));
            self.read_reach = self.read_reach.max(past.max_element());
        }
        self.bytes += cluster.bytes();
        if let Some(old) = self.clusters.insert(key, cluster) {
            self.bytes -= old.bytes();
        }
        self.graph = None;
        self.keep_within_cap(key);
        work
    }

    /// Past the cap, drops the clusters furthest from cluster `near` (ties
    /// by key) until it holds no more than the cap.
    fn keep_within_cap(&mut self, near: IVec2) {
        if self.bytes <= self.max_bytes {
            return;
        }
        let mut keys: Vec<IVec2> = self.clusters.keys().copied().collect();
        keys.sort_by_key(|k| (std::cmp::Reverse((*k - near).abs().max_element()), k.x, k.y));
        for key in keys {
            if self.bytes <= self.max_bytes || key == near {
                break;
            }
            self.drop_cluster(key);
        }
    }

    fn drop_cluster(&mut self, key: IVec2) {
        if let Some(old) = self.clusters.remove(&key) {
            self.bytes -= old.bytes();
            self.graph = None;
        }
        self.dirty.remove(&(key.x, key.y));
    }

    /// The clusters whose builds read cell `cell`: each is built again
    /// before it is next read. Call it for every block placed or dug.
    pub fn edited(&mut self, cell: IVec3) {
        let column = IVec2::new(cell.x, cell.z);
        let (a, b) = (
            self.cluster_of(column - IVec2::splat(self.read_reach)),
            self.cluster_of(column + IVec2::splat(self.read_reach)),
        );
        for x in a.x..=b.x {
            for z in a.y..=b.y {
                let key = IVec2::new(x, z);
                let read = self.clusters.get(&key).and_then(|c| c.reads);
                if read.is_some_and(|(lo, hi)| cell.cmpge(lo).all() && cell.cmple(hi).all()) {
                    let edits = self.dirty.entry((x, z)).or_insert_with(|| Some(Vec::new()));
                    if let Some(edits) = edits {
                        edits.push(cell);
                    }
                }
            }
        }
    }

    /// Columns `lo..=hi` arrived: clusters whose builds read one of their
    /// cells (as air), or left a step out for touching them, are built
    /// again before they are next read.
    pub fn columns_arrived(&mut self, lo: IVec2, hi: IVec2) {
        let margin = self.body_margin();
        let size = self.shape.cluster_size;
        let stale: Vec<IVec2> = self
            .clusters
            .iter()
            .filter(|(key, c)| {
                // Its own columns, and every cell it read, widened by the
                // columns a step's body reaches past them.
                let own = (
                    IVec3::new(key.x * size, 0, key.y * size),
                    IVec3::new(key.x * size + size - 1, 0, key.y * size + size - 1),
                );
                let cells = c.reads.map_or(own, |(a, b)| (a.min(own.0), b.max(own.1)));
                meets_columns(cells, margin, (lo, hi))
            })
            .map(|(k, _)| *k)
            .collect();
        for key in stale {
            self.dirty.insert((key.x, key.y), None);
        }
    }

    /// Columns `lo..=hi` were unloaded: every cluster that read one of
    /// their cells is dropped.
    pub fn columns_left(&mut self, lo: IVec2, hi: IVec2) {
        // A step's columns reach the body's half width past what it read.
        let margin = self.body_margin();
        let gone: Vec<IVec2> = self
            .clusters
            .iter()
            .filter(|(_, c)| {
                c.reads
                    .is_some_and(|cells| meets_columns(cells, margin, (lo, hi)))
            })
            .map(|(k, _)| *k)
            .collect();
        for key in gone {
            self.drop_cluster(key);
        }
    }

    /// Every cluster built again from the world as it is now.
    pub fn clear(&mut self) {
        self.clusters = FxHashMap::default();
        self.dirty.clear();
        self.graph = None;
        self.bytes = 0;
    }

    /// The cluster of cell `cell` and the index of its place there, if
    /// that cluster is built and holds one.
    pub(super) fn place_at(&self, cell: IVec3) -> Option<(&Cluster, usize)> {
        let key = self.cluster_of(IVec2::new(cell.x, cell.z));
        let cluster = self.clusters.get(&key)?;
        Some((cluster, cluster.index_of(cell)?))
    }

    /// Whether cluster `key` is built and up to date.
    pub(super) fn is_fresh(&self, key: IVec2) -> bool {
        self.clusters.contains_key(&key) && !self.dirty.contains_key(&(key.x, key.y))
    }

    /// Builds again every edited cluster: the work it took.
    pub(super) fn refresh<W: BlockSource>(
        &mut self,
        world: &W,
        known: &dyn Fn(IVec2) -> bool,
    ) -> u64 {
        let stale: Vec<(i32, i32)> = self.dirty.keys().copied().collect();
        stale
            .into_iter()
            .map(|(x, z)| self.ensure(world, IVec2::new(x, z), known))
            .sum()
    }
}

/// Whether the columns of `cells`, widened by `margin` columns, meet the
/// columns `lo..=hi` (x, z).
fn meets_columns((a, b): (IVec3, IVec3), margin: i32, (lo, hi): (IVec2, IVec2)) -> bool {
    a.x - margin <= hi.x && b.x + margin >= lo.x && a.z - margin <= hi.y && b.z + margin >= lo.y
}
