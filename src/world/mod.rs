//! The world: 16³ chunks of block ids, stored sparsely, and what the
//! resolver reads them through.
//!
//! Cells are `IVec3`; cell `(i, j, k)` covers `[i, i+1] × [j, j+1] × [k, k+1]` in
//! world space. Chunks are 16³ cells; chunks nobody created are air.
//!
//! Builds on [`crate::block`] (whose ids and types cells hold, re-exported
//! here, since a world hands them out) and [`crate::geometry`]; imports
//! nothing above it. Reading and writing worlds is [`crate::formats`];
//! generating them is `crate::generate`.

mod block_reads;
mod block_source;
mod chunk;
mod coords;
mod mixed_cells;
mod shared_world;
mod unchanging;
mod voxel_world;

pub(crate) use block_source::visit_cell_by_cell;
pub use block_source::{BlockSource, CellsWithRegistry, DEFAULT_LOWEST_BLOCK};
pub use chunk::Chunk;
pub use coords::{
    CHUNK_EDGE, CHUNK_EDGE_BITS, CHUNK_VOLUME, cell_containing, cell_of, chunk_of, index_of,
    local_of,
};
pub use mixed_cells::MixedCells;
pub use shared_world::SharedWorld;
pub use unchanging::Unchanging;
pub use voxel_world::World;
#[cfg(any(feature = "binary", feature = "import", feature = "generate"))]
pub(crate) use voxel_world::stored_chunk_bytes;
