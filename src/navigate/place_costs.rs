//! What a plan pays for standing in a place beyond the ticks its steps
//! take: lava, and the block types a game would rather its bodies kept
//! off. The search adds it to a step's ticks where the step ends; the
//! ticks a plan is walked in are the steps' own.

use super::standing::Standing;
use crate::block::{BlockId, LiquidKind};
use crate::world::BlockSource;

/// The cost, in ticks, of ending a step in lava unless set
/// ([`PlaceCosts::lava`]): a plan goes round lava wherever the way round
/// takes less than this many ticks more for each step it would spend in
/// it, and through it only where there is no way round.
pub const DEFAULT_LAVA_COST: u32 = 1_000;

/// The costs a [`Planner`](super::Planner) adds for the places its steps
/// end in ([`Planner::costs`](super::Planner::costs)).
///
/// ```
/// use voxwalk::block::BlockId;
/// use voxwalk::controller::{Body, Settings};
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::navigate::{Goal, Planner};
/// use voxwalk::world::World;
///
/// // A field with a strip of sand across the straight way.
/// let mut world = World::new();
/// world.fill(IVec3::new(0, 0, 0), IVec3::new(20, 0, 12), BlockId::STONE);
/// world.fill(IVec3::new(10, 0, 0), IVec3::new(10, 0, 9), BlockId::SAND);
/// let body = Body::new(DVec3::new(2.5, 1.0, 4.5), Body::DEFAULT_SIZE).unwrap();
/// let goal = Goal::Cell(IVec3::new(18, 1, 4));
/// let mut planner = Planner::new(Settings::default(), Body::DEFAULT_SIZE).unwrap();
/// let straight = planner.plan(&world, &body, goal).unwrap();
/// assert!(straight.steps.iter().any(|s| s.to.cell.x == 10 && s.to.cell.z < 10));
///
/// // Sand costs 200 ticks a step: the plan goes round the strip's end.
/// planner.costs.set_block(BlockId::SAND, 200);
/// let round = planner.plan(&world, &body, goal).unwrap();
/// assert!(round.complete);
/// assert!(round.steps.iter().all(|s| s.to.cell.x != 10 || s.to.cell.z >= 10));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaceCosts {
    /// Ticks for a step that ends with the body in lava (its feet or its
    /// head): [`DEFAULT_LAVA_COST`] unless set; 0 to walk through lava
    /// wherever that is quicker.
    pub lava: u32,
    /// Ticks for a step that ends standing on or in a block of each type.
    blocks: Vec<(BlockId, u32)>,
}

impl Default for PlaceCosts {
    fn default() -> Self {
        PlaceCosts {
            lava: DEFAULT_LAVA_COST,
            blocks: Vec::new(),
        }
    }
}

impl PlaceCosts {
    /// Costs `ticks` for every step that ends standing on a block of type
    /// `id`, or with the feet in one (0 to cost nothing again).
    pub fn set_block(&mut self, id: BlockId, ticks: u32) {
        self.blocks.retain(|&(b, _)| b != id);
        if ticks > 0 {
            self.blocks.push((id, ticks));
        }
    }

    /// The ticks a step costs beyond its own for ending at `place`.
    pub(super) fn of<W: BlockSource>(&self, world: &W, place: &Standing) -> u32 {
        let feet = place.cell;
        let mut cost = 0u32;
        if !self.blocks.is_empty() {
            for cell in [feet - glam::IVec3::Y, feet] {
                let block = world.block(cell);
                if let Some(&(_, ticks)) = self.blocks.iter().find(|&&(b, _)| b == block) {
                    cost = cost.saturating_add(ticks);
                }
            }
        }
        if self.lava > 0 {
            let lava = [feet, feet + glam::IVec3::Y].iter().any(|&cell| {
                let liquid = world.registry().behaviour(world.block(cell)).liquid;
                liquid.is_some_and(|l| l.kind == LiquidKind::Lava)
            });
            if lava {
                cost = cost.saturating_add(self.lava);
            }
        }
        cost
    }
}
