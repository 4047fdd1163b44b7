//! Checked steps remembered by the shape of the blocks around them: a step
//! between two places with the same blocks about them, the same way round,
//! is made the same way wherever it is, so a search checks it once.
//!
//! The key is the step's shape (its end and takeoff relative to its start,
//! where the feet rest within the two cells) and every block id in the box
//! of cells the check's body can reach: a block placed or dug there gives
//! another key, so edits need no bookkeeping. The check itself runs on the
//! key alone, in a copy of the box at the origin ([`Local`]): what it finds
//! is a function of the key, so a plan does not depend on which searches
//! came before it or on which thread made it. The controller's last bits
//! differ between there and the step's own place, so a plan made of checked
//! steps is still walked once from the body before it is returned, as every
//! plan is.

use std::sync::{Arc, Mutex, MutexGuard};

use glam::{DVec3, IVec3};
use rustc_hash::FxHashMap;

use super::shape_classes::ShapeClasses;
use super::standing::Standing;
use super::step::StepKind;
use crate::block::{BlockId, BlockRegistry};
use crate::controller::Settings;
use crate::world::BlockSource;

/// The bytes a [`StepMemory`] holds unless told otherwise: 64 MiB.
pub const DEFAULT_STEP_MEMORY_BYTES: usize = 64 << 20;

/// What one remembered step costs beside its key's blocks: the slots of
/// the hash table that holds it (a table at most 7/8 full that doubles as
/// it grows has up to 16/7 slots an entry) and their control bytes.
const ENTRY_OVERHEAD: usize = (size_of::<(StepKey, Checked)>() + 1) * 16 / 7 + 1;

/// A climb's kind in a key (a leap's are 3 and up, by its run-up).
const CLIMB: u8 = u8::MAX;
/// A swim's kind in a key.
const SWIM: u8 = u8::MAX - 1;
/// A crouch's kind in a key.
const CROUCH: u8 = u8::MAX - 2;
/// How much deeper than other steps' a swim's box of blocks reaches: a body
/// afloat hangs lower than the banks.
const SWIM_DEPTH: i32 = 3;

/// What makes one check the same as another.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct StepKey {
    /// The body size, collision mask and settings the check was made
    /// with, as the memory numbers them ([`StepCache::profile`]): planners of several sizes
    /// share one memory without reading each other's answers.
    profile: u32,
    /// The end's cell less the start's.
    offset: IVec3,
    /// The takeoff's cell less the start's, for a leap.
    kind: (u8, IVec3),
    /// Where the feet rest within their cells, as bits, and whether each
    /// place is afloat.
    rests: (u64, u64),
    afloat: (bool, bool),
    /// The start's cell less the box's lowest corner.
    start: IVec3,
    /// The box's size in cells.
    size: IVec3,
    /// The blocks of the reachable box, x slowest, then y, z fastest (as
    /// [`BlockSource::read_blocks`] reads them).
    blocks: Vec<BlockId>,
}

impl StepKey {
    /// The step's two places and kind in the box's own frame, its lowest
    /// corner at the origin: made from the key alone.
    pub(crate) fn local_step(&self) -> (Standing, Standing, StepKind) {
        let place = |cell: IVec3, rest: u64, afloat: bool| Standing {
            cell,
            feet: cell.as_dvec3() + DVec3::new(0.5, f64::from_bits(rest), 0.5),
            afloat,
        };
        let from = place(self.start, self.rests.0, self.afloat.0);
        let to = place(self.start + self.offset, self.rests.1, self.afloat.1);
        let kind = match self.kind {
            (0, _) => StepKind::Walk,
            (1, _) => StepKind::Jump,
            (2, _) => StepKind::Drop,
            (CLIMB, _) => StepKind::Climb,
            (SWIM, _) => StepKind::Swim,
            (CROUCH, _) => StepKind::Crouch,
            (n, takeoff) => StepKind::Leap {
                run_up: n - 3,
                takeoff: self.start + takeoff,
            },
        };
        (from, to, kind)
    }
}

/// A key's box of blocks as a world, its lowest corner at the origin: each
/// canonical class as the type of the registry in use that stands for it.
#[derive(Debug)]
pub(crate) struct Local<'r> {
    registry: &'r BlockRegistry,
    size: IVec3,
    blocks: Vec<BlockId>,
}

impl BlockSource for Local<'_> {
    fn block(&self, cell: IVec3) -> BlockId {
        if cell.cmplt(IVec3::ZERO).any() || cell.cmpge(self.size).any() {
            return BlockId::AIR;
        }
        #[allow(clippy::cast_sign_loss)] // inside the box
        let index = ((cell.x * self.size.y + cell.y) * self.size.z + cell.z) as usize;
        self.blocks[index]
    }

    fn registry(&self) -> &BlockRegistry {
        self.registry
    }
}

impl StepCache {
    /// `key`'s box as a world of its own over `registry` (the one its key
    /// was just made with), at the origin, air around it.
    pub(crate) fn local<'r>(&self, key: &StepKey, registry: &'r BlockRegistry) -> Local<'r> {
        Local {
            registry,
            size: key.size,
            blocks: key
                .blocks
                .iter()
                .map(|&class| self.classes.representative(class))
                .collect(),
        }
    }
}

/// What a check found, and the ticks its simulation ran: what planning is
/// charged for it ([`Planner::work_budget`](super::Planner::work_budget))
/// whether it is simulated now or remembered, so a plan's work does not
/// depend on what was planned before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Checked {
    /// The step was made in this many ticks.
    Made(u32),
    /// It was not, found after this many ticks.
    Failed(u32),
}

impl Checked {
    /// The work the check is charged: the ticks it simulated.
    pub(crate) fn work(self) -> u64 {
        match self {
            Checked::Made(ticks) | Checked::Failed(ticks) => u64::from(ticks),
        }
    }
}

/// Checked steps remembered for every planner that holds a handle to it
/// (a [`Crowd`](super::Crowd)'s threads, a scenario's bodies, a game's
/// planners): bounded in bytes, cleared and refilled when full. A step
/// missing or forgotten is checked again and found the same, so what the
/// memory holds changes how long a plan takes, never the plan.
///
/// ```
/// use voxwalk::block::BlockId;
/// use voxwalk::controller::{Body, Settings};
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::navigate::{Goal, Planner, StepMemory};
/// use voxwalk::world::World;
///
/// let mut world = World::new();
/// world.fill(IVec3::new(0, 0, 0), IVec3::new(20, 0, 4), BlockId::STONE);
/// let memory = StepMemory::new(1 << 20); // a megabyte, shared
/// let mut a = Planner::with_memory(Settings::default(), Body::DEFAULT_SIZE, &memory).unwrap();
/// let mut b = Planner::with_memory(Settings::default(), Body::DEFAULT_SIZE, &memory).unwrap();
/// let body = Body::new(DVec3::new(1.5, 1.0, 1.5), Body::DEFAULT_SIZE).unwrap();
/// let goal = Goal::Cell(IVec3::new(18, 1, 2));
/// let first = a.plan(&world, &body, goal).unwrap();
/// let (hits_before, _) = memory.remembered_steps();
/// let second = b.plan(&world, &body, goal).unwrap();
/// assert_eq!(first, second); // the same plan, the same work
/// assert!(memory.remembered_steps().0 > hits_before); // b read what a checked
/// assert!(memory.bytes() <= 1 << 20);
/// ```
#[derive(Clone, Debug)]
pub struct StepMemory(Arc<Mutex<StepCache>>);

impl Default for StepMemory {
    fn default() -> Self {
        StepMemory::new(DEFAULT_STEP_MEMORY_BYTES)
    }
}

impl StepMemory {
    /// An empty memory that holds at most `bytes` (counted as the keys'
    /// blocks and a fixed cost an entry).
    #[must_use]
    pub fn new(bytes: usize) -> StepMemory {
        StepMemory(Arc::new(Mutex::new(StepCache {
            capacity: bytes,
            ..StepCache::default()
        })))
    }

    /// The bytes it holds now, as counted against its cap.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.lock().bytes
    }

    /// How many step checks were answered from memory, of how many asked,
    /// since it was made.
    #[must_use]
    pub fn remembered_steps(&self) -> (u64, u64) {
        let cache = self.lock();
        (cache.hits, cache.asks)
    }

    /// The memory, for one lookup or one entry. A planner that panicked
    /// while holding it left it whole (each change is one insert), so a
    /// poisoned lock is taken as it is.
    pub(crate) fn lock(&self) -> MutexGuard<'_, StepCache> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The remembered checks.
#[derive(Debug, Default)]
pub(crate) struct StepCache {
    checked: FxHashMap<StepKey, Checked>,
    /// What the keys name the blocks by.
    classes: ShapeClasses,
    /// The body sizes, collision masks and settings checks were made
    /// with, numbered.
    profiles: Vec<(DVec3, u32, Settings)>,
    /// The bytes held, and the most it may.
    bytes: usize,
    capacity: usize,
    /// Lookups answered and asked, for the figures.
    pub(crate) hits: u64,
    pub(crate) asks: u64,
}

impl StepCache {
    /// The number keys of checks for bodies of `size` meeting the layers
    /// in `mask`, moved by `settings`, carry: a block on a layer one body
    /// passes and another meets is the same key for both.
    pub(crate) fn profile(&mut self, (size, mask): (DVec3, u32), settings: &Settings) -> u32 {
        let found = self.profiles.iter().position(|(s, m, set)| {
            s.to_array().map(f64::to_bits) == size.to_array().map(f64::to_bits)
                && *m == mask
                && set == settings
        });
        let index = found.unwrap_or_else(|| {
            self.profiles.push((size, mask, settings.clone()));
            self.profiles.len() - 1
        });
        #[allow(clippy::cast_possible_truncation)] // one a size and settings in use
        {
            index as u32
        }
    }

    /// The key of the step from `from` to `to` by `kind` for a body of
    /// `height` (blocks, rounded up), reading `world`: its blocks named by
    /// their [`ShapeClasses`].
    pub(crate) fn key<W: BlockSource>(
        &mut self,
        world: &W,
        from: &Standing,
        to: &Standing,
        kind: StepKind,
        (profile, height): (u32, i32),
    ) -> StepKey {
        let (lo, hi) = checked_box(from.cell, to.cell, kind, height);
        let size = hi - lo + IVec3::ONE;
        let mut blocks = Vec::new();
        world.read_blocks(lo, hi, &mut blocks);
        let registry = world.registry();
        for block in &mut blocks {
            *block = self.classes.class(registry, *block);
        }
        let kind = match kind {
            StepKind::Walk => (0, IVec3::ZERO),
            StepKind::Jump => (1, IVec3::ZERO),
            StepKind::Drop => (2, IVec3::ZERO),
            StepKind::Climb => (CLIMB, IVec3::ZERO),
            StepKind::Swim => (SWIM, IVec3::ZERO),
            StepKind::Crouch => (CROUCH, IVec3::ZERO),
            StepKind::Leap { run_up, takeoff } => (3 + run_up, takeoff - from.cell),
        };
        StepKey {
            profile,
            offset: to.cell - from.cell,
            kind,
            rests: (
                (from.feet.y - f64::from(from.cell.y)).to_bits(),
                (to.feet.y - f64::from(to.cell.y)).to_bits(),
            ),
            afloat: (from.afloat, to.afloat),
            start: from.cell - lo,
            size,
            blocks,
        }
    }
}

/// The cells, lowest and highest corners, whose blocks decide the step
/// from `from` to `to` by `kind` for a body `height` blocks tall: a
/// column either side of its ends, two cells below them (deeper for a
/// swim) and a cell above the body's head. What the memory keys a step by,
/// so a block changed anywhere else leaves the step as it was checked.
pub(crate) fn checked_box(from: IVec3, to: IVec3, kind: StepKind, height: i32) -> (IVec3, IVec3) {
    let depth = 2 + if kind == StepKind::Swim {
        SWIM_DEPTH
    } else {
        0
    };
    let lo = from.min(to) - IVec3::new(1, depth, 1);
    let hi = from.max(to) + IVec3::new(1, height + 1, 1);
    (lo, hi)
}

impl StepCache {
    /// The remembered answer for `key`, if any.
    pub(crate) fn get(&mut self, key: &StepKey) -> Option<Checked> {
        self.asks += 1;
        let found = self.checked.get(key).copied();
        if found.is_some() {
            self.hits += 1;
        }
        found
    }

    /// Remembers what the check of `key` found: past the cap, everything
    /// is forgotten first (an entry missing is checked again, the same).
    pub(crate) fn put(&mut self, key: StepKey, checked: Checked) {
        let bytes = ENTRY_OVERHEAD + key.blocks.len() * size_of::<BlockId>();
        if bytes > self.capacity {
            return;
        }
        if self.bytes + bytes > self.capacity {
            self.checked = FxHashMap::default();
            self.bytes = 0;
        }
        if self.checked.insert(key, checked).is_none() {
            self.bytes += bytes;
        }
    }
}
