//! Bodies touching bodies: pushed apart as circles in the horizontal plane.

use glam::{DVec2, DVec3};
use rayon::prelude::*;

use super::{Body, Event};
use crate::geometry::{Contact, contact_circle_circle, separation};
use crate::resolver::{MoveError, Resolver, TOUCH_TOLERANCE};
use crate::world::BlockSource;

/// The circle a body is pushed as: its centre in the x–z plane and its radius.
fn circle(body: &Body) -> (DVec2, f64) {
    let c = body.aabb.center();
    let size = body.aabb.size();
    (DVec2::new(c.x, c.z), 0.5 * size.x.max(size.z))
}

/// Bodies whose pairs one task finds: enough to pay for its two binary searches.
const PAIR_SEARCH_BLOCK: usize = 1024;

/// A pair the broad phase found, and whether it touched where the phase began.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    pair: (u32, u32),
    in_contact: bool,
}

/// One body in the broad phase's grid: its cell, its index and its circle.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CrowdCell {
    cell: (i64, i64),
    index: u32,
    shape: Footprint,
}

/// What the exact test between two bodies reads: the circle and the height.
#[derive(Clone, Copy, Debug)]
struct Footprint {
    centre: DVec2,
    radius: f64,
    bottom: f64,
    top: f64,
}

impl Footprint {
    fn of(body: &Body) -> Self {
        let (centre, radius) = circle(body);
        Self {
            centre,
            radius,
            bottom: body.aabb.min.y,
            top: body.aabb.max.y,
        }
    }

    /// A cheap reject before the exact test: the circles' bounding squares overlap.
    #[inline]
    fn may_touch(&self, other: &Self) -> bool {
        let reach = self.radius + other.radius;
        (self.centre.x - other.centre.x).abs() < reach
            && (self.centre.y - other.centre.y).abs() < reach
    }

    /// The exact test: the boxes share some height and the circles overlap.
    fn contact(&self, other: &Self) -> Option<Contact<DVec2>> {
        let shares_height =
            self.bottom < other.top - TOUCH_TOLERANCE && other.bottom < self.top - TOUCH_TOLERANCE;
        if !shares_height {
            return None;
        }
        contact_circle_circle(self.centre, self.radius, other.centre, other.radius)
    }
}

/// Scratch space for [`push_bodies_apart`]: each body's grid cell, sorted.
pub(crate) type CrowdCells = Vec<CrowdCell>;

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
///
/// The sorted cells carry each body's circle, and a cell's neighbours are
/// found by cursors moving forward through them, so finding pairs reads
/// memory in order:
/// with 100,000 bodies, a hash map of cells and reads of bodies by index
/// missed the cache at every step.
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
        let shape = Footprint::of(b);
        let c = shape.centre / widest;
        CrowdCell {
            cell: (c.x.floor() as i64, c.y.floor() as i64),
            index: i as u32,
            shape,
        }
    };
    let order = |c: &CrowdCell| (c.cell, c.index);
    if parallel {
        bodies
            .par_iter()
            .enumerate()
            .map(cell_of)
            .collect_into_vec(cells);
        cells.par_sort_unstable_by_key(order);
    } else {
        cells.extend(bodies.iter().enumerate().map(cell_of));
        cells.sort_unstable_by_key(order);
    }
    let cells: &[CrowdCell] = cells;
    // The pairs of the bodies `cells[from..to]` with the rest of their own cell,
    // the three cells of the next row and the next cell of their own row (the
    // order the pushes are made in). Those cells come later in the sorted
    // list, and later for each later body, so two cursors that only move
    // forward find them: one binary search each per block of bodies.
    let candidates = |(from, to): (usize, usize)| -> Vec<Candidate> {
        let mut out = Vec::new();
        let first = cells[from].cell;
        let mut row = cells.partition_point(|c| c.cell < (first.0 + 1, first.1 - 1));
        let mut beside = cells.partition_point(|c| c.cell < (first.0, first.1 + 1));
        for k in from..to {
            let me = &cells[k];
            let (cx, cz) = me.cell;
            while row < cells.len() && cells[row].cell < (cx + 1, cz - 1) {
                row += 1;
            }
            while beside < cells.len() && cells[beside].cell < (cx, cz + 1) {
                beside += 1;
            }
            let own = cells[k + 1..].iter().take_while(|c| c.cell == me.cell);
            let next_row = cells[row..]
                .iter()
                .take_while(|c| c.cell <= (cx + 1, cz + 1));
            let next = cells[beside..]
                .iter()
                .take_while(|c| c.cell == (cx, cz + 1));
            for other in own.chain(next_row).chain(next) {
                if me.shape.may_touch(&other.shape) {
                    out.push(Candidate {
                        pair: (me.index.min(other.index), me.index.max(other.index)),
                        in_contact: me.shape.contact(&other.shape).is_some(),
                    });
                }
            }
        }
        out
    };
    let blocks = (0..cells.len())
        .step_by(PAIR_SEARCH_BLOCK)
        .map(|from| (from, (from + PAIR_SEARCH_BLOCK).min(cells.len())));
    let pairs: Vec<Candidate> = if parallel {
        blocks
            .collect::<Vec<_>>()
            .into_par_iter()
            .flat_map_iter(candidates)
            .collect()
    } else {
        blocks.flat_map(candidates).collect()
    };
    // A pair apart where the phase began can only touch at its turn if an
    // earlier push moved one of its bodies; the others are skipped without
    // reading the bodies (the same result as testing them, for a fraction of
    // the cache misses).
    let mut pushed = vec![false; bodies.len()];
    for candidate in &pairs {
        let (i, j) = (candidate.pair.0 as usize, candidate.pair.1 as usize);
        if candidate.in_contact || pushed[i] || pushed[j] {
            push_pair(world, resolver, bodies, events, &mut pushed, i, j)?;
        }
    }
    Ok(pairs.len())
}

/// Separates bodies `i < j` if their circles overlap and they share height.
fn push_pair<W: BlockSource + ?Sized>(
    world: &W,
    resolver: &mut Resolver,
    bodies: &mut [Body],
    events: &mut [Vec<Event>],
    pushed: &mut [bool],
    i: usize,
    j: usize,
) -> Result<(), MoveError> {
    let (a, b) = (bodies[i], bodies[j]);
    let Some(contact) = Footprint::of(&a).contact(&Footprint::of(&b)) else {
        return Ok(());
    };
    let (push_a, push_b) = separation(&contact, a.mobility, b.mobility);
    for (index, other, push) in [(i, j, push_a), (j, i, push_b)] {
        if push == DVec2::ZERO {
            continue;
        }
        pushed[index] = true;
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
