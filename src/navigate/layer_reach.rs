//! What the coarse layer says of a goal: the component of the coarse
//! graph the body's place is in, the components it leads to, and among
//! their places, looked at cluster by cluster in rings about the goal,
//! one that holds the goal or the closest.

use std::collections::BTreeSet;

use glam::{IVec2, IVec3};
use rustc_hash::FxHashSet;

use super::cluster::Exit;
use super::coarse_graph::CoarseGraph;
use super::coarse_layer::CoarseLayer;
use super::goal::Goal;
use super::reach_map::Reachability;
use super::standing::Standing;
use crate::world::BlockSource;

impl CoarseLayer {
    /// The coarse graph, made again if a cluster changed since.
    pub(super) fn graph(&mut self) -> &CoarseGraph {
        if self.graph.is_none() {
            let fresh = |key: IVec2| self.is_fresh(key);
            let graph = CoarseGraph::new(&self.clusters, self.shape.cluster_size, &fresh);
            self.graph = Some(graph);
        }
        self.graph
            .as_ref()
            .unwrap_or_else(|| unreachable!("just made"))
    }

    /// Whether `goal` can be reached from the place in `from`, by the
    /// clusters built (fresh ones: build again what was edited first). Where
    /// it cannot, the reachable place closest to it.
    pub(super) fn reachability_from(&mut self, from: IVec3, goal: Goal) -> Reachability {
        self.graph();
        let Some(graph) = self.graph.as_ref() else {
            return Reachability::Unknown;
        };
        let Some((cluster, index)) = self.place_at(from) else {
            return Reachability::Unknown;
        };
        let key = self.cluster_of(IVec2::new(from.x, from.z));
        #[allow(clippy::cast_possible_truncation)] // components number in u32
        let start = graph.component_of(key, cluster.component[index]) as u32;
        let (reached, open) = graph.reached_from(start);
        let accept = |key: IVec2, local: u32| reached[graph.component_of(key, local)];
        match self.closest_place(goal, &accept) {
            Closest::Holds => Reachability::Reachable,
            Closest::Nearest(closest) if !open => Reachability::Unreachable { closest },
            _ => Reachability::Unknown,
        }
    }

    /// Among the places of the built clusters that `accept` takes (by
    /// cluster and component), one holding `goal`, or else the closest to
    /// it (ties to the lowest cell): clusters looked at in rings about the
    /// goal, nearest first, while a ring may hold a closer place.
    fn closest_place(&self, goal: Goal, accept: &dyn Fn(IVec2, u32) -> bool) -> Closest {
        let size = self.shape.cluster_size;
        let centre = self.cluster_of(goal_column(goal));
        let rings = self.rings_to_search(centre);
        let mut best: Option<(f64, Standing)> = None;
        for ring in 0..=rings {
            if let Some((d, _)) = best
                && ring_bound(goal, ring, size) > d
            {
                break;
            }
            for key in ring_keys(centre, ring) {
                let Some(cluster) = self.clusters.get(&key) else {
                    continue;
                };
                for index in 0..cluster.len() {
                    if !accept(key, cluster.component[index]) {
                        continue;
                    }
                    let place = cluster.standing(index);
                    if goal.reached(place.cell, place.feet) {
                        return Closest::Holds;
                    }
                    let d = goal.distance(place.feet);
                    if best.is_none_or(|(b, p)| d < b || (d == b && less(place.cell, p.cell))) {
                        best = Some((d, place));
                    }
                }
            }
        }
        best.map_or(Closest::None, |(_, place)| Closest::Nearest(place))
    }

    /// How many rings of clusters about `centre` may hold a place that
    /// holds `goal` or comes closest to it: every built cluster's.
    fn rings_to_search(&self, centre: IVec2) -> i32 {
        self.clusters
            .keys()
            .map(|k| (*k - centre).abs().max_element())
            .max()
            .unwrap_or(0)
    }
}

/// What a look for a goal among places found.
enum Closest {
    /// A place that holds it.
    Holds,
    /// None holds it; this one is closest.
    Nearest(Standing),
    /// No place was looked at.
    None,
}

/// The column a goal's rings are centred on.
#[allow(clippy::cast_possible_truncation)] // a goal inside the world
pub(super) fn goal_column(goal: Goal) -> IVec2 {
    match goal {
        Goal::Cell(cell) => IVec2::new(cell.x, cell.z),
        Goal::Column { x, z } => IVec2::new(x, z),
        Goal::Near { point, .. } => IVec2::new(point.x.floor() as i32, point.z.floor() as i32),
        Goal::Height(_) => IVec2::ZERO,
    }
}

/// The cluster keys at Chebyshev distance `ring` from `centre`, in a fixed
/// order.
fn ring_keys(centre: IVec2, ring: i32) -> impl Iterator<Item = IVec2> {
    (-ring..=ring).flat_map(move |dx| {
        (-ring..=ring)
            .filter(move |dz| dx.abs() == ring || dz.abs() == ring)
            .map(move |dz| centre + IVec2::new(dx, dz))
    })
}

/// The least distance from `goal` of a place in a cluster `ring` rings
/// from the goal's own.
fn ring_bound(goal: Goal, ring: i32, size: i32) -> f64 {
    let across = f64::from((ring - 1).max(0) * size);
    match goal {
        Goal::Cell(_) | Goal::Column { .. } => across,
        Goal::Near { radius, .. } => across - radius,
        // Reached at any column: every ring may hold the closest.
        Goal::Height(_) => 0.0,
    }
}

/// A proof paused for the tick's work: asked again at the next slice.
pub(super) struct Paused;

/// The order ties of distance go by: the lower cell.
fn less(a: IVec3, b: IVec3) -> bool {
    (a.x, a.y, a.z) < (b.x, b.y, b.z)
}

/// The most columns a proof that a goal cannot be reached builds and
/// looks at about it ([`CoarseLayer::goal_side_proof`]): 64 clusters of
/// 16 × 16.
const MOST_COLUMNS_PROVED: usize = 64 * 256;

impl CoarseLayer {
    /// A proof, from the clusters about `goal` alone, that the body's place
    /// in `from` does not reach it, for a layer not built everywhere the
    /// body's places lead: the components whose places hold the goal,
    /// grown back along every step into them until no cluster that could
    /// step into them adds one (a step spans at most
    /// [`MOST_SWUM`](super::step::MOST_SWUM) columns, so those are the
    /// clusters that near). Where that set is whole (each such cluster
    /// built, none leaving a step out for a column not known, in at most
    /// [`MOST_COLUMNS_PROVED`] columns) and the body's place is not in it,
    /// nothing the body reaches holds the goal: the nearest place outside
    /// the set, among the clusters built, is returned, the place to plan
    /// to instead (reachable or not: the plan there says). `None` where it
    /// cannot say. The clusters it builds add their work to `work`; it
    /// pauses before building one once `work` reaches `until`, and is
    /// asked again from the start, the clusters built kept.
    pub(super) fn goal_side_proof<W: BlockSource>(
        &mut self,
        world: &W,
        from: IVec3,
        goal: Goal,
        allowance: (&dyn Fn(IVec2) -> bool, &mut u64, u64),
    ) -> Result<Option<Standing>, Paused> {
        let (known, work, until) = allowance;
        let size = self.shape.cluster_size;
        let rings = (super::step::MOST_SWUM + size - 1) / size;
        let Some(holding) = self.goal_clusters(goal) else {
            return Ok(None);
        };
        let mut into: FxHashSet<(IVec2, u32)> = FxHashSet::default();
        for &(x, z) in &holding {
            self.build_within(world, IVec2::new(x, z), (known, work, until))?;
            self.add_holders(IVec2::new(x, z), goal, &mut into);
        }
        loop {
            // Every cluster a step into the set could start in.
            let core = holding
                .iter()
                .copied()
                .chain(into.iter().map(|(k, _)| (k.x, k.y)))
                .collect::<BTreeSet<_>>();
            let near = core
                .iter()
                .flat_map(|&(x, z)| {
                    (-rings..=rings)
                        .flat_map(move |dx| (-rings..=rings).map(move |dz| (x + dx, z + dz)))
                })
                .collect::<BTreeSet<_>>();
            #[allow(clippy::cast_sign_loss)] // a side of at least 1
            let columns = near.len() * (size * size) as usize;
            if columns > MOST_COLUMNS_PROVED {
                return Ok(None);
            }
            for &(x, z) in &near {
                self.build_within(world, IVec2::new(x, z), (known, work, until))?;
            }
            if near.iter().any(|&(x, z)| {
                self.clusters
                    .get(&IVec2::new(x, z))
                    .is_none_or(|c| c.frontier)
            }) {
                return Ok(None);
            }
            let before = into.len();
            self.grow_back(&near, &mut into);

            if into.len() == before {
                break;
            }
        }
        let key = self.cluster_of(IVec2::new(from.x, from.z));
        let Some((cluster, index)) = self.place_at(from) else {
            return Ok(None);
        };
        if into.contains(&(key, cluster.component[index])) {
            return Ok(None);
        }
        // The place to go instead: the nearest the body surely reaches, by
        // the clusters between it and the goal.
        self.build_corridor(world, (from, goal_column(goal)), (known, work, until))?;
        self.graph();
        let (Some(graph), Some((cluster, index))) = (self.graph.as_ref(), self.place_at(from))
        else {
            return Ok(None);
        };
        #[allow(clippy::cast_possible_truncation)] // components number in u32
        let start = graph.component_of(key, cluster.component[index]) as u32;
        let (reached, _) = graph.reached_from(start);
        let accept = |key: IVec2, local: u32| reached[graph.component_of(key, local)];
        match self.closest_place(goal, &accept) {
            Closest::Nearest(place) => Ok(Some(place)),
            _ => Ok(None),
        }
    }

    /// Builds cluster `key` unless `work` has reached `until` and it is
    /// not built and fresh.
    fn build_within<W: BlockSource>(
        &mut self,
        world: &W,
        key: IVec2,
        (known, work, until): (&dyn Fn(IVec2) -> bool, &mut u64, u64),
    ) -> Result<(), Paused> {
        if *work >= until && !self.is_fresh(key) {
            return Err(Paused);
        }
        *work += self.ensure(world, key, known);
        Ok(())
    }

    /// Builds the clusters along the line from `from` to column `to`, and
    /// those beside them, if the line is short enough.
    fn build_corridor<W: BlockSource>(
        &mut self,
        world: &W,
        (from, to): (IVec3, IVec2),
        allowance: (&dyn Fn(IVec2) -> bool, &mut u64, u64),
    ) -> Result<(), Paused> {
        let (known, work, until) = allowance;
        let (a, b) = (
            self.cluster_of(IVec2::new(from.x, from.z)),
            self.cluster_of(to),
        );
        let along = (b - a).abs().max_element();
        #[allow(clippy::cast_sign_loss)] // a length
        let columns = (along as usize + 1) * 3 * (self.shape.cluster_size.pow(2) as usize);
        if columns > MOST_COLUMNS_PROVED {
            return Ok(());
        }
        for k in 0..=along {
            let t = f64::from(k) / f64::from(along.max(1));
            #[allow(clippy::cast_possible_truncation)] // between two keys
            let on = a + ((b - a).as_dvec2() * t).round().as_ivec2();
            for dx in -1..=1 {
                for dz in -1..=1 {
                    self.build_within(world, on + IVec2::new(dx, dz), (known, work, until))?;
                }
            }
        }
        Ok(())
    }

    /// The clusters that may hold a place holding `goal`, if few enough.
    fn goal_clusters(&self, goal: Goal) -> Option<BTreeSet<(i32, i32)>> {
        let (lo, hi) = match goal {
            Goal::Cell(_) | Goal::Column { .. } => {
                let key = self.cluster_of(goal_column(goal));
                (key, key)
            }
            Goal::Near { point, radius } => {
                #[allow(clippy::cast_possible_truncation)] // bounded below
                let corner = |d: f64| {
                    let column =
                        IVec2::new((point.x + d).floor() as i32, (point.z + d).floor() as i32);
                    self.cluster_of(column)
                };
                if radius > f64::from(self.shape.cluster_size) * 4.0 {
                    return None;
                }
                (corner(-radius), corner(radius))
            }
            Goal::Height(_) => return None,
        };
        Some(
            (lo.x..=hi.x)
                .flat_map(|x| (lo.y..=hi.y).map(move |z| (x, z)))
                .collect(),
        )
    }

    /// Adds to `into` the components of cluster `key` with a place holding
    /// `goal`.
    fn add_holders(&self, key: IVec2, goal: Goal, into: &mut FxHashSet<(IVec2, u32)>) {
        let Some(cluster) = self.clusters.get(&key) else {
            return;
        };
        for index in 0..cluster.len() {
            let place = cluster.standing(index);
            if goal.reached(place.cell, place.feet) {
                into.insert((key, cluster.component[index]));
            }
        }
    }

    /// Adds to `into`, until none is added, every component of the
    /// clusters `near` with a step into one of it.
    fn grow_back(&self, near: &BTreeSet<(i32, i32)>, into: &mut FxHashSet<(IVec2, u32)>) {
        loop {
            let before = into.len();
            for &(x, z) in near {
                let key = IVec2::new(x, z);
                let cluster = &self.clusters[&key];
                for (local, exit) in cluster.exits() {
                    let target = match exit {
                        Exit::Own(other) => Some((key, other)),
                        Exit::Out((tx, ty, tz)) => {
                            let cell = IVec3::new(tx, ty, tz);
                            let other = self.cluster_of(IVec2::new(tx, tz));
                            self.place_at(cell).map(|(c, i)| (other, c.component[i]))
                        }
                    };
                    if target.is_some_and(|t| into.contains(&t)) {
                        into.insert((key, local));
                    }
                }
            }
            if into.len() == before {
                return;
            }
        }
    }
}
