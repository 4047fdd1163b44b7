//! What the coarse layer says of a goal: the component of the coarse
//! graph the body's place is in, the components it leads to, and among
//! their places, looked at cluster by cluster in rings about the goal,
//! one that holds the goal or the closest.

use glam::{IVec2, IVec3};

use super::coarse_graph::CoarseGraph;
use super::coarse_layer::CoarseLayer;
use super::goal::Goal;
use super::reach_map::Reachability;
use super::standing::Standing;

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
        // Clusters in rings about the goal, nearest first: a place in ring
        // r is at least (r - 1) cluster sides from it.
        let size = self.shape.cluster_size;
        let centre = self.cluster_of(goal_column(goal));
        let rings = self.rings_to_search(centre, goal);
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
                    if !reached[graph.component_of(key, cluster.component[index])] {
                        continue;
                    }
                    let place = cluster.standing(index);
                    if goal.reached(place.cell, place.feet) {
                        return Reachability::Reachable;
                    }
                    let d = goal.distance(place.feet);
                    if best.is_none_or(|(b, p)| d < b || (d == b && less(place.cell, p.cell))) {
                        best = Some((d, place));
                    }
                }
            }
        }
        match best {
            Some((_, closest)) if !open => Reachability::Unreachable { closest },
            _ => Reachability::Unknown,
        }
    }

    /// How many rings of clusters about `centre` may hold a place that
    /// holds `goal` or comes closest to it: every built cluster's.
    fn rings_to_search(&self, centre: IVec2, goal: Goal) -> i32 {
        let _ = goal;
        self.clusters
            .keys()
            .map(|k| (*k - centre).abs().max_element())
            .max()
            .unwrap_or(0)
    }
}

/// The column a goal's rings are centred on.
#[allow(clippy::cast_possible_truncation)] // a goal inside the world
fn goal_column(goal: Goal) -> IVec2 {
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

/// The order ties of distance go by: the lower cell.
fn less(a: IVec3, b: IVec3) -> bool {
    (a.x, a.y, a.z) < (b.x, b.y, b.z)
}
