//! What the resolver needs from a world: the block in a cell.

use glam::IVec3;

use super::Block;

/// Anything that can say which block fills a cell.
///
/// The resolver is written against this, not against [`super::World`], so a
/// closure works too:
///
/// ```
/// use glam::IVec3;
/// use voxwalk::world::{Block, BlockSource};
/// let floor = |cell: IVec3| if cell.y < 0 { Block::Stone } else { Block::Air };
/// assert_eq!(floor.block(IVec3::new(5, -1, 5)), Block::Stone);
/// ```
pub trait BlockSource {
    /// The block at world cell `cell`. Cells nobody defined are air.
    fn block(&self, cell: IVec3) -> Block;

    /// Calls `visit` for every solid cell in the inclusive range `lo..=hi`.
    ///
    /// The default asks [`BlockSource::block`] cell by cell; a world that stores
    /// cells in chunks overrides it to look each chunk up once and to skip chunks
    /// of air.
    fn for_each_solid_in<F: FnMut(IVec3, Block)>(&self, lo: IVec3, hi: IVec3, mut visit: F) {
        for x in lo.x..=hi.x {
            for y in lo.y..=hi.y {
                for z in lo.z..=hi.z {
                    let cell = IVec3::new(x, y, z);
                    let block = self.block(cell);
                    if block.is_solid() {
                        visit(cell, block);
                    }
                }
            }
        }
    }
}

impl<F: Fn(IVec3) -> Block> BlockSource for F {
    #[inline]
    fn block(&self, cell: IVec3) -> Block {
        self(cell)
    }
}
