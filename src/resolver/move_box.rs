//! The resolver loop: sweep, stop short of the first hit, slide, repeat.

use glam::{DVec3, IVec3};

use super::cell_range::{CellRange, cell_containing_validated};
use super::limits::MAX_PASSES;
use super::pass::{Candidate, Pass, PassHit};
use super::sweep_box_box::{Sweep, sweep_box_box};
use super::tolerances::WHOLE_PATH_LENGTH;
use super::validate::validate;
use super::{Motion, MoveError, SEGMENT_LENGTH, TOUCH_TOLERANCE};
use crate::geometry::Aabb;
use crate::world::BlockSource;

/// Moves boxes through a world without letting them pass through a block.
///
/// Holds scratch space so that repeated moves do not allocate: keep one per
/// thread and call [`Resolver::move_box`] as often as you like.
///
/// ```
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::geometry::Aabb;
/// use voxwalk::resolver::{CONTACT_GAP, Resolver};
/// use voxwalk::block::BlockId;
/// use voxwalk::world::World;
///
/// let mut world = World::new();
/// world.fill(IVec3::new(-8, -1, -8), IVec3::new(8, -1, 8), BlockId::STONE); // floor
/// world.fill(IVec3::new(3, 0, -8), IVec3::new(3, 3, 8), BlockId::BRICK); // wall at x = 3
///
/// let body = Aabb::from_feet(DVec3::new(0.5, 0.5, 0.5), DVec3::new(0.6, 1.8, 0.6));
/// let mut resolver = Resolver::new();
/// // Falling while running at the wall: stopped by the wall at t = 0.44, by the
/// // floor at t = 0.5, and the z part of the move carries on all the way.
/// let m = resolver.move_box(&world, body, DVec3::new(5.0, -1.0, 2.0)).unwrap();
/// assert_eq!(m.end.max.x, 3.0 - CONTACT_GAP);
/// assert_eq!(m.end.min.y, 0.0 + CONTACT_GAP);
/// assert!((m.end.min.z - (0.2 + 2.0)).abs() < 1e-12);
/// assert_eq!(m.hits.len(), 2);
/// ```
#[derive(Debug, Default)]
pub struct Resolver {
    /// The solid boxes gathered for the passes of a short move, in the
    /// move's frame: what each pass sweeps, read as one tight run of boxes.
    boxes: Vec<Aabb>,
    /// The world cell of the block each of `boxes` belongs to (same index),
    /// read only for the box a pass hits.
    cells: Vec<IVec3>,
}

/// The boxes `shape` of the block at world cell `cell`, in the frame whose
/// origin is the cell `origin`.
#[inline]
fn boxes_in_frame(cell: IVec3, shape: &[Aabb], origin: IVec3) -> impl Iterator<Item = Aabb> + '_ {
    let base = (cell - origin).as_dvec3();
    shape.iter().map(move |shape| shape.translated(base))
}

/// What gathering along one pass found.
struct Gathered {
    /// The earliest contact.
    earliest: Option<PassHit>,
    /// Whether the box overlaps a solid where it starts.
    start_overlaps: bool,
}

#[inline]
fn keep_earliest(best: &mut Option<PassHit>, hit: PassHit) {
    if best.is_none_or(|b| hit.sweep.precedes(&b.sweep)) {
        *best = Some(hit);
    }
}

impl Resolver {
    /// A resolver with empty scratch space.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Moves `aabb` by `displacement` through `world`, stopping at blocks and
    /// sliding along them.
    ///
    /// 1. If the box starts inside solids it is pushed out first (least
    ///    penetration), and the motion says so.
    /// 2. Each pass finds the earliest block the box would enter, walking the path
    ///    in segments of at most [`SEGMENT_LENGTH`] so the work grows with the
    ///    path, not the volume it spans.
    /// 3. The box moves to that instant and stops [`CONTACT_GAP`](super::CONTACT_GAP) short of the
    ///    face it met; the blocked axis of what is left of the move is zeroed
    ///    (wall sliding), and the next pass sweeps the rest.
    /// 4. A pass with no hit moves the box the whole way and ends the move. At
    ///    most [`MAX_PASSES`] passes run.
    ///
    /// All arithmetic runs in a frame whose origin is the cell of the box's
    /// minimum corner, so a move 30 million blocks out gives the same answer as at
    /// the origin, up to the rounding of the final position.
    ///
    /// # Errors
    /// [`MoveError`] when the box or the displacement is not finite, the box is
    /// inverted, larger than [`MAX_BOX_EDGE`](super::limits::MAX_BOX_EDGE) or farther out than
    /// [`MAX_COORDINATE`](super::limits::MAX_COORDINATE), or the displacement exceeds [`MAX_DISPLACEMENT`](super::limits::MAX_DISPLACEMENT).
    /// Nothing moves then.
    pub fn move_box<W: BlockSource>(
        &mut self,
        world: &W,
        aabb: Aabb,
        displacement: DVec3,
    ) -> Result<Motion, MoveError> {
        let mut motion = Motion::at_rest(aabb);
        self.move_box_into(world, aabb, displacement, &mut motion)?;
        Ok(motion)
    }

    /// [`Resolver::move_box`], writing the outcome into `motion` instead of
    /// returning it: a `Motion` holds its three hits inline (a few hundred
    /// bytes), and a caller that moves every tick (the controller, a crowd)
    /// keeps one and saves copying it out on every move. On an error
    /// `motion` is left as it was.
    ///
    /// ```
    /// use voxwalk::glam::{DVec3, IVec3};
    /// use voxwalk::geometry::Aabb;
    /// use voxwalk::resolver::{Motion, Resolver};
    /// use voxwalk::block::BlockId;
    /// use voxwalk::world::World;
    ///
    /// let mut world = World::new();
    /// world.fill(IVec3::new(-8, -1, -8), IVec3::new(8, -1, 8), BlockId::STONE);
    /// let body = Aabb::from_feet(DVec3::new(0.5, 0.5, 0.5), DVec3::new(0.6, 1.8, 0.6));
    /// let (mut resolver, mut motion) = (Resolver::new(), Motion::at_rest(body));
    /// resolver.move_box_into(&world, body, DVec3::new(0.0, -1.0, 0.0), &mut motion).unwrap();
    /// assert!(motion.blocked.y);
    /// assert_eq!(motion, resolver.move_box(&world, body, DVec3::new(0.0, -1.0, 0.0)).unwrap());
    /// ```
    ///
    /// # Errors
    /// As [`Resolver::move_box`].
    pub fn move_box_into<W: BlockSource>(
        &mut self,
        world: &W,
        aabb: Aabb,
        displacement: DVec3,
        motion: &mut Motion,
    ) -> Result<(), MoveError> {
        validate(&aabb, displacement)?;
        let origin = cell_containing_validated(aabb.min);
        let mut pass = Pass::new(aabb, displacement, origin);
        if displacement == DVec3::ZERO {
            // 1. No move to gather for: look for solids the box starts
            //    inside directly.
            pass.push_out(world);
        }
        motion.start = aabb;
        motion.hits.clear();
        for number in 0..MAX_PASSES {
            if pass.remaining == DVec3::ZERO {
                break;
            }
            // 2. The earliest contact along what is left.
            let Some(hit) = self.next_contact(world, &mut pass, number == 0) else {
                // 4. Free all the way.
                pass.current = pass.current.translated(pass.remaining);
                pass.remaining = DVec3::ZERO;
                break;
            };
            // 3. Stop short of the face and slide.
            pass.stop_and_slide(world, &hit, &mut motion.hits);
        }
        pass.finish(motion);
        Ok(())
    }

    /// The earliest contact along what is left of `pass`'s move. A move of
    /// at most [`WHOLE_PATH_LENGTH`] on every axis (every walking tick)
    /// gathers the blocks around its whole path
    /// once, and this and every later pass sweep that list; a longer path is
    /// gathered segment by segment as it is swept. Where two boxes are met
    /// at the same instant in the same way, the list's order would choose:
    /// on a path longer than a segment the walk in segments answers then,
    /// so the box named is the one it has always named. The first gathering
    /// covers the start box, so the first pass also learns, at no extra
    /// lookup, whether the box starts inside a solid: it is pushed out
    /// (step 1) and gathers again from there.
    #[inline]
    fn next_contact<W: BlockSource>(
        &mut self,
        world: &W,
        pass: &mut Pass,
        first: bool,
    ) -> Option<PassHit> {
        if first || pass.gathered_long {
            let reach = pass.remaining.abs().max_element();
            if pass.gathered_long || (reach > SEGMENT_LENGTH && reach <= WHOLE_PATH_LENGTH) {
                return self.next_contact_on_long_path(world, pass, first);
            }
        }
        self.next_contact_by_segments(world, pass, first)
    }

    /// [`Resolver::next_contact`] gathering the whole path of what is left
    /// of at most a segment, and a longer one segment by segment.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn next_contact_by_segments<W: BlockSource>(
        &mut self,
        world: &W,
        pass: &mut Pass,
        first: bool,
    ) -> Option<PassHit> {
        if pass.gathered_whole_path || pass.remaining.abs().max_element() <= SEGMENT_LENGTH {
            if !pass.gathered_whole_path {
                self.gather_whole_path(world, pass, first);
            }
            self.earliest_among_candidates(&pass.current, pass.remaining)
        } else {
            let mut gathered = Self::gather_earliest(
                world,
                &pass.current,
                pass.remaining,
                pass.origin,
                &mut pass.lookups,
            );
            if first && gathered.start_overlaps {
                pass.push_out(world);
                gathered = Self::gather_earliest(
                    world,
                    &pass.current,
                    pass.remaining,
                    pass.origin,
                    &mut pass.lookups,
                );
            }
            gathered.earliest
        }
    }

    /// Gathers the blocks around the whole of what is left of the path,
    /// pushing the box out first where the first pass finds it inside one.
    #[inline]
    fn gather_whole_path<W: BlockSource>(&mut self, world: &W, pass: &mut Pass, first: bool) {
        let overlapped = self.gather_path(world, pass);
        if first && overlapped {
            pass.push_out(world);
            self.gather_path(world, pass);
        }
        pass.gathered_whole_path = true;
    }

    /// [`Resolver::next_contact`] for a move longer than a segment and at
    /// most [`WHOLE_PATH_LENGTH`]: its path is gathered whole by the first
    /// pass. Where two boxes are met at once, the walk in segments names
    /// the one met, as it did before such paths were gathered whole. Apart
    /// from the walking tick's way.
    #[inline(never)]
    fn next_contact_on_long_path<W: BlockSource>(
        &mut self,
        world: &W,
        pass: &mut Pass,
        first: bool,
    ) -> Option<PassHit> {
        if !pass.gathered_whole_path {
            if !first {
                // Pulled back out of the list's box: what is left is
                // gathered as any move's is.
                pass.gathered_long = false;
                return self.next_contact_by_segments(world, pass, false);
            }
            self.gather_whole_path(world, pass, first);
            pass.gathered_long = true;
        }
        let (hit, tied) = self.earliest_and_tied(&pass.current, pass.remaining);
        if !tied {
            return hit;
        }
        Self::gather_earliest(
            world,
            &pass.current,
            pass.remaining,
            pass.origin,
            &mut pass.lookups,
        )
        .earliest
    }

    /// Gathers the solid boxes along a path longer than one segment, segment by
    /// segment, and sweeps each as it comes; stops after the segment in which the
    /// earliest contact lies.
    /// Also notes whether the box overlaps a solid where it starts: the first
    /// segment covers the start box, so this costs no extra lookup.
    fn gather_earliest<W: BlockSource>(
        world: &W,
        aabb: &Aabb,
        motion: DVec3,
        origin: IVec3,
        lookups: &mut u64,
    ) -> Gathered {
        let reach = world.registry().reach();
        let mut start_overlaps = false;
        let segments = segments_of(motion);
        let mut best: Option<PassHit> = None;
        let mut previous: Option<CellRange> = None;
        for k in 0..segments {
            let t1 = if k + 1 == segments {
                1.0
            } else {
                (k + 1) as f64 / segments as f64
            };
            let range = CellRange::covering(&segment(aabb, motion, k, segments), &reach);
            range.for_each_part_not_in(previous.as_ref(), |part| {
                *lookups += part.volume();
                let global = part.translated(origin);
                world.for_each_solid_in(global.lo, global.hi, |cell, shape| {
                    for solid in boxes_in_frame(cell, shape, origin) {
                        match sweep_box_box(aabb, motion, &solid) {
                            Some(sweep) => {
                                let candidate = Candidate { solid, cell };
                                keep_earliest(&mut best, PassHit { sweep, candidate });
                            }
                            None => {
                                start_overlaps |= aabb.overlaps_beyond(&solid, TOUCH_TOLERANCE);
                            }
                        }
                    }
                });
            });
            previous = Some(range);
            // Every block the box could meet before t1 has now been swept.
            if best.is_some_and(|b| b.sweep.toi <= t1) {
                break;
            }
        }
        Gathered {
            earliest: best,
            start_overlaps,
        }
    }

    /// Stores every solid box that could meet `aabb` on its way by `motion` (the
    /// cells covering the start and end boxes' bounding box), in the move's
    /// frame, and says whether `aabb` overlaps one of them by more than the
    /// touch tolerance (it starts inside a solid).
    fn gather_path<W: BlockSource>(&mut self, world: &W, pass: &mut Pass) -> bool {
        let (aabb, motion, origin) = (&pass.current, pass.remaining, pass.origin);
        let lookups = &mut pass.lookups;
        let reach = world.registry().reach();
        let range = CellRange::covering(&aabb.union(&aabb.translated(motion)), &reach);
        *lookups += range.volume();
        let global = range.translated(origin);
        let (boxes, cells) = (&mut self.boxes, &mut self.cells);
        boxes.clear();
        cells.clear();
        let mut overlapped = false;
        world.for_each_solid_in(global.lo, global.hi, |cell, shape| {
            for solid in boxes_in_frame(cell, shape, origin) {
                overlapped |= aabb.overlaps_beyond(&solid, TOUCH_TOLERANCE);
                boxes.push(solid);
                cells.push(cell);
            }
        });
        overlapped
    }

    // Inlined into the pass loop (with the sweep it calls), so the pass's box
    // and motion stay in registers across the candidates.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn earliest_among_candidates(&self, aabb: &Aabb, motion: DVec3) -> Option<PassHit> {
        // The index of the earliest, not a copy of it: the box and its cell
        // are read once, for the one that wins.
        let mut best: Option<(Sweep, usize)> = None;
        for (index, solid) in self.boxes.iter().enumerate() {
            if let Some(sweep) = sweep_box_box(aabb, motion, solid)
                && best.is_none_or(|(b, _)| sweep.precedes(&b))
            {
                best = Some((sweep, index));
            }
        }
        best.map(|(sweep, index)| PassHit {
            sweep,
            candidate: Candidate {
                solid: self.boxes[index],
                cell: self.cells[index],
            },
        })
    }

    /// [`Resolver::earliest_among_candidates`], and whether another box of
    /// the list is met at the same instant in the same way, so that the
    /// list's order chose between them. Asked on paths longer than a
    /// segment only, off the walking tick's way.
    fn earliest_and_tied(&self, aabb: &Aabb, motion: DVec3) -> (Option<PassHit>, bool) {
        let mut best: Option<(Sweep, usize)> = None;
        let mut tied = false;
        for (index, solid) in self.boxes.iter().enumerate() {
            if let Some(sweep) = sweep_box_box(aabb, motion, solid) {
                match best {
                    Some((b, _)) if !sweep.precedes(&b) => tied |= !b.precedes(&sweep),
                    _ => {
                        best = Some((sweep, index));
                        tied = false;
                    }
                }
            }
        }
        let hit = best.map(|(sweep, index)| PassHit {
            sweep,
            candidate: Candidate {
                solid: self.boxes[index],
                cell: self.cells[index],
            },
        });
        (hit, tied)
    }
}

/// How many segments of at most [`SEGMENT_LENGTH`] on every axis a path of
/// `motion` is walked in (at most 1e6 / `SEGMENT_LENGTH`: `validate` bounds
/// the motion).
#[inline]
fn segments_of(motion: DVec3) -> u64 {
    let exact = motion.abs().max_element() / SEGMENT_LENGTH;
    let whole = exact as u64; // `as` truncates; `ceil` would call libm
    (whole + u64::from((whole as f64) < exact)).max(1)
}

/// The box swept over segment `k` of `segments` of the path of `aabb` by
/// `motion`.
#[inline]
fn segment(aabb: &Aabb, motion: DVec3, k: u64, segments: u64) -> Aabb {
    let t0 = k as f64 / segments as f64;
    let t1 = if k + 1 == segments {
        1.0
    } else {
        (k + 1) as f64 / segments as f64
    };
    aabb.translated(motion * t0)
        .union(&aabb.translated(motion * t1))
}

/// Moves `aabb` by `displacement` with a fresh [`Resolver`]; see
/// [`Resolver::move_box`]. Keep a `Resolver` instead when moving often.
///
/// ```
/// use voxwalk::glam::DVec3;
/// use voxwalk::geometry::Aabb;
/// use voxwalk::resolver::move_box;
/// use voxwalk::block::BlockId;
/// use voxwalk::world::World;
/// let m = move_box(&World::new(), Aabb::new(DVec3::ZERO, DVec3::ONE), DVec3::X).unwrap();
/// assert_eq!(m.end.min, DVec3::X);
/// assert!(move_box(&World::new(), Aabb::new(DVec3::ZERO, DVec3::ONE), DVec3::NAN).is_err());
/// ```
///
/// # Errors
/// As [`Resolver::move_box`].
pub fn move_box<W: BlockSource>(
    world: &W,
    aabb: Aabb,
    displacement: DVec3,
) -> Result<Motion, MoveError> {
    Resolver::new().move_box(world, aabb, displacement)
}
