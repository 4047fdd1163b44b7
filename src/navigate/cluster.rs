//! One cluster of the coarse layer: a square of columns, every place a
//! body stands in them, and every step out of those places that the
//! controller made (checked as a plan's steps are, so through the same
//! [`StepMemory`](super::StepMemory)), kept so that a plan over the
//! cluster checks nothing again; with the strongly connected components
//! of its own steps, the nodes of the coarse graph.
//!
//! A cluster is a function of the cells it read and of which columns were
//! known: each column's places and each place's steps note the box of
//! cells finding them read, so after an edit only those that read the
//! edited cell are found again, and the cluster is what a build from
//! scratch gives.

use glam::{DVec3, IVec2, IVec3};

use super::reach_map::strongly_connected;
use super::read_box::{CellBox, joined};
use super::standing::Standing;
use super::step::StepKind;

/// A place of a cluster: the cell's height and where the feet rest, where
/// its steps begin in the cluster's list, and what finding them took and
/// read (an edit outside those cells leaves them as they are).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Place {
    pub(super) y: i32,
    pub(super) steps_from: u32,
    pub(super) feet_y: f64,
    /// Whether the body treads water there ([`Standing::afloat`]).
    pub(super) afloat: bool,
    /// The work its steps took: their checks, and a unit for the place.
    pub(super) work: u32,
    /// Whether a step was left out for touching a column not known.
    pub(super) frontier: bool,
    /// The cells its steps' search and checks read.
    pub(super) reads: NearBox,
}

/// A box of cells about a place, kept as offsets from its cell: 12 bytes
/// where two corners take 24. A side too far off to keep is open (the box
/// reaches without end that way), so the box only ever grows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct NearBox([i16; 6]);

impl NearBox {
    /// `cells` about `cell`.
    pub(super) fn new(cell: IVec3, cells: Option<CellBox>) -> NearBox {
        let Some((lo, hi)) = cells else {
            return NearBox([1, 1, 1, 0, 0, 0]);
        };
        let low = |v: i32, at: i32| i16::try_from(v - at).unwrap_or(i16::MIN);
        let high = |v: i32, at: i32| i16::try_from(v - at).unwrap_or(i16::MAX);
        NearBox([
            low(lo.x, cell.x),
            low(lo.y, cell.y),
            low(lo.z, cell.z),
            high(hi.x, cell.x),
            high(hi.y, cell.y),
            high(hi.z, cell.z),
        ])
    }

    /// The box about `cell`, if it holds any cell.
    pub(super) fn cells(self, cell: IVec3) -> Option<CellBox> {
        let [a, b, c, d, e, f] = self.0;
        let low = |o: i16, at: i32| {
            if o == i16::MIN {
                i32::MIN
            } else {
                at + i32::from(o)
            }
        };
        let high = |o: i16, at: i32| {
            if o == i16::MAX {
                i32::MAX
            } else {
                at + i32::from(o)
            }
        };
        let lo = IVec3::new(low(a, cell.x), low(b, cell.y), low(c, cell.z));
        let hi = IVec3::new(high(d, cell.x), high(e, cell.y), high(f, cell.z));
        lo.cmple(hi).all().then_some((lo, hi))
    }
}

/// A checked step, as kept: its end relative to its start, its kind, and
/// the ticks the check took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Edge {
    dx: i8,
    dz: i8,
    dy: i16,
    /// The ticks in the low 12 bits (a check runs at most
    /// [`MAX_CHECK_WORK`](super::MAX_CHECK_WORK), 640), the kind in the
    /// high 4: 0 walk, 1 jump, 2 drop, 3 climb, 4 swim, 5 and up a leap by
    /// its run-up. Six bytes a step: a world keeps millions.
    ticks_kind: u16,
}

/// The bits of [`Edge::ticks_kind`] that hold the ticks.
const TICKS: u16 = 0x0fff;
/// A crouch's kind in an edge's four bits (past the leaps' 5 to 8).
const CROUCH: u16 = 9;
#[allow(clippy::cast_possible_truncation)] // four bits
const CROUCH_BITS: u8 = CROUCH as u8;

impl Edge {
    pub(super) fn new(from: IVec3, to: IVec3, kind: StepKind, ticks: u32) -> Option<Edge> {
        let d = to - from;
        let kind: u16 = match kind {
            StepKind::Walk => 0,
            StepKind::Jump => 1,
            StepKind::Drop => 2,
            StepKind::Climb => 3,
            StepKind::Swim => 4,
            StepKind::Leap { run_up, .. } => 5 + u16::from(run_up),
            StepKind::Crouch => CROUCH,
        };
        let ticks = u16::try_from(ticks).ok().filter(|&t| t <= TICKS)?;
        Some(Edge {
            dx: i8::try_from(d.x).ok()?,
            dz: i8::try_from(d.z).ok()?,
            dy: i16::try_from(d.y).ok()?,
            ticks_kind: ticks | (kind << 12),
        })
    }

    /// Where the step from `from` ends.
    pub(super) fn to(self, from: IVec3) -> IVec3 {
        from + IVec3::new(i32::from(self.dx), i32::from(self.dy), i32::from(self.dz))
    }

    /// The ticks its check took.
    pub(super) fn ticks(self) -> u32 {
        u32::from(self.ticks_kind & TICKS)
    }

    /// Its kind, for a step from `from`: a leap's takeoff lies its run-up
    /// along the way it goes (a knight's leap has none).
    pub(super) fn kind(self, from: IVec3) -> StepKind {
        #[allow(clippy::cast_possible_truncation)] // four bits
        match (self.ticks_kind >> 12) as u8 {
            0 => StepKind::Walk,
            1 => StepKind::Jump,
            2 => StepKind::Drop,
            3 => StepKind::Climb,
            4 => StepKind::Swim,
            CROUCH_BITS => StepKind::Crouch,
            n => {
                let run_up = n - 5;
                let way = IVec3::new(i32::from(self.dx.signum()), 0, i32::from(self.dz.signum()));
                StepKind::Leap {
                    run_up,
                    takeoff: from + way * i32::from(run_up),
                }
            }
        }
    }
}

/// Where a step out of a cluster's component leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Exit {
    /// To another component of the same cluster.
    Own(u32),
    /// To the place in this cell, in another cluster.
    Out((i32, i32, i32)),
}

/// An [`Exit`] as kept, 12 bytes: the component it leaves; for a step
/// into another component of the cluster `dx` is `i16::MIN` and `y` that
/// component, else the place's cell, across from the cluster's lowest
/// column (a cluster is at most [`MOST_COLUMNS_ACROSS`] wide, so that fits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct ExitEdge {
    from: u32,
    dx: i16,
    dz: i16,
    y: i32,
}

/// The widest a cluster is, in columns.
pub(super) const MOST_COLUMNS_ACROSS: i32 = 1024;

impl ExitEdge {
    fn new(from: u32, exit: Exit, origin: IVec2) -> ExitEdge {
        #[allow(clippy::cast_possible_truncation)] // within a cluster and a step
        match exit {
            Exit::Own(other) => ExitEdge {
                from,
                dx: i16::MIN,
                dz: 0,
                y: other.cast_signed(),
            },
            Exit::Out((x, y, z)) => ExitEdge {
                from,
                dx: (x - origin.x) as i16,
                dz: (z - origin.y) as i16,
                y,
            },
        }
    }
}

/// A square of columns with its places and checked steps.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Cluster {
    /// Its lowest column.
    pub(super) origin: IVec2,
    pub(super) size: i32,
    /// Where each column's places begin in `places` (x slower than z),
    /// and one more: the end.
    pub(super) columns: Vec<u32>,
    /// The cells finding each column's places read.
    pub(super) column_reads: Vec<Option<CellBox>>,
    /// Each column's places, lowest first.
    pub(super) places: Vec<Place>,
    pub(super) steps: Vec<Edge>,
    /// Each place's strongly connected component, by its own steps.
    pub(super) component: Vec<u32>,
    pub(super) components: u32,
    /// The coarse graph's edges out of its components: to another of its
    /// own components, or to the cell of a place of another cluster; each
    /// once, in order ([`Cluster::exits`] reads them).
    exit_edges: Vec<ExitEdge>,
    /// The box of cells its build read, if it read any.
    pub(super) reads: Option<(IVec3, IVec3)>,
    /// Whether some step was left out for touching a column not known.
    pub(super) frontier: bool,
    /// The work its build took ([`Planner::work_budget`]).
    pub(super) work: u64,
}

impl Cluster {
    /// A cluster of no columns yet.
    pub(super) fn empty(origin: IVec2, size: i32) -> Cluster {
        Cluster {
            origin,
            size,
            columns: vec![0],
            column_reads: Vec::new(),
            places: Vec::new(),
            steps: Vec::new(),
            component: Vec::new(),
            components: 0,
            exit_edges: Vec::new(),
            reads: None,
            frontier: false,
            work: 0,
        }
    }

    /// With every column's places and steps in: the work, what was read,
    /// the frontier, the components and the coarse graph's edges.
    pub(super) fn finish(&mut self) {
        self.work = self.places.iter().map(|p| u64::from(p.work)).sum();
        self.frontier |= self.places.iter().any(|p| p.frontier);
        let columns = self.column_reads.iter().copied();
        let places =
            (0..self.places.len()).map(|i| self.places[i].reads.cells(self.standing(i).cell));
        self.reads = columns.chain(places).fold(None, joined);
        let (component, count) = self.own_components();
        self.component = component;
        self.components = u32::try_from(count).unwrap_or(u32::MAX);
        self.exit_edges = self.find_exits();
    }

    /// The index of the place in `cell`, if the cluster holds one.
    pub(super) fn index_of(&self, cell: IVec3) -> Option<usize> {
        let column = self.column(IVec2::new(cell.x, cell.z))?;
        let (from, to) = (self.columns[column], self.columns[column + 1]);
        (from as usize..to as usize).find(|&i| self.places[i].y == cell.y)
    }

    pub(super) fn column(&self, column: IVec2) -> Option<usize> {
        let d = column - self.origin;
        let inside = d.cmpge(IVec2::ZERO).all() && d.cmplt(IVec2::splat(self.size)).all();
        #[allow(clippy::cast_sign_loss)] // inside
        inside.then(|| (d.x * self.size + d.y) as usize)
    }

    /// How many places it holds.
    pub(super) fn len(&self) -> usize {
        self.places.len()
    }

    /// Place `index` as a [`Standing`], its cell found from its column.
    pub(super) fn standing(&self, index: usize) -> Standing {
        let column = self.columns.partition_point(|&c| c as usize <= index) - 1;
        #[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)] // size² columns
        let column = column as i32;
        let place = self.places[index];
        let cell = IVec3::new(
            self.origin.x + column / self.size,
            place.y,
            self.origin.y + column % self.size,
        );
        Standing {
            cell,
            feet: DVec3::new(
                f64::from(cell.x) + 0.5,
                place.feet_y,
                f64::from(cell.z) + 0.5,
            ),
            afloat: place.afloat,
        }
    }

    /// Where the feet of place `index` rest, and whether it is afloat.
    pub(super) fn feet_y(&self, index: usize) -> (f64, bool) {
        let place = &self.places[index];
        (place.feet_y, place.afloat)
    }

    /// The steps out of place `index`.
    pub(super) fn steps(&self, index: usize) -> &[Edge] {
        let from = self.places[index].steps_from as usize;
        let to = self
            .places
            .get(index + 1)
            .map_or(self.steps.len(), |p| p.steps_from as usize);
        &self.steps[from..to]
    }

    /// The bytes it holds.
    pub(super) fn bytes(&self) -> usize {
        size_of::<Cluster>()
            + self.columns.capacity() * size_of::<u32>()
            + self.column_reads.capacity() * size_of::<Option<CellBox>>()
            + self.places.capacity() * size_of::<Place>()
            + self.steps.capacity() * size_of::<Edge>()
            + self.component.capacity() * size_of::<u32>()
            + self.exit_edges.capacity() * size_of::<ExitEdge>()
    }
}

impl Cluster {
    /// The strongly connected components of the cluster's places by the
    /// steps that stay inside it.
    pub(super) fn own_components(&self) -> (Vec<u32>, usize) {
        let edges: Vec<Vec<u32>> = (0..self.places.len())
            .map(|index| {
                let from = self.standing(index).cell;
                self.steps(index)
                    .iter()
                    .filter_map(|e| self.index_of(e.to(from)))
                    .map(|i| u32::try_from(i).unwrap_or(u32::MAX))
                    .collect()
            })
            .collect();
        strongly_connected(&edges)
    }

    /// The coarse graph's edges out of its components: the component each
    /// leaves, and where it leads.
    pub(super) fn exits(&self) -> impl Iterator<Item = (u32, Exit)> + '_ {
        self.exit_edges.iter().map(|e| {
            let exit = if e.dx == i16::MIN {
                Exit::Own(e.y.cast_unsigned())
            } else {
                let x = self.origin.x + i32::from(e.dx);
                let z = self.origin.y + i32::from(e.dz);
                Exit::Out((x, e.y, z))
            };
            (e.from, exit)
        })
    }

    /// [`Cluster::exits`], found from the steps.
    fn find_exits(&self) -> Vec<ExitEdge> {
        let mut exits = Vec::new();
        for index in 0..self.places.len() {
            let from = self.standing(index).cell;
            let own = self.component[index];
            for edge in self.steps(index) {
                let to = edge.to(from);
                let exit = match self.index_of(to) {
                    Some(i) if self.component[i] == own => continue,
                    Some(i) => Exit::Own(self.component[i]),
                    None if self.column(IVec2::new(to.x, to.z)).is_some() => continue,
                    None => Exit::Out((to.x, to.y, to.z)),
                };
                exits.push(ExitEdge::new(own, exit, self.origin));
            }
        }
        exits.sort_unstable();
        exits.dedup();
        exits
    }
}
