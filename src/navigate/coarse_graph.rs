//! The coarse graph: a node for each strongly connected component of a
//! cluster's own steps, an edge wherever a step leads from one node's
//! place to another's, and the strongly connected components of that
//! graph, so whether a goal can be reached is a walk over a few thousand
//! components instead of a search over a world's places.

use glam::{DVec3, IVec2, IVec3};
use rustc_hash::FxHashMap;

use super::cluster::{Cluster, Exit};
use super::reach_map::strongly_connected;

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
    /// For each node, the nodes its places' steps lead to: what a
    /// [`Corridor`](super::corridor::Corridor) is found over.
    pub(super) node_steps: Vec<Vec<u32>>,
    /// For each node, the mean of its places' feet and its cluster.
    pub(super) node_centre: Vec<(DVec3, IVec2)>,
}

impl CoarseGraph {
    /// The graph over `clusters` (keyed by their lowest column over `size`)
    /// of which `fresh` accepts the up-to-date ones: a step into another
    /// cluster leads somewhere known only where that one is fresh.
    pub(super) fn new(
        clusters: &FxHashMap<IVec2, Cluster>,
        size: i32,
        fresh: &dyn Fn(IVec2) -> bool,
    ) -> CoarseGraph {
        let mut keys: Vec<IVec2> = clusters.keys().copied().collect();
        keys.sort_by_key(|k| (k.x, k.y));
        let mut first = FxHashMap::default();
        let mut nodes = 0u32;
        for key in &keys {
            first.insert(*key, nodes);
            nodes += clusters[key].components;
        }
        let mut edges: Vec<Vec<u32>> = vec![Vec::new(); nodes as usize];
        let mut node_open = vec![false; nodes as usize];
        let mut node_centre = Vec::with_capacity(nodes as usize);
        for key in &keys {
            let cluster = &clusters[key];
            let base = first[key];
            node_centre.extend(centres(cluster).into_iter().map(|c| (c, *key)));
            if cluster.frontier {
                for local in 0..cluster.components {
                    node_open[(base + local) as usize] = true;
                }
            }
            for (local, exit) in cluster.exits() {
                let node = (base + local) as usize;
                let (target, next) = match exit {
                    Exit::Own(other) => (*key, Some(other)),
                    Exit::Out((x, y, z)) => {
                        let to = IVec3::new(x, y, z);
                        let target = IVec2::new(x.div_euclid(size), z.div_euclid(size));
                        let other = clusters
                            .get(&target)
                            .filter(|_| fresh(target))
                            .and_then(|c| Some(c.component[c.index_of(to)?]));
                        (target, other)
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
            node_steps: edges,
            node_centre,
        }
    }

    /// The node of cluster `key`'s own component `local`, if that cluster
    /// is in the graph.
    pub(super) fn node_of(&self, key: IVec2, local: u32) -> Option<u32> {
        self.first.get(&key).map(|first| first + local)
    }

    /// The bytes it holds.
    pub(super) fn bytes(&self) -> usize {
        self.first.capacity() * (size_of::<(IVec2, u32)>() + 1)
            + self.component.capacity() * size_of::<u32>()
            + self.open.capacity()
            + self.node_centre.capacity() * size_of::<(DVec3, IVec2)>()
            + self
                .leads_to
                .iter()
                .chain(&self.node_steps)
                .map(|l| size_of::<Vec<u32>>() + l.capacity() * size_of::<u32>())
                .sum::<usize>()
    }

    /// The component of cluster `key`'s own component `local`.
    pub(super) fn component_of(&self, key: IVec2, local: u32) -> usize {
        self.component[(self.first[&key] + local) as usize] as usize
    }

    /// The components reached from `start`'s, as flags, and whether any
    /// of them is open.
    pub(super) fn reached_from(&self, start: u32) -> (Vec<bool>, bool) {
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

/// The mean feet of each of `cluster`'s own components' places.
fn centres(cluster: &Cluster) -> Vec<DVec3> {
    let mut sums = vec![(DVec3::ZERO, 0.0); cluster.components as usize];
    // Column by column, not place by place: a place's column is found by
    // a search, and the graph is made again after every edit.
    for (column, bounds) in cluster.columns.windows(2).enumerate() {
        #[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)] // size² columns
        let column = column as i32;
        let x = f64::from(cluster.origin.x + column / cluster.size) + 0.5;
        let z = f64::from(cluster.origin.y + column % cluster.size) + 0.5;
        for index in bounds[0] as usize..bounds[1] as usize {
            let sum = &mut sums[cluster.component[index] as usize];
            sum.0 += DVec3::new(x, cluster.places[index].feet_y, z);
            sum.1 += 1.0;
        }
    }
    sums.into_iter()
        .map(|(sum, n)| sum / f64::max(n, 1.0))
        .collect()
}
