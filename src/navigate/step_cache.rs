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

use glam::{DVec3, IVec3};
use rustc_hash::FxHashMap;

use super::shape_classes::ShapeClasses;
use super::standing::Standing;
use super::step::StepKind;
use crate::block::{BlockId, BlockRegistry};
use crate::world::BlockSource;

/// The most steps remembered; past it the memory is cleared and refilled.
const CAPACITY: usize = 1 << 18;

/// A climb's kind in a key (a leap's are 3 and up, by its run-up).
const CLIMB: u8 = u8::MAX;
/// A swim's kind in a key.
const SWIM: u8 = u8::MAX - 1;
/// How much deeper than other steps' a swim's box of blocks reaches: a body
/// afloat hangs lower than the banks.
const SWIM_DEPTH: i32 = 3;

/// What makes one check the same as another.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct StepKey {
    /// The end's cell less the start's.
    offset: IVec3,
    /// The takeoff's cell less the start's, for a leap.
    kind: (u8, IVec3),
    /// Where the feet rest within their cells, as bits.
    rests: (u64, u64),
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
        let place = |cell: IVec3, rest: u64| Standing {
            cell,
            feet: cell.as_dvec3() + DVec3::new(0.5, f64::from_bits(rest), 0.5),
        };
        let from = place(self.start, self.rests.0);
        let to = place(self.start + self.offset, self.rests.1);
        let kind = match self.kind {
            (0, _) => StepKind::Walk,
            (1, _) => StepKind::Jump,
            (2, _) => StepKind::Drop,
            (CLIMB, _) => StepKind::Climb,
            (SWIM, _) => StepKind::Swim,
            (n, takeoff) => StepKind::Leap {
                run_up: n - 3,
                takeoff: self.start + takeoff,
            },
        };
        (from, to, kind)
    }

    /// The box as a world of its own, at the origin, air around it.
    pub(crate) fn local<'r>(&'r self, registry: &'r BlockRegistry) -> Local<'r> {
        Local {
            registry,
            size: self.size,
            blocks: &self.blocks,
        }
    }
}

/// A key's box of blocks as a world, its lowest corner at the origin.
#[derive(Debug)]
pub(crate) struct Local<'r> {
    registry: &'r BlockRegistry,
    size: IVec3,
    blocks: &'r [BlockId],
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

/// What a check found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Checked {
    /// The step was made in this many ticks.
    Made(u32),
    /// It was not.
    Failed,
}

/// The remembered checks.
#[derive(Debug, Default)]
pub(crate) struct StepCache {
    checked: FxHashMap<StepKey, Checked>,
    /// What the keys name the blocks by.
    classes: ShapeClasses,
    /// Lookups answered and asked, for the figures.
    pub(crate) hits: u64,
    pub(crate) asks: u64,
}

impl StepCache {
    /// The key of the step from `from` to `to` by `kind` for a body of
    /// `height` (blocks, rounded up), reading `world`: its blocks named by
    /// their [`ShapeClasses`].
    pub(crate) fn key<W: BlockSource>(
        &mut self,
        world: &W,
        from: &Standing,
        to: &Standing,
        kind: StepKind,
        height: i32,
    ) -> StepKey {
        let depth = 2 + if kind == StepKind::Swim {
            SWIM_DEPTH
        } else {
            0
        };
        let lo = from.cell.min(to.cell) - IVec3::new(1, depth, 1);
        let hi = from.cell.max(to.cell) + IVec3::new(1, height + 1, 1);
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
            StepKind::Leap { run_up, takeoff } => (3 + run_up, takeoff - from.cell),
        };
        StepKey {
            offset: to.cell - from.cell,
            kind,
            rests: (
                (from.feet.y - f64::from(from.cell.y)).to_bits(),
                (to.feet.y - f64::from(to.cell.y)).to_bits(),
            ),
            start: from.cell - lo,
            size,
            blocks,
        }
    }
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

    /// Remembers what the check of `key` found.
    pub(crate) fn put(&mut self, key: StepKey, checked: Checked) {
        if self.checked.len() >= CAPACITY {
            self.checked.clear();
        }
        self.checked.insert(key, checked);
    }
}
