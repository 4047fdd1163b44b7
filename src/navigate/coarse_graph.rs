//! The coarse graph: a node for each strongly connected component of a
//! cluster's own steps, an edge wherever a step leads from one node's
//! place to another's, and the strongly connected components of that
//! graph, so whether a goal can be reached is a walk over a few thousand
//! components instead of a search over a world's places.

use glam::{IVec2, IVec3};
use rustc_hash::FxHashMap;

use super::cluster::Exit;
use super::coarse_layer::CoarseLayer;
use super::goal::Goal;
use super::reach_map::{Reachability, strongly_connected};
use super::standing::Standing;

/// The coarse graph of a [`CoarseLayer`]'s clusters as they are.
#[derive(Clone, Debug)]
pub(super) struct CoarseGraph {
    /// Each cluster's first node (its components follow).
    first: FxHashMap<IVec2, u32>,
    /// Each node's component in the whole graph.
    component: Vec<u32>,
    /// For each component, the components its steps lead to.
    leads_to: Vec<Vec<u32>>,
    /// For each component, whether one of its places has a step to a
    /// place the layer has not built, or its cluster left a step out for a
    /// column not known: what lies past it is not known.
    open: Vec<bool>,
}

impl CoarseGraph {
    /// The graph over `layer`'s clusters (each built and fresh).
    pub(super) fn new(layer: &CoarseLayer) -> CoarseGraph {
        let mut keys: Vec<IVec2> = layer.clusters.keys().copied().collect();
        keys.sort_by_key(|k| (k.x, k.y));
        let mut first = FxHashMap::default();
        let mut nodes = 0u32;
        for key in &keys {
            first.insert(*key, nodes);
            nodes += layer.clusters[key].components;
        }
        let mut edges: Vec<Vec<u32>> = vec![Vec::new(); nodes as usize];
        let mut node_open = vec![false; nodes as usize];
        for key in &keys {
            let cluster = &layer.clusters[key];
            let base = first[key];
            if cluster.frontier {
                for local in 0..cluster.components {
                    node_open[(base + local) as usize] = true;
                }
            }
            for &(local, exit) in &cluster.exits {
                let node = (base + local) as usize;
                let (target, next) = match exit {
                    Exit::Own(other) => (*key, Some(other)),
                    Exit::Out((x, y, z)) => {
                        let to = IVec3::new(x, y, z);
                        let target = layer.cluster_of(IVec2::new(x, z));
                        let fresh = layer.is_fresh(target);
                        let other = layer.place_at(to).filter(|_| fresh);
                        (target, other.map(|(c, i)| c.component[i]))
                    }
                };
                match next {
                    Some(other) => edges[node].push(first[&target] + other),
                    None => node_open[node] = true,
                }
            }
        }
        for list in &mut edges {
            list.sort_unstable();
            list.dedup();
        }
        let (component, count) = strongly_connected(&edges);
        let mut leads_to = vec![Vec::new(); count];
        let mut open = vec![false; count];
        for (node, list) in edges.iter().enumerate() {
            let c = component[node] as usize;
            open[c] |= node_open[node];
            for &next in list {
                let d = component[next as usize];
                if d as usize != c {
                    leads_to[c].push(d);
                }
            }
        }
        for list in &mut leads_to {
            list.sort_unstable();
            list.dedup();
        }
        CoarseGraph {
            first,
            component,
            leads_to,
            open,
        }
    }

    /// The bytes it holds.
    pub(super) fn bytes(&self) -> usize {
        self.first.capacity() * (size_of::<(IVec2, u32)>() + 1)
            + self.component.capacity() * size_of::<u32>()
            + self.open.capacity()
            + self
                .leads_to
                .iter()
                .map(|l| size_of::<Vec<u32>>() + l.capacity() * size_of::<u32>())
                .sum::<usize>()
    }

    /// The components reached from `start`'s, as flags, and whether any
    /// of them is open.
    fn reached_from(&self, start: u32) -> (Vec<bool>, bool) {
        let mut seen = vec![false; self.leads_to.len()];
        let mut stack = vec![start];
        seen[start as usize] = true;
        let mut open = false;
        while let Some(c) = stack.pop() {
            open |= self.open[c as usize];
            for &next in &self.leads_to[c as usize] {
                if !std::mem::replace(&mut seen[next as usize], true) {
                    stack.push(next);
                }
            }
        }
        (seen, open)
    }
}

impl CoarseLayer {
    /// The coarse graph, made again if a cluster changed since.
    pub(super) fn graph(&mut self) -> &CoarseGraph {
        if self.graph.is_none() {
            self.graph = Some(CoarseGraph::new(self));
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
        let start = graph.component[(graph.first[&key] + cluster.component[index]) as usize];
        let (reached, open) = graph.reached_from(start);
        let component_of =
            |key: IVec2, local: u32| graph.component[(graph.first[&key] + local) as usize] as usize;
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
                    if !reached[component_of(key, cluster.component[index])] {
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
