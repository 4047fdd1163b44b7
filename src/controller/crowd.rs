//! Bodies touching bodies: pushed apart as circles in the horizontal plane.

use glam::{DVec2, DVec3};
use rayon::prelude::*;
use rustc_hash::FxHashMap;

use super::{Body, Event};
use crate::geometry::{contact_circle_circle, separation};
use crate::resolver::{MoveError, Resolver, TOUCH_TOLERANCE};
use crate::world::BlockSource;

/// The circle a body is pushed as: its centre in the x–z plane and its radius.
fn circle(body: &Body) -> (DVec2, f64) {
    let c = body.aabb.center();
    let size = body.aabb.size();
    (DVec2::new(c.x, c.z), 0.5 * size.x.max(size.z))
}

/// Scratch space for [`push_bodies_apart`]: each body's grid cell, sorted.
pub(crate) type CrowdCells = Vec<(i64, i64, u32)>;

/// Ends the overlaps between bodies.
///
/// Two bodies whose boxes share some height are circles in the x–z plane (the
/// radius is half the larger of width and depth, the circle that holds the
/// box's footprint best for any heading). Overlapping circles are separated
/// along the line between their centres: a static body does not move and the
/// other takes the whole depth; two dynamic bodies move half each. Each push
/// goes through the resolver, so a body pushed towards a wall stops at it.
///
/// Pairs come from a uniform grid in x–z whose cells are as wide as the widest
/// circle, so circles that overlap sit in the same or neighbouring cells: each
/// body is tested against its own cell and four of its eight neighbours (the
/// other four test it). The cost grows with the bodies and their contacts,
/// not with the square of the count. The cells are sorted with ties broken by
/// index, so the order of pushes, and the result, is the same on every run.
/// With `parallel`, the cells and the candidate pairs are found on all of
/// rayon's threads; the pushes are made in the same order either way. Returns
/// how many pairs went on to the exact test.
pub(crate) fn push_bodies_apart<W: BlockSource + ?Sized>(
    world: &W,
    resolver: &mut Resolver,
    bodies: &mut [Body],
    events: &mut [Vec<Event>],
    cells: &mut CrowdCells,
    parallel: bool,
) -> Result<usize, MoveError> {
    let widest = bodies
        .iter()
        .map(|b| 2.0 * circle(b).1)
        .fold(0.0f64, f64::max);
    if bodies.len() < 2 || widest <= 0.0 {
        return Ok(0);
    }
    cells.clear();
    let cell_of = |(i, b): (usize, &Body)| {
        let c = circle(b).0 / widest;
        (c.x.floor() as i64, c.y.floor() as i64, i as u32)
    };
    if parallel {
        bodies
            .par_iter()
            .enumerate()
            .map(cell_of)
            .collect_into_vec(cells);
        cells.par_sort_unstable();
    } else {
        cells.extend(bodies.iter().enumerate().map(cell_of));
        cells.sort_unstable();
    }
    // Where each occupied cell's run of bodies starts and ends in `cells`.
    let mut runs: FxHashMap<(i64, i64), (u32, u32)> = FxHashMap::default();
    runs.reserve(cells.len());
    let mut start = 0;
    for k in 1..=cells.len() {
        if k == cells.len() || (cells[k].0, cells[k].1) != (cells[start].0, cells[start].1) {
            runs.insert((cells[start].0, cells[start].1), (start as u32, k as u32));
            start = k;
        }
    }
    // The candidate pairs, from where the bodies are before any push (so the
    // search can run on every thread and still give the same list, in order).
    let shared: &[Body] = bodies;
    let candidates = |k: usize| -> Vec<(u32, u32)> {
        let (cx, cz, me) = cells[k];
        // The rest of this cell, then the neighbours east and south of it.
        let own = runs[&(cx, cz)];
        let mut ranges = [(k as u32 + 1, own.1), (0, 0), (0, 0), (0, 0), (0, 0)];
        for (slot, (dx, dz)) in [(1, -1), (1, 0), (1, 1), (0, 1)].into_iter().enumerate() {
            if let Some(&run) = runs.get(&(cx + dx, cz + dz)) {
                ranges[slot + 1] = run;
            }
        }
        let mut out = Vec::new();
        for (lo, hi) in ranges {
            for at in lo..hi {
                let other = cells[at as usize].2;
                let (i, j) = (me.min(other), me.max(other));
                if circles_may_touch(&shared[i as usize], &shared[j as usize]) {
                    out.push((i, j));
                }
            }
        }
        out
    };
    let pairs: Vec<(u32, u32)> = if parallel {
        (0..cells.len())
            .into_par_iter()
            .flat_map_iter(candidates)
            .collect()
    } else {
        (0..cells.len()).flat_map(candidates).collect()
    };
    for &(i, j) in &pairs {
        push_pair(world, resolver, bodies, events, i as usize, j as usize)?;
    }
    Ok(pairs.len())
}

/// A cheap reject before the exact test: the circles' bounding squares overlap.
fn circles_may_touch(a: &Body, b: &Body) -> bool {
    let ((ca, ra), (cb, rb)) = (circle(a), circle(b));
    let reach = ra + rb;
    (ca.x - cb.x).abs() < reach && (ca.y - cb.y).abs() < reach
}

/// Separates bodies `i < j` if their circles overlap and they share height.
fn push_pair<W: BlockSource + ?Sized>(
    world: &W,
    resolver: &mut Resolver,
    bodies: &mut [Body],
    events: &mut [Vec<Event>],
    i: usize,
    j: usize,
) -> Result<(), MoveError> {
    let (a, b) = (bodies[i], bodies[j]);
    let shares_height = a.aabb.min.y < b.aabb.max.y - TOUCH_TOLERANCE
        && b.aabb.min.y < a.aabb.max.y - TOUCH_TOLERANCE;
    if !shares_height {
        return Ok(());
    }
    let ((ca, ra), (cb, rb)) = (circle(&a), circle(&b));
    let Some(contact) = contact_circle_circle(ca, ra, cb, rb) else {
        return Ok(());
    };
    let (push_a, push_b) = separation(&contact, a.mobility, b.mobility);
    for (index, other, push) in [(i, j, push_a), (j, i, push_b)] {
        if push == DVec2::ZERO {
            continue;
        }
        let body = &mut bodies[index];
        let start = body.aabb;
        let motion = resolver.move_box(world, start, DVec3::new(push.x, 0.0, push.y))?;
        body.aabb = motion.end;
        events[index].push(Event::PushedByBody {
            other,
            offset: (motion.end.min - start.min).to_array(),
        });
    }
    Ok(())
}
