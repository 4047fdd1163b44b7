//! One 16³ cube of cells, stored as a single id when it is all one block.

use glam::IVec3;

use super::MixedCells;
use crate::block::BlockId;

/// The blocks of one chunk.
///
/// A chunk that is all one block (the sky, deep stone) is `Uniform` and costs no
/// heap; anything else is [`MixedCells`]: a palette of the chunk's ids and one
/// byte per cell, so a world of many types costs what a world of few does.
#[derive(Clone, Debug, PartialEq)]
pub enum Chunk {
    /// Every cell holds this block.
    Uniform(BlockId),
    /// Cells of more than one block.
    Mixed(Box<MixedCells>),
}

impl Default for Chunk {
    fn default() -> Self {
        Chunk::Uniform(BlockId::AIR)
    }
}

impl Chunk {
    /// The block at a chunk-local cell (each component in `0..16`).
    ///
    /// ```
    /// use voxwalk::glam::IVec3;
    /// use voxwalk::block::BlockId;
    /// use voxwalk::world::Chunk;
    /// let mut c = Chunk::Uniform(BlockId::STONE);
    /// c.set(IVec3::new(1, 2, 3), BlockId::AIR);
    /// assert_eq!(c.block(IVec3::new(1, 2, 3)), BlockId::AIR);
    /// assert_eq!(c.block(IVec3::new(3, 2, 1)), BlockId::STONE);
    /// ```
    #[inline]
    #[must_use]
    pub fn block(&self, local: IVec3) -> BlockId {
        match self {
            Chunk::Uniform(b) => *b,
            Chunk::Mixed(cells) => cells.block(local),
        }
    }

    /// Sets one chunk-local cell, turning a uniform chunk into a mixed one when needed.
    #[inline]
    pub fn set(&mut self, local: IVec3, block: BlockId) {
        match self {
            Chunk::Uniform(b) if *b == block => {}
            Chunk::Uniform(b) => {
                let mut cells = MixedCells::filled(*b);
                cells.set(local, block);
                *self = Chunk::Mixed(Box::new(cells));
            }
            Chunk::Mixed(cells) => cells.set(local, block),
        }
    }

    /// Turns a mixed chunk whose cells are all one block back into a uniform
    /// one, and drops the palette entries of a mixed one that no cell uses.
    pub fn compact(&mut self) {
        if let Chunk::Mixed(cells) = self
            && let Some(only) = cells.compact()
        {
            *self = Chunk::Uniform(only);
        }
    }

    /// The single block of a uniform chunk, `None` for a mixed one.
    #[inline]
    #[must_use]
    pub fn uniform_block(&self) -> Option<BlockId> {
        match self {
            Chunk::Uniform(b) => Some(*b),
            Chunk::Mixed(_) => None,
        }
    }

    /// Every cell's block, `x` slowest and `z` fastest.
    pub fn blocks(&self) -> impl Iterator<Item = BlockId> + '_ {
        let mixed = match self {
            Chunk::Uniform(_) => None,
            Chunk::Mixed(cells) => Some(cells.blocks()),
        };
        let uniform = self
            .uniform_block()
            .map(|b| std::iter::repeat_n(b, super::CHUNK_VOLUME));
        mixed
            .into_iter()
            .flatten()
            .chain(uniform.into_iter().flatten())
    }

    /// Bytes this chunk's block storage takes: the enum itself plus what it owns
    /// on the heap. 16 for a uniform chunk.
    ///
    /// ```
    /// use voxwalk::block::BlockId;
    /// use voxwalk::world::Chunk;
    /// assert!(Chunk::Uniform(BlockId::STONE).storage_bytes() <= 64);
    /// ```
    #[must_use]
    pub fn storage_bytes(&self) -> usize {
        let own = std::mem::size_of::<Chunk>();
        match self {
            Chunk::Uniform(_) => own,
            Chunk::Mixed(cells) => own + cells.storage_bytes(),
        }
    }
}
