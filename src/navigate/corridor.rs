//! A corridor: the clusters along the coarse graph's quickest way from a
//! plan's start to its goal, and the clusters beside them. A search kept
//! to it expands the places of a band about that way rather than an
//! ellipse about the straight line, which over hills whose ways bend round
//! dead ends takes in most of a region. The way is found between the
//! nodes' mean places, so it is the quickest by the coarse graph alone:
//! the plan is the quickest within the corridor, not over the world.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use glam::{IVec2, IVec3};
use rustc_hash::{FxHashMap, FxHashSet};

use super::coarse_graph::CoarseGraph;
use super::coarse_layer::CoarseLayer;
use super::goal::Goal;
use super::layer_reach::goal_column;

/// The most clusters beside the way a corridor takes in: past that it
/// holds more clusters than a world's search would read.
const MOST_BESIDE: i32 = 16;

/// The clusters a search may expand places in.
#[derive(Clone, Debug)]
pub(super) struct Corridor {
    clusters: FxHashSet<IVec2>,
}

impl Corridor {
    /// Whether cluster `key` is in it.
    pub(super) fn holds(&self, key: IVec2) -> bool {
        self.clusters.contains(&key)
    }
}

impl CoarseLayer {
    /// The corridor from the place in cell `from` to `goal` over the
    /// clusters built, taking in `beside` clusters on each side of the
    /// way, if the coarse graph has a way there: `None` where
    /// `from` holds no place of a built cluster, or no place of the goal's
    /// cluster holds the goal, or no way leads there.
    ///
    /// Every node on the way is a strongly connected component of its
    /// cluster's own steps, and each leads to the next by a step, so a
    /// search kept to the corridor finds a plan wherever the way is found,
    /// unless a step on it is banned after a walk failed.
    pub(super) fn corridor(&mut self, from: IVec3, goal: Goal, beside: u32) -> Option<Corridor> {
        let beside = i32::try_from(beside).unwrap_or(i32::MAX).min(MOST_BESIDE);
        self.graph();
        let graph = self.graph.as_ref()?;
        let (cluster, index) = self.place_at(from)?;
        let start = graph.node_of(
            self.cluster_of(IVec2::new(from.x, from.z)),
            cluster.component[index],
        )?;
        let ends = self.goal_nodes(graph, goal);
        let way = quickest_way(graph, start, &ends)?;
        let mut clusters = FxHashSet::default();
        for node in way {
            let key = graph.node_centre[node as usize].1;
            for dx in -beside..=beside {
                for dz in -beside..=beside {
                    clusters.insert(key + IVec2::new(dx, dz));
                }
            }
        }
        Some(Corridor { clusters })
    }

    /// The nodes of the places of the goal's cluster that hold `goal`.
    fn goal_nodes(&self, graph: &CoarseGraph, goal: Goal) -> Vec<u32> {
        let key = self.cluster_of(goal_column(goal));
        let Some(cluster) = self.clusters.get(&key) else {
            return Vec::new();
        };
        let mut nodes: Vec<u32> = (0..cluster.len())
            .filter(|&index| {
                let place = cluster.standing(index);
                goal.reached(place.cell, place.feet)
            })
            .filter_map(|index| graph.node_of(key, cluster.component[index]))
            .collect();
        nodes.sort_unstable();
        nodes.dedup();
        nodes
    }
}

/// The nodes of the quickest way from node `start` to any of `ends`, by
/// the distances between their mean places (A*, the estimate left the
/// distance to the nearest end's): `None` where none is reached.
fn quickest_way(graph: &CoarseGraph, start: u32, ends: &[u32]) -> Option<Vec<u32>> {
    let centre = |node: u32| graph.node_centre[node as usize].0;
    let left = |node: u32| {
        ends.iter()
            .map(|&end| centre(node).distance(centre(end)))
            .fold(f64::INFINITY, f64::min)
    };
    // Distances are never negative, so their bits order as they do.
    let mut open = BinaryHeap::from([Reverse((left(start).to_bits(), start))]);
    let mut best: FxHashMap<u32, (f64, u32)> = FxHashMap::from_iter([(start, (0.0, start))]);
    let mut closed = FxHashSet::default();
    while let Some(Reverse((_, node))) = open.pop() {
        if !closed.insert(node) {
            continue;
        }
        if ends.contains(&node) {
            let mut way = vec![node];
            let mut at = node;
            while at != start {
                at = best[&at].1;
                way.push(at);
            }
            return Some(way);
        }
        let so_far = best[&node].0;
        for &next in &graph.node_steps[node as usize] {
            let far = so_far + centre(node).distance(centre(next));
            if best.get(&next).is_none_or(|&(b, _)| far < b) {
                best.insert(next, (far, node));
                open.push(Reverse(((far + left(next)).to_bits(), next)));
            }
        }
    }
    None
}
