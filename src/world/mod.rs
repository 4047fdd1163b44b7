//! Blocks, chunks and the sparse chunked world, plus the text world format.
//!
//! Cells are `IVec3`; cell `(i, j, k)` covers `[i, i+1] × [j, j+1] × [k, k+1]` in
//! world space. Chunks are 16³ cells; chunks nobody created are air.

mod block;
mod block_source;
mod chunk;
mod coords;
mod load;
pub mod text_format;
mod voxel_world;

pub use block::{Block, SHAPE_OVERHANG_ABOVE};
pub use block_source::BlockSource;
pub use chunk::Chunk;
pub use coords::{
    CHUNK_EDGE, CHUNK_EDGE_BITS, CHUNK_VOLUME, cell_of, chunk_of, index_of, local_of,
};
pub use load::{LoadError, MAX_TEXT_WORLD_BYTES, load};
pub use voxel_world::World;
