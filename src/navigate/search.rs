//! One A* search over places: the places found, the best ticks to each
//! cell, the open list in order of ticks so far plus the estimate left, and
//! the place closest to the goal (the best partial plan).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use glam::{DVec3, IVec3};
use rustc_hash::FxHashMap;

use super::goal::Goal;
use super::plan::Plan;
use super::standing::Standing;
use super::step::Step;

/// A place reached, and how.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub(super) standing: Standing,
    pub(super) ticks: u32,
    came_by: Option<(usize, Step)>,
}

/// The state of one A* search: the places found, the best ticks to each
/// cell, the open list, and the place closest to the goal so far.
#[derive(Clone)]
pub(super) struct Search {
    goal: Goal,
    fastest: f64,
    pub(super) nodes: Vec<Node>,
    best_at: FxHashMap<IVec3, u32>,
    open: BinaryHeap<Reverse<(u64, u64, usize)>>,
    /// How far from the goal the closest place found is, and which.
    pub(super) closest: (f64, usize),
}

impl Search {
    pub(super) fn new(start: Standing, goal: Goal, fastest: f64) -> Search {
        let mut search = Search {
            goal,
            fastest,
            nodes: vec![Node {
                standing: start,
                ticks: 0,
                came_by: None,
            }],
            best_at: FxHashMap::from_iter([(start.cell, 0)]),
            open: BinaryHeap::new(),
            closest: (goal.distance(start.feet), 0),
        };
        search
            .open
            .push(Reverse((search.estimate(start.feet), 0, 0)));
        search
    }

    /// Ticks the distance left from `feet` takes at least.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // a small whole number of ticks
    fn estimate(&self, feet: DVec3) -> u64 {
        (self.goal.distance(feet) / self.fastest).ceil() as u64
    }

    /// The next place to expand, skipping ones reached faster since.
    pub(super) fn next(&mut self) -> Option<usize> {
        while let Some(Reverse((_, _, index))) = self.open.pop() {
            let node = &self.nodes[index];
            if self
                .best_at
                .get(&node.standing.cell)
                .is_none_or(|&t| t >= node.ticks)
            {
                return Some(index);
            }
        }
        None
    }

    /// Whether reaching `cell` in `ticks` could beat the best way found.
    pub(super) fn worth(&self, cell: IVec3, ticks: u32) -> bool {
        self.best_at.get(&cell).is_none_or(|&t| t > ticks)
    }

    /// Takes `step` from place `from` (costing `cost` ticks more than its
    /// own, [`PlaceCosts`](super::PlaceCosts)), if it beats the best way
    /// to its end.
    pub(super) fn reach(&mut self, from: usize, step: Step, cost: u32) {
        let ticks = self.nodes[from].ticks + step.ticks.saturating_add(cost);
        if !self.worth(step.to.cell, ticks) {
            return;
        }
        self.best_at.insert(step.to.cell, ticks);
        self.nodes.push(Node {
            standing: step.to,
            ticks,
            came_by: Some((from, step)),
        });
        let new = self.nodes.len() - 1;
        let left = self.goal.distance(step.to.feet);
        if left < self.closest.0 {
            self.closest = (left, new);
        }
        let order = u64::from(ticks) + self.estimate(step.to.feet);
        self.open.push(Reverse((order, new as u64, new)));
    }

    /// The steps from the start to place `end`.
    pub(super) fn steps_to(&self, end: usize) -> Vec<Step> {
        let mut steps = Vec::new();
        let mut at = end;
        while let Some((parent, step)) = self.nodes[at].came_by {
            steps.push(step);
            at = parent;
        }
        steps.reverse();
        steps
    }
}

/// One A* search of a plan, paused between places.
#[derive(Clone)]
pub(super) struct Searching {
    pub(super) search: Search,
    pub(super) goal: Goal,
    /// The body's own feet: the start is at the goal if they are.
    pub(super) body_feet: DVec3,
    pub(super) expanded: usize,
    pub(super) frontier: bool,
    pub(super) found: Option<usize>,
    pub(super) done: bool,
}

impl std::fmt::Debug for Searching {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Searching")
            .field("expanded", &self.expanded)
            .field("done", &self.done)
            .finish_non_exhaustive()
    }
}

impl Searching {
    pub(super) fn new(start: Standing, body_feet: DVec3, goal: Goal, fastest: f64) -> Searching {
        Searching {
            search: Search::new(start, goal, fastest),
            goal,
            body_feet,
            expanded: 0,
            frontier: false,
            found: None,
            done: false,
        }
    }

    /// The plan the search came to: to the goal, or the closest place.
    pub(super) fn plan(&self, start: Standing) -> Plan {
        let end = self.found.unwrap_or(self.search.closest.1);
        Plan {
            start,
            steps: self.search.steps_to(end),
            complete: self.found.is_some(),
            frontier: self.frontier,
            ticks: self.search.nodes[end].ticks,
            nodes: self.expanded,
            work: 0,
        }
    }
}
