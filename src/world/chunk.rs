//! One 16³ cube of cells, stored as a single block when it is all one kind.

use glam::IVec3;
use ndarray::Array3;

use super::Block;
use super::coords::CHUNK_EDGE;

/// The blocks of one chunk.
///
/// A chunk that is all one block (the sky, deep stone) is `Uniform` and costs no
/// heap; anything else is a boxed 16×16×16 `ndarray` of one byte per cell,
/// indexed `[x, y, z]` in chunk-local coordinates.
#[derive(Clone, Debug, PartialEq)]
pub enum Chunk {
    /// Every cell holds this block.
    Uniform(Block),
    /// One block per cell.
    Mixed(Box<Array3<Block>>),
}

impl Default for Chunk {
    fn default() -> Self {
        Chunk::Uniform(Block::Air)
    }
}

impl Chunk {
    /// The block at a chunk-local cell (each component in `0..16`).
    ///
    /// ```
    /// use glam::IVec3;
    /// use voxwalk::world::{Block, Chunk};
    /// let mut c = Chunk::Uniform(Block::Stone);
    /// c.set(IVec3::new(1, 2, 3), Block::Air);
    /// assert_eq!(c.block(IVec3::new(1, 2, 3)), Block::Air);
    /// assert_eq!(c.block(IVec3::new(3, 2, 1)), Block::Stone);
    /// ```
    #[inline]
    #[must_use]
    pub fn block(&self, local: IVec3) -> Block {
        match self {
            Chunk::Uniform(b) => *b,
            Chunk::Mixed(cells) => cells[[local.x as usize, local.y as usize, local.z as usize]],
        }
    }

    /// Sets one chunk-local cell, turning a uniform chunk into a mixed one when needed.
    pub fn set(&mut self, local: IVec3, block: Block) {
        let index = [local.x as usize, local.y as usize, local.z as usize];
        match self {
            Chunk::Uniform(b) if *b == block => {}
            Chunk::Uniform(b) => {
                let edge = CHUNK_EDGE as usize;
                let mut cells = Array3::from_elem((edge, edge, edge), *b);
                cells[index] = block;
                *self = Chunk::Mixed(Box::new(cells));
            }
            Chunk::Mixed(cells) => cells[index] = block,
        }
    }

    /// Turns a mixed chunk whose cells are all one block back into a uniform one.
    pub fn compact(&mut self) {
        if let Chunk::Mixed(cells) = self {
            let mut all = cells.iter();
            if let Some(&first) = all.next()
                && all.all(|&b| b == first)
            {
                *self = Chunk::Uniform(first);
            }
        }
    }

    /// The single block of a uniform chunk, `None` for a mixed one.
    #[inline]
    #[must_use]
    pub fn uniform_block(&self) -> Option<Block> {
        match self {
            Chunk::Uniform(b) => Some(*b),
            Chunk::Mixed(_) => None,
        }
    }

    /// Bytes this chunk's block storage takes: the enum itself plus what it owns
    /// on the heap. 16 for a uniform chunk.
    ///
    /// ```
    /// use voxwalk::world::{Block, Chunk};
    /// assert!(Chunk::Uniform(Block::Stone).storage_bytes() <= 64);
    /// ```
    #[must_use]
    pub fn storage_bytes(&self) -> usize {
        let own = std::mem::size_of::<Chunk>();
        match self {
            Chunk::Uniform(_) => own,
            Chunk::Mixed(cells) => {
                own + std::mem::size_of::<Array3<Block>>()
                    + cells.len() * std::mem::size_of::<Block>()
            }
        }
    }
}
