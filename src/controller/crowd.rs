//! Bodies touching bodies: pushed apart as circles in the horizontal plane.

use std::ops::Range;

use glam::{DVec2, DVec3};
#[cfg(feature = "parallel")]
use rayon::prelude::*;
use rustc_hash::FxHashMap;

use super::body_view::BodyView;
use super::footprint::{Footprint, circle};
use super::phase_times::Timing;
use super::{Body, BodyHandle, Event, SyncIfParallel};
use crate::geometry::{Aabb, separation};
use crate::movers::Movers;
use crate::resolver::{MoveError, Resolver};
use crate::world::BlockSource;

/// Bodies whose pairs one task finds: enough to pay for its two binary searches.
const PAIR_SEARCH_BLOCK: usize = 1024;

/// A pair the broad phase found, and whether it touched where the phase began.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    pair: (u32, u32),
    in_contact: bool,
    /// The grid row (x cell) of the pair's first body in the sorted cells.
    row: i64,
}

/// One body in the broad phase's grid: its cell, its index, the slot of its
/// handle and its circle.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CrowdCell {
    cell: (i64, i64),
    index: u32,
    /// What breaks ties between bodies: the slot of the body's handle, which
    /// the inputs fix, where the index changes whenever the simulation
    /// reorders its bodies.
    slot: u32,
    shape: Footprint,
}

/// Scratch space for [`push_bodies_apart`]: each body's grid cell and
/// circle in body order, the same sorted, the sort keys, and the index of
/// the body of each handle slot.
#[derive(Clone, Debug, Default)]
pub(crate) struct CrowdCells {
    in_body_order: Vec<CrowdCell>,
    sorted: Vec<CrowdCell>,
    keys: Vec<u64>,
    index_of_slot: Vec<u32>,
}

/// Bits of a packed sort key for each grid axis (cells counted from the
/// crowd's smallest) and for the handle slot.
const KEY_AXIS_BITS: u32 = 21;
const KEY_INDEX_BITS: u32 = 64 - 2 * KEY_AXIS_BITS;

/// The grid cell holding `x` (a coordinate in cell widths): its floor, without
/// a call into the maths library; saturating, as `f64::floor(x) as i64` is.
#[inline]
fn grid_cell(x: f64) -> i64 {
    let truncated = x as i64; // toward zero
    truncated.saturating_sub(i64::from((truncated as f64) > x))
}

/// Sorts `cells.in_body_order` by grid cell, ties by handle slot, into
/// `cells.sorted`.
///
/// When the crowd's cells span less than 2²¹ on each axis and its handle
/// slots are fewer than 2²², which is every crowd a game runs, a cell and a slot pack
/// into one `u64` whose order is theirs: the sort then moves 8-byte keys, not
/// 72-byte cells, which dominated the broad phase of a large crowd, and the
/// cells are read back once in key order.
#[cfg_attr(not(feature = "parallel"), allow(unused_variables))]
fn sort_cells(cells: &mut CrowdCells, parallel: bool) {
    let CrowdCells {
        in_body_order,
        sorted,
        keys,
        index_of_slot,
    } = cells;
    let order = |c: &CrowdCell| (c.cell, c.slot);
    let bounds = |(lo, hi): ((i64, i64), (i64, i64)), c: &CrowdCell| {
        (
            (lo.0.min(c.cell.0), lo.1.min(c.cell.1)),
            (hi.0.max(c.cell.0), hi.1.max(c.cell.1)),
        )
    };
    let empty = ((i64::MAX, i64::MAX), (i64::MIN, i64::MIN));
    let (lo, hi) = match () {
        #[cfg(feature = "parallel")]
        () if parallel => in_body_order.par_iter().fold(|| empty, bounds).reduce(
            || empty,
            |(a_lo, a_hi), (b_lo, b_hi)| {
                (
                    (a_lo.0.min(b_lo.0), a_lo.1.min(b_lo.1)),
                    (a_hi.0.max(b_hi.0), a_hi.1.max(b_hi.1)),
                )
            },
        ),
        () => in_body_order.iter().fold(empty, bounds),
    };
    let span = |a: i64, b: i64| b.checked_sub(a).is_some_and(|d| d < 1 << KEY_AXIS_BITS);
    let slots = in_body_order.iter().map(|c| c.slot as usize + 1).max();
    let packs = span(lo.0, hi.0) && span(lo.1, hi.1) && slots <= Some(1 << KEY_INDEX_BITS);
    sorted.clear();
    if !packs {
        sorted.extend_from_slice(in_body_order);
        match () {
            #[cfg(feature = "parallel")]
            () if parallel => sorted.par_sort_unstable_by_key(order),
            () => sorted.sort_unstable_by_key(order),
        }
        return;
    }
    let key = |c: &CrowdCell| {
        ((c.cell.0 - lo.0) as u64) << (KEY_AXIS_BITS + KEY_INDEX_BITS)
            | ((c.cell.1 - lo.1) as u64) << KEY_INDEX_BITS
            | u64::from(c.slot)
    };
    index_of_slot.clear();
    index_of_slot.resize(slots.unwrap_or(0), 0);
    for c in in_body_order.iter() {
        index_of_slot[c.slot as usize] = c.index;
    }
    let index_mask = (1u64 << KEY_INDEX_BITS) - 1;
    let cell_of_key = |k: &u64| in_body_order[index_of_slot[(k & index_mask) as usize] as usize];
    match () {
        #[cfg(feature = "parallel")]
        () if parallel => {
            in_body_order.par_iter().map(key).collect_into_vec(keys);
            keys.par_sort_unstable();
            keys.par_iter().map(cell_of_key).collect_into_vec(sorted);
        }
        () => {
            keys.clear();
            keys.extend(in_body_order.iter().map(key));
            keys.sort_unstable();
            sorted.extend(keys.iter().map(cell_of_key));
        }
    }
}

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
/// handle slot, so the order of pushes, and the result, is the same on every
/// run and whatever order the bodies are kept in.
///
/// The pushes go row by row of the grid (rows run along z): a pair belongs to
/// the row of its first body and moves bodies of that row and the next only,
/// so the even rows are pushed independently of each other, then the odd
/// ones. Within a row, pairs are pushed in sorted order, each seeing the
/// pushes before it. With `parallel`, the cells, the candidate pairs and the
/// rows of each parity are handled on all of rayon's threads; the order of
/// pushes, fixed by the grid, is the same either way. Returns how many pairs
/// went on to the exact test.
///
/// The sorted cells carry each body's circle, and a cell's neighbours are
/// found by cursors moving forward through them, so finding pairs reads
/// memory in order:
/// with 100,000 bodies, a hash map of cells and reads of bodies by index
/// missed the cache at every step.
#[allow(clippy::too_many_arguments)] // the world and its movers, the crowd's parts
pub(crate) fn push_bodies_apart<W: BlockSource + SyncIfParallel>(
    world: &W,
    movers: Option<&Movers>,
    resolver: &mut Resolver,
    (bodies, handles, events): (&mut [Body], &[BodyHandle], &mut [Vec<Event>]),
    cells: &mut CrowdCells,
    (parallel, timing): (bool, &mut Timing),
) -> Result<usize, MoveError> {
    let widest = bodies
        .iter()
        .map(|b| 2.0 * circle(&b.aabb).1)
        .fold(0.0f64, f64::max);
    if bodies.len() < 2 || widest <= 0.0 {
        return Ok(0);
    }
    place_in_cells(bodies, handles, &mut cells.in_body_order, widest, parallel);
    timing.lap(|t| &mut t.push_cells);
    sort_cells(cells, parallel);
    timing.lap(|t| &mut t.push_sort);
    let cells: &[CrowdCell] = &cells.sorted;
    let candidates = |block: (usize, usize)| candidates_in(cells, block);
    let blocks = (0..cells.len())
        .step_by(PAIR_SEARCH_BLOCK)
        .map(|from| (from, (from + PAIR_SEARCH_BLOCK).min(cells.len())));
    let pairs: Vec<Candidate> = match () {
        #[cfg(feature = "parallel")]
        () if parallel => blocks
            .collect::<Vec<_>>()
            .into_par_iter()
            .flat_map_iter(candidates)
            .collect(),
        () => blocks.flat_map(candidates).collect(),
    };
    timing.lap(|t| &mut t.push_pairs);
    push_rows(
        world, movers, resolver, bodies, handles, events, &pairs, parallel,
    )?;
    timing.lap(|t| &mut t.push_apply);
    Ok(pairs.len())
}

/// Each body's grid cell (cells as wide as the widest body) and footprint,
/// in body order.
#[cfg_attr(not(feature = "parallel"), allow(unused_variables))]
fn place_in_cells(
    bodies: &[Body],
    handles: &[BodyHandle],
    in_body_order: &mut Vec<CrowdCell>,
    widest: f64,
    parallel: bool,
) {
    let cell_of = |(i, (b, h)): (usize, (&Body, &BodyHandle))| {
        let shape = Footprint::of_box(&b.aabb, b);
        let c = shape.centre / widest;
        CrowdCell {
            cell: (grid_cell(c.x), grid_cell(c.y)),
            index: i as u32,
            slot: h.slot(),
            shape,
        }
    };
    match () {
        #[cfg(feature = "parallel")]
        () if parallel => {
            bodies
                .par_iter()
                .zip(handles.par_iter())
                .enumerate()
                .map(cell_of)
                .collect_into_vec(in_body_order);
        }
        () => {
            in_body_order.clear();
            in_body_order.extend(bodies.iter().zip(handles).enumerate().map(cell_of));
        }
    }
}

/// The most pairs one body opens, and later bodies it looks at, in a tick's
/// pair search: a crowd stacked on one spot would otherwise hold pairs by the
/// square of its size (10,000 bodies: 50 million) and spend seconds a tick;
/// it is pushed apart over several ticks instead.
const MAX_PAIRS_PER_BODY: usize = 64;
const MAX_LOOKED_AT: usize = 1024;

/// The pairs of the bodies `cells[from..to]` with the rest of their own cell,
/// the three cells of the next row and the next cell of their own row (the
/// order the pushes are made in). Those cells come later in the sorted
/// list, and later for each later body, so two cursors that only move
/// forward find them: one binary search each per block of bodies.
fn candidates_in(cells: &[CrowdCell], (from, to): (usize, usize)) -> Vec<Candidate> {
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
        let looked_at = own.chain(next_row).chain(next).take(MAX_LOOKED_AT);
        for other in looked_at
            .filter(|other| me.shape.may_touch(&other.shape))
            .take(MAX_PAIRS_PER_BODY)
        {
            let (first, second) = if me.slot < other.slot {
                (me, other)
            } else {
                (other, me)
            };
            out.push(Candidate {
                pair: (first.index, second.index),
                in_contact: me.shape.contact(&other.shape).is_some(),
                row: cx,
            });
        }
    }
    out
}

/// Makes the pushes of `pairs`, row by row: pairs whose first body sits in
/// grid row `r` move only bodies of rows `r` and `r + 1`, so the rows of one
/// parity share no body and each is pushed on its own (in parallel when
/// asked), even rows first, then odd ones. The order is fixed by the grid,
/// not by the threads.
#[cfg_attr(not(feature = "parallel"), allow(unused_variables))]
#[allow(clippy::too_many_arguments)] // the crowd's parts, each read by a row
fn push_rows<W: BlockSource + SyncIfParallel>(
    world: &W,
    movers: Option<&Movers>,
    resolver: &mut Resolver,
    bodies: &mut [Body],
    handles: &[BodyHandle],
    events: &mut [Vec<Event>],
    pairs: &[Candidate],
    parallel: bool,
) -> Result<(), MoveError> {
    let rows = rows_of(pairs);
    let mut pushed = vec![false; bodies.len()];
    for parity in [0, 1] {
        let of_parity: Vec<&[Candidate]> = rows
            .iter()
            .filter(|(row, _)| row.rem_euclid(2) == parity)
            .map(|(_, range)| &pairs[range.clone()])
            .collect();
        let (bodies_now, pushed_now) = (&*bodies, &pushed);
        let outcomes: Vec<Result<RowPushes, MoveError>> = match () {
            #[cfg(feature = "parallel")]
            () if parallel => of_parity
                .par_iter()
                .map_init(Resolver::new, |resolver, row| {
                    push_row(world, movers, resolver, bodies_now, pushed_now, row)
                })
                .collect(),
            () => of_parity
                .iter()
                .map(|row| push_row(world, movers, resolver, bodies_now, pushed_now, row))
                .collect(),
        };
        for outcome in outcomes {
            let RowPushes {
                moved,
                events: row_events,
            } = outcome?;
            for (index, aabb) in moved {
                bodies[index as usize].aabb = aabb;
                pushed[index as usize] = true;
            }
            for (index, other, offset) in row_events {
                events[index as usize].push(Event::PushedByBody {
                    other: handles[other as usize],
                    offset,
                });
            }
        }
    }
    Ok(())
}

/// The runs of `pairs` that share the grid row of their first body, in order.
fn rows_of(pairs: &[Candidate]) -> Vec<(i64, Range<usize>)> {
    let mut rows: Vec<(i64, Range<usize>)> = Vec::new();
    for (k, candidate) in pairs.iter().enumerate() {
        match rows.last_mut() {
            Some((row, range)) if *row == candidate.row => range.end = k + 1,
            _ => rows.push((candidate.row, k..k + 1)),
        }
    }
    rows
}

/// What the pushes of one grid row did, applied once every row of its parity
/// has been pushed.
#[derive(Debug, Default)]
struct RowPushes {
    /// Each body the row moved, with its box after its last push.
    moved: Vec<(u32, Aabb)>,
    /// The pushes as events will tell them, in the order they happened: the
    /// body pushed, the other body, how far it moved.
    events: Vec<(u32, u32, DVec3)>,
}

/// Makes the pushes of one row's pairs, in order, reading `bodies` as they were
/// before the rows of this parity began (no other row of the parity moves
/// these bodies). A pair apart where the phase began can only touch at its
/// turn if an earlier push moved one of its bodies (`pushed` by an earlier
/// row, or by this one); the others are skipped without reading the bodies
/// (the same result as testing them, for a fraction of the cache misses).
fn push_row<W: BlockSource>(
    world: &W,
    movers: Option<&Movers>,
    resolver: &mut Resolver,
    bodies: &[Body],
    pushed: &[bool],
    pairs: &[Candidate],
) -> Result<RowPushes, MoveError> {
    let mut out = RowPushes::default();
    // Where in `out.moved` each body this row moved is.
    let mut slot_of: FxHashMap<u32, usize> = FxHashMap::default();
    for candidate in pairs {
        let (i, j) = candidate.pair;
        let moved_here = |k: u32| slot_of.contains_key(&k);
        if !(candidate.in_contact
            || pushed[i as usize]
            || pushed[j as usize]
            || moved_here(i)
            || moved_here(j))
        {
            continue;
        }
        let aabb_of = |k: u32| {
            slot_of
                .get(&k)
                .map_or(bodies[k as usize].aabb, |&slot| out.moved[slot].1)
        };
        let (a, b) = (aabb_of(i), aabb_of(j));
        let Some(contact) = Footprint::of_box(&a, &bodies[i as usize])
            .contact(&Footprint::of_box(&b, &bodies[j as usize]))
        else {
            continue;
        };
        let mobility = (bodies[i as usize].mobility, bodies[j as usize].mobility);
        let (push_a, push_b) = separation(&contact, mobility.0, mobility.1);
        for (index, other, start, push) in [(i, j, a, push_a), (j, i, b, push_b)] {
            if push == DVec2::ZERO {
                continue;
            }
            // The pushed body's own view: it may stand inside what it passes.
            let view = BodyView::with_feet(world, movers, &bodies[index as usize], start.min.y);
            let motion = resolver.move_box(&view, start, DVec3::new(push.x, 0.0, push.y))?;
            if let Some(&slot) = slot_of.get(&index) {
                out.moved[slot].1 = motion.end;
            } else {
                slot_of.insert(index, out.moved.len());
                out.moved.push((index, motion.end));
            }
            out.events.push((index, other, motion.end.min - start.min));
        }
    }
    Ok(out)
}
