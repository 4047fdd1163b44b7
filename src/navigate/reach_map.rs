//! Which places a body reaches from which: every place reachable from a
//! start, the steps between them (each one the controller made, as a
//! plan's), and their strongly connected components, so a goal that
//! nothing reachable holds is known at once, with the reachable place
//! closest to it.
//!
//! Reachability is directed (a drop of 3 is not climbed back, a leap or a
//! current goes one way): places that reach each other are one component,
//! and the components form a graph without cycles. Asking whether a goal
//! is reachable from a place walks that graph from the place's component
//! and looks at the places of the components it meets.

use glam::{IVec2, IVec3};
use rustc_hash::FxHashMap;

use super::goal::Goal;
use super::planner::{PlanError, Planner};
use super::standing::Standing;
use crate::controller::Body;
use crate::world::BlockSource;

/// What a [`ReachMap`] says of a goal from a place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Reachability {
    /// Some place reachable from there holds the goal.
    Reachable,
    /// No place reachable from there holds it; `closest` is the reachable
    /// place nearest the goal ([`Goal::distance`]).
    Unreachable {
        /// The reachable place nearest the goal.
        closest: Standing,
    },
    /// The map cannot say: the place is not in it, or its exploration ran
    /// out of work or met the edge of the known columns before it was
    /// whole, so a goal it did not see may be reachable.
    Unknown,
}

/// Every place reachable from where a body stood, with the steps between
/// them and their strongly connected components ([`Planner::reach_map`]).
/// It holds for the world as it was explored: after an edit, explore again.
#[derive(Clone, Debug)]
pub struct ReachMap {
    places: Vec<Standing>,
    index_of: FxHashMap<IVec3, u32>,
    /// For each place, its component.
    component: Vec<u32>,
    /// For each component, the components its steps lead to.
    leads_to: Vec<Vec<u32>>,
    /// For each component, its places.
    members: Vec<Vec<u32>>,
    /// Whether every place reachable from the start was explored.
    whole: bool,
    /// The work the exploration took ([`Planner::work_budget`]).
    work: u64,
}

impl ReachMap {
    /// The places explored.
    #[must_use]
    pub fn places(&self) -> usize {
        self.places.len()
    }

    /// The strongly connected components of the places.
    #[must_use]
    pub fn components(&self) -> usize {
        self.members.len()
    }

    /// Whether every place reachable from the start was explored: where
    /// not, an unreachable verdict is [`Reachability::Unknown`].
    #[must_use]
    pub fn whole(&self) -> bool {
        self.whole
    }

    /// The work the exploration took.
    #[must_use]
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Whether `goal` can be reached from the place in cell `from`.
    #[must_use]
    pub fn reachability(&self, from: IVec3, goal: Goal) -> Reachability {
        let Some(&start) = self.index_of.get(&from) else {
            return Reachability::Unknown;
        };
        let mut seen = vec![false; self.members.len()];
        let mut stack = vec![self.component[start as usize]];
        seen[stack[0] as usize] = true;
        let mut closest: Option<(f64, u32)> = None;
        while let Some(c) = stack.pop() {
            for &p in &self.members[c as usize] {
                let place = self.places[p as usize];
                if goal.reached(place.cell, place.feet) {
                    return Reachability::Reachable;
                }
                let d = goal.distance(place.feet);
                // Ties to the lower index: the place found first.
                if closest.is_none_or(|(best, q)| d < best || (d == best && p < q)) {
                    closest = Some((d, p));
                }
            }
            for &next in &self.leads_to[c as usize] {
                if !std::mem::replace(&mut seen[next as usize], true) {
                    stack.push(next);
                }
            }
        }
        match closest {
            Some((_, p)) if self.whole => Reachability::Unreachable {
                closest: self.places[p as usize],
            },
            _ => Reachability::Unknown,
        }
    }
}

impl Planner {
    /// Explores every place a body of this planner's size and settings
    /// reaches from where `body` stands, within the columns `known` accepts
    /// and the planner's [`work_budget`](Planner::work_budget) (charged as
    /// a plan's search is: a unit a place, each check its ticks), and finds
    /// the strongly connected components. Its steps are the planner's own
    /// (remembered in its [`StepMemory`](super::StepMemory), so a plan over
    /// the same ground afterwards checks nothing again).
    ///
    /// ```
    /// use voxwalk::block::BlockId;
    /// use voxwalk::controller::{Body, Settings};
    /// use voxwalk::glam::{DVec3, IVec3};
    /// use voxwalk::navigate::{Goal, Planner, Reachability};
    /// use voxwalk::world::World;
    ///
    /// let mut world = World::new();
    /// world.fill(IVec3::new(0, 0, 0), IVec3::new(12, 0, 4), BlockId::STONE);
    /// world.fill(IVec3::new(6, 1, 0), IVec3::new(12, 4, 4), BlockId::STONE); // a cliff
    /// let body = Body::new(DVec3::new(1.5, 1.0, 1.5), Body::DEFAULT_SIZE).unwrap();
    /// let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
    /// let map = planner.reach_map(&world, &body, &|_| true).unwrap();
    /// let on_top = Goal::Cell(IVec3::new(9, 5, 2));
    /// match map.reachability(IVec3::new(1, 1, 1), on_top) {
    ///     Reachability::Unreachable { closest } => assert_eq!(closest.cell.x, 5),
    ///     other => panic!("{other:?}"),
    /// }
    /// // Planned over the map: to the cliff's foot, at once.
    /// let plan = planner.plan_over(&world, &body, on_top, &map).unwrap();
    /// assert!(!plan.complete && plan.end().cell.x == 5);
    /// ```
    ///
    /// # Errors
    /// [`PlanError::NotStanding`] when the body stands on nothing.
    pub fn reach_map<W: BlockSource>(
        &mut self,
        world: &W,
        body: &Body,
        known: &dyn Fn(IVec2) -> bool,
    ) -> Result<ReachMap, PlanError> {
        let start = self.start_place(world, body)?;
        let mut places = vec![start];
        let mut index_of = FxHashMap::from_iter([(start.cell, 0u32)]);
        let mut steps: Vec<Vec<u32>> = vec![Vec::new()];
        let (mut work, mut whole) = (0u64, true);
        let mut moves = Vec::new();
        let mut next = 0;
        // Breadth first: every place reachable, each expanded once.
        while next < places.len() {
            if work >= self.work_budget {
                whole = false;
                break;
            }
            let from = places[next];
            work += 1;
            super::step::candidates(world, &mut self.places, &self.reach, &from, &mut moves);
            for &(to, kind) in &moves {
                if !self.within(known, &from, &to, kind) {
                    whole = false;
                    continue;
                }
                let (step, cost) = self.check(world, &from, to, kind);
                work += cost;
                if step.is_none() {
                    continue;
                }
                let index = *index_of.entry(to.cell).or_insert_with(|| {
                    places.push(to);
                    steps.push(Vec::new());
                    u32::try_from(places.len() - 1).unwrap_or(u32::MAX)
                });
                if !steps[next].contains(&index) {
                    steps[next].push(index);
                }
            }
            next += 1;
        }
        self.places.release();
        let (component, count) = strongly_connected(&steps);
        let mut members = vec![Vec::new(); count];
        let mut leads_to = vec![Vec::new(); count];
        for (p, &c) in component.iter().enumerate() {
            members[c as usize].push(u32::try_from(p).unwrap_or(u32::MAX));
            for &q in &steps[p] {
                let d = component[q as usize];
                if d != c && !leads_to[c as usize].contains(&d) {
                    leads_to[c as usize].push(d);
                }
            }
        }
        Ok(ReachMap {
            places,
            index_of,
            component,
            leads_to,
            members,
            whole,
            work,
        })
    }
}

impl Planner {
    /// [`Planner::plan`] told by `map` whether the goal can be reached:
    /// where the map knows it cannot, no search looks for it; the plan goes
    /// to the reachable place closest to it instead (and is not complete,
    /// the goal being where it is not). Where the map cannot say, as
    /// [`Planner::plan`].
    ///
    /// # Errors
    /// As [`Planner::plan`].
    pub fn plan_over<W: BlockSource>(
        &mut self,
        world: &W,
        body: &Body,
        goal: Goal,
        map: &ReachMap,
    ) -> Result<super::Plan, PlanError> {
        let from = body.feet().floor().as_ivec3();
        let Reachability::Unreachable { closest } = map.reachability(from, goal) else {
            return self.plan(world, body, goal);
        };
        let mut plan = self.plan(world, body, Goal::Cell(closest.cell))?;
        let feet = super::start::search_feet(body, &plan.start);
        plan.complete = super::planner::ends_at(&plan, feet, goal);
        Ok(plan)
    }
}

/// Tarjan's strongly connected components of the graph whose node `n`
/// leads to `edges[n]`, without recursion: each node's component, and how
/// many there are.
pub(super) fn strongly_connected(edges: &[Vec<u32>]) -> (Vec<u32>, usize) {
    const NONE: u32 = u32::MAX;
    let n = edges.len();
    let mut index = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut component = vec![NONE; n];
    let mut stack = Vec::new();
    let mut count = 0u32;
    let mut next_index = 0u32;
    // (node, how many of its edges were followed)
    let mut calls: Vec<(u32, usize)> = Vec::new();
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        calls.push((u32::try_from(root).unwrap_or(NONE), 0));
        while let Some(&mut (v, ref mut followed)) = calls.last_mut() {
            let vi = v as usize;
            if *followed == 0 && index[vi] == NONE {
                index[vi] = next_index;
                low[vi] = next_index;
                next_index += 1;
                stack.push(v);
                on_stack[vi] = true;
            }
            if let Some(&w) = edges[vi].get(*followed) {
                *followed += 1;
                let wi = w as usize;
                if index[wi] == NONE {
                    calls.push((w, 0));
                } else if on_stack[wi] {
                    low[vi] = low[vi].min(index[wi]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                let pi = parent as usize;
                low[pi] = low[pi].min(low[vi]);
            }
            if low[vi] == index[vi] {
                while let Some(w) = stack.pop() {
                    on_stack[w as usize] = false;
                    component[w as usize] = count;
                    if w == v {
                        break;
                    }
                }
                count += 1;
            }
        }
    }
    (component, count as usize)
}

#[cfg(test)]
mod tests {
    use super::strongly_connected;

    #[test]
    fn components_of_a_small_graph() {
        // 0 ⇄ 1 → 2 ⇄ 3, 4 alone, 4 → 0.
        let edges = vec![vec![1], vec![0, 2], vec![3], vec![2], vec![0]];
        let (component, count) = strongly_connected(&edges);
        assert_eq!(count, 3);
        assert_eq!(component[0], component[1]);
        assert_eq!(component[2], component[3]);
        assert_ne!(component[0], component[2]);
        assert_ne!(component[4], component[0]);
    }
}
